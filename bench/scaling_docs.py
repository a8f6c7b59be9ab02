"""Documents of growing size and the rubrics that grade them, for bench/scaling_bench.py.

Word and Excel files are written as raw OOXML (fast enough for 200 000 rows); PowerPoint
decks with python-pptx. Content is generated, deterministic and original.
"""

from __future__ import annotations

import io
import random
import zipfile
from pathlib import Path

W = "http://schemas.openxmlformats.org/wordprocessingml/2006/main"
S = "http://schemas.openxmlformats.org/spreadsheetml/2006/main"
R = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"
PR = "http://schemas.openxmlformats.org/package/2006/relationships"
CT = "http://schemas.openxmlformats.org/package/2006/content-types"
WML = "application/vnd.openxmlformats-officedocument.wordprocessingml"
SML = "application/vnd.openxmlformats-officedocument.spreadsheetml"
_HANZI = "读书节活动安排校园青春阅读点亮图书馆学生老师志愿者讲座展览分享交流经典文学历史科学艺术"
PARAGRAPHS_PER_PAGE = 11


def _zip(parts: dict[str, str]) -> bytes:
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED) as zf:
        for name, text in parts.items():
            zf.writestr(name, text)
    return buf.getvalue()


def _rels(items: list[tuple[str, str, str]]) -> str:
    body = "".join(f'<Relationship Id="{i}" Type="{R}/{t}" Target="{g}"/>' for i, t, g in items)
    return f'<Relationships xmlns="{PR}">{body}</Relationships>'


# ---------------------------------------------------------------------------- Word
def docx_bytes(pages: int) -> bytes:
    rnd = random.Random(pages)
    paras = []
    for i in range(pages * PARAGRAPHS_PER_PAGE):
        if i % 10 == 0:
            paras.append(f'<w:p><w:pPr><w:pStyle w:val="Heading1"/></w:pPr><w:r><w:t>第{i // 10 + 1}'
                         f'节 活动安排</w:t></w:r></w:p>')
            continue
        text = "".join(rnd.choice(_HANZI) for _ in range(130))
        paras.append(
            f'<w:p><w:pPr><w:spacing w:line="360" w:lineRule="auto"/><w:ind w:firstLineChars="200"/>'
            f'</w:pPr><w:r><w:rPr><w:rFonts w:eastAsia="宋体"/></w:rPr><w:t>{text[:60]}</w:t></w:r>'
            f'<w:r><w:rPr><w:color w:val="C00000"/></w:rPr><w:t>关键词</w:t></w:r>'
            f'<w:r><w:t>{text[60:]}</w:t></w:r></w:p>')
    body = "".join(paras)
    document = (f'<w:document xmlns:w="{W}" xmlns:r="{R}"><w:body>{body}<w:sectPr>'
                f'<w:pgSz w:w="11906" w:h="16838"/><w:pgMar w:top="1440" w:right="1800" '
                f'w:bottom="1440" w:left="1800" w:header="851" w:footer="992" w:gutter="0"/>'
                f'</w:sectPr></w:body></w:document>')
    styles = (f'<w:styles xmlns:w="{W}"><w:docDefaults><w:rPrDefault><w:rPr><w:rFonts '
              f'w:ascii="Times New Roman" w:eastAsia="宋体"/><w:sz w:val="21"/></w:rPr>'
              f'</w:rPrDefault></w:docDefaults><w:style w:type="paragraph" w:default="1" '
              f'w:styleId="Normal"><w:name w:val="Normal"/></w:style><w:style w:type="paragraph" '
              f'w:styleId="Heading1"><w:name w:val="heading 1"/><w:basedOn w:val="Normal"/>'
              f'<w:rPr><w:rFonts w:eastAsia="黑体"/><w:b/><w:sz w:val="32"/></w:rPr></w:style>'
              f'</w:styles>')
    return _zip({
        "[Content_Types].xml": (
            f'<Types xmlns="{CT}"><Default Extension="rels" ContentType="application/vnd.'
            f'openxmlformats-package.relationships+xml"/><Default Extension="xml" '
            f'ContentType="application/xml"/><Override PartName="/word/document.xml" '
            f'ContentType="{WML}.document.main+xml"/><Override PartName="/word/styles.xml" '
            f'ContentType="{WML}.styles+xml"/></Types>'),
        "_rels/.rels": _rels([("rId1", "officeDocument", "word/document.xml")]),
        "word/document.xml": document,
        "word/_rels/document.xml.rels": _rels([("rId1", "styles", "styles.xml")]),
        "word/styles.xml": styles})


