# Independent solution written from the prompt alone (word-l1-notice, text-only)
# Step 1: title paragraph runs: eastAsia 黑体, 22 pt (二号), bold; paragraph centred, space after 1 line.
# Step 2: all other paragraphs: runs eastAsia 仿宋 + ascii/hAnsi Times New Roman, 12 pt (小四); line spacing 1.5.
# Step 3: "一、活动时间" "二、活动内容" "三、参与方式": eastAsia 楷体 + bold, space before 0.5 line.
# Step 4: paragraphs 3,5,7,8,9,11 (body paragraphs other than salutation/sub-headings/signature):
#         first-line indent 2 characters (firstLineChars=200).
# Step 5: every "读书节" in the body split into its own run: colour FF0000 (standard red) + emphasis dot (w:em).
# Step 6: "阅读点亮青春" in paragraph 3: italic + double underline.
# Step 7: the last two paragraphs (signature and date) right-aligned.
# Step 8: section: A4 21 x 29.7 cm, top/bottom 2.5 cm, left/right 3 cm, header distance 1.5 cm.
# Step 9: header paragraph text "校团委办公室" (centred), footer with a centred PAGE field.

import copy

from docx import Document
from docx.enum.text import WD_ALIGN_PARAGRAPH, WD_LINE_SPACING, WD_UNDERLINE
from docx.oxml import parse_xml
from docx.oxml.ns import qn, nsdecls
from docx.shared import Pt, Cm, RGBColor

doc = Document('input.docx')
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


def split_runs(paragraph, phrase):
    """Make every occurrence of phrase its own run (keeping the original run formatting).
    Returns the list of runs that hold the phrase."""
    hits = []
    changed = True
    while changed:
        changed = False
        for r in paragraph.runs:
            t = r.text
            if phrase in t and t != phrase:
                i = t.index(phrase)
                parts = [t[:i], phrase, t[i + len(phrase):]]
                rpr = r._r.find(qn('w:rPr'))
                new_runs = []
                for part in parts:
                    if not part:
                        continue
                    nr = el('r')
                    if rpr is not None:
                        nr.append(copy.deepcopy(rpr))
                    tt = el('t')
                    tt.text = part
                    tt.set(XML_SPACE, 'preserve')
                    nr.append(tt)
                    new_runs.append(nr)
                anchor = r._r
                for nr in new_runs:
                    anchor.addnext(nr)
                    anchor = nr
                r._r.getparent().remove(r._r)
                changed = True
                break
    for r in paragraph.runs:
        if r.text == phrase:
            hits.append(r)
    return hits


paras = doc.paragraphs
title = paras[0]
body_paras = paras[1:]

# ---- step 1: title
title.alignment = WD_ALIGN_PARAGRAPH.CENTER
for r in title.runs:
    set_fonts(r, east='黑体')
    r.font.size = Pt(22)
    r.font.bold = True
ppr = title._p.get_or_add_pPr()
sp = ppr.find(qn('w:spacing'))
if sp is None:
    sp = el('spacing')
    jc = ppr.find(qn('w:jc'))
    if jc is not None:
        jc.addprevious(sp)
    else:
        ppr.append(sp)
sp.set(qn('w:after'), '312')
sp.set(qn('w:afterLines'), '100')

# ---- step 5 / 6: split runs first so that the later font settings reach every run
red_runs = []
for p in body_paras:
    red_runs += split_runs(p, '读书节')
ital_runs = []
for p in body_paras:
    if '阅读点亮青春' in p.text:
        ital_runs += split_runs(p, '阅读点亮青春')
        break

# ---- step 2: body paragraphs
for p in body_paras:
    p.paragraph_format.line_spacing = 1.5
    for r in p.runs:
        set_fonts(r, east='仿宋', latin='Times New Roman')
        r.font.size = Pt(12)

# ---- step 3: sub headings
SUBHEADS = ('一、活动时间', '二、活动内容', '三、参与方式')
for p in body_paras:
    if p.text.strip() in SUBHEADS:
        for r in p.runs:
            set_fonts(r, east='楷体')
            r.font.bold = True
        sp = p._p.get_or_add_pPr().find(qn('w:spacing'))
        sp.set(qn('w:before'), '156')
        sp.set(qn('w:beforeLines'), '50')

# ---- step 4: first line indent for paragraphs 3,5,7,8,9,11
for idx in (3, 5, 7, 8, 9, 11):
    p = paras[idx - 1]
    p.paragraph_format.first_line_indent = Pt(24)  # 2 chars of 12 pt as fallback value
    ind = p._p.pPr.find(qn('w:ind'))
    ind.set(qn('w:firstLineChars'), '200')

# ---- step 5: red + emphasis mark
for r in red_runs:
    r.font.color.rgb = RGBColor(0xFF, 0x00, 0x00)
    rpr = r._r.get_or_add_rPr()
    em = rpr.find(qn('w:em'))
    if em is None:
        em = el('em', val='dot')
        # schema order: ... sz, szCs, highlight, u, effect, bdr, shd, fitText, vertAlign, rtl, cs, em, lang ...
        lang = rpr.find(qn('w:lang'))
        if lang is not None:
            lang.addprevious(em)
        else:
            rpr.append(em)

# ---- step 6: italic + double underline
for r in ital_runs:
    r.font.italic = True
    r.font.underline = WD_UNDERLINE.DOUBLE

# ---- step 7: signature and date right aligned
for p in paras[-2:]:
    p.alignment = WD_ALIGN_PARAGRAPH.RIGHT

# ---- step 8: page setup
for s in doc.sections:
    s.page_width = Cm(21)
    s.page_height = Cm(29.7)
    s.top_margin = Cm(2.5)
    s.bottom_margin = Cm(2.5)
    s.left_margin = Cm(3)
    s.right_margin = Cm(3)
    s.header_distance = Cm(1.5)

# ---- step 9: header text and page number
s = doc.sections[0]
hdr = s.header
hdr.is_linked_to_previous = False
hp = hdr.paragraphs[0]
hp.text = ''
hp.style = doc.styles['Header']
hp.alignment = WD_ALIGN_PARAGRAPH.CENTER
hp.add_run('校团委办公室')

ftr = s.footer
ftr.is_linked_to_previous = False
fp = ftr.paragraphs[0]
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
        t.text = '1'
        r.append(t)
    else:
        r.append(el('fldChar', fldCharType=kind))
    fp._p.append(r)

doc.save('output.docx')
