"""draft/named.py: what the drafter recovers beyond the changes: values the instruction
names that the input already had, the exception a step states, and a master's title
formatting checked on every slide's title."""

from __future__ import annotations

from pathlib import Path

import pytest

from officeeval.draft import draft
from officeeval.draft.anchors import anchors
from officeeval.draft.criteria import DraftCheck, DraftCriterion
from officeeval.draft.instruction import Step
from officeeval.draft.named import augment, master_titles
from tests.builders import docx, p

REPO = Path(__file__).resolve().parents[2]
BOLD = "<w:b/>"
HEI = '<w:rFonts w:eastAsia="黑体"/>'


def _checks(d) -> set[tuple]:
    return {(k.select, k.prop, k.op, k.expected) for c in d.criteria for k in c.checks}


def _instruction(tmp_path: Path, *lines: str) -> Path:
    f = tmp_path / "instruction.md"
    f.write_text("# t · 测试\n\n## 题目（中文）\n\n" + "\n".join(
        f"{i}. {t}" for i, t in enumerate(lines, start=1)) + "\n", encoding="utf-8")
    return f


def _word(tmp_path: Path, extra_ref: str = "") -> tuple[Path, Path]:
    inp = docx(tmp_path, p("社区活动通知", rpr=BOLD) + p("各位居民：")
               + p("校团委\u3000图书馆"), name="input.docx")
    ref = docx(tmp_path, extra_ref + p("社区活动通知", ppr='<w:jc w:val="center"/>',
                                       rpr=BOLD + HEI) + p("各位居民：")
               + p("校团委\u3000图书馆", ppr='<w:jc w:val="right"/>'), name="reference.docx")
    return inp, ref


def test_a_value_the_step_names_is_checked_though_the_input_had_it(tmp_path):
    inp, ref = _word(tmp_path)
    instr = _instruction(tmp_path, "将标题设置为黑体、加粗，居中。", "落款右对齐。")
    d = draft(inp, ref, tmp_path / "r.xml", instruction=instr)
    got = _checks(d)
    assert ("paragraph[text='社区活动通知']", "font.bold", "equals", "true") in got
    bold = [k for c in d.criteria for k in c.checks if k.prop == "font.bold"]
    assert bold[0].note == "the same in the input; step 1 names it"
    # It joins the criterion of the changed font, so the untouched input earns only the
    # preservation points.
    assert d.reference_score == 100
    assert d.input_score == sum(c.points for c in d.criteria if c.preservation) > 0
    # Without an instruction nothing names it: no check.
    plain = draft(inp, ref, tmp_path / "p.xml")
    assert not any(k[1] == "font.bold" for k in _checks(plain))


def test_a_text_with_a_full_width_space_is_anchored_as_written(tmp_path):
    inp, ref = _word(tmp_path)
    d = draft(inp, ref, tmp_path / "r.xml")
    assert ("paragraph[text='校团委\u3000图书馆']", "paragraph.alignment", "equals",
            "右对齐") in _checks(d)


def test_the_exception_a_step_states_and_the_slides_count_are_drafted(tmp_path):
    sample = REPO / "samples" / "ppt-l2-museum"
    d = draft(sample / "input.pptx", sample / "reference.pptx", tmp_path / "museum.xml",
              instruction=sample / "instruction.md")
    checks = [k for c in d.criteria for k in c.checks]
    title_slide = [k for k in checks if k.note.startswith("the exception step 6")]
    assert {(k.prop, k.expected) for k in title_slide} == {
        ("slide.date.visible", "false"), ("slide.number.visible", "false"),
        ("slide.footer.visible", "false")}
    assert len({k.select for k in title_slide}) == 1
    assert ("presentation", "slide.count", "unchanged", None) in _checks(d)
    assert d.reference_score == 100


def _crit(skill: str, *checks: DraftCheck, tokens=()) -> DraftCriterion:
    return DraftCriterion("", skill, "“通知”：x", list(checks), 1.0, tokens=list(tokens))