def word_rubric(pages: int) -> str:
    return f"""<rubric xmlns="urn:officeeval:rubric:1" id="scale-word" app="word">
  <criterion id="c1" skill="a" points="20"><check select="paragraph[1]" property="font.east_asia" expected="黑体"/></criterion>
  <criterion id="c2" skill="a" points="20"><check select="paragraph[style='heading 1']" property="font.bold" expected="true"/></criterion>
  <criterion id="c3" skill="b" points="20"><check select="paragraph[text*='关键词']" property="paragraph.line_spacing" expected="1.5line"/></criterion>
  <criterion id="c4" skill="b" points="20"><check select="span('关键词')" property="font.color" expected="C00000"/></criterion>
  <criterion id="c5" skill="c" points="10"><check select="paragraph" property="font.size" match="count>=1" expected="五号"/></criterion>
  <criterion id="c6" skill="c" points="10"><check select="section" property="page.size" expected="A4"/></criterion>
</rubric>"""


# ---------------------------------------------------------------------------- Excel
def xlsx_bytes(rows: int) -> bytes:
    names = ["张三", "李四", "王五", "赵六", "钱七", "孙八", "周九", "吴十"]
    out = ['<row r="1"><c r="A1" t="s"><v>0</v></c><c r="B1" t="s"><v>1</v></c>'
           '<c r="C1" t="s"><v>2</v></c><c r="D1" t="s"><v>3</v></c></row>']
    for r in range(2, rows + 2):
        a, b = (r * 37) % 100, (r * 53) % 100
        out.append(f'<row r="{r}"><c r="A{r}" t="s"><v>{4 + r % len(names)}</v></c>'
                   f'<c r="B{r}" s="1"><v>{a}</v></c><c r="C{r}" s="1"><v>{b}</v></c>'
                   f'<c r="D{r}" s="1"><f>B{r}+C{r}</f><v>{a + b}</v></c>'
                   f'<c r="E{r}"><v>{r}</v></c><c r="F{r}"><v>{r * 0.5}</v></c></row>')
    sheet = (f'<worksheet xmlns="{S}"><sheetViews><sheetView workbookViewId="0"><pane ySplit="1" '
             f'topLeftCell="A2" activePane="bottomLeft" state="frozen"/></sheetView></sheetViews>'
             f'<sheetData>{"".join(out)}</sheetData></worksheet>')
    strings = ["姓名", "语文", "数学", "总分", *names]
    sst = f'<sst xmlns="{S}">' + "".join(f"<si><t>{s}</t></si>" for s in strings) + "</sst>"
    styles = (f'<styleSheet xmlns="{S}"><numFmts><numFmt numFmtId="164" formatCode="0.0"/>'
              f'</numFmts><fonts><font><sz val="11"/><name val="宋体"/></font></fonts><fills>'
              f'<fill><patternFill patternType="none"/></fill><fill><patternFill '
              f'patternType="gray125"/></fill></fills><borders><border/></borders><cellXfs>'
              f'<xf numFmtId="0" fontId="0" fillId="0" borderId="0"/><xf numFmtId="164" '
              f'fontId="0" fillId="0" borderId="0" applyNumberFormat="1"/></cellXfs></styleSheet>')
    return _zip({
        "[Content_Types].xml": (
            f'<Types xmlns="{CT}"><Default Extension="rels" ContentType="application/vnd.'
            f'openxmlformats-package.relationships+xml"/><Default Extension="xml" '
            f'ContentType="application/xml"/><Override PartName="/xl/workbook.xml" '
            f'ContentType="{SML}.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" '
            f'ContentType="{SML}.worksheet+xml"/><Override PartName="/xl/styles.xml" '
            f'ContentType="{SML}.styles+xml"/><Override PartName="/xl/sharedStrings.xml" '
            f'ContentType="{SML}.sharedStrings+xml"/></Types>'),
        "_rels/.rels": _rels([("rId1", "officeDocument", "xl/workbook.xml")]),
        "xl/workbook.xml": (f'<workbook xmlns="{S}" xmlns:r="{R}"><sheets><sheet name="Data" '
                            f'sheetId="1" r:id="rId1"/></sheets></workbook>'),
        "xl/_rels/workbook.xml.rels": _rels([("rId1", "worksheet", "worksheets/sheet1.xml"),
                                             ("rId2", "styles", "styles.xml"),
                                             ("rId3", "sharedStrings", "sharedStrings.xml")]),
        "xl/worksheets/sheet1.xml": sheet, "xl/sharedStrings.xml": sst, "xl/styles.xml": styles})


