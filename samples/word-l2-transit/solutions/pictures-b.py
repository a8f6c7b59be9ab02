# Independent solution written from the prompt alone (word-l2-transit, with pictures)
# Step 1: core properties title / author / keywords via python-docx.
# Step 2: all 3 sections: A4, top/bottom 2.5 cm, left/right 2.8 cm, header/footer distance 1.5 cm.
# Step 3: "公交专用到" -> "公交专用道" run by run in every paragraph.
# Step 4: style "heading 1": eastAsia 黑体, 18 pt (小二), bold, 0.5 line before, 1 line after, page break before,
#         centred, colour C00000 (dark red read from example-3.png).
# Step 5: style "heading 2": eastAsia 黑体, 14 pt (四号), bold, black, 0.5 line before and after.
# Step 6: new paragraph style "调研正文" based on Normal: 仿宋 / Times New Roman, 12 pt, justified,
#         first-line indent 2 chars, exact line spacing 20 pt.
# Step 7: "第N章…" -> Heading 1, "N.N …" -> Heading 2, other body paragraphs -> 调研正文.
# Step 8: the 6 tab-separated lines -> real 6x4 table, style "Light Grid Accent 1" (as in example-2), centred on
#         the page, cells centred, first row marked as repeating header row (w:tblHeader).
# Step 9: Caption paragraph above the table "表 {SEQ 表} 2021—2025年…（万人次）" (centred, _Ref bookmark), "下表"
#         replaced by REF field showing "表 1".
# Step 10: a native Word line chart (chart part + embedded xlsx workbook written with openpyxl) in a centred
#          paragraph after "……如下图所示。": 14 x 7.5 cm, line with markers, legend at bottom, value-axis title
#          "万人次", chart title as given; cached values = workbook values = table values.
# Step 11: Caption "图 {SEQ 图} 主城区公共交通日均客运量变化" below the chart (centred), "下图" -> REF field "图 1".
# Step 12: cover (first 4 paragraphs) centred; lines 1-2 黑体 bold (22 pt / 36 pt), lines 3-4 楷体 16 pt;
#          cover section vertically centred (vAlign=center).
# Step 13: next-page section breaks after the cover and after the TOC -> 3 sections.
# Step 14: "目录" (黑体 16 pt, centred) + TOC field  TOC \o "1-2" \h \z \u  with the cached entries filled in
#          (hyperlinks + PAGEREF); page numbers computed by a layout estimate (every chapter starts a new page
#          because of "page break before"); updateFields also set.
# Step 15: cover: empty headers/footers; TOC section: empty header, centred PAGE footer, upper-roman from I.
# Step 16: body: odd/even headers (settings evenAndOddHeaders), odd header / even header texts centred, both
#          footers centred PAGE field, decimal numbering from 1.

import copy
import io
import re

from docx import Document
from docx.enum.section import WD_SECTION
from docx.enum.style import WD_STYLE_TYPE
from docx.enum.table import WD_TABLE_ALIGNMENT, WD_CELL_VERTICAL_ALIGNMENT
from docx.enum.text import WD_ALIGN_PARAGRAPH
from docx.opc.constants import RELATIONSHIP_TYPE as RT
from docx.opc.packuri import PackURI
from docx.opc.part import Part
from docx.oxml import parse_xml
from docx.oxml.ns import qn, nsdecls
from docx.shared import Cm, Pt, RGBColor, Emu
from docx.text.paragraph import Paragraph
from openpyxl import Workbook

doc = Document('input.docx')
body = doc.element.body
styles = doc.styles
XML_SPACE = '{http://www.w3.org/XML/1998/namespace}space'

# ---------------------------------------------------------------- helpers


def el(tag, **attrs):
    e = parse_xml('<w:%s %s/>' % (tag, nsdecls('w')))
    for k, v in attrs.items():
        e.set(qn('w:' + k), str(v))
    return e


def set_rfonts(rpr, ascii=None, hansi=None, east=None, remove_theme=()):
    rf = rpr.find(qn('w:rFonts'))
    if rf is None:
        rf = el('rFonts')
        rpr.insert(0, rf)
    for t in remove_theme:
        a = qn('w:' + t)
        if a in rf.attrib:
            del rf.attrib[a]
    if ascii:
        rf.set(qn('w:ascii'), ascii)
    if hansi:
        rf.set(qn('w:hAnsi'), hansi)
    if east:
        rf.set(qn('w:eastAsia'), east)
    return rf


