# Independent solution written from the prompt alone (word-l2-merge, text-only)
# Step 1: section page size 22 x 16 cm, orientation landscape, margins top/bottom 2 cm, left/right 3 cm.
# Step 2: page colour: <w:background w:color="FDF6E3"/> in document.xml + <w:displayBackgroundShape/> in settings.
# Step 3: title "邀请函": eastAsia 隶书, 36 pt (小初), colour FF0000, character spacing expanded 5 pt
#         (w:spacing w:val=100), centred, space after 1 line.
# Step 4: paragraphs "尊敬的：" .. "联系人……": eastAsia 仿宋, 14 pt (四号), line spacing multiple 1.25
#         (line=300 auto); the two body paragraphs get firstLineChars=200, the other 3 explicit zero indent;
#         "城市阅读空间设计" split into its own run, bold + single underline.
# Step 5: signature and date: eastAsia 楷体, 12 pt (小四), right aligned; signature space before 1 line.
# Step 6: mail merge: settings w:mailMerge (formLetters, native Excel/OLE DB data source, query
#         SELECT * FROM `Sheet1$`, external mailMergeSource relationship to 嘉宾名单.xlsx, odso block);
#         "尊敬的" + {MERGEFIELD 姓名} + {IF {MERGEFIELD 性别} = "男" "先生" "女士"} + "：";
#         "您的座位号：" + {MERGEFIELD 座位号}. No other merge fields.

import copy
import os
import pathlib

from docx import Document
from docx.enum.section import WD_ORIENT
from docx.enum.text import WD_ALIGN_PARAGRAPH, WD_UNDERLINE
from docx.oxml import parse_xml
from docx.oxml.ns import qn, nsdecls
from docx.shared import Pt, Cm, RGBColor

doc = Document('input.docx')
XML_SPACE = '{http://www.w3.org/XML/1998/namespace}space'
DATA_FILE = '嘉宾名单.xlsx'


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


def set_spacing(p, **kw):
    ppr = p._p.get_or_add_pPr()
    sp = ppr.find(qn('w:spacing'))
    if sp is None:
        sp = el('spacing')
        # insert in schema order: before ind / jc
        for tag in ('ind', 'contextualSpacing', 'jc', 'textAlignment', 'outlineLvl', 'rPr', 'sectPr'):
            nxt = ppr.find(qn('w:' + tag))
            if nxt is not None:
                nxt.addprevious(sp)
                break
        else:
            ppr.append(sp)
    for k, v in kw.items():
        sp.set(qn('w:' + k), str(v))


paras = doc.paragraphs
title = paras[0]
idx_greet = next(i for i, p in enumerate(paras) if p.text.startswith('尊敬的'))
idx_contact = next(i for i, p in enumerate(paras) if p.text.startswith('联系人'))
mid = paras[idx_greet:idx_contact + 1]          # 5 paragraphs
sign = paras[idx_contact + 1:]                  # signature + date

# ---------------------------------------------------------------- step 1
for s in doc.sections:
    s.orientation = WD_ORIENT.LANDSCAPE
    s.page_width = Cm(22)
    s.page_height = Cm(16)
    s.top_margin = Cm(2)
    s.bottom_margin = Cm(2)
    s.left_margin = Cm(3)
    s.right_margin = Cm(3)

# ---------------------------------------------------------------- step 2 page colour
docel = doc.element
bg = docel.find(qn('w:background'))
if bg is None:
    bg = el('background')
    docel.insert(0, bg)
bg.set(qn('w:color'), 'FDF6E3')
settings = doc.settings.element
if settings.find(qn('w:displayBackgroundShape')) is None:
    dbs = el('displayBackgroundShape')
    # after w:zoom (and view etc.), before everything else
    after = None
    for tag in ('doNotDisplayPageBoundaries', 'removeDateAndTime', 'removePersonalInformation', 'zoom', 'view',
                'writeProtection'):
        after = settings.find(qn('w:' + tag))
        if after is not None:
            break
    if after is not None:
        after.addnext(dbs)
    else:
        settings.insert(0, dbs)

# ---------------------------------------------------------------- step 3 title
title.alignment = WD_ALIGN_PARAGRAPH.CENTER
for r in title.runs:
    set_fonts(r, east='隶书')
    r.font.size = Pt(36)
    r.font.color.rgb = RGBColor(0xFF, 0, 0)
    rpr = r._r.get_or_add_rPr()
    sp = el('spacing', val='100')  # 5 pt expanded
    # rPr order: ... color, spacing, w, kern, position, sz ...
    col = rpr.find(qn('w:color'))
    col.addnext(sp)
set_spacing(title, after='312', afterLines='100')

# ---------------------------------------------------------------- step 4
for p in mid:
    split_target = '城市阅读空间设计'
    if split_target in p.text:
        for r in split_runs(p, split_target):
            r.font.bold = True
            r.font.underline = WD_UNDERLINE.SINGLE
    for r in p.runs:
        set_fonts(r, east='仿宋')
        r.font.size = Pt(14)
    p.paragraph_format.line_spacing = 1.25
body_two = [p for p in mid if not p.text.startswith(('尊敬的', '您的座位号', '联系人'))]
for p in mid:
    pf = p.paragraph_format
    if p in body_two:
        pf.first_line_indent = Pt(28)  # 2 chars of 14 pt
        p._p.pPr.find(qn('w:ind')).set(qn('w:firstLineChars'), '200')
    else:
        pf.first_line_indent = Pt(0)
        p._p.pPr.find(qn('w:ind')).set(qn('w:firstLineChars'), '0')

