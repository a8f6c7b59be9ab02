# Independent solution written from the prompt alone (word-l2-transit, text-only)
# Step 1: core properties title / author / keywords.
# Step 2: all sections: A4, top/bottom 1418 twips (2.5 cm), left/right 1588 (2.8 cm), header/footer distance 851 (1.5 cm).
# Step 3: every "公交专用到" -> "公交专用道" (run-safe replacement).
# Step 4: style heading 1: eastAsia 黑体, 18 pt (小二), bold, beforeLines 50, afterLines 100, pageBreakBefore;
#         example-3 not shown -> centred, colour black.
# Step 5: style heading 2: eastAsia 黑体, 14 pt (四号), bold, colour 000000, before/after 0.5 line.
# Step 6: new style 调研正文 (based on Normal): 仿宋 / Times New Roman, 12 pt, justified, firstLineChars 200, line exact 20 pt.
# Step 7: "第n章…" -> Heading 1, "n.n …" -> Heading 2, remaining body paragraphs -> 调研正文 (not cover/table/chart/captions).
# Step 8: the 6 tab-separated lines -> 6x4 table (Light Grid Accent 1, centred on the page, cells centred, row 1 tblHeader).
# Step 9: centred Caption paragraph "表 {SEQ 表} 2021—2025年…（万人次）" above the table; "下表" -> { REF _Ref… \h } ("表 1").
# Step 10: native chart part (c:chartSpace, clustered column, 3 series x 5 years from the table, title, legend bottom,
#          value-axis title "日均客运量（万人次）") + embedded xlsx (openpyxl) with the same data; inline 14 x 7.5 cm in a
#          new centred paragraph right after "…如下图所示。".
# Step 11: centred Caption "图 {SEQ 图} 主城区公共交通日均客运量变化" below the chart; "下图" -> { REF _Ref… \h } ("图 1").
# Step 12: cover: lines 1-2 黑体 bold (一号 / 小初), lines 3-4 楷体 三号, all centred; cover section vAlign=center.
# Step 13: nextPage section breaks: cover | TOC | body.
# Step 14: "目录" (黑体 三号, centred) + { TOC \o "1-2" \h \z \u } with cached hyperlinked entries whose PAGEREF results are
#          the real page numbers (each chapter starts a new page and fits on one page -> chapter n on body page n).
# Step 15: cover: empty headers/footers; TOC: empty headers, centred PAGE footers, pgNumType upperRoman start 1.
# Step 16: evenAndOddHeaders on; body: odd header / even header texts (centred), odd+even footers centred PAGE,
#          pgNumType decimal start 1.
# ---------------------------------------------------------------- helpers
import copy
from docx import Document
from docx.shared import Pt, Cm, RGBColor, Emu, Twips
from docx.enum.text import WD_ALIGN_PARAGRAPH
from docx.oxml.ns import qn
from docx.oxml import OxmlElement


def _get_or_add(parent, tag, before=None):
    el = parent.find(qn(tag))
    if el is None:
        el = OxmlElement(tag)
        parent.append(el)
    return el


def set_fonts(run, east=None, west=None):
    """Set East-Asian and/or western (ascii/hAnsi) font of a run."""
    rPr = run._r.get_or_add_rPr()
    rFonts = rPr.find(qn('w:rFonts'))
    if rFonts is None:
        rFonts = OxmlElement('w:rFonts')
        rPr.insert(0, rFonts)
    if east:
        rFonts.set(qn('w:eastAsia'), east)
        for a in ('w:eastAsiaTheme',):
            if rFonts.get(qn(a)) is not None:
                del rFonts.attrib[qn(a)]
        rFonts.set(qn('w:hint'), 'eastAsia')
    if west:
        rFonts.set(qn('w:ascii'), west)
        rFonts.set(qn('w:hAnsi'), west)
        for a in ('w:asciiTheme', 'w:hAnsiTheme'):
            if rFonts.get(qn(a)) is not None:
                del rFonts.attrib[qn(a)]
    reorder_rPr(rPr)


def run_text_len(r):
    n = 0
    for ch in r:
        if ch.tag == qn('w:t'):
            n += len(ch.text or '')
        elif ch.tag in (qn('w:tab'), qn('w:br'), qn('w:cr')):
            n += 1
    return n


def _split_run(r, k):
    """Split w:r element r (text only) at character k; returns (left, right)."""
    ts = r.findall(qn('w:t'))
    full = ''.join(t.text or '' for t in ts)
    right = copy.deepcopy(r)
    for t in ts[1:]:
        r.remove(t)
    ts[0].text = full[:k]
    ts[0].set('{http://www.w3.org/XML/1998/namespace}space', 'preserve')
    rts = right.findall(qn('w:t'))
    for t in rts[1:]:
        right.remove(t)
    rts[0].text = full[k:]
    rts[0].set('{http://www.w3.org/XML/1998/namespace}space', 'preserve')
    r.addnext(right)
    return r, right


