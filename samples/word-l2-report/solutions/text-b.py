# Independent solution written from the prompt alone (word-l2-report, text-only)
# Step 1: core properties title / author.
# Step 2: style "heading 1": eastAsia 黑体, 16 pt (三号), bold, centred, 0.5 line before/after;
#         style "heading 2": eastAsia 楷体, 14 pt (四号), bold, 0.5 line before.
# Step 3: new paragraph style "报告正文" based on Normal: 宋体 / Times New Roman, 12 pt, first-line indent
#         2 chars, 1.5 line spacing.
# Step 4: the 5 level-1 titles -> Heading 1, the 5 level-2 titles -> Heading 2, the 9 text paragraphs -> 报告正文
#         (cover, table, picture paragraph untouched).
# Step 5: new multilevel abstractNum (lvl0 "第%1章" decimal linked to Heading 1 via w:pStyle, lvl1 "%1.%2"
#         linked to Heading 2, restarting after level 1); w:numPr (numId + ilvl) put into the two heading styles,
#         so the numbers come from the styles (no typed numbers).
# Step 6: next-page section breaks after the cover (4 paragraphs) and after the TOC; TOC section: "目录" title
#         (centred) + TOC field  TOC \o "1-2" \h \z \u  with cached hyperlinked entries (estimated pages) and
#         updateFields=true so Word refreshes it on open.
# Step 7: cover: own empty header/footer; TOC: empty header, footer centred PAGE, upperRoman starting at I;
#         body: header text, footer centred PAGE, decimal starting at 1.
# Step 8: Caption paragraphs "表 {SEQ 表 \* ARABIC} 各馆服务指标" above the table and
#         "图 {SEQ 图 \* ARABIC} 数字资源月访问量" below the picture; "下表" -> REF _Ref.. \h (shows "表 1").
# Step 9: table style "Light Grid Accent 1", table centred, cell text centred, first row w:tblHeader;
#         picture inline, width 12 cm, height scaled proportionally, aspect ratio lock (noChangeAspect=1).

import copy
import re

from docx import Document
from docx.enum.section import WD_SECTION
from docx.enum.style import WD_STYLE_TYPE
from docx.enum.table import WD_TABLE_ALIGNMENT
from docx.enum.text import WD_ALIGN_PARAGRAPH
from docx.oxml import parse_xml
from docx.oxml.ns import qn, nsdecls
from docx.shared import Cm, Pt
from docx.text.paragraph import Paragraph

doc = Document('input.docx')
body = doc.element.body
styles = doc.styles
XML_SPACE = '{http://www.w3.org/XML/1998/namespace}space'
A_NS = 'http://schemas.openxmlformats.org/drawingml/2006/main'
WP_NS = 'http://schemas.openxmlformats.org/drawingml/2006/wordprocessingDrawing'


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
        if qn('w:' + t) in rf.attrib:
            del rf.attrib[qn('w:' + t)]
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


_bm = [100]


def add_bookmark(p_el, name, first=None, last=None):
    bid = str(_bm[0])
    _bm[0] += 1
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


def set_spacing(style, **kw):
    ppr = style.element.get_or_add_pPr()
    sp = ppr.find(qn('w:spacing'))
    if sp is None:
        sp = el('spacing')
        ppr.append(sp)
    for a in list(sp.attrib):
        if a.split('}')[1] in ('before', 'after', 'beforeLines', 'afterLines'):
            del sp.attrib[a]
    for k, v in kw.items():
        sp.set(qn('w:' + k), str(v))
    sort_ppr(ppr)


# ---------------------------------------------------------------- step 1
doc.core_properties.title = '社区图书馆服务情况调查报告'
doc.core_properties.author = '城市公共文化研究组'

# ---------------------------------------------------------------- step 2
h1 = styles['Heading 1']
h2 = styles['Heading 2']
h1.font.size = Pt(16)
h1.font.bold = True
h1.paragraph_format.alignment = WD_ALIGN_PARAGRAPH.CENTER
set_rfonts(h1.element.get_or_add_rPr(), east='黑体', remove_theme=('eastAsiaTheme',))
set_spacing(h1, before=156, beforeLines=50, after=156, afterLines=50)

h2.font.size = Pt(14)
h2.font.bold = True
set_rfonts(h2.element.get_or_add_rPr(), east='楷体', remove_theme=('eastAsiaTheme',))
set_spacing(h2, before=156, beforeLines=50)

