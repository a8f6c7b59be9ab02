# Independent solution written from the prompt alone (ppt-l2-museum, text-only)
# Step 1: slide master: p:titleStyle defRPr -> ea 华文新魏, sz 4000, solid C00000 (standard 深红);
#         p:bodyStyle lvl1pPr defRPr -> ea 幼圆; master p:bg solid FDF6E3 = RGB(253,246,227).
# Step 2: slide 1 gets its own p:bg with a 2-stop linear gradient (FDF6E3 -> E8C9A0, 90 degrees).
# Step 3: slide 3: real SmartArt graphicFrame (data/layout/quickStyle/colors/drawing parts) with layout
#         Hierarchy (hierarchy1): root 江南丝绸博物馆 with children 一楼 丝绸历史厅 / 二楼 织造工艺厅 / 三楼 当代设计厅.
# Step 4: slide 4 p:timing main sequence:
#         click 1: title Appear (clickEffect); body Fly In from left by paragraph (afterEffect each);
#                  picture Zoom (withEffect, together with the last body paragraph);
#         click 2: picture Pulse emphasis (presetID 26); click 3: picture Fade exit (presetID 10, exit).
# Step 5: every slide: p14:vortex transition, p14:dur="2000" (mc:AlternateContent, fade fallback).
# Step 6: slides 2-5 (non-title) get dt (fixed text 2026年5月18日), ftr (江南丝绸博物馆) and sldNum placeholders.
# Step 7: slide 5 show="0".
# Step 8: presProps showPr with <p:kiosk/> (browsed at a kiosk, full screen).
# Step 9: slide 2 notes "提醒游客禁止使用闪光灯拍照。".
import uuid

from lxml import etree
from pptx import Presentation
from pptx.dml.color import RGBColor
from pptx.util import Pt, Emu
from pptx.oxml.ns import qn
from pptx.opc.package import Part
from pptx.opc.packuri import PackURI

NS_P = "http://schemas.openxmlformats.org/presentationml/2006/main"
NS_A = "http://schemas.openxmlformats.org/drawingml/2006/main"
NS_R = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"
NS_P14 = "http://schemas.microsoft.com/office/powerpoint/2010/main"
NS_MC = "http://schemas.openxmlformats.org/markup-compatibility/2006"
NS_DGM = "http://schemas.openxmlformats.org/drawingml/2006/diagram"
NS_DSP = "http://schemas.microsoft.com/office/drawing/2008/diagram"

TITLE_CLR = "C00000"
MASTER_BG = "FDF6E3"
DATE_TEXT = "2026年5月18日"
FOOTER = "江南丝绸博物馆"


def E(xml):
    return etree.fromstring(xml)


def ph_shape(slide, idx):
    for sh in slide.shapes:
        if sh.is_placeholder and sh.placeholder_format.idx == idx:
            return sh
    return None


def next_id(slide):
    ids = [int(x) for x in slide._element.xpath("//p:cNvPr/@id")]
    return max(ids + [1]) + 1


def set_ea(rpr, typeface):
    ea = rpr.find(qn("a:ea"))
    if ea is None:
        ea = etree.Element(qn("a:ea"))
        lat = rpr.find(qn("a:latin"))
        if lat is not None:
            lat.addnext(ea)
        else:
            nxt = None
            for tag in ("a:cs", "a:sym", "a:hlinkClick", "a:hlinkMouseOver", "a:rtl", "a:extLst"):
                nxt = rpr.find(qn(tag))
                if nxt is not None:
                    break
            if nxt is not None:
                nxt.addprevious(ea)
            else:
                rpr.append(ea)
    ea.set("typeface", typeface)


def set_solid(defrpr, hexclr):
    for child in list(defrpr):
        if child.tag in (qn("a:solidFill"), qn("a:noFill"), qn("a:gradFill")):
            defrpr.remove(child)
    fill = E('<a:solidFill xmlns:a="%s"><a:srgbClr val="%s"/></a:solidFill>' % (NS_A, hexclr))
    ln = defrpr.find(qn("a:ln"))
    if ln is not None:
        ln.addnext(fill)
    else:
        defrpr.insert(0, fill)


prs = Presentation("input.pptx")
slides = list(prs.slides)
SW, SH = prs.slide_width, prs.slide_height

LO = "urn:microsoft.com/office/officeart/2005/8/layout/hierarchy1"
QS = "urn:microsoft.com/office/officeart/2005/8/quickstyle/simple1"
CS = "urn:microsoft.com/office/officeart/2005/8/colors/accent1_2"


def gid():
    return "{" + str(uuid.uuid4()).upper() + "}"


def esc(t):
    return t.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


EMPTY_T = '<dgm:t><a:bodyPr/><a:lstStyle/><a:p><a:endParaRPr lang="zh-CN" altLang="en-US"/></a:p></dgm:t>'


def _style_lbl(name, ln_idx, fill_idx, eff_idx, font_clr="lt1"):
    return ('<dgm:styleLbl name="%s"><dgm:scene3d><a:camera prst="orthographicFront"/>'
            '<a:lightRig rig="threePt" dir="t"/></dgm:scene3d><dgm:sp3d/><dgm:txPr/><dgm:style>'
            '<a:lnRef idx="%d"><a:scrgbClr r="0" g="0" b="0"/></a:lnRef>'
            '<a:fillRef idx="%d"><a:scrgbClr r="0" g="0" b="0"/></a:fillRef>'
            '<a:effectRef idx="%d"><a:scrgbClr r="0" g="0" b="0"/></a:effectRef>'
            '<a:fontRef idx="minor"><a:schemeClr val="%s"/></a:fontRef></dgm:style></dgm:styleLbl>'
            % (name, ln_idx, fill_idx, eff_idx, font_clr))


