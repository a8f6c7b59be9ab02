# Independent solution written from the prompt alone (word-l2-report, text-only)
# Step 1: core properties title / author set with python-docx.
# Step 2: style "heading 1": eastAsia 黑体 (theme attr removed), 16 pt (三号), bold, centred, beforeLines/afterLines 50;
#         style "heading 2": eastAsia 楷体, 14 pt (四号), bold, beforeLines 50.
# Step 3: new paragraph style "报告正文" based on Normal: eastAsia 宋体, ascii/hAnsi Times New Roman, 12 pt (小四),
#         firstLineChars 200, line spacing 1.5 (line=360 auto).
# Step 4: the 5 chapter headings -> Heading 1, the 5 sub-headings -> Heading 2, the 9 remaining text paragraphs
#         (not cover / table / picture) -> 报告正文.
# Step 5: new multilevel abstractNum (level 1 "第%1章" linked to Heading1, level 2 "%1.%2" linked to Heading2, restarting
#         per chapter); numPr placed in the two heading styles, so numbers come from the styles.
# Step 6: three sections (nextPage breaks): cover (paragraphs 1-4) | "目录" title + TOC field
#         { TOC \o "1-2" \h \z \u } with cached hyperlinked entries (bookmarks _Toc… on the headings, PAGEREF fields) | body.
# Step 7: cover: own empty header/footer; TOC section: empty header, centred PAGE in footer, pgNumType upperRoman start 1;
#         body section: header "社区图书馆服务情况调查报告", centred PAGE in footer, pgNumType decimal start 1.
# Step 8: Caption-style paragraph "表 {SEQ 表 \* ARABIC} 各馆服务指标" above the table, "图 {SEQ 图 \* ARABIC} 数字资源月访问量"
#         below the picture; "下表" replaced by { REF _Ref… \h } to a bookmark around "表 1" of the table caption.
# Step 9: table style "Light Grid Accent 1", table jc=center, every cell paragraph centred (cells vAlign center),
#         first row tblHeader; picture extent 12 cm wide, height scaled by the original ratio, noChangeAspect=1, stays inline.
# Also: w:updateFields in settings so Word refreshes TOC page numbers / fields when the file is opened.
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
from docx.enum.style import WD_STYLE_TYPE
from docx.enum.table import WD_TABLE_ALIGNMENT
from docx.text.paragraph import Paragraph

XML_SPACE = '{http://www.w3.org/XML/1998/namespace}space'
TEXT_WIDTH_TAB = 8630          # right tab for TOC entries (text width of the Letter page = 8640 twips)


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
    """Wrap elements first..last (siblings) with a bookmark."""
    _bm_id[0] += 1
    bs = el('w:bookmarkStart', id=_bm_id[0], name=name)
    be = el('w:bookmarkEnd', id=_bm_id[0])
    first.addprevious(bs)
    last.addnext(be)


def new_paragraph_after(elm):
    p = OxmlElement('w:p')
    elm.addnext(p)
    return p


def ensure_style(doc, style_id, name, based='Normal', ind_left=None, ui=39):
    styles = doc.styles
    for s in styles:
        if s.style_id == style_id:
            return s
    st = styles.add_style(name, WD_STYLE_TYPE.PARAGRAPH)
    st.element.set(qn('w:styleId'), style_id)
    st.base_style = styles['Normal']
    st.next_paragraph_style = styles['Normal']
    st.priority = ui
    if st.element.get(qn('w:customStyle')) is not None:      # built-in style, not a custom one
        del st.element.attrib[qn('w:customStyle')]
    st.unhide_when_used = True
    st.hidden = False
    return st


