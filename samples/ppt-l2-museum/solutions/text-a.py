# Independent solution written from the prompt alone (ppt-l2-museum, text-only)
# Step 1: slide master: titleStyle lvl1 defRPr sz=4000, solid C00000 (标准色 深红),
#         <a:ea typeface="华文新魏">; bodyStyle lvl1 defRPr <a:ea typeface="幼圆">;
#         master <p:bg> solid FDF6E3 = RGB(253,246,227).
# Step 2: slide 1 gets its own <p:bg> with a two-stop linear gradFill (cream -> light gold).
# Step 3: slide 3: real SmartArt "层次结构" (layout/hierarchy1) with root 江南丝绸博物馆 and
#         three children in the given order, in the content area under the title.
# Step 4: slide 4 <p:timing>: title Appear (click); body Fly In from left by paragraph,
#         each paragraph after previous; picture Zoom with previous; picture Pulse emphasis
#         (click); picture Fade exit (click).
# Step 5: every slide: <p14:vortex/> transition (fallback fade), p14:dur=2000.
# Step 6: slides 2-5 get date (fixed text 2026年5月18日), footer 江南丝绸博物馆 and slide
#         number placeholders; the title slide gets none.
# Step 7: slide 5 <p:sld show="0">.
# Step 8: presProps showPr <p:kiosk/> (在展台浏览), loop on.
# Step 9: slide 2 notes "提醒游客禁止使用闪光灯拍照。".
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

# ----------------------------------------------------------------------------
# SmartArt (DrawingML diagram) writer: data model, layout definition, quick
# style, colour definition and the pre-rendered drawing part, wired to the
# slide through a graphicFrame exactly like PowerPoint stores a SmartArt.
# ----------------------------------------------------------------------------
DGM_NS = 'http://schemas.openxmlformats.org/drawingml/2006/diagram'
A_NS = 'http://schemas.openxmlformats.org/drawingml/2006/main'
R_NS = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships'
DSP_NS = 'http://schemas.microsoft.com/office/drawing/2008/diagram'

CT_DATA = 'application/vnd.openxmlformats-officedocument.drawingml.diagramData+xml'
CT_LAYOUT = 'application/vnd.openxmlformats-officedocument.drawingml.diagramLayout+xml'
CT_STYLE = 'application/vnd.openxmlformats-officedocument.drawingml.diagramStyle+xml'
CT_COLORS = 'application/vnd.openxmlformats-officedocument.drawingml.diagramColors+xml'
CT_DRAWING = 'application/vnd.ms-office.drawingml.diagramDrawing+xml'
RT_DATA = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships/diagramData'
RT_LAYOUT = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships/diagramLayout'
RT_STYLE = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships/diagramQuickStyle'
RT_COLORS = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships/diagramColors'
RT_DRAWING = 'http://schemas.microsoft.com/office/2007/relationships/diagramDrawing'

_XMLDECL = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'

# style labels used by the colour / quick-style definitions
_LBL_NODE = ['node0', 'lnNode1', 'vennNode1', 'alignNode1', 'node1', 'node2', 'node3', 'node4',
             'asst0', 'asst1', 'asst2', 'asst3', 'asst4']
_LBL_IMG = ['fgImgPlace1', 'alignImgPlace1', 'bgImgPlace1']
_LBL_SIB2D = ['sibTrans2D1', 'fgSibTrans2D1', 'bgSibTrans2D1']
_LBL_LINE = ['sibTrans1D1', 'parChTrans1D1', 'parChTrans1D2', 'parChTrans1D3', 'parChTrans1D4']
_LBL_PAR2D = ['parChTrans2D1', 'parChTrans2D2', 'parChTrans2D3', 'parChTrans2D4']
_LBL_ACC = ['fgAcc1', 'conFgAcc1', 'alignAcc1', 'trAlignAcc1', 'bgAcc1', 'solidFgAcc1',
            'solidAlignAcc1', 'solidBgAcc1', 'fgAccFollowNode1', 'alignAccFollowNode1',
            'bgAccFollowNode1', 'fgAcc0', 'fgAcc2', 'fgAcc3', 'fgAcc4']
_LBL_BG = ['bgShp', 'dkBgShp', 'trBgShp', 'fgShp']
_LBL_TX = ['revTx', 'callout']


def _clr(val, mods=''):
    return '<a:schemeClr val="%s">%s</a:schemeClr>' % (val, mods) if mods else '<a:schemeClr val="%s"/>' % val


def _lbl_colors(name, fill, line, txfill, meth='repeat'):
    return ('<dgm:styleLbl name="%s"><dgm:fillClrLst meth="%s">%s</dgm:fillClrLst>'
            '<dgm:linClrLst meth="repeat">%s</dgm:linClrLst><dgm:effectClrLst/>'
            '<dgm:txLinClrLst/><dgm:txFillClrLst meth="repeat">%s</dgm:txFillClrLst>'
            '<dgm:txEffectClrLst/></dgm:styleLbl>') % (name, meth, fill, line, txfill)


