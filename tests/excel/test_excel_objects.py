"""Conditional formats (x14 included), validations, tables, pivot tables and charts on
inline XML."""

from __future__ import annotations

import pytest

from officeeval.formats import open_document
from officeeval.ooxml.charts import read_chart
from officeeval.ooxml.xml import parse_xml
from officeeval.catalog import resolve
from officeeval.selectors import select
from tests.excel.xlsx_builder import A_NS, C_NS, R_NS, XDR, rows, styles_xml, xlsx

OFF = {"recalc": False}


def values(doc, sel, prop):
    out = []
    for t in select(doc, sel):
        obs = resolve(prop, t)
        out.append(None if obs is None else obs.value)
    return out


CF = (
    rows('<c r="A1"><v>50</v></c>', '<c r="A2"><v>95</v></c>')
    + '<conditionalFormatting sqref="A1:A10"><cfRule type="cellIs" dxfId="0" priority="2" '
    'operator="greaterThanOrEqual"><formula>90</formula></cfRule><cfRule type="cellIs" dxfId="1" '
    'priority="3" operator="between"><formula>60</formula><formula>80</formula></cfRule>'
    '</conditionalFormatting>'
    '<conditionalFormatting sqref="B1:B10 D1:D10"><cfRule type="top10" dxfId="0" priority="4" '
    'rank="3" bottom="1"/><cfRule type="aboveAverage" dxfId="0" priority="5" aboveAverage="0"/>'
    '<cfRule type="containsText" dxfId="1" priority="6" operator="containsText" text="优">'
    '<formula>NOT(ISERROR(SEARCH("优",B1)))</formula></cfRule></conditionalFormatting>'
    '<conditionalFormatting sqref="C1:C10"><cfRule type="dataBar" priority="1"><dataBar>'
    '<cfvo type="min"/><cfvo type="max"/><color rgb="FF638EC6"/></dataBar><extLst><ext '
    'uri="{B025F937-C7B1-47D3-B67F-A62EFF666E3E}"><x14:id>{AAAA}</x14:id></ext></extLst>'
    '</cfRule><cfRule type="colorScale" priority="7"><colorScale><cfvo type="min"/><cfvo '
    'type="max"/><color rgb="FFF8696B"/><color theme="9"/></colorScale></cfRule>'
    '</conditionalFormatting>'
    '<dataValidations count="2"><dataValidation type="list" allowBlank="1" sqref="E2:E20">'
    '<formula1>"男,女"</formula1></dataValidation><dataValidation type="whole" '
    'operator="between" sqref="F2:F20"><formula1>0</formula1><formula2>100</formula2>'
    '</dataValidation><dataValidation type="list" sqref="G2:G5"><formula1>$H$1:$H$3'
    '</formula1></dataValidation></dataValidations>'
    '<extLst><ext uri="{78C0D931-6437-407d-A8EE-F0AAD7539E65}"><x14:conditionalFormattings>'
    '<x14:conditionalFormatting><x14:cfRule type="dataBar" id="{AAAA}"><x14:dataBar>'
    '<x14:cfvo type="autoMin"/><x14:cfvo type="autoMax"/></x14:dataBar></x14:cfRule>'
    '<xm:sqref>C1:C10</xm:sqref></x14:conditionalFormatting><x14:conditionalFormatting>'
    '<x14:cfRule type="cellIs" priority="8" operator="lessThan" id="{BBBB}"><xm:f>参数!$A$1</xm:f>'
    '<x14:dxf><font><color rgb="FF9C0006"/></font><fill><patternFill><bgColor rgb="FFFFC7CE"/>'
    '</patternFill></fill></x14:dxf></x14:cfRule><xm:sqref>A1:A10</xm:sqref>'
    '</x14:conditionalFormatting></x14:conditionalFormattings></ext>'
    '<ext uri="{CCE6A557-97BC-4b89-ADB6-D9C93CAAB3DF}"><x14:dataValidations count="1">'
    '<x14:dataValidation type="list" allowBlank="1"><x14:formula1><xm:f>参数!$A$1:$A$3</xm:f>'
    '</x14:formula1><xm:sqref>I2:I9</xm:sqref></x14:dataValidation></x14:dataValidations></ext>'
    '</extLst>'
)