_qs_lbls = [
    ("node0", 2, 1, 0, "lt1"), ("lnNode1", 2, 1, 0, "lt1"), ("vennNode1", 2, 1, 0, "tx1"),
    ("alignNode1", 2, 1, 0, "lt1"), ("node1", 2, 1, 0, "lt1"), ("node2", 2, 1, 0, "lt1"),
    ("node3", 2, 1, 0, "lt1"), ("node4", 2, 1, 0, "lt1"), ("fgImgPlace1", 2, 1, 0, "lt1"),
    ("alignImgPlace1", 2, 1, 0, "lt1"), ("bgImgPlace1", 2, 1, 0, "lt1"), ("sibTrans2D1", 0, 1, 0, "lt1"),
    ("fgSibTrans2D1", 0, 1, 0, "lt1"), ("bgSibTrans2D1", 0, 1, 0, "lt1"), ("sibTrans1D1", 1, 0, 0, "tx1"),
    ("callout", 2, 1, 0, "tx1"), ("asst0", 2, 1, 0, "lt1"), ("asst1", 2, 1, 0, "lt1"),
    ("asst2", 2, 1, 0, "lt1"), ("asst3", 2, 1, 0, "lt1"), ("asst4", 2, 1, 0, "lt1"),
    ("parChTrans2D1", 2, 1, 0, "lt1"), ("parChTrans2D2", 2, 1, 0, "lt1"), ("parChTrans2D3", 2, 1, 0, "lt1"),
    ("parChTrans2D4", 2, 1, 0, "lt1"), ("parChTrans1D1", 2, 0, 0, "tx1"), ("parChTrans1D2", 2, 0, 0, "tx1"),
    ("parChTrans1D3", 2, 0, 0, "tx1"), ("parChTrans1D4", 2, 0, 0, "tx1"), ("fgAcc1", 1, 1, 0, "tx1"),
    ("conFgAcc1", 1, 1, 0, "tx1"), ("alignAcc1", 1, 1, 0, "tx1"), ("trAlignAcc1", 1, 1, 0, "tx1"),
    ("bgAcc1", 1, 1, 0, "tx1"), ("solidFgAcc1", 1, 1, 0, "tx1"), ("solidAlignAcc1", 1, 1, 0, "tx1"),
    ("solidBgAcc1", 1, 1, 0, "tx1"), ("fgAccFollowNode1", 0, 1, 0, "tx1"),
    ("alignAccFollowNode1", 0, 1, 0, "tx1"), ("bgAccFollowNode1", 0, 1, 0, "tx1"), ("fgAcc0", 1, 1, 0, "tx1"),
    ("fgAcc2", 1, 1, 0, "tx1"), ("fgAcc3", 1, 1, 0, "tx1"), ("fgAcc4", 1, 1, 0, "tx1"),
    ("bgShp", 0, 1, 0, "tx1"), ("dkBgShp", 2, 1, 0, "lt1"), ("trBgShp", 0, 1, 0, "lt1"),
    ("fgShp", 2, 1, 0, "lt1"), ("revTx", 0, 0, 0, "tx1"),
]
QS_XML = ('<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'
          '<dgm:styleDef xmlns:dgm="%s" xmlns:a="%s" uniqueId="%s"><dgm:title val=""/><dgm:desc val=""/>'
          '<dgm:catLst><dgm:cat type="simple" pri="10100"/></dgm:catLst>'
          '<dgm:scene3d><a:camera prst="orthographicFront"/><a:lightRig rig="threePt" dir="t"/></dgm:scene3d>'
          '<dgm:styleLbl name="node0"><dgm:scene3d><a:camera prst="orthographicFront"/>'
          '<a:lightRig rig="threePt" dir="t"/></dgm:scene3d><dgm:sp3d/><dgm:txPr/><dgm:style>'
          '<a:lnRef idx="2"><a:scrgbClr r="0" g="0" b="0"/></a:lnRef><a:fillRef idx="1"><a:scrgbClr r="0" g="0" b="0"/>'
          '</a:fillRef><a:effectRef idx="0"><a:scrgbClr r="0" g="0" b="0"/></a:effectRef><a:fontRef idx="minor">'
          '<a:schemeClr val="lt1"/></a:fontRef></dgm:style></dgm:styleLbl>'
          % (NS_DGM, NS_A, QS)
          + "".join(_style_lbl(*x) for x in _qs_lbls[1:]) + '</dgm:styleDef>')


def _clr_lbl(name, fills, lines, tx="lt1", meth="repeat"):
    def lst(tag, clrs):
        if not clrs:
            return '<dgm:%s meth="%s"/>' % (tag, meth)
        return '<dgm:%s meth="%s">%s</dgm:%s>' % (tag, meth, "".join(clrs), tag)
    return ('<dgm:styleLbl name="%s">%s%s<dgm:effectClrLst/><dgm:txLinClrLst/>'
            '<dgm:txFillClrLst meth="repeat"><a:schemeClr val="%s"/></dgm:txFillClrLst><dgm:txEffectClrLst/>'
            '</dgm:styleLbl>' % (name, lst("fillClrLst", fills), lst("linClrLst", lines), tx))


def sc(v, mods=""):
    return '<a:schemeClr val="%s">%s</a:schemeClr>' % (v, mods) if mods else '<a:schemeClr val="%s"/>' % v


ACC = ["accent1"]
_cl = [
    _clr_lbl("node0", [sc("accent1")], [sc("lt1")]),
    _clr_lbl("alignNode1", [sc(a) for a in ACC], [sc(a) for a in ACC]),
    _clr_lbl("node1", [sc(a) for a in ACC], [sc("lt1")]),
    _clr_lbl("lnNode1", [sc(a) for a in ACC], [sc("lt1")]),
    _clr_lbl("vennNode1", [sc(a, '<a:alpha val="50000"/>') for a in ACC], [sc("lt1")], "tx1"),
    _clr_lbl("node2", [sc("accent1")], [sc("lt1")]),
    _clr_lbl("node3", [sc("accent3")], [sc("lt1")]),
    _clr_lbl("node4", [sc("accent4")], [sc("lt1")]),
    _clr_lbl("fgImgPlace1", [sc(a, '<a:tint val="50000"/>') for a in ACC], [sc("lt1")]),
    _clr_lbl("alignImgPlace1", [sc(a, '<a:tint val="50000"/>') for a in ACC], [sc("lt1")]),
    _clr_lbl("bgImgPlace1", [sc(a, '<a:tint val="50000"/>') for a in ACC], [sc("lt1")]),
    _clr_lbl("sibTrans2D1", [sc(a, '<a:tint val="60000"/>') for a in ACC],
             [sc(a, '<a:tint val="60000"/>') for a in ACC]),
    _clr_lbl("fgSibTrans2D1", [sc(a, '<a:tint val="60000"/>') for a in ACC],
             [sc(a, '<a:tint val="60000"/>') for a in ACC]),
    _clr_lbl("bgSibTrans2D1", [sc(a, '<a:tint val="60000"/>') for a in ACC],
             [sc(a, '<a:tint val="60000"/>') for a in ACC]),
    _clr_lbl("sibTrans1D1", [sc(a) for a in ACC], [sc(a) for a in ACC], "tx1"),
    _clr_lbl("callout", [sc("accent1")], [sc("accent1", '<a:tint val="50000"/>')], "tx1"),
    _clr_lbl("asst0", [sc("accent1")], [sc("lt1")]),
    _clr_lbl("asst1", [sc("accent1")], [sc("lt1")]),
    _clr_lbl("parChTrans2D1", [sc("accent1")], [sc("lt1")]),
    _clr_lbl("parChTrans1D1", [sc("accent1")], [sc("accent1")], "tx1"),
    _clr_lbl("parChTrans1D2", [sc("accent1")], [sc("accent1", '<a:shade val="60000"/>')], "tx1"),
    _clr_lbl("parChTrans1D3", [sc("accent1")], [sc("accent1", '<a:shade val="80000"/>')], "tx1"),
    _clr_lbl("parChTrans1D4", [sc("accent1")], [sc("accent1", '<a:shade val="80000"/>')], "tx1"),
    _clr_lbl("fgAcc3", [sc("lt1", '<a:alpha val="90000"/>')], [sc("accent1")], "dk1"),
    _clr_lbl("fgAcc4", [sc("lt1", '<a:alpha val="90000"/>')], [sc("accent1")], "dk1"),
    _clr_lbl("fgAcc1", [sc("lt1", '<a:alpha val="90000"/>')], [sc(a) for a in ACC], "dk1"),
    _clr_lbl("conFgAcc1", [sc("lt1", '<a:alpha val="90000"/>')], [sc(a) for a in ACC], "dk1"),
    _clr_lbl("alignAcc1", [sc("lt1", '<a:alpha val="90000"/>')], [sc(a) for a in ACC], "dk1"),
    _clr_lbl("trAlignAcc1", [sc("lt1", '<a:alpha val="40000"/>')], [sc("accent1")], "dk1"),
    _clr_lbl("bgAcc1", [sc("lt1", '<a:alpha val="90000"/>')], [sc(a) for a in ACC], "dk1"),
    _clr_lbl("solidFgAcc1", [sc("lt1")], [sc(a) for a in ACC], "dk1"),
    _clr_lbl("solidAlignAcc1", [sc("lt1")], [sc(a) for a in ACC], "dk1"),
    _clr_lbl("solidBgAcc1", [sc("lt1")], [sc(a) for a in ACC], "dk1"),
    _clr_lbl("fgAccFollowNode1", [sc(a, '<a:tint val="40000"/><a:alpha val="90000"/>') for a in ACC],
             [sc(a, '<a:tint val="40000"/><a:alpha val="90000"/>') for a in ACC], "dk1"),
    _clr_lbl("alignAccFollowNode1", [sc(a, '<a:tint val="40000"/><a:alpha val="90000"/>') for a in ACC],
             [sc(a, '<a:tint val="40000"/><a:alpha val="90000"/>') for a in ACC], "dk1"),
    _clr_lbl("bgAccFollowNode1", [sc(a, '<a:tint val="40000"/><a:alpha val="90000"/>') for a in ACC],
             [sc(a, '<a:tint val="40000"/><a:alpha val="90000"/>') for a in ACC], "dk1"),
    _clr_lbl("fgAcc0", [sc("lt1", '<a:alpha val="90000"/>')], [sc("accent1")], "dk1"),
    _clr_lbl("fgAcc2", [sc("lt1", '<a:alpha val="90000"/>')], [sc("accent1")], "dk1"),
    _clr_lbl("bgShp", [sc("accent1", '<a:tint val="40000"/>')], [sc("accent1")], "dk1"),
    _clr_lbl("dkBgShp", [sc("accent1", '<a:shade val="90000"/>')], [sc("accent1")], "lt1"),
    _clr_lbl("trBgShp", [sc("accent1", '<a:tint val="50000"/><a:alpha val="40000"/>')], [sc("accent1")], "lt1"),
    _clr_lbl("fgShp", [sc("accent1", '<a:tint val="40000"/>')], [sc("lt1")], "dk1"),
    _clr_lbl("revTx", ['<a:schemeClr val="lt1"><a:alpha val="0"/></a:schemeClr>'],
             ['<a:schemeClr val="dk1"><a:alpha val="0"/></a:schemeClr>'], "tx1"),
]
CS_XML = ('<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'
          '<dgm:colorsDef xmlns:dgm="%s" xmlns:a="%s" uniqueId="%s"><dgm:title val=""/><dgm:desc val=""/>'
          '<dgm:catLst><dgm:cat type="accent1" pri="11200"/></dgm:catLst>' % (NS_DGM, NS_A, CS)
          + "".join(_cl) + '</dgm:colorsDef>')