# ---------------------------------------------------------------- step 3
bs = styles.add_style('报告正文', WD_STYLE_TYPE.PARAGRAPH)
bs.base_style = styles['Normal']
bs.quick_style = True
bs.font.size = Pt(12)
rpr = bs.element.get_or_add_rPr()
set_rfonts(rpr, ascii='Times New Roman', hansi='Times New Roman', east='宋体')
rpr.find(qn('w:rFonts')).set(qn('w:cs'), 'Times New Roman')
ppr = bs.element.get_or_add_pPr()
ppr.append(el('spacing', line='360', lineRule='auto'))
ppr.append(el('ind', firstLineChars='200', firstLine='480'))

# ---------------------------------------------------------------- step 4
H1_TEXTS = ['调查背景', '调查对象与方法', '调查结果', '问题与建议', '结语']
H2_TEXTS = ['借阅情况', '读者满意度', '数字资源使用', '存在的问题', '改进建议']
paras = list(doc.paragraphs)
cover = paras[:4]
rest = paras[4:]
headings = []
for p in rest:
    t = p.text.strip()
    if t in H1_TEXTS:
        p.style = h1
        headings.append((1, p))
    elif t in H2_TEXTS:
        p.style = h2
        headings.append((2, p))
    elif t and p._p.find('.//' + qn('w:drawing')) is None:
        p.style = bs

# ---------------------------------------------------------------- step 5 multilevel list linked to headings
numbering = doc.part.numbering_part.element
abs_ids = [int(a.get(qn('w:abstractNumId'))) for a in numbering.findall(qn('w:abstractNum'))]
num_ids = [int(n.get(qn('w:numId'))) for n in numbering.findall(qn('w:num'))]
ABS_ID = max(abs_ids + [0]) + 1
NUM_ID = max(num_ids + [0]) + 1
absnum = parse_xml(
    '<w:abstractNum %s w:abstractNumId="%d">'
    '<w:nsid w:val="5A3C2E71"/><w:multiLevelType w:val="multilevel"/><w:tmpl w:val="6B2A4F10"/>'
    '<w:lvl w:ilvl="0"><w:start w:val="1"/><w:numFmt w:val="decimal"/><w:pStyle w:val="Heading1"/>'
    '<w:suff w:val="space"/><w:lvlText w:val="第%%1章"/><w:lvlJc w:val="left"/>'
    '<w:pPr><w:ind w:left="0" w:firstLine="0"/></w:pPr></w:lvl>'
    '<w:lvl w:ilvl="1"><w:start w:val="1"/><w:numFmt w:val="decimal"/><w:lvlRestart w:val="1"/>'
    '<w:pStyle w:val="Heading2"/><w:suff w:val="space"/><w:lvlText w:val="%%1.%%2"/><w:lvlJc w:val="left"/>'
    '<w:pPr><w:ind w:left="0" w:firstLine="0"/></w:pPr></w:lvl>'
    '%s'
    '</w:abstractNum>' % (nsdecls('w'), ABS_ID, ''.join(
        '<w:lvl w:ilvl="%d"><w:start w:val="1"/><w:numFmt w:val="decimal"/><w:lvlText w:val="%s"/>'
        '<w:lvlJc w:val="left"/><w:pPr><w:ind w:left="%d" w:hanging="%d"/></w:pPr></w:lvl>'
        % (i, '.'.join('%%%d' % (k + 1) for k in range(i + 1)), 425 * (i + 1), 425) for i in range(2, 9))))
existing_abs = numbering.findall(qn('w:abstractNum'))
if existing_abs:
    existing_abs[-1].addnext(absnum)
else:
    numbering.insert(0, absnum)
num = parse_xml('<w:num %s w:numId="%d"><w:abstractNumId w:val="%d"/></w:num>' % (nsdecls('w'), NUM_ID, ABS_ID))
numbering.append(num)

for st, lvl in ((h1, 0), (h2, 1)):
    ppr = st.element.get_or_add_pPr()
    old = ppr.find(qn('w:numPr'))
    if old is not None:
        ppr.remove(old)
    npr = el('numPr')
    if lvl:
        npr.append(el('ilvl', val=str(lvl)))
    npr.append(el('numId', val=str(NUM_ID)))
    ppr.append(npr)
    sort_ppr(ppr)

# ---------------------------------------------------------------- step 9 table + picture
tbl = doc.tables[0]
tbl.style = styles['Light Grid Accent 1']
tbl.alignment = WD_TABLE_ALIGNMENT.CENTER
for row in tbl.rows:
    for cell in row.cells:
        for cp in cell.paragraphs:
            cp.alignment = WD_ALIGN_PARAGRAPH.CENTER