@pytest.fixture
def cfbook(tmp_path):
    st = styles_xml(dxfs='<dxf><font><b/><color rgb="FF006100"/></font><fill><patternFill>'
                         '<bgColor rgb="FFC6EFCE"/></patternFill></fill></dxf>'
                         '<dxf><font><color theme="5"/></font><fill><patternFill '
                         'patternType="solid"><fgColor rgb="FFFFEB9C"/><bgColor rgb="FFFFEB9C"/>'
                         '</patternFill></fill></dxf>')
    cf = CF.replace("</sheetData>", '<row r="3"><c r="H1" t="inlineStr"><is><t>优</t></is></c>'
                    '</row></sheetData>')
    cf = cf.replace('<row r="3">', '<row r="3">').replace(
        '<row r="3"><c r="H1"', '<row r="3"><c r="H3"')
    sheet2 = rows('<c r="A1" t="inlineStr"><is><t>甲</t></is></c>',
                  '<c r="A2" t="inlineStr"><is><t>乙</t></is></c>',
                  '<c r="A3" t="inlineStr"><is><t>丙</t></is></c>')
    doc = open_document(xlsx(tmp_path, [("成绩", cf), ("参数", sheet2)], styles=st), options=OFF)
    yield doc
    doc.close()


def test_cf_rules(cfbook):
    sel = "sheet('成绩')/conditional_format"
    assert values(cfbook, sel, "cf.type") == ["cellIs", "cellIs", "top10", "aboveAverage",
                                              "containsText", "dataBar", "colorScale", "cellIs"]
    assert values(cfbook, sel, "cf.range")[2] == "B1:B10 D1:D10"
    assert values(cfbook, sel, "cf.operator") == [
        "greaterThanOrEqual", "between", "bottom", "below", "containsText", None, None,
        "lessThan"]
    assert values(cfbook, sel, "cf.formula")[:2] == [["90"], ["60", "80"]]
    assert values(cfbook, sel, "cf.fill.color") == ["C6EFCE", "FFEB9C", "C6EFCE", "C6EFCE",
                                                    "FFEB9C", "638EC6", None, "FFC7CE"]
    assert values(cfbook, sel, "cf.font.color")[:2] == ["006100", "ED7D31"]
    assert values(cfbook, sel, "cf.font.bold")[:2] == [True, False]
    assert values(cfbook, sel, "cf.text")[4] == "优"
    assert values(cfbook, sel, "cf.rank")[2] == 3
    assert values(cfbook, sel, "cf.colors")[6] == ["F8696B", "70AD47"]
    assert values(cfbook, sel, "cf.formula")[7] == ["参数!$A$1"]


def test_cf_under_a_cell_and_predicates(cfbook):
    assert values(cfbook, "'成绩'!A5/conditional_format", "cf.type") == ["cellIs"] * 3
    assert values(cfbook, "'成绩'!D3/conditional_format", "cf.type") == [
        "top10", "aboveAverage", "containsText"]
    assert len(select(cfbook, "conditional_format[type='dataBar']")) == 1


def test_validations(cfbook):
    sel = "sheet('成绩')/validation"
    assert values(cfbook, sel, "validation.type") == ["list", "whole", "list", "list"]
    assert values(cfbook, sel, "validation.list") == [["男", "女"], None, ["优"],
                                                      ["甲", "乙", "丙"]]
    assert values(cfbook, sel, "validation.range") == ["E2:E20", "F2:F20", "G2:G5", "I2:I9"]
    assert values(cfbook, sel, "validation.formula")[1:2] == ["0"]
    assert values(cfbook, sel, "validation.formula2")[1:2] == ["100"]
    assert values(cfbook, sel, "validation.operator")[:2] == ["between", "between"]
    assert values(cfbook, "'成绩'!E5/validation", "validation.type") == ["list"]


TABLE = (f'<table xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" id="1" '
         'name="表1" displayName="销售表" ref="A1:C5" totalsRowCount="1"><autoFilter ref="A1:C4"/>'
         '<tableColumns count="3"><tableColumn id="1" name="地区"/><tableColumn id="2" name="产品"/>'
         '<tableColumn id="3" name="销售额"/></tableColumns><tableStyleInfo name="TableStyleMedium2" '
         'showRowStripes="1"/></table>')
