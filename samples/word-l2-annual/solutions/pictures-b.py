# Independent solution written from the prompt alone (word-l2-annual, with pictures)
# Step 1: core properties title / author set through python-docx core_properties.
# Step 2: every section (cover, TOC, body) gets A4 21x29.7 cm, top/bottom 2.5 cm, left/right 3 cm.
# Step 3: "阅览市" replaced by "阅览室" run by run in all paragraphs (and table cells).
# Step 4: style "heading 1" edited: eastAsia 黑体, 16 pt (三号), bold, 0.5 line before/after,
#         centred and colour 1F4E79 (dark blue, read from example-3.png).
# Step 5: style "heading 2" edited: eastAsia 楷体, 14 pt (四号), bold, 0.5 line before, colour black.
# Step 6: new paragraph style "报告正文" based on Normal: 宋体 / Times New Roman, 12 pt (小四),
#         first-line indent 2 characters, 1.5 line spacing.
# Step 7: paragraphs starting "一、".."五、" -> Heading 1, "（一）".. -> Heading 2, all other body
#         paragraphs (not cover, table, caption) -> 报告正文.
# Step 8: the 7 tab-separated lines become a real 7x4 Word table, style "Medium Shading 1 Accent 1"
#         (blue header row, banded rows as in example-2.png), table centred on the page, cell text centred.
# Step 9: caption paragraph (style Caption, centred) "表 {SEQ 表 \* ARABIC} 2025年各分馆主要服务指标" inserted
#         above the table, "表 1" wrapped in a _Ref bookmark; "下表" replaced by REF _Ref.. \h field (cached "表 1").
# Step 10: a real footnote (footnotes.xml part) after the first "一卡通" in the body.
# Step 11: first 4 paragraphs = cover, centred, title "2025年度工作报告" 黑体 一号 bold; cover section vAlign=center.
# Step 12: section breaks (next page) after the cover and after the TOC; TOC section holds centred "目录" title
#          and a TOC field  TOC \o "1-2" \h \z \u  with pre-filled hyperlinked entries (page numbers estimated),
#          and settings updateFields=true so Word refreshes it on open.
# Step 13: cover and TOC sections get their own empty header/footer; body section gets header text and a
#          centred PAGE field footer, page numbering decimal starting at 1.

import copy
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
from docx.section import Section
from docx.shared import Cm, Pt, RGBColor, Emu
from docx.text.paragraph import Paragraph

W_NS = 'http://schemas.openxmlformats.org/wordprocessingml/2006/main'

doc = Document('input.docx')
body = doc.element.body

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
    t.set('{http://www.w3.org/XML/1998/namespace}space', 'preserve')
    r.append(t)
    return r


def fld_runs(instr, result, rpr=None):
    """complex field as list of runs"""
    out = []
    r = el('r')
    if rpr is not None:
        r.append(copy.deepcopy(rpr))
    r.append(el('fldChar', fldCharType='begin'))
    out.append(r)
    r = el('r')
    if rpr is not None:
        r.append(copy.deepcopy(rpr))
    it = el('instrText')
    it.text = ' %s ' % instr
    it.set('{http://www.w3.org/XML/1998/namespace}space', 'preserve')
    r.append(it)
    out.append(r)
    r = el('r')
    if rpr is not None:
        r.append(copy.deepcopy(rpr))
    r.append(el('fldChar', fldCharType='separate'))
    out.append(r)
    out.append(run_el(result, rpr))
    r = el('r')
    if rpr is not None:
        r.append(copy.deepcopy(rpr))
    r.append(el('fldChar', fldCharType='end'))
    out.append(r)
    return out


def new_p_after(p_el):
    np = el('p')
    p_el.addnext(np)
    return np


_bm_id = [100]


def add_bookmark(p_el, name, first=None, last=None):
    """wrap children first..last (or the whole paragraph content) in bookmark"""
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


# ---------------------------------------------------------------- step 1
doc.core_properties.title = '滨江区社区图书馆2025年度工作报告'
doc.core_properties.author = '滨江区文化服务中心'

# ---------------------------------------------------------------- step 3 (typo fix)


