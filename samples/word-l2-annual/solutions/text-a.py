# Independent solution written from the prompt alone (word-l2-annual, text-only)
# Step 1: core properties title / author.
# Step 2: every section: A4 (11906x16838 twips), top/bottom 1418 twips (2.5 cm), left/right 1701 twips (3 cm).
# Step 3: every "阅览市" replaced by "阅览室" (run-safe replacement).
# Step 4: style heading 1: eastAsia 黑体, 16 pt, bold, before/after 0.5 line; example picture not shown -> centred, black.
# Step 5: style heading 2: eastAsia 楷体, 14 pt, bold, before 0.5 line, colour 000000.
# Step 6: new paragraph style 报告正文 (based on Normal): 宋体 / Times New Roman, 12 pt, firstLineChars 200, 1.5 lines.
# Step 7: "一、…" paragraphs -> Heading 1, "（一）…" -> Heading 2, other body paragraphs (not cover/table/caption) -> 报告正文.
# Step 8: the 7 tab-separated lines after "…见下表。" -> 7x4 table (style Light Grid Accent 1, centred on the page,
#         cell text centred + vAlign center, header row repeats); source paragraphs removed.
# Step 9: Caption paragraph above the table "表 {SEQ 表 \* ARABIC} 2025年各分馆主要服务指标", centred; "下表" replaced by
#         { REF _Ref… \h } to a bookmark around "表 1".
# Step 10: new footnotes part (separator, continuation separator, footnote 1 with the given text), footnoteReference
#          run right after the first "一卡通"; footnote text/reference styles added.
# Step 11: cover paragraphs centred (黑体 一号 / 黑体 小初 for "2025年度工作报告" / 楷体 三号 for the last two, gap before
#          the publisher line); cover section vAlign=center.
# Step 12: nextPage section breaks: cover | "目录" (centred) + { TOC \o "1-2" \h \z \u } with cached hyperlinked entries
#          (bookmarks _Toc… on headings, PAGEREF) | body. updateFields on so Word refreshes the TOC when opened.
# Step 13: cover and TOC sections get their own empty header/footer; body section header text (centred) and centred PAGE
#          footer with pgNumType decimal start 1.
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


