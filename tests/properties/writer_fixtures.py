"""Documents the writer round-trip tests write into: the shipped samples, and for what they
lack (a chart or SmartArt in Word, a text box, comments, footnotes, a hyperlink, a watermark,
numbering, a drop cap, a caption; an Excel table and defined names) small packages built
here from inline XML or openpyxl."""

from __future__ import annotations

from pathlib import Path

from tests.word.wbuild import NORMAL, docx, p, style

ROOT = Path(__file__).resolve().parents[2]
SAMPLES = ROOT / "samples"

A = "http://schemas.openxmlformats.org/drawingml/2006/main"
C = "http://schemas.openxmlformats.org/drawingml/2006/chart"
DGM = "http://schemas.openxmlformats.org/drawingml/2006/diagram"
REL = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"
EMU_CM = 360000


def _rich(text: str) -> str:
    return (f"<c:tx><c:rich><a:bodyPr/><a:p><a:r><a:t>{text}</a:t></a:r></a:p></c:rich>"
            f"</c:tx>")


def _series(i: int, name: str, col: str, values: tuple[int, int]) -> str:
    return (f'<c:ser><c:idx val="{i}"/><c:order val="{i}"/><c:tx><c:strRef>'
            f"<c:f>Sheet1!${col}$1</c:f><c:strCache><c:ptCount val=\"1\"/><c:pt idx=\"0\">"
            f"<c:v>{name}</c:v></c:pt></c:strCache></c:strRef></c:tx>"
            '<c:cat><c:strRef><c:f>Sheet1!$A$2:$A$3</c:f><c:strCache><c:ptCount val="2"/>'
            '<c:pt idx="0"><c:v>一月</c:v></c:pt><c:pt idx="1"><c:v>二月</c:v></c:pt>'
            "</c:strCache></c:strRef></c:cat>"
            f'<c:val><c:numRef><c:f>Sheet1!${col}$2:${col}$3</c:f><c:numCache>'
            f'<c:ptCount val="2"/><c:pt idx="0"><c:v>{values[0]}</c:v></c:pt>'
            f'<c:pt idx="1"><c:v>{values[1]}</c:v></c:pt></c:numCache></c:numRef></c:val>'
            "</c:ser>")


CHART = (f'<c:chartSpace xmlns:c="{C}" xmlns:a="{A}"><c:style val="2"/><c:chart>'
         f"<c:title>{_rich('销量')}</c:title><c:plotArea><c:barChart>"
         '<c:barDir val="col"/><c:grouping val="clustered"/>'
         + _series(0, "2024", "B", (10, 20)) + _series(1, "2025", "C", (15, 25))
         + '<c:axId val="1"/><c:axId val="2"/></c:barChart>'
         f'<c:catAx><c:axId val="1"/><c:axPos val="b"/><c:title>{_rich("月份")}</c:title>'
         '</c:catAx>'
         f'<c:valAx><c:axId val="2"/><c:axPos val="l"/><c:title>{_rich("数量")}</c:title>'
         '</c:valAx></c:plotArea><c:legend><c:legendPos val="r"/></c:legend></c:chart>'
         "</c:chartSpace>")

SMARTART_DATA = (f'<dgm:dataModel xmlns:dgm="{DGM}" xmlns:a="{A}"><dgm:ptLst>'
                 '<dgm:pt modelId="0" type="doc"/>'
                 '<dgm:pt modelId="1"><dgm:t><a:bodyPr/><a:p><a:r><a:t>甲</a:t></a:r></a:p>'
                 '</dgm:t></dgm:pt><dgm:pt modelId="2"><dgm:t><a:bodyPr/><a:p><a:r>'
                 "<a:t>乙</a:t></a:r></a:p></dgm:t></dgm:pt></dgm:ptLst></dgm:dataModel>")
SMARTART_LAYOUT = (f'<dgm:layoutDef xmlns:dgm="{DGM}" uniqueId="urn:microsoft.com/office/'
                   'officeart/2005/8/layout/default"/>')


def _frame(uri: str, inner: str, doc_id: int, name: str) -> str:
    return (f'<w:r><w:drawing><wp:inline><wp:extent cx="3600000" cy="1800000"/>'
            f'<wp:docPr id="{doc_id}" name="{name}"/><a:graphic><a:graphicData '
            f'uri="http://schemas.openxmlformats.org/drawingml/2006/{uri}">{inner}'
            "</a:graphicData></a:graphic></wp:inline></w:drawing></w:r>")


INLINE_PICTURE = (f'<w:r><w:drawing><wp:inline><wp:extent cx="{4 * EMU_CM}" '
                  f'cy="{3 * EMU_CM}"/><wp:docPr id="1" name="图片 1" descr="一张图"/>'
                  '<a:graphic><a:graphicData uri="http://schemas.openxmlformats.org/'
                  'drawingml/2006/picture"><pic:pic><pic:blipFill/><pic:spPr/></pic:pic>'
                  "</a:graphicData></a:graphic></wp:inline></w:drawing></w:r>")