# ---------------------------------------------------------------- step 5
for p in sign:
    p.alignment = WD_ALIGN_PARAGRAPH.RIGHT
    for r in p.runs:
        set_fonts(r, east='楷体')
        r.font.size = Pt(12)
set_spacing(sign[0], before='312', beforeLines='100')


# ---------------------------------------------------------------- step 6 merge fields
def fld_begin(rpr):
    r = el('r')
    if rpr is not None:
        r.append(copy.deepcopy(rpr))
    r.append(el('fldChar', fldCharType='begin'))
    return r


def fld_sep(rpr):
    r = el('r')
    if rpr is not None:
        r.append(copy.deepcopy(rpr))
    r.append(el('fldChar', fldCharType='separate'))
    return r


def fld_end(rpr):
    r = el('r')
    if rpr is not None:
        r.append(copy.deepcopy(rpr))
    r.append(el('fldChar', fldCharType='end'))
    return r


def instr(text, rpr):
    r = el('r')
    if rpr is not None:
        r.append(copy.deepcopy(rpr))
    it = el('instrText')
    it.text = text
    it.set(XML_SPACE, 'preserve')
    r.append(it)
    return r


def text_run(text, rpr):
    r = el('r')
    if rpr is not None:
        r.append(copy.deepcopy(rpr))
    t = el('t')
    t.text = text
    t.set(XML_SPACE, 'preserve')
    r.append(t)
    return r


def mergefield(name, rpr):
    return [fld_begin(rpr), instr(' MERGEFIELD %s ' % name, rpr), fld_sep(rpr),
            text_run('«%s»' % name, rpr), fld_end(rpr)]


def if_gender(rpr):
    runs = [fld_begin(rpr), instr(' IF ', rpr)]
    runs += mergefield('性别', rpr)
    runs += [instr(' = "男" "先生" "女士" ', rpr), fld_sep(rpr), text_run('先生', rpr), fld_end(rpr)]
    return runs


# greeting line
greet = mid[0]
runs = greet.runs
rpr0 = copy.deepcopy(runs[0]._r.find(qn('w:rPr')))
full = greet.text                         # "尊敬的：" (text kept)
for r in runs:
    r._r.getparent().remove(r._r)
prefix = full.rstrip('：:')
suffix = full[len(prefix):] or '：'
new = [text_run(prefix, rpr0)] + mergefield('姓名', rpr0) + if_gender(rpr0) + [text_run(suffix, rpr0)]
for r in new:
    greet._p.append(r)

# seat line
seat = next(p for p in mid if p.text.startswith('您的座位号'))
rpr1 = copy.deepcopy(seat.runs[-1]._r.find(qn('w:rPr')))
for r in mergefield('座位号', rpr1):
    seat._p.append(r)

# mail merge settings + data source
data_path = os.path.abspath(DATA_FILE)
data_uri = pathlib.Path(data_path).as_uri()
RT_MMS = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships/mailMergeSource'
rid = doc.part._settings_part.relate_to(data_uri, RT_MMS, is_external=True)
conn = ('Provider=Microsoft.ACE.OLEDB.12.0;User ID=Admin;Data Source=%s;Mode=Read;'
        'Extended Properties="HDR=YES;IMEX=1;";Jet OLEDB:System database="";Jet OLEDB:Registry Path="";'
        'Jet OLEDB:Engine Type=37;Jet OLEDB:Database Locking Mode=0;Jet OLEDB:Global Partial Bulk Ops=2;'
        'Jet OLEDB:Global Bulk Transactions=1;Jet OLEDB:New Database Password="";'
        'Jet OLEDB:Create System Database=False;Jet OLEDB:Encrypt Database=False;'
        'Jet OLEDB:Don\'t Copy Locale on Compact=False;Jet OLEDB:Compact Without Replica Repair=False;'
        'Jet OLEDB:SFP=False;Jet OLEDB:Support Complex Data=False;Jet OLEDB:Bypass UserInfo Validation=False;'
        'Jet OLEDB:Limited DB Caching=False;Jet OLEDB:Bypass ChoiceField Validation=False' % data_path)
mm = parse_xml('<w:mailMerge %s/>' % nsdecls('w', 'r'))
mm.append(el('mainDocumentType', val='formLetters'))
mm.append(el('linkToQuery'))
mm.append(el('dataType', val='native'))
mm.append(el('connectString', val=conn))
mm.append(el('query', val='SELECT * FROM `Sheet1$` '))
ds = el('dataSource')
ds.set(qn('r:id'), rid)
mm.append(ds)
odso = el('odso')
odso.append(el('udl', val=conn))
odso.append(el('table', val='Sheet1$'))
src = el('src')
src.set(qn('r:id'), rid)
odso.append(src)
odso.append(el('colDelim', val='9'))
odso.append(el('fHdr'))
mm.append(odso)
# schema position: after w:documentType / before w:revisionView ... w:defaultTabStop
anchor = None
for tag in ('revisionView', 'trackRevisions', 'doNotTrackMoves', 'doNotTrackFormatting', 'documentProtection',
            'autoFormatOverride', 'styleLockTheme', 'styleLockQFSet', 'defaultTabStop'):
    anchor = settings.find(qn('w:' + tag))
    if anchor is not None:
        break
if anchor is not None:
    anchor.addprevious(mm)
else:
    settings.append(mm)

doc.save('output.docx')