def colors_xml(kind='accent1_2'):
    """kind: 'accent1_2' (Colored Fill - Accent 1, the default) or
    'colorful1' (Colorful - Accent Colors)."""
    lbls = []
    if kind == 'colorful1':
        node_fill = ''.join(_clr('accent%d' % i) for i in (2, 3, 4, 5, 6))
        title, cat = 'Colorful - Accent Colors', 'colorful'
        base = 'accent2'
    else:
        node_fill = _clr('accent1')
        title, cat = 'Colored Fill - Accent 1', 'accent1'
        base = 'accent1'
    for n in _LBL_NODE:
        fill = _clr('accent1') if (n == 'node0' and kind == 'colorful1') else node_fill
        lbls.append(_lbl_colors(n, fill, _clr('lt1'), _clr('lt1')))
    for n in _LBL_IMG:
        lbls.append(_lbl_colors(n, _clr(base, '<a:tint val="50000"/>'), _clr('lt1'), _clr('lt1')))
    for n in _LBL_SIB2D:
        lbls.append(_lbl_colors(n, _clr(base, '<a:tint val="60000"/>'),
                                _clr(base, '<a:tint val="60000"/>'), _clr('lt1')))
    for n in _LBL_LINE:
        lbls.append(_lbl_colors(n, _clr(base), _clr(base, '<a:shade val="60000"/>'), _clr('tx1')))
    for n in _LBL_PAR2D:
        lbls.append(_lbl_colors(n, _clr(base, '<a:tint val="60000"/>'),
                                _clr(base, '<a:tint val="60000"/>'), _clr('lt1')))
    for n in _LBL_ACC:
        lbls.append(_lbl_colors(n, _clr('lt1', '<a:alpha val="90000"/>'), node_fill, _clr('dk1')))
    for n in _LBL_BG:
        lbls.append(_lbl_colors(n, _clr(base, '<a:alpha val="90000"/><a:tint val="40000"/>'),
                                _clr(base), _clr('dk1')))
    for n in _LBL_TX:
        lbls.append(('<dgm:styleLbl name="%s"><dgm:fillClrLst meth="repeat">%s</dgm:fillClrLst>'
                     '<dgm:linClrLst meth="repeat">%s</dgm:linClrLst><dgm:effectClrLst/>'
                     '<dgm:txLinClrLst/><dgm:txFillClrLst meth="repeat">%s</dgm:txFillClrLst>'
                     '<dgm:txEffectClrLst/></dgm:styleLbl>')
                    % (n, _clr(base, '<a:alpha val="0"/>') if n == 'revTx' else _clr(base),
                       _clr('dk1', '<a:alpha val="0"/>') if n == 'revTx' else _clr(base, '<a:tint val="50000"/>'),
                       _clr('tx1')))
    return (_XMLDECL + '<dgm:colorsDef xmlns:dgm="%s" xmlns:a="%s" '
            'uniqueId="urn:microsoft.com/office/officeart/2005/8/colors/%s">'
            '<dgm:title val="%s"/><dgm:desc val=""/><dgm:catLst><dgm:cat type="%s" pri="%s"/>'
            '</dgm:catLst>%s</dgm:colorsDef>') % (DGM_NS, A_NS, kind, title, cat,
                                                  '10100' if kind == 'colorful1' else '11200',
                                                  ''.join(lbls))


def _style_entry(name, ln, fill, eff, font_clr):
    return ('<dgm:styleLbl name="%s"><dgm:scene3d><a:camera prst="orthographicFront"/>'
            '<a:lightRig rig="threePt" dir="t"/></dgm:scene3d><dgm:sp3d/><dgm:txPr/>'
            '<dgm:style><a:lnRef idx="%d"><a:scrgbClr r="0" g="0" b="0"/></a:lnRef>'
            '<a:fillRef idx="%d"><a:scrgbClr r="0" g="0" b="0"/></a:fillRef>'
            '<a:effectRef idx="%d"><a:scrgbClr r="0" g="0" b="0"/></a:effectRef>'
            '<a:fontRef idx="minor"><a:schemeClr val="%s"/></a:fontRef></dgm:style>'
            '</dgm:styleLbl>') % (name, ln, fill, eff, font_clr)


QS_TITLES = {'simple1': 'Simple Fill', 'simple2': 'White Outline', 'simple3': 'Subtle Effect',
             'simple4': 'Moderate Effect', 'simple5': 'Intense Effect'}


def quickstyle_xml(kind='simple1'):
    eff = {'simple1': 0, 'simple2': 0, 'simple3': 1, 'simple4': 2, 'simple5': 3}[kind]
    lbls = []
    for n in _LBL_NODE + _LBL_IMG + _LBL_PAR2D:
        lbls.append(_style_entry(n, 2, 1, eff, 'lt1'))
    for n in _LBL_SIB2D:
        lbls.append(_style_entry(n, 0, 1, eff, 'lt1'))
    for n in _LBL_LINE:
        lbls.append(_style_entry(n, 1, 0, 0, 'tx1'))
    for n in _LBL_ACC:
        lbls.append(_style_entry(n, 2, 1, eff, 'tx1'))
    for n in _LBL_BG:
        lbls.append(_style_entry(n, 0, 1, 0, 'tx1'))
    for n in _LBL_TX:
        lbls.append(_style_entry(n, 0, 0, 0, 'tx1'))
    return (_XMLDECL + '<dgm:styleDef xmlns:dgm="%s" xmlns:a="%s" '
            'uniqueId="urn:microsoft.com/office/officeart/2005/8/quickstyle/%s">'
            '<dgm:title val="%s"/><dgm:desc val=""/><dgm:catLst><dgm:cat type="simple" pri="%d"/>'
            '</dgm:catLst><dgm:scene3d><a:camera prst="orthographicFront"/>'
            '<a:lightRig rig="threePt" dir="t"/></dgm:scene3d><dgm:styleLbl name="node0">'
            '<dgm:scene3d><a:camera prst="orthographicFront"/><a:lightRig rig="threePt" dir="t"/>'
            '</dgm:scene3d><dgm:sp3d/><dgm:txPr/><dgm:style><a:lnRef idx="2">'
            '<a:scrgbClr r="0" g="0" b="0"/></a:lnRef><a:fillRef idx="1"><a:scrgbClr r="0" g="0" b="0"/>'
            '</a:fillRef><a:effectRef idx="%d"><a:scrgbClr r="0" g="0" b="0"/></a:effectRef>'
            '<a:fontRef idx="minor"><a:schemeClr val="lt1"/></a:fontRef></dgm:style></dgm:styleLbl>'
            '%s</dgm:styleDef>') % (DGM_NS, A_NS, kind, QS_TITLES[kind],
                                   10000 + 100 * int(kind[-1]), eff,
                                   ''.join(l for l in lbls if 'name="node0"' not in l))


def _samp(n):
    pts = '<dgm:pt modelId="0" type="doc"/>' + ''.join(
        '<dgm:pt modelId="%d"><dgm:prSet phldr="1"/></dgm:pt>' % (i + 1) for i in range(n))
    cx = ''.join('<dgm:cxn modelId="%d" srcId="0" destId="%d" srcOrd="%d" destOrd="0"/>'
                 % (10 + i, i + 1, i) for i in range(n))
    return ('<dgm:dataModel><dgm:ptLst>%s</dgm:ptLst><dgm:cxnLst>%s</dgm:cxnLst>'
            '<dgm:bg/><dgm:whole/></dgm:dataModel>') % (pts, cx)