def build_data_h(root_text, child_texts, drawing_rid):
    doc = gid()
    root = gid()
    kids = [gid() for _ in child_texts]
    cx_root = gid()
    cx_kids = [gid() for _ in child_texts]
    par_root, sib_root = gid(), gid()
    par_k = [gid() for _ in child_texts]
    sib_k = [gid() for _ in child_texts]
    P = {}
    for name in ("hierChild1", "hierRoot1", "composite", "background", "text", "hierChild2"):
        P[name] = gid()
    PK = []
    for _ in child_texts:
        PK.append({name: gid() for name in ("conn", "hierRoot2", "composite2", "background2", "text2", "hierChild3")})
    n = len(child_texts)

    def node_pt(mid, txt):
        return ('<dgm:pt modelId="%s"><dgm:prSet phldrT="[文本]"/><dgm:spPr/><dgm:t><a:bodyPr/><a:lstStyle/>'
                '<a:p><a:r><a:rPr lang="zh-CN" altLang="en-US"/><a:t>%s</a:t></a:r></a:p></dgm:t></dgm:pt>'
                % (mid, esc(txt)))

    def trans_pt(mid, typ, cxn):
        return ('<dgm:pt modelId="%s" type="%s" cxnId="%s"><dgm:prSet/><dgm:spPr/>%s</dgm:pt>'
                % (mid, typ, cxn, EMPTY_T))

    def pres_pt(mid, assoc, name, lbl=None, idx=0, cnt=0, lvars=""):
        attrs = 'presAssocID="%s" presName="%s"' % (assoc, name)
        if lbl:
            attrs += ' presStyleLbl="%s" presStyleIdx="%d" presStyleCnt="%d"' % (lbl, idx, cnt)
        else:
            attrs += ' presStyleCnt="0"'
        inner = ('<dgm:presLayoutVars>%s</dgm:presLayoutVars>' % lvars) if lvars else ""
        if inner:
            return '<dgm:pt modelId="%s" type="pres"><dgm:prSet %s>%s</dgm:prSet><dgm:spPr/></dgm:pt>' % (
                mid, attrs, inner)
        return '<dgm:pt modelId="%s" type="pres"><dgm:prSet %s/><dgm:spPr/></dgm:pt>' % (mid, attrs)

    pts = ['<dgm:pt modelId="%s" type="doc"><dgm:prSet loTypeId="%s" loCatId="hierarchy" qsTypeId="%s" '
           'qsCatId="simple" csTypeId="%s" csCatId="accent1" phldr="1"/><dgm:spPr/>%s</dgm:pt>'
           % (doc, LO, QS, CS, EMPTY_T)]
    pts.append(node_pt(root, root_text))
    pts.append(trans_pt(par_root, "parTrans", cx_root))
    pts.append(trans_pt(sib_root, "sibTrans", cx_root))
    for i, t in enumerate(child_texts):
        pts.append(node_pt(kids[i], t))
        pts.append(trans_pt(par_k[i], "parTrans", cx_kids[i]))
        pts.append(trans_pt(sib_k[i], "sibTrans", cx_kids[i]))
    pts.append(pres_pt(P["hierChild1"], doc, "hierChild1", lvars='<dgm:orgChart val="1"/><dgm:chPref val="1"/>'
                       '<dgm:dir/><dgm:animOne val="branch"/><dgm:animLvl val="lvl"/><dgm:resizeHandles/>'))
    pts.append(pres_pt(P["hierRoot1"], root, "hierRoot1"))
    pts.append(pres_pt(P["composite"], root, "composite"))
    pts.append(pres_pt(P["background"], root, "background", "node0", 0, 1))
    pts.append(pres_pt(P["text"], root, "text", "fgAcc0", 0, 1, lvars='<dgm:chPref val="3"/>'))
    pts.append(pres_pt(P["hierChild2"], root, "hierChild2"))
    for i in range(n):
        pk = PK[i]
        pts.append(pres_pt(pk["conn"], par_k[i], "Name10", "parChTrans1D2", i, n))
        pts.append(pres_pt(pk["hierRoot2"], kids[i], "hierRoot2"))
        pts.append(pres_pt(pk["composite2"], kids[i], "composite2"))
        pts.append(pres_pt(pk["background2"], kids[i], "background2", "node2", i, n))
        pts.append(pres_pt(pk["text2"], kids[i], "text2", "fgAcc2", i, n, lvars='<dgm:chPref val="3"/>'))
        pts.append(pres_pt(pk["hierChild3"], kids[i], "hierChild3"))

    cx = ['<dgm:cxn modelId="%s" srcId="%s" destId="%s" srcOrd="0" destOrd="0" parTransId="%s" sibTransId="%s"/>'
          % (cx_root, doc, root, par_root, sib_root)]
    for i in range(n):
        cx.append('<dgm:cxn modelId="%s" srcId="%s" destId="%s" srcOrd="%d" destOrd="0" parTransId="%s" '
                  'sibTransId="%s"/>' % (cx_kids[i], root, kids[i], i, par_k[i], sib_k[i]))

    def pof(src, dst):
        return ('<dgm:cxn modelId="%s" type="presOf" srcId="%s" destId="%s" srcOrd="0" destOrd="0" presId="%s"/>'
                % (gid(), src, dst, LO))

    def ppof(src, dst, o):
        return ('<dgm:cxn modelId="%s" type="presParOf" srcId="%s" destId="%s" srcOrd="%d" destOrd="0" '
                'presId="%s"/>' % (gid(), src, dst, o, LO))

    cx.append(pof(doc, P["hierChild1"]))
    cx.append(ppof(P["hierChild1"], P["hierRoot1"], 0))
    cx.append(ppof(P["hierRoot1"], P["composite"], 0))
    cx.append(ppof(P["composite"], P["background"], 0))
    cx.append(ppof(P["composite"], P["text"], 1))
    cx.append(pof(root, P["text"]))
    cx.append(ppof(P["hierRoot1"], P["hierChild2"], 1))
    for i in range(n):
        pk = PK[i]
        cx.append(ppof(P["hierChild2"], pk["conn"], 2 * i))
        cx.append(pof(par_k[i], pk["conn"]))
        cx.append(ppof(P["hierChild2"], pk["hierRoot2"], 2 * i + 1))
        cx.append(ppof(pk["hierRoot2"], pk["composite2"], 0))
        cx.append(ppof(pk["composite2"], pk["background2"], 0))
        cx.append(ppof(pk["composite2"], pk["text2"], 1))
        cx.append(pof(kids[i], pk["text2"]))
        cx.append(ppof(pk["hierRoot2"], pk["hierChild3"], 1))
    xml = ('<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'
           '<dgm:dataModel xmlns:dgm="%s" xmlns:a="%s" xmlns:r="%s"><dgm:ptLst>%s</dgm:ptLst>'
           '<dgm:cxnLst>%s</dgm:cxnLst><dgm:bg/><dgm:whole/><dgm:extLst>'
           '<a:ext uri="http://schemas.microsoft.com/office/drawing/2008/diagram">'
           '<dsp:dataModelExt xmlns:dsp="%s" relId="%s" minVer="http://schemas.openxmlformats.org/drawingml/2006/diagram"/>'
           '</a:ext></dgm:extLst></dgm:dataModel>'
           % (NS_DGM, NS_A, NS_R, "".join(pts), "".join(cx), NS_DSP, drawing_rid))
    return xml.encode("utf-8"), P, PK


