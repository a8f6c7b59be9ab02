# Independent solution written from the prompt alone (word-l2-merge, text-only)
# Step 1: section -> pgSz 12472x9071 twips (22 x 16 cm) orient=landscape; top/bottom 1134 twips (2 cm), left/right 1701 (3 cm).
# Step 2: <w:background w:color="FDF6E3"/> in document.xml + <w:displayBackgroundShape/> in settings.
# Step 3: title runs eastAsia 隶书, 36 pt (小初), colour FF0000, character spacing +5 pt (w:spacing val=100); centred; afterLines=100.
# Step 4: paragraphs 2-6 eastAsia 仿宋, 14 pt (四号), line spacing 1.25 (line=300 auto); paragraphs 3 and 4 firstLineChars=200,
#         paragraphs 2, 5, 6 no indent; "城市阅读空间设计" isolated -> bold + single underline.
# Step 5: paragraphs 7-8 eastAsia 楷体, 12 pt (小四), right aligned; paragraph 7 beforeLines=100.
# Step 6: after "尊敬的": { MERGEFIELD 姓名 } { IF { MERGEFIELD 性别 } = "男" "先生" "女士" } then the existing "：";
#         after "您的座位号：": { MERGEFIELD 座位号 }; settings.xml gets <w:mailMerge> (formLetters, native/ACE OLEDB
#         connection to 嘉宾名单.xlsx, query SELECT * FROM `Sheet1$`, dataSource + odso, external mailMergeSource relationship).
from docx.enum.text import WD_UNDERLINE
from docx.enum.section import WD_ORIENT
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
import os
import pathlib
from docx.opc.constants import RELATIONSHIP_TYPE as RT
from docx.text.run import Run

RT_MAILMERGE = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships/mailMergeSource'
XML_SPACE = '{http://www.w3.org/XML/1998/namespace}space'


def el(tag, **attrs):
    e = OxmlElement(tag)
    for k, v in attrs.items():
        e.set(qn('w:' + k), str(v))
    return e


def fld_run(rPr, kind=None, instr=None, text=None):
    r = OxmlElement('w:r')
    if rPr is not None:
        r.append(copy.deepcopy(rPr))
    if kind:
        r.append(el('w:fldChar', fldCharType=kind))
    if instr is not None:
        it = OxmlElement('w:instrText')
        it.set(XML_SPACE, 'preserve')
        it.text = instr
        r.append(it)
    if text is not None:
        t = OxmlElement('w:t')
        t.set(XML_SPACE, 'preserve')
        t.text = text
        r.append(t)
    return r


def mergefield_runs(rPr, name):
    return [fld_run(rPr, 'begin'),
            fld_run(rPr, instr=' MERGEFIELD %s ' % name),
            fld_run(rPr, 'separate'),
            fld_run(rPr, text='«%s»' % name),
            fld_run(rPr, 'end')]


def if_gender_runs(rPr):
    # { IF { MERGEFIELD 性别 } = "男" "先生" "女士" }
    runs = [fld_run(rPr, 'begin'), fld_run(rPr, instr=' IF ')]
    runs += [fld_run(rPr, 'begin'),
             fld_run(rPr, instr=' MERGEFIELD 性别 '),
             fld_run(rPr, 'separate'),
             fld_run(rPr, text='男'),
             fld_run(rPr, 'end')]
    runs += [fld_run(rPr, instr=' = "男" "先生" "女士" '),
             fld_run(rPr, 'separate'),
             fld_run(rPr, text='先生'),
             fld_run(rPr, 'end')]
    return runs


def insert_after_text(paragraph, prefix, new_runs):
    """Insert run elements right after the characters `prefix` of the paragraph."""
    occ = isolate(paragraph, prefix, occurrence=0)[0]
    anchor = occ[-1]._r
    for r in new_runs:
        anchor.addnext(r)
        anchor = r