def isolate(paragraph, sub, occurrence=None):
    """Split runs so each occurrence of `sub` is made of whole runs.
    Returns list of lists of docx Run objects (one list per occurrence)."""
    from docx.text.run import Run
    results = []
    text = paragraph.text
    starts = []
    i = text.find(sub)
    while i >= 0:
        starts.append(i)
        i = text.find(sub, i + len(sub))
    if occurrence is not None:
        starts = [starts[occurrence]]
    for s in starts:
        e = s + len(sub)
        for boundary in (s, e):
            pos = 0
            for r in list(paragraph._p.iter(qn('w:r'))):
                ln = run_text_len(r)
                if pos < boundary < pos + ln:
                    _split_run(r, boundary - pos)
                    break
                pos += ln
        runs = []
        pos = 0
        for r in list(paragraph._p.iter(qn('w:r'))):
            ln = run_text_len(r)
            if ln and pos >= s and pos + ln <= e:
                runs.append(Run(r, paragraph))
            pos += ln
        results.append(runs)
    return results


def set_spacing(paragraph, before_lines=None, after_lines=None, before_pt=None, after_pt=None,
                line_mult=None, line_exact_pt=None, line_atleast_pt=None):
    pPr = paragraph._p.get_or_add_pPr()
    sp = pPr.find(qn('w:spacing'))
    if sp is None:
        sp = OxmlElement('w:spacing')
        # schema order: keep simple – python-docx will accept insertion anywhere for Word
        pPr.append(sp)
    if before_lines is not None:
        sp.set(qn('w:beforeLines'), str(int(round(before_lines * 100))))
        sp.set(qn('w:before'), str(int(round(before_lines * 312))))
    if after_lines is not None:
        sp.set(qn('w:afterLines'), str(int(round(after_lines * 100))))
        sp.set(qn('w:after'), str(int(round(after_lines * 312))))
    if before_pt is not None:
        sp.set(qn('w:before'), str(int(round(before_pt * 20))))
        if sp.get(qn('w:beforeLines')) is not None:
            del sp.attrib[qn('w:beforeLines')]
    if after_pt is not None:
        sp.set(qn('w:after'), str(int(round(after_pt * 20))))
        if sp.get(qn('w:afterLines')) is not None:
            del sp.attrib[qn('w:afterLines')]
    if line_mult is not None:
        sp.set(qn('w:line'), str(int(round(line_mult * 240))))
        sp.set(qn('w:lineRule'), 'auto')
    if line_exact_pt is not None:
        sp.set(qn('w:line'), str(int(round(line_exact_pt * 20))))
        sp.set(qn('w:lineRule'), 'exact')
    if line_atleast_pt is not None:
        sp.set(qn('w:line'), str(int(round(line_atleast_pt * 20))))
        sp.set(qn('w:lineRule'), 'atLeast')
    _reorder_pPr(pPr)


def set_indent_chars(paragraph, first_chars=None, left_chars=None, right_chars=None, hanging_chars=None,
                     font_pt=12):
    pPr = paragraph._p.get_or_add_pPr()
    ind = pPr.find(qn('w:ind'))
    if ind is None:
        ind = OxmlElement('w:ind')
        pPr.append(ind)
    if first_chars is not None:
        ind.set(qn('w:firstLineChars'), str(int(round(first_chars * 100))))
        ind.set(qn('w:firstLine'), str(int(round(first_chars * font_pt * 20))))
        for a in ('w:hanging', 'w:hangingChars'):
            if ind.get(qn(a)) is not None:
                del ind.attrib[qn(a)]
    if hanging_chars is not None:
        ind.set(qn('w:hangingChars'), str(int(round(hanging_chars * 100))))
        ind.set(qn('w:hanging'), str(int(round(hanging_chars * font_pt * 20))))
    if left_chars is not None:
        ind.set(qn('w:leftChars'), str(int(round(left_chars * 100))))
        ind.set(qn('w:left'), str(int(round(left_chars * font_pt * 20))))
    if right_chars is not None:
        ind.set(qn('w:rightChars'), str(int(round(right_chars * 100))))
        ind.set(qn('w:right'), str(int(round(right_chars * font_pt * 20))))
    _reorder_pPr(pPr)


_PPR_ORDER = ['pStyle', 'keepNext', 'keepLines', 'pageBreakBefore', 'framePr', 'widowControl', 'numPr',
              'suppressLineNumbers', 'pBdr', 'shd', 'tabs', 'suppressAutoHyphens', 'kinsoku', 'wordWrap',
              'overflowPunct', 'topLinePunct', 'autoSpaceDE', 'autoSpaceDN', 'bidi', 'adjustRightInd',
              'snapToGrid', 'spacing', 'ind', 'contextualSpacing', 'mirrorIndents', 'suppressOverlap', 'jc',
              'textDirection', 'textAlignment', 'textboxTightWrap', 'outlineLvl', 'divId', 'cnfStyle', 'rPr',
              'sectPr', 'pPrChange']


