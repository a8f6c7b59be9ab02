"""A large sheet's range judged per group of cells sharing a style (scoring/grouped.py)
gives the same check results as judging it cell by cell; ranges stay unbuilt."""

from __future__ import annotations

import io
import zipfile

import pytest

from officeeval.excel import celldata
from officeeval.excel.targets import CellRange, CellTarget
from officeeval.formats import open_document
from officeeval.rubric import load_rubric_text
from officeeval.scoring import evaluate, grouped, literal
from officeeval.selectors import select
from officeeval.targets import LazySelection

S = "http://schemas.openxmlformats.org/spreadsheetml/2006/main"
R = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"
PR = "http://schemas.openxmlformats.org/package/2006/relationships"
CT = "http://schemas.openxmlformats.org/package/2006/content-types"
SML = "application/vnd.openxmlformats-officedocument.spreadsheetml"
ROWS = 300


def _sheet() -> str:
    rows = ['<row r="1"><c r="A1" t="inlineStr"><is><t>名称</t></is></c></row>']
    for r in range(2, ROWS + 2):
        if r == 50:  # a row with its own format: its missing cells take it
            rows.append(f'<row r="{r}" s="1" customFormat="1"><c r="A{r}"><v>{r}</v></c></row>')
            continue
        b_style = ' s="2"' if r % 97 == 0 else (' s="1"' if r % 7 else "")
        d = "" if r % 41 == 0 else f'<c r="D{r}" s="{1 if r != 123 else 0}"><f>A{r}*2</f>' \
                                   f'<v>{2 * r}</v></c>'
        rows.append(f'<row r="{r}"><c r="A{r}"><v>{r}</v></c><c r="B{r}"{b_style}><v>{r % 10}'
                    f'</v></c>{d}</row>')
    return (f'<worksheet xmlns="{S}"><cols><col min="3" max="3" width="9" style="2"/></cols>'
            f'<sheetData>{"".join(rows)}</sheetData></worksheet>')


def _xlsx() -> bytes:
    styles = (f'<styleSheet xmlns="{S}"><numFmts><numFmt numFmtId="164" formatCode="0.0"/>'
              f'</numFmts><fonts><font><sz val="11"/><name val="宋体"/></font><font><b/>'
              f'<sz val="11"/><name val="宋体"/></font></fonts><fills><fill><patternFill '
              f'patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill>'
              f'<fill><patternFill patternType="solid"><fgColor rgb="FFFFFF00"/></patternFill>'
              f'</fill></fills><borders><border/></borders><cellXfs><xf numFmtId="0" '
              f'fontId="0" fillId="0" borderId="0"/><xf numFmtId="164" fontId="0" fillId="0" '
              f'borderId="0" applyNumberFormat="1"/><xf numFmtId="10" fontId="1" fillId="2" '
              f'borderId="0" applyFont="1" applyFill="1" applyNumberFormat="1"/></cellXfs>'
              f'</styleSheet>')
    parts = {
        "[Content_Types].xml": (
            f'<Types xmlns="{CT}"><Default Extension="rels" ContentType="application/vnd.'
            f'openxmlformats-package.relationships+xml"/><Default Extension="xml" '
            f'ContentType="application/xml"/><Override PartName="/xl/workbook.xml" '
            f'ContentType="{SML}.sheet.main+xml"/><Override PartName="/xl/worksheets/'
            f'sheet1.xml" ContentType="{SML}.worksheet+xml"/><Override PartName="/xl/'
            f'styles.xml" ContentType="{SML}.styles+xml"/></Types>'),
        "_rels/.rels": (f'<Relationships xmlns="{PR}"><Relationship Id="rId1" Type="{R}/'
                        f'officeDocument" Target="xl/workbook.xml"/></Relationships>'),
        "xl/workbook.xml": (f'<workbook xmlns="{S}" xmlns:r="{R}"><sheets><sheet name="Data" '
                            f'sheetId="1" r:id="rId1"/></sheets></workbook>'),
        "xl/_rels/workbook.xml.rels": (
            f'<Relationships xmlns="{PR}"><Relationship Id="rId1" Type="{R}/worksheet" '
            f'Target="worksheets/sheet1.xml"/><Relationship Id="rId2" Type="{R}/styles" '
            f'Target="styles.xml"/></Relationships>'),
        "xl/worksheets/sheet1.xml": _sheet(), "xl/styles.xml": styles}
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED) as zf:
        for name, text in parts.items():
            zf.writestr(name, text)
    return buf.getvalue()


LAST = ROWS + 1
CHECKS = [
    ("D2:D{L}", "cell.number_format", 'expected="0.0"'),
    ("D2:D{L}", "cell.number_format", 'expected="0.0" match="any"'),
    ("D2:D{L}", "cell.number_format", 'expected="0.0" match="none"'),
    ("D2:D{L}", "cell.number_format", 'expected="0.0" match="count&gt;=200"'),
    ("B2:D{L}", "cell.number_format", 'expected="General"'),
    ("B2:B{L}", "cell.fill.color", 'expected="FFFF00" match="any"'),
    ("C2:C{L}", "cell.fill.color", 'expected="FFFF00"'),
    ("B2:D{L}", "font.bold", 'expected="true" match="none"'),
    ("A2:D{L}", "cell.number_format", 'op="exists"'),
    ("F2:G{L}", "cell.number_format", 'expected="General"'),
    ("D2:D{L}", "cell.alignment.horizontal", 'expected="center"'),
    ("D2:D{L}", "cell.number_format", 'op="distinct"'),
    ("D2:D{L}", "cell.number_format", 'op="not_equals" expected="0.00%"'),
    ("D2:D{L}", "cell.value", 'op="between" expected="1..10000"'),
    ("D2:D{L}", "cell.formula", 'op="contains" expected="A"'),
    ("D2:D{L}", "cell.number_format", 'op="approx" expected="0.0"'),
]