def excel_rubric(rows: int) -> str:
    last = rows + 1
    return f"""<rubric xmlns="urn:officeeval:rubric:1" id="scale-excel" app="excel">
  <criterion id="c1" skill="a" points="20"><check select="'Data'!A1" property="cell.value" expected="姓名"/></criterion>
  <criterion id="c2" skill="a" points="20"><check select="'Data'!E{last}" property="cell.value" expected="{last}"/></criterion>
  <criterion id="c3" skill="b" points="20"><check select="'Data'!D2:D{last}" property="cell.number_format" expected="0.0"/></criterion>
  <criterion id="c4" skill="b" points="20"><check select="'Data'!D2" property="cell.formula" expected="=B2+C2"/></criterion>
  <criterion id="c5" skill="c" points="20"><check select="sheet('Data')" property="sheet.freeze" expected="A2"/></criterion>
</rubric>"""


# ---------------------------------------------------------------------------- PowerPoint
def pptx_bytes(slides: int) -> bytes:
    from pptx import Presentation
    from pptx.util import Pt
    prs = Presentation()
    for i in range(slides):
        s = prs.slides.add_slide(prs.slide_layouts[1])
        s.shapes.title.text = f"第{i + 1}页 活动安排"
        s.shapes.title.text_frame.paragraphs[0].runs[0].font.size = Pt(40)
        body = s.placeholders[1].text_frame
        body.text = "开幕式"
        for t in ("主题讲座", "读书分享会"):
            body.add_paragraph().text = t
    buf = io.BytesIO()
    prs.save(buf)
    return buf.getvalue()


def ppt_rubric(slides: int) -> str:
    return f"""<rubric xmlns="urn:officeeval:rubric:1" id="scale-ppt" app="ppt">
  <criterion id="c1" skill="a" points="20"><check select="presentation" property="slide.count" expected="{slides}"/></criterion>
  <criterion id="c2" skill="a" points="20"><check select="slide/title" property="font.size" expected="40pt"/></criterion>
  <criterion id="c3" skill="b" points="20"><check select="slide" property="slide.layout" expected="Title and Content"/></criterion>
  <criterion id="c4" skill="b" points="20"><check select="slide[-1]" property="slide.title" expected="第{slides}页 活动安排"/></criterion>
  <criterion id="c5" skill="c" points="20"><check select="slide/placeholder[type='body']" property="shape.text" op="contains" expected="讲座"/></criterion>
</rubric>"""


BUILDERS = {"word": (docx_bytes, ".docx"), "excel": (xlsx_bytes, ".xlsx"),
            "ppt": (pptx_bytes, ".pptx")}
RUBRICS = {"word": word_rubric, "excel": excel_rubric, "ppt": ppt_rubric}


def build(app: str, n: int, workdir: Path) -> Path:
    fn, ext = BUILDERS[app]
    path = workdir / f"scale-{app}-{n}{ext}"
    path.write_bytes(fn(n))
    return path
