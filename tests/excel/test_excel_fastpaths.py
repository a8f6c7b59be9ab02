"""The speed paths of the Excel view read exactly what the plain paths read: row numbers and
plain rows, lazily built cell records on small sheets, the per-sheet value memo (bounded,
never keeping an unverifiable result) and the memoized renderings and references."""

from __future__ import annotations

import pytest

from officeeval.errors import UnverifiableValue
from officeeval.excel import cells as C
from officeeval.excel import formulas, numfmt, refs
from officeeval.excel.rawcells import PLAIN_ROW, column_of, plain_row, row_number
from officeeval.formats import open_document
from officeeval.ooxml.units import to_int
from officeeval.values import CellValue
from tests.excel.xlsx_builder import rows, xlsx

OFF = {"recalc": False}
DY = "{http://schemas.microsoft.com/office/spreadsheetml/2009/9/ac}dyDescent"


@pytest.mark.parametrize("text, prev, want", [
    ("12", 3, 12), (" 7 ", 0, 7), ("12.0", 0, 12), ("1e3", 0, 1000), ("0", 4, 5),
    (None, 4, 5), ("", 4, 5), ("x", 9, 10), ("-3", 0, -3), ("+8", 0, 8),
    ("999999999", 0, 999999999), ("99999999999", 2, 3),  # past 1e9: unreadable, as to_int
    ("1" * 5000, 6, 7),
])
def test_row_number_reads_like_to_int(text, prev, want):
    assert row_number(text, prev) == want
    assert want == (to_int(text) or prev + 1)


@pytest.mark.parametrize("ref, prev, want", [
    ("C12", 0, 3), ("AA1", 5, 27), ("XFD1048576", 0, 16384), ("A1", 7, 1),
    ("XFE1", 4, 5), ("A0", 4, 5), ("A012", 4, 5), ("1A", 2, 3), ("C", 2, 3),
    (None, 9, 10), ("", 9, 10), ("C12345678", 1, 2),
])
def test_column_of_reads_references_and_falls_back_to_the_next(ref, prev, want):
    assert column_of(ref, prev) == want
    assert column_of(ref, prev) == want  # again, from the caches


@pytest.mark.parametrize("keys, plain", [
    ([], True), (["r"], True), (["r", "spans"], True), (["r", "spans", DY], True),
    (["r", "ht"], False), (["hidden"], False), (["r", "spans", "customFormat", "s"], False),
])
def test_plain_row(keys, plain):
    assert plain_row(keys) is plain


def test_a_row_without_r_keeps_its_only_attribute(tmp_path):
    # <row hidden="1"> with no r: one attribute, yet it matters (the row is hidden).
    sheet = ('<sheetData><row r="1"><c r="A1"><v>1</v></c></row>'
             '<row hidden="1"><c r="A2"><v>2</v></c></row>'
             '<row r="3" spans="1:1"><c r="A3"><v>3</v></c></row></sheetData>')
    doc = open_document(xlsx(tmp_path, [("S", sheet)]), options=OFF)
    store = doc.sheets[0].store
    assert store.row_info(2).hidden is True
    assert store.row_info(3) == PLAIN_ROW
    assert store.get(2, 1).v == "2"
    doc.close()


def test_small_sheet_reads_only_the_rows_asked_for(tmp_path):
    sheet = rows('<c r="A1"><v>1</v></c><c r="B1" t="s"><v>0</v></c><c r="C1"><f>A1*2</f>'
                 '<v>2</v></c>',
                 '<c r="A2"><v>5</v></c><c r="B2" t="inlineStr"><is><t>x</t></is></c>')
    doc = open_document(xlsx(tmp_path, [("S", sheet)], strings=["名"]), options=OFF)
    store = doc.sheets[0].store
    assert not store.large
    assert store.get(1, 3).f == "A1*2"
    assert set(store.cells) == {(1, 1), (1, 2), (1, 3)}   # row 1 read, row 2 not yet
    assert store.rows_read == 2 and 2 not in store._done_rows
    assert store.get(1, 4) is None                  # no element there
    assert [c.v for c in store.cells_in(refs.parse_area("A1:B2"))] == ["1", "0", "5", None]
    assert store.cells[(2, 2)].inline == "x"
    assert len(store.all_cells()) == 5
    doc.close()


def test_repeated_cell_last_write_wins_lazily(tmp_path):
    sheet = ('<sheetData><row r="1"><c r="A1"><v>1</v></c><c r="A1"><v>2</v></c></row>'
             '<row r="1"><c r="B1"><v>3</v></c></row></sheetData>')
    doc = open_document(xlsx(tmp_path, [("S", sheet)]), options=OFF)
    store = doc.sheets[0].store
    assert store.get(1, 1).v == "2" and store.get(1, 2).v == "3"
    doc.close()


def test_value_memo_is_per_sheet_and_bounded(tmp_path, monkeypatch):
    sheet = rows('<c r="A1"><v>1</v></c><c r="B1"><v>2</v></c><c r="C1"><v>3</v></c>')
    doc = open_document(xlsx(tmp_path, [("S", sheet), ("T", sheet)]), options=OFF)
    s, t = doc.sheets
    monkeypatch.setattr(C, "KEPT_VALUES", 2)
    got = [C.cell_value(s, 1, c) for c in (1, 2, 3)]
    assert got == [(CellValue("number", float(n)), "direct") for n in (1, 2, 3)]
    assert set(s.values) == {(1, 1), (1, 2)}       # the third read is not kept
    assert C.cell_value(s, 1, 3) == (CellValue("number", 3.0), "direct")
    assert t.values == {}
    assert C.cell_value(s, 1, 1) is got[0]          # a kept value comes back as is
    doc.close()


