# Independent solution written from the prompt alone (ppt-l1-travel, text-only)
# Step 1: sldSz becomes 12192000 x 6858000 (宽屏 16:9, type attribute dropped); every
#         explicit x/width on the master, layouts and slides is scaled by 16/12 so the
#         placeholders fill the wider slide, as PowerPoint does when resizing.
# Step 2: slide 1 is re-linked to the "Title Slide" layout; its title placeholder becomes
#         ctrTitle and the content placeholder becomes the subTitle (idx 1).  Title runs:
#         ea 黑体, 48 pt, bold, 002060 (标准色 深蓝); subtitle runs: ea 楷体, 28 pt.
# Step 3: slide 2 body runs: ea 微软雅黑, 24 pt; each paragraph lnSpc spcPct 150000.
# Step 4: slide 3: python-pptx table 4 x 3 with the given text, tableStyleId
#         {69012ECD-51FC-41F1-AA8D-1B2483CD663E} (浅色样式 2 - 强调 1), placed under the title.
# Step 5: slide 4 body paragraphs 2 and 3 get lvl=1 (second level).
# Step 6: solid background E2EFDA (226,239,218) on the slide master and on every slide.
# Step 7: every slide: <p:push dir="u"/> (自底部), p14:dur=1000, advance on click and advTm=5000.
# Step 8: slides 2-5 get slide-number and footer placeholders ("江南水乡旅游推介"); the title
#         slide gets none; layouts/master footer text set to the same words.
# Step 9: notes of slide 5 = "介绍报名截止日期与咨询电话。"
# ----------------------------------------------------------------------------
# Generic helpers (python-pptx + lxml) used by the steps below
# ----------------------------------------------------------------------------
import copy
import uuid

from lxml import etree
from pptx import Presentation
from pptx.dml.color import RGBColor
from pptx.opc.constants import RELATIONSHIP_TYPE as RT
from pptx.opc.package import Part
from pptx.opc.packuri import PackURI
from pptx.oxml import parse_xml
from pptx.oxml.ns import qn
from pptx.util import Pt, Emu, Cm

NSMAP = {
    'a': 'http://schemas.openxmlformats.org/drawingml/2006/main',
    'p': 'http://schemas.openxmlformats.org/presentationml/2006/main',
    'r': 'http://schemas.openxmlformats.org/officeDocument/2006/relationships',
    'p14': 'http://schemas.microsoft.com/office/powerpoint/2010/main',
    'mc': 'http://schemas.openxmlformats.org/markup-compatibility/2006',
    'dgm': 'http://schemas.openxmlformats.org/drawingml/2006/diagram',
    'dsp': 'http://schemas.microsoft.com/office/drawing/2008/diagram',
    'c': 'http://schemas.openxmlformats.org/drawingml/2006/chart',
}
P14 = NSMAP['p14']
MC = NSMAP['mc']


def nsdecls(*prefixes):
    return ' '.join('xmlns:%s="%s"' % (p, NSMAP[p]) for p in prefixes)


def frag(xml, prefixes=('a', 'p', 'r')):
    """Parse an XML fragment whose prefixes are declared on a wrapper."""
    wrapped = '<wrap %s>%s</wrap>' % (nsdecls(*prefixes), xml)
    # python-pptx's parser, so that inserted elements get python-pptx's element classes
    root = parse_xml(wrapped.encode('utf-8'))
    return root[0]


def new_guid():
    return '{%s}' % str(uuid.uuid4()).upper()


def xesc(s):
    return (s.replace('&', '&amp;').replace('<', '&lt;')
             .replace('>', '&gt;').replace('"', '&quot;'))


def slide_title_text(slide):
    for sh in slide.placeholders:
        if sh.placeholder_format.type in (1, 3):  # TITLE, CENTER_TITLE
            return sh.text_frame.text.strip()
    return ''


def find_slide_by_title(prs, title):
    for s in prs.slides:
        if slide_title_text(s) == title:
            return s
    raise KeyError(title)


def get_title_shape(slide):
    for sh in slide.placeholders:
        if sh.placeholder_format.type in (1, 3):
            return sh
    return None


def get_body_shape(slide):
    """The content / body placeholder (idx 1) of a slide."""
    for sh in slide.placeholders:
        if sh.placeholder_format.idx == 1 and sh.has_text_frame:
            return sh
    return None


def next_shape_id(slide):
    ids = [int(x) for x in slide.shapes._spTree.xpath('.//p:cNvPr/@id')]
    return max(ids + [1]) + 1


def set_ea_font(run_or_font_rPr, typeface):
    """Set the East-Asian typeface (<a:ea>) on an <a:rPr>/<a:defRPr>, keeping
    the child order latin, ea, cs."""
    rPr = run_or_font_rPr
    for tag in ('a:ea',):
        old = rPr.find(qn(tag))
        if old is not None:
            rPr.remove(old)
    ea = etree.SubElement(rPr, qn('a:ea'))
    ea.set('typeface', typeface)
    _reorder_rpr(rPr)
    return ea