TEXT_BOX = (f'<w:r><w:drawing><wp:anchor behindDoc="0"><wp:simplePos x="0" y="0"/>'
            f'<wp:extent cx="{5 * EMU_CM}" cy="{2 * EMU_CM}"/>'
            '<wp:wrapSquare wrapText="bothSides"/><wp:docPr id="2" name="文本框 2"/>'
            '<a:graphic><a:graphicData uri="http://schemas.microsoft.com/office/word/2010/'
            'wordprocessingShape"><wps:wsp><wps:spPr><a:prstGeom prst="rect"/><a:solidFill>'
            '<a:srgbClr val="FF0000"/></a:solidFill></wps:spPr><wps:txbx><w:txbxContent>'
            + p("框中文字") + "</w:txbxContent></wps:txbx><wps:bodyPr/></wps:wsp>"
            "</a:graphicData></a:graphic></wp:anchor></w:drawing></w:r>")
VML_WATERMARK = ('<w:p><w:r><w:pict><v:shape id="PowerPlusWaterMarkObject1" '
                 'type="#_x0000_t136" style="position:absolute;width:400pt;height:100pt;'
                 'rotation:315;z-index:-251658752" fillcolor="silver" stroked="f">'
                 '<v:textpath style="font-family:&quot;黑体&quot;;font-size:1pt" '
                 'string="内部资料"/></v:shape></w:pict></w:r></w:p>')
NUMBERING = ('<w:abstractNum w:abstractNumId="0"><w:lvl w:ilvl="0"><w:start w:val="1"/>'
             '<w:numFmt w:val="decimal"/><w:lvlText w:val="%1."/></w:lvl>'
             '<w:lvl w:ilvl="1"><w:start w:val="1"/><w:numFmt w:val="lowerLetter"/>'
             '<w:lvlText w:val="%2)"/></w:lvl></w:abstractNum>'
             '<w:num w:numId="1"><w:abstractNumId w:val="0"/></w:num>')
TABLE = ('<w:tbl><w:tblPr><w:tblW w:w="6000" w:type="dxa"/></w:tblPr><w:tblGrid>'
         '<w:gridCol w:w="3000"/><w:gridCol w:w="3000"/></w:tblGrid>'
         + "".join(f"<w:tr><w:tc><w:tcPr><w:tcW w:w=\"3000\" w:type=\"dxa\"/></w:tcPr>"
                   f"{p(f'格{r}1')}</w:tc><w:tc><w:tcPr><w:tcW w:w=\"3000\" w:type=\"dxa\"/>"
                   f"</w:tcPr>{p(f'格{r}2')}</w:tc></w:tr>" for r in (1, 2))
         + '<w:tr><w:tc><w:tcPr><w:gridSpan w:val="2"/></w:tcPr>' + p("合并格")
         + "</w:tc></w:tr></w:tbl>")


def word_objects(tmp_path: Path) -> Path:
    """A .docx with what the Word samples lack: paragraph[1] commented and footnoted,
    paragraph[2] a hyperlink, paragraph[3] a list item, paragraph[4] a drop cap (folded
    into the paragraph it starts), a table and its caption, a picture, a text box, a chart
    and a SmartArt, and a header holding a VML watermark."""
    body = ('<w:p><w:commentRangeStart w:id="0"/><w:r><w:t>第一段文字</w:t></w:r>'
            '<w:commentRangeEnd w:id="0"/><w:r><w:commentReference w:id="0"/></w:r>'
            '<w:r><w:footnoteReference w:id="1"/></w:r></w:p>'
            '<w:p><w:hyperlink r:id="rIdLink"><w:r><w:t>链接文字</w:t></w:r></w:hyperlink></w:p>'
            + p("列表项", ppr='<w:numPr><w:ilvl w:val="0"/><w:numId w:val="1"/></w:numPr>')
            + p("首", ppr='<w:framePr w:dropCap="drop" w:lines="3" w:hSpace="0" '
                          'w:wrap="around" w:vAnchor="text" w:hAnchor="text"/>')
            + p("字下沉的段落")
            + TABLE
            + '<w:p><w:r><w:t xml:space="preserve">表 </w:t></w:r><w:fldSimple '
              'w:instr=" SEQ 表 \\* ARABIC "><w:r><w:t>1</w:t></w:r></w:fldSimple></w:p>'
            + "<w:p>" + INLINE_PICTURE + "</w:p>" + p("图后的段落")
            + "<w:p>" + TEXT_BOX + "</w:p>"
            + "<w:p>" + _frame("chart", '<c:chart r:id="rIdC"/>', 3, "图表 1") + "</w:p>"
            + "<w:p>" + _frame("diagram", '<dgm:relIds r:dm="rIdD" r:lo="rIdL"/>', 4,
                               "图示 1") + "</w:p>"
            + '<w:sectPr><w:headerReference w:type="default" r:id="rIdH1"/>'
              '<w:pgSz w:w="11906" w:h="16838"/></w:sectPr>')
    styles = NORMAL + style("Caption", "caption", based_on="Normal")
    comments = ('<w:comment w:id="0" w:author="张三"><w:p><w:r><w:t>批注内容</w:t></w:r>'
                "</w:p></w:comment>")
    footnotes = ('<w:footnote w:id="1"><w:p><w:r><w:t>脚注文字</w:t></w:r></w:p>'
                 "</w:footnote>")
    chart_ct = "application/vnd.openxmlformats-officedocument.drawingml.chart+xml"
    dgm = "application/vnd.openxmlformats-officedocument.drawingml.diagram"
    return docx(tmp_path, body, styles=styles, numbering=NUMBERING, comments=comments,
                footnotes=footnotes, headers={"rIdH1": VML_WATERMARK + p("")},
                settings='<w:footnotePr><w:numFmt w:val="decimal"/></w:footnotePr>',
                parts={"word/charts/chart1.xml": (chart_ct, CHART),
                       "word/diagrams/data1.xml": (dgm + "Data+xml", SMARTART_DATA),
                       "word/diagrams/layout1.xml": (dgm + "Layout+xml", SMARTART_LAYOUT)},
                rels=[("rIdLink", "hyperlink", "http://example.com/a", True),
                      ("rIdC", "chart", "charts/chart1.xml", False),
                      ("rIdD", "diagramData", "diagrams/data1.xml", False),
                      ("rIdL", "diagramLayout", "diagrams/layout1.xml", False)],
                name="objects.docx")