def _layout_process1():
    return (
        '<dgm:title val=""/><dgm:desc val=""/>'
        '<dgm:catLst><dgm:cat type="process" pri="1000"/><dgm:cat type="convert" pri="15000"/></dgm:catLst>'
        '<dgm:sampData>%s</dgm:sampData><dgm:styleData>%s</dgm:styleData><dgm:clrData>%s</dgm:clrData>'
        '<dgm:layoutNode name="Name0">'
        '<dgm:varLst><dgm:dir/><dgm:resizeHandles val="exact"/></dgm:varLst>'
        '<dgm:choose name="Name1"><dgm:if name="Name2" func="var" arg="dir" op="equ" val="norm">'
        '<dgm:alg type="lin"/></dgm:if><dgm:else name="Name3"><dgm:alg type="lin">'
        '<dgm:param type="linDir" val="fromR"/></dgm:alg></dgm:else></dgm:choose>'
        '<dgm:shape r:blip=""><dgm:adjLst/></dgm:shape><dgm:presOf/>'
        '<dgm:constrLst>'
        '<dgm:constr type="w" for="ch" forName="node" refType="w"/>'
        '<dgm:constr type="h" for="ch" forName="node" refType="w" refFor="ch" refForName="node" fact="0.6"/>'
        '<dgm:constr type="w" for="ch" forName="sibTrans" refType="w" refFor="ch" refForName="node" fact="0.4"/>'
        '<dgm:constr type="h" for="ch" forName="sibTrans" refType="h" refFor="ch" refForName="node" fact="0.5"/>'
        '<dgm:constr type="primFontSz" for="ch" forName="node" op="equ" val="65"/>'
        '<dgm:constr type="primFontSz" for="des" forName="connectorText" op="equ" val="55"/>'
        '<dgm:constr type="primFontSz" for="des" forName="connectorText" refType="primFontSz" '
        'refFor="ch" refForName="node" op="lte" fact="0.8"/>'
        '</dgm:constrLst><dgm:ruleLst/>'
        '<dgm:forEach name="Name4" axis="ch" ptType="node">'
        '<dgm:layoutNode name="node"><dgm:varLst><dgm:bulletEnabled val="1"/></dgm:varLst>'
        '<dgm:alg type="tx"/><dgm:shape type="roundRect" r:blip=""><dgm:adjLst>'
        '<dgm:adj idx="1" val="0.1"/></dgm:adjLst></dgm:shape>'
        '<dgm:presOf axis="desOrSelf" ptType="node"/>'
        '<dgm:constrLst><dgm:constr type="tMarg" refType="primFontSz" fact="0.3"/>'
        '<dgm:constr type="bMarg" refType="primFontSz" fact="0.3"/>'
        '<dgm:constr type="lMarg" refType="primFontSz" fact="0.3"/>'
        '<dgm:constr type="rMarg" refType="primFontSz" fact="0.3"/></dgm:constrLst>'
        '<dgm:ruleLst><dgm:rule type="primFontSz" val="5" fact="NaN" max="NaN"/></dgm:ruleLst>'
        '</dgm:layoutNode>'
        '<dgm:forEach name="Name5" axis="followSib" ptType="sibTrans" cnt="1">'
        '<dgm:layoutNode name="sibTrans"><dgm:alg type="conn"/>'
        '<dgm:shape type="conn" r:blip=""><dgm:adjLst/></dgm:shape><dgm:presOf axis="self"/>'
        '<dgm:constrLst><dgm:constr type="h" refType="w" fact="0.62"/><dgm:constr type="connDist"/>'
        '<dgm:constr type="begPad" refType="connDist" fact="0.25"/>'
        '<dgm:constr type="endPad" refType="connDist" fact="0.22"/></dgm:constrLst><dgm:ruleLst/>'
        '<dgm:forEach name="Name6" axis="self" ptType="sibTrans">'
        '<dgm:layoutNode name="connectorText"><dgm:alg type="tx"><dgm:param type="autoTxRot" val="grav"/>'
        '</dgm:alg><dgm:shape type="conn" r:blip="" hideGeom="1"><dgm:adjLst/></dgm:shape>'
        '<dgm:presOf axis="self"/><dgm:constrLst><dgm:constr type="lMarg"/><dgm:constr type="rMarg"/>'
        '<dgm:constr type="tMarg"/><dgm:constr type="bMarg"/></dgm:constrLst><dgm:ruleLst/>'
        '</dgm:layoutNode></dgm:forEach></dgm:layoutNode></dgm:forEach></dgm:forEach>'
        '</dgm:layoutNode>') % (_samp(3), _samp(2), _samp(5))


def _hier_level(lvl, bg_lbl, fg_lbl):
    """composite (background + text) for one level of the hierarchy layout."""
    s = '' if lvl == 1 else str(lvl)
    return (
        '<dgm:layoutNode name="composite%s"><dgm:alg type="composite"/>'
        '<dgm:shape r:blip=""><dgm:adjLst/></dgm:shape><dgm:presOf/>'
        '<dgm:constrLst><dgm:constr type="w" refType="h" fact="1.5"/>'
        '<dgm:constr type="l" for="ch" forName="background%s"/>'
        '<dgm:constr type="t" for="ch" forName="background%s"/>'
        '<dgm:constr type="w" for="ch" forName="background%s" refType="w" fact="0.9"/>'
        '<dgm:constr type="h" for="ch" forName="background%s" refType="h" fact="0.9"/>'
        '<dgm:constr type="l" for="ch" forName="text%s" refType="w" fact="0.1"/>'
        '<dgm:constr type="t" for="ch" forName="text%s" refType="h" fact="0.1"/>'
        '<dgm:constr type="w" for="ch" forName="text%s" refType="w" fact="0.9"/>'
        '<dgm:constr type="h" for="ch" forName="text%s" refType="h" fact="0.9"/>'
        '</dgm:constrLst><dgm:ruleLst/>'
        '<dgm:layoutNode name="background%s" styleLbl="%s"><dgm:alg type="sp"/>'
        '<dgm:shape type="roundRect" r:blip=""><dgm:adjLst><dgm:adj idx="1" val="0.1"/></dgm:adjLst>'
        '</dgm:shape><dgm:presOf/><dgm:constrLst/><dgm:ruleLst/></dgm:layoutNode>'
        '<dgm:layoutNode name="text%s" styleLbl="%s"><dgm:varLst><dgm:chPref val="3"/></dgm:varLst>'
        '<dgm:alg type="tx"/><dgm:shape type="roundRect" r:blip=""><dgm:adjLst>'
        '<dgm:adj idx="1" val="0.1"/></dgm:adjLst></dgm:shape><dgm:presOf axis="desOrSelf" ptType="node"/>'
        '<dgm:constrLst><dgm:constr type="tMarg" refType="primFontSz" fact="0.3"/>'
        '<dgm:constr type="bMarg" refType="primFontSz" fact="0.3"/>'
        '<dgm:constr type="lMarg" refType="primFontSz" fact="0.3"/>'
        '<dgm:constr type="rMarg" refType="primFontSz" fact="0.3"/></dgm:constrLst>'
        '<dgm:ruleLst><dgm:rule type="primFontSz" val="5" fact="NaN" max="NaN"/></dgm:ruleLst>'
        '</dgm:layoutNode></dgm:layoutNode>') % ((s,) * 10 + (bg_lbl, s, fg_lbl))