def set_latin_font(rPr, typeface):
    old = rPr.find(qn('a:latin'))
    if old is not None:
        rPr.remove(old)
    el = etree.SubElement(rPr, qn('a:latin'))
    el.set('typeface', typeface)
    _reorder_rpr(rPr)


_RPR_ORDER = ['ln', 'noFill', 'solidFill', 'gradFill', 'blipFill', 'pattFill',
              'grpFill', 'effectLst', 'effectDag', 'highlight', 'uLnTx', 'uLn',
              'uFillTx', 'uFill', 'latin', 'ea', 'cs', 'sym', 'hlinkClick',
              'hlinkMouseOver', 'rtl', 'extLst']


def _reorder_rpr(rPr):
    kids = list(rPr)
    def key(el):
        name = etree.QName(el).localname
        return _RPR_ORDER.index(name) if name in _RPR_ORDER else 99
    kids.sort(key=key)
    for k in kids:
        rPr.remove(k)
    for k in kids:
        rPr.append(k)


def set_rpr_solid_color(rPr, hexrgb):
    for tag in ('a:noFill', 'a:solidFill', 'a:gradFill', 'a:blipFill', 'a:pattFill', 'a:grpFill'):
        for old in rPr.findall(qn(tag)):
            rPr.remove(old)
    sf = etree.SubElement(rPr, qn('a:solidFill'))
    c = etree.SubElement(sf, qn('a:srgbClr'))
    c.set('val', hexrgb)
    _reorder_rpr(rPr)


def run_rprs(shape):
    """All <a:rPr> of the runs of a shape (created when missing) plus the
    endParaRPr elements, so that formatting applies to the whole text."""
    out = []
    for p in shape.text_frame.paragraphs:
        for r in p.runs:
            out.append(r._r.get_or_add_rPr())
        end = p._p.find(qn('a:endParaRPr'))
        if end is not None:
            out.append(end)
    return out


# ------------------------------------------------------------------ transitions
def _spd_for(dur_ms):
    if dur_ms <= 500:
        return 'fast'
    if dur_ms <= 750:
        return 'med'
    return 'slow'


def set_transition(slide, effect_xml, dur_ms, adv_tm=None, adv_click=True,
                   fallback_xml=None):
    """Write a slide transition the way PowerPoint 2010+ does: an
    mc:AlternateContent whose p14 choice carries p14:dur, with a plain
    fallback.  effect_xml is e.g. '<p:push dir="u"/>'."""
    sld = slide._element
    # remove old transition(s)
    for old in sld.findall(qn('p:transition')):
        sld.remove(old)
    for ac in sld.findall('{%s}AlternateContent' % MC):
        if ac.find('.//' + qn('p:transition')) is not None:
            sld.remove(ac)
    attrs = 'spd="%s"' % _spd_for(dur_ms)
    extra = ''
    if not adv_click:
        extra += ' advClick="0"'
    if adv_tm is not None:
        extra += ' advTm="%d"' % adv_tm
    fb = fallback_xml if fallback_xml is not None else effect_xml
    xml = ('<mc:AlternateContent %s>'
           '<mc:Choice xmlns:p14="%s" Requires="p14">'
           '<p:transition %s p14:dur="%d"%s>%s</p:transition>'
           '</mc:Choice>'
           '<mc:Fallback><p:transition %s%s>%s</p:transition></mc:Fallback>'
           '</mc:AlternateContent>') % (nsdecls('mc'), P14, attrs, dur_ms, extra,
                                        effect_xml, attrs, extra, fb)
    el = frag(xml, ('a', 'p', 'r', 'mc', 'p14'))
    # position: after clrMapOvr (or cSld), before timing/extLst
    anchor = sld.find(qn('p:clrMapOvr'))
    if anchor is None:
        anchor = sld.find(qn('p:cSld'))
    anchor.addnext(el)
    return el


# ------------------------------------------------------------------ animations
class _Eff(object):
    pass


def _tgt(spid, para=None):
    if para is None:
        return '<p:tgtEl><p:spTgt spid="%s"/></p:tgtEl>' % spid
    return ('<p:tgtEl><p:spTgt spid="%s"><p:txEl><p:pRg st="%d" end="%d"/>'
            '</p:txEl></p:spTgt></p:tgtEl>') % (spid, para, para)