def excel_objects(tmp_path: Path) -> Path:
    """A workbook with what the Excel samples lack: on sheet ``数据`` a table (``成绩``,
    A1:C4), a workbook-level defined name, a row and column outline, a formula with its
    cached result (D2 = 170), a bar chart of the scores, conditional formats of four kinds (a colour scale, an icon
    set, a top-5 rule, a contains-text rule) and, on sheet ``筛选``, an AutoFilter with a
    criterion and a saved sort."""
    import zipfile

    from openpyxl import Workbook
    from openpyxl.formatting.rule import ColorScaleRule, IconSetRule, Rule
    from openpyxl.styles.differential import DifferentialStyle
    from openpyxl.workbook.defined_name import DefinedName
    from openpyxl.worksheet.table import Table, TableStyleInfo
    wb = Workbook()
    ws = wb.active
    ws.title = "数据"
    for row in (("姓名", "语文", "数学"), ("甲", 90, 80), ("乙", 70, 85), ("丙", 60, 75)):
        ws.append(row)
    ws["D2"] = "=B2+C2"
    table = Table(displayName="成绩", ref="A1:C4")
    table.tableStyleInfo = TableStyleInfo(name="TableStyleMedium2", showRowStripes=True)
    ws.add_table(table)
    wb.defined_names["分数"] = DefinedName("分数", attr_text="'数据'!$B$2:$B$4")
    ws.row_dimensions.group(2, 3, outline_level=1)
    ws.column_dimensions.group("B", "C", outline_level=1)
    cf = ws.conditional_formatting
    cf.add("B2:B4", ColorScaleRule(start_type="min", start_color="FFFFFF", end_type="max",
                                   end_color="63BE7B"))
    cf.add("C2:C4", IconSetRule("3TrafficLights1", "percent", [0, 33, 67]))
    cf.add("B2:C4", Rule(type="top10", rank=5, dxf=DifferentialStyle()))
    cf.add("A2:A4", Rule(type="containsText", operator="containsText", text="甲",
                         formula=['NOT(ISERROR(SEARCH("甲",A2)))'], dxf=DifferentialStyle()))
    from openpyxl.chart import BarChart, Reference
    chart = BarChart()
    chart.title = "成绩"
    chart.x_axis.title = "姓名"
    chart.y_axis.title = "分数"
    chart.x_axis.axPos = "b"
    chart.add_data(Reference(ws, min_col=2, max_col=3, min_row=1, max_row=4),
                   titles_from_data=True)
    chart.set_categories(Reference(ws, min_col=1, min_row=2, max_row=4))
    ws.add_chart(chart, "F2")
    other = wb.create_sheet("筛选")
    for row in (("地区", "金额"), ("华东", 10), ("华北", 20)):
        other.append(row)
    other.auto_filter.ref = "A1:B3"
    other.auto_filter.add_filter_column(0, ["华东"])
    other.auto_filter.add_sort_condition("B2:B3", descending=True)
    path = tmp_path / "objects.xlsx"
    wb.save(path)
    # A cached formula result, as Excel saves one (openpyxl writes none).
    with zipfile.ZipFile(path) as zf:
        members = {i.filename: zf.read(i) for i in zf.infolist()}
    sheet = members["xl/worksheets/sheet1.xml"].decode("utf-8")
    members["xl/worksheets/sheet1.xml"] = sheet.replace(
        "<f>B2+C2</f><v></v>", "<f>B2+C2</f><v>170</v>").replace(
        "<f>B2+C2</f></c>", "<f>B2+C2</f><v>170</v></c>").encode("utf-8")
    book = members["xl/workbook.xml"].decode("utf-8")
    members["xl/workbook.xml"] = book.replace(' fullCalcOnLoad="1"', "").encode("utf-8")
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as zf:
        for name, data in members.items():
            zf.writestr(name, data)
    return path


def sample(name: str) -> Path:
    return SAMPLES / name
