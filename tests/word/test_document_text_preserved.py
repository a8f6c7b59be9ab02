"""Whole-document text preserved (docs/rubric-language.md, "Whole-document text"):
``<check select="document" property="text" op="unchanged"/>`` compares the body's whole
text with the input's, in full (one character changed deep in a long text fails), ignores
formatting, and a failure says where the texts first differ, since both are shown cut."""

from __future__ import annotations

from officeeval.rubric import load_rubric_text
from officeeval.scoring import evaluate
from tests.word.wbuild import NORMAL, docx, p

LONG = "会议纪要正文。" * 1500  # 10,500 characters


def _grade(tmp_path, candidate_body: str, normalize: str = ""):
    inp = docx(tmp_path, p("通知") + p(LONG) + p("办公室"), styles=NORMAL, name="input.docx")
    out = docx(tmp_path, candidate_body, styles=NORMAL, name="out.docx")
    extra = f' normalize="{normalize}"' if normalize else ""
    rubric = load_rubric_text(f"""<rubric xmlns="urn:officeeval:rubric:1" id="t" app="word">
      <files input="{inp}"/>
      <criterion id="keep" skill="preservation" points="100">
        <check select="document" property="text" op="unchanged"{extra}/></criterion>
      </rubric>""")
    card = evaluate(rubric, out)
    return card.score, card.criteria[0].checks[0].detail


def test_formatting_only_changes_keep_the_text(tmp_path):
    body = (p("通知", ppr='<w:jc w:val="center"/>', rpr="<w:b/>") + p(LONG)
            + p("办公室", ppr='<w:jc w:val="right"/>'))
    assert _grade(tmp_path, body) == (100, "")


def test_one_character_changed_deep_inside_fails_and_says_where(tmp_path):
    changed = LONG[:8000] + "X" + LONG[8001:]
    score, detail = _grade(tmp_path, p("通知") + p(changed) + p("办公室"))
    assert score == 0
    # "通知\n" is 3 characters: the 8001st of the long paragraph is character 8004.
    assert "first difference at character 8004 (line 2)" in detail, detail
    assert "X" in detail.split("first difference", 1)[1]


def test_added_and_deleted_text_fail(tmp_path):
    score, detail = _grade(tmp_path, p("通知") + p(LONG) + p("办公室") + p("新增一段"))
    assert score == 0 and "(line 3)" in detail and "新增一段" in detail
    score, _ = _grade(tmp_path, p("通知") + p(LONG))
    assert score == 0


def test_normalize_space_forgives_spacing(tmp_path):
    spaced = p("通 知") + p(LONG) + p("办公室  ")
    assert _grade(tmp_path, spaced)[0] == 0
    assert _grade(tmp_path, spaced, normalize="space") == (100, "")