def _reorder_pPr(pPr):
    kids = list(pPr)
    def key(el):
        name = el.tag.split('}')[1]
        return _PPR_ORDER.index(name) if name in _PPR_ORDER else 999
    kids.sort(key=key)
    for k in kids:
        pPr.remove(k)
    for k in kids:
        pPr.append(k)


_RPR_ORDER = ['rStyle', 'rFonts', 'b', 'bCs', 'i', 'iCs', 'caps', 'smallCaps', 'strike', 'dstrike', 'outline',
              'shadow', 'emboss', 'imprint', 'noProof', 'snapToGrid', 'vanish', 'webHidden', 'color', 'spacing',
              'w', 'kern', 'position', 'sz', 'szCs', 'highlight', 'u', 'effect', 'bdr', 'shd', 'fitText',
              'vertAlign', 'rtl', 'cs', 'em', 'lang', 'eastAsianLayout', 'specVanish', 'oMath']


def reorder_rPr(rPr):
    kids = list(rPr)
    def key(el):
        name = el.tag.split('}')[1]
        return _RPR_ORDER.index(name) if name in _RPR_ORDER else 999
    kids.sort(key=key)
    for k in kids:
        rPr.remove(k)
    for k in kids:
        rPr.append(k)


def set_emphasis(run, val='dot'):
    rPr = run._r.get_or_add_rPr()
    em = rPr.find(qn('w:em'))
    if em is None:
        em = OxmlElement('w:em')
        rPr.append(em)
    em.set(qn('w:val'), val)
    reorder_rPr(rPr)


def add_field(paragraph, instr, cached='1'):
    """Append a complex field (fldChar begin/instr/separate/result/end) to paragraph."""
    def mk(kind=None, text=None, instr_text=None):
        r = OxmlElement('w:r')
        if kind:
            fc = OxmlElement('w:fldChar')
            fc.set(qn('w:fldCharType'), kind)
            r.append(fc)
        if instr_text is not None:
            it = OxmlElement('w:instrText')
            it.set('{http://www.w3.org/XML/1998/namespace}space', 'preserve')
            it.text = instr_text
            r.append(it)
        if text is not None:
            t = OxmlElement('w:t')
            t.set('{http://www.w3.org/XML/1998/namespace}space', 'preserve')
            t.text = text
            r.append(t)
        paragraph._p.append(r)
        return r
    mk('begin')
    mk(instr_text=' %s ' % instr.strip())
    mk('separate')
    res = mk(text=cached)
    mk('end')
    return res
# ---------------------------------------------------------------- end helpers


def clear_runs(paragraph):
    for r in list(paragraph._p):
        if r.tag in (qn('w:r'), qn('w:hyperlink'), qn('w:fldSimple')):
            paragraph._p.remove(r)
import re
from docx.enum.style import WD_STYLE_TYPE
from docx.enum.table import WD_TABLE_ALIGNMENT
from docx.text.paragraph import Paragraph
from docx.opc.part import Part
from docx.opc.packuri import PackURI
from docx.opc.constants import RELATIONSHIP_TYPE as RT

XML_SPACE = '{http://www.w3.org/XML/1998/namespace}space'
W_NS = 'http://schemas.openxmlformats.org/wordprocessingml/2006/main'
TEXT_W = 11906 - 2 * 1701           # A4 width minus 3 cm margins = 8504 twips


def el(tag, **attrs):
    e = OxmlElement(tag)
    for k, v in attrs.items():
        e.set(qn('w:' + k), str(v))
    return e


def style_fonts(style, east=None, west=None):
    rPr = style.element.get_or_add_rPr()
    rFonts = rPr.find(qn('w:rFonts'))
    if rFonts is None:
        rFonts = OxmlElement('w:rFonts')
        rPr.insert(0, rFonts)
    if east:
        rFonts.set(qn('w:eastAsia'), east)
        if rFonts.get(qn('w:eastAsiaTheme')) is not None:
            del rFonts.attrib[qn('w:eastAsiaTheme')]
    if west:
        for a in ('ascii', 'hAnsi'):
            rFonts.set(qn('w:' + a), west)
            if rFonts.get(qn('w:%sTheme' % a)) is not None:
                del rFonts.attrib[qn('w:%sTheme' % a)]
    reorder_rPr(rPr)


def style_color_black(style):
    rPr = style.element.get_or_add_rPr()
    for c in rPr.findall(qn('w:color')):
        rPr.remove(c)
    rPr.append(el('w:color', val='000000'))
    reorder_rPr(rPr)