def run_el(text, rpr=None):
    r = el('r')
    if rpr is not None:
        r.append(copy.deepcopy(rpr))
    t = el('t')
    t.text = text
    t.set(XML_SPACE, 'preserve')
    r.append(t)
    return r


def fld_runs(instr, result, rpr=None):
    out = []

    def mk():
        r = el('r')
        if rpr is not None:
            r.append(copy.deepcopy(rpr))
        return r
    r = mk()
    r.append(el('fldChar', fldCharType='begin'))
    out.append(r)
    r = mk()
    it = el('instrText')
    it.text = ' %s ' % instr
    it.set(XML_SPACE, 'preserve')
    r.append(it)
    out.append(r)
    r = mk()
    r.append(el('fldChar', fldCharType='separate'))
    out.append(r)
    out.append(run_el(result, rpr))
    r = mk()
    r.append(el('fldChar', fldCharType='end'))
    out.append(r)
    return out


def new_p_after(p_el):
    np = el('p')
    p_el.addnext(np)
    return np


def new_p_before(p_el):
    np = el('p')
    p_el.addprevious(np)
    return np


_bm_id = [100]


def add_bookmark(p_el, name, first=None, last=None):
    bid = str(_bm_id[0])
    _bm_id[0] += 1
    bs = el('bookmarkStart', id=bid, name=name)
    be = el('bookmarkEnd', id=bid)
    kids = [c for c in p_el if c.tag != qn('w:pPr')]
    if first is None:
        first = kids[0] if kids else None
    if last is None:
        last = kids[-1] if kids else None
    if first is None:
        p_el.append(bs)
        p_el.append(be)
    else:
        first.addprevious(bs)
        last.addnext(be)


def get_or_add_ppr(p_el):
    ppr = p_el.find(qn('w:pPr'))
    if ppr is None:
        ppr = el('pPr')
        p_el.insert(0, ppr)
    return ppr


def strip_theme_color(rpr):
    col = rpr.find(qn('w:color'))
    if col is not None:
        for a in ('themeColor', 'themeShade', 'themeTint'):
            if qn('w:' + a) in col.attrib:
                del col.attrib[qn('w:' + a)]


def set_spacing(style, **kw):
    ppr = style.element.get_or_add_pPr()
    sp = ppr.find(qn('w:spacing'))
    if sp is None:
        sp = el('spacing')
        # spacing comes after keepNext/keepLines/pageBreakBefore/... ; append then let order be fixed
        ppr.append(sp)
    for a in list(sp.attrib):
        if a.split('}')[1] in ('before', 'after', 'beforeLines', 'afterLines', 'beforeAutospacing',
                               'afterAutospacing'):
            del sp.attrib[a]
    for k, v in kw.items():
        sp.set(qn('w:' + k), str(v))


PPR_ORDER = ['pStyle', 'keepNext', 'keepLines', 'pageBreakBefore', 'framePr', 'widowControl', 'numPr',
             'suppressLineNumbers', 'pBdr', 'shd', 'tabs', 'suppressAutoHyphens', 'kinsoku', 'wordWrap',
             'overflowPunct', 'topLinePunct', 'autoSpaceDE', 'autoSpaceDN', 'bidi', 'adjustRightInd',
             'snapToGrid', 'spacing', 'ind', 'contextualSpacing', 'mirrorIndents', 'suppressOverlap', 'jc',
             'textDirection', 'textAlignment', 'textboxTightWrap', 'outlineLvl', 'divId', 'cnfStyle', 'rPr',
             'sectPr', 'pPrChange']


def sort_ppr(ppr):
    kids = list(ppr)
    kids.sort(key=lambda c: PPR_ORDER.index(c.tag.split('}')[1]) if c.tag.split('}')[1] in PPR_ORDER else 99)
    for c in kids:
        ppr.remove(c)
    for c in kids:
        ppr.append(c)