def main():
    doc = Document('input.docx')
    body = doc.element.body
    paras = list(doc.paragraphs)
    styles = doc.styles

    # ---------------- 1. properties
    doc.core_properties.title = '滨江区社区图书馆2025年度工作报告'
    doc.core_properties.author = '滨江区文化服务中心'

    # ---------------- 3. 阅览市 -> 阅览室
    for p in paras:
        replace_text(p, '阅览市', '阅览室')

    # ---------------- 4/5. heading styles
    h1 = styles['Heading 1']
    style_fonts(h1, east='黑体')
    h1.font.size = Pt(16)                       # 三号
    h1.font.bold = True
    style_spacing(h1, before_lines=0.5, after_lines=0.5)
    h1.paragraph_format.alignment = WD_ALIGN_PARAGRAPH.CENTER     # per example-3 (not shown): centred
    style_color_black(h1)                                        # per example-3 (not shown): black
    h2 = styles['Heading 2']
    style_fonts(h2, east='楷体')
    h2.font.size = Pt(14)                       # 四号
    h2.font.bold = True
    style_spacing(h2, before_lines=0.5)
    style_color_black(h2)

    # ---------------- 6. 报告正文
    bs = styles.add_style('报告正文', WD_STYLE_TYPE.PARAGRAPH)
    bs.base_style = styles['Normal']
    bs.next_paragraph_style = bs
    bs.quick_style = True
    style_fonts(bs, east='宋体', west='Times New Roman')
    bs.font.size = Pt(12)
    pPr = bs.element.get_or_add_pPr()
    pPr.append(el('w:ind', firstLineChars=200, firstLine=480))
    style_spacing(bs, line_mult=1.5)

    # ---------------- 8. tab-separated lines -> table
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
    tblPr = tbl.tblPr
    tw = tblPr.find(qn('w:tblW'))
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
    body_paras_all = [p for p in paras if p not in data]

    # ---------------- 7. apply styles
    h1_paras, h2_paras, text_paras = [], [], []
    for p in body_paras_all[4:]:
        t = p.text.strip()
        if not t:
            continue
        if re.match(r'^[一二三四五六七八九十]+、', t):
            p.style = h1
            h1_paras.append(p)
        elif re.match(r'^（[一二三四五六七八九十]+）', t):
            p.style = h2
            h2_paras.append(p)
        else:
            p.style = bs
            text_paras.append(p)

    # ---------------- 9. caption above the table + cross-reference
    cap = OxmlElement('w:p')
    tbl.addprevious(cap)
    cpara = Paragraph(cap, doc._body)
    cpara.style = styles['Caption']
    cpara.alignment = WD_ALIGN_PARAGRAPH.CENTER
    r_label = mk_run(text='表 ')
    cap.append(r_label)
    seq = field_runs('SEQ 表 \\* ARABIC', '1')
    for r in seq:
        cap.append(r)
    cap.append(mk_run(text=' 2025年各分馆主要服务指标'))
    ref = '_Ref217000001'
    bookmark(ref, r_label, seq[-1])
    occ = isolate(intro, '下表', occurrence=0)[0]
    rPr = occ[0]._r.find(qn('w:rPr'))
    rc = list(rPr) if rPr is not None else []
    for r in field_runs('REF %s \\h' % ref, '表 1', rc):
        occ[0]._r.addprevious(r)
    for r in occ:
        r._r.getparent().remove(r._r)

    # ---------------- 10. footnote on the first 一卡通
    fn_host = [p for p in body_paras_all[4:] if '一卡通' in p.text][0]
    occ = isolate(fn_host, '一卡通', occurrence=0)[0]
    fref = OxmlElement('w:r')
    frPr = OxmlElement('w:rPr')
    frPr.append(el('w:rStyle', val='FootnoteReference'))
    fref.append(frPr)
    fref.append(el('w:footnoteReference', id=1))
    occ[-1]._r.addnext(fref)

    fn_text = add_builtin_style(doc, 'FootnoteText', 'footnote text', WD_STYLE_TYPE.PARAGRAPH, based='Normal')
    fn_text.font.size = Pt(9)
    fpf = fn_text.element.get_or_add_pPr()
    fpf.append(el('w:snapToGrid', val=0))
    _reorder_pPr(fpf)
    fn_ref = add_builtin_style(doc, 'FootnoteReference', 'footnote reference', WD_STYLE_TYPE.CHARACTER,
                               based=None)
    fn_ref.font.superscript = True
    fn_xml = (
        '<w:footnotes xmlns:w="%s" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships">'
        '<w:footnote w:type="separator" w:id="-1"><w:p><w:pPr><w:spacing w:after="0" w:line="240" w:lineRule="auto"/></w:pPr>'
        '<w:r><w:separator/></w:r></w:p></w:footnote>'
        '<w:footnote w:type="continuationSeparator" w:id="0"><w:p><w:pPr><w:spacing w:after="0" w:line="240" w:lineRule="auto"/></w:pPr>'
        '<w:r><w:continuationSeparator/></w:r></w:p></w:footnote>'
        '<w:footnote w:id="1"><w:p><w:pPr><w:pStyle w:val="FootnoteText"/></w:pPr>'
        '<w:r><w:rPr><w:rStyle w:val="FootnoteReference"/></w:rPr><w:footnoteRef/></w:r>'
        '<w:r><w:t xml:space="preserve"> 读者证在全区各分馆和服务点通用，可通借通还。</w:t></w:r></w:p></w:footnote>'
        '</w:footnotes>') % W_NS
    fn_part = Part(PackURI('/word/footnotes.xml'),
                   'application/vnd.openxmlformats-officedocument.wordprocessingml.footnotes+xml',
                   ('<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n' + fn_xml).encode('utf-8'),
                   doc.part.package)
    doc.part.relate_to(fn_part, RT.FOOTNOTES)
    settings = doc.settings.element
    fnpr = OxmlElement('w:footnotePr')
    fnpr.append(el('w:footnote', id=-1))
    fnpr.append(el('w:footnote', id=0))
    comp = settings.find(qn('w:compat'))
    comp.addprevious(fnpr)

    # ---------------- 11. cover
    cov = body_paras_all[:4]
    specs = [  # (east font, size pt, bold, before lines, after lines)
        ('黑体', 26, True, 0, 0.5),        # 滨江区社区图书馆   一号
        ('黑体', 36, True, 0, 0),          # 2025年度工作报告   小初 (黑体 as required)
        ('楷体', 16, False, 6, 0.5),       # 滨江区文化服务中心 编  三号
        ('楷体', 16, False, 0, 0),         # 2026年1月
    ]
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

    # bookmarks for TOC hyperlinks
    heads = []
    k = 0
    for p in body_paras_all[4:]:
        if p in h1_paras or p in h2_paras:
            k += 1
            name = '_Toc2170001%02d' % k
            rs = p._p.findall(qn('w:r'))
            bookmark(name, rs[0], rs[-1])
            heads.append((1 if p in h1_paras else 2, p.text.strip(), name))

    # ---------------- 12. sections + TOC
    for sid, nm, ind in (('TOC1', 'toc 1', None), ('TOC2', 'toc 2', 420)):
        st = add_builtin_style(doc, sid, nm, WD_STYLE_TYPE.PARAGRAPH, based='Normal', ui=39, semi_hidden=False)
        st.next_paragraph_style = styles['Normal']
        if ind:
            sp = st.element.get_or_add_pPr()
            sp.append(el('w:ind', leftChars=200, left=ind))
            _reorder_pPr(sp)

    # cached page numbers, estimated from a test rendering (Word refreshes them: updateFields)
    est = {}
    page_guess = [1, 1, 1, 2, 2, 2, 2, 2, 2, 3, 3, 3, 3, 3, 3]
    for idx, (lvl, text, name) in enumerate(heads):
        est[name] = page_guess[idx] if idx < len(page_guess) else page_guess[-1]

    sect_final = body.find(qn('w:sectPr'))
    toc_title = OxmlElement('w:p')
    cov[-1]._p.addnext(toc_title)
    tt = Paragraph(toc_title, doc._body)
    tt.alignment = WD_ALIGN_PARAGRAPH.CENTER
    set_spacing(tt, after_lines=0.5)
    rr = tt.add_run('目录')
    set_fonts(rr, east='黑体')
    rr.font.size = Pt(16)
    rr.font.bold = True
    prev = toc_title
    for idx, (lvl, text, name) in enumerate(heads):
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
        for r in field_runs('PAGEREF %s \\h' % name, str(est[name]), wh):
            hl.append(r)
        pe.append(hl)
        prev.addnext(pe)
        prev = pe
    toc_end = OxmlElement('w:p')
    toc_end.append(mk_run(fld='end'))
    prev.addnext(toc_end)

    # page setup of the template sectPr first (A4, margins) so all sections copy it
    pgSz = sect_final.find(qn('w:pgSz'))
    pgSz.set(qn('w:w'), '11906')
    pgSz.set(qn('w:h'), '16838')
    pgMar = sect_final.find(qn('w:pgMar'))
    for a, v in (('top', 1418), ('bottom', 1418), ('left', 1701), ('right', 1701)):
        pgMar.set(qn('w:' + a), str(v))

    def section_props(valign=None):
        s = copy.deepcopy(sect_final)
        for x in list(s):
            if x.tag in (qn('w:headerReference'), qn('w:footerReference'), qn('w:type'), qn('w:pgNumType'),
                         qn('w:titlePg'), qn('w:vAlign')):
                s.remove(x)
        s.insert(0, el('w:type', val='nextPage'))
        if valign:
            va = el('w:vAlign', val=valign)
            dg = s.find(qn('w:docGrid'))
            # vAlign comes after cols / before noEndnote, titlePg, textDirection, bidi, rtlGutter, docGrid
            cols = s.find(qn('w:cols'))
            (cols if cols is not None else pgMar_of(s)).addnext(va)
        return s

    def pgMar_of(s):
        return s.find(qn('w:pgMar'))

    s_cover = section_props(valign='center')
    s_toc = section_props()
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

    # ---------------- 2 (all sections) + 13. headers / footers
    secs = doc.sections
    assert len(secs) == 3
    for s in secs:
        s.page_width = Twips(11906)
        s.page_height = Twips(16838)
        s.top_margin = Twips(1418)
        s.bottom_margin = Twips(1418)
        s.left_margin = Twips(1701)
        s.right_margin = Twips(1701)
    s1, s2, s3 = secs
    for s in (s1, s2):
        s.header.is_linked_to_previous = False
        s.footer.is_linked_to_previous = False
        for part in (s.header, s.footer):
            for p in part.paragraphs:
                clear_runs(p)
    s3.header.is_linked_to_previous = False
    h = s3.header.paragraphs[0]
    clear_runs(h)
    h.add_run('滨江区社区图书馆2025年度工作报告')
    h.alignment = WD_ALIGN_PARAGRAPH.CENTER
    s3.footer.is_linked_to_previous = False
    f = s3.footer.paragraphs[0]
    clear_runs(f)
    f.alignment = WD_ALIGN_PARAGRAPH.CENTER
    add_field(f, 'PAGE', '1')

    if settings.find(qn('w:updateFields')) is None:
        fnpr.addprevious(el('w:updateFields', val='true'))

    doc.save('output.docx')


if __name__ == '__main__':
    main()