def style_spacing(style, before_lines=None, after_lines=None, line_mult=None):
    pPr = style.element.get_or_add_pPr()
    sp = pPr.find(qn('w:spacing'))
    if sp is None:
        sp = OxmlElement('w:spacing')
        pPr.append(sp)
    if before_lines is not None:
        sp.set(qn('w:beforeLines'), str(int(before_lines * 100)))
        sp.set(qn('w:before'), str(int(before_lines * 312)))
    if after_lines is not None:
        sp.set(qn('w:afterLines'), str(int(after_lines * 100)))
        sp.set(qn('w:after'), str(int(after_lines * 312)))
    if line_mult is not None:
        sp.set(qn('w:line'), str(int(line_mult * 240)))
        sp.set(qn('w:lineRule'), 'auto')
    _reorder_pPr(pPr)


def mk_run(text=None, fld=None, instr=None, rPr_children=(), tab=False):
    r = OxmlElement('w:r')
    if rPr_children:
        rPr = OxmlElement('w:rPr')
        for c in rPr_children:
            rPr.append(copy.deepcopy(c))
        r.append(rPr)
    if fld:
        r.append(el('w:fldChar', fldCharType=fld))
    if instr is not None:
        it = OxmlElement('w:instrText')
        it.set(XML_SPACE, 'preserve')
        it.text = instr
        r.append(it)
    if tab:
        r.append(OxmlElement('w:tab'))
    if text is not None:
        t = OxmlElement('w:t')
        t.set(XML_SPACE, 'preserve')
        t.text = text
        r.append(t)
    return r


def field_runs(instr, result, rPr_children=()):
    return [mk_run(fld='begin', rPr_children=rPr_children),
            mk_run(instr=' %s ' % instr, rPr_children=rPr_children),
            mk_run(fld='separate', rPr_children=rPr_children),
            mk_run(text=result, rPr_children=rPr_children),
            mk_run(fld='end', rPr_children=rPr_children)]


_bm_id = [100]


def bookmark(name, first, last):
    _bm_id[0] += 1
    bs = el('w:bookmarkStart', id=_bm_id[0], name=name)
    be = el('w:bookmarkEnd', id=_bm_id[0])
    first.addprevious(bs)
    last.addnext(be)


def add_builtin_style(doc, style_id, name, stype, based=None, ui=99, semi_hidden=True):
    for s in doc.styles:
        if s.style_id == style_id:
            return s
    st = doc.styles.add_style(name, stype)
    st.element.set(qn('w:styleId'), style_id)
    if st.element.get(qn('w:customStyle')) is not None:
        del st.element.attrib[qn('w:customStyle')]
    if based is not None:
        st.base_style = doc.styles[based]
    st.priority = ui
    st.unhide_when_used = True
    st.hidden = semi_hidden
    return st


def replace_text(paragraph, old, new):
    n = 0
    while old in paragraph.text:
        occ = isolate(paragraph, old, occurrence=0)[0]
        first = occ[0]
        ts = first._r.findall(qn('w:t'))
        ts[0].text = new
        for r in occ[1:]:
            r._r.getparent().remove(r._r)
        n += 1
    return n


import io
import openpyxl

C_NS = 'http://schemas.openxmlformats.org/drawingml/2006/chart'
A_NS = 'http://schemas.openxmlformats.org/drawingml/2006/main'
R_NS = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships'
WP_NS = 'http://schemas.openxmlformats.org/drawingml/2006/wordprocessingDrawing'
RT_CHART = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships/chart'
RT_PACKAGE = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships/package'
CT_CHART = 'application/vnd.openxmlformats-officedocument.drawingml.chart+xml'
CT_XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'


def xesc(s):
    return (s.replace('&', '&amp;').replace('<', '&lt;').replace('>', '&gt;').replace('"', '&quot;'))


def col_letter(i):
    return 'ABCDEFGHIJ'[i]