def _sample(n_kids, start):
    pts = ['<dgm:pt modelId="0" type="doc"/>', '<dgm:pt modelId="1"><dgm:prSet phldr="1"/></dgm:pt>']
    cx = ['<dgm:cxn modelId="%d" srcId="0" destId="1" srcOrd="0" destOrd="0"/>' % start]
    for i in range(n_kids):
        pts.append('<dgm:pt modelId="%d"><dgm:prSet phldr="1"/></dgm:pt>' % (i + 2))
        cx.append('<dgm:cxn modelId="%d" srcId="1" destId="%d" srcOrd="%d" destOrd="0"/>' % (start + i + 1, i + 2, i))
    return ('<dgm:dataModel><dgm:ptLst>%s</dgm:ptLst><dgm:cxnLst>%s</dgm:cxnLst><dgm:bg/><dgm:whole/>'
            '</dgm:dataModel>' % ("".join(pts), "".join(cx)))


_MARG = ('<dgm:constrLst><dgm:constr type="tMarg" refType="primFontSz" fact="0.3"/>'
         '<dgm:constr type="bMarg" refType="primFontSz" fact="0.3"/>'
         '<dgm:constr type="lMarg" refType="primFontSz" fact="0.3"/>'
         '<dgm:constr type="rMarg" refType="primFontSz" fact="0.3"/></dgm:constrLst>'
         '<dgm:ruleLst><dgm:rule type="primFontSz" val="5" fact="NaN" max="NaN"/></dgm:ruleLst>')
_COMP_CONSTR = ('<dgm:constrLst><dgm:constr type="h" refType="w" fact="0.667"/>'
                '<dgm:constr type="w" for="ch" forName="%s" refType="w" fact="0.9"/>'
                '<dgm:constr type="h" for="ch" forName="%s" refType="h" fact="0.9"/>'
                '<dgm:constr type="t" for="ch" forName="%s"/><dgm:constr type="l" for="ch" forName="%s"/>'
                '<dgm:constr type="w" for="ch" forName="%s" refType="w" fact="0.9"/>'
                '<dgm:constr type="h" for="ch" forName="%s" refType="h" fact="0.9"/>'
                '<dgm:constr type="t" for="ch" forName="%s" refType="h" fact="0.1"/>'
                '<dgm:constr type="l" for="ch" forName="%s" refType="w" fact="0.1"/></dgm:constrLst>')
_RR = '<dgm:shape xmlns:r="%s" type="roundRect" r:blip=""><dgm:adjLst><dgm:adj idx="1" val="0.1"/></dgm:adjLst></dgm:shape>' % NS_R
_NOSHAPE = '<dgm:shape xmlns:r="%s" r:blip=""><dgm:adjLst/></dgm:shape>' % NS_R
_CONN = ('<dgm:layoutNode name="Name10"><dgm:alg type="conn"><dgm:param type="dim" val="1D"/>'
         '<dgm:param type="endSty" val="noArr"/><dgm:param type="connRout" val="bend"/>'
         '<dgm:param type="begPts" val="bCtr"/><dgm:param type="endPts" val="tCtr"/></dgm:alg>'
         '<dgm:shape xmlns:r="%s" type="conn" r:blip=""><dgm:adjLst/></dgm:shape><dgm:presOf axis="self"/>'
         '<dgm:constrLst><dgm:constr type="begPad"/><dgm:constr type="endPad"/></dgm:constrLst><dgm:ruleLst/>'
         '</dgm:layoutNode>' % NS_R)