def main():
    doc = Document('input.docx')
    body = doc.element.body
    paras = doc.paragraphs
    P = {i + 1: p for i, p in enumerate(paras)}       # 1-based paragraph numbers of the original document
    styles = doc.styles

    # ---------------- 1. document properties
    cp = doc.core_properties
    cp.title = '社区图书馆服务情况调查报告'
    cp.author = '城市公共文化研究组'

    # ---------------- 2. modify Heading 1 / Heading 2
    h1 = styles['Heading 1']
    style_fonts(h1, east='黑体')
    h1.font.size = Pt(16)            # 三号
    h1.font.bold = True
    h1.paragraph_format.alignment = WD_ALIGN_PARAGRAPH.CENTER
    style_spacing(h1, before_lines=0.5, after_lines=0.5)
    h2 = styles['Heading 2']
    style_fonts(h2, east='楷体')
    h2.font.size = Pt(14)            # 四号
    h2.font.bold = True
    style_spacing(h2, before_lines=0.5)

    # ---------------- 3. new paragraph style 报告正文
    body_style = styles.add_style('报告正文', WD_STYLE_TYPE.PARAGRAPH)
    body_style.base_style = styles['Normal']
    body_style.next_paragraph_style = body_style
    body_style.quick_style = True
    style_fonts(body_style, east='宋体', west='Times New Roman')
    body_style.font.size = Pt(12)    # 小四
    pPr = body_style.element.get_or_add_pPr()
    pPr.append(el('w:ind', firstLineChars=200, firstLine=480))
    style_spacing(body_style, line_mult=1.5)

    # ---------------- 4. apply styles
    h1_texts = ['调查背景', '调查对象与方法', '调查结果', '问题与建议', '结语']
    h2_texts = ['借阅情况', '读者满意度', '数字资源使用', '存在的问题', '改进建议']
    h1_paras, h2_paras, body_paras = [], [], []
    for n in range(5, len(paras) + 1):
        p = P[n]
        t = p.text.strip()
        if t in h1_texts:
            p.style = h1
            h1_paras.append(p)
        elif t in h2_texts:
            p.style = h2
            h2_paras.append(p)
        elif t and not p._p.findall('.//' + qn('w:drawing')):
            p.style = body_style
            body_paras.append(p)
    assert len(h1_paras) == 5 and len(h2_paras) == 5 and len(body_paras) == 9, (len(h1_paras), len(h2_paras), len(body_paras))

    # ---------------- 5. multilevel list linked to Heading 1 / Heading 2
    numbering = doc.part.numbering_part.element
    abs_ids = [int(a.get(qn('w:abstractNumId'))) for a in numbering.findall(qn('w:abstractNum'))]
    num_ids = [int(n.get(qn('w:numId'))) for n in numbering.findall(qn('w:num'))]
    abs_id = max(abs_ids + [0]) + 1
    num_id = max(num_ids + [0]) + 1
    an = el('w:abstractNum', abstractNumId=abs_id)
    an.append(el('w:nsid', val='5A3C1E01'))
    an.append(el('w:multiLevelType', val='multilevel'))
    an.append(el('w:tmpl', val='7B2E4C10'))
    for lvl in range(9):
        L = el('w:lvl', ilvl=lvl)
        L.append(el('w:start', val=1))
        L.append(el('w:numFmt', val='decimal'))
        if lvl == 0:
            L.append(el('w:pStyle', val='Heading1'))
        elif lvl == 1:
            L.append(el('w:pStyle', val='Heading2'))
        L.append(el('w:suff', val='space'))
        if lvl == 0:
            txt = '第%1章'
        else:
            txt = '.'.join('%%%d' % (k + 1) for k in range(lvl + 1))
        L.append(el('w:lvlText', val=txt))
        L.append(el('w:lvlJc', val='left'))
        lp = OxmlElement('w:pPr')
        if lvl < 2:
            lp.append(el('w:ind', left=0, firstLine=0))
        else:
            lp.append(el('w:ind', left=567 * lvl, hanging=567))
        L.append(lp)
        an.append(L)
    first_num = numbering.find(qn('w:num'))
    if first_num is not None:
        first_num.addprevious(an)
    else:
        numbering.append(an)
    num = el('w:num', numId=num_id)
    num.append(el('w:abstractNumId', val=abs_id))
    numbering.append(num)
    for st, ilvl in ((h1, 0), (h2, 1)):
        pPr = st.element.get_or_add_pPr()
        numPr = OxmlElement('w:numPr')
        if ilvl:
            numPr.append(el('w:ilvl', val=ilvl))
        numPr.append(el('w:numId', val=num_id))
        pPr.append(numPr)
        _reorder_pPr(pPr)

    # ---------------- 9. table and picture
    table = doc.tables[0]
    table.style = styles['Light Grid Accent 1']
    table.alignment = WD_TABLE_ALIGNMENT.CENTER
    for row in table.rows:
        for cell in row.cells:
            for cp_ in cell.paragraphs:
                cp_.alignment = WD_ALIGN_PARAGRAPH.CENTER
            tcPr = cell._tc.get_or_add_tcPr()
            tcPr.append(el('w:vAlign', val='center'))
    trPr = table.rows[0]._tr.get_or_add_trPr()
    trPr.append(el('w:tblHeader'))

    pic_para = [p for p in paras if p._p.findall('.//' + qn('w:drawing'))][0]
    inline = pic_para._p.find('.//' + qn('wp:inline'))
    ext = inline.find(qn('wp:extent'))
    cx, cy = int(ext.get('cx')), int(ext.get('cy'))
    new_cx = 4320000                              # 12 cm
    new_cy = int(round(cy * new_cx / cx))
    ext.set('cx', str(new_cx))
    ext.set('cy', str(new_cy))
    A = 'http://schemas.openxmlformats.org/drawingml/2006/main'
    for x in inline.iter('{%s}ext' % A):
        x.set('cx', str(new_cx))
        x.set('cy', str(new_cy))
    gfp = inline.find(qn('wp:cNvGraphicFramePr'))
    if gfp is None:
        gfp = OxmlElement('wp:cNvGraphicFramePr')
        inline.find(qn('wp:docPr')).addnext(gfp)
    locks = gfp.find('{%s}graphicFrameLocks' % A)
    if locks is None:
        from lxml import etree
        locks = etree.SubElement(gfp, '{%s}graphicFrameLocks' % A)
    locks.set('noChangeAspect', '1')
    pic_para.alignment = WD_ALIGN_PARAGRAPH.CENTER

    # ---------------- 8. captions (SEQ fields) + cross-reference
    caption = styles['Caption']
    tbl_cap = new_paragraph_after(table._tbl)     # temp, moved below
    table._tbl.addprevious(tbl_cap)
    tp = Paragraph(tbl_cap, doc._body)
    tp.style = caption
    tp.alignment = WD_ALIGN_PARAGRAPH.CENTER
    r_label = mk_run(text='表 ')
    tbl_cap.append(r_label)
    seq = field_runs('SEQ 表 \\* ARABIC', '1')
    for r in seq:
        tbl_cap.append(r)
    tbl_cap.append(mk_run(text=' 各馆服务指标'))
    ref_name = '_Ref216000001'
    bookmark(ref_name, r_label, seq[-1])

    fig_cap = new_paragraph_after(pic_para._p)
    fp_ = Paragraph(fig_cap, doc._body)
    fp_.style = caption
    fp_.alignment = WD_ALIGN_PARAGRAPH.CENTER
    fig_cap.append(mk_run(text='图 '))
    for r in field_runs('SEQ 图 \\* ARABIC', '1'):
        fig_cap.append(r)
    fig_cap.append(mk_run(text=' 数字资源月访问量'))

    src = [p for p in body_paras if '下表' in p.text][0]
    occ = isolate(src, '下表', occurrence=0)[0]
    first_r = occ[0]._r
    rPr = first_r.find(qn('w:rPr'))
    rc = list(rPr) if rPr is not None else []
    for r in field_runs('REF %s \\h' % ref_name, '表 1', rc):
        first_r.addprevious(r)
    for r in occ:
        r._r.getparent().remove(r._r)

    # ---------------- bookmarks on headings (for the TOC hyperlinks)
    heads = []
    k = 0
    for n in range(5, len(paras) + 1):
        p = P[n]
        if p in h1_paras or p in h2_paras:
            k += 1
            name = '_Toc2160001%02d' % k
            runs = p._p.findall(qn('w:r'))
            bookmark(name, runs[0], runs[-1])
            heads.append((p, name))

    # numbering labels for the cached TOC entries
    entries = []
    c1 = c2 = 0
    for p, name in heads:
        if p in h1_paras:
            c1 += 1
            c2 = 0
            entries.append((1, '第%d章 %s' % (c1, p.text.strip()), name))
        else:
            c2 += 1
            entries.append((2, '%d.%d %s' % (c1, c2, p.text.strip()), name))
    # cached page numbers (Word recomputes them: updateFields is switched on below)
    est_pages = {'调查背景': 1, '调查对象与方法': 1, '调查结果': 1, '借阅情况': 1, '读者满意度': 1,
                 '数字资源使用': 2, '问题与建议': 2, '存在的问题': 2, '改进建议': 2, '结语': 2}

    # ---------------- 6. sections + TOC
    toc1 = ensure_style(doc, 'TOC1', 'toc 1')
    toc2 = ensure_style(doc, 'TOC2', 'toc 2')
    p2 = toc2.element.get_or_add_pPr()
    if p2.find(qn('w:ind')) is None:
        p2.append(el('w:ind', leftChars=200, left=420))
        _reorder_pPr(p2)

    sect_final = body.find(qn('w:sectPr'))
    cover_last = P[4]._p
    # TOC title
    toc_title = new_paragraph_after(cover_last)
    tt = Paragraph(toc_title, doc._body)
    tt.alignment = WD_ALIGN_PARAGRAPH.CENTER
    set_spacing(tt, after_lines=0.5)
    rr = tt.add_run('目录')
    set_fonts(rr, east='黑体')
    rr.font.size = Pt(16)
    rr.font.bold = True
    prev = toc_title
    noproof = [OxmlElement('w:noProof')]
    for idx, (lvl, text, name) in enumerate(entries):
        pe = OxmlElement('w:p')
        ppr = OxmlElement('w:pPr')
        ppr.append(el('w:pStyle', val='TOC%d' % lvl))
        tabs = OxmlElement('w:tabs')
        tabs.append(el('w:tab', val='right', leader='dot', pos=TEXT_WIDTH_TAB))
        ppr.append(tabs)
        pe.append(ppr)
        if idx == 0:
            pe.append(mk_run(fld='begin'))
            pe.append(mk_run(instr=' TOC \\o "1-2" \\h \\z \\u '))
            pe.append(mk_run(fld='separate'))
        hl = el('w:hyperlink', anchor=name, history=1)
        hl.append(mk_run(text=text, rPr_children=noproof))
        wh = [OxmlElement('w:noProof'), OxmlElement('w:webHidden')]
        hl.append(mk_run(tab=True, rPr_children=wh))
        head_text = text.split(' ', 1)[1]
        for r in field_runs('PAGEREF %s \\h' % name, str(est_pages.get(head_text, 1)), wh):
            hl.append(r)
        pe.append(hl)
        prev.addnext(pe)
        prev = pe
    toc_end = OxmlElement('w:p')
    toc_end.append(mk_run(fld='end'))
    prev.addnext(toc_end)

    def section_props(fmt=None, start=None):
        s = copy.deepcopy(sect_final)
        for x in list(s):
            if x.tag in (qn('w:headerReference'), qn('w:footerReference'), qn('w:type'), qn('w:pgNumType'),
                         qn('w:titlePg')):
                s.remove(x)
        s.insert(0, el('w:type', val='nextPage'))
        if fmt:
            pn = el('w:pgNumType', fmt=fmt)
            if start is not None:
                pn.set(qn('w:start'), str(start))
            s.find(qn('w:pgMar')).addnext(pn)
        return s

    s_cover = section_props()
    s_toc = section_props('upperRoman', 1)
    cpPr = P[4]._p.get_or_add_pPr()
    cpPr.append(s_cover)
    _reorder_pPr(cpPr)
    tpPr = OxmlElement('w:pPr')
    toc_end.insert(0, tpPr)
    tpPr.append(s_toc)
    # body section = final sectPr
    for x in sect_final.findall(qn('w:type')):
        sect_final.remove(x)
    sect_final.insert(0, el('w:type', val='nextPage'))
    for x in sect_final.findall(qn('w:pgNumType')):
        sect_final.remove(x)
    sect_final.find(qn('w:pgMar')).addnext(el('w:pgNumType', fmt='decimal', start=1))

    # ---------------- 7. headers / footers
    secs = doc.sections
    assert len(secs) == 3
    s1, s2, s3 = secs
    # cover: own empty header and footer
    s1.header.is_linked_to_previous = False
    s1.footer.is_linked_to_previous = False
    for part in (s1.header, s1.footer):
        for p in part.paragraphs:
            clear_runs(p)
    # TOC: empty header, centred Roman page number
    s2.header.is_linked_to_previous = False
    for p in s2.header.paragraphs:
        clear_runs(p)
    s2.footer.is_linked_to_previous = False
    f2 = s2.footer.paragraphs[0]
    clear_runs(f2)
    f2.alignment = WD_ALIGN_PARAGRAPH.CENTER
    add_field(f2, 'PAGE', 'I')
    # body: header text, centred Arabic page number
    s3.header.is_linked_to_previous = False
    h3 = s3.header.paragraphs[0]
    clear_runs(h3)
    h3.add_run('社区图书馆服务情况调查报告')
    h3.alignment = WD_ALIGN_PARAGRAPH.CENTER
    s3.footer.is_linked_to_previous = False
    f3 = s3.footer.paragraphs[0]
    clear_runs(f3)
    f3.alignment = WD_ALIGN_PARAGRAPH.CENTER
    add_field(f3, 'PAGE', '1')

    # ask Word to refresh TOC / page numbers / references on open
    settings = doc.settings.element
    if settings.find(qn('w:updateFields')) is None:
        uf = el('w:updateFields', val='true')
        comp = settings.find(qn('w:compat'))
        if comp is not None:
            comp.addprevious(uf)
        else:
            settings.append(uf)

    doc.save('output.docx')


if __name__ == '__main__':
    main()