def build_chart(doc, header, data_rows, title, y_title):
    """Create chart part + embedded workbook; return the chart relationship id."""
    cats = [r[0] for r in data_rows]
    series = header[1:]
    # embedded workbook
    wb = openpyxl.Workbook()
    ws = wb.active
    ws.title = 'Sheet1'
    ws.append(header)
    for r in data_rows:
        ws.append([r[0]] + [float(v) for v in r[1:]])
    bio = io.BytesIO()
    wb.save(bio)
    n = len(cats)
    ser_xml = []
    for si, name in enumerate(series):
        col = col_letter(si + 1)
        cat_pts = ''.join('<c:pt idx="%d"><c:v>%s</c:v></c:pt>' % (k, xesc(c)) for k, c in enumerate(cats))
        val_pts = ''.join('<c:pt idx="%d"><c:v>%s</c:v></c:pt>' % (k, repr(float(r[si + 1])))
                          for k, r in enumerate(data_rows))
        ser_xml.append(
            '<c:ser><c:idx val="%d"/><c:order val="%d"/>'
            '<c:tx><c:strRef><c:f>Sheet1!$%s$1</c:f><c:strCache><c:ptCount val="1"/><c:pt idx="0"><c:v>%s</c:v></c:pt></c:strCache></c:strRef></c:tx>'
            '<c:invertIfNegative val="0"/>'
            '<c:cat><c:strRef><c:f>Sheet1!$A$2:$A$%d</c:f><c:strCache><c:ptCount val="%d"/>%s</c:strCache></c:strRef></c:cat>'
            '<c:val><c:numRef><c:f>Sheet1!$%s$2:$%s$%d</c:f><c:numCache><c:formatCode>General</c:formatCode><c:ptCount val="%d"/>%s</c:numCache></c:numRef></c:val>'
            '</c:ser>' % (si, si, col, xesc(name), n + 1, n, cat_pts, col, col, n + 1, n, val_pts))
    font = '<a:latin typeface="Times New Roman"/><a:ea typeface="宋体"/>'
    xml = (
        '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'
        '<c:chartSpace xmlns:c="%s" xmlns:a="%s" xmlns:r="%s">'
        '<c:date1904 val="0"/><c:lang val="zh-CN"/><c:roundedCorners val="0"/>'
        '<c:chart>'
        '<c:title><c:tx><c:rich><a:bodyPr/><a:lstStyle/><a:p><a:pPr><a:defRPr sz="1200" b="1"/></a:pPr>'
        '<a:r><a:rPr lang="zh-CN" altLang="en-US" sz="1200" b="1">%s</a:rPr><a:t>%s</a:t></a:r></a:p></c:rich></c:tx>'
        '<c:overlay val="0"/></c:title>'
        '<c:autoTitleDeleted val="0"/>'
        '<c:plotArea><c:layout/>'
        '<c:barChart><c:barDir val="col"/><c:grouping val="clustered"/><c:varyColors val="0"/>%s'
        '<c:gapWidth val="150"/><c:axId val="50010001"/><c:axId val="50010002"/></c:barChart>'
        '<c:catAx><c:axId val="50010001"/><c:scaling><c:orientation val="minMax"/></c:scaling><c:delete val="0"/>'
        '<c:axPos val="b"/><c:numFmt formatCode="General" sourceLinked="1"/><c:majorTickMark val="out"/>'
        '<c:minorTickMark val="none"/><c:tickLblPos val="nextTo"/><c:crossAx val="50010002"/><c:crosses val="autoZero"/>'
        '<c:auto val="1"/><c:lblAlgn val="ctr"/><c:lblOffset val="100"/><c:noMultiLvlLbl val="0"/></c:catAx>'
        '<c:valAx><c:axId val="50010002"/><c:scaling><c:orientation val="minMax"/></c:scaling><c:delete val="0"/>'
        '<c:axPos val="l"/><c:majorGridlines/>'
        '<c:title><c:tx><c:rich><a:bodyPr rot="-5400000" vert="horz"/><a:lstStyle/><a:p><a:pPr><a:defRPr sz="900" b="0"/></a:pPr>'
        '<a:r><a:rPr lang="zh-CN" altLang="en-US" sz="900" b="0">%s</a:rPr><a:t>%s</a:t></a:r></a:p></c:rich></c:tx>'
        '<c:overlay val="0"/></c:title>'
        '<c:numFmt formatCode="General" sourceLinked="1"/><c:majorTickMark val="out"/><c:minorTickMark val="none"/>'
        '<c:tickLblPos val="nextTo"/><c:crossAx val="50010001"/><c:crosses val="autoZero"/><c:crossBetween val="between"/></c:valAx>'
        '</c:plotArea>'
        '<c:legend><c:legendPos val="b"/><c:overlay val="0"/></c:legend>'
        '<c:plotVisOnly val="1"/><c:dispBlanksAs val="gap"/>'
        '</c:chart>'
        '<c:txPr><a:bodyPr/><a:lstStyle/><a:p><a:pPr><a:defRPr sz="900">%s</a:defRPr></a:pPr><a:endParaRPr lang="zh-CN"/></a:p></c:txPr>'
        '<c:externalData r:id="rId1"><c:autoUpdate val="0"/></c:externalData>'
        '</c:chartSpace>') % (C_NS, A_NS, R_NS, font, xesc(title), ''.join(ser_xml), font, xesc(y_title), font)
    package = doc.part.package
    chart_part = Part(PackURI('/word/charts/chart1.xml'), CT_CHART, xml.encode('utf-8'), package)
    xlsx_part = Part(PackURI('/word/embeddings/Microsoft_Excel_Worksheet.xlsx'), CT_XLSX, bio.getvalue(), package)
    rid_x = chart_part.relate_to(xlsx_part, RT_PACKAGE)
    assert rid_x == 'rId1', rid_x
    return doc.part.relate_to(chart_part, RT_CHART)


def chart_inline_run(rid, cx, cy, docpr_id, name='图表 1'):
    from lxml import etree
    xml = (
        '<w:r xmlns:w="%s" xmlns:wp="%s" xmlns:a="%s" xmlns:c="%s" xmlns:r="%s">'
        '<w:drawing><wp:inline distT="0" distB="0" distL="0" distR="0">'
        '<wp:extent cx="%d" cy="%d"/><wp:effectExtent l="0" t="0" r="0" b="0"/>'
        '<wp:docPr id="%d" name="%s"/><wp:cNvGraphicFramePr/>'
        '<a:graphic><a:graphicData uri="http://schemas.openxmlformats.org/drawingml/2006/chart">'
        '<c:chart r:id="%s"/></a:graphicData></a:graphic></wp:inline></w:drawing></w:r>'
        % (W_NS, WP_NS, A_NS, C_NS, R_NS, cx, cy, docpr_id, name, rid))
    return etree.fromstring(xml)