def _layout_hierarchy1():
    samp = ('<dgm:dataModel><dgm:ptLst><dgm:pt modelId="0" type="doc"/>'
            '<dgm:pt modelId="1"><dgm:prSet phldr="1"/></dgm:pt>'
            '<dgm:pt modelId="2"><dgm:prSet phldr="1"/></dgm:pt>'
            '<dgm:pt modelId="3"><dgm:prSet phldr="1"/></dgm:pt>'
            '<dgm:pt modelId="4"><dgm:prSet phldr="1"/></dgm:pt></dgm:ptLst><dgm:cxnLst>'
            '<dgm:cxn modelId="5" srcId="0" destId="1" srcOrd="0" destOrd="0"/>'
            '<dgm:cxn modelId="6" srcId="1" destId="2" srcOrd="0" destOrd="0"/>'
            '<dgm:cxn modelId="7" srcId="1" destId="3" srcOrd="1" destOrd="0"/>'
            '<dgm:cxn modelId="8" srcId="1" destId="4" srcOrd="2" destOrd="0"/>'
            '</dgm:cxnLst><dgm:bg/><dgm:whole/></dgm:dataModel>')
    conn = ('<dgm:forEach name="Name%s" axis="self" ptType="parTrans">'
            '<dgm:layoutNode name="Name%s"><dgm:alg type="conn"><dgm:param type="dim" val="1D"/>'
            '<dgm:param type="endSty" val="noArr"/><dgm:param type="begPts" val="bCtr"/>'
            '<dgm:param type="endPts" val="tCtr"/></dgm:alg>'
            '<dgm:shape type="conn" r:blip=""><dgm:adjLst/></dgm:shape><dgm:presOf axis="self"/>'
            '<dgm:constrLst><dgm:constr type="begPad"/><dgm:constr type="endPad"/></dgm:constrLst>'
            '<dgm:ruleLst/></dgm:layoutNode></dgm:forEach>')
    return (
        '<dgm:title val=""/><dgm:desc val=""/>'
        '<dgm:catLst><dgm:cat type="hierarchy" pri="2000"/></dgm:catLst>'
        '<dgm:sampData>%s</dgm:sampData><dgm:styleData>%s</dgm:styleData><dgm:clrData>%s</dgm:clrData>'
        '<dgm:layoutNode name="hierChild1">'
        '<dgm:varLst><dgm:orgChart val="1"/><dgm:chPref val="1"/><dgm:dir/>'
        '<dgm:animOne val="branch"/><dgm:animLvl val="lvl"/><dgm:resizeHandles/></dgm:varLst>'
        '<dgm:choose name="Name1"><dgm:if name="Name2" func="var" arg="dir" op="equ" val="norm">'
        '<dgm:alg type="hierChild"><dgm:param type="linDir" val="fromL"/></dgm:alg></dgm:if>'
        '<dgm:else name="Name3"><dgm:alg type="hierChild"><dgm:param type="linDir" val="fromR"/>'
        '</dgm:alg></dgm:else></dgm:choose>'
        '<dgm:shape r:blip=""><dgm:adjLst/></dgm:shape><dgm:presOf/>'
        '<dgm:constrLst>'
        '<dgm:constr type="primFontSz" for="des" ptType="node" op="equ" val="65"/>'
        '<dgm:constr type="w" for="des" forName="composite" refType="w"/>'
        '<dgm:constr type="h" for="des" forName="composite" refType="w" refFor="des" refForName="composite" fact="0.667"/>'
        '<dgm:constr type="w" for="des" forName="composite2" refType="w" refFor="des" refForName="composite"/>'
        '<dgm:constr type="h" for="des" forName="composite2" refType="h" refFor="des" refForName="composite"/>'
        '<dgm:constr type="sp" for="des" forName="hierChild2" refType="w" refFor="des" refForName="composite" fact="0.1"/>'
        '<dgm:constr type="sp" for="des" forName="hierChild3" refType="w" refFor="des" refForName="composite" fact="0.1"/>'
        '<dgm:constr type="sibSp" for="des" forName="hierChild2" refType="w" refFor="des" refForName="composite" fact="0.15"/>'
        '<dgm:constr type="sibSp" for="des" forName="hierChild3" refType="w" refFor="des" refForName="composite" fact="0.15"/>'
        '<dgm:constr type="sp" for="des" forName="hierRoot1" refType="h" refFor="des" refForName="composite" fact="0.4"/>'
        '<dgm:constr type="sp" for="des" forName="hierRoot2" refType="h" refFor="des" refForName="composite" fact="0.4"/>'
        '</dgm:constrLst><dgm:ruleLst/>'
        '<dgm:forEach name="Name4" axis="ch"><dgm:forEach name="Name5" axis="self" ptType="node">'
        '<dgm:layoutNode name="hierRoot1"><dgm:alg type="hierRoot"/>'
        '<dgm:shape r:blip=""><dgm:adjLst/></dgm:shape><dgm:presOf/>'
        '<dgm:constrLst><dgm:constr type="alignOff" for="ch" forName="hierChild2"/></dgm:constrLst>'
        '<dgm:ruleLst/>%s'
        '<dgm:layoutNode name="hierChild2"><dgm:alg type="hierChild"/>'
        '<dgm:shape r:blip=""><dgm:adjLst/></dgm:shape><dgm:presOf/><dgm:constrLst/><dgm:ruleLst/>'
        '<dgm:forEach name="Repeat" axis="ch">%s'
        '<dgm:forEach name="Name8" axis="self" ptType="node">'
        '<dgm:layoutNode name="hierRoot2"><dgm:alg type="hierRoot"/>'
        '<dgm:shape r:blip=""><dgm:adjLst/></dgm:shape><dgm:presOf/>'
        '<dgm:constrLst><dgm:constr type="alignOff" for="ch" forName="hierChild3"/></dgm:constrLst>'
        '<dgm:ruleLst/>%s'
        '<dgm:layoutNode name="hierChild3"><dgm:alg type="hierChild"/>'
        '<dgm:shape r:blip=""><dgm:adjLst/></dgm:shape><dgm:presOf/><dgm:constrLst/><dgm:ruleLst/>'
        '<dgm:forEach name="Name9" ref="Repeat"/></dgm:layoutNode>'
        '</dgm:layoutNode></dgm:forEach></dgm:forEach></dgm:layoutNode>'
        '</dgm:layoutNode></dgm:forEach></dgm:forEach></dgm:layoutNode>'
    ) % (samp, samp, samp, _hier_level(1, 'node0', 'fgAcc0'),
         conn % ('6', '7'), _hier_level(2, 'node2', 'fgAcc2'))


