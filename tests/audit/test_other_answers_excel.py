"""Excel's other correct answers on a task written inline: a chart placed "in L2:S18", a
table the instruction does not name (a formula refers to it), a header fill given by a
picture. A rubric that reads the reference's exact anchor, table name and hex is reported;
the robust one is not."""

from __future__ import annotations

from pathlib import Path

import pytest

from officeeval.audit import model as M
from officeeval.audit.runner import audit_rubric
from officeeval.excel.edit import created as XC
from officeeval.formats import open_document
from officeeval.selectors import select
from tests.excel.xlsx_builder import xlsx

C_NS = "http://schemas.openxmlformats.org/drawingml/2006/chart"
A_NS = "http://schemas.openxmlformats.org/drawingml/2006/main"
R_NS = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"
XDR = "http://schemas.openxmlformats.org/drawingml/2006/spreadsheetDrawing"
ROWS = ('<row r="1"><c r="A1" t="inlineStr" s="{s}"><is><t>地区</t></is></c><c r="B1" '
        't="inlineStr" s="{s}"><is><t>销售额</t></is></c></row>'
        '<row r="2"><c r="A2" t="inlineStr"><is><t>华东</t></is></c><c r="B2"><v>60</v></c>'
        '{e2}</row>'
        '<row r="3"><c r="A3" t="inlineStr"><is><t>华南</t></is></c><c r="B3"><v>40</v></c>'
        '</row>')
E2 = '<c r="E2"><f>SUM(Table1[销售额])</f><v>100</v></c>'
STYLES = """<fonts count="1"><font><sz val="11"/><name val="Calibri"/></font></fonts>
<fills count="3"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill>
<fill><patternFill patternType="solid"><fgColor rgb="FF1F4E78"/><bgColor indexed="64"/></patternFill></fill></fills>
<borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders>
<cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs>
<cellXfs count="2"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/>
<xf numFmtId="0" fontId="0" fillId="2" borderId="0" xfId="0" applyFill="1"/></cellXfs>
<cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles>"""
CHART = (f'<c:chartSpace xmlns:c="{C_NS}" xmlns:a="{A_NS}" xmlns:r="{R_NS}"><c:chart>'
         '<c:plotArea><c:barChart><c:barDir val="col"/><c:grouping val="clustered"/><c:ser>'
         '<c:idx val="0"/><c:order val="0"/><c:cat><c:strRef><c:f>Sheet1!$A$2:$A$3</c:f>'
         '</c:strRef></c:cat><c:val><c:numRef><c:f>Sheet1!$B$2:$B$3</c:f></c:numRef></c:val>'
         '</c:ser><c:axId val="1"/><c:axId val="2"/></c:barChart></c:plotArea></c:chart>'
         '</c:chartSpace>')
DRAWING = (f'<xdr:wsDr xmlns:xdr="{XDR}" xmlns:a="{A_NS}" xmlns:r="{R_NS}" xmlns:c="{C_NS}">'
           '<xdr:twoCellAnchor><xdr:from><xdr:col>11</xdr:col><xdr:colOff>0</xdr:colOff>'
           '<xdr:row>1</xdr:row><xdr:rowOff>0</xdr:rowOff></xdr:from><xdr:to><xdr:col>19</xdr:col>'
           '<xdr:colOff>0</xdr:colOff><xdr:row>18</xdr:row><xdr:rowOff>0</xdr:rowOff></xdr:to>'
           '<xdr:graphicFrame macro=""><xdr:nvGraphicFramePr><xdr:cNvPr id="2" name="Chart 1"/>'
           '<xdr:cNvGraphicFramePr/></xdr:nvGraphicFramePr><xdr:xfrm><a:off x="0" y="0"/>'
           f'<a:ext cx="0" cy="0"/></xdr:xfrm><a:graphic><a:graphicData uri="{C_NS}">'
           '<c:chart r:id="rId1"/></a:graphicData></a:graphic></xdr:graphicFrame>'
           '<xdr:clientData/></xdr:twoCellAnchor></xdr:wsDr>')
TABLE = ('<table xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" id="1" '
         'name="Table1" displayName="Table1" ref="A1:B3"><autoFilter ref="A1:B3"/>'
         '<tableColumns count="2"><tableColumn id="1" name="地区"/><tableColumn id="2" '
         'name="销售额"/></tableColumns><tableStyleInfo name="TableStyleMedium2" '
         'showRowStripes="1"/></table>')
INSTRUCTION = """# 任务

## 题目（中文）

1. 将 A1:B3 套用表格格式。
2. 标题行的填充颜色参照示例图 `example-1.png`。
3. 以 A1:B3 为数据源插入簇状柱形图，将图表放置在 L2:S18 区域内。
4. 在 E2 中用公式求销售额合计。
"""
FRAGILE = """
  <criterion id="c1" skill="chart" points="2"><description>位置</description>
    <check select="sheet[1]/chart" property="chart.anchor" expected="L2:S18"/></criterion>
  <criterion id="c2" skill="fmt" points="2"><description>填充</description>
    <check select="sheet[1]/A1" property="cell.fill.color" expected="#1F4E78"/></criterion>
  <criterion id="c3" skill="table" points="2"><description>表格</description>
    <check select="sheet[1]/table" property="table.name" expected="Table1"/></criterion>
  <criterion id="c4" skill="formula" points="2"><description>合计</description>
    <check select="sheet[1]/E2" property="cell.value" expected="100"/></criterion>"""