# ---------------------------------------------------------------- step 1
cp = doc.core_properties
cp.title = '云溪市主城区公共交通出行调查报告'
cp.author = '云溪市交通发展研究中心'
cp.keywords = '公共交通;出行调查'

# ---------------------------------------------------------------- step 3


def fix_typo(paragraph, wrong='公交专用到', right='公交专用道'):
    for r in paragraph.runs:
        if wrong in r.text:
            r.text = r.text.replace(wrong, right)
    if wrong in paragraph.text:
        txt = paragraph.text.replace(wrong, right)
        runs = paragraph.runs
        runs[0].text = txt
        for r in runs[1:]:
            r._r.getparent().remove(r._r)


for p in doc.paragraphs:
    fix_typo(p)

# ---------------------------------------------------------------- steps 4-6 styles
h1 = styles['Heading 1']
h2 = styles['Heading 2']

h1.font.size = Pt(18)
h1.font.bold = True
h1.font.color.rgb = RGBColor(0xC0, 0x00, 0x00)
h1.paragraph_format.alignment = WD_ALIGN_PARAGRAPH.CENTER
h1.paragraph_format.page_break_before = True
rpr = h1.element.get_or_add_rPr()
set_rfonts(rpr, east='黑体', remove_theme=('eastAsiaTheme',))
strip_theme_color(rpr)
set_spacing(h1, before=156, beforeLines=50, after=312, afterLines=100)
sort_ppr(h1.element.pPr)

h2.font.size = Pt(14)
h2.font.bold = True
h2.font.color.rgb = RGBColor(0, 0, 0)
rpr = h2.element.get_or_add_rPr()
set_rfonts(rpr, east='黑体', remove_theme=('eastAsiaTheme',))
strip_theme_color(rpr)
set_spacing(h2, before=156, beforeLines=50, after=156, afterLines=50)
sort_ppr(h2.element.pPr)

bodystyle = styles.add_style('调研正文', WD_STYLE_TYPE.PARAGRAPH)
bodystyle.base_style = styles['Normal']
bodystyle.quick_style = True
bodystyle.font.size = Pt(12)
bodystyle.font.name = 'Times New Roman'
rpr = bodystyle.element.get_or_add_rPr()
set_rfonts(rpr, ascii='Times New Roman', hansi='Times New Roman', east='仿宋')
rpr.find(qn('w:rFonts')).set(qn('w:cs'), 'Times New Roman')
ppr = bodystyle.element.get_or_add_pPr()
ppr.append(el('spacing', line='400', lineRule='exact'))
ppr.append(el('ind', firstLineChars='200', firstLine='480'))
ppr.append(el('jc', val='both'))

# ---------------------------------------------------------------- classify
paras = list(doc.paragraphs)
cover = paras[:4]
rest = paras[4:]
H1_RE = re.compile(r'^第\s*[0-9一二三四五六七八九十]+\s*章')
H2_RE = re.compile(r'^\d+\.\d+\s*\S')

table_rows = []
started = False
for p in rest:
    if '\t' in p.text:
        started = True
        table_rows.append(p)
    elif started:
        break

headings = []
for p in rest:
    if p in table_rows:
        continue
    txt = p.text.strip()
    if not txt:
        continue
    if H1_RE.match(txt):
        p.style = h1
        headings.append((1, p))
    elif H2_RE.match(txt) and len(txt) < 40:
        p.style = h2
        headings.append((2, p))
    else:
        p.style = bodystyle

# ---------------------------------------------------------------- step 8 table
data = [[c.strip() for c in p.text.split('\t')] for p in table_rows]
n_rows = len(data)
n_cols = max(len(r) for r in data)
tbl = doc.add_table(rows=n_rows, cols=n_cols)
tbl.style = styles['Light Grid Accent 1']
tbl.alignment = WD_TABLE_ALIGNMENT.CENTER
text_w = Cm(21 - 2.8 - 2.8)
text_w_tw = int(round(text_w / 635))
col_tw = text_w_tw // n_cols
for ri, rowvals in enumerate(data):
    for ci in range(n_cols):
        cell = tbl.cell(ri, ci)
        cell.width = Emu(col_tw * 635)
        cell.vertical_alignment = WD_CELL_VERTICAL_ALIGNMENT.CENTER
        cpar = cell.paragraphs[0]
        cpar.alignment = WD_ALIGN_PARAGRAPH.CENTER
        cpar.add_run(rowvals[ci] if ci < len(rowvals) else '')
