# Independent solution written from the prompt alone (word-l1-article, text-only)
# Step 1: title runs 黑体 (eastAsia+ascii), 18 pt (小二), bold; paragraph centred, space after 0.5 line,
#         paragraph box border single 1.5 pt blue 0070C0 (w:pBdr) and paragraph shading fill E2EFDA (w:shd).
# Step 2: the 5 body paragraphs: 宋体 / Times New Roman, 10.5 pt (五号), first-line indent 2 chars, exact 18 pt.
# Step 3: drop cap on body paragraph 1 done the Word way: first character moved into a frame paragraph
#         (w:framePr dropCap="drop" lines="2" hSpace=0.2 cm) with font 隶书.
# Step 4: continuous section breaks around body paragraphs 2-3; that middle section has w:cols num=2,
#         equal width, space 1 cm, sep=1 (line between); the sections before and after keep one column.
# Step 5: "读书会、周末市集" split into its own run: bold, italic, wavy underline (u=wave).
# Step 6: the last 5 tab-separated lines -> 5x4 table, centred; outer borders double 0.75 pt dark blue 002060,
#         inner borders single 0.5 pt 002060; row 1 bold with shading DDEBF7; all cells centred horizontally and
#         vertically; each row exact height 0.8 cm.
# Step 7: every section: A4, left/right margins 2.8 cm.
# Step 8: header "城市生活专栏" centred; footer with a centred PAGE field, page number format numberInDash
#         ("-1-") on every section.

import copy

from docx import Document
from docx.enum.section import WD_SECTION
from docx.enum.table import WD_TABLE_ALIGNMENT, WD_CELL_VERTICAL_ALIGNMENT, WD_ROW_HEIGHT_RULE
from docx.enum.text import WD_ALIGN_PARAGRAPH, WD_LINE_SPACING, WD_UNDERLINE
from docx.oxml import parse_xml
from docx.oxml.ns import qn, nsdecls
from docx.shared import Pt, Cm, Emu, RGBColor
from docx.text.paragraph import Paragraph

doc = Document('input.docx')
body = doc.element.body
XML_SPACE = '{http://www.w3.org/XML/1998/namespace}space'


def el(tag, **attrs):
    e = parse_xml('<w:%s %s/>' % (tag, nsdecls('w')))
    for k, v in attrs.items():
        e.set(qn('w:' + k), str(v))
    return e


def set_fonts(run, east=None, latin=None):
    rpr = run._r.get_or_add_rPr()
    rf = rpr.find(qn('w:rFonts'))
    if rf is None:
        rf = el('rFonts')
        rpr.insert(0, rf)
    for a in ('asciiTheme', 'hAnsiTheme', 'eastAsiaTheme'):
        if qn('w:' + a) in rf.attrib:
            del rf.attrib[qn('w:' + a)]
    if latin:
        rf.set(qn('w:ascii'), latin)
        rf.set(qn('w:hAnsi'), latin)
    if east:
        rf.set(qn('w:eastAsia'), east)


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


def split_runs(paragraph, phrase):
    changed = True
    while changed:
        changed = False
        for r in paragraph.runs:
            t = r.text
            if phrase in t and t != phrase:
                i = t.index(phrase)
                rpr = r._r.find(qn('w:rPr'))
                anchor = r._r
                for part in (t[:i], phrase, t[i + len(phrase):]):
                    if not part:
                        continue
                    nr = el('r')
                    if rpr is not None:
                        nr.append(copy.deepcopy(rpr))
                    tt = el('t')
                    tt.text = part
                    tt.set(XML_SPACE, 'preserve')
                    nr.append(tt)
                    anchor.addnext(nr)
                    anchor = nr
                r._r.getparent().remove(r._r)
                changed = True
                break
    return [r for r in paragraph.runs if r.text == phrase]


paras = list(doc.paragraphs)
title = paras[0]
tab_rows = [p for p in paras if '\t' in p.text]
body_paras = [p for p in paras[1:] if p not in tab_rows]      # 5 paragraphs
assert len(body_paras) == 5

# ---------------------------------------------------------------- step 1
for r in title.runs:
    set_fonts(r, east='黑体', latin='黑体')
    r.font.size = Pt(18)
    r.font.bold = True
title.alignment = WD_ALIGN_PARAGRAPH.CENTER
tppr = title._p.get_or_add_pPr()
tppr.append(el('spacing', after='78', afterLines='50'))
pbdr = el('pBdr')
for side in ('top', 'left', 'bottom', 'right'):
    pbdr.append(el(side, val='single', sz='12', space='1', color='0070C0'))
tppr.append(pbdr)
tppr.append(el('shd', val='clear', color='auto', fill='E2EFDA'))
sort_ppr(tppr)

# ---------------------------------------------------------------- step 5 (split before fonts)
em_runs = split_runs(body_paras[3], '读书会、周末市集')

# ---------------------------------------------------------------- step 2
for p in body_paras:
    for r in p.runs:
        set_fonts(r, east='宋体', latin='Times New Roman')
        r.font.size = Pt(10.5)
    pf = p.paragraph_format
    pf.line_spacing_rule = WD_LINE_SPACING.EXACTLY
    pf.line_spacing = Pt(18)
    pf.first_line_indent = Pt(21)
    p._p.pPr.find(qn('w:ind')).set(qn('w:firstLineChars'), '200')

# ---------------------------------------------------------------- step 5 formatting
for r in em_runs:
    r.font.bold = True
    r.font.italic = True
    r.font.underline = WD_UNDERLINE.WAVY

