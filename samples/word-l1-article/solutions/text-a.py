# Independent solution written from the prompt alone (word-l1-article, text-only)
# Step 1: title runs -> 黑体 (ascii/hAnsi/eastAsia), 18 pt (小二), bold; centred; afterLines=50; paragraph box border
#         (w:pBdr top/left/bottom/right single, sz=12 = 1.5 pt, colour 0070C0 standard blue); paragraph shading fill E2EFDA.
# Step 2: paragraphs 2-6 -> eastAsia 宋体, western Times New Roman, 10.5 pt (五号); firstLineChars=200; line exact 18 pt.
# Step 3: first body paragraph -> Word-style drop cap: first character moved to a frame paragraph
#         (w:framePr dropCap=drop lines=2 hSpace=113 twips = 0.2 cm), character font 隶书.
# Step 4: continuous section breaks before body paragraph 2 and after body paragraph 3; that middle section has
#         w:cols num=2 equalWidth space=567 (1 cm) sep=1; the other sections keep one column.
# Step 5: "读书会、周末市集" in body paragraph 4 -> own run, bold, italic, wavy underline (w:u val=wave).
# Step 6: last five tab-separated paragraphs -> 5x4 table (paragraphs removed); table jc=center; tblBorders outer double
#         sz=6 (0.75 pt) colour 002060 (standard dark blue), insideH/insideV single sz=4 (0.5 pt) 002060; row 1 bold +
#         cell shading DDEBF7; all cell paragraphs centred, cells vAlign=center; every row trHeight 454 twips exact (0.8 cm).
# Step 7: every section -> A4 11906x16838 twips, left/right margins 1588 twips (2.8 cm).
# Step 8: header "城市生活专栏" centred; footer centred PAGE field; pgNumType fmt=numberInDash (- 1 -) in every section;
#         later sections' headers/footers linked to the first.
from docx.enum.text import WD_UNDERLINE
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

W = 'http://schemas.openxmlformats.org/wordprocessingml/2006/main'


def el(tag, **attrs):
    e = OxmlElement(tag)
    for k, v in attrs.items():
        e.set(qn('w:' + k), str(v))
    return e


def set_all_fonts(run, name):
    rPr = run._r.get_or_add_rPr()
    rFonts = rPr.find(qn('w:rFonts'))
    if rFonts is None:
        rFonts = OxmlElement('w:rFonts')
        rPr.insert(0, rFonts)
    for a in list(rFonts.attrib):
        del rFonts.attrib[a]
    for a in ('ascii', 'hAnsi', 'eastAsia'):
        rFonts.set(qn('w:' + a), name)
    rFonts.set(qn('w:hint'), 'eastAsia')
    reorder_rPr(rPr)


def make_sectPr(template, cols_num=1, sep=False, space=567, sect_type=None):
    """A section-properties element copied from template with its own columns/type."""
    s = copy.deepcopy(template)
    for tag in ('w:headerReference', 'w:footerReference', 'w:type', 'w:cols'):
        for x in s.findall(qn(tag)):
            s.remove(x)
    cols = el('w:cols', space=space)
    if cols_num > 1:
        cols.set(qn('w:num'), str(cols_num))
        cols.set(qn('w:equalWidth'), '1')
        if sep:
            cols.set(qn('w:sep'), '1')
    # place <w:type> first-ish (after refs), <w:cols> after pgMar / pgNumType
    if sect_type:
        s.insert(0, el('w:type', val=sect_type))
    anchor = None
    for tag in ('w:pgNumType', 'w:pgMar', 'w:pgSz'):
        anchor = s.find(qn(tag))
        if anchor is not None:
            break
    if anchor is not None:
        anchor.addnext(cols)
    else:
        s.append(cols)
    return s