def layout_xml(kind):
    body = {'process1': _layout_process1, 'hierarchy1': _layout_hierarchy1}[kind]()
    return (_XMLDECL + '<dgm:layoutDef xmlns:dgm="%s" xmlns:a="%s" xmlns:r="%s" '
            'uniqueId="urn:microsoft.com/office/officeart/2005/8/layout/%s">%s</dgm:layoutDef>'
            % (DGM_NS, A_NS, R_NS, kind, body))


# ---------------------------------------------------------------- data model
def _t(text):
    if text is None:
        return ('<dgm:t><a:bodyPr/><a:lstStyle/><a:p><a:endParaRPr lang="zh-CN" altLang="en-US"/>'
                '</a:p></dgm:t>')
    return ('<dgm:t><a:bodyPr/><a:lstStyle/><a:p><a:r><a:rPr lang="zh-CN" altLang="en-US"/>'
            '<a:t>%s</a:t></a:r><a:endParaRPr lang="zh-CN" altLang="en-US"/></a:p></dgm:t>'
            % xesc(text))


class _Node(object):
    def __init__(self, text, children=()):
        self.text = text
        self.children = [c if isinstance(c, _Node) else _Node(*c) if isinstance(c, tuple) else _Node(c)
                         for c in children]
        self.model_id = new_guid()


def data_xml(layout, qs, cs, roots, drawing_rel_id):
    cat = {'process1': 'process', 'hierarchy1': 'hierarchy'}[layout]
    doc_id = new_guid()
    pts = ['<dgm:pt modelId="%s" type="doc"><dgm:prSet loTypeId="urn:microsoft.com/office/officeart/'
           '2005/8/layout/%s" loCatId="%s" qsTypeId="urn:microsoft.com/office/officeart/2005/8/'
           'quickstyle/%s" qsCatId="simple" csTypeId="urn:microsoft.com/office/officeart/2005/8/'
           'colors/%s" csCatId="%s" phldr="1"/><dgm:spPr/>%s</dgm:pt>'
           % (doc_id, layout, cat, qs, cs, 'colorful' if cs.startswith('colorful') else 'accent1',
              _t(None))]
    cxns = []

    def walk(parent_id, nodes):
        for i, n in enumerate(nodes):
            cxn, par, sib = new_guid(), new_guid(), new_guid()
            pts.append('<dgm:pt modelId="%s"><dgm:prSet phldrT="[文本]"/><dgm:spPr/>%s</dgm:pt>'
                       % (n.model_id, _t(n.text)))
            pts.append('<dgm:pt modelId="%s" type="parTrans" cxnId="%s"><dgm:prSet/><dgm:spPr/>%s</dgm:pt>'
                       % (par, cxn, _t(None)))
            pts.append('<dgm:pt modelId="%s" type="sibTrans" cxnId="%s"><dgm:prSet/><dgm:spPr/>%s</dgm:pt>'
                       % (sib, cxn, _t(None)))
            cxns.append('<dgm:cxn modelId="%s" srcId="%s" destId="%s" srcOrd="%d" destOrd="0" '
                        'parTransId="%s" sibTransId="%s"/>' % (cxn, parent_id, n.model_id, i, par, sib))
            walk(n.model_id, n.children)

    walk(doc_id, roots)
    return (_XMLDECL + '<dgm:dataModel xmlns:dgm="%s" xmlns:a="%s" xmlns:r="%s"><dgm:ptLst>%s'
            '</dgm:ptLst><dgm:cxnLst>%s</dgm:cxnLst><dgm:bg/><dgm:whole/><dgm:extLst>'
            '<a:ext uri="http://schemas.microsoft.com/office/drawing/2008/diagram">'
            '<dsp:dataModelExt xmlns:dsp="%s" relId="%s" '
            'minVer="http://schemas.openxmlformats.org/drawingml/2006/diagram"/></a:ext>'
            '</dgm:extLst></dgm:dataModel>') % (DGM_NS, A_NS, R_NS, ''.join(pts), ''.join(cxns),
                                                 DSP_NS, drawing_rel_id)


# ---------------------------------------------------------------- drawing part
def _char_w(ch):
    if ord(ch) > 0x2E80:
        return 1.0
    if ch == ' ':
        return 0.3
    return 0.55


def _wrap_lines(text, avail):
    """Number of lines `text` needs when each line holds `avail` em
    (CJK characters may break anywhere, Latin words at spaces)."""
    lines, cur = 1, 0.0
    tokens = []
    word = ''
    for ch in text:
        if ord(ch) > 0x2E80 or ch == ' ':
            if word:
                tokens.append(word)
                word = ''
            tokens.append(ch)
        else:
            word += ch
    if word:
        tokens.append(word)
    for tok in tokens:
        w = sum(_char_w(c) for c in tok)
        if cur + w > avail + 1e-9 and cur > 0:
            lines += 1
            cur = 0.0 if tok == ' ' else w
        else:
            cur += w
        if w > avail + 1e-9:
            return 99
    return lines