def test_augment_adds_a_named_unchanged_value_of_the_criterions_family(tmp_path, opened):
    inp = opened(docx(tmp_path, p("通知", rpr=BOLD) + p("正文"), name="i.docx"))
    ref = opened(docx(tmp_path, p("通知", ppr='<w:jc w:val="center"/>', rpr=BOLD) + p("正文"),
                      name="r.docx"))
    sel = "paragraph[text='通知']"
    para = _crit("paragraph", DraftCheck(sel, "paragraph.alignment", "equals", "居中"),
                 tokens=["居中"])
    font = _crit("font", DraftCheck(sel, "font.italic", "equals", "false"), tokens=["加粗"])
    augment([para, font], [Step("1", "将标题设置为加粗、居中。")], [], inp, ref)
    # Bold is a font: it joins the font criterion, not the paragraph's.
    assert [(k.prop, k.expected) for k in para.checks] == [("paragraph.alignment", "居中")]
    assert [(k.select, k.prop, k.op, k.expected, k.note) for k in font.checks] == [
        (sel, "font.italic", "equals", "false", ""),
        (sel, "font.bold", "equals", "true", "the same in the input; step 1 names it")]


def test_augment_without_steps_or_named_values_adds_nothing(tmp_path, opened):
    inp = opened(docx(tmp_path, p("通知", rpr=BOLD), name="i.docx"))
    ref = opened(docx(tmp_path, p("通知", ppr='<w:jc w:val="center"/>', rpr=BOLD),
                      name="r.docx"))
    sel = "paragraph[text='通知']"
    font = _crit("font", DraftCheck(sel, "font.italic", "equals", "false"), tokens=["倾斜"])
    augment([font], [], [], inp, ref)
    augment([font], [Step("1", "将标题设置为非倾斜。")], [], inp, ref)    # 加粗 is not named
    keep = DraftCriterion("", "preserve", "", [DraftCheck(sel, "text", "unchanged")], 0,
                          preservation=True)
    augment([keep], [Step("1", "将标题设置为加粗。")], [], inp, ref)
    assert [k.prop for k in font.checks] == ["font.italic"]
    assert [k.prop for k in keep.checks] == ["text"]


def _section(landscape: bool, last: bool = False) -> str:
    size = ('<w:pgSz w:w="16838" w:h="11906" w:orient="landscape"/>' if landscape
            else '<w:pgSz w:w="11906" w:h="16838"/>')
    s = f'<w:sectPr><w:type w:val="nextPage"/>{size}</w:sectPr>'
    return s if last else f"<w:p><w:pPr>{s}</w:pPr></w:p>"


def test_augment_checks_the_exception_a_step_states(tmp_path, opened):
    def body(landscape: bool) -> str:
        return (p("封面") + _section(False) + p("第一章正文") + _section(landscape)
                + p("第二章正文") + _section(landscape, last=True))
    inp = opened(docx(tmp_path, body(False), name="i.docx"))
    ref = opened(docx(tmp_path, body(True), name="r.docx"))
    c = _crit("page", DraftCheck("section[text*='第一章正文']", "page.orientation", "equals",
                                 "横向"),
              DraftCheck("section[text*='第二章正文']", "page.orientation", "equals", "横向"),
              tokens=["横向"])
    augment([c], [Step("3", "除封面外，其余各节纸张方向为横向。")], anchors(ref, inp), inp, ref)
    assert [(k.select, k.expected, k.note) for k in c.checks][2:] == [
        ("section[text*='封面']", "纵向", "the exception step 3 states")]
    # Without an exception word, the other section is nobody's business.
    c2 = _crit("page", DraftCheck("section[text*='第一章正文']", "page.orientation", "equals",
                                  "横向"),
               DraftCheck("section[text*='第二章正文']", "page.orientation", "equals", "横向"),
               tokens=["横向"])
    augment([c2], [Step("3", "第 2、3 节纸张方向为横向。")], anchors(ref, inp), inp, ref)
    assert len(c2.checks) == 2


def test_master_titles_checks_the_masters_title_on_every_slide(tmp_path, opened):
    pptx = pytest.importorskip("pptx")
    prs = pptx.Presentation()
    for t in ("封面", "数据"):
        prs.slides.add_slide(prs.slide_layouts[5]).shapes.title.text = t
    prs.save(tmp_path / "d.pptx")
    doc = opened(tmp_path / "d.pptx")
    c = _crit("font", DraftCheck("master[1]/title", "font.size", "equals", "44pt"),
              # The slides' titles show no bold: nothing to add for it.
              DraftCheck("master[1]/title", "font.bold", "equals", "true"))
    other = _crit("font", DraftCheck("slide[1]/title", "font.size", "equals", "44pt"))
    master_titles([c, other], doc)
    assert [(k.select, k.prop, k.op, k.expected, k.note) for k in c.checks][2:] == [
        ("slide/title", "font.size", "equals", "44pt", "as the master's title, on every slide"),
        ("slide/title", None, "count", "2", "the titles it is checked on")]
    assert len(other.checks) == 1