trPr = tbl.rows[0]._tr.get_or_add_trPr()
if trPr.find(qn('w:tblHeader')) is None:
    trPr.append(el('tblHeader'))

pic_p = None
for p in doc.paragraphs:
    if p._p.find('.//' + qn('w:drawing')) is not None:
        pic_p = p
        break
inline = pic_p._p.find('.//{%s}inline' % WP_NS)
ext = inline.find('{%s}extent' % WP_NS)
cx, cy = int(ext.get('cx')), int(ext.get('cy'))
new_cx = int(Cm(12))
new_cy = int(round(cy * new_cx / cx))
ext.set('cx', str(new_cx))
ext.set('cy', str(new_cy))
for aext in inline.iter('{%s}ext' % A_NS):
    if aext.get('cx') is not None:
        aext.set('cx', str(new_cx))
        aext.set('cy', str(new_cy))
gfp = inline.find('{%s}cNvGraphicFramePr' % WP_NS)
if gfp is None:
    gfp = parse_xml('<wp:cNvGraphicFramePr %s/>' % nsdecls('wp'))
    inline.find('{%s}docPr' % WP_NS).addnext(gfp)
locks = gfp.find('{%s}graphicFrameLocks' % A_NS)
if locks is None:
    locks = parse_xml('<a:graphicFrameLocks xmlns:a="%s"/>' % A_NS)
    gfp.append(locks)
locks.set('noChangeAspect', '1')
pic_p.alignment = WD_ALIGN_PARAGRAPH.CENTER


# ---------------------------------------------------------------- step 8 captions + cross reference
def make_caption(p_el, label, text, bm):
    cap = Paragraph(p_el, pic_p._parent)
    cap.style = styles['Caption']
    cap.alignment = WD_ALIGN_PARAGRAPH.CENTER
    r_label = run_el(label + ' ')
    p_el.append(r_label)
    seq = fld_runs('SEQ %s \\* ARABIC' % label, '1')
    for r in seq:
        p_el.append(r)
    p_el.append(run_el(' ' + text))
    add_bookmark(p_el, bm, first=r_label, last=seq[-1])
    return cap


cap_t_el = el('p')
tbl._tbl.addprevious(cap_t_el)
cap_t = make_caption(cap_t_el, '表', '各馆服务指标', '_Ref230000001')
cap_t.paragraph_format.keep_with_next = True

cap_f_el = new_p_after(pic_p._p)
make_caption(cap_f_el, '图', '数字资源月访问量', '_Ref230000002')
pic_p.paragraph_format.keep_with_next = True

for p in doc.paragraphs:
    if '见下表' in p.text:
        for r in p.runs:
            if '下表' in r.text:
                before, after = r.text.split('下表', 1)
                rpr0 = r._r.find(qn('w:rPr'))
                r.text = before
                anchor = r._r
                for fr in fld_runs('REF _Ref230000001 \\h', '表 1', rpr0):
                    anchor.addnext(fr)
                    anchor = fr
                if after:
                    anchor.addnext(run_el(after, rpr0))
                break
        break

# ---------------------------------------------------------------- step 6 sections + TOC
final_sectPr = body.find(qn('w:sectPr'))
base_sectPr = copy.deepcopy(final_sectPr)
for c in list(base_sectPr):
    if c.tag in (qn('w:headerReference'), qn('w:footerReference')):
        base_sectPr.remove(c)
get_or_add_ppr(cover[-1]._p).append(copy.deepcopy(base_sectPr))

toc_title = new_p_after(cover[-1]._p)
tp = Paragraph(toc_title, cover[-1]._parent)
tp.alignment = WD_ALIGN_PARAGRAPH.CENTER
tr_ = tp.add_run('目录')
tr_.font.size = Pt(16)
tr_.font.bold = True
set_rfonts(tr_._r.get_or_add_rPr(), ascii='黑体', hansi='黑体', east='黑体')