def test_unverifiable_result_is_not_kept(tmp_path):
    sheet = rows('<c r="A1"><f>1+1</f></c>')
    doc = open_document(xlsx(tmp_path, [("S", sheet)]), options=OFF)
    s = doc.sheets[0]
    for _ in range(2):
        with pytest.raises(UnverifiableValue):
            C.cell_value(s, 1, 1)
    assert s.values == {}
    assert doc.value_sources.get("unverifiable") == 1
    doc.close()


@pytest.mark.parametrize("v, code", [
    (0.0, "0.00;(0.00)"), (-0.0, "0.00;(0.00)"), (-2.25, "0.00_);[Red](0.00)"),
    (45000.5, "yyyy-mm-dd hh:mm"), (1234567.891, "#,##0.00"), (0.125, "0.0%"),
    (3.0, '"正";"负";"零"'), (-3.0, '"正";"负";"零"'), (1e12, "General"),
])
def test_memoized_rendering_equals_the_plain_one(v, code):
    for _ in range(2):  # second call from the memo
        assert numfmt.format_number(v, code) == numfmt._format_number(v, code)
    long_code = "0.00" + " " * 200
    assert numfmt.format_number(v, long_code) == numfmt._format_number(v, long_code)


def test_memoized_references_and_displays():
    assert refs.parse_area("$B$2:D31") == refs.Area(2, 2, 31, 4, "range")
    assert refs.parse_area("C:A") == refs.Area(1, 1, refs.MAX_ROW, 3, "cols")
    assert refs.parse_area("B" + "1" * 80) is None                    # not kept, not valid
    assert refs.col_letters(16384) == "XFD" and refs.col_letters(28) == "AB"
    with pytest.raises(ValueError):
        refs.col_letters(0)
    assert formulas.display("=_xlfn.RANK.EQ(A1,A:A)") == "=RANK.EQ(A1,A:A)"
    long = "=" + "+".join(["_xlfn.STDEV.S(A1:A2)"] * 80)
    assert formulas.display(long) == "=" + "+".join(["STDEV.S(A1:A2)"] * 80)


@pytest.mark.parametrize("ref, row, prev", [
    ("E12", "12", 0), ("AB7", "7", 3), ("e5", "5", 0), ("A01", "1", 4), ("E11", "1", 2),
    ("E1", "11", 2), (None, "3", 6), ("", "3", 6), ("XFD9", "9", 0), ("XFE9", "9", 0),
    ("A1B", "1", 0), ("12", "12", 3), ("Ab3", "3", 0), ("B²", "²", 1),
])
def test_column_in_row_reads_like_column_of(ref, row, prev):
    from officeeval.excel.rawcells import column_in_row
    assert column_in_row(ref, row, prev) == column_of(ref, prev)


def test_inline_text_with_one_t_and_with_runs():
    from lxml import etree
    from officeeval.excel.rawcells import inline_text
    s = "http://schemas.openxmlformats.org/spreadsheetml/2006/main"
    one = etree.fromstring(f'<is xmlns="{s}"><t>甲 乙</t></is>')
    runs = etree.fromstring(f'<is xmlns="{s}"><r><t>甲</t></r><r><t>乙</t></r>'
                            f'<rPh sb="0" eb="1"><t>こう</t></rPh></is>')
    empty_t = etree.fromstring(f'<is xmlns="{s}"><t/></is>')
    phonetic_only = etree.fromstring(f'<is xmlns="{s}"><rPh><t>x</t></rPh></is>')
    assert [inline_text(e) for e in (one, runs, empty_t, phonetic_only)] == \
        ["甲 乙", "甲乙", "", ""]


def test_kept_verdicts_follow_each_graded_value(tmp_path):
    """Verdicts against the kept input are remembered by value: every graded workbook still
    gets its own (a changed cell fails, the same value passes again afterwards)."""
    from officeeval.rubric.loader import load_rubric_text
    from officeeval.scoring import Grader

    def book(name, b2):
        return xlsx(tmp_path, [("S", rows('<c r="A1"><v>1</v></c><c r="B1" t="inlineStr">'
                                          '<is><t>甲</t></is></c>',
                                          f'<c r="A2"><v>2</v></c><c r="B2">{b2}</c>'))],
                    name=name)
    inp = book("in.xlsx", "<v>3</v>")
    same, changed = book("same.xlsx", "<v>3</v>"), book("changed.xlsx", "<v>4</v>")
    text = xlsx(tmp_path, [("S", rows('<c r="A1"><v>1</v></c><c r="B1" t="inlineStr">'
                                      '<is><t>甲</t></is></c>',
                                      '<c r="A2"><v>2</v></c><c r="B2" t="inlineStr">'
                                      '<is><t>3</t></is></c>'))], name="text.xlsx")
    r = load_rubric_text(
        '<rubric xmlns="urn:officeeval:rubric:1" id="t" app="excel" total="1">'
        f'<files input="{inp}"/><criterion id="c1" skill="x" points="1"><check '
        'select="\'S\'!A1:B2" property="cell.value" op="unchanged"/></criterion></rubric>')
    with Grader() as g:
        cards = [g.grade(r, d, options=OFF) for d in (same, changed, same, text, same)]
    assert [c.criteria[0].status for c in cards] == ["pass", "fail", "pass", "fail", "pass"]
    details = [c.criteria[0].checks[0].detail for c in cards]
    assert "'S'!B2" in details[1] and "4" in details[1]
    assert "'S'!B2" in details[3] and "'3'" in details[3]