def fix_typo(paragraph):
    for r in paragraph.runs:
        if '阅览市' in r.text:
            r.text = r.text.replace('阅览市', '阅览室')
    if '阅览市' in paragraph.text:  # split across runs: merge text into the first run
        txt = paragraph.text.replace('阅览市', '阅览室')
        runs = paragraph.runs
        runs[0].text = txt
        for r in runs[1:]:
            r._r.getparent().remove(r._r)


for p in doc.paragraphs:
    fix_typo(p)
for t in doc.tables:
    for row in t.rows:
        for c in row.cells:
            for p in c.paragraphs:
                fix_typo(p)

# ---------------------------------------------------------------- steps 4-6 styles
styles = doc.styles
h1 = styles['Heading 1']
h2 = styles['Heading 2']

# Heading 1
h1.font.size = Pt(16)
h1.font.bold = True
h1.font.color.rgb = RGBColor(0x1F, 0x4E, 0x79)
h1.paragraph_format.alignment = WD_ALIGN_PARAGRAPH.CENTER
rpr = h1.element.get_or_add_rPr()
set_rfonts(rpr, east='黑体', remove_theme=('eastAsiaTheme',))
col = rpr.find(qn('w:color'))
for a in ('themeColor', 'themeShade', 'themeTint'):
    if qn('w:' + a) in col.attrib:
        del col.attrib[qn('w:' + a)]
ppr = h1.element.get_or_add_pPr()
sp = ppr.find(qn('w:spacing'))
if sp is None:
    sp = el('spacing')
    ppr.append(sp)
for a in list(sp.attrib):
    del sp.attrib[a]
sp.set(qn('w:before'), '156')
sp.set(qn('w:beforeLines'), '50')
sp.set(qn('w:after'), '156')
sp.set(qn('w:afterLines'), '50')

# Heading 2
h2.font.size = Pt(14)
h2.font.bold = True
h2.font.color.rgb = RGBColor(0, 0, 0)
rpr = h2.element.get_or_add_rPr()
set_rfonts(rpr, east='楷体', remove_theme=('eastAsiaTheme',))
col = rpr.find(qn('w:color'))
for a in ('themeColor', 'themeShade', 'themeTint'):
    if qn('w:' + a) in col.attrib:
        del col.attrib[qn('w:' + a)]
ppr = h2.element.get_or_add_pPr()
sp = ppr.find(qn('w:spacing'))
if sp is None:
    sp = el('spacing')
    ppr.append(sp)
sp.set(qn('w:before'), '156')
sp.set(qn('w:beforeLines'), '50')

# 报告正文
bodystyle = styles.add_style('报告正文', WD_STYLE_TYPE.PARAGRAPH)
bodystyle.base_style = styles['Normal']
bodystyle.quick_style = True
bodystyle.font.size = Pt(12)
bodystyle.font.name = 'Times New Roman'
rpr = bodystyle.element.get_or_add_rPr()
set_rfonts(rpr, ascii='Times New Roman', hansi='Times New Roman', east='宋体')
rpr.find(qn('w:rFonts')).set(qn('w:cs'), 'Times New Roman')
ppr = bodystyle.element.get_or_add_pPr()
sp = el('spacing', line='360', lineRule='auto')
ppr.append(sp)
ppr.append(el('ind', firstLineChars='200', firstLine='480'))

# ---------------------------------------------------------------- classify paragraphs
paras = list(doc.paragraphs)
cover = paras[:4]
rest = paras[4:]

H1_RE = re.compile(r'^[一二三四五六七八九十]+、')
H2_RE = re.compile(r'^（[一二三四五六七八九十]+）')

# find the tab separated block
table_rows = []
table_start = None
for i, p in enumerate(rest):
    if '\t' in p.text:
        if table_start is None:
            table_start = i
        table_rows.append(p)
    elif table_start is not None:
        break

headings = []  # (level, paragraph)
for p in rest:
    if p in table_rows:
        continue
    txt = p.text.strip()
    if not txt:
        continue
    if H1_RE.match(txt):
        p.style = h1
        headings.append((1, p))
    elif H2_RE.match(txt):
        p.style = h2
        headings.append((2, p))
    else:
        p.style = bodystyle