def _fit_font(texts, w, h, maxpt=65):
    """One font size (pt) that fits every text inside a w x h EMU box (with
    the 0.3*size margins SmartArt uses), like SmartArt's shared primFontSz."""
    wpt, hpt = w / 12700.0, h / 12700.0
    for size in range(maxpt, 4, -1):
        m = 0.3 * size
        avail_w, avail_h = wpt - 2 * m, hpt - 2 * m
        if avail_w <= 0 or avail_h <= 0:
            continue
        ok = True
        for t in texts:
            lines = _wrap_lines(t, avail_w / (size * 1.1))
            if lines * size * 1.2 > avail_h:
                ok = False
                break
        if ok:
            return size
    return 5


def _dsp_sp(model_id, x, y, cx, cy, geom, fill, line, text=None, font_pt=None, font_clr='lt1',
            eff=0, ln_idx=2, fill_idx=1, adj=None, txt_box=None, line_w=12700):
    av = '<a:avLst/>' if adj is None else '<a:avLst><a:gd name="adj" fmla="val %d"/></a:avLst>' % adj
    fill_xml = '<a:noFill/>' if fill is None else '<a:solidFill>%s</a:solidFill>' % fill
    ln_xml = ('<a:ln><a:noFill/></a:ln>' if line is None else
              '<a:ln w="%d" cap="flat" cmpd="sng" algn="ctr"><a:solidFill>%s</a:solidFill>'
              '<a:prstDash val="solid"/></a:ln>' % (line_w, line))
    xml = ('<dsp:sp modelId="%s"><dsp:nvSpPr><dsp:cNvPr id="0" name=""/><dsp:cNvSpPr/></dsp:nvSpPr>'
           '<dsp:spPr><a:xfrm><a:off x="%d" y="%d"/><a:ext cx="%d" cy="%d"/></a:xfrm>'
           '<a:prstGeom prst="%s">%s</a:prstGeom>%s%s%s</dsp:spPr>'
           '<dsp:style><a:lnRef idx="%d"><a:scrgbClr r="0" g="0" b="0"/></a:lnRef>'
           '<a:fillRef idx="%d"><a:scrgbClr r="0" g="0" b="0"/></a:fillRef>'
           '<a:effectRef idx="%d"><a:scrgbClr r="0" g="0" b="0"/></a:effectRef>'
           '<a:fontRef idx="minor"><a:schemeClr val="%s"/></a:fontRef></dsp:style>'
           % (model_id, x, y, cx, cy, geom, av, fill_xml, ln_xml,
              '<a:effectLst/>' if not eff else '', ln_idx, fill_idx, eff, font_clr))
    if text is not None:
        ins = int(font_pt * 0.3 * 12700)
        xml += ('<dsp:txBody><a:bodyPr spcFirstLastPara="0" vert="horz" wrap="square" lIns="%d" '
                'tIns="%d" rIns="%d" bIns="%d" numCol="1" spcCol="1270" anchor="ctr" anchorCtr="0">'
                '<a:noAutofit/></a:bodyPr><a:lstStyle/><a:p><a:pPr marL="0" lvl="0" indent="0" '
                'algn="ctr" defTabSz="%d"><a:lnSpc><a:spcPct val="90000"/></a:lnSpc><a:spcBef>'
                '<a:spcPct val="0"/></a:spcBef><a:spcAft><a:spcPct val="35000"/></a:spcAft></a:pPr>'
                '<a:r><a:rPr lang="zh-CN" altLang="en-US" sz="%d" kern="1200"><a:solidFill>'
                '<a:schemeClr val="%s"/></a:solidFill></a:rPr><a:t>%s</a:t></a:r>'
                '</a:p></dsp:txBody>') % (ins, ins, ins, ins, font_pt * 44450,
                                          font_pt * 100, font_clr, xesc(text))
        bx = txt_box or (x, y, cx, cy)
        xml += '<dsp:txXfrm><a:off x="%d" y="%d"/><a:ext cx="%d" cy="%d"/></dsp:txXfrm>' % bx
    return xml + '</dsp:sp>'


def _node_fill(cs, i):
    if cs == 'colorful1':
        return _clr('accent%d' % (2 + i % 5))
    return _clr('accent1')


def drawing_process1(nodes, W, H, cs, qs):
    n = len(nodes)
    eff = {'simple1': 0, 'simple2': 0, 'simple3': 1, 'simple4': 2, 'simple5': 3}[qs]
    w = int(W / (n + 0.4 * (n - 1)))
    h = int(w * 0.6)
    if h > H:
        h = H
        w = int(h / 0.6)
    total = int(n * w + (n - 1) * 0.4 * w)
    x0 = (W - total) // 2
    y0 = (H - h) // 2
    gap = int(0.4 * w)
    aw = int(gap * 0.53)
    ah = int(aw * 1.24)
    font = _fit_font([nd.text for nd in nodes], w, h)
    out = []
    for i, nd in enumerate(nodes):
        x = x0 + i * (w + gap)
        fill = _node_fill(cs, i)
        out.append(_dsp_sp(nd.model_id, x, y0, w, h, 'roundRect', fill, _clr('lt1'), nd.text,
                           font, 'lt1', eff, adj=10000,
                           txt_box=(x + int(h * 0.029), y0 + int(h * 0.029),
                                    w - int(h * 0.058), h - int(h * 0.058))))
        if i < n - 1:
            ax = x + w + (gap - aw) // 2
            ay = y0 + (h - ah) // 2
            afill = _clr('accent1', '<a:tint val="60000"/>') if cs != 'colorful1' else \
                _clr('accent%d' % (2 + i % 5), '<a:tint val="60000"/>')
            out.append(_dsp_sp(new_guid(), ax, ay, aw, ah, 'rightArrow', afill, None,
                               eff=eff, ln_idx=0, fill_idx=1, adj=None))
    return out