LAYOUT_XML_H = (
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'
    '<dgm:layoutDef xmlns:dgm="%s" xmlns:a="%s" uniqueId="%s"><dgm:title val=""/><dgm:desc val=""/>'
    '<dgm:catLst><dgm:cat type="hierarchy" pri="2000"/></dgm:catLst>'
    '<dgm:sampData>%s</dgm:sampData><dgm:styleData>%s</dgm:styleData><dgm:clrData>%s</dgm:clrData>'
    '<dgm:layoutNode name="hierChild1"><dgm:varLst><dgm:orgChart val="1"/><dgm:chPref val="1"/><dgm:dir/>'
    '<dgm:animOne val="branch"/><dgm:animLvl val="lvl"/><dgm:resizeHandles/></dgm:varLst>'
    '<dgm:choose name="Name0"><dgm:if name="Name1" func="var" arg="dir" op="equ" val="norm">'
    '<dgm:alg type="hierChild"><dgm:param type="linDir" val="fromL"/></dgm:alg></dgm:if><dgm:else name="Name2">'
    '<dgm:alg type="hierChild"><dgm:param type="linDir" val="fromR"/></dgm:alg></dgm:else></dgm:choose>'
    '%s<dgm:presOf/><dgm:constrLst>'
    '<dgm:constr type="primFontSz" for="des" ptType="node" op="equ" val="65"/>'
    '<dgm:constr type="w" for="des" forName="composite" val="100"/>'
    '<dgm:constr type="w" for="des" forName="composite2" refType="w" refFor="des" refForName="composite" op="equ"/>'
    '<dgm:constr type="sp" for="des" forName="hierRoot1" refType="h" refFor="des" refForName="composite" fact="0.4"/>'
    '<dgm:constr type="sp" for="des" forName="hierRoot2" refType="sp" refFor="des" refForName="hierRoot1" op="equ"/>'
    '<dgm:constr type="sibSp" for="des" forName="hierChild2" refType="w" refFor="des" refForName="composite" fact="0.15"/>'
    '<dgm:constr type="sibSp" for="des" forName="hierChild3" refType="sibSp" refFor="des" refForName="hierChild2" op="equ"/>'
    '</dgm:constrLst><dgm:ruleLst/>'
    '<dgm:forEach name="Name3" axis="ch"><dgm:forEach name="Name4" axis="self" ptType="node">'
    '<dgm:layoutNode name="hierRoot1"><dgm:alg type="hierRoot"/>%s<dgm:presOf/><dgm:constrLst/><dgm:ruleLst/>'
    '<dgm:layoutNode name="composite"><dgm:alg type="composite"/>%s<dgm:presOf/>' + _COMP_CONSTR
    % ("background", "background", "background", "background", "text", "text", "text", "text") +
    '<dgm:ruleLst/><dgm:layoutNode name="background" styleLbl="node0"><dgm:alg type="sp"/>%s<dgm:presOf/>'
    '<dgm:constrLst/><dgm:ruleLst/></dgm:layoutNode>'
    '<dgm:layoutNode name="text" styleLbl="fgAcc0"><dgm:varLst><dgm:chPref val="3"/></dgm:varLst>'
    '<dgm:alg type="tx"/>%s<dgm:presOf axis="desOrSelf" ptType="node"/>' + _MARG + '</dgm:layoutNode>'
    '</dgm:layoutNode>'
    '<dgm:layoutNode name="hierChild2"><dgm:alg type="hierChild"/>%s<dgm:presOf/><dgm:constrLst/><dgm:ruleLst/>'
    '<dgm:forEach name="Name5" axis="ch"><dgm:forEach name="Name6" axis="self" ptType="parTrans">' + _CONN +
    '</dgm:forEach><dgm:forEach name="Name7" axis="self" ptType="node">'
    '<dgm:layoutNode name="hierRoot2"><dgm:alg type="hierRoot"/>%s<dgm:presOf/><dgm:constrLst/><dgm:ruleLst/>'
    '<dgm:layoutNode name="composite2"><dgm:alg type="composite"/>%s<dgm:presOf/>' + _COMP_CONSTR
    % ("background2", "background2", "background2", "background2", "text2", "text2", "text2", "text2") +
    '<dgm:ruleLst/><dgm:layoutNode name="background2" styleLbl="node2"><dgm:alg type="sp"/>%s<dgm:presOf/>'
    '<dgm:constrLst/><dgm:ruleLst/></dgm:layoutNode>'
    '<dgm:layoutNode name="text2" styleLbl="fgAcc2"><dgm:varLst><dgm:chPref val="3"/></dgm:varLst>'
    '<dgm:alg type="tx"/>%s<dgm:presOf axis="desOrSelf" ptType="node"/>' + _MARG + '</dgm:layoutNode>'
    '</dgm:layoutNode>'
    '<dgm:layoutNode name="hierChild3"><dgm:alg type="hierChild"/>%s<dgm:presOf/><dgm:constrLst/><dgm:ruleLst/>'
    '<dgm:forEach name="Name8" ref="Name5"/></dgm:layoutNode>'
    '</dgm:layoutNode></dgm:forEach></dgm:forEach></dgm:layoutNode>'
    '</dgm:layoutNode></dgm:forEach></dgm:forEach></dgm:layoutNode></dgm:layoutDef>'
) % (NS_DGM, NS_A, LO, _sample(2, 10), _sample(1, 10), _sample(3, 10),
     _NOSHAPE, _NOSHAPE, _NOSHAPE, _RR, _RR, _NOSHAPE, _NOSHAPE, _NOSHAPE, _RR, _RR, _NOSHAPE)

_STYLE_NODE = ('<dsp:style><a:lnRef idx="2"><a:scrgbClr r="0" g="0" b="0"/></a:lnRef><a:fillRef idx="1">'
               '<a:scrgbClr r="0" g="0" b="0"/></a:fillRef><a:effectRef idx="0"><a:scrgbClr r="0" g="0" b="0"/>'
               '</a:effectRef><a:fontRef idx="minor"><a:schemeClr val="lt1"/></a:fontRef></dsp:style>')
_STYLE_FG = ('<dsp:style><a:lnRef idx="1"><a:scrgbClr r="0" g="0" b="0"/></a:lnRef><a:fillRef idx="1">'
             '<a:scrgbClr r="0" g="0" b="0"/></a:fillRef><a:effectRef idx="0"><a:scrgbClr r="0" g="0" b="0"/>'
             '</a:effectRef><a:fontRef idx="minor"><a:schemeClr val="tx1"/></a:fontRef></dsp:style>')
_STYLE_LN = ('<dsp:style><a:lnRef idx="2"><a:scrgbClr r="0" g="0" b="0"/></a:lnRef><a:fillRef idx="0">'
             '<a:scrgbClr r="0" g="0" b="0"/></a:fillRef><a:effectRef idx="0"><a:scrgbClr r="0" g="0" b="0"/>'
             '</a:effectRef><a:fontRef idx="minor"/></dsp:style>')


def _dsp_bg(mid, x, y, w, h):
    return ('<dsp:sp modelId="%s"><dsp:nvSpPr><dsp:cNvPr id="0" name=""/><dsp:cNvSpPr/></dsp:nvSpPr><dsp:spPr>'
            '<a:xfrm><a:off x="%d" y="%d"/><a:ext cx="%d" cy="%d"/></a:xfrm><a:prstGeom prst="roundRect"><a:avLst>'
            '<a:gd name="adj" fmla="val 10000"/></a:avLst></a:prstGeom><a:solidFill><a:schemeClr val="accent1">'
            '<a:hueOff val="0"/><a:satOff val="0"/><a:lumOff val="0"/><a:alphaOff val="0"/></a:schemeClr>'
            '</a:solidFill><a:ln w="25400" cap="flat" cmpd="sng" algn="ctr"><a:solidFill><a:schemeClr val="lt1">'
            '<a:hueOff val="0"/><a:satOff val="0"/><a:lumOff val="0"/><a:alphaOff val="0"/></a:schemeClr>'
            '</a:solidFill><a:prstDash val="solid"/></a:ln><a:effectLst/></dsp:spPr>%s</dsp:sp>'
            % (mid, x, y, w, h, _STYLE_NODE))


def _dsp_text(mid, x, y, w, h, txt, sz):
    return ('<dsp:sp modelId="%s"><dsp:nvSpPr><dsp:cNvPr id="0" name=""/><dsp:cNvSpPr/></dsp:nvSpPr><dsp:spPr>'
            '<a:xfrm><a:off x="%d" y="%d"/><a:ext cx="%d" cy="%d"/></a:xfrm><a:prstGeom prst="roundRect"><a:avLst>'
            '<a:gd name="adj" fmla="val 10000"/></a:avLst></a:prstGeom><a:solidFill><a:schemeClr val="lt1">'
            '<a:alpha val="90000"/><a:hueOff val="0"/><a:satOff val="0"/><a:lumOff val="0"/><a:alphaOff val="0"/>'
            '</a:schemeClr></a:solidFill><a:ln w="9525" cap="flat" cmpd="sng" algn="ctr"><a:solidFill>'
            '<a:schemeClr val="accent1"><a:hueOff val="0"/><a:satOff val="0"/><a:lumOff val="0"/><a:alphaOff val="0"/>'
            '</a:schemeClr></a:solidFill><a:prstDash val="solid"/></a:ln><a:effectLst/></dsp:spPr>%s'
            '<dsp:txBody><a:bodyPr spcFirstLastPara="0" vert="horz" wrap="square" lIns="76200" tIns="76200" '
            'rIns="76200" bIns="76200" numCol="1" spcCol="1270" anchor="ctr" anchorCtr="0"><a:noAutofit/></a:bodyPr>'
            '<a:lstStyle/><a:p><a:pPr marL="0" lvl="0" indent="0" algn="ctr" defTabSz="889000"><a:lnSpc>'
            '<a:spcPct val="90000"/></a:lnSpc><a:spcBef><a:spcPct val="0"/></a:spcBef><a:spcAft><a:spcPct val="35000"/>'
            '</a:spcAft></a:pPr><a:r><a:rPr lang="zh-CN" altLang="en-US" sz="%d" kern="1200"><a:solidFill><a:schemeClr val="tx1"/></a:solidFill></a:rPr><a:t>%s</a:t></a:r>'
            '</a:p></dsp:txBody><dsp:txXfrm><a:off x="%d" y="%d"/><a:ext cx="%d" cy="%d"/></dsp:txXfrm></dsp:sp>'
            % (mid, x, y, w, h, _STYLE_FG, sz, esc(txt), x, y, w, h))