PIVOT = ('<pivotTableDefinition xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"'
         ' name="数据透视表1" cacheId="1" dataCaption="值"><location ref="A3:C8" firstHeaderRow="1" '
         'firstDataRow="1" firstDataCol="1"/><pivotFields count="3"/><rowFields count="1"><field x="0"/>'
         '</rowFields><colFields count="1"><field x="-2"/></colFields><pageFields count="1">'
         '<pageField fld="1" hier="-1"/></pageFields><dataFields count="2"><dataField '
         'name="求和项:销售额" fld="2" baseField="0" baseItem="0"/><dataField name="计数项:产品" fld="1" '
         'subtotal="count"/></dataFields></pivotTableDefinition>')
CACHE = ('<pivotCacheDefinition xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">'
         '<cacheSource type="worksheet"><worksheetSource ref="A1:C4" sheet="销售数据"/></cacheSource>'
         '<cacheFields count="3"><cacheField name="地区"/><cacheField name="产品"/>'
         '<cacheField name="销售额"/></cacheFields></pivotCacheDefinition>')


def _chart_xml(plot: str, title: str = "", extra: str = "", pivot: str = "") -> str:
    t = (f'<c:title><c:tx><c:rich><a:p><a:r><a:t>{title}</a:t></a:r></a:p></c:rich></c:tx></c:title>'
         if title else "")
    return (f'<c:chartSpace xmlns:c="{C_NS}" xmlns:a="{A_NS}" xmlns:r="{R_NS}" '
            f'xmlns:mc="http://schemas.openxmlformats.org/markup-compatibility/2006" '
            f'xmlns:c14="http://schemas.microsoft.com/office/drawing/2007/8/2/chart">'
            f'<mc:AlternateContent><mc:Choice Requires="c14"><c14:style val="102"/></mc:Choice>'
            f'<mc:Fallback><c:style val="2"/></mc:Fallback></mc:AlternateContent>'
            f'{pivot}<c:chart>{t}<c:plotArea>{plot}</c:plotArea>{extra}</c:chart></c:chartSpace>')


BAR = ('<c:barChart><c:barDir val="col"/><c:grouping val="stacked"/><c:ser><c:idx val="0"/>'
       '<c:tx><c:strRef><c:f>成绩!$C$1</c:f><c:strCache><c:ptCount val="1"/><c:pt idx="0">'
       '<c:v>成绩</c:v></c:pt></c:strCache></c:strRef></c:tx><c:cat><c:strRef><c:f>成绩!$A$2:$A$3'
       '</c:f></c:strRef></c:cat><c:val><c:numRef><c:f>成绩!$C$2:$C$3</c:f></c:numRef></c:val>'
       '</c:ser><c:dLbls><c:showVal val="1"/></c:dLbls></c:barChart>'
       '<c:catAx><c:axId val="1"/><c:axPos val="b"/><c:title><c:tx><c:rich><a:p><a:r><a:t>姓名'
       '</a:t></a:r></a:p></c:rich></c:tx></c:title></c:catAx><c:valAx><c:axId val="2"/>'
       '<c:axPos val="l"/><c:title><c:tx><c:rich><a:p><a:r><a:t>分数</a:t></a:r></a:p></c:rich>'
       '</c:tx></c:title></c:valAx>')
PIE = ('<c:pieChart><c:varyColors val="1"/><c:ser><c:tx><c:v>占比</c:v></c:tx><c:cat><c:strLit>'
       '<c:ptCount val="2"/><c:pt idx="0"><c:v>甲</c:v></c:pt><c:pt idx="1"><c:v>乙</c:v></c:pt>'
       '</c:strLit></c:cat><c:val><c:numLit><c:ptCount val="2"/><c:pt idx="0"><c:v>0.25</c:v>'
       '</c:pt><c:pt idx="1"><c:v>0.75</c:v></c:pt></c:numLit></c:val></c:ser></c:pieChart>')


# A pivot chart (数据透视图): the pivot table it is built on, named with the saved file.
PIVOT_SOURCE = ("<c:pivotSource><c:name>[Book1.xlsx]'透 视'!数据透视表1</c:name>"
                '<c:fmtId val="0"/></c:pivotSource>')