class Timeline(object):
    """Builds <p:timing> like PowerPoint: a main sequence made of click
    groups; inside a group, 'with previous' effects share a sub-par and
    'after previous' effects open a new sub-par delayed by the time elapsed.
    Interactive (trigger) sequences are supported too."""

    def __init__(self, slide):
        self.slide = slide
        self.main = []          # list of click groups: list of subpars
        self.triggers = []      # (trigger_spid, [click groups])
        self._grp = {}          # spid -> next grpId
        self.bld = []           # (spid, grpId, kind, build)

    # ---- effect definitions -------------------------------------------------
    def _new_grp(self, spid):
        g = self._grp.get(spid, 0)
        self._grp[spid] = g + 1
        return g

    def _behaviours(self, e, tgt):
        name = e.name
        d = e.dur
        vis = ('<p:set><p:cBhvr><p:cTn id="{id}" dur="1" fill="hold"><p:stCondLst>'
               '<p:cond delay="0"/></p:stCondLst></p:cTn>%s<p:attrNameLst>'
               '<p:attrName>style.visibility</p:attrName></p:attrNameLst></p:cBhvr>'
               '<p:to><p:strVal val="visible"/></p:to></p:set>') % tgt
        if name == 'appear':
            return [vis]
        if name == 'fade':
            return [vis, ('<p:animEffect transition="in" filter="fade"><p:cBhvr>'
                          '<p:cTn id="{id}" dur="%d"/>%s</p:cBhvr></p:animEffect>') % (d, tgt)]
        if name == 'wipe':
            flt = {'b': 'wipe(up)', 'l': 'wipe(right)', 't': 'wipe(down)', 'r': 'wipe(left)'}[e.dir]
            return [vis, ('<p:animEffect transition="in" filter="%s"><p:cBhvr>'
                          '<p:cTn id="{id}" dur="%d"/>%s</p:cBhvr></p:animEffect>') % (flt, d, tgt)]
        if name == 'fly':
            if e.dir == 'b':
                xs, xe, ys, ye = '#ppt_x', '#ppt_x', '1+#ppt_h/2', '#ppt_y'
            elif e.dir == 'l':
                xs, xe, ys, ye = '0-#ppt_w/2', '#ppt_x', '#ppt_y', '#ppt_y'
            elif e.dir == 't':
                xs, xe, ys, ye = '#ppt_x', '#ppt_x', '0-#ppt_h/2', '#ppt_y'
            else:
                xs, xe, ys, ye = '1+#ppt_w/2', '#ppt_x', '#ppt_y', '#ppt_y'
            an = ('<p:anim calcmode="lin" valueType="num"><p:cBhvr additive="base">'
                  '<p:cTn id="{id}" dur="%d" fill="hold"/>%s<p:attrNameLst>'
                  '<p:attrName>%s</p:attrName></p:attrNameLst></p:cBhvr><p:tavLst>'
                  '<p:tav tm="0"><p:val><p:strVal val="%s"/></p:val></p:tav>'
                  '<p:tav tm="100000"><p:val><p:strVal val="%s"/></p:val></p:tav>'
                  '</p:tavLst></p:anim>')
            return [vis, an % (d, tgt, 'ppt_x', xs, xe), an % (d, tgt, 'ppt_y', ys, ye)]
        if name == 'zoom':
            an = ('<p:anim calcmode="lin" valueType="num"><p:cBhvr>'
                  '<p:cTn id="{id}" dur="%d" fill="hold"/>%s<p:attrNameLst>'
                  '<p:attrName>%s</p:attrName></p:attrNameLst></p:cBhvr><p:tavLst>'
                  '<p:tav tm="0"><p:val><p:fltVal val="0"/></p:val></p:tav>'
                  '<p:tav tm="100000"><p:val><p:strVal val="%s"/></p:val></p:tav>'
                  '</p:tavLst></p:anim>')
            return [vis, an % (d, tgt, 'ppt_w', '#ppt_w'), an % (d, tgt, 'ppt_h', '#ppt_h'),
                    ('<p:animEffect transition="in" filter="fade"><p:cBhvr>'
                     '<p:cTn id="{id}" dur="%d"/>%s</p:cBhvr></p:animEffect>') % (d, tgt)]
        if name == 'pulse':
            return [('<p:animEffect transition="out" filter="fade"><p:cBhvr>'
                     '<p:cTn id="{id}" dur="%d" tmFilter="0, 0; .2, .5; .8, .5; 1, 0"/>%s'
                     '</p:cBhvr><p:progress><p:fltVal val="0.25"/></p:progress></p:animEffect>') % (d, tgt),
                    ('<p:animScale><p:cBhvr><p:cTn id="{id}" dur="%d" autoRev="1" fill="hold"/>'
                     '%s</p:cBhvr><p:by x="105000" y="105000"/></p:animScale>') % (d // 2, tgt)]
        if name == 'fadeout':
            return [('<p:animEffect transition="out" filter="fade"><p:cBhvr>'
                     '<p:cTn id="{id}" dur="%d"/>%s</p:cBhvr></p:animEffect>') % (d, tgt),
                    ('<p:set><p:cBhvr><p:cTn id="{id}" dur="1" fill="hold"><p:stCondLst>'
                     '<p:cond delay="%d"/></p:stCondLst></p:cTn>%s<p:attrNameLst>'
                     '<p:attrName>style.visibility</p:attrName></p:attrNameLst></p:cBhvr>'
                     '<p:to><p:strVal val="hidden"/></p:to></p:set>') % (d - 1, tgt)]
        raise ValueError(name)

    _PRESETS = {
        # name: (presetID, presetClass, default subtype, default duration)
        'appear': (1, 'entr', 0, 0),
        'fly': (2, 'entr', None, 500),
        'fade': (10, 'entr', 0, 500),
        'wipe': (22, 'entr', None, 500),
        'zoom': (53, 'entr', 16, 500),
        'pulse': (26, 'emph', 0, 500),
        'fadeout': (10, 'exit', 0, 500),
    }
    _DIR_SUB = {'t': 1, 'r': 2, 'b': 4, 'l': 8}

    def add(self, name, spid, start='click', dir=None, dur=None, paras=None,
            kind='sp', trigger=None):
        """Add an effect.  paras: list of paragraph indexes for a by-paragraph
        build (each paragraph becomes its own effect, the first one starting
        with `start`, the following ones 'click' or 'after' according to
        para_start given in start as a tuple)."""
        pid, pcls, sub, ddur = self._PRESETS[name]
        if sub is None:
            sub = self._DIR_SUB[dir]
        grp = self._new_grp(spid)
        build = 'p' if paras is not None else None
        self.bld.append((spid, grp, kind, build))
        targets = [None] if paras is None else list(paras)
        if isinstance(start, tuple):
            first_start, rest_start = start
        else:
            first_start = rest_start = start
        seq = self.main
        if trigger is not None:
            for trg, groups in self.triggers:
                if trg == trigger:
                    seq = groups
                    break
            else:
                seq = []
                self.triggers.append((trigger, seq))
        for i, para in enumerate(targets):
            e = _Eff()
            e.name, e.spid, e.para, e.dir = name, spid, para, dir
            e.dur = dur if dur is not None else ddur
            e.pid, e.pcls, e.sub, e.grp = pid, pcls, sub, grp
            st = first_start if i == 0 else rest_start
            self._place(seq, e, st)

    def _place(self, seq, e, st):
        if st == 'click' or not seq:
            e.node = 'clickEffect' if st == 'click' else (
                'withEffect' if st == 'with' else 'afterEffect')
            seq.append({'first_start': st, 'subs': [{'delay': 0, 'effs': [e]}]})
            return
        grp = seq[-1]
        last = grp['subs'][-1]
        if st == 'with':
            e.node = 'withEffect'
            last['effs'].append(e)
        else:  # after
            e.node = 'afterEffect'
            end = last['delay'] + max(x.dur for x in last['effs'])
            grp['subs'].append({'delay': end, 'effs': [e]})

    # ---- xml -----------------------------------------------------------------
    def _groups_xml(self, groups, interactive=False):
        out = []
        for gi, grp in enumerate(groups):
            if interactive:
                cond = '<p:cond delay="0"/>'
            elif grp['first_start'] == 'click' or gi > 0:
                cond = '<p:cond delay="indefinite"/>'
            else:
                # slide's first effect starts automatically (with/after previous)
                cond = ('<p:cond delay="indefinite"/><p:cond evt="onBegin" delay="0">'
                        '<p:tn val="2"/></p:cond>')
            subs = []
            for sub in grp['subs']:
                effs = []
                for e in sub['effs']:
                    tgt = _tgt(e.spid, e.para)
                    beh = ''.join(self._behaviours(e, tgt))
                    effs.append(
                        '<p:par><p:cTn id="{id}" presetID="%d" presetClass="%s" presetSubtype="%d" '
                        'fill="hold" grpId="%d" nodeType="%s"><p:stCondLst><p:cond delay="0"/>'
                        '</p:stCondLst><p:childTnLst>%s</p:childTnLst></p:cTn></p:par>'
                        % (e.pid, e.pcls, e.sub, e.grp, e.node, beh))
                subs.append('<p:par><p:cTn id="{id}" fill="hold"><p:stCondLst><p:cond delay="%d"/>'
                            '</p:stCondLst><p:childTnLst>%s</p:childTnLst></p:cTn></p:par>'
                            % (sub['delay'], ''.join(effs)))
            out.append('<p:par><p:cTn id="{id}" fill="hold"><p:stCondLst>%s</p:stCondLst>'
                       '<p:childTnLst>%s</p:childTnLst></p:cTn></p:par>' % (cond, ''.join(subs)))
        return ''.join(out)

    def apply(self):
        sld = self.slide._element
        old = sld.find(qn('p:timing'))
        if old is not None:
            sld.remove(old)
        parts = []
        if self.main:
            parts.append(
                '<p:seq concurrent="1" nextAc="seek"><p:cTn id="{id}" dur="indefinite" '
                'nodeType="mainSeq"><p:childTnLst>%s</p:childTnLst></p:cTn>'
                '<p:prevCondLst><p:cond evt="onPrev" delay="0"><p:tgtEl><p:sldTgt/></p:tgtEl>'
                '</p:cond></p:prevCondLst><p:nextCondLst><p:cond evt="onNext" delay="0">'
                '<p:tgtEl><p:sldTgt/></p:tgtEl></p:cond></p:nextCondLst></p:seq>'
                % self._groups_xml(self.main))
        for trg, groups in self.triggers:
            parts.append(
                '<p:seq concurrent="1" nextAc="seek"><p:cTn id="{id}" restart="whenNotActive" '
                'fill="hold" evtFilter="cancelBubble" nodeType="interactiveSeq"><p:stCondLst>'
                '<p:cond evt="onClick" delay="0"><p:tgtEl><p:spTgt spid="%s"/></p:tgtEl></p:cond>'
                '</p:stCondLst><p:endSync evt="end" delay="0"><p:rtn val="all"/></p:endSync>'
                '<p:childTnLst>%s</p:childTnLst></p:cTn><p:nextCondLst><p:cond evt="onClick" '
                'delay="0"><p:tgtEl><p:spTgt spid="%s"/></p:tgtEl></p:cond></p:nextCondLst></p:seq>'
                % (trg, self._groups_xml(groups, interactive=True), trg))
        bld = []
        for spid, grp, kind, build in self.bld:
            if kind == 'sp':
                bld.append('<p:bldP spid="%s" grpId="%d"%s/>'
                           % (spid, grp, ' build="p"' if build else ''))
            elif kind == 'spbg':
                bld.append('<p:bldP spid="%s" grpId="%d" animBg="1"/>' % (spid, grp))
            elif kind == 'graphic':
                bld.append('<p:bldGraphic spid="%s" grpId="%d"><p:bldAsOne/></p:bldGraphic>'
                           % (spid, grp))
            # pictures: PowerPoint writes no build entry
        xml = ('<p:timing><p:tnLst><p:par><p:cTn id="{id}" dur="indefinite" restart="never" '
               'nodeType="tmRoot"><p:childTnLst>%s</p:childTnLst></p:cTn></p:par></p:tnLst>%s'
               '</p:timing>') % (''.join(parts), ('<p:bldLst>%s</p:bldLst>' % ''.join(bld)) if bld else '')
        # number the cTn ids in document order
        pieces = xml.split('{id}')
        n = 1
        buf = [pieces[0]]
        for pc in pieces[1:]:
            buf.append(str(n))
            buf.append(pc)
            n += 1
        el = frag(''.join(buf))
        # position: after transition (or its AlternateContent), before extLst
        ext = sld.find(qn('p:extLst'))
        if ext is not None:
            ext.addprevious(el)
        else:
            sld.append(el)
        return el


# ------------------------------------------------------------------ presentation-level
def set_sections(prs, sections):
    """sections: list of (name, [slide objects])."""
    pres = prs.part._element
    ext_lst = pres.find(qn('p:extLst'))
    if ext_lst is None:
        ext_lst = etree.SubElement(pres, qn('p:extLst'))
    uri = '{521415D9-36F7-43E2-AB2F-B90AF26B5E84}'
    for ext in ext_lst.findall(qn('p:ext')):
        if ext.get('uri') == uri:
            ext_lst.remove(ext)
    secs = []
    for name, slides in sections:
        ids = ''.join('<p14:sldId id="%d"/>' % s.slide_id for s in slides)
        secs.append('<p14:section name="%s" id="%s"><p14:sldIdLst>%s</p14:sldIdLst></p14:section>'
                    % (xesc(name), new_guid(), ids))
    el = frag('<p:ext uri="%s"><p14:sectionLst %s>%s</p14:sectionLst></p:ext>'
              % (uri, nsdecls('p14'), ''.join(secs)), ('a', 'p', 'r', 'p14'))
    ext_lst.insert(0, el)


def _pres_props(prs):
    for rel in prs.part.rels.values():
        if rel.reltype.endswith('/presProps'):
            return rel.target_part
    raise KeyError('presProps')


def set_show_type(prs, mode, loop=False, cust_show_id=None):
    """mode: 'present' | 'browse' | 'kiosk'."""
    part = _pres_props(prs)
    root = etree.fromstring(part.blob)
    old = root.find(qn('p:showPr'))
    if old is not None:
        root.remove(old)
    attrs = []
    if loop:
        attrs.append('loop="1"')
    attrs.append('showNarration="1"')
    if mode == 'browse':
        kind = '<p:browse/>'
    elif mode == 'kiosk':
        kind = '<p:kiosk/>'
    else:
        kind = '<p:present/>'
    rng = '<p:sldAll/>' if cust_show_id is None else '<p:custShow id="%d"/>' % cust_show_id
    el = frag('<p:showPr %s>%s%s<p:penClr><a:prstClr val="red"/></p:penClr></p:showPr>'
              % (' '.join(attrs), kind, rng))
    # order: htmlPubPr, webPr, prnPr, showPr, clrMru, extLst
    after = None
    for tag in ('p:prnPr', 'p:webPr', 'p:htmlPubPr'):
        after = root.find(qn(tag))
        if after is not None:
            break
    if after is not None:
        after.addnext(el)
    else:
        root.insert(0, el)
    part._blob = etree.tostring(root, xml_declaration=True, encoding='UTF-8', standalone=True)


def add_custom_show(prs, name, slides, show_id=0):
    pres = prs.part._element
    lst = pres.find(qn('p:custShowLst'))
    if lst is None:
        lst = etree.Element(qn('p:custShowLst'))
        # insert after notesSz / smartTags / embeddedFontLst
        anchor = None
        for tag in ('p:embeddedFontLst', 'p:smartTags', 'p:notesSz'):
            anchor = pres.find(qn(tag))
            if anchor is not None:
                break
        anchor.addnext(lst)
    rid_of = {}
    for sldId in pres.find(qn('p:sldIdLst')):
        rid_of[int(sldId.get('id'))] = sldId.get(qn('r:id'))
    sl = ''.join('<p:sld r:id="%s"/>' % rid_of[s.slide_id] for s in slides)
    lst.append(frag('<p:custShow name="%s" id="%d"><p:sldLst>%s</p:sldLst></p:custShow>'
                    % (xesc(name), show_id, sl)))


def hide_slide(slide):
    slide._element.set('show', '0')


# ------------------------------------------------------------------ links / shapes
def add_run_hyperlink(slide, run, url):
    run.hyperlink.address = url


def add_run_slide_link(src_slide, run, target_slide):
    rId = src_slide.part.relate_to(target_slide.part, RT.SLIDE)
    rPr = run._r.get_or_add_rPr()
    for old in rPr.findall(qn('a:hlinkClick')):
        rPr.remove(old)
    h = etree.SubElement(rPr, qn('a:hlinkClick'))
    h.set(qn('r:id'), rId)
    h.set('action', 'ppaction://hlinksldjump')
    _reorder_rpr(rPr)


def find_run_containing(shape, text):
    for p in shape.text_frame.paragraphs:
        for r in p.runs:
            if text in r.text:
                return p, r
    return None, None


def isolate_text_in_run(paragraph, run, text):
    """Split `run` so that `text` is in a run of its own; return that run."""
    full = run.text
    if full == text:
        return run
    i = full.index(text)
    before, after = full[:i], full[i + len(text):]
    r_el = run._r
    parent = r_el.getparent()
    pos = parent.index(r_el)
    pieces = [t for t in (before, text, after)]
    new_runs = []
    for t in pieces:
        if not t:
            new_runs.append(None)
            continue
        nr = copy.deepcopy(r_el)
        nr.find(qn('a:t')).text = t
        new_runs.append(nr)
    parent.remove(r_el)
    k = pos
    for nr in new_runs:
        if nr is not None:
            parent.insert(k, nr)
            k += 1
    for r in paragraph.runs:
        if r._r is new_runs[1]:
            return r
    raise RuntimeError('split failed')


def add_hf_placeholders(slide, footer_text=None, date_text=None, slide_number=True):
    """Put footer / date / slide-number placeholders on a slide (as PowerPoint
    does for 'Header and Footer > Apply to All'), inheriting position and
    format from the slide layout."""
    layout = slide.slide_layout
    tree = slide.shapes._spTree
    wanted = []
    if date_text is not None:
        wanted.append('dt')
    if footer_text is not None:
        wanted.append('ftr')
    if slide_number:
        wanted.append('sldNum')
    # remove existing ones first
    for sp in list(tree.iterchildren(qn('p:sp'))):
        ph = sp.find('.//' + qn('p:ph'))
        if ph is not None and ph.get('type') in ('dt', 'ftr', 'sldNum'):
            tree.remove(sp)
    for kind in wanted:
        lph = None
        for sh in layout.placeholders:
            ph = sh._element.find('.//' + qn('p:ph'))
            if ph.get('type') == kind:
                lph = sh
                break
        if lph is None:
            continue
        ph = lph._element.find('.//' + qn('p:ph'))
        idx = ph.get('idx')
        sz = ph.get('sz')
        sid = next_shape_id(slide)
        names = {'dt': 'Date Placeholder', 'ftr': 'Footer Placeholder', 'sldNum': 'Slide Number Placeholder'}
        if kind == 'sldNum':
            num = list(slide.part.package.presentation_part.presentation.slides).index(slide) + 1
            body = ('<a:p><a:fld id="%s" type="slidenum"><a:rPr lang="zh-CN" altLang="en-US"/>'
                    '<a:t>%d</a:t></a:fld><a:endParaRPr lang="zh-CN" altLang="en-US"/></a:p>'
                    % ('{B6F15528-21DE-4FAA-801E-634DDDAF4B2B}', num))
        else:
            txt = footer_text if kind == 'ftr' else date_text
            body = ('<a:p><a:r><a:rPr lang="zh-CN" altLang="en-US"/><a:t>%s</a:t></a:r>'
                    '<a:endParaRPr lang="zh-CN" altLang="en-US"/></a:p>' % xesc(txt))
        xml = ('<p:sp><p:nvSpPr><p:cNvPr id="%d" name="%s %d"/><p:cNvSpPr>'
               '<a:spLocks noGrp="1"/></p:cNvSpPr><p:nvPr><p:ph type="%s"%s%s/></p:nvPr>'
               '</p:nvSpPr><p:spPr/><p:txBody><a:bodyPr/><a:lstStyle/>%s</p:txBody></p:sp>'
               % (sid, names[kind], sid - 1, kind,
                  (' sz="%s"' % sz) if sz else '', (' idx="%s"' % idx) if idx else '', body))
        tree.append(frag(xml))


def set_layout_hf_text(prs, footer_text=None, date_text=None):
    """Also write the footer / fixed date text into the master and layouts'
    placeholders (PowerPoint's 'Apply to All' does the same)."""
    holders = []
    for m in prs.slide_masters:
        holders.append(m)
        holders.extend(m.slide_layouts)
    for h in holders:
        for sh in h.placeholders:
            ph = sh._element.find('.//' + qn('p:ph'))
            t = ph.get('type')
            txt = None
            if t == 'ftr' and footer_text is not None:
                txt = footer_text
            elif t == 'dt' and date_text is not None:
                txt = date_text
            if txt is None:
                continue
            txBody = sh._element.find(qn('p:txBody'))
            ps = txBody.findall(qn('a:p'))
            for p in ps[1:]:
                txBody.remove(p)
            p = ps[0]
            for ch in list(p):
                if etree.QName(ch).localname in ('r', 'fld', 'br'):
                    p.remove(ch)
            r = frag('<a:r><a:rPr lang="zh-CN" altLang="en-US"/><a:t>%s</a:t></a:r>' % xesc(txt))
            end = p.find(qn('a:endParaRPr'))
            if end is not None:
                end.addprevious(r)
            else:
                p.append(r)


def set_notes(slide, text):
    slide.notes_slide.notes_text_frame.text = text
    # register the notes master in presentation.xml as PowerPoint does
    prs_part = slide.part.package.presentation_part
    pres = prs_part._element
    if pres.find(qn('p:notesMasterIdLst')) is None:
        nm_part = prs_part.notes_master_part
        rId = prs_part.relate_to(nm_part, RT.NOTES_MASTER)
        lst = frag('<p:notesMasterIdLst><p:notesMasterId r:id="%s"/></p:notesMasterIdLst>' % rId)
        pres.find(qn('p:sldMasterIdLst')).addnext(lst)


WIDE_W, WIDE_H = 12192000, 6858000


def scale_x(container_el, fx):
    for xfrm in container_el.iter(qn('a:xfrm'), qn('p:xfrm')):
        off = xfrm.find(qn('a:off'))
        ext = xfrm.find(qn('a:ext'))
        # only top-level shape transforms (skip children of group transforms)
        if off is not None:
            off.set('x', str(int(round(int(off.get('x')) * fx))))
        if ext is not None:
            ext.set('cx', str(int(round(int(ext.get('cx')) * fx))))


def change_layout(slide, new_layout):
    for rel in slide.part.rels.values():
        if rel.reltype == RT.SLIDE_LAYOUT:
            rel._target = new_layout.part
            break


def main():
    prs = Presentation('input.pptx')
    slides = list(prs.slides)

    # ---- step 1 ---------------------------------------------------------------
    old_w = prs.slide_width
    fx = WIDE_W / float(old_w)
    sldSz = prs.part._element.find(qn('p:sldSz'))
    sldSz.set('cx', str(WIDE_W))
    sldSz.set('cy', str(WIDE_H))
    if 'type' in sldSz.attrib:
        del sldSz.attrib['type']
    if abs(fx - 1) > 1e-6:
        for m in prs.slide_masters:
            scale_x(m._element.find(qn('p:cSld')), fx)
            for lay in m.slide_layouts:
                scale_x(lay._element.find(qn('p:cSld')), fx)
        for s in slides:
            scale_x(s._element.find(qn('p:cSld')), fx)

    # ---- step 2 ---------------------------------------------------------------
    s1 = slides[0]
    title_layout = None
    for lay in prs.slide_masters[0].slide_layouts:
        if lay.name == 'Title Slide':
            title_layout = lay
    change_layout(s1, title_layout)
    for sp in s1.shapes._spTree.iterchildren(qn('p:sp')):
        ph = sp.find('.//' + qn('p:ph'))
        if ph is None:
            continue
        if ph.get('type') in ('title', 'ctrTitle'):
            ph.set('type', 'ctrTitle')
        elif ph.get('idx') == '1':
            ph.set('type', 'subTitle')
            sp.find('.//' + qn('p:cNvPr')).set('name', 'Subtitle 2')
    title = get_title_shape(s1)
    for rPr in run_rprs(title):
        rPr.set('lang', 'zh-CN')
        rPr.set('altLang', 'en-US')
        rPr.set('sz', '4800')
        rPr.set('b', '1')
        set_rpr_solid_color(rPr, '002060')
        set_ea_font(rPr, '黑体')
    sub = [sh for sh in s1.placeholders if sh.placeholder_format.idx == 1][0]
    for rPr in run_rprs(sub):
        rPr.set('lang', 'zh-CN')
        rPr.set('altLang', 'en-US')
        rPr.set('sz', '2800')
        set_ea_font(rPr, '楷体')

    # ---- step 3 ---------------------------------------------------------------
    body2 = get_body_shape(slides[1])
    for p in body2.text_frame.paragraphs:
        p.line_spacing = 1.5
        for r in p.runs:
            rPr = r._r.get_or_add_rPr()
            rPr.set('lang', 'zh-CN')
            rPr.set('altLang', 'en-US')
            rPr.set('sz', '2400')
            set_ea_font(rPr, '微软雅黑')

    # ---- step 4 ---------------------------------------------------------------
    s3 = slides[2]
    data = [['日程', '地点', '安排'],
            ['第一天', '乌镇', '游船、夜游西栅'],
            ['第二天上午', '西塘', '古镇漫步、品尝小吃'],
            ['第二天下午', '返程', '14:00 集合乘车返回']]
    t3 = get_title_shape(s3)
    left = t3.left
    width = t3.width
    top = t3.top + t3.height + Cm(0.6)
    row_h = Cm(1.5)
    gf = s3.shapes.add_table(4, 3, left, top, width, row_h * 4)
    gf.name = '表格 2'
    tbl = gf.table
    cw = [int(width * 0.25), int(width * 0.2)]
    cw.append(width - cw[0] - cw[1])
    for i, w in enumerate(cw):
        tbl.columns[i].width = w
    for r in range(4):
        tbl.rows[r].height = row_h
        for c in range(3):
            cell = tbl.cell(r, c)
            cell.text = data[r][c]
            for p in cell.text_frame.paragraphs:
                for run in p.runs:
                    run._r.get_or_add_rPr().set('lang', 'zh-CN')
                    run.font.size = Pt(18)
    tblPr = tbl._tbl.tblPr
    sid = tblPr.find(qn('a:tableStyleId'))
    if sid is None:
        sid = etree.SubElement(tblPr, qn('a:tableStyleId'))
    sid.text = '{69012ECD-51FC-41F1-AA8D-1B2483CD663E}'
    tblPr.set('firstRow', '1')
    tblPr.set('bandRow', '1')

    # ---- step 5 ---------------------------------------------------------------
    body4 = get_body_shape(slides[3])
    paras = body4.text_frame.paragraphs
    paras[0].level = 0
    for p in paras[1:3]:
        p.level = 1

    # ---- step 6 ---------------------------------------------------------------
    bg_rgb = RGBColor(226, 239, 218)
    for m in prs.slide_masters:
        f = m.background.fill
        f.solid()
        f.fore_color.rgb = bg_rgb
    for s in slides:
        f = s.background.fill
        f.solid()
        f.fore_color.rgb = bg_rgb

    # ---- step 7 ---------------------------------------------------------------
    for s in slides:
        set_transition(s, '<p:push dir="u"/>', 1000, adv_tm=5000)

    # ---- step 8 ---------------------------------------------------------------
    footer = '江南水乡旅游推介'
    set_layout_hf_text(prs, footer_text=footer)
    for s in slides:
        if s.slide_layout.name == 'Title Slide':
            add_hf_placeholders(s, footer_text=None, date_text=None, slide_number=False)
        else:
            add_hf_placeholders(s, footer_text=footer, slide_number=True)

    # ---- step 9 ---------------------------------------------------------------
    set_notes(slides[4], '介绍报名截止日期与咨询电话。')

    prs.save('output.pptx')


if __name__ == '__main__':
    main()
