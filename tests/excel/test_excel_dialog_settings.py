"""Settings an Excel dialog writes beside the data: data validation's input message and error
alert, list items in order; table style options; the saved sort (range, keys, custom lists);
outline summary rows; pivot value fields' caption, function and number format; chart
series names and markers read from the cells when no cache is written. On inline XML and on
workbooks written by openpyxl."""

from __future__ import annotations

import pytest

from officeeval.catalog import catalog, resolve
from officeeval.formats import open_document
from officeeval.properties.registry import ResolveContext
from officeeval.properties.types import CompareContext
from officeeval.selectors import select
from tests.excel.xlsx_builder import A_NS, C_NS, R_NS, XDR, rows, styles_xml, xlsx

OFF = {"recalc": False}
REL = "http://schemas.openxmlformats.org/package/2006/relationships"
RT = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"


def values(doc, sel, prop, direct=False):
    ctx = ResolveContext(direct=direct)
    out = []
    for t in select(doc, sel):
        obs = resolve(prop, t, ctx)
        out.append(None if obs is None else obs.value)
    return out


VALIDATIONS = (
    '<dataValidations count="2">'
    '<dataValidation type="list" errorStyle="warning" allowBlank="1" showInputMessage="1" '
    'showErrorMessage="1" errorTitle="输入有误" error="请从列表中选择" promptTitle="地区" '
    'prompt="选择销售地区" sqref="A2:A20"><formula1>"华东,华北,华南"</formula1></dataValidation>'
    '<dataValidation type="whole" operator="between" sqref="B2:B20"><formula1>0</formula1>'
    '<formula2>100</formula2></dataValidation></dataValidations>'
    '<extLst><ext uri="{CCE6A557-97BC-4b89-ADB6-D9C93CAAB3DF}" '
    'xmlns:x14="http://schemas.microsoft.com/office/spreadsheetml/2009/9/main">'
    '<x14:dataValidations xmlns:xm="http://schemas.microsoft.com/office/excel/2006/main" '
    'count="1"><x14:dataValidation type="list" errorStyle="information" showErrorMessage="1" '
    'errorTitle="提示"><x14:formula1><xm:f>参数!$A$1:$A$3</xm:f></x14:formula1>'
    '<xm:sqref>C2:C20</xm:sqref></x14:dataValidation></x14:dataValidations></ext></extLst>')


@pytest.fixture
def book(tmp_path):
    data = rows('<c r="A1" t="inlineStr"><is><t>地区</t></is></c>')
    params = rows('<c r="A1" t="inlineStr"><is><t>乙</t></is></c>',
                  '<c r="A2" t="inlineStr"><is><t>甲</t></is></c>',
                  '<c r="A3" t="inlineStr"><is><t>丙</t></is></c>')
    head = ('<sheetPr><tabColor rgb="FFFF0000"/><outlinePr summaryBelow="0" '
            'summaryRight="1"/></sheetPr>')
    sort = ('<sortState ref="A2:C20"><sortCondition ref="B2:B20" customList="高,中,低"/>'
            '<sortCondition descending="1" ref="C2:C20"/></sortState>')
    path = xlsx(tmp_path, [("销售", head + data + sort + VALIDATIONS), ("参数", params)])
    doc = open_document(path, options=OFF)
    yield doc
    doc.close()


def test_validation_input_message_and_error_alert(book):
    sel = "sheet('销售')/validation"
    assert values(book, sel, "validation.input.show") == [True, False, False]
    assert values(book, sel, "validation.input.title") == ["地区", None, None]
    assert values(book, sel, "validation.input.message") == ["选择销售地区", None, None]
    assert values(book, sel, "validation.error.show") == [True, False, True]
    assert values(book, sel, "validation.error.style") == ["warning", "stop", "information"]
    assert values(book, sel, "validation.error.title") == ["输入有误", None, "提示"]
    assert values(book, sel, "validation.error.message") == ["请从列表中选择", None, None]
    # Defaults are defaults: with source="direct" only written values count.
    v = select(book, sel)[1]
    assert resolve("validation.error.style", v).source == "default"
    style = catalog().get("validation.error.style").type_for("excel")
    assert style.equals("warning", style.parse("警告"), CompareContext())