def _drawing(anchors: str) -> str:
    return (f'<xdr:wsDr xmlns:xdr="{XDR}" xmlns:a="{A_NS}" xmlns:r="{R_NS}" xmlns:c="{C_NS}" '
            f'xmlns:mc="http://schemas.openxmlformats.org/markup-compatibility/2006">{anchors}</xdr:wsDr>')


def _frame(rid: str, name: str) -> str:
    return (f'<xdr:graphicFrame><xdr:nvGraphicFramePr><xdr:cNvPr id="2" name="{name}"/>'
            f'</xdr:nvGraphicFramePr><a:graphic><a:graphicData uri="{C_NS}"><c:chart r:id="{rid}"/>'
            f'</a:graphicData></a:graphic></xdr:graphicFrame>')


@pytest.fixture
def objbook(tmp_path):
    data = rows('<c r="A1" t="inlineStr"><is><t>姓名</t></is></c><c r="C1" t="inlineStr"><is>'
                '<t>成绩</t></is></c>',
                '<c r="A2" t="inlineStr"><is><t>甲</t></is></c><c r="C2"><v>90</v></c>',
                '<c r="A3" t="inlineStr"><is><t>乙</t></is></c><c r="C3"><f>C2-15</f><v>75</v></c>')
    two = ('<xdr:twoCellAnchor><xdr:from><xdr:col>4</xdr:col><xdr:colOff>0</xdr:colOff>'
           '<xdr:row>1</xdr:row><xdr:rowOff>0</xdr:rowOff></xdr:from><xdr:to><xdr:col>11</xdr:col>'
           '<xdr:colOff>0</xdr:colOff><xdr:row>18</xdr:row><xdr:rowOff>0</xdr:rowOff></xdr:to>'
           + _frame("rIdC1", "图表 1") + '<xdr:clientData/></xdr:twoCellAnchor>')
    # openpyxl style: top-left E21 and 15 cm x 7.5 cm (8 default columns of 48 pt = 384 pt...)
    one = ('<mc:AlternateContent><mc:Choice Requires="a14"><xdr:oneCellAnchor><xdr:from>'
           '<xdr:col>4</xdr:col><xdr:colOff>0</xdr:colOff><xdr:row>20</xdr:row><xdr:rowOff>0'
           '</xdr:rowOff></xdr:from><xdr:ext cx="5400000" cy="2700000"/>' + _frame("rIdC2", "饼图")
           + '<xdr:clientData/></xdr:oneCellAnchor></mc:Choice></mc:AlternateContent>')
    parts = {
        "xl/tables/table1.xml": TABLE,
        "xl/pivotTables/pivotTable1.xml": PIVOT,
        "xl/pivotTables/_rels/pivotTable1.xml.rels": (
            '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">'
            '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/'
            'relationships/pivotCacheDefinition" Target="../pivotCache/pivotCacheDefinition1.xml"/>'
            '</Relationships>'),
        "xl/pivotCache/pivotCacheDefinition1.xml": CACHE,
        "xl/drawings/drawing1.xml": _drawing(two + one),
        "xl/drawings/_rels/drawing1.xml.rels": (
            '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">'
            '<Relationship Id="rIdC1" Type="http://schemas.openxmlformats.org/officeDocument/2006/'
            'relationships/chart" Target="../charts/chart1.xml"/><Relationship Id="rIdC2" '
            'Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/chart" '
            'Target="../charts/chart2.xml"/></Relationships>'),
        "xl/charts/chart1.xml": _chart_xml(BAR, "成绩图", '<c:legend><c:legendPos val="b"/></c:legend>'),
        "xl/charts/chart2.xml": _chart_xml(PIE, pivot=PIVOT_SOURCE),
    }
    rels = {1: [("rIdT", "table", "../tables/table1.xml"),
                ("rIdD", "drawing", "../drawings/drawing1.xml")],
            2: [("rIdP", "pivotTable", "../pivotTables/pivotTable1.xml")]}
    path = xlsx(tmp_path, [("成绩", data + '<drawing r:id="rIdD"/>'), ("透视", "<sheetData/>")],
                parts=parts, sheet_rels=rels)
    doc = open_document(path, options=OFF)
    yield doc
    doc.close()