def drawing_hierarchy1(roots, W, H, cs, qs):
    eff = {'simple1': 0, 'simple2': 0, 'simple3': 1, 'simple4': 2, 'simple5': 3}[qs]
    # levels
    levels = []

    def collect(nodes, d):
        if not nodes:
            return
        if len(levels) <= d:
            levels.append([])
        levels[d].extend(nodes)
        for nd in nodes:
            collect(nd.children, d + 1)
    collect(roots, 0)
    nlev = len(levels)
    maxw = max(len(l) for l in levels)
    # composite size: w, h = 0.667 w ; sibling gap 0.15 w ; level gap 0.4 h
    cw = min(W / (maxw + 0.15 * (maxw - 1)), H / (nlev * 0.667 + (nlev - 1) * 0.4 * 0.667))
    ch = cw * 0.667
    sib = 0.15 * cw
    vgap = 0.4 * ch
    total_h = nlev * ch + (nlev - 1) * vgap
    y0 = (H - total_h) / 2
    pos = {}
    # place leaves left-to-right, parents centred above their children
    counter = [0]
    leaf_total = maxw
    row_w = leaf_total * cw + (leaf_total - 1) * sib
    x0 = (W - row_w) / 2

    def place(nd, d):
        if nd.children:
            for c in nd.children:
                place(c, d + 1)
            xs = [pos[c.model_id][0] for c in nd.children]
            x = (min(xs) + max(xs)) / 2
        else:
            x = x0 + counter[0] * (cw + sib)
            counter[0] += 1
        pos[nd.model_id] = (x, y0 + d * (ch + vgap))
    for r in roots:
        place(r, 0)
    font = _fit_font([nd.text for l in levels for nd in l], cw * 0.9, ch * 0.9)
    out = []
    # connectors first (drawn under the boxes)

    def conns(nd):
        px, py = pos[nd.model_id]
        for c in nd.children:
            cx_, cy_ = pos[c.model_id]
            bx, by = px + cw * 0.55, py + ch          # bottom centre of parent text box
            ex, ey = cx_ + cw * 0.55, cy_ + ch * 0.1   # top centre of child text box
            x, y = min(bx, ex), by
            wdt, hgt = abs(ex - bx), ey - by
            flip = ' flipH="1"' if ex < bx else ''
            out.append(('<dsp:sp modelId="%s"><dsp:nvSpPr><dsp:cNvPr id="0" name=""/><dsp:cNvSpPr/>'
                        '</dsp:nvSpPr><dsp:spPr><a:xfrm%s><a:off x="%d" y="%d"/><a:ext cx="%d" cy="%d"/>'
                        '</a:xfrm><a:custGeom><a:avLst/><a:gdLst/><a:ahLst/><a:cxnLst/>'
                        '<a:rect l="0" t="0" r="0" b="0"/><a:pathLst><a:path w="%d" h="%d">'
                        '<a:moveTo><a:pt x="0" y="0"/></a:moveTo><a:lnTo><a:pt x="%d" y="%d"/></a:lnTo>'
                        '</a:path></a:pathLst></a:custGeom><a:noFill/><a:ln w="12700" cap="flat" '
                        'cmpd="sng" algn="ctr"><a:solidFill>%s</a:solidFill><a:prstDash val="solid"/>'
                        '</a:ln><a:effectLst/></dsp:spPr><dsp:style><a:lnRef idx="1"><a:scrgbClr r="0" '
                        'g="0" b="0"/></a:lnRef><a:fillRef idx="0"><a:scrgbClr r="0" g="0" b="0"/>'
                        '</a:fillRef><a:effectRef idx="0"><a:scrgbClr r="0" g="0" b="0"/></a:effectRef>'
                        '<a:fontRef idx="minor"/></dsp:style></dsp:sp>')
                       % (new_guid(), flip, x, y, max(wdt, 1), max(hgt, 1), max(wdt, 1), max(hgt, 1),
                          max(wdt, 1), max(hgt, 1), _clr('accent1', '<a:shade val="60000"/>')))
            conns(c)
    for r in roots:
        conns(r)
    k = 0
    for d, lvl in enumerate(levels):
        for nd in lvl:
            x, y = pos[nd.model_id]
            bw, bh = cw * 0.9, ch * 0.9
            fill = _node_fill(cs, k) if d > 0 else _clr('accent1')
            k += 1
            out.append(_dsp_sp(new_guid(), int(x), int(y), int(bw), int(bh), 'roundRect', fill,
                               _clr('lt1'), eff=eff, adj=10000))
            tx, ty = x + cw * 0.1, y + ch * 0.1
            out.append(_dsp_sp(nd.model_id, int(tx), int(ty), int(bw), int(bh), 'roundRect',
                               _clr('lt1', '<a:alpha val="90000"/><a:hueOff val="0"/>'),
                               fill, nd.text, font, 'tx1', eff, adj=10000,
                               txt_box=(int(tx + bh * 0.029), int(ty + bh * 0.029),
                                        int(bw - bh * 0.058), int(bh - bh * 0.058))))
    return out


def drawing_xml(layout, roots, W, H, cs, qs):
    if layout == 'process1':
        shapes = drawing_process1(roots, W, H, cs, qs)
    else:
        shapes = drawing_hierarchy1(roots, W, H, cs, qs)
    return (_XMLDECL + '<dsp:drawing xmlns:dgm="%s" xmlns:dsp="%s" xmlns:a="%s">'
            '<dsp:spTree><dsp:nvGrpSpPr><dsp:cNvPr id="0" name=""/><dsp:cNvGrpSpPr/></dsp:nvGrpSpPr>'
            '<dsp:grpSpPr/>%s</dsp:spTree></dsp:drawing>') % (DGM_NS, DSP_NS, A_NS, ''.join(shapes))


def _next_partname(package, tmpl):
    existing = set(str(p.partname) for p in package.iter_parts())
    i = 1
    while tmpl % i in existing:
        i += 1
    return PackURI(tmpl % i)