for gc in tbl._tbl.tblGrid.findall(qn('w:gridCol')):
    gc.set(qn('w:w'), str(col_tw))
tblW = tbl._tbl.tblPr.find(qn('w:tblW'))
tblW.set(qn('w:type'), 'dxa')
tblW.set(qn('w:w'), str(col_tw * n_cols))
trPr = tbl.rows[0]._tr.get_or_add_trPr()
trPr.append(el('tblHeader'))
table_rows[0]._p.addprevious(tbl._tbl)
for p in table_rows:
    p._p.getparent().remove(p._p)

# ---------------------------------------------------------------- caption helper


def make_caption(p_el, label, text, bm_name):
    cap = Paragraph(p_el, doc.paragraphs[0]._parent)
    cap.style = styles['Caption']
    cap.alignment = WD_ALIGN_PARAGRAPH.CENTER
    r_label = run_el(label + ' ')
    p_el.append(r_label)
    seq = fld_runs('SEQ %s \\* ARABIC' % label, '1')
    for r in seq:
        p_el.append(r)
    p_el.append(run_el(' ' + text))
    add_bookmark(p_el, bm_name, first=r_label, last=seq[-1])
    return cap


def replace_with_ref(marker, word, bm_name, shown):
    for p in doc.paragraphs:
        if marker in p.text:
            for r in p.runs:
                if word in r.text:
                    before, after = r.text.split(word, 1)
                    rpr0 = r._r.find(qn('w:rPr'))
                    r.text = before
                    anchor = r._r
                    for fr in fld_runs('REF %s \\h' % bm_name, shown, rpr0):
                        anchor.addnext(fr)
                        anchor = fr
                    if after:
                        anchor.addnext(run_el(after, rpr0))
                    return p
    return None


# ---------------------------------------------------------------- step 9
cap_t = new_p_before(tbl._tbl)
cap = make_caption(cap_t, '表', '2021—2025年主城区公共交通日均客运量（万人次）', '_Ref220000001')
cap.paragraph_format.keep_with_next = True
replace_with_ref('见下表', '下表', '_Ref220000001', '表 1')

# ---------------------------------------------------------------- step 10 chart
fig_par = None
for p in doc.paragraphs:
    if '如下图所示' in p.text:
        fig_par = p
        break

header = data[0]
cats = [r[0] for r in data[1:]]
series = []
for ci in range(1, n_cols):
    series.append((header[ci], [float(r[ci]) for r in data[1:]]))

# embedded workbook
wb = Workbook()
ws = wb.active
ws.title = 'Sheet1'
ws.cell(row=1, column=1, value=header[0])
for j, (name, vals) in enumerate(series):
    ws.cell(row=1, column=j + 2, value=name)
    for i, v in enumerate(vals):
        ws.cell(row=i + 2, column=j + 2, value=v)
for i, c in enumerate(cats):
    ws.cell(row=i + 2, column=1, value=c)
bio = io.BytesIO()
wb.save(bio)
xlsx_blob = bio.getvalue()


def col_letter(n):
    return chr(ord('A') + n)


def esc(s):
    return s.replace('&', '&amp;').replace('<', '&lt;').replace('>', '&gt;')