# content width of the (unchanged) page
sec0 = doc.sections[-1]
text_w_tw = int(round((sec0.page_width - sec0.left_margin - sec0.right_margin) / 635))
page_h_pt = (sec0.page_height - sec0.top_margin - sec0.bottom_margin) / 12700.0
line_w_pt = text_w_tw / 20.0
for lvl in (1, 2):
    name = 'toc %d' % lvl
    if name not in [s.name for s in styles]:
        st = parse_xml(
            '<w:style %s w:type="paragraph" w:styleId="TOC%d"><w:name w:val="toc %d"/>'
            '<w:basedOn w:val="Normal"/><w:next w:val="Normal"/><w:autoRedefine/><w:uiPriority w:val="39"/>'
            '<w:unhideWhenUsed/><w:pPr><w:tabs><w:tab w:val="right" w:leader="dot" w:pos="%d"/></w:tabs>'
            '<w:spacing w:after="100"/>%s</w:pPr></w:style>'
            % (nsdecls('w'), lvl, lvl, text_w_tw,
               '<w:ind w:leftChars="200" w:left="420"/>' if lvl == 2 else ''))
        styles.element.append(st)

# numbering text for the cached TOC entries
toc_items = []
c1 = c2 = 0
for k, (lvl, hp) in enumerate(headings):
    if lvl == 1:
        c1 += 1
        c2 = 0
        label = '第%d章 ' % c1
    else:
        c2 += 1
        label = '%d.%d ' % (c1, c2)
    name = '_Toc2300%05d' % (k + 1)
    add_bookmark(hp._p, name)
    toc_items.append((lvl, label + hp.text.strip(), name, hp))


def estimate_pages():
    y, page, res, started = 0.0, 1, {}, False
    per_line = int(line_w_pt // 12)
    for child in body:
        if child is rest[0]._p:
            started = True
        if not started:
            continue
        if child.tag == qn('w:p'):
            p = Paragraph(child, pic_p._parent)
            sname = p.style.name.lower()
            txt = p.text
            if child.find('.//' + qn('w:drawing')) is not None:
                h = new_cy / 12700.0 * 1.15 + 10
            elif sname == 'heading 1':
                h = 16 * 1.15 * 1.15 + 15.6
            elif sname == 'heading 2':
                h = 14 * 1.15 * 1.15 + 7.8
            elif sname == '报告正文':
                chars = sum(1.0 if ord(c) > 0x2E7F else 0.5 for c in txt) + 2
                lines = max(1, int(-(-chars // per_line)))
                h = lines * 12 * 1.15 * 1.5 + 10
            elif sname == 'caption':
                h = 9 * 1.15 + 10
            else:
                h = 10.5 * 1.15 * 1.15 + 10 if txt.strip() else 11 * 1.15 + 10
            # headings are "keep with next" (and widow control keeps 2 lines of the next paragraph)
            need = h + (2 * 12 * 1.15 * 1.5 if sname in ('heading 1', 'heading 2') else 0)
            if y + need > page_h_pt:
                page += 1
                y = 0.0
            y += h
            for lvl, t, name, hp in toc_items:
                if hp._p is child:
                    res[name] = page
        elif child.tag == qn('w:tbl'):
            h = len(child.findall(qn('w:tr'))) * 14.5 + 10
            if y + h > page_h_pt:
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

# ---------------------------------------------------------------- step 7 sections / headers / footers
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


secs = doc.sections
assert len(secs) == 3
for s in secs:
    sect_insert(s._sectPr, el('type', val='nextPage'))


def clear_hf(hf):
    for p in hf.paragraphs:
        for c in list(p._p):
            if c.tag != qn('w:pPr'):
                p._p.remove(c)


def page_footer(hf, switch, first):
    clear_hf(hf)
    p = hf.paragraphs[0]
    p.style = styles['Footer']
    p.alignment = WD_ALIGN_PARAGRAPH.CENTER
    for fr in fld_runs('PAGE %s' % switch, first):
        p._p.append(fr)


s1, s2, s3 = secs
for hf in (s1.header, s1.footer):
    hf.is_linked_to_previous = False
    clear_hf(hf)
for hf in (s2.header, s2.footer):
    hf.is_linked_to_previous = False
clear_hf(s2.header)
page_footer(s2.footer, '\\* ROMAN', 'I')
sect_insert(s2._sectPr, el('pgNumType', fmt='upperRoman', start='1'))
for hf in (s3.header, s3.footer):
    hf.is_linked_to_previous = False
clear_hf(s3.header)
hp = s3.header.paragraphs[0]
hp.style = styles['Header']
hp.alignment = WD_ALIGN_PARAGRAPH.CENTER
hp.add_run('社区图书馆服务情况调查报告')
page_footer(s3.footer, '\\* Arabic', '1')
sect_insert(s3._sectPr, el('pgNumType', fmt='decimal', start='1'))

# Word refreshes TOC page numbers / fields when the file is opened
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
