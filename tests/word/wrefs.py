"""A .docx with cross-references and a table of contents whose field result holds entries
(what Word writes after "Update field"): for the tests of ``toc[1]/entry``,
``field[type='REF']/target`` and ``field.target_text``, and their golden rows."""

from __future__ import annotations

import io
from pathlib import Path

from tests.word.wbuild import NORMAL, PKG, docx, field, p, r, style

STYLES = (NORMAL + style("Heading1", "heading 1", based_on="Normal")
          + style("Heading2", "heading 2", based_on="Normal")
          + style("TOC1", "toc 1", based_on="Normal") + style("TOC2", "toc 2", based_on="Normal")
          + style("Caption", "caption", based_on="Normal"))


def _entry(style_id: str, text: str, page: str, first: str = "", last: str = "") -> str:
    """One TOC result paragraph: heading, a tab (the leader) and the page number."""
    return (f'<w:p><w:pPr><w:pStyle w:val="{style_id}"/></w:pPr>{first}'
            f"{r(text)}<w:r><w:tab/></w:r>{r(page)}{last}</w:p>")


TOC = (_entry("TOC1", "引言", "1",
              first='<w:r><w:fldChar w:fldCharType="begin"/></w:r><w:r><w:instrText '
                    'xml:space="preserve"> TOC \\o "1-2" \\h \\z \\u </w:instrText></w:r>'
                    '<w:r><w:fldChar w:fldCharType="separate"/></w:r>')
       + _entry("TOC2", "研究背景", "2")
       + "<w:p><w:pPr><w:pStyle w:val=\"TOC1\"/></w:pPr>" + r("2") + "<w:r><w:tab/></w:r>"
       + r("结论") + "<w:r><w:tab/></w:r>" + r("iv") + "</w:p>"
       + '<w:p><w:r><w:fldChar w:fldCharType="end"/></w:r></w:p>')


CHART_NS = ('xmlns:c="http://schemas.openxmlformats.org/drawingml/2006/chart" '
            'xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main" '
            'xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"')


def _str_cache(ref: str, points: list[str]) -> str:
    pts = "".join(f'<c:pt idx="{i}"><c:v>{v}</c:v></c:pt>' for i, v in enumerate(points))
    return (f"<c:strRef><c:f>{ref}</c:f><c:strCache><c:ptCount val=\"{len(points)}\"/>{pts}"
            "</c:strCache></c:strRef>")


def _num_cache(ref: str, points: list[str]) -> str:
    pts = "".join(f'<c:pt idx="{i}"><c:v>{v}</c:v></c:pt>' for i, v in enumerate(points))
    return (f"<c:numRef><c:f>{ref}</c:f><c:numCache><c:formatCode>General</c:formatCode>"
            f"<c:ptCount val=\"{len(points)}\"/>{pts}</c:numCache></c:numRef>")


def chart_xml(name: str = "销量", months=("一月", "二月", "三月"),
              values=("10", "20", "30"), embedded: bool = True) -> str:
    """A column chart of one series caching ``name``, ``months`` and ``values`` for
    '数据'!B1, A2:A4 and B2:B4, embedding the workbook ``rIdBook`` when ``embedded``."""
    ext = '<c:externalData r:id="rIdBook"><c:autoUpdate val="0"/></c:externalData>' \
        if embedded else ""
    tx = _str_cache("'数据'!$B$1", [name])
    cat = _str_cache("'数据'!$A$2:$A$4", list(months))
    val = _num_cache("'数据'!$B$2:$B$4", list(values))
    return (f'<c:chartSpace {CHART_NS}><c:chart><c:plotArea><c:barChart>'
            '<c:barDir val="col"/><c:grouping val="clustered"/><c:ser><c:idx val="0"/>'
            f'<c:order val="0"/><c:tx>{tx}</c:tx><c:cat>{cat}</c:cat><c:val>{val}</c:val>'
            '</c:ser></c:barChart></c:plotArea></c:chart>' + ext + "</c:chartSpace>")


def chart_book(rows=(("月份", "销量"), ("一月", 10), ("二月", 20), ("三月", 30))) -> bytes:
    """The embedded workbook: sheet 数据 holding ``rows`` from A1."""
    from openpyxl import Workbook
    wb = Workbook()
    ws = wb.active
    ws.title = "数据"
    for row in rows:
        ws.append(list(row))
    buf = io.BytesIO()
    wb.save(buf)
    return buf.getvalue()


def chart_parts(chart: str | None = None, book: bytes | None = None) -> dict:
    """The parts of a chart (``word/charts/chart1.xml``, related from the document as
    ``rIdChart``) and its embedded workbook, for ``docx(parts=…)``."""
    rels = (f'<Relationships xmlns="{PKG}"><Relationship Id="rIdBook" Type="http://schemas.'
            'openxmlformats.org/officeDocument/2006/relationships/package" Target="../'
            'embeddings/Microsoft_Excel_Worksheet.xlsx"/></Relationships>')
    return {"word/charts/chart1.xml": (
                "application/vnd.openxmlformats-officedocument.drawingml.chart+xml",
                chart if chart is not None else chart_xml()),
            "word/charts/_rels/chart1.xml.rels": (
                "application/vnd.openxmlformats-package.relationships+xml", rels),
            "word/embeddings/Microsoft_Excel_Worksheet.xlsx": (
                "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
                book if book is not None else chart_book())}


CHART_PARAGRAPH = ('<w:p><w:r><w:drawing><wp:inline><wp:extent cx="3600000" cy="1800000"/>'
                   '<wp:docPr id="7" name="图表 1"/><a:graphic><a:graphicData uri="http://'
                   'schemas.openxmlformats.org/drawingml/2006/chart"><c:chart r:id="rIdChart"'
                   '/></a:graphicData></a:graphic></wp:inline></w:drawing></w:r></w:p>')
CHART_REL = ("rIdChart", "chart", "charts/chart1.xml", False)


def word_references(tmp_path: Path, name: str = "refs.docx") -> Path:
    """paragraph[1..4] the TOC (three entries; the last paragraph only ends the field),
    paragraph[5] a heading holding bookmark _Ref1, paragraph[6] a caption holding _Ref2,
    paragraph[7] REF fields to both and a PAGEREF to a missing bookmark, paragraph[8] a
    PAGE field, paragraph[9] a chart whose cache matches its embedded workbook."""
    body = (TOC
            + '<w:p><w:pPr><w:pStyle w:val="Heading1"/></w:pPr><w:bookmarkStart w:id="1" '
              'w:name="_Ref1"/>' + r("第一章 引言") + '<w:bookmarkEnd w:id="1"/></w:p>'
            + '<w:p><w:pPr><w:pStyle w:val="Caption"/></w:pPr><w:bookmarkStart w:id="2" '
              'w:name="_Ref2"/>' + r("图 ") + field("SEQ 图 \\* ARABIC", "1")
            + '<w:bookmarkEnd w:id="2"/>' + r(" 各月销售额") + "</w:p>"
            + "<w:p>" + r("见") + field("REF _Ref2 \\h", "图 1") + r("，详见")
            + field("REF _Ref1 \\h", "第一章 引言") + r("第")
            + field("PAGEREF _Ref9 \\h", "3") + r("页") + "</w:p>"
            + "<w:p>" + field("PAGE", "1") + "</w:p>" + CHART_PARAGRAPH)
    return docx(tmp_path, body, styles=STYLES, name=name, parts=chart_parts(),
                rels=[CHART_REL])
