"""Drafting policy lives on the definitions (``@prop(..., draft=Drafting(...))``): every
field of ``Drafting`` is read by the draft, every rule a definition names exists, and the
declared values are what drive the draft (changing one changes what the draft does)."""

from __future__ import annotations

import ast
import dataclasses
from pathlib import Path

from officeeval.catalog import catalog
from officeeval.draft import asked
from officeeval.draft.changes import properties_for
from officeeval.draft.criteria import DraftCheck, DraftCriterion, skill_of
from officeeval.draft.free import freed, frees
from officeeval.draft.instruction import prop_words
from officeeval.draft.named import _named
from officeeval.draft.pictured import pictured_prop
from officeeval.draft.policy import policy
from officeeval.properties.drafting import Drafting

DRAFT = Path(asked.__file__).parent


def _attributes_read() -> set[str]:
    out: set[str] = set()
    for path in DRAFT.glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Attribute):
                out.add(node.attr)
    return out


def test_every_drafting_field_is_read_by_the_draft():
    fields = {f.name for f in dataclasses.fields(Drafting)}
    assert fields - _attributes_read() == set()


def test_every_declared_field_differs_from_its_default_somewhere():
    # A field no definition declares is dead policy.
    declared = [p.draft for p in catalog().all() if p.draft is not None]
    for f in dataclasses.fields(Drafting):
        assert any(getattr(d, f.name) != f.default for d in declared), f.name


def test_every_asked_rule_a_definition_names_is_one_the_draft_applies():
    source = (DRAFT / "asked.py").read_text(encoding="utf-8")
    rules = {n.value for n in ast.walk(ast.parse(source))
             if isinstance(n, ast.Constant) and isinstance(n.value, str)}
    declared = {p.draft.asked for p in catalog().all() if p.draft and p.draft.asked}
    assert declared == {"feature", "section", "page_setup", "named", "words", "pages",
                        "placed", "drawn", "functions", "spelling", "anchor", "refs"}
    assert declared <= rules


def test_policy_of_an_unknown_name_is_the_defaults():
    assert policy("formula") == Drafting() and policy(None) == Drafting()
    assert policy("row.height").words == ("行高", "高度")


def test_declared_values_drive_the_draft():
    # changes: a volatile value is never compared.
    assert policy("core.modified").volatile
    assert "core.modified" not in properties_for("word", "document")
    # criteria: a paragraph's border is graded under borders, not paragraphs.
    assert skill_of("paragraph.border") == ("border", "边框与底纹")
    # pictured: a font size is given by a picture clause that says 字号.
    assert pictured_prop("font.size", "字号参照示例图") is True
    assert pictured_prop("font.bold", "字号参照示例图") is False
    # free: "大小自定" frees a shape's width, not its fill.
    assert frees(freed("大小自定"), "shape.width")
    assert not frees(freed("大小自定"), "shape.fill.color")
    # instruction: a footer's criterion is about 页脚.
    assert prop_words(["footer.visible"]) == ["页脚"]


def _unasked(prop: str, step: str) -> bool:
    k = DraftCheck("sheet('S')/A1:A3", prop, "approx", "20pt")
    c = DraftCriterion("", "rowcol", "", [k], 1.0)
    return asked._unasked(k, c, step, None, None)  # type: ignore[arg-type]


def test_changing_a_definitions_words_changes_what_a_step_asks(monkeypatch):
    assert _unasked("row.height", "第 1 行设为 20 磅")
    assert not _unasked("row.height", "第 1 行行高设为 20 磅")
    pdef = catalog().get("row.height")
    monkeypatch.setattr(pdef, "draft", dataclasses.replace(pdef.draft, words=("设为",)))
    assert not _unasked("row.height", "第 1 行设为 20 磅")
    assert _unasked("row.height", "第 1 行行高 20 磅")


def test_changing_a_definitions_spoken_true_changes_what_a_step_names(monkeypatch):
    vt = catalog().get("font.bold").type_for("word")
    from officeeval.values import Observation
    assert _named("font.bold", Observation(True, "direct"), vt, "标题加粗")
    pdef = catalog().get("font.bold")
    monkeypatch.setattr(pdef, "draft", dataclasses.replace(pdef.draft, spoken_true=("醒目",)))
    assert not _named("font.bold", Observation(True, "direct"), vt, "标题加粗")
    assert _named("font.bold", Observation(True, "direct"), vt, "标题醒目")