def add_smartart(slide, layout, items, x, y, cx, cy, qs='simple1', cs='accent1_2', name=None):
    """items: list of texts, or of (text, [children]) tuples for a hierarchy."""
    roots = [it if isinstance(it, _Node) else _Node(*it) if isinstance(it, tuple) else _Node(it)
             for it in items]
    part = slide.part
    package = part.package
    # the partnames must be unique: pick the next free number for all five
    i = 1
    existing = set(str(p.partname) for p in package.iter_parts())
    while '/ppt/diagrams/data%d.xml' % i in existing:
        i += 1
    dr_part = Part(PackURI('/ppt/diagrams/drawing%d.xml' % i), CT_DRAWING,
                   package, drawing_xml(layout, roots, cx, cy, cs, qs).encode('utf-8'))
    rid_lo = part.relate_to(Part(PackURI('/ppt/diagrams/layout%d.xml' % i), CT_LAYOUT, package,
                                 layout_xml(layout).encode('utf-8')), RT_LAYOUT)
    rid_qs = part.relate_to(Part(PackURI('/ppt/diagrams/quickStyle%d.xml' % i), CT_STYLE, package,
                                 quickstyle_xml(qs).encode('utf-8')), RT_STYLE)
    rid_cs = part.relate_to(Part(PackURI('/ppt/diagrams/colors%d.xml' % i), CT_COLORS, package,
                                 colors_xml(cs).encode('utf-8')), RT_COLORS)
    rid_dr = part.relate_to(dr_part, RT_DRAWING)
    data_part = Part(PackURI('/ppt/diagrams/data%d.xml' % i), CT_DATA, package,
                     data_xml(layout, qs, cs, roots, rid_dr).encode('utf-8'))
    rid_dm = part.relate_to(data_part, RT_DATA)
    sid = next_shape_id(slide)
    name = name or '图示 %d' % (sid - 1)
    gf = frag('<p:graphicFrame><p:nvGraphicFramePr><p:cNvPr id="%d" name="%s"/>'
              '<p:cNvGraphicFramePr/><p:nvPr/></p:nvGraphicFramePr>'
              '<p:xfrm><a:off x="%d" y="%d"/><a:ext cx="%d" cy="%d"/></p:xfrm>'
              '<a:graphic><a:graphicData uri="http://schemas.openxmlformats.org/drawingml/2006/diagram">'
              '<dgm:relIds xmlns:dgm="%s" r:dm="%s" r:lo="%s" r:qs="%s" r:cs="%s"/>'
              '</a:graphicData></a:graphic></p:graphicFrame>'
              % (sid, xesc(name), x, y, cx, cy, DGM_NS, rid_dm, rid_lo, rid_qs, rid_cs))
    slide.shapes._spTree.append(gf)
    return gf



def style_defrpr(master, style_tag, lvl_tag):
    txStyles = master._element.find(qn('p:txStyles'))
    st = txStyles.find(qn(style_tag))
    lvl = st.find(qn(lvl_tag))
    if lvl is None:
        lvl = etree.SubElement(st, qn(lvl_tag))
    d = lvl.find(qn('a:defRPr'))
    if d is None:
        d = etree.SubElement(lvl, qn('a:defRPr'))
    return d


def main():
    prs = Presentation('input.pptx')
    slides = list(prs.slides)
    master = prs.slide_masters[0]

    # ---- step 1 ---------------------------------------------------------------
    t = style_defrpr(master, 'p:titleStyle', 'a:lvl1pPr')
    t.set('sz', '4000')
    set_rpr_solid_color(t, 'C00000')
    set_ea_font(t, '华文新魏')
    b = style_defrpr(master, 'p:bodyStyle', 'a:lvl1pPr')
    set_ea_font(b, '幼圆')
    f = master.background.fill
    f.solid()
    f.fore_color.rgb = RGBColor(253, 246, 227)

    # ---- step 2 ---------------------------------------------------------------
    s1 = slides[0]
    cSld = s1._element.find(qn('p:cSld'))
    old = cSld.find(qn('p:bg'))
    if old is not None:
        cSld.remove(old)
    bg = frag('<p:bg><p:bgPr><a:gradFill flip="none" rotWithShape="1"><a:gsLst>'
              '<a:gs pos="0"><a:srgbClr val="FFF9EC"/></a:gs>'
              '<a:gs pos="100000"><a:srgbClr val="E6C58F"/></a:gs>'
              '</a:gsLst><a:lin ang="5400000" scaled="1"/><a:tileRect/></a:gradFill>'
              '<a:effectLst/></p:bgPr></p:bg>')
    cSld.insert(0, bg)

    # ---- step 3 ---------------------------------------------------------------
    s3 = slides[2]
    t3 = get_title_shape(s3)
    x = t3.left
    y = t3.top + t3.height + Cm(0.5)
    cx = t3.width
    cy = prs.slide_height - y - Cm(1.6)
    add_smartart(s3, 'hierarchy1',
                 [('江南丝绸博物馆', ['一楼 丝绸历史厅', '二楼 织造工艺厅', '三楼 当代设计厅'])],
                 x, y, cx, cy, qs='simple1', cs='accent1_2')

    # ---- step 4 ---------------------------------------------------------------
    s4 = slides[3]
    title4 = get_title_shape(s4)
    body4 = get_body_shape(s4)
    pic4 = [sh for sh in s4.shapes if sh.shape_type == 13][0]
    n_par = len([p for p in body4.text_frame.paragraphs if p.text.strip()])
    tl = Timeline(s4)
    tl.add('appear', title4.shape_id, start='click')
    tl.add('fly', body4.shape_id, start=('after', 'after'), dir='l',
           paras=list(range(n_par)))
    tl.add('zoom', pic4.shape_id, start='with', kind='pic')
    tl.add('pulse', pic4.shape_id, start='click', kind='pic')
    tl.add('fadeout', pic4.shape_id, start='click', kind='pic')
    tl.apply()

    # ---- step 5 ---------------------------------------------------------------
    for s in slides:
        set_transition(s, '<p14:vortex/>', 2000, fallback_xml='<p:fade/>')

    # ---- step 6 ---------------------------------------------------------------
    date_txt, footer = '2026年5月18日', '江南丝绸博物馆'
    set_layout_hf_text(prs, footer_text=footer, date_text=date_txt)
    for s in slides:
        if s.slide_layout.name == 'Title Slide':
            add_hf_placeholders(s, None, None, slide_number=False)
        else:
            add_hf_placeholders(s, footer_text=footer, date_text=date_txt, slide_number=True)

    # ---- step 7 ---------------------------------------------------------------
    hide_slide(slides[4])

    # ---- step 8 ---------------------------------------------------------------
    set_show_type(prs, 'kiosk', loop=True)

    # ---- step 9 ---------------------------------------------------------------
    set_notes(slides[1], '提醒游客禁止使用闪光灯拍照。')

    prs.save('output.pptx')


if __name__ == '__main__':
    main()