CHART_TITLE = '2021—2025年主城区公共交通日均客运量'
nrow = len(cats)
ser_xml = []
for j, (name, vals) in enumerate(series):
    colL = col_letter(j + 1)
    clr = 'accent%d' % (j + 1)
    cat_pts = ''.join('<c:pt idx="%d"><c:v>%s</c:v></c:pt>' % (i, esc(c)) for i, c in enumerate(cats))
    val_pts = ''.join('<c:pt idx="%d"><c:v>%s</c:v></c:pt>' % (i, repr(v)) for i, v in enumerate(vals))
    ser_xml.append(
        '<c:ser><c:idx val="%d"/><c:order val="%d"/>'
        '<c:tx><c:strRef><c:f>Sheet1!$%s$1</c:f><c:strCache><c:ptCount val="1"/><c:pt idx="0"><c:v>%s</c:v></c:pt>'
        '</c:strCache></c:strRef></c:tx>'
        '<c:spPr><a:ln w="28575" cap="rnd"><a:solidFill><a:schemeClr val="%s"/></a:solidFill><a:round/></a:ln></c:spPr>'
        '<c:marker><c:symbol val="circle"/><c:size val="7"/><c:spPr><a:solidFill><a:schemeClr val="%s"/></a:solidFill>'
        '<a:ln w="9525"><a:solidFill><a:schemeClr val="%s"/></a:solidFill></a:ln></c:spPr></c:marker>'
        '<c:cat><c:strRef><c:f>Sheet1!$A$2:$A$%d</c:f><c:strCache><c:ptCount val="%d"/>%s</c:strCache></c:strRef></c:cat>'
        '<c:val><c:numRef><c:f>Sheet1!$%s$2:$%s$%d</c:f><c:numCache><c:formatCode>General</c:formatCode>'
        '<c:ptCount val="%d"/>%s</c:numCache></c:numRef></c:val><c:smooth val="0"/></c:ser>'
        % (j, j, colL, esc(name), clr, clr, clr, nrow + 1, nrow, cat_pts, colL, colL, nrow + 1, nrow, val_pts))

chart_xml = (
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'
    '<c:chartSpace xmlns:c="http://schemas.openxmlformats.org/drawingml/2006/chart" '
    'xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main" '
    'xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships">'
    '<c:date1904 val="0"/><c:lang val="zh-CN"/><c:roundedCorners val="0"/>'
    '<c:chart>'
    '<c:title><c:tx><c:rich><a:bodyPr/><a:lstStyle/><a:p><a:pPr><a:defRPr sz="1400" b="1"/></a:pPr>'
    '<a:r><a:rPr lang="zh-CN" altLang="en-US" sz="1400" b="1"/><a:t>%s</a:t></a:r></a:p></c:rich></c:tx>'
    '<c:overlay val="0"/></c:title>'
    '<c:autoTitleDeleted val="0"/>'
    '<c:plotArea><c:layout/>'
    '<c:lineChart><c:grouping val="standard"/><c:varyColors val="0"/>%s'
    '<c:marker val="1"/><c:axId val="50010001"/><c:axId val="50010002"/></c:lineChart>'
    '<c:catAx><c:axId val="50010001"/><c:scaling><c:orientation val="minMax"/></c:scaling><c:delete val="0"/>'
    '<c:axPos val="b"/><c:numFmt formatCode="General" sourceLinked="1"/><c:majorTickMark val="out"/>'
    '<c:minorTickMark val="none"/><c:tickLblPos val="nextTo"/><c:crossAx val="50010002"/><c:crosses val="autoZero"/>'
    '<c:auto val="1"/><c:lblAlgn val="ctr"/><c:lblOffset val="100"/><c:noMultiLvlLbl val="0"/></c:catAx>'
    '<c:valAx><c:axId val="50010002"/><c:scaling><c:orientation val="minMax"/></c:scaling><c:delete val="0"/>'
    '<c:axPos val="l"/><c:majorGridlines/>'
    '<c:title><c:tx><c:rich><a:bodyPr rot="-5400000" vert="horz"/><a:lstStyle/><a:p><a:pPr><a:defRPr b="0"/></a:pPr>'
    '<a:r><a:rPr lang="zh-CN" altLang="en-US" b="0"/><a:t>万人次</a:t></a:r></a:p></c:rich></c:tx>'
    '<c:overlay val="0"/></c:title>'
    '<c:numFmt formatCode="General" sourceLinked="1"/><c:majorTickMark val="out"/><c:minorTickMark val="none"/>'
    '<c:tickLblPos val="nextTo"/><c:crossAx val="50010001"/><c:crosses val="autoZero"/>'
    '<c:crossBetween val="between"/></c:valAx>'
    '</c:plotArea>'
    '<c:legend><c:legendPos val="b"/><c:overlay val="0"/></c:legend>'
    '<c:plotVisOnly val="1"/><c:dispBlanksAs val="gap"/>'
    '</c:chart>'
    '<c:txPr><a:bodyPr/><a:lstStyle/><a:p><a:pPr><a:defRPr sz="1000"><a:latin typeface="Times New Roman"/>'
    '<a:ea typeface="宋体"/></a:defRPr></a:pPr><a:endParaRPr lang="zh-CN"/></a:p></c:txPr>'
    '<c:externalData r:id="rId1"><c:autoUpdate val="0"/></c:externalData>'
    '</c:chartSpace>' % (esc(CHART_TITLE), ''.join(ser_xml)))