# ---------------------------------------------------------------- step 8 table
n_rows = len(table_rows)
data = [p.text.split('\t') for p in table_rows]
n_cols = max(len(r) for r in data)
tbl = doc.add_table(rows=n_rows, cols=n_cols)
tbl.style = styles['Medium Shading 1 Accent 1']
tbl.alignment = WD_TABLE_ALIGNMENT.CENTER
text_w = Cm(21 - 3 - 3)
col_w = Emu(int(text_w / n_cols))
for ri, rowvals in enumerate(data):
    for ci in range(n_cols):
        cell = tbl.cell(ri, ci)
        cell.width = col_w
        cell.vertical_alignment = WD_CELL_VERTICAL_ALIGNMENT.CENTER
        cp = cell.paragraphs[0]
        cp.alignment = WD_ALIGN_PARAGRAPH.CENTER
        cp.add_run(rowvals[ci].strip() if ci < len(rowvals) else '')
for gc in tbl._tbl.tblGrid.findall(qn('w:gridCol')):
    gc.set(qn('w:w'), str(int(col_w.twips if hasattr(col_w, 'twips') else col_w / 635)))
# table width = full text width
tblW = tbl._tbl.tblPr.find(qn('w:tblW'))
tblW.set(qn('w:type'), 'dxa')
tblW.set(qn('w:w'), str(int(round(text_w / 635))))
# header row repeats on page break
trPr = tbl.rows[0]._tr.get_or_add_trPr()
trPr.append(el('tblHeader'))

first_row_p = table_rows[0]._p
first_row_p.addprevious(tbl._tbl)
for p in table_rows:
    p._p.getparent().remove(p._p)

# ---------------------------------------------------------------- step 9 caption + cross-reference
cap_p = el('p')
tbl._tbl.addprevious(cap_p)
cap = Paragraph(cap_p, doc.paragraphs[0]._parent)
cap.style = styles['Caption']
cap.alignment = WD_ALIGN_PARAGRAPH.CENTER
cap.paragraph_format.keep_with_next = True
r_label = run_el('表 ')
cap_p.append(r_label)
seq = fld_runs('SEQ 表 \\* ARABIC', '1')
for r in seq:
    cap_p.append(r)
cap_p.append(run_el(' 2025年各分馆主要服务指标'))
REF_BM = '_Ref210000001'
add_bookmark(cap_p, REF_BM, first=r_label, last=seq[-1])

# the "……见下表。" paragraph
for p in doc.paragraphs:
    if '见下表' in p.text:
        for r in p.runs:
            if '下表' in r.text:
                before, after = r.text.split('下表', 1)
                rpr0 = r._r.find(qn('w:rPr'))
                r.text = before
                anchor = r._r
                for fr in fld_runs('REF %s \\h' % REF_BM, '表 1', rpr0):
                    anchor.addnext(fr)
                    anchor = fr
                if after:
                    anchor.addnext(run_el(after, rpr0))
                break
        break

# ---------------------------------------------------------------- step 10 footnote
# styles for footnotes
if 'footnote text' not in [s.name for s in styles]:
    fs = parse_xml(
        '<w:style %s w:type="paragraph" w:styleId="FootnoteText"><w:name w:val="footnote text"/>'
        '<w:basedOn w:val="Normal"/><w:link w:val="FootnoteTextChar"/><w:uiPriority w:val="99"/>'
        '<w:unhideWhenUsed/><w:pPr><w:snapToGrid w:val="0"/><w:spacing w:after="0" w:line="240" w:lineRule="auto"/></w:pPr>'
        '<w:rPr><w:sz w:val="18"/><w:szCs w:val="18"/></w:rPr></w:style>' % nsdecls('w'))
    styles.element.append(fs)
    fs2 = parse_xml(
        '<w:style %s w:type="character" w:customStyle="1" w:styleId="FootnoteTextChar"><w:name w:val="Footnote Text Char"/>'
        '<w:basedOn w:val="DefaultParagraphFont"/><w:link w:val="FootnoteText"/><w:uiPriority w:val="99"/>'
        '<w:rPr><w:sz w:val="18"/><w:szCs w:val="18"/></w:rPr></w:style>' % nsdecls('w'))
    styles.element.append(fs2)