def test_list_items_in_order(book):
    sel = "sheet('销售')/validation"
    assert values(book, sel, "validation.list.ordered") == [["华东", "华北", "华南"], None,
                                                            ["乙", "甲", "丙"]]
    ordered = catalog().get("validation.list.ordered").type_for("excel")
    as_set = catalog().get("validation.list").type_for("excel")
    ctx = CompareContext()
    shown = ["华东", "华北", "华南"]
    assert not ordered.equals(shown, ordered.parse("华北|华东|华南"), ctx)
    assert as_set.equals(shown, as_set.parse("华北|华东|华南"), ctx)


def test_sort_state_keys_order_and_custom_lists(book):
    s = "sheet('销售')"
    assert values(book, s, "sheet.sort") == [["B ascending", "C descending"]]
    assert values(book, s, "sheet.sort.range") == ["A2:C20"]
    assert values(book, s, "sheet.sort.custom_lists") == [["B: 高,中,低"]]
    lists = catalog().get("sheet.sort.custom_lists").type_for("excel")
    assert lists.parse("B: 高,中,低") == ["B: 高,中,低"]  # commas stay inside an item
    assert values(book, "sheet('参数')", "sheet.sort.custom_lists") == [None]


def test_outline_summary_rows_and_columns(book):
    assert values(book, "sheet('销售')", "sheet.outline.summary_below") == [False]
    assert values(book, "sheet('销售')", "sheet.outline.summary_right") == [True]
    assert values(book, "sheet('参数')", "sheet.outline.summary_below") == [True]
    assert resolve("sheet.outline.summary_below", select(book, "sheet('参数')")[0]).source \
        == "default"


TABLE = ('<table xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" id="1" '
         'name="表1" displayName="销售表" ref="A1:B3"><autoFilter ref="A1:B3"/>'
         '<tableColumns count="2"><tableColumn id="1" name="地区"/><tableColumn id="2" '
         'name="金额"/></tableColumns><tableStyleInfo name="TableStyleMedium9" '
         'showFirstColumn="1" showLastColumn="0" showRowStripes="0" showColumnStripes="1"/>'
         '</table>')
PIVOT = ('<pivotTableDefinition xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"'
         ' name="透视1" cacheId="1"><location ref="A3:C8" firstHeaderRow="1" firstDataRow="1" '
         'firstDataCol="1"/><rowFields count="1"><field x="0"/></rowFields><dataFields count="3">'
         '<dataField name="总金额" fld="1" numFmtId="164"/><dataField name="平均金额" fld="1" '
         'subtotal="average" numFmtId="2"/><dataField name="计数项:地区" fld="0" '
         'subtotal="count"/></dataFields></pivotTableDefinition>')
CACHE = ('<pivotCacheDefinition xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">'
         '<cacheSource type="worksheet"><worksheetSource ref="A1:B3" sheet="数据"/></cacheSource>'
         '<cacheFields count="2"><cacheField name="地区"/><cacheField name="金额"/></cacheFields>'
         '</pivotCacheDefinition>')
LINE = (f'<c:chartSpace xmlns:c="{C_NS}" xmlns:a="{A_NS}"><c:chart><c:plotArea><c:lineChart>'
        '<c:grouping val="standard"/>'
        '<c:ser><c:idx val="0"/><c:order val="0"/><c:tx><c:strRef><c:f>数据!$B$1</c:f>'
        '</c:strRef></c:tx><c:marker><c:symbol val="diamond"/></c:marker><c:val><c:numRef>'
        '<c:f>数据!$B$2:$B$3</c:f></c:numRef></c:val></c:ser>'
        '<c:ser><c:idx val="1"/><c:order val="1"/><c:tx><c:strRef><c:f>数据!$A$1:$A$2</c:f>'
        '<c:strCache><c:ptCount val="1"/><c:pt idx="0"><c:v>缓存名</c:v></c:pt></c:strCache>'
        '</c:strRef></c:tx><c:val><c:numRef><c:f>数据!$B$2:$B$3</c:f></c:numRef></c:val>'
        '</c:ser><c:marker val="1"/><c:axId val="1"/><c:axId val="2"/></c:lineChart>'
        '</c:plotArea></c:chart></c:chartSpace>')