pkg = doc.part.package
chart_part = Part(PackURI('/word/charts/chart1.xml'),
                  'application/vnd.openxmlformats-officedocument.drawingml.chart+xml',
                  chart_xml.encode('utf-8'), pkg)
xlsx_part = Part(PackURI('/word/embeddings/Microsoft_Excel_Worksheet1.xlsx'),
                 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', xlsx_blob, pkg)
rid_x = chart_part.relate_to(xlsx_part, RT.PACKAGE)
assert rid_x == 'rId1'
rid_c = doc.part.relate_to(chart_part, RT.CHART)

CX, CY = int(Cm(14)), int(Cm(7.5))
chart_p = new_p_after(fig_par._p)
cpp = Paragraph(chart_p, fig_par._parent)
cpp.style = styles['Normal']
cpp.alignment = WD_ALIGN_PARAGRAPH.CENTER
cpp.paragraph_format.keep_with_next = True
get_or_add_ppr(chart_p)
sp = el('spacing', after='0', line='240', lineRule='auto')
chart_p.pPr.append(sp)
sort_ppr(chart_p.pPr)
drawing = parse_xml(
    '<w:r %s><w:drawing><wp:inline distT="0" distB="0" distL="0" distR="0">'
    '<wp:extent cx="%d" cy="%d"/><wp:effectExtent l="0" t="0" r="0" b="0"/>'
    '<wp:docPr id="1001" name="图表 1"/><wp:cNvGraphicFramePr/>'
    '<a:graphic xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main">'
    '<a:graphicData uri="http://schemas.openxmlformats.org/drawingml/2006/chart">'
    '<c:chart xmlns:c="http://schemas.openxmlformats.org/drawingml/2006/chart" r:id="%s"/>'
    '</a:graphicData></a:graphic></wp:inline></w:drawing></w:r>'
    % (nsdecls('w', 'wp', 'r'), CX, CY, rid_c))
chart_p.append(drawing)

# ---------------------------------------------------------------- step 11 figure caption
cap_f = new_p_after(chart_p)
make_caption(cap_f, '图', '主城区公共交通日均客运量变化', '_Ref220000002')
replace_with_ref('如下图所示', '下图', '_Ref220000002', '图 1')

# ---------------------------------------------------------------- step 12 cover
for p in cover:
    p.alignment = WD_ALIGN_PARAGRAPH.CENTER
cover_fmt = [('黑体', 22, True), ('黑体', 36, True), ('楷体', 16, None), ('楷体', 16, None)]
for p, (font, size, bold) in zip(cover, cover_fmt):
    for r in p.runs:
        r.font.size = Pt(size)
        if bold:
            r.font.bold = True
        r.font.name = font
        set_rfonts(r._r.get_or_add_rPr(), ascii=font, hansi=font, east=font)

# ---------------------------------------------------------------- step 13/14 sections and TOC
final_sectPr = body.find(qn('w:sectPr'))
base_sectPr = copy.deepcopy(final_sectPr)
for child in list(base_sectPr):
    if child.tag in (qn('w:headerReference'), qn('w:footerReference')):
        base_sectPr.remove(child)
get_or_add_ppr(cover[-1]._p).append(copy.deepcopy(base_sectPr))

toc_title = new_p_after(cover[-1]._p)
tp = Paragraph(toc_title, cover[-1]._parent)
tp.style = styles['Normal']
tp.alignment = WD_ALIGN_PARAGRAPH.CENTER
tr_ = tp.add_run('目录')
tr_.font.size = Pt(16)
tr_.font.name = '黑体'
set_rfonts(tr_._r.get_or_add_rPr(), ascii='黑体', hansi='黑体', east='黑体')

TAB_POS = text_w_tw
for lvl in (1, 2):
    name = 'toc %d' % lvl
    if name not in [s.name for s in styles]:
        st = parse_xml(
            '<w:style %s w:type="paragraph" w:styleId="TOC%d"><w:name w:val="toc %d"/>'
            '<w:basedOn w:val="Normal"/><w:next w:val="Normal"/><w:autoRedefine/><w:uiPriority w:val="39"/>'
            '<w:unhideWhenUsed/><w:pPr><w:tabs><w:tab w:val="right" w:leader="dot" w:pos="%d"/></w:tabs>'
            '<w:spacing w:after="100"/>%s</w:pPr></w:style>'
            % (nsdecls('w'), lvl, lvl, TAB_POS,
               '<w:ind w:leftChars="200" w:left="420"/>' if lvl == 2 else ''))
        styles.element.append(st)

toc_items = []
for k, (lvl, hp) in enumerate(headings):
    name = '_Toc2200%05d' % (k + 1)
    add_bookmark(hp._p, name)
    toc_items.append((lvl, hp.text, name, hp))


# ---- page estimate of the body (Word layout approximation)
def text_units(txt):
    return sum(1.0 if ord(c) > 0x2E7F else 0.5 for c in txt)


def estimate_pages():
    page_h = (29.7 - 2.5 - 2.5) / 2.54 * 72.0
    line_w = (21 - 2.8 - 2.8) / 2.54 * 72.0
    y = 0.0
    page = 1
    first = True
    res = {}
    in_body = False
    for child in body:
        if child is rest[0]._p:
            in_body = True
        if not in_body:
            continue
        if child.tag == qn('w:p'):
            p = Paragraph(child, doc.paragraphs[0]._parent)
            sname = p.style.name.lower()
            txt = p.text
            if sname == 'heading 1':
                if not first:
                    page += 1
                    y = 0.0
                h = 7.8 + 18 * 1.3 * 1.15 + 15.6
            elif sname == 'heading 2':
                h = 7.8 + 14 * 1.3 * 1.15 + 7.8
            elif sname == '调研正文':
                chars = text_units(txt) + 2
                per = int(line_w // 12)
                lines = max(1, int(-(-chars // per)))
                h = lines * 20 + 10
            elif sname == 'caption':
                h = 9 * 1.3 + 10
            elif child.find('.//' + qn('w:drawing')) is not None:
                h = CY / 12700.0 + 4
            else:
                h = 10.5 * 1.3 * 1.15 + 10
            first = False
            if y + h > page_h:
                page += 1
                y = 0.0
            y += h
            for lvl, t, name, hp in toc_items:
                if hp._p is child:
                    res[name] = page
        elif child.tag == qn('w:tbl'):
            h = len(child.findall(qn('w:tr'))) * 15.5
            if y + h > page_h:
                page += 1
                y = 0.0
            y += h
    return res


pages = estimate_pages()

prev = toc_title
for i, (lvl, t, name, hp) in enumerate(toc_items):
    p_el = new_p_after(prev)
    prev = p_el
    get_or_add_ppr(p_el).append(el('pStyle', val='TOC%d' % lvl))
    if i == 0:
        r = el('r')
        r.append(el('fldChar', fldCharType='begin'))
        p_el.append(r)
        r = el('r')
        it = el('instrText')
        it.set(XML_SPACE, 'preserve')
        it.text = ' TOC \\o "1-2" \\h \\z \\u '
        r.append(it)
        p_el.append(r)
        r = el('r')
        r.append(el('fldChar', fldCharType='separate'))
        p_el.append(r)
    hl = el('hyperlink', anchor=name, history='1')
    hl.append(run_el(t))
    trr = el('r')
    trr.append(el('tab'))
    hl.append(trr)
    for fr in fld_runs('PAGEREF %s \\h' % name, str(pages.get(name, 1))):
        hl.append(fr)
    p_el.append(hl)

end_p = new_p_after(prev)
r = el('r')
r.append(el('fldChar', fldCharType='end'))
end_p.append(r)
get_or_add_ppr(end_p).append(copy.deepcopy(base_sectPr))

# ---------------------------------------------------------------- section properties
secs = doc.sections
assert len(secs) == 3
SECT_ORDER = ['headerReference', 'footerReference', 'footnotePr', 'endnotePr', 'type', 'pgSz', 'pgMar',
              'paperSrc', 'pgBorders', 'lnNumType', 'pgNumType', 'cols', 'formProt', 'vAlign', 'noEndnote',
              'titlePg', 'textDirection', 'bidi', 'rtlGutter', 'docGrid', 'printerSettings', 'sectPrChange']


def sect_insert(sectPr, new):
    tag = new.tag.split('}')[1]
    old = sectPr.find(qn('w:' + tag))
    if old is not None:
        sectPr.remove(old)
    idx = SECT_ORDER.index(tag)
    for c in sectPr:
        ctag = c.tag.split('}')[1]
        if ctag in SECT_ORDER and SECT_ORDER.index(ctag) > idx:
            c.addprevious(new)
            return
    sectPr.append(new)


for s in secs:
    s.page_width = Cm(21)
    s.page_height = Cm(29.7)
    s.top_margin = Cm(2.5)
    s.bottom_margin = Cm(2.5)
    s.left_margin = Cm(2.8)
    s.right_margin = Cm(2.8)
    s.header_distance = Cm(1.5)
    s.footer_distance = Cm(1.5)
    sect_insert(s._sectPr, el('type', val='nextPage'))
sect_insert(secs[0]._sectPr, el('vAlign', val='center'))

doc.settings.odd_and_even_pages_header_footer = True


def clear_hf(hf):
    for p in hf.paragraphs:
        for r in list(p._p):
            if r.tag != qn('w:pPr'):
                p._p.remove(r)


def set_hf_text(hf, text, style_name):
    clear_hf(hf)
    p = hf.paragraphs[0]
    p.style = styles[style_name]
    p.alignment = WD_ALIGN_PARAGRAPH.CENTER
    p.add_run(text)


def set_hf_page(hf, fmt_switch):
    clear_hf(hf)
    p = hf.paragraphs[0]
    p.style = styles['Footer']
    p.alignment = WD_ALIGN_PARAGRAPH.CENTER
    first = 'I' if 'Roman' in fmt_switch else '1'
    for fr in fld_runs('PAGE %s' % fmt_switch, first):
        p._p.append(fr)


# cover: everything empty
s1 = secs[0]
for hf in (s1.header, s1.footer, s1.even_page_header, s1.even_page_footer):
    hf.is_linked_to_previous = False
    clear_hf(hf)
# TOC: no header, roman page numbers in the footer
s2 = secs[1]
for hf in (s2.header, s2.even_page_header, s2.footer, s2.even_page_footer):
    hf.is_linked_to_previous = False
clear_hf(s2.header)
clear_hf(s2.even_page_header)
set_hf_page(s2.footer, '\\* ROMAN')
set_hf_page(s2.even_page_footer, '\\* ROMAN')
sect_insert(s2._sectPr, el('pgNumType', fmt='upperRoman', start='1'))
# body: odd / even headers
s3 = secs[2]
for hf in (s3.header, s3.even_page_header, s3.footer, s3.even_page_footer):
    hf.is_linked_to_previous = False
set_hf_text(s3.header, '云溪市主城区公共交通出行调查报告', 'Header')
set_hf_text(s3.even_page_header, '云溪市交通发展研究中心', 'Header')
set_hf_page(s3.footer, '\\* Arabic')
set_hf_page(s3.even_page_footer, '\\* Arabic')
sect_insert(s3._sectPr, el('pgNumType', fmt='decimal', start='1'))

# let Word refresh all fields on open as well (TOC already carries computed page numbers)
settings = doc.settings.element
upd = el('updateFields', val='true')
anchor = None
for tag in ('hdrShapeDefaults', 'footnotePr', 'endnotePr', 'compat'):
    anchor = settings.find(qn('w:' + tag))
    if anchor is not None:
        break
if anchor is not None:
    anchor.addprevious(upd)
else:
    settings.append(upd)

doc.save('output.docx')