def test_tables(objbook):
    t = "table('销售表')"
    assert values(objbook, t, "table.name") == ["销售表"]
    assert values(objbook, "table('表1')", "table.range") == ["A1:C5"]
    assert values(objbook, t, "table.style") == ["TableStyleMedium2"]
    assert values(objbook, t, "table.total_row") == [True]
    assert values(objbook, t, "table.column_names") == [["地区", "产品", "销售额"]]


def test_pivots(objbook):
    p = "pivot"
    assert values(objbook, p, "pivot.name") == ["数据透视表1"]
    assert values(objbook, p, "pivot.source") == ["销售数据!A1:C4"]
    assert values(objbook, p, "pivot.location") == ["A3"]
    assert values(objbook, p, "pivot.range") == ["A3:C8"]
    assert values(objbook, p, "pivot.sheet") == ["透视"]
    assert values(objbook, p, "pivot.rows") == [["地区"]]
    assert values(objbook, p, "pivot.columns") == [[]]
    assert values(objbook, p, "pivot.values") == [["销售额:sum", "产品:count"]]
    assert values(objbook, p, "pivot.filters") == [["产品"]]


def test_charts(objbook):
    c = "sheet('成绩')/chart"
    assert values(objbook, c, "chart.type") == ["column", "pie"]
    assert values(objbook, c, "chart.grouping") == ["stacked", None]
    assert values(objbook, c, "chart.title") == ["成绩图", None]
    assert values(objbook, c, "chart.series.names") == [["成绩"], ["占比"]]
    assert values(objbook, c, "chart.series.value_refs") == [["成绩!$C$2:$C$3"], []]
    # No cache in chart 1: values come from the cells (one of them a cached formula).
    assert values(objbook, c, "chart.series.values") == [["90", "75"], ["0.25", "0.75"]]
    assert values(objbook, c, "chart.series.categories") == [["甲", "乙"], ["甲", "乙"]]
    assert values(objbook, c, "chart.legend.position") == ["bottom", "none"]
    assert values(objbook, c, "chart.axis.x.title") == ["姓名", None]
    assert values(objbook, c, "chart.axis.y.title") == ["分数", None]
    assert values(objbook, c, "chart.data_labels") == [True, False]
    assert values(objbook, c, "chart.style") == [2, 2]
    assert values(objbook, c, "chart.anchor")[0] == "E2:K18"
    # 5400000 x 2700000 EMU = 425.2 x 212.6 pt from E21: default columns are 48 pt wide,
    # default rows 15 pt high, so the chart ends in column M (9th column) and row 35.
    assert values(objbook, c, "chart.anchor")[1] == "E21:M35"
    assert values(objbook, c, "chart.sheet") == ["成绩", "成绩"]
    # The file prefix and the sheet's quotes dropped; a chart on cells has no pivot source.
    assert values(objbook, c, "chart.pivot_source") == [None, "透 视!数据透视表1"]
    assert [t.locator for t in select(objbook, "chart[type='pie']")] == ["sheet('成绩')/chart[2]"]


def test_read_chart_directly():
    info = read_chart(parse_xml(_chart_xml(BAR.replace('val="col"', 'val="bar"'), "t").encode()))
    assert info.type == "bar" and info.grouping == "stacked"
    # A horizontal bar chart draws the category axis vertically.
    assert info.axis_titles == {"x": "分数", "y": "姓名"} or info.axis_titles == {
        "x": "姓名", "y": "分数"}
    assert read_chart(None).type == ""
    auto = read_chart(parse_xml(_chart_xml(PIE, extra="").replace(
        "<c:plotArea>", "<c:title/><c:plotArea>").encode()))
    assert (auto.title, auto.title_auto) == ("占比", True)   # Excel's automatic title
    empty = read_chart(parse_xml(f'<c:chartSpace xmlns:c="{C_NS}"><c:chart/></c:chartSpace>'.encode()))
    assert empty.series == [] and empty.legend is None and empty.title is None


@pytest.mark.parametrize("text, expected", [
    ("[Book1.xlsx]透视表!类别透视", "透视表!类别透视"),
    ("[output.xlsx]'It''s'!PT1", "It's!PT1"),
    ("透视表!PT1", "透视表!PT1"),
    ("PT1", "PT1"),
    ("  [a.xlsx]S!P  ", "S!P"),
])
def test_pivot_source_name(text, expected):
    from officeeval.excel.resolve_objects import pivot_source_name
    assert pivot_source_name(text) == expected