def add_caption(doc, anchor_el, where, label, title, ref_name):
    cap = OxmlElement('w:p')
    if where == 'before':
        anchor_el.addprevious(cap)
    else:
        anchor_el.addnext(cap)
    cp = Paragraph(cap, doc._body)
    cp.style = doc.styles['Caption']
    cp.alignment = WD_ALIGN_PARAGRAPH.CENTER
    r_label = mk_run(text=label + ' ')
    cap.append(r_label)
    seq = field_runs('SEQ %s \\* ARABIC' % label, '1')
    for r in seq:
        cap.append(r)
    cap.append(mk_run(text=' ' + title))
    bookmark(ref_name, r_label, seq[-1])
    return cap


def make_cross_ref(paragraph, word, ref_name, shown):
    occ = isolate(paragraph, word, occurrence=0)[0]
    rPr = occ[0]._r.find(qn('w:rPr'))
    rc = list(rPr) if rPr is not None else []
    for r in field_runs('REF %s \\h' % ref_name, shown, rc):
        occ[0]._r.addprevious(r)
    for r in occ:
        r._r.getparent().remove(r._r)


def main():
    doc = Document('input.docx')
    body = doc.element.body
    paras = list(doc.paragraphs)
    styles = doc.styles

    # ---------------- 1. properties
    cpr = doc.core_properties
    cpr.title = '云溪市主城区公共交通出行调查报告'
    cpr.author = '云溪市交通发展研究中心'
    cpr.keywords = '公共交通;出行调查'

    # ---------------- 3. typo
    for p in paras:
        replace_text(p, '公交专用到', '公交专用道')

    # ---------------- 4. Heading 1
    h1 = styles['Heading 1']
    style_fonts(h1, east='黑体')
    h1.font.size = Pt(18)                         # 小二
    h1.font.bold = True
    style_spacing(h1, before_lines=0.5, after_lines=1)
    h1.paragraph_format.page_break_before = True
    h1.paragraph_format.alignment = WD_ALIGN_PARAGRAPH.CENTER   # example-3 not shown: centred
    style_color_black(h1)                                      # example-3 not shown: black
    # ---------------- 5. Heading 2
    h2 = styles['Heading 2']
    style_fonts(h2, east='黑体')
    h2.font.size = Pt(14)                         # 四号
    h2.font.bold = True
    style_color_black(h2)
    style_spacing(h2, before_lines=0.5, after_lines=0.5)

    # ---------------- 6. 调研正文
    bs = styles.add_style('调研正文', WD_STYLE_TYPE.PARAGRAPH)
    bs.base_style = styles['Normal']
    bs.next_paragraph_style = bs
    bs.quick_style = True
    style_fonts(bs, east='仿宋', west='Times New Roman')
    bs.font.size = Pt(12)
    bs.paragraph_format.alignment = WD_ALIGN_PARAGRAPH.JUSTIFY
    pPr = bs.element.get_or_add_pPr()
    pPr.append(el('w:ind', firstLineChars=200, firstLine=480))
    sp = el('w:spacing', line=400, lineRule='exact')         # fixed 20 pt
    pPr.append(sp)
    _reorder_pPr(pPr)

    # ---------------- 8. table
    intro = [p for p in paras if p.text.strip().endswith('见下表。')][0]
    i0 = paras.index(intro)
    data = []
    j = i0 + 1
    while j < len(paras) and '\t' in paras[j].text:
        data.append(paras[j])
        j += 1
    rows = [p.text.split('\t') for p in data]
    ncols = max(len(r) for r in rows)
    table = doc.add_table(rows=len(rows), cols=ncols)
    table.style = styles['Light Grid Accent 1']
    table.alignment = WD_TABLE_ALIGNMENT.CENTER
    tbl = table._tbl
    data[0]._p.addprevious(tbl)
    for p in data:
        body.remove(p._p)
    col_w = 2000
    tw = tbl.tblPr.find(qn('w:tblW'))
    tw.set(qn('w:w'), str(col_w * ncols))
    tw.set(qn('w:type'), 'dxa')
    for gc in tbl.tblGrid.findall(qn('w:gridCol')):
        gc.set(qn('w:w'), str(col_w))
    for ri, (row, vals) in enumerate(zip(table.rows, rows)):
        for ci, cell in enumerate(row.cells):
            cell.width = Twips(col_w)
            cell._tc.get_or_add_tcPr().append(el('w:vAlign', val='center'))
            cp_ = cell.paragraphs[0]
            cp_.alignment = WD_ALIGN_PARAGRAPH.CENTER
            cp_.add_run(vals[ci] if ci < len(vals) else '')
    table.rows[0]._tr.get_or_add_trPr().append(el('w:tblHeader'))
    remaining = [p for p in paras if p not in data]

    # ---------------- 7. apply styles
    h1_paras, h2_paras, text_paras = [], [], []
    for p in remaining[4:]:
        t = p.text.strip()
        if not t:
            continue
        if re.match(r'^第\d+章', t):
            p.style = h1
            h1_paras.append(p)
        elif re.match(r'^\d+\.\d+\s', t):
            p.style = h2
            h2_paras.append(p)
        else:
            p.style = bs
            text_paras.append(p)

    # ---------------- 9. table caption + cross-reference
    add_caption(doc, tbl, 'before', '表', '2021—2025年主城区公共交通日均客运量（万人次）', '_Ref218000001')
    make_cross_ref(intro, '下表', '_Ref218000001', '表 1')

    # ---------------- 10. chart after "…如下图所示。"
    fig_intro = [p for p in remaining if p.text.strip().endswith('如下图所示。')][0]
    rid = build_chart(doc, rows[0], rows[1:], '2021—2025年主城区公共交通日均客运量', '日均客运量（万人次）')
    chart_p = OxmlElement('w:p')
    fig_intro._p.addnext(chart_p)
    cpara = Paragraph(chart_p, doc._body)
    cpara.alignment = WD_ALIGN_PARAGRAPH.CENTER
    cpara.paragraph_format.line_spacing = 1.0
    cpara.paragraph_format.keep_with_next = True
    chart_p.append(chart_inline_run(rid, 5040000, 2700000, 101))      # 14 cm x 7.5 cm

    # ---------------- 11. figure caption + cross-reference
    add_caption(doc, chart_p, 'after', '图', '主城区公共交通日均客运量变化', '_Ref218000002')
    make_cross_ref(fig_intro, '下图', '_Ref218000002', '图 1')

    # ---------------- 12. cover
    cov = remaining[:4]
    specs = [('黑体', 26, True, 0, 0.5),         # 云溪市主城区            一号
             ('黑体', 36, True, 0, 0),           # 公共交通出行调查报告    小初
             ('楷体', 16, False, 6, 0.5),        # 云溪市交通发展研究中心  三号
             ('楷体', 16, False, 0, 0)]          # 2025年12月
    for p, (font, size, bold, bl, al) in zip(cov, specs):
        p.alignment = WD_ALIGN_PARAGRAPH.CENTER
        for r in p.runs:
            set_fonts(r, east=font, west=font)
            r.font.size = Pt(size)
            r.font.bold = bold
        kw = {}
        if bl:
            kw['before_lines'] = bl
        if al:
            kw['after_lines'] = al
        if kw:
            set_spacing(p, **kw)

    # ---------------- bookmarks on headings for the TOC
    heads = []
    k = 0
    chap = 0
    for p in remaining[4:]:
        if p in h1_paras or p in h2_paras:
            k += 1
            name = '_Toc2180001%02d' % k
            rs = p._p.findall(qn('w:r'))
            bookmark(name, rs[0], rs[-1])
            if p in h1_paras:
                chap += 1
            heads.append((1 if p in h1_paras else 2, p.text.strip(), name, chap))

    # ---------------- 13/14. sections + TOC
    for sid, nm, ind in (('TOC1', 'toc 1', None), ('TOC2', 'toc 2', 420)):
        st = add_builtin_style(doc, sid, nm, WD_STYLE_TYPE.PARAGRAPH, based='Normal', ui=39, semi_hidden=False)
        st.next_paragraph_style = styles['Normal']
        if ind:
            spp = st.element.get_or_add_pPr()
            spp.append(el('w:ind', leftChars=200, left=ind))
            _reorder_pPr(spp)

    # Page numbers: every chapter starts on a new page (Heading 1 has page-break-before) and each
    # chapter of this report fits on one A4 page, so chapter n (and its sections) is on body page n.
    page_of = {name: PAGE_OF_CHAPTER[ch - 1] for (_, _, name, ch) in heads}

    sect_final = body.find(qn('w:sectPr'))
    toc_title = OxmlElement('w:p')
    cov[-1]._p.addnext(toc_title)
    tt = Paragraph(toc_title, doc._body)
    tt.alignment = WD_ALIGN_PARAGRAPH.CENTER
    set_spacing(tt, after_lines=0.5)
    rr = tt.add_run('目录')
    set_fonts(rr, east='黑体', west='黑体')
    rr.font.size = Pt(16)                  # 三号
    rr.font.bold = False
    prev = toc_title
    for idx, (lvl, text, name, ch) in enumerate(heads):
        pe = OxmlElement('w:p')
        ppr = OxmlElement('w:pPr')
        ppr.append(el('w:pStyle', val='TOC%d' % lvl))
        tabs = OxmlElement('w:tabs')
        tabs.append(el('w:tab', val='right', leader='dot', pos=TEXT_W - 10))
        ppr.append(tabs)
        pe.append(ppr)
        if idx == 0:
            pe.append(mk_run(fld='begin'))
            pe.append(mk_run(instr=' TOC \\o "1-2" \\h \\z \\u '))
            pe.append(mk_run(fld='separate'))
        hl = el('w:hyperlink', anchor=name, history=1)
        hl.append(mk_run(text=text, rPr_children=[OxmlElement('w:noProof')]))
        wh = [OxmlElement('w:noProof'), OxmlElement('w:webHidden')]
        hl.append(mk_run(tab=True, rPr_children=wh))
        for r in field_runs('PAGEREF %s \\h' % name, str(page_of[name]), wh):
            hl.append(r)
        pe.append(hl)
        prev.addnext(pe)
        prev = pe
    toc_end = OxmlElement('w:p')
    toc_end.append(mk_run(fld='end'))
    prev.addnext(toc_end)

    # ---------------- 2. page setup on the template sectPr (copied to all sections)
    pgSz = sect_final.find(qn('w:pgSz'))
    pgSz.set(qn('w:w'), '11906')
    pgSz.set(qn('w:h'), '16838')
    pgMar = sect_final.find(qn('w:pgMar'))
    for a, v in (('top', 1418), ('bottom', 1418), ('left', 1588), ('right', 1588), ('header', 851), ('footer', 851)):
        pgMar.set(qn('w:' + a), str(v))

    def section_props(valign=None, pgfmt=None):
        s = copy.deepcopy(sect_final)
        for x in list(s):
            if x.tag in (qn('w:headerReference'), qn('w:footerReference'), qn('w:type'), qn('w:pgNumType'),
                         qn('w:titlePg'), qn('w:vAlign')):
                s.remove(x)
        s.insert(0, el('w:type', val='nextPage'))
        if pgfmt:
            s.find(qn('w:pgMar')).addnext(el('w:pgNumType', fmt=pgfmt, start=1))
        if valign:
            s.find(qn('w:cols')).addnext(el('w:vAlign', val=valign))
        return s

    s_cover = section_props(valign='center')
    s_toc = section_props(pgfmt='upperRoman')
    cpPr = cov[-1]._p.get_or_add_pPr()
    cpPr.append(s_cover)
    _reorder_pPr(cpPr)
    tpPr = OxmlElement('w:pPr')
    toc_end.insert(0, tpPr)
    tpPr.append(s_toc)
    for x in sect_final.findall(qn('w:type')):
        sect_final.remove(x)
    sect_final.insert(0, el('w:type', val='nextPage'))
    for x in sect_final.findall(qn('w:pgNumType')):
        sect_final.remove(x)
    pgMar.addnext(el('w:pgNumType', fmt='decimal', start=1))

    # ---------------- 15/16. headers and footers (odd/even pages are a document-wide setting)
    doc.settings.odd_and_even_pages_header_footer = True
    secs = doc.sections
    assert len(secs) == 3
    for s in secs:
        s.page_width = Twips(11906)
        s.page_height = Twips(16838)
        s.top_margin = Twips(1418)
        s.bottom_margin = Twips(1418)
        s.left_margin = Twips(1588)
        s.right_margin = Twips(1588)
        s.header_distance = Twips(851)
        s.footer_distance = Twips(851)
    s1, s2, s3 = secs

    def blank(hf):
        hf.is_linked_to_previous = False
        for p in hf.paragraphs:
            clear_runs(p)

    def page_footer(hf, cached):
        hf.is_linked_to_previous = False
        p = hf.paragraphs[0]
        clear_runs(p)
        p.alignment = WD_ALIGN_PARAGRAPH.CENTER
        add_field(p, 'PAGE', cached)

    def text_header(hf, text):
        hf.is_linked_to_previous = False
        p = hf.paragraphs[0]
        clear_runs(p)
        p.add_run(text)
        p.alignment = WD_ALIGN_PARAGRAPH.CENTER

    # cover: nothing (odd and even)
    for hf in (s1.header, s1.footer, s1.even_page_header, s1.even_page_footer):
        blank(hf)
    # TOC: no header, centred Roman page number in the footer (odd and even)
    blank(s2.header)
    blank(s2.even_page_header)
    page_footer(s2.footer, 'I')
    page_footer(s2.even_page_footer, 'II')
    # body: odd/even headers, centred Arabic page numbers
    text_header(s3.header, '云溪市主城区公共交通出行调查报告')
    text_header(s3.even_page_header, '云溪市交通发展研究中心')
    page_footer(s3.footer, '1')
    page_footer(s3.even_page_footer, '2')

    doc.save('output.docx')


# body page on which each chapter starts (chapter n starts page n: page-break-before, one page per chapter)
PAGE_OF_CHAPTER = [1, 2, 3, 4, 5]

if __name__ == '__main__':
    main()
