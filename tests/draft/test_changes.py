"""draft/changes.py: what differs between the input and the reference, anchor by anchor:
changed values, new targets with only the values set on them, gone paragraphs, a formula
as one change, renamed sheets and rows moved down matched by content."""

from __future__ import annotations

from pathlib import Path

import openpyxl

from officeeval.catalog import catalog
from officeeval.draft.anchors import anchors
from officeeval.draft.changes import _sheet_shifts, diff, observe, properties_for, shown
from officeeval.draft.policy import policy
from officeeval.selectors import select
from officeeval.values import Observation
from tests.builders import docx, p


def test_shown_renders_none_values_and_mixed_parts():
    vt = catalog().get("font.bold").type_for("word")
    assert shown(None, vt) == "(none)"
    assert shown(Observation(True, "direct"), vt) == "true"
    mixed = Observation(None, "direct", parts=[("r1", Observation(True, "direct")),
                                               ("r2", Observation(False, "direct"))])
    assert shown(mixed, vt) == "mixed:true|false"


def test_properties_for_leaves_out_what_restates_another_target():
    para = properties_for("word", "paragraph")
    assert {"text", "font.bold", "paragraph.alignment", "paragraph.style"} <= set(para)
    assert not any(policy(x).volatile for x in para)
    assert policy("core.modified").volatile and "core.modified" not in properties_for(
        "word", "document")
    # A table's paragraph formatting is its paragraphs'; its text their text.
    table = properties_for("word", "table")
    assert "table.style" in table and not any(
        x == "text" or x.startswith(("font.", "paragraph.")) for x in table)
    # A header is checked for its text, fonts and alignment only.
    assert all(x.startswith(("header.text", "font.", "paragraph.alignment"))
               for x in properties_for("word", "header"))
    # An Excel cell's text and display restate its value.
    cell = properties_for("excel", "cell")
    assert "cell.value" in cell and not {"text", "cell.text", "cell.display"} & set(cell)


def test_word_diff_changes_new_and_gone(tmp_path, opened):
    inp = opened(docx(tmp_path, p("标题") + p("旧段落，要删除。") + p("正文"), name="i.docx"))
    ref = opened(docx(tmp_path, p("标题", ppr='<w:jc w:val="center"/>', rpr="<w:b/>")
                      + p("正文") + p("新段落", rpr='<w:sz w:val="32"/>'), name="r.docx"))
    d = diff(inp, ref)
    got = [(c.anchor.selector, c.prop, shown(c.inp, c.vtype), shown(c.ref, c.vtype), c.new)
           for c in d.changes]
    assert got == [
        ("paragraph[text='标题']", "font.bold", "false", "true", False),
        ("paragraph[text='标题']", "paragraph.alignment", "left (左对齐)", "center (居中)",
         False),
        # A new paragraph: only what is set on it, never its inherited defaults.
        ("paragraph[text='新段落']", "font.size", "(none)", "16pt (三号)", True),
        ("paragraph[text='新段落']", "text", "(none)", "'新段落'", True)]
    assert [a.selector for a in d.new] == ["paragraph[text='新段落']"]
    assert [a.selector for a in d.gone] == ["paragraph[text='旧段落，要删除。']"]
    assert ("paragraph[text='正文']", "paragraph[3]") in \
        [(a.selector, t.locator) for a, t in d.matched]
    # Page layout needs a layout backend: reported unreadable, not raised.
    assert ("document", "document.page_count") in {(s, pr) for s, pr, _ in d.unreadable}


def test_identical_documents_differ_in_nothing(tmp_path, opened):
    body = p("标题", rpr="<w:b/>") + p("正文")
    d = diff(opened(docx(tmp_path, body, name="a.docx")), opened(docx(tmp_path, body,
                                                                        name="b.docx")))
    assert (d.changes, d.new, d.gone) == ([], [], [])


def test_observe_reads_a_property_of_a_target(tmp_path, opened):
    doc = opened(docx(tmp_path, p("标题", rpr="<w:b/>")))
    obs = observe("font.bold", select(doc, "paragraph[1]")[0])
    assert (obs.value, obs.source) == (True, "direct")


def _book(path: Path, name: str, rows, title: str | None = None) -> Path:
    wb = openpyxl.Workbook()
    ws = wb.active
    ws.title = name
    if title:
        ws.append([title])
    for r in rows:
        ws.append(r)
    wb.save(path)
    return path


def test_excel_formula_is_one_change_and_a_renamed_sheet_is_matched(tmp_path, opened):
    inp = opened(_book(tmp_path / "i.xlsx", "Sheet1", [["甲", 1, 2, None]]))
    ref = opened(_book(tmp_path / "r.xlsx", "数据", [["甲", 1, 2, "=B1+C1"]]))
    d = diff(inp, ref)
    got = [(c.anchor.selector, c.prop, c.new) for c in d.changes]
    assert got == [("workbook", "workbook.sheet_names", False),
                   ("sheet('数据')", "sheet.name", False),
                   ("sheet('数据')/D1", "formula", False)]
    formula = d.changes[-1]
    assert formula.vtype is None and formula.anchor.extra["formula"] is True
    # The renamed sheet is the input's sheet at its place: no sheet is new or gone.
    assert "sheet('数据')" in [a.selector for a, _ in d.matched]
    assert (d.new, d.gone) == ([], [])


def test_excel_rows_moved_down_are_matched_by_content(tmp_path, opened):
    data = [["姓名", "语文", "数学"], ["张三", 80, 90], ["李四", 70, 60], ["王五", 88, 77]]
    inp = opened(_book(tmp_path / "in.xlsx", "成绩", data))
    ref = opened(_book(tmp_path / "ref.xlsx", "成绩", data, title="期末成绩表"))
    assert _sheet_shifts(inp, anchors(ref, inp), {}) == {"sheet('成绩')": (1, 0)}
    d = diff(inp, ref)
    # Moved values are no changes; only the inserted title row and its cell are new.
    assert not any(c.prop == "cell.value" and c.anchor.selector != "sheet('成绩')/A1"
                   for c in d.changes)
    assert ("sheet('成绩')/B3", "sheet('成绩')/B2") in \
        {(a.selector, f"sheet('成绩')/{t.ref}") for a, t in d.matched if a.group == "cell"}