def _dsp_conn(mid, x1, y1, x2, y2):
    # elbow connector: down to mid height, across, down
    left, top = min(x1, x2), y1
    w = max(abs(x2 - x1), 1)
    h = max(y2 - y1, 1)
    ym = h // 2
    sx, ex = x1 - left, x2 - left
    return ('<dsp:sp modelId="%s"><dsp:nvSpPr><dsp:cNvPr id="0" name=""/><dsp:cNvSpPr/></dsp:nvSpPr><dsp:spPr>'
            '<a:xfrm><a:off x="%d" y="%d"/><a:ext cx="%d" cy="%d"/></a:xfrm><a:custGeom><a:avLst/><a:gdLst/>'
            '<a:ahLst/><a:cxnLst/><a:rect l="0" t="0" r="0" b="0"/><a:pathLst><a:path w="%d" h="%d" fill="none">'
            '<a:moveTo><a:pt x="%d" y="0"/></a:moveTo><a:lnTo><a:pt x="%d" y="%d"/></a:lnTo>'
            '<a:lnTo><a:pt x="%d" y="%d"/></a:lnTo><a:lnTo><a:pt x="%d" y="%d"/></a:lnTo></a:path></a:pathLst>'
            '</a:custGeom><a:noFill/><a:ln w="25400" cap="flat" cmpd="sng" algn="ctr"><a:solidFill>'
            '<a:schemeClr val="accent1"><a:shade val="60000"/><a:hueOff val="0"/><a:satOff val="0"/><a:lumOff val="0"/>'
            '<a:alphaOff val="0"/></a:schemeClr></a:solidFill><a:prstDash val="solid"/></a:ln><a:effectLst/>'
            '</dsp:spPr>%s</dsp:sp>'
            % (mid, left, top, w, h, w, h, sx, sx, ym, ex, ym, ex, h, _STYLE_LN))