if 'footnote reference' not in [s.name for s in styles]:
    fr_ = parse_xml(
        '<w:style %s w:type="character" w:styleId="FootnoteReference"><w:name w:val="footnote reference"/>'
        '<w:basedOn w:val="DefaultParagraphFont"/><w:uiPriority w:val="99"/><w:unhideWhenUsed/>'
        '<w:rPr><w:vertAlign w:val="superscript"/></w:rPr></w:style>' % nsdecls('w'))
    styles.element.append(fr_)

FN_TEXT = '读者证在全区各分馆和服务点通用，可通借通还。'
footnotes_xml = (
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'
    '<w:footnotes %s>'
    '<w:footnote w:type="separator" w:id="-1"><w:p><w:pPr><w:spacing w:after="0" w:line="240" w:lineRule="auto"/></w:pPr>'
    '<w:r><w:separator/></w:r></w:p></w:footnote>'
    '<w:footnote w:type="continuationSeparator" w:id="0"><w:p><w:pPr><w:spacing w:after="0" w:line="240" w:lineRule="auto"/></w:pPr>'
    '<w:r><w:continuationSeparator/></w:r></w:p></w:footnote>'
    '<w:footnote w:id="1"><w:p><w:pPr><w:pStyle w:val="FootnoteText"/></w:pPr>'
    '<w:r><w:rPr><w:rStyle w:val="FootnoteReference"/></w:rPr><w:footnoteRef/></w:r>'
    '<w:r><w:t xml:space="preserve"> </w:t></w:r><w:r><w:t>%s</w:t></w:r></w:p></w:footnote>'
    '</w:footnotes>' % (nsdecls('w', 'r'), FN_TEXT))
fn_part = Part(PackURI('/word/footnotes.xml'),
               'application/vnd.openxmlformats-officedocument.wordprocessingml.footnotes+xml',
               footnotes_xml.encode('utf-8'), doc.part.package)
doc.part.relate_to(fn_part, RT.FOOTNOTES)
settings = doc.settings.element
fnpr = parse_xml('<w:footnotePr %s><w:footnote w:id="-1"/><w:footnote w:id="0"/></w:footnotePr>' % nsdecls('w'))
# footnotePr must come after w:characterSpacingControl / before compat -> insert before w:compat
compat = settings.find(qn('w:compat'))
if compat is not None:
    compat.addprevious(fnpr)
else:
    settings.append(fnpr)

done_fn = False
for p in doc.paragraphs[4:]:
    if done_fn:
        break
    if p.style.name in ('heading 1', 'heading 2', 'Heading 1', 'Heading 2'):
        continue
    for r in p.runs:
        if '一卡通' in r.text:
            before, after = r.text.split('一卡通', 1)
            rpr0 = r._r.find(qn('w:rPr'))
            r.text = before + '一卡通'
            fr = el('r')
            frpr = el('rPr')
            frpr.append(el('rStyle', val='FootnoteReference'))
            fr.append(frpr)
            fr.append(el('footnoteReference', id='1'))
            r._r.addnext(fr)
            if after:
                fr.addnext(run_el(after, rpr0))
            done_fn = True
            break

# ---------------------------------------------------------------- step 11 cover
for p in cover:
    p.alignment = WD_ALIGN_PARAGRAPH.CENTER
title_p = cover[1]
for r in title_p.runs:
    r.font.size = Pt(26)  # 一号
    r.font.bold = True
    r.font.name = '黑体'
    rpr = r._r.get_or_add_rPr()
    set_rfonts(rpr, ascii='黑体', hansi='黑体', east='黑体')

# ---------------------------------------------------------------- step 12 sections and TOC
final_sectPr = body.find(qn('w:sectPr'))
base_sectPr = copy.deepcopy(final_sectPr)
for child in list(base_sectPr):
    if child.tag in (qn('w:headerReference'), qn('w:footerReference')):
        base_sectPr.remove(child)

# cover section: sectPr in last cover paragraph
cover_sect = copy.deepcopy(base_sectPr)
get_or_add_ppr(cover[-1]._p).append(cover_sect)