def main():
    doc = Document('input.docx')
    body = doc.element.body
    paras = doc.paragraphs
    title = paras[0]
    text_paras = paras[1:6]            # the 5 body paragraphs
    data_paras = paras[6:11]           # last 5 lines -> table

    # ---- 1. title
    for r in title.runs:
        set_all_fonts(r, '黑体')
        r.font.size = Pt(18)           # 小二
        r.font.bold = True
    title.alignment = WD_ALIGN_PARAGRAPH.CENTER
    set_spacing(title, after_lines=0.5)
    pPr = title._p.get_or_add_pPr()
    pBdr = OxmlElement('w:pBdr')
    for side in ('top', 'left', 'bottom', 'right'):
        pBdr.append(el('w:' + side, val='single', sz=12, space=1, color='0070C0'))
    pPr.append(pBdr)
    pPr.append(el('w:shd', val='clear', color='auto', fill='E2EFDA'))
    _reorder_pPr(pPr)

    # ---- 2. body paragraphs
    for p in text_paras:
        for r in p.runs:
            set_fonts(r, east='宋体', west='Times New Roman')
            r.font.size = Pt(10.5)     # 五号
        set_indent_chars(p, first_chars=2, font_pt=10.5)
        set_spacing(p, line_exact_pt=18)

    # ---- 5. (done before the drop cap so paragraph indices stay simple)
    for occ in isolate(text_paras[3], '读书会、周末市集'):
        for r in occ:
            r.font.bold = True
            r.font.italic = True
            r.font.underline = WD_UNDERLINE.WAVY

    # ---- 6. last five lines -> 5x4 table
    rows = []
    for p in data_paras:
        cells = []
        cur = ''
        for r in p._p.iter(qn('w:r')):
            for ch in r:
                if ch.tag == qn('w:t'):
                    cur += ch.text or ''
                elif ch.tag == qn('w:tab'):
                    cells.append(cur)
                    cur = ''
        cells.append(cur)
        rows.append(cells)
    ncols = max(len(c) for c in rows)
    table = doc.add_table(rows=len(rows), cols=ncols)
    try:
        table.style = doc.styles['Table Grid']
    except KeyError:
        pass
    tbl = table._tbl
    # move table right after the last body paragraph, drop the 5 source paragraphs
    anchor = data_paras[0]._p
    anchor.addprevious(tbl)
    for p in data_paras:
        body.remove(p._p)
    # empty paragraph after the table (Word always keeps a paragraph mark after a table at document end)
    tail = OxmlElement('w:p')
    tbl.addnext(tail)

    text_w = 11906 - 2 * 1588
    col_w = text_w // ncols
    tblPr = tbl.tblPr
    for x in tblPr.findall(qn('w:tblW')):
        tblPr.remove(x)
    tblW = el('w:tblW', w=col_w * ncols, type='dxa')
    tblPr.append(tblW)
    tblPr.append(el('w:jc', val='center'))
    borders = OxmlElement('w:tblBorders')
    for side in ('top', 'left', 'bottom', 'right'):
        borders.append(el('w:' + side, val='double', sz=6, space=0, color='002060'))
    for side in ('insideH', 'insideV'):
        borders.append(el('w:' + side, val='single', sz=4, space=0, color='002060'))
    tblPr.append(borders)
    # schema order inside tblPr
    order = ['tblStyle', 'tblpPr', 'tblOverlap', 'bidiVisual', 'tblStyleRowBandSize', 'tblStyleColBandSize',
             'tblW', 'jc', 'tblCellSpacing', 'tblInd', 'tblBorders', 'shd', 'tblLayout', 'tblCellMar', 'tblLook']
    kids = sorted(list(tblPr), key=lambda e: order.index(e.tag.split('}')[1]) if e.tag.split('}')[1] in order else 99)
    for k in kids:
        tblPr.remove(k)
    for k in kids:
        tblPr.append(k)
    for gc in tbl.tblGrid.findall(qn('w:gridCol')):
        gc.set(qn('w:w'), str(col_w))

    for ri, (row, vals) in enumerate(zip(table.rows, rows)):
        trPr = row._tr.get_or_add_trPr()
        trPr.append(el('w:trHeight', val=454, hRule='exact'))     # 0.8 cm
        for ci, cell in enumerate(row.cells):
            cell.width = Twips(col_w)
            tcPr = cell._tc.get_or_add_tcPr()
            if ri == 0:
                tcPr.append(el('w:shd', val='clear', color='auto', fill='DDEBF7'))
            tcPr.append(el('w:vAlign', val='center'))
            p = cell.paragraphs[0]
            p.alignment = WD_ALIGN_PARAGRAPH.CENTER
            p.paragraph_format.space_after = Pt(0)
            p.paragraph_format.line_spacing = 1.0
            run = p.add_run(vals[ci] if ci < len(vals) else '')
            if ri == 0:
                run.font.bold = True

    # ---- 7 / 8 prepare: page setup of the (original) single section
    sect_final = body.find(qn('w:sectPr'))
    pgSz = sect_final.find(qn('w:pgSz'))
    pgSz.set(qn('w:w'), '11906')
    pgSz.set(qn('w:h'), '16838')
    pgMar = sect_final.find(qn('w:pgMar'))
    pgMar.set(qn('w:left'), '1588')       # 2.8 cm
    pgMar.set(qn('w:right'), '1588')
    pgNum = el('w:pgNumType', fmt='numberInDash')
    pgMar.addnext(pgNum)

    # ---- 4. paragraphs 2 and 3 of the body -> own section with 2 equal columns, 1 cm gap, separator line
    template = copy.deepcopy(sect_final)
    s1 = make_sectPr(template, cols_num=1, space=720)                       # section 1: title + body para 1
    s2 = make_sectPr(template, cols_num=2, sep=True, space=567, sect_type='continuous')
    # final section stays one column, starts continuous
    for x in sect_final.findall(qn('w:type')):
        sect_final.remove(x)
    sect_final.insert(0, el('w:type', val='continuous'))
    cols = sect_final.find(qn('w:cols'))
    if cols is not None:
        for a in ('num', 'sep', 'equalWidth'):
            if cols.get(qn('w:' + a)) is not None:
                del cols.attrib[qn('w:' + a)]
    p1 = text_paras[0]._p.get_or_add_pPr()
    p1.append(s1)
    _reorder_pPr(p1)
    p3 = text_paras[2]._p.get_or_add_pPr()
    p3.append(s2)
    _reorder_pPr(p3)

    # ---- 3. drop cap (2 lines, 隶书, 0.2 cm from text) on the first body paragraph
    first = text_paras[0]
    iso = isolate(first, first.text[0], occurrence=0)[0]
    cap_run = iso[0]._r
    cap_p = OxmlElement('w:p')
    cpPr = OxmlElement('w:pPr')
    cpPr.append(OxmlElement('w:keepNext'))
    cpPr.append(el('w:framePr', dropCap='drop', lines=2, hSpace=113, wrap='around',
                   vAnchor='text', hAnchor='text'))
    cpPr.append(el('w:spacing', line=720, lineRule='exact'))   # 2 lines x 18 pt
    cpPr.append(el('w:textAlignment', val='baseline'))
    cap_p.append(cpPr)
    first._p.remove(cap_run)
    cap_p.append(cap_run)
    first._p.addprevious(cap_p)
    from docx.text.run import Run
    cr = Run(cap_run, first)
    set_all_fonts(cr, '隶书')
    cr.font.size = Pt(35)
    rPr = cap_run.get_or_add_rPr()
    rPr.append(el('w:position', val=-4))
    reorder_rPr(rPr)

    # ---- 8. header / footer (all sections link to the first one)
    doc = doc  # sections are re-read after the XML edits
    secs = doc.sections
    for s in secs:
        s.page_width = Twips(11906)
        s.page_height = Twips(16838)
        s.left_margin = Twips(1588)
        s.right_margin = Twips(1588)
    sec0 = secs[0]
    hp = sec0.header.paragraphs[0]
    clear_runs(hp)
    hp.add_run('城市生活专栏')
    hp.alignment = WD_ALIGN_PARAGRAPH.CENTER
    fp = sec0.footer.paragraphs[0]
    clear_runs(fp)
    fp.alignment = WD_ALIGN_PARAGRAPH.CENTER
    add_field(fp, 'PAGE', '- 1 -')
    for s in secs[1:]:
        s.header.is_linked_to_previous = True
        s.footer.is_linked_to_previous = True

    doc.save('output.docx')


if __name__ == '__main__':
    main()