ROBUST = """
  <criterion id="c1" skill="chart" points="2"><description>图表</description>
    <check select="sheet[1]/chart" op="count" expected="1"/></criterion>
  <criterion id="c2" skill="fmt" points="2"><description>填充</description>
    <check select="sheet[1]/A1" property="cell.fill.color" op="exists"/></criterion>
  <criterion id="c3" skill="table" points="2"><description>表格</description>
    <check select="sheet[1]/table" property="table.range" expected="A1:B3"/></criterion>
  <criterion id="c4" skill="formula" points="2"><description>合计</description>
    <check select="sheet[1]/E2" property="cell.value" expected="100"/></criterion>"""


def _book(folder: Path, name: str, reference: bool) -> Path:
    rows = ROWS.format(s="1" if reference else "0", e2=E2 if reference else "")
    if not reference:
        return xlsx(folder, [("Sheet1", f"<sheetData>{rows}</sheetData>")], name=name)
    return xlsx(folder, [("Sheet1", f'<sheetData>{rows}</sheetData><drawing r:id="rIdD"/>'
                                    f'<tableParts count="1"><tablePart r:id="rIdT"/></tableParts>')],
                styles=STYLES, name=name,
                parts={"xl/drawings/drawing1.xml": DRAWING, "xl/charts/chart1.xml": CHART,
                       "xl/tables/table1.xml": TABLE,
                       "xl/drawings/_rels/drawing1.xml.rels": (
                           '<Relationships xmlns="http://schemas.openxmlformats.org/package/'
                           '2006/relationships"><Relationship Id="rId1" Type="http://schemas.'
                           'openxmlformats.org/officeDocument/2006/relationships/chart" '
                           'Target="../charts/chart1.xml"/></Relationships>')},
                sheet_rels={1: [("rIdD", "drawing", "../drawings/drawing1.xml"),
                                ("rIdT", "table", "../tables/table1.xml")]})


@pytest.fixture(scope="module")
def task(tmp_path_factory) -> Path:
    folder = tmp_path_factory.mktemp("excel-other")
    _book(folder, "input.xlsx", False)
    _book(folder, "reference.xlsx", True)
    (folder / "instruction.md").write_text(INSTRUCTION, "utf-8")
    return folder


def _audit(task: Path, rid: str, body: str):
    path = task / f"{rid}.xml"
    path.write_text(f'<rubric xmlns="urn:officeeval:rubric:1" id="{rid}" app="excel" '
                    f'total="8"><files input="input.xlsx" reference="reference.xlsx"/>{body}'
                    f'</rubric>', "utf-8")
    keep = task / f"{rid}-mutants"
    r = audit_rubric(path, options={"recalc": False}, keep_mutants=keep)
    assert r.error == "" and r.reference_ok, (r.error, r.reference_failures)
    return r, keep


def test_the_exact_anchor_table_name_and_hex_are_reported(task):
    r, _ = _audit(task, "fragile", FRAGILE)
    lost = {}
    for m in r.other_answer_fails:
        for cid in m.changed:
            lost.setdefault(cid, set()).add(m.operator)
    assert "other:created-moved" in lost["c1"]
    assert {"other:pictured-colours", "other:pictured-theme-colours"} & lost["c2"]
    assert "other:created-renamed" in lost["c3"]
    assert "c4" not in lost  # the formula follows the renamed table


def test_the_robust_rubric_keeps_full_marks(task):
    r, _ = _audit(task, "robust", ROBUST)
    assert len(r.other_answers) >= 4 and r.other_answer_fails == []
    assert all(m.verdict == M.OTHER_OK for m in r.other_answers)


def test_the_chart_moves_inside_its_area_and_the_formula_follows_the_table(task):
    r, keep = _audit(task, "robust2", ROBUST)
    moved = next(m for m in r.other_answers if m.operator == "other:created-moved")
    doc = open_document(keep / f"robust2-{moved.id}.xlsx", "excel")
    try:
        o = XC.objects(doc, "xl/drawings/drawing1.xml")[0]
        assert (o.start[0], o.start[2]) == (11, 2) and (o.end[0], o.end[2]) == (18, 18)
        assert o.start[0] >= 11 and o.end[0] <= 19 and o.end[2] <= 18  # inside L2:S18
    finally:
        doc.close()
    renamed = next(m for m in r.other_answers if m.operator == "other:created-renamed"
                   and "table" in m.description)
    doc = open_document(keep / f"robust2-{renamed.id}.xlsx", "excel")
    try:
        assert [t.display_name for t in _tables(doc)] == ["表1"]
        cell = select(doc, "sheet[1]/E2")[0]
        from officeeval.catalog import resolve
        from officeeval.properties.registry import ResolveContext
        assert resolve("cell.formula", cell, ResolveContext()).value == "=SUM(表1[销售额])"
    finally:
        doc.close()


def _tables(doc):
    from officeeval.excel.tables import sheet_tables
    return [t for s in doc.sheets for t in sheet_tables(s)]


def test_a_pictured_fill_picked_from_the_theme_palette(task):
    r, keep = _audit(task, "robust3", ROBUST)
    m = next(m for m in r.other_answers if m.operator == "other:pictured-theme-colours")
    assert "accent5/darker50" in m.description
    doc = open_document(keep / f"robust3-{m.id}.xlsx", "excel")
    try:
        root = doc.package.xml("xl/styles.xml")
        fg = next(root.iter("{http://schemas.openxmlformats.org/spreadsheetml/2006/main}fgColor"))
        assert (fg.get("theme"), fg.get("tint"), fg.get("rgb")) == (
            "8", "-0.499984740745262", None)
    finally:
        doc.close()