# TOC section
toc_title = new_p_after(cover[-1]._p)
tp = Paragraph(toc_title, cover[-1]._parent)
tp.style = styles['TOC Heading']
tp.alignment = WD_ALIGN_PARAGRAPH.CENTER
tp.add_run('目录')

# TOC styles (toc 1 / toc 2) with right aligned dotted tab at the text width
TAB_POS = int(round(text_w / 635))
for lvl, ind in ((1, 0), (2, 420)):
    name = 'toc %d' % lvl
    if name not in [s.name for s in styles]:
        st = parse_xml(
            '<w:style %s w:type="paragraph" w:styleId="TOC%d"><w:name w:val="toc %d"/>'
            '<w:basedOn w:val="Normal"/><w:next w:val="Normal"/><w:autoRedefine/><w:uiPriority w:val="39"/>'
            '<w:unhideWhenUsed/><w:pPr><w:tabs><w:tab w:val="right" w:leader="dot" w:pos="%d"/></w:tabs>'
            '<w:spacing w:after="100"/>%s</w:pPr></w:style>'
            % (nsdecls('w'), lvl, lvl, TAB_POS,
               ('<w:ind w:leftChars="200" w:left="%d"/>' % ind) if ind else ''))
        styles.element.append(st)

# bookmarks for the headings
toc_items = []
for k, (lvl, hp) in enumerate(headings):
    name = '_Toc2100%05d' % (k + 1)
    add_bookmark(hp._p, name)
    toc_items.append((lvl, hp.text, name, hp))