def main():
    doc = Document('input.docx')
    paras = doc.paragraphs
    title = paras[0]
    block = paras[1:6]            # 尊敬的 … 联系人
    sign, date = paras[6], paras[7]

    # 1. page setup 22 x 16 cm landscape, margins
    sec = doc.sections[0]
    sec.orientation = WD_ORIENT.LANDSCAPE
    sec.page_width = Twips(12472)     # 22 cm
    sec.page_height = Twips(9071)     # 16 cm
    sec.top_margin = Twips(1134)      # 2 cm
    sec.bottom_margin = Twips(1134)
    sec.left_margin = Twips(1701)     # 3 cm
    sec.right_margin = Twips(1701)

    # 2. page colour
    root = doc.element
    bg = root.find(qn('w:background'))
    if bg is None:
        bg = OxmlElement('w:background')
        root.insert(0, bg)
    bg.set(qn('w:color'), 'FDF6E3')
    settings = doc.settings.element
    if settings.find(qn('w:displayBackgroundShape')) is None:
        dbs = OxmlElement('w:displayBackgroundShape')
        z = settings.find(qn('w:zoom'))
        if z is not None:
            z.addnext(dbs)
        else:
            settings.insert(0, dbs)

    # 3. title
    for r in title.runs:
        set_fonts(r, east='隶书')
        r.font.size = Pt(36)                      # 小初
        r.font.color.rgb = RGBColor(0xFF, 0, 0)
        rPr = r._r.get_or_add_rPr()
        rPr.append(el('w:spacing', val=100))      # expanded by 5 pt
        reorder_rPr(rPr)
    title.alignment = WD_ALIGN_PARAGRAPH.CENTER
    set_spacing(title, after_lines=1)

    # 4. the five paragraphs
    for i, p in enumerate(block):
        for r in p.runs:
            set_fonts(r, east='仿宋')
            r.font.size = Pt(14)                  # 四号
        set_spacing(p, line_mult=1.25)
        if i in (1, 2):                           # the two text paragraphs
            set_indent_chars(p, first_chars=2, font_pt=14)
    for p in block:
        for occ in isolate(p, '城市阅读空间设计'):
            for r in occ:
                r.font.bold = True
                r.font.underline = WD_UNDERLINE.SINGLE

    # 5. signature and date
    for p in (sign, date):
        for r in p.runs:
            set_fonts(r, east='楷体')
            r.font.size = Pt(12)                  # 小四
        p.alignment = WD_ALIGN_PARAGRAPH.RIGHT
    set_spacing(sign, before_lines=1)

    # 6. mail merge fields
    greet = block[0]
    base_rPr = greet.runs[0]._r.find(qn('w:rPr'))
    insert_after_text(greet, '尊敬的', mergefield_runs(base_rPr, '姓名') + if_gender_runs(base_rPr))
    seat = block[3]
    base_rPr = seat.runs[0]._r.find(qn('w:rPr'))
    insert_after_text(seat, '您的座位号：', mergefield_runs(base_rPr, '座位号'))

    # mail-merge settings: form letters, Excel Sheet1 as data source
    xlsx = os.path.abspath('嘉宾名单.xlsx')
    # Word stores the data-source path unescaped, e.g. file:///C:\dir\嘉宾名单.xlsx
    uri = ('file://' + xlsx) if xlsx.startswith('/') else ('file:///' + xlsx)
    settings_part = doc.part._settings_part
    rid = settings_part.relate_to(uri, RT_MAILMERGE, is_external=True)
    conn = ('Provider=Microsoft.ACE.OLEDB.12.0;User ID=Admin;Data Source=%s;Mode=Read;'
            'Extended Properties="HDR=YES;IMEX=1;";Jet OLEDB:System database="";Jet OLEDB:Registry Path="";'
            'Jet OLEDB:Engine Type=37;Jet OLEDB:Database Locking Mode=0;Jet OLEDB:Global Partial Bulk Ops=2;'
            'Jet OLEDB:Global Bulk Transactions=1;Jet OLEDB:New Database Password="";'
            'Jet OLEDB:Create System Database=False;Jet OLEDB:Encrypt Database=False;'
            "Jet OLEDB:Don't Copy Locale on Compact=False;Jet OLEDB:Compact Without Replica Repair=False;"
            'Jet OLEDB:SFP=False;Jet OLEDB:Support Complex Data=False;Jet OLEDB:Bypass UserInfo Validation=False;'
            'Jet OLEDB:Limited DB Caching=False;Jet OLEDB:Bypass ChoiceField Validation=False') % xlsx
    mm = OxmlElement('w:mailMerge')
    mm.append(el('w:mainDocumentType', val='formLetters'))
    mm.append(OxmlElement('w:linkToQuery'))
    mm.append(el('w:dataType', val='native'))
    mm.append(el('w:connectString', val=conn))
    mm.append(el('w:query', val='SELECT * FROM `Sheet1$` '))
    ds = OxmlElement('w:dataSource')
    ds.set(qn('r:id'), rid)
    mm.append(ds)
    odso = OxmlElement('w:odso')
    odso.append(el('w:udl', val=conn))
    odso.append(el('w:table', val='Sheet1$'))
    src = OxmlElement('w:src')
    src.set(qn('r:id'), rid)
    odso.append(src)
    odso.append(el('w:colDelim', val=9))
    odso.append(el('w:type', val='database'))
    odso.append(OxmlElement('w:fHdr'))
    mm.append(odso)
    for old in settings.findall(qn('w:mailMerge')):
        settings.remove(old)
    # schema position: after proofState/attachedTemplate/…/documentType, before trackRevisions/defaultTabStop…
    before_tags = ['w:revisionView', 'w:trackRevisions', 'w:doNotTrackMoves', 'w:doNotTrackFormatting',
                   'w:documentProtection', 'w:autoFormatOverride', 'w:styleLockTheme', 'w:styleLockQFSet',
                   'w:defaultTabStop']
    placed = False
    for child in settings:
        if child.tag in [qn(t) for t in before_tags]:
            child.addprevious(mm)
            placed = True
            break
    if not placed:
        settings.append(mm)

    doc.save('output.docx')


if __name__ == '__main__':
    main()