def _rubric() -> str:
    crits = "".join(
        f'<criterion id="c{i}" skill="a" points="1"><check select="\'Data\'!'
        f'{sel.replace("{L}", str(LAST))}" property="{prop}" {rest}/></criterion>'
        for i, (sel, prop, rest) in enumerate(CHECKS, 1))
    return (f'<rubric xmlns="urn:officeeval:rubric:1" id="grouped" app="excel" '
            f'total="{len(CHECKS)}">{crits}</rubric>')


@pytest.fixture
def book(tmp_path, monkeypatch):
    path = tmp_path / "big.xlsx"
    path.write_bytes(_xlsx())
    monkeypatch.setattr(celldata, "EAGER_BYTES", 0)  # every sheet streamed, as a giant's
    return path


def _card(book) -> dict:
    card = evaluate(load_rubric_text(_rubric(), "grouped.xml"), book,
                    options={"recalc": False}).to_dict()
    card.pop("seconds")
    return card


def test_grouped_judging_matches_cell_by_cell(book, monkeypatch):
    used = []
    real = grouped.judge_by_groups

    def spy(run):
        got = real(run)
        used.append((run.check.select, got is not None))
        return got
    monkeypatch.setattr(literal, "judge_by_groups", spy)
    by_groups = _card(book)
    first_run = list(used)
    monkeypatch.setattr(CellRange, "groups", lambda self, resolver: None)
    by_cells = _card(book)
    assert by_groups == by_cells
    # The style checks went by groups, the others cell by cell.
    assert len(first_run) == 15 and sum(1 for _, g in first_run if g) == 13
    assert not any(g for _, g in used[15:])
    checks = [k for c in by_groups["criteria"] for k in c["checks"]]
    assert [k["status"] for k in checks] == [
        "fail", "pass", "fail", "pass", "fail", "pass", "fail", "fail", "pass", "fail",
        "fail", "fail", "pass", "fail", "fail", "fail"]


def test_failing_cell_named_with_its_address(book):
    checks = [k for c in _card(book)["criteria"] for k in c["checks"]]
    first = checks[0]
    # Every 41st D has no cell (General: column C's style is not D's), D50 takes its row's
    # format, D123 (no cell either) is General too.
    assert first["detail"] == ("293 of 300 targets pass (match=all); e.g. 'Data'!D41: "
                               "expected = '0.0', found 'General'")
    assert (first["expected"], first["actual"], first["source"]) == ("0.0", "'General'",
                                                                     "mixed")
    assert len(first["targets"]) == 50 and first["targets"][0] == {
        "locator": "'Data'!D2", "actual": "'0.0'", "source": "direct", "passed": True}
    # Column C has no cells: each takes the column's style, but C50 its row's first.
    assert checks[6]["detail"] == ("299 of 300 targets pass (match=all); e.g. 'Data'!C50: "
                                   "expected = #FFFF00, found none")
    assert checks[9]["detail"] == ("598 of 600 targets pass (match=all); e.g. 'Data'!F50: "
                                   "expected = 'General', found '0.0'")


def test_range_of_a_large_sheet_stays_unbuilt(book, monkeypatch):
    doc = open_document(book, options={"recalc": False})
    try:
        cells = select(doc, f"'Data'!D2:D{LAST}")
        assert isinstance(cells, CellRange) and len(cells) == ROWS
        rubric = load_rubric_text(_rubric(), "grouped.xml")
        from officeeval.scoring.grader import Grader
        from officeeval.scoring.grading import Grading
        from officeeval.scoring.criteria import run_check
        grading = Grading(Grader().kept, doc, None, None, "excel", {}, rubric)
        result = run_check(rubric.criteria[0].checks[0], grading)
        assert result.status.value == "fail"
        assert select(doc, f"'Data'!D2:D{LAST}") is cells and cells._items is None
        # Going cell by cell builds the targets once: the same objects every time.
        first = cells[0]
        assert isinstance(first, CellTarget) and (first.row, first.col) == (2, 4)
        assert cells[0] is first and list(cells)[5] is cells[5] and cells[-1].row == LAST
        assert cells[1:3] == [cells[1], cells[2]] and cells == list(cells)
        assert [] + cells == list(cells) and len(cells + []) == ROWS
    finally:
        doc.close()


def test_lazy_selection_builds_once():
    built = []

    class Three(LazySelection):
        def _build(self):
            built.append(1)
            return ["a", "b", "c"]

    sel = Three(3)
    assert len(sel) == 3 and built == []
    assert sel[1] == "b" and list(sel) == ["a", "b", "c"] and sel[-1:] == ["c"]
    assert built == [1] and sel.groups(None) is None
    assert sel != ["a"] and sel == ["a", "b", "c"]