DRAWING = (f'<xdr:wsDr xmlns:xdr="{XDR}" xmlns:a="{A_NS}" xmlns:r="{R_NS}" xmlns:c="{C_NS}">'
           '<xdr:twoCellAnchor><xdr:from><xdr:col>4</xdr:col><xdr:colOff>0</xdr:colOff>'
           '<xdr:row>1</xdr:row><xdr:rowOff>0</xdr:rowOff></xdr:from><xdr:to><xdr:col>9'
           '</xdr:col><xdr:colOff>0</xdr:colOff><xdr:row>15</xdr:row><xdr:rowOff>0</xdr:rowOff>'
           '</xdr:to><xdr:graphicFrame><xdr:nvGraphicFramePr><xdr:cNvPr id="2" name="图表 1"/>'
           f'</xdr:nvGraphicFramePr><a:graphic><a:graphicData uri="{C_NS}"><c:chart r:id="rC"/>'
           '</a:graphicData></a:graphic></xdr:graphicFrame><xdr:clientData/></xdr:twoCellAnchor>'
           '</xdr:wsDr>')


@pytest.fixture
def objects(tmp_path):
    data = rows('<c r="A1" t="inlineStr"><is><t>地区</t></is></c><c r="B1" t="inlineStr"><is>'
                '<t>金额</t></is></c>',
                '<c r="A2" t="inlineStr"><is><t>华东</t></is></c><c r="B2"><v>10</v></c>',
                '<c r="A3" t="inlineStr"><is><t>华北</t></is></c><c r="B3"><v>20</v></c>')
    parts = {
        "xl/tables/table1.xml": TABLE,
        "xl/pivotTables/pivotTable1.xml": PIVOT,
        "xl/pivotTables/_rels/pivotTable1.xml.rels": (
            f'<Relationships xmlns="{REL}"><Relationship Id="rId1" Type="{RT}/'
            'pivotCacheDefinition" Target="../pivotCache/pivotCacheDefinition1.xml"/>'
            '</Relationships>'),
        "xl/pivotCache/pivotCacheDefinition1.xml": CACHE,
        "xl/drawings/drawing1.xml": DRAWING,
        "xl/drawings/_rels/drawing1.xml.rels": (
            f'<Relationships xmlns="{REL}"><Relationship Id="rC" Type="{RT}/chart" '
            'Target="../charts/chart1.xml"/></Relationships>'),
        "xl/charts/chart1.xml": LINE,
    }
    rels = {1: [("rIdT", "table", "../tables/table1.xml"),
                ("rIdD", "drawing", "../drawings/drawing1.xml")],
            2: [("rIdP", "pivotTable", "../pivotTables/pivotTable1.xml")]}
    st = styles_xml(num_fmts='<numFmt numFmtId="164" formatCode="#,##0&quot;元&quot;"/>')
    path = xlsx(tmp_path, [("数据", data + '<drawing r:id="rIdD"/>'), ("透视", "<sheetData/>")],
                parts=parts, sheet_rels=rels, styles=st)
    doc = open_document(path, options=OFF)
    yield doc
    doc.close()


def test_table_style_options(objects):
    t = "table('销售表')"
    assert values(objects, t, "table.banded_rows") == [False]
    assert values(objects, t, "table.banded_columns") == [True]
    assert values(objects, t, "table.first_column") == [True]
    assert values(objects, t, "table.last_column") == [False]
    assert values(objects, t, "table.header_row") == [True]
    assert values(objects, t, "table.total_row") == [False]


