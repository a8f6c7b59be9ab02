"""Hostile and unusual workbooks: DOCTYPEs and malformed XML in streamed sheets are package
errors (never crashes), ISO-Strict workbooks read like Transitional ones on both the small
and the streaming path, odd structures give "no value"."""

from __future__ import annotations

import zipfile

import pytest

from officeeval.errors import PackageError
from officeeval.excel import celldata
from officeeval.formats import open_document
from officeeval.catalog import resolve
from officeeval.rubric.loader import load_rubric_text
from officeeval.scoring import evaluate
from officeeval.selectors import select
from officeeval.values import CellValue
from tests.excel.xlsx_builder import rows, xlsx

OFF = {"recalc": False}
STRICT_S = "http://purl.oclc.org/ooxml/spreadsheetml/main"
STRICT_R = "http://purl.oclc.org/ooxml/officeDocument/relationships"


def value(doc, sel, prop="cell.value"):
    (t,) = select(doc, sel)
    obs = resolve(prop, t)
    return None if obs is None else obs.value


def _rewrite(path, part, fn):
    with zipfile.ZipFile(path) as z:
        parts = {n: z.read(n) for n in z.namelist()}
    parts[part] = fn(parts[part])
    with zipfile.ZipFile(path, "w") as z:
        for n, data in parts.items():
            z.writestr(n, data)


@pytest.mark.parametrize("eager", [1 << 30, 16])
def test_doctype_in_a_sheet_is_refused(tmp_path, monkeypatch, eager):
    monkeypatch.setattr(celldata, "EAGER_BYTES", eager)
    path = xlsx(tmp_path, [("S", rows('<c r="A1"><v>1</v></c>'))])
    _rewrite(path, "xl/worksheets/sheet1.xml", lambda b: b.replace(
        b"<worksheet", b'<!DOCTYPE x [<!ENTITY e "boom">]><worksheet', 1))
    doc = open_document(path, options=OFF)
    with pytest.raises(PackageError) as info:
        value(doc, "'S'!A1")
    assert info.value.stage == "malformed_xml"


@pytest.mark.parametrize("eager", [1 << 30, 16])
def test_truncated_sheet_is_a_damaged_document_not_a_crash(tmp_path, monkeypatch, eager):
    monkeypatch.setattr(celldata, "EAGER_BYTES", eager)
    cells = [f'<c r="A{i}"><v>{i}</v></c>' for i in range(1, 50)]
    path = xlsx(tmp_path, [("S", rows(*cells))])
    _rewrite(path, "xl/worksheets/sheet1.xml", lambda b: b[: len(b) // 2])
    card = evaluate(load_rubric_text(
        '<rubric xmlns="urn:officeeval:rubric:1" id="t" app="excel" total="1">'
        '<criterion id="c1" skill="x" points="1"><check select="\'S\'!A40" property="cell.value"'
        ' expected="40"/></criterion></rubric>'), path, options=OFF)
    assert card.outcome == "ok"
    assert card.criteria[0].status == "fail"
    assert "damaged" in card.criteria[0].checks[0].detail


@pytest.mark.parametrize("eager", [1 << 30, 16])
def test_strict_workbook_reads_like_transitional(tmp_path, monkeypatch, eager):
    monkeypatch.setattr(celldata, "EAGER_BYTES", eager)
    sheet = rows('<c r="A1" t="s"><v>0</v></c><c r="B1"><f>1+1</f><v>2</v></c>',
                 '<c r="A2"><v>3.5</v></c>')
    path = xlsx(tmp_path, [("严格", sheet)], strings=["文字"])
    for part in ("xl/worksheets/sheet1.xml", "xl/workbook.xml", "xl/sharedStrings.xml",
                 "xl/styles.xml"):
        _rewrite(path, part, lambda b: b.replace(
            b"http://schemas.openxmlformats.org/spreadsheetml/2006/main", STRICT_S.encode())
            .replace(b"http://schemas.openxmlformats.org/officeDocument/2006/relationships",
                     STRICT_R.encode()))
    doc = open_document(path, options=OFF)
    assert [s.name for s in doc.sheets] == ["严格"]
    assert value(doc, "'严格'!A1") == CellValue("text", "文字")
    assert value(doc, "'严格'!B1", "cell.formula") == "=1+1"
    assert value(doc, "'严格'!A2") == CellValue("number", 3.5)


def test_odd_structures_give_no_value(tmp_path):
    # A sheet whose relationship dangles, a chart relationship to nothing, a pivot without
    # its cache, a table part that is not a table.
    sheet = rows('<c r="A1"><v>1</v></c>') + '<drawing r:id="rIdD"/>'
    parts = {
        "xl/drawings/drawing1.xml": (
            '<xdr:wsDr xmlns:xdr="http://schemas.openxmlformats.org/drawingml/2006/'
            'spreadsheetDrawing" xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main"'
            ' xmlns:c="http://schemas.openxmlformats.org/drawingml/2006/chart" '
            'xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships">'
            '<xdr:twoCellAnchor><xdr:from><xdr:col>x</xdr:col></xdr:from><xdr:graphicFrame>'
            '<a:graphic><a:graphicData><c:chart r:id="rIdMissing"/></a:graphicData></a:graphic>'
            '</xdr:graphicFrame></xdr:twoCellAnchor></xdr:wsDr>'),
        "xl/pivotTables/pivotTable1.xml": (
            '<pivotTableDefinition xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/'
            'main" name="p"><rowFields><field x="7"/></rowFields><dataFields><dataField '
            'fld="-1"/></dataFields></pivotTableDefinition>'),
        "xl/tables/table1.xml": '<notATable xmlns="urn:x"/>',
    }
    rels = {1: [("rIdD", "drawing", "../drawings/drawing1.xml"),
                ("rIdP", "pivotTable", "../pivotTables/pivotTable1.xml"),
                ("rIdT", "table", "../tables/table1.xml")]}
    path = xlsx(tmp_path, [("S", sheet)], parts=parts, sheet_rels=rels)
    doc = open_document(path, options=OFF)
    assert select(doc, "chart") == []
    assert select(doc, "table") == []
    (p,) = select(doc, "pivot")
    assert resolve("pivot.rows", p).value == []
    assert resolve("pivot.values", p).value == []
    assert resolve("pivot.source", p) is None