def build_drawing_h(root_text, child_texts, P, PK, fw, fh):
    n = len(child_texts)
    cw = int(fw / (n + 0.15 * (n - 1)))
    ch = int(cw * 0.667)
    gap = int(ch * 0.35)
    total_h = 2 * ch + gap
    if total_h > fh:
        sc_ = fh / float(total_h)
        cw, ch, gap = int(cw * sc_), int(ch * sc_), int(gap * sc_)
        total_h = 2 * ch + gap
    top = int((fh - total_h) / 2)
    sw, sh = int(cw * 0.9), int(ch * 0.9)
    ox, oy = cw - sw, ch - sh
    sz = 1800
    sps = []
    rx = int((fw - cw) / 2)
    sps.append(_dsp_bg(P["background"], rx, top, sw, sh))
    sps.append(_dsp_text(P["text"], rx + ox, top + oy, sw, sh, root_text, sz))
    rb_x = rx + ox + sw // 2
    rb_y = top + oy + sh
    total_w = n * cw + (n - 1) * int(cw * 0.15)
    x0 = int((fw - total_w) / 2)
    cy_ = top + ch + gap
    for i, t in enumerate(child_texts):
        x = x0 + i * (cw + int(cw * 0.15))
        sps.append(_dsp_conn(PK[i]["conn"], rb_x, rb_y, x + ox + sw // 2, cy_ + oy))
        sps.append(_dsp_bg(PK[i]["background2"], x, cy_, sw, sh))
        sps.append(_dsp_text(PK[i]["text2"], x + ox, cy_ + oy, sw, sh, t, sz))
    xml = ('<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'
           '<dsp:drawing xmlns:dgm="%s" xmlns:dsp="%s" xmlns:a="%s"><dsp:spTree><dsp:nvGrpSpPr>'
           '<dsp:cNvPr id="0" name=""/><dsp:cNvGrpSpPr/></dsp:nvGrpSpPr><dsp:grpSpPr/>%s</dsp:spTree></dsp:drawing>'
           % (NS_DGM, NS_DSP, NS_A, "".join(sps)))
    return xml.encode("utf-8")


def add_smartart_h(slide, root_text, child_texts, x, y, cx, cy):
    pkg = prs.part.package
    base = "http://schemas.openxmlformats.org/officeDocument/2006/relationships/"
    existing = {str(p.partname) for p in pkg.iter_parts()}
    k = 1
    while "/ppt/diagrams/data%d.xml" % k in existing:
        k += 1
    ct = "application/vnd.openxmlformats-officedocument.drawingml."
    drawing_part = Part(PackURI("/ppt/diagrams/drawing%d.xml" % k),
                        "application/vnd.ms-office.drawingml.diagramDrawing+xml", pkg, b"")
    rid_dr = slide.part.relate_to(drawing_part, "http://schemas.microsoft.com/office/2007/relationships/diagramDrawing")
    data_blob, P, PK = build_data_h(root_text, child_texts, rid_dr)
    drawing_part._blob = build_drawing_h(root_text, child_texts, P, PK, cx, cy)
    data_part = Part(PackURI("/ppt/diagrams/data%d.xml" % k), ct + "diagramData+xml", pkg, data_blob)
    lo_part = Part(PackURI("/ppt/diagrams/layout%d.xml" % k), ct + "diagramLayout+xml", pkg,
                   LAYOUT_XML_H.encode("utf-8"))
    qs_part = Part(PackURI("/ppt/diagrams/quickStyle%d.xml" % k), ct + "diagramStyle+xml", pkg,
                   QS_XML.encode("utf-8"))
    cs_part = Part(PackURI("/ppt/diagrams/colors%d.xml" % k), ct + "diagramColors+xml", pkg,
                   CS_XML.encode("utf-8"))
    r_dm = slide.part.relate_to(data_part, base + "diagramData")
    r_lo = slide.part.relate_to(lo_part, base + "diagramLayout")
    r_qs = slide.part.relate_to(qs_part, base + "diagramQuickStyle")
    r_cs = slide.part.relate_to(cs_part, base + "diagramColors")
    nid = next_id(slide)
    gf = E('<p:graphicFrame xmlns:p="%s" xmlns:a="%s" xmlns:r="%s"><p:nvGraphicFramePr>'
           '<p:cNvPr id="%d" name="图示 %d"/><p:cNvGraphicFramePr/><p:nvPr/></p:nvGraphicFramePr>'
           '<p:xfrm><a:off x="%d" y="%d"/><a:ext cx="%d" cy="%d"/></p:xfrm><a:graphic>'
           '<a:graphicData uri="http://schemas.openxmlformats.org/drawingml/2006/diagram">'
           '<dgm:relIds xmlns:dgm="%s" r:dm="%s" r:lo="%s" r:qs="%s" r:cs="%s"/></a:graphicData></a:graphic>'
           '</p:graphicFrame>' % (NS_P, NS_A, NS_R, nid, nid - 1, x, y, cx, cy, NS_DGM, r_dm, r_lo, r_qs, r_cs))
    slide.shapes._spTree.append(gf)
    return gf


master = prs.slide_master
m_el = master._element

# ---------- Step 1: master ----------
title_style = m_el.find(qn("p:txStyles") + "/" + qn("p:titleStyle"))
for lvl in title_style:
    d = lvl.find(qn("a:defRPr"))
    if d is None:
        continue
    d.set("sz", "4000")
    set_solid(d, TITLE_CLR)
    set_ea(d, "华文新魏")
body_style = m_el.find(qn("p:txStyles") + "/" + qn("p:bodyStyle"))
set_ea(body_style.find(qn("a:lvl1pPr")).find(qn("a:defRPr")), "幼圆")
for sh in master.placeholders:
    if sh.placeholder_format.idx == 0:
        for p in sh.text_frame.paragraphs:
            for r in p.runs:
                r.font.size = Pt(40)
                r.font.color.rgb = RGBColor.from_string(TITLE_CLR)
                set_ea(r._r.get_or_add_rPr(), "华文新魏")
    elif sh.placeholder_format.idx == 1:
        for p in sh.text_frame.paragraphs:
            if p.level == 0:
                for r in p.runs:
                    set_ea(r._r.get_or_add_rPr(), "幼圆")


def set_bg(el, bg_xml):
    cSld = el.find(qn("p:cSld"))
    old = cSld.find(qn("p:bg"))
    if old is not None:
        cSld.remove(old)
    cSld.insert(0, E(bg_xml))


set_bg(m_el, '<p:bg xmlns:p="%s" xmlns:a="%s"><p:bgPr><a:solidFill><a:srgbClr val="%s"/></a:solidFill>'
             '<a:effectLst/></p:bgPr></p:bg>' % (NS_P, NS_A, MASTER_BG))

# ---------- Step 2: slide 1 gradient ----------
set_bg(slides[0]._element,
       '<p:bg xmlns:p="%s" xmlns:a="%s"><p:bgPr><a:gradFill flip="none" rotWithShape="1"><a:gsLst>'
       '<a:gs pos="0"><a:srgbClr val="FDF6E3"/></a:gs><a:gs pos="100000"><a:srgbClr val="E8C9A0"/></a:gs>'
       '</a:gsLst><a:lin ang="5400000" scaled="1"/><a:tileRect/></a:gradFill><a:effectLst/></p:bgPr></p:bg>'
       % (NS_P, NS_A))

# ---------- Step 3: SmartArt hierarchy ----------
s3 = slides[2]
body3 = ph_shape(s3, 1)
if body3 is not None:
    fx, fy, fw, fh = int(body3.left), int(body3.top), int(body3.width), int(body3.height)
else:
    fx, fy = 457200, 1600200
    fw, fh = int(SW) - 2 * 457200, 4525963
add_smartart_h(s3, "江南丝绸博物馆", ["一楼 丝绸历史厅", "二楼 织造工艺厅", "三楼 当代设计厅"], fx, fy, fw, fh)


# ---------- Step 4: animations on slide 4 ----------
class Ids:
    def __init__(self):
        self.n = 2

    def __call__(self):
        self.n += 1
        return self.n


def tgt(spid, para=None):
    if para is None:
        return '<p:tgtEl><p:spTgt spid="%d"/></p:tgtEl>' % spid
    return ('<p:tgtEl><p:spTgt spid="%d"><p:txEl><p:pRg st="%d" end="%d"/></p:txEl></p:spTgt></p:tgtEl>'
            % (spid, para, para))


def vis(ids, t, val="visible", delay=0):
    return ('<p:set><p:cBhvr><p:cTn id="%d" dur="1" fill="hold"><p:stCondLst><p:cond delay="%d"/></p:stCondLst>'
            '</p:cTn>%s<p:attrNameLst><p:attrName>style.visibility</p:attrName></p:attrNameLst></p:cBhvr>'
            '<p:to><p:strVal val="%s"/></p:to></p:set>' % (ids(), delay, t, val))


def anim(ids, t, attr, frm, to, dur=500):
    return ('<p:anim calcmode="lin" valueType="num"><p:cBhvr additive="base"><p:cTn id="%d" dur="%d" fill="hold"/>'
            '%s<p:attrNameLst><p:attrName>%s</p:attrName></p:attrNameLst></p:cBhvr><p:tavLst>'
            '<p:tav tm="0"><p:val><p:strVal val="%s"/></p:val></p:tav><p:tav tm="100000"><p:val>'
            '<p:strVal val="%s"/></p:val></p:tav></p:tavLst></p:anim>' % (ids(), dur, t, attr, frm, to))


def effect(ids, preset, cls, sub, grp, node, body_fn):
    a = ids()
    return ('<p:par><p:cTn id="%d" presetID="%d" presetClass="%s" presetSubtype="%d" fill="hold" grpId="%d" '
            'nodeType="%s"><p:stCondLst><p:cond delay="0"/></p:stCondLst><p:childTnLst>%s</p:childTnLst>'
            '</p:cTn></p:par>' % (a, preset, cls, sub, grp, node, body_fn()))


def e_appear(ids, spid, node, grp=0):
    t = tgt(spid)
    return effect(ids, 1, "entr", 0, grp, node, lambda: vis(ids, t))


def e_fly_left(ids, spid, node, para, grp=0):
    t = tgt(spid, para)
    return effect(ids, 2, "entr", 8, grp, node, lambda: vis(ids, t) + anim(ids, t, "ppt_x", "0-#ppt_w/2", "#ppt_x")
                  + anim(ids, t, "ppt_y", "#ppt_y", "#ppt_y"))


def e_zoom(ids, spid, node, grp=0):
    t = tgt(spid)

    def body():
        return (vis(ids, t) + anim(ids, t, "ppt_w", "0", "#ppt_w") + anim(ids, t, "ppt_h", "0", "#ppt_h")
                + '<p:animEffect transition="in" filter="fade"><p:cBhvr><p:cTn id="%d" dur="500"/>%s</p:cBhvr>'
                  '</p:animEffect>' % (ids(), t))
    return effect(ids, 53, "entr", 16, grp, node, body)


def e_pulse(ids, spid, node, grp):
    t = tgt(spid)

    def body():
        return ('<p:animEffect transition="out" filter="fade"><p:cBhvr><p:cTn id="%d" dur="500" '
                'tmFilter="0,0; .2,.5; .8,.5; 1,0"/>%s</p:cBhvr></p:animEffect>'
                '<p:animScale><p:cBhvr><p:cTn id="%d" dur="250" autoRev="1" fill="hold"/>%s</p:cBhvr>'
                '<p:by x="105000" y="105000"/></p:animScale>' % (ids(), t, ids(), t))
    return effect(ids, 26, "emph", 0, grp, node, body)


def e_fade_out(ids, spid, node, grp):
    t = tgt(spid)

    def body():
        return ('<p:animEffect transition="out" filter="fade"><p:cBhvr><p:cTn id="%d" dur="500"/>%s</p:cBhvr>'
                '</p:animEffect>' % (ids(), t)) + vis(ids, t, "hidden", 499)
    return effect(ids, 10, "exit", 0, grp, node, body)


def par(ids, delay, inner_fn):
    i = ids()
    return ('<p:par><p:cTn id="%d" fill="hold"><p:stCondLst><p:cond delay="%s"/></p:stCondLst><p:childTnLst>%s'
            '</p:childTnLst></p:cTn></p:par>' % (i, delay, inner_fn()))


s4 = slides[3]
t4 = ph_shape(s4, 0)
b4 = ph_shape(s4, 1)
pic4 = [sh for sh in s4.shapes if sh.shape_type == 13][0]
T, B, PIC = t4.shape_id, b4.shape_id, pic4.shape_id
paras = [i for i, p in enumerate(b4.text_frame.paragraphs) if p.text.strip()]
ids = Ids()


def click1():
    parts = [par(ids, 0, lambda: e_appear(ids, T, "clickEffect"))]
    t_end = 1
    for k, pi in enumerate(paras):
        last = (k == len(paras) - 1)
        if last:
            parts.append(par(ids, t_end, lambda pi=pi: e_fly_left(ids, B, "afterEffect", pi)
                             + e_zoom(ids, PIC, "withEffect", 0)))
        else:
            parts.append(par(ids, t_end, lambda pi=pi: e_fly_left(ids, B, "afterEffect", pi)))
        t_end += 500
    return "".join(parts)


seq = ''.join([
    par(ids, "indefinite", click1),
    par(ids, "indefinite", lambda: par(ids, 0, lambda: e_pulse(ids, PIC, "clickEffect", 1))),
    par(ids, "indefinite", lambda: par(ids, 0, lambda: e_fade_out(ids, PIC, "clickEffect", 2))),
])
timing = ('<p:timing xmlns:p="%s"><p:tnLst><p:par><p:cTn id="1" dur="indefinite" restart="never" nodeType="tmRoot">'
          '<p:childTnLst><p:seq concurrent="1" nextAc="seek"><p:cTn id="2" dur="indefinite" nodeType="mainSeq">'
          '<p:childTnLst>%s</p:childTnLst></p:cTn><p:prevCondLst><p:cond evt="onPrev" delay="0"><p:tgtEl>'
          '<p:sldTgt/></p:tgtEl></p:cond></p:prevCondLst><p:nextCondLst><p:cond evt="onNext" delay="0"><p:tgtEl>'
          '<p:sldTgt/></p:tgtEl></p:cond></p:nextCondLst></p:seq></p:childTnLst></p:cTn></p:par></p:tnLst>'
          '<p:bldLst><p:bldP spid="%d" grpId="0"/><p:bldP spid="%d" grpId="0" build="p"/></p:bldLst></p:timing>'
          % (NS_P, seq, T, B))


# ---------- Step 5: vortex transition (+ timing placement) ----------
def add_transition(slide):
    el = slide._element
    for old in el.findall(qn("p:transition")):
        el.remove(old)
    for old in el.findall("{%s}AlternateContent" % NS_MC):
        if old.find(".//" + qn("p:transition")) is not None:
            el.remove(old)
    ac = E('<mc:AlternateContent xmlns:mc="%s"><mc:Choice xmlns:p14="%s" Requires="p14">'
           '<p:transition xmlns:p="%s" spd="slow" p14:dur="2000"><p14:vortex dir="r"/></p:transition>'
           '</mc:Choice><mc:Fallback><p:transition xmlns:p="%s" spd="slow"><p:fade/></p:transition>'
           '</mc:Fallback></mc:AlternateContent>' % (NS_MC, NS_P14, NS_P, NS_P))
    anchor = el.find(qn("p:clrMapOvr"))
    if anchor is None:
        anchor = el.find(qn("p:cSld"))
    anchor.addnext(ac)
    return ac


for s in slides:
    ac = add_transition(s)
    if s._element is s4._element:
        for old in s4._element.findall(qn("p:timing")):
            s4._element.remove(old)
        ac.addnext(E(timing))

# ---------- Step 6: date / footer / number ----------
fld_id = "{C1FF6DA9-008F-8B48-92A6-B652298478BF}"
for fld in m_el.iter(qn("a:fld")):
    if fld.get("type") == "slidenum":
        fld_id = fld.get("id")
for i, s in enumerate(slides):
    if s.slide_layout.name == "Title Slide":
        continue
    idx = {"dt": 10, "ftr": 11, "sldNum": 12}
    for lph in s.slide_layout.placeholders:
        t = lph._element.find(".//" + qn("p:ph")).get("type")
        if t in idx:
            idx[t] = lph.placeholder_format.idx
    tree = s.shapes._spTree
    nid = next_id(s)
    tree.append(E(
        '<p:sp xmlns:p="%s" xmlns:a="%s"><p:nvSpPr><p:cNvPr id="%d" name="Date Placeholder %d"/>'
        '<p:cNvSpPr><a:spLocks noGrp="1"/></p:cNvSpPr><p:nvPr><p:ph type="dt" sz="half" idx="%d"/></p:nvPr>'
        '</p:nvSpPr><p:spPr/><p:txBody><a:bodyPr/><a:lstStyle/><a:p><a:r><a:rPr lang="zh-CN" altLang="en-US"/>'
        '<a:t>%s</a:t></a:r><a:endParaRPr lang="zh-CN" altLang="en-US"/></a:p></p:txBody></p:sp>'
        % (NS_P, NS_A, nid, nid - 1, idx["dt"], DATE_TEXT)))
    nid += 1
    tree.append(E(
        '<p:sp xmlns:p="%s" xmlns:a="%s"><p:nvSpPr><p:cNvPr id="%d" name="Footer Placeholder %d"/>'
        '<p:cNvSpPr><a:spLocks noGrp="1"/></p:cNvSpPr><p:nvPr><p:ph type="ftr" sz="quarter" idx="%d"/></p:nvPr>'
        '</p:nvSpPr><p:spPr/><p:txBody><a:bodyPr/><a:lstStyle/><a:p><a:r><a:rPr lang="zh-CN" altLang="en-US"/>'
        '<a:t>%s</a:t></a:r><a:endParaRPr lang="zh-CN" altLang="en-US"/></a:p></p:txBody></p:sp>'
        % (NS_P, NS_A, nid, nid - 1, idx["ftr"], FOOTER)))
    nid += 1
    tree.append(E(
        '<p:sp xmlns:p="%s" xmlns:a="%s"><p:nvSpPr><p:cNvPr id="%d" name="Slide Number Placeholder %d"/>'
        '<p:cNvSpPr><a:spLocks noGrp="1"/></p:cNvSpPr><p:nvPr><p:ph type="sldNum" sz="quarter" idx="%d"/></p:nvPr>'
        '</p:nvSpPr><p:spPr/><p:txBody><a:bodyPr/><a:lstStyle/><a:p><a:fld id="%s" type="slidenum">'
        '<a:rPr lang="en-US" altLang="zh-CN"/><a:t>%d</a:t></a:fld><a:endParaRPr lang="zh-CN" altLang="en-US"/>'
        '</a:p></p:txBody></p:sp>' % (NS_P, NS_A, nid, nid - 1, idx["sldNum"], fld_id, i + 1)))

# ---------- Step 7: hide slide 5 ----------
slides[4]._element.set("show", "0")

# ---------- Step 8: kiosk ----------
pp_part = None
for rel in prs.part.rels.values():
    if rel.reltype.endswith("/presProps"):
        pp_part = rel.target_part
pp = etree.fromstring(pp_part.blob)
for o in pp.findall("{%s}showPr" % NS_P):
    pp.remove(o)
show = E('<p:showPr xmlns:p="%s" xmlns:a="%s" loop="1" showNarration="1"><p:kiosk/><p:sldAll/>'
         '<p:penClr><a:prstClr val="red"/></p:penClr></p:showPr>' % (NS_P, NS_A))
after = None
for tag in ("prnPr", "webPr", "htmlPubPr"):
    after = pp.find("{%s}%s" % (NS_P, tag))
    if after is not None:
        break
if after is not None:
    after.addnext(show)
else:
    pp.insert(0, show)
pp_part._blob = etree.tostring(pp, xml_declaration=True, encoding="UTF-8", standalone=True)

# ---------- Step 9: notes ----------
slides[1].notes_slide.notes_text_frame.text = "提醒游客禁止使用闪光灯拍照。"

prs.save("output.pptx")