def test_pivot_value_fields(objects):
    p = "pivot[1]"
    assert values(objects, p, "pivot.values.captions") == [["总金额", "平均金额", "计数项:地区"]]
    assert values(objects, p, "pivot.values.functions") == [["sum", "average", "count"]]
    assert values(objects, p, "pivot.values.number_formats") == [
        ['#,##0"元"', "0.00", "General"]]
    fns = catalog().get("pivot.values.functions").type_for("excel")
    assert fns.equals(["sum", "average", "count"], fns.parse("求和|平均值|计数"),
                      CompareContext())
    fmts = catalog().get("pivot.values.number_formats").type_for("excel")
    assert fmts.equals(["General"], fmts.parse("常规"), CompareContext())


def test_series_names_from_the_referenced_cells_and_markers(objects):
    c = "sheet('数据')/chart[1]"
    obs = resolve("chart.series.names", select(objects, c)[0])
    # Series 1 has only a reference (read from B1); series 2 keeps its cache.
    assert obs.value == ["金额", "缓存名"] and obs.source == "cells"
    assert values(objects, c, "chart.series.markers") == [["diamond", "auto"]]
    markers = catalog().get("chart.series.markers").type_for("excel")
    assert markers.equals(["diamond", "auto"], markers.parse("菱形|自动"), CompareContext())


def test_settings_written_by_openpyxl(tmp_path):
    from openpyxl import Workbook
    from openpyxl.chart import LineChart, Reference
    from openpyxl.worksheet.datavalidation import DataValidation
    from openpyxl.worksheet.table import Table, TableStyleInfo
    wb = Workbook()
    ws = wb.active
    ws.title = "成绩"
    for row in (("姓名", "语文", "数学"), ("甲", 90, 80), ("乙", 70, 85)):
        ws.append(row)
    dv = DataValidation(type="whole", operator="between", formula1="0", formula2="100",
                        showErrorMessage=True, errorStyle="warning", errorTitle="分数有误",
                        error="请输入 0 到 100", showInputMessage=True, promptTitle="分数",
                        prompt="0 到 100 的整数")
    dv.add("B2:C3")
    ws.add_data_validation(dv)
    table = Table(displayName="成绩表", ref="A1:C3")
    table.tableStyleInfo = TableStyleInfo(name="TableStyleLight9", showRowStripes=False,
                                          showColumnStripes=True, showFirstColumn=True)
    ws.add_table(table)
    ws.sheet_properties.outlinePr.summaryBelow = False
    chart = LineChart()
    chart.add_data(Reference(ws, min_col=2, max_col=3, min_row=1, max_row=3),
                   titles_from_data=True)
    ws.add_chart(chart, "E2")
    path = tmp_path / "settings.xlsx"
    wb.save(path)
    doc = open_document(path, options=OFF)
    try:
        v = "sheet('成绩')/validation"
        assert values(doc, v, "validation.error.style") == ["warning"]
        assert values(doc, v, "validation.error.title") == ["分数有误"]
        assert values(doc, v, "validation.error.message") == ["请输入 0 到 100"]
        assert values(doc, v, "validation.input.title") == ["分数"]
        assert values(doc, v, "validation.input.message") == ["0 到 100 的整数"]
        assert values(doc, v, "validation.input.show") == [True]
        t = "table('成绩表')"
        assert values(doc, t, "table.banded_rows") == [False]
        assert values(doc, t, "table.banded_columns") == [True]
        assert values(doc, t, "table.first_column") == [True]
        assert values(doc, "sheet('成绩')", "sheet.outline.summary_below") == [False]
        # openpyxl writes series names as references without a cache.
        assert values(doc, "sheet('成绩')/chart[1]", "chart.series.names") == [["语文", "数学"]]
    finally:
        doc.close()