# ---------------------------------------------------------------- step 3 drop cap
p1 = body_paras[0]
first_run = p1.runs[0]
first_char = first_run.text[0]
first_run.text = first_run.text[1:]
dc = el('p')
p1._p.addprevious(dc)
dppr = el('pPr')
dc.append(dppr)
dppr.append(el('keepNext'))
dppr.append(el('framePr', dropCap='drop', lines='2', hSpace='113', wrap='around', vAnchor='text',
               hAnchor='text'))
# two lines of 18 pt exact -> drop cap line height 36 pt
dppr.append(el('spacing', after='0', line='720', lineRule='exact'))
dppr.append(el('textAlignment', val='baseline'))
dr = el('r')
drpr = el('rPr')
drpr.append(el('rFonts', ascii='隶书', hAnsi='隶书', eastAsia='隶书'))
drpr.append(el('position', val='-4'))
drpr.append(el('sz', val='71'))
drpr.append(el('szCs', val='71'))
dr.append(drpr)
dt = el('t')
dt.text = first_char
dr.append(dt)
dc.append(dr)

# ---------------------------------------------------------------- step 6 table
data = [[c.strip() for c in p.text.split('\t')] for p in tab_rows]
nr, nc = len(data), max(len(r) for r in data)
tbl = doc.add_table(rows=nr, cols=nc)
tbl.alignment = WD_TABLE_ALIGNMENT.CENTER
text_w_tw = int(round(Cm(21 - 2.8 - 2.8) / 635))
col_tw = 2160  # 3.81 cm per column, 4 columns = 15.24 cm (fits in 15.4 cm)
for ri, row in enumerate(data):
    trow = tbl.rows[ri]
    trow.height = Cm(0.8)
    trow.height_rule = WD_ROW_HEIGHT_RULE.EXACTLY
    for ci in range(nc):
        cell = tbl.cell(ri, ci)
        cell.width = Emu(col_tw * 635)
        cell.vertical_alignment = WD_CELL_VERTICAL_ALIGNMENT.CENTER
        cp = cell.paragraphs[0]
        cp.alignment = WD_ALIGN_PARAGRAPH.CENTER
        cp.paragraph_format.space_after = Pt(0)   # so the text really sits in the middle of the 0.8 cm row
        cp.paragraph_format.line_spacing = 1.0
        run = cp.add_run(row[ci] if ci < len(row) else '')
        if ri == 0:
            run.font.bold = True
            tcPr = cell._tc.get_or_add_tcPr()
            shd = el('shd', val='clear', color='auto', fill='DDEBF7')
            va = tcPr.find(qn('w:vAlign'))
            if va is not None:
                va.addprevious(shd)
            else:
                tcPr.append(shd)
for gc in tbl._tbl.tblGrid.findall(qn('w:gridCol')):
    gc.set(qn('w:w'), str(col_tw))
tblPr = tbl._tbl.tblPr
borders = el('tblBorders')
for side in ('top', 'left', 'bottom', 'right'):
    borders.append(el(side, val='double', sz='6', space='0', color='002060'))
for side in ('insideH', 'insideV'):
    borders.append(el(side, val='single', sz='4', space='0', color='002060'))
# tblPr order: tblStyle, tblpPr, tblOverlap, bidiVisual, tblStyleRowBandSize, tblStyleColBandSize, tblW, jc,
# tblCellSpacing, tblInd, tblBorders, shd, tblLayout, tblCellMar, tblLook
look = tblPr.find(qn('w:tblLook'))
if look is not None:
    look.addprevious(borders)
else:
    tblPr.append(borders)

tab_rows[0]._p.addprevious(tbl._tbl)
for p in tab_rows:
    p._p.getparent().remove(p._p)

# ---------------------------------------------------------------- step 4 columns via continuous sections
final_sectPr = body.find(qn('w:sectPr'))
base = copy.deepcopy(final_sectPr)
for c in list(base):
    if c.tag in (qn('w:headerReference'), qn('w:footerReference')):
        base.remove(c)
# section 1 = title + drop cap + body paragraph 1  (ends at body paragraph 1)
s1 = copy.deepcopy(base)
body_paras[0]._p.get_or_add_pPr().append(s1)
# section 2 = body paragraphs 2-3, two columns (ends at body paragraph 3)
s2 = copy.deepcopy(base)
body_paras[2]._p.get_or_add_pPr().append(s2)

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
for i, s in enumerate(secs):
    s.page_width = Cm(21)
    s.page_height = Cm(29.7)
    s.left_margin = Cm(2.8)
    s.right_margin = Cm(2.8)
    if i > 0:
        s.start_type = WD_SECTION.CONTINUOUS
    sect_insert(s._sectPr, el('pgNumType', fmt='numberInDash'))
    if i == 1:
        sect_insert(s._sectPr, el('cols', num='2', space='567', sep='1', equalWidth='1'))
    else:
        sect_insert(s._sectPr, el('cols', space='720'))

# ---------------------------------------------------------------- step 8 header / footer (section 1, others linked)
s = secs[0]
s.header.is_linked_to_previous = False
hp = s.header.paragraphs[0]
hp.text = ''
hp.style = doc.styles['Header']
hp.alignment = WD_ALIGN_PARAGRAPH.CENTER
hp.add_run('城市生活专栏')
s.footer.is_linked_to_previous = False
fp = s.footer.paragraphs[0]
fp.text = ''
fp.style = doc.styles['Footer']
fp.alignment = WD_ALIGN_PARAGRAPH.CENTER
for kind in ('begin', None, 'separate', 'text', 'end'):
    r = el('r')
    if kind is None:
        it = el('instrText')
        it.set(XML_SPACE, 'preserve')
        it.text = ' PAGE \\* MERGEFORMAT '
        r.append(it)
    elif kind == 'text':
        t = el('t')
        t.text = '-1-'
        r.append(t)
    else:
        r.append(el('fldChar', fldCharType=kind))
    fp._p.append(r)

doc.save('output.docx')