# rough page estimate for the cached TOC entries (Word recomputes them on update)
def estimate_pages():
    page_h = (29.7 - 2.5 - 2.5) / 2.54 * 72.0  # pt
    line_w = (21 - 6) / 2.54 * 72.0
    body_line = 12 * 1.15 * 1.5
    y = 0.0
    page = 1
    res = {}
    started = False
    for child in body:
        if child.tag == qn('w:p'):
            p = Paragraph(child, doc.paragraphs[0]._parent)
            if not started:
                if child is rest[0]._p:
                    started = True
                else:
                    continue
            sname = p.style.name.lower()
            txt = p.text
            if sname in ('heading 1', 'heading 2'):
                h = (16 if sname == 'heading 1' else 14) * 1.15 * 1.15 + 7.8
                # keep with next: the heading plus two lines of the next paragraph must fit
                if y + h + 2 * body_line > page_h:
                    page += 1
                    y = 0.0
                y += h
            elif sname == '报告正文':
                chars = sum(1.0 if ord(c) > 255 else 0.5 for c in txt) + 2
                n = max(1, int(-(-chars // (line_w / 12))))
                extra = 20 if child.find('.//' + qn('w:footnoteReference')) is not None else 0
                k = int((page_h - y - extra) // body_line)
                if k >= n:
                    y += n * body_line + 10 + extra
                else:
                    # widow/orphan control: at least 2 lines on each page
                    if n >= 4 and k >= 2:
                        k = min(k, n - 2)
                        page += 1
                        y = (n - k) * body_line + 10
                    else:
                        page += 1
                        y = n * body_line + 10 + extra
            else:
                h = (9 * 1.15 + 10) if sname == 'caption' else (10.5 * 1.15 * 1.15 + 10)
                if y + h > page_h:
                    page += 1
                    y = 0.0
                y += h
            for lvl, t, name, hp in toc_items:
                if hp._p is child:
                    res[name] = page
        elif child.tag == qn('w:tbl'):
            h = len(child.findall(qn('w:tr'))) * 13
            if y + h > page_h:
                page += 1
                y = 0.0
            y += h
    return res


pages = estimate_pages()

prev = toc_title
toc_paras = []
for i, (lvl, t, name, hp) in enumerate(toc_items):
    p_el = new_p_after(prev)
    prev = p_el
    ppr = get_or_add_ppr(p_el)
    ppr.append(el('pStyle', val='TOC%d' % lvl))
    if i == 0:
        r = el('r')
        r.append(el('fldChar', fldCharType='begin'))
        p_el.append(r)
        r = el('r')
        it = el('instrText')
        it.set('{http://www.w3.org/XML/1998/namespace}space', 'preserve')
        it.text = ' TOC \\o "1-2" \\h \\z \\u '
        r.append(it)
        p_el.append(r)
        r = el('r')
        r.append(el('fldChar', fldCharType='separate'))
        p_el.append(r)
    hl = el('hyperlink', anchor=name, history='1')
    hl.append(run_el(t))
    tr = el('r')
    tr.append(el('tab'))
    hl.append(tr)
    for fr in fld_runs('PAGEREF %s \\h' % name, str(pages.get(name, 1))):
        hl.append(fr)
    p_el.append(hl)
    toc_paras.append(p_el)

# end of the TOC field + section break of the TOC section
end_p = new_p_after(prev)
r = el('r')
r.append(el('fldChar', fldCharType='end'))
end_p.append(r)
toc_sect = copy.deepcopy(base_sectPr)
get_or_add_ppr(end_p).append(toc_sect)

# ---------------------------------------------------------------- section properties
secs = doc.sections
assert len(secs) == 3
for s in secs:
    s.start_type = WD_SECTION.NEW_PAGE
    s.page_width = Cm(21)
    s.page_height = Cm(29.7)
    s.top_margin = Cm(2.5)
    s.bottom_margin = Cm(2.5)
    s.left_margin = Cm(3)
    s.right_margin = Cm(3)

# cover vertically centred
SECT_ORDER = ['headerReference', 'footerReference', 'footnotePr', 'endnotePr', 'type', 'pgSz', 'pgMar',
              'paperSrc', 'pgBorders', 'lnNumType', 'pgNumType', 'cols', 'formProt', 'vAlign', 'noEndnote',
              'titlePg', 'textDirection', 'bidi', 'rtlGutter', 'docGrid', 'printerSettings', 'sectPrChange']


def sect_insert(sectPr, new):
    tag = new.tag.split('}')[1]
    old = sectPr.find(qn('w:' + tag))
    if old is not None:
        sectPr.remove(old)
    idx = SECT_ORDER.index(tag)
    for i, c in enumerate(sectPr):
        ctag = c.tag.split('}')[1]
        if ctag in SECT_ORDER and SECT_ORDER.index(ctag) > idx:
            c.addprevious(new)
            return
    sectPr.append(new)


sect_insert(secs[0]._sectPr, el('vAlign', val='center'))
# explicit "next page" section breaks
for s in secs:
    sect_insert(s._sectPr, el('type', val='nextPage'))

# step 13: headers/footers
for s in secs[:2]:
    s.header.is_linked_to_previous = False
    s.footer.is_linked_to_previous = False
    for p in s.header.paragraphs + s.footer.paragraphs:
        for r in p.runs:
            r._r.getparent().remove(r._r)

s3 = secs[2]
s3.header.is_linked_to_previous = False
s3.footer.is_linked_to_previous = False
hp = s3.header.paragraphs[0]
for r in hp.runs:
    r._r.getparent().remove(r._r)
hp.style = styles['Header']
hp.alignment = WD_ALIGN_PARAGRAPH.CENTER
hp.add_run('滨江区社区图书馆2025年度工作报告')
fp = s3.footer.paragraphs[0]
for r in fp.runs:
    r._r.getparent().remove(r._r)
fp.style = styles['Footer']
fp.alignment = WD_ALIGN_PARAGRAPH.CENTER
for fr in fld_runs('PAGE \\* Arabic', '1'):
    fp._p.append(fr)
sect_insert(s3._sectPr, el('pgNumType', fmt='decimal', start='1'))

# fields (TOC page numbers) refreshed when the document is opened in Word
upd = el('updateFields', val='true')
sc = settings.find(qn('w:compat'))
# updateFields goes before w:footnotePr/compat in schema order (after hdrShapeDefaults...);
# place it right after w:defaultTabStop's predecessors: simplest valid spot is before footnotePr
anchor = settings.find(qn('w:footnotePr'))
if anchor is None:
    anchor = sc
if anchor is not None:
    anchor.addprevious(upd)
else:
    settings.append(upd)

doc.save('output.docx')
