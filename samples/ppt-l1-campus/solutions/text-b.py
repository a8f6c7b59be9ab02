# Independent solution written from the prompt alone (ppt-l1-campus, text-only)
# Step 1: slide 1 title runs -> ea font 微软雅黑, sz 5400, colour 0070C0 (standard "蓝色");
#         subtitle runs -> spc="300" (character spacing expanded by 3 pt).
# Step 2: slide 2 body placeholder removed and replaced by a real SmartArt graphicFrame (data/layout/quickStyle/
#         colors/drawing parts) with layout Basic Process (process1), default colours accent1_2 and default style
#         simple1; nodes 报名/初赛/复赛/决赛 in the original order.
# Step 3: slide 3 picture: width 4320000 EMU (12 cm), height scaled by the original aspect ratio, left = (slide
#         width - width) / 2, top unchanged; noChangeAspect lock kept.
# Step 4: slide 3 p:timing: click group 1 = picture Zoom entrance (presetID 53, subtype 16, clickEffect), then the
#         title Fly In from bottom (presetID 2, subtype 4, afterEffect, 0.5 s) starting when the zoom ends.
# Step 5: slide 4: the run "点击报名" gets an external hlinkClick to https://techfest.example.edu.cn/signup.
# Step 6: p14:sectionLst in presentation.xml: 封面 (slide 1), 活动介绍 (slides 2-4).
# Step 7: every slide: <p:transition spd="slow" p14:dur="1500"><p:randomBar dir="vert"/></p:transition>
#         (mc:AlternateContent like PowerPoint writes).
# Step 8: presProps <p:showPr loop="1" showNarration="1"><p:present/><p:sldAll/>... (loop until Esc).
import copy
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


def E(xml):
    return etree.fromstring(xml)


def title_shape(slide):
    for sh in slide.shapes:
        if sh.is_placeholder and sh.placeholder_format.idx == 0:
            return sh
    return None


def body_shape(slide):
    for sh in slide.shapes:
        if sh.is_placeholder and sh.placeholder_format.idx == 1:
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
            # must follow fills/effects/highlight, precede cs/sym/hlinkClick
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


prs = Presentation("input.pptx")
slides = list(prs.slides)
SW, SH = prs.slide_width, prs.slide_height

LO = "urn:microsoft.com/office/officeart/2005/8/layout/process1"
QS = "urn:microsoft.com/office/officeart/2005/8/quickstyle/simple1"
CS = "urn:microsoft.com/office/officeart/2005/8/colors/accent1_2"


def gid():
    return "{" + str(uuid.uuid4()).upper() + "}"


def esc(t):
    return t.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


EMPTY_T = '<dgm:t><a:bodyPr/><a:lstStyle/><a:p><a:endParaRPr lang="zh-CN" altLang="en-US"/></a:p></dgm:t>'


def build_data(items, drawing_rid):
    n = len(items)
    doc = gid()
    node_ids = [gid() for _ in items]
    par_ids = [gid() for _ in items]
    sib_ids = [gid() for _ in items]
    cxn_ids = [gid() for _ in items]
    pres_root = gid()
    pres_node = [gid() for _ in items]
    pres_sib = [gid() for _ in range(n - 1)]
    pres_ct = [gid() for _ in range(n - 1)]
    pts = ['<dgm:pt modelId="%s" type="doc"><dgm:prSet loTypeId="%s" loCatId="process" qsTypeId="%s" '
           'qsCatId="simple" csTypeId="%s" csCatId="accent1" phldr="1"/><dgm:spPr/>%s</dgm:pt>'
           % (doc, LO, QS, CS, EMPTY_T)]
    for i, txt in enumerate(items):
        pts.append('<dgm:pt modelId="%s"><dgm:prSet phldrT="[文本]"/><dgm:spPr/><dgm:t><a:bodyPr/><a:lstStyle/>'
                   '<a:p><a:r><a:rPr lang="zh-CN" altLang="en-US"/><a:t>%s</a:t></a:r></a:p></dgm:t></dgm:pt>'
                   % (node_ids[i], esc(txt)))
        pts.append('<dgm:pt modelId="%s" type="parTrans" cxnId="%s"><dgm:prSet/><dgm:spPr/>%s</dgm:pt>'
                   % (par_ids[i], cxn_ids[i], EMPTY_T))
        pts.append('<dgm:pt modelId="%s" type="sibTrans" cxnId="%s"><dgm:prSet/><dgm:spPr/>%s</dgm:pt>'
                   % (sib_ids[i], cxn_ids[i], EMPTY_T))
    pts.append('<dgm:pt modelId="%s" type="pres"><dgm:prSet presAssocID="%s" presName="Name0" presStyleCnt="0">'
               '<dgm:presLayoutVars><dgm:dir/><dgm:resizeHandles val="exact"/></dgm:presLayoutVars></dgm:prSet>'
               '<dgm:spPr/></dgm:pt>' % (pres_root, doc))
    for i in range(n):
        pts.append('<dgm:pt modelId="%s" type="pres"><dgm:prSet presAssocID="%s" presName="node" '
                   'presStyleLbl="node1" presStyleIdx="%d" presStyleCnt="%d"><dgm:presLayoutVars>'
                   '<dgm:bulletEnabled val="1"/></dgm:presLayoutVars></dgm:prSet><dgm:spPr/></dgm:pt>'
                   % (pres_node[i], node_ids[i], i, n))
        if i < n - 1:
            pts.append('<dgm:pt modelId="%s" type="pres"><dgm:prSet presAssocID="%s" presName="sibTrans" '
                       'presStyleLbl="sibTrans2D1" presStyleIdx="%d" presStyleCnt="%d"/><dgm:spPr/></dgm:pt>'
                       % (pres_sib[i], sib_ids[i], i, n - 1))
            pts.append('<dgm:pt modelId="%s" type="pres"><dgm:prSet presAssocID="%s" presName="connectorText" '
                       'presStyleLbl="sibTrans2D1" presStyleIdx="%d" presStyleCnt="%d"/><dgm:spPr/></dgm:pt>'
                       % (pres_ct[i], sib_ids[i], i, n - 1))
    cx = []
    for i in range(n):
        cx.append('<dgm:cxn modelId="%s" srcId="%s" destId="%s" srcOrd="%d" destOrd="0" parTransId="%s" '
                  'sibTransId="%s"/>' % (cxn_ids[i], doc, node_ids[i], i, par_ids[i], sib_ids[i]))
    cx.append('<dgm:cxn modelId="%s" type="presOf" srcId="%s" destId="%s" srcOrd="0" destOrd="0" presId="%s"/>'
              % (gid(), doc, pres_root, LO))
    ordn = 0
    for i in range(n):
        cx.append('<dgm:cxn modelId="%s" type="presParOf" srcId="%s" destId="%s" srcOrd="%d" destOrd="0" '
                  'presId="%s"/>' % (gid(), pres_root, pres_node[i], ordn, LO))
        ordn += 1
        cx.append('<dgm:cxn modelId="%s" type="presOf" srcId="%s" destId="%s" srcOrd="0" destOrd="0" '
                  'presId="%s"/>' % (gid(), node_ids[i], pres_node[i], LO))
        if i < n - 1:
            cx.append('<dgm:cxn modelId="%s" type="presParOf" srcId="%s" destId="%s" srcOrd="%d" destOrd="0" '
                      'presId="%s"/>' % (gid(), pres_root, pres_sib[i], ordn, LO))
            ordn += 1
            cx.append('<dgm:cxn modelId="%s" type="presOf" srcId="%s" destId="%s" srcOrd="0" destOrd="0" '
                      'presId="%s"/>' % (gid(), sib_ids[i], pres_sib[i], LO))
            cx.append('<dgm:cxn modelId="%s" type="presParOf" srcId="%s" destId="%s" srcOrd="0" destOrd="0" '
                      'presId="%s"/>' % (gid(), pres_sib[i], pres_ct[i], LO))
            cx.append('<dgm:cxn modelId="%s" type="presOf" srcId="%s" destId="%s" srcOrd="0" destOrd="0" '
                      'presId="%s"/>' % (gid(), sib_ids[i], pres_ct[i], LO))
    xml = ('<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'
           '<dgm:dataModel xmlns:dgm="%s" xmlns:a="%s" xmlns:r="%s"><dgm:ptLst>%s</dgm:ptLst>'
           '<dgm:cxnLst>%s</dgm:cxnLst><dgm:bg/><dgm:whole/><dgm:extLst>'
           '<a:ext uri="http://schemas.microsoft.com/office/drawing/2008/diagram">'
           '<dsp:dataModelExt xmlns:dsp="%s" relId="%s" minVer="http://schemas.openxmlformats.org/drawingml/2006/diagram"/>'
           '</a:ext></dgm:extLst></dgm:dataModel>'
           % (NS_DGM, NS_A, NS_R, "".join(pts), "".join(cx), NS_DSP, drawing_rid))
    return xml.encode("utf-8"), pres_node, pres_sib


LAYOUT_XML = ('<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'
              '<dgm:layoutDef xmlns:dgm="%s" xmlns:a="%s" uniqueId="%s">'
              '<dgm:title val=""/><dgm:desc val=""/>'
              '<dgm:catLst><dgm:cat type="process" pri="1000"/><dgm:cat type="convert" pri="15000"/></dgm:catLst>'
              '<dgm:sampData><dgm:dataModel><dgm:ptLst><dgm:pt modelId="0" type="doc"/>'
              '<dgm:pt modelId="1"><dgm:prSet phldr="1"/></dgm:pt><dgm:pt modelId="2"><dgm:prSet phldr="1"/></dgm:pt>'
              '<dgm:pt modelId="3"><dgm:prSet phldr="1"/></dgm:pt></dgm:ptLst><dgm:cxnLst>'
              '<dgm:cxn modelId="4" srcId="0" destId="1" srcOrd="0" destOrd="0"/>'
              '<dgm:cxn modelId="5" srcId="0" destId="2" srcOrd="1" destOrd="0"/>'
              '<dgm:cxn modelId="6" srcId="0" destId="3" srcOrd="2" destOrd="0"/></dgm:cxnLst>'
              '<dgm:bg/><dgm:whole/></dgm:dataModel></dgm:sampData>'
              '<dgm:styleData><dgm:dataModel><dgm:ptLst><dgm:pt modelId="0" type="doc"/><dgm:pt modelId="1"/>'
              '<dgm:pt modelId="2"/></dgm:ptLst><dgm:cxnLst>'
              '<dgm:cxn modelId="3" srcId="0" destId="1" srcOrd="0" destOrd="0"/>'
              '<dgm:cxn modelId="4" srcId="0" destId="2" srcOrd="1" destOrd="0"/></dgm:cxnLst>'
              '<dgm:bg/><dgm:whole/></dgm:dataModel></dgm:styleData>'
              '<dgm:clrData><dgm:dataModel><dgm:ptLst><dgm:pt modelId="0" type="doc"/><dgm:pt modelId="1"/>'
              '<dgm:pt modelId="2"/><dgm:pt modelId="3"/><dgm:pt modelId="4"/><dgm:pt modelId="5"/>'
              '<dgm:pt modelId="6"/></dgm:ptLst><dgm:cxnLst>'
              '<dgm:cxn modelId="7" srcId="0" destId="1" srcOrd="0" destOrd="0"/>'
              '<dgm:cxn modelId="8" srcId="0" destId="2" srcOrd="1" destOrd="0"/>'
              '<dgm:cxn modelId="9" srcId="0" destId="3" srcOrd="2" destOrd="0"/>'
              '<dgm:cxn modelId="10" srcId="0" destId="4" srcOrd="3" destOrd="0"/>'
              '<dgm:cxn modelId="11" srcId="0" destId="5" srcOrd="4" destOrd="0"/>'
              '<dgm:cxn modelId="12" srcId="0" destId="6" srcOrd="5" destOrd="0"/></dgm:cxnLst>'
              '<dgm:bg/><dgm:whole/></dgm:dataModel></dgm:clrData>'
              '<dgm:layoutNode name="Name0"><dgm:varLst><dgm:dir/><dgm:resizeHandles val="exact"/></dgm:varLst>'
              '<dgm:choose name="Name1"><dgm:if name="Name2" func="var" arg="dir" op="equ" val="norm">'
              '<dgm:alg type="lin"/></dgm:if><dgm:else name="Name3"><dgm:alg type="lin">'
              '<dgm:param type="linDir" val="fromR"/></dgm:alg></dgm:else></dgm:choose>'
              '<dgm:shape xmlns:r="%s" r:blip=""><dgm:adjLst/></dgm:shape><dgm:presOf/>'
              '<dgm:constrLst>'
              '<dgm:constr type="w" for="ch" forName="node" refType="w"/>'
              '<dgm:constr type="h" for="ch" forName="node" refType="w" refFor="ch" refForName="node" fact="0.6"/>'
              '<dgm:constr type="w" for="ch" forName="sibTrans" refType="w" refFor="ch" refForName="node" fact="0.4"/>'
              '<dgm:constr type="h" for="ch" forName="sibTrans" refType="h" refFor="ch" refForName="sibTrans" op="equ"/>'
              '<dgm:constr type="primFontSz" for="ch" forName="node" op="equ" val="65"/>'
              '<dgm:constr type="primFontSz" for="des" forName="connectorText" op="equ" val="55"/>'
              '<dgm:constr type="primFontSz" for="des" forName="connectorText" refType="primFontSz" refFor="ch" '
              'refForName="node" op="lte" fact="0.8"/>'
              '</dgm:constrLst><dgm:ruleLst/>'
              '<dgm:forEach name="Name4" axis="ch" ptType="node">'
              '<dgm:layoutNode name="node"><dgm:varLst><dgm:bulletEnabled val="1"/></dgm:varLst><dgm:alg type="tx"/>'
              '<dgm:shape xmlns:r="%s" type="roundRect" r:blip=""><dgm:adjLst><dgm:adj idx="1" val="0.1"/></dgm:adjLst>'
              '</dgm:shape><dgm:presOf axis="desOrSelf" ptType="node"/><dgm:constrLst>'
              '<dgm:constr type="tMarg" refType="primFontSz" fact="0.3"/>'
              '<dgm:constr type="bMarg" refType="primFontSz" fact="0.3"/>'
              '<dgm:constr type="lMarg" refType="primFontSz" fact="0.3"/>'
              '<dgm:constr type="rMarg" refType="primFontSz" fact="0.3"/></dgm:constrLst>'
              '<dgm:ruleLst><dgm:rule type="primFontSz" val="5" fact="NaN" max="NaN"/></dgm:ruleLst></dgm:layoutNode>'
              '<dgm:forEach name="Name5" axis="followSib" ptType="sibTrans" cnt="1">'
              '<dgm:layoutNode name="sibTrans"><dgm:alg type="conn"/>'
              '<dgm:shape xmlns:r="%s" type="conn" r:blip=""><dgm:adjLst/></dgm:shape><dgm:presOf axis="self"/>'
              '<dgm:constrLst><dgm:constr type="h" refType="w" fact="0.62"/><dgm:constr type="connDist"/>'
              '<dgm:constr type="begPad" refType="connDist" fact="0.25"/>'
              '<dgm:constr type="endPad" refType="connDist" fact="0.22"/></dgm:constrLst><dgm:ruleLst/>'
              '<dgm:forEach name="Name6" axis="self" ptType="sibTrans"><dgm:layoutNode name="connectorText">'
              '<dgm:alg type="tx"><dgm:param type="autoTxRot" val="grav"/></dgm:alg>'
              '<dgm:shape xmlns:r="%s" type="conn" r:blip="" hideGeom="1"><dgm:adjLst/></dgm:shape>'
              '<dgm:presOf axis="self"/><dgm:constrLst><dgm:constr type="lMarg"/><dgm:constr type="rMarg"/>'
              '<dgm:constr type="tMarg"/><dgm:constr type="bMarg"/></dgm:constrLst><dgm:ruleLst/></dgm:layoutNode>'
              '</dgm:forEach></dgm:layoutNode></dgm:forEach></dgm:forEach></dgm:layoutNode></dgm:layoutDef>'
              % (NS_DGM, NS_A, LO, NS_R, NS_R, NS_R, NS_R))


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


def build_drawing(items, pres_node, pres_sib, fw, fh):
    n = len(items)
    # basic-process geometry: node w, gap 0.4 w, node h 0.6 w
    w = int(fw / (n + 0.4 * (n - 1)))
    h = int(w * 0.6)
    if h > fh:
        h = fh
    gap = int(w * 0.4)
    top = int((fh - h) / 2)
    aw, ah = int(w * 0.27), int(w * 0.2)
    sps = []
    for i, txt in enumerate(items):
        x = i * (w + gap)
        clr = ACC[i % len(ACC)]
        sps.append(
            '<dsp:sp modelId="%s"><dsp:nvSpPr><dsp:cNvPr id="0" name=""/><dsp:cNvSpPr/></dsp:nvSpPr>'
            '<dsp:spPr><a:xfrm><a:off x="%d" y="%d"/><a:ext cx="%d" cy="%d"/></a:xfrm>'
            '<a:prstGeom prst="roundRect"><a:avLst><a:gd name="adj" fmla="val 10000"/></a:avLst></a:prstGeom>'
            '<a:solidFill><a:schemeClr val="%s"><a:hueOff val="0"/><a:satOff val="0"/><a:lumOff val="0"/>'
            '<a:alphaOff val="0"/></a:schemeClr></a:solidFill><a:ln w="25400" cap="flat" cmpd="sng" algn="ctr">'
            '<a:solidFill><a:schemeClr val="lt1"><a:hueOff val="0"/><a:satOff val="0"/><a:lumOff val="0"/>'
            '<a:alphaOff val="0"/></a:schemeClr></a:solidFill><a:prstDash val="solid"/></a:ln><a:effectLst/></dsp:spPr>'
            '<dsp:style><a:lnRef idx="2"><a:scrgbClr r="0" g="0" b="0"/></a:lnRef><a:fillRef idx="1">'
            '<a:scrgbClr r="0" g="0" b="0"/></a:fillRef><a:effectRef idx="0"><a:scrgbClr r="0" g="0" b="0"/>'
            '</a:effectRef><a:fontRef idx="minor"><a:schemeClr val="lt1"/></a:fontRef></dsp:style>'
            '<dsp:txBody><a:bodyPr spcFirstLastPara="0" vert="horz" wrap="square" lIns="91440" tIns="91440" '
            'rIns="91440" bIns="91440" numCol="1" spcCol="1270" anchor="ctr" anchorCtr="0"><a:noAutofit/>'
            '</a:bodyPr><a:lstStyle/><a:p><a:pPr marL="0" lvl="0" indent="0" algn="ctr" defTabSz="1066800">'
            '<a:lnSpc><a:spcPct val="90000"/></a:lnSpc><a:spcBef><a:spcPct val="0"/></a:spcBef>'
            '<a:spcAft><a:spcPct val="35000"/></a:spcAft></a:pPr><a:r><a:rPr lang="zh-CN" altLang="en-US" '
            'sz="3200" kern="1200"/><a:t>%s</a:t></a:r></a:p></dsp:txBody>'
            '<dsp:txXfrm><a:off x="%d" y="%d"/><a:ext cx="%d" cy="%d"/></dsp:txXfrm></dsp:sp>'
            % (pres_node[i], x, top, w, h, clr, esc(txt), x + int(h * 0.03), top + int(h * 0.03),
               w - int(h * 0.06), h - int(h * 0.06)))
        if i < n - 1:
            ax = x + w + int((gap - aw) / 2)
            ay = top + int((h - ah) / 2)
            sps.append(
                '<dsp:sp modelId="%s"><dsp:nvSpPr><dsp:cNvPr id="0" name=""/><dsp:cNvSpPr/></dsp:nvSpPr>'
                '<dsp:spPr><a:xfrm><a:off x="%d" y="%d"/><a:ext cx="%d" cy="%d"/></a:xfrm>'
                '<a:prstGeom prst="rightArrow"><a:avLst><a:gd name="adj1" fmla="val 60000"/>'
                '<a:gd name="adj2" fmla="val 50000"/></a:avLst></a:prstGeom>'
                '<a:solidFill><a:schemeClr val="%s"><a:tint val="60000"/><a:hueOff val="0"/><a:satOff val="0"/>'
                '<a:lumOff val="0"/><a:alphaOff val="0"/></a:schemeClr></a:solidFill><a:ln><a:noFill/></a:ln>'
                '<a:effectLst/></dsp:spPr><dsp:style><a:lnRef idx="0"><a:scrgbClr r="0" g="0" b="0"/></a:lnRef>'
                '<a:fillRef idx="1"><a:scrgbClr r="0" g="0" b="0"/></a:fillRef><a:effectRef idx="0">'
                '<a:scrgbClr r="0" g="0" b="0"/></a:effectRef><a:fontRef idx="minor"><a:schemeClr val="lt1"/>'
                '</a:fontRef></dsp:style><dsp:txBody><a:bodyPr spcFirstLastPara="0" vert="horz" wrap="square" '
                'lIns="0" tIns="0" rIns="0" bIns="0" numCol="1" spcCol="1270" anchor="ctr" anchorCtr="0">'
                '<a:noAutofit/></a:bodyPr><a:lstStyle/><a:p><a:pPr marL="0" lvl="0" indent="0" algn="ctr" '
                'defTabSz="889000"><a:lnSpc><a:spcPct val="90000"/></a:lnSpc><a:spcBef><a:spcPct val="0"/>'
                '</a:spcBef><a:spcAft><a:spcPct val="35000"/></a:spcAft></a:pPr><a:endParaRPr lang="zh-CN" '
                'altLang="en-US" sz="2000" kern="1200"/></a:p></dsp:txBody><dsp:txXfrm><a:off x="%d" y="%d"/>'
                '<a:ext cx="%d" cy="%d"/></dsp:txXfrm></dsp:sp>'
                % (pres_sib[i], ax, ay, aw, ah, ACC[i % len(ACC)], ax, ay + int(ah * 0.2), int(aw * 0.7),
                   int(ah * 0.6)))
    xml = ('<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'
           '<dsp:drawing xmlns:dgm="%s" xmlns:dsp="%s" xmlns:a="%s"><dsp:spTree><dsp:nvGrpSpPr>'
           '<dsp:cNvPr id="0" name=""/><dsp:cNvGrpSpPr/></dsp:nvGrpSpPr><dsp:grpSpPr/>%s</dsp:spTree></dsp:drawing>'
           % (NS_DGM, NS_DSP, NS_A, "".join(sps)))
    return xml.encode("utf-8")


def add_smartart(slide, items, x, y, cx, cy):
    pkg = prs.part.package
    base = "http://schemas.openxmlformats.org/officeDocument/2006/relationships/"
    # find a free diagram number
    existing = {str(p.partname) for p in pkg.iter_parts()}
    k = 1
    while "/ppt/diagrams/data%d.xml" % k in existing:
        k += 1
    ct = "application/vnd.openxmlformats-officedocument.drawingml."
    # drawing part first (the data model refers to its rId in the slide rels)
    dummy_nodes = None
    drawing_part = Part(PackURI("/ppt/diagrams/drawing%d.xml" % k), "application/vnd.ms-office.drawingml.diagramDrawing+xml",
                        pkg, b"")
    rid_dr = slide.part.relate_to(drawing_part, "http://schemas.microsoft.com/office/2007/relationships/diagramDrawing")
    data_blob, pres_node, pres_sib = build_data(items, rid_dr)
    drawing_part._blob = build_drawing(items, pres_node, pres_sib, cx, cy)
    data_part = Part(PackURI("/ppt/diagrams/data%d.xml" % k), ct + "diagramData+xml", pkg, data_blob)
    lo_part = Part(PackURI("/ppt/diagrams/layout%d.xml" % k), ct + "diagramLayout+xml", pkg,
                   LAYOUT_XML.encode("utf-8"))
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




# ---------- Step 1 ----------
s1 = slides[0]
t1 = title_shape(s1)
for p in t1.text_frame.paragraphs:
    for r in p.runs:
        r.font.size = Pt(54)
        r.font.color.rgb = RGBColor(0x00, 0x70, 0xC0)
        set_ea(r._r.get_or_add_rPr(), "微软雅黑")
sub = body_shape(s1)
for p in sub.text_frame.paragraphs:
    for r in p.runs:
        r._r.get_or_add_rPr().set("spc", "300")

# ---------- Step 2: SmartArt ----------
s2 = slides[1]
b2 = body_shape(s2)
items = [p.text.strip() for p in b2.text_frame.paragraphs if p.text.strip()]
# keep the SmartArt where the content placeholder was (layout position)
x, y, cx, cy = b2.left, b2.top, b2.width, b2.height
if x is None or cx is None:
    x, y, cx, cy = 457200, 1600200, 8229600, 4525963
b2._element.getparent().remove(b2._element)
add_smartart(s2, items, int(x), int(y), int(cx), int(cy))

# ---------- Step 3: picture ----------
s3 = slides[2]
pic = [sh for sh in s3.shapes if sh.shape_type is not None and sh.shape_type == 13][0]
ratio = pic.height / pic.width
new_w = 4320000
pic.width = Emu(new_w)
pic.height = Emu(int(round(new_w * ratio)))
pic.left = Emu(int((SW - new_w) / 2))
locks = pic._element.find(".//" + qn("a:picLocks"))
if locks is None:
    cNvPicPr = pic._element.find(".//" + qn("p:cNvPicPr"))
    locks = etree.SubElement(cNvPicPr, qn("a:picLocks"))
locks.set("noChangeAspect", "1")


# ---------- Step 4: animations ----------
def tgt(spid):
    return '<p:tgtEl><p:spTgt spid="%d"/></p:tgtEl>' % spid


def vis(i, spid):
    return ('<p:set><p:cBhvr><p:cTn id="%d" dur="1" fill="hold"><p:stCondLst><p:cond delay="0"/></p:stCondLst>'
            '</p:cTn>%s<p:attrNameLst><p:attrName>style.visibility</p:attrName></p:attrNameLst></p:cBhvr>'
            '<p:to><p:strVal val="visible"/></p:to></p:set>' % (i, tgt(spid)))


def anim(i, spid, attr, frm, to, dur):
    return ('<p:anim calcmode="lin" valueType="num"><p:cBhvr additive="base"><p:cTn id="%d" dur="%d" fill="hold"/>'
            '%s<p:attrNameLst><p:attrName>%s</p:attrName></p:attrNameLst></p:cBhvr><p:tavLst>'
            '<p:tav tm="0"><p:val><p:strVal val="%s"/></p:val></p:tav><p:tav tm="100000"><p:val>'
            '<p:strVal val="%s"/></p:val></p:tav></p:tavLst></p:anim>' % (i, dur, tgt(spid), attr, frm, to))


pid = pic.shape_id
tid = title_shape(s3).shape_id
zoom = ('<p:par><p:cTn id="5" presetID="53" presetClass="entr" presetSubtype="16" fill="hold" grpId="0" nodeType="clickEffect">'
        '<p:stCondLst><p:cond delay="0"/></p:stCondLst><p:childTnLst>%s%s%s'
        '<p:animEffect transition="in" filter="fade"><p:cBhvr><p:cTn id="9" dur="500"/>%s</p:cBhvr></p:animEffect>'
        '</p:childTnLst></p:cTn></p:par>'
        % (vis(6, pid), anim(7, pid, "ppt_w", "0", "#ppt_w", 500), anim(8, pid, "ppt_h", "0", "#ppt_h", 500), tgt(pid)))
fly = ('<p:par><p:cTn id="11" presetID="2" presetClass="entr" presetSubtype="4" fill="hold" grpId="0" '
       'nodeType="afterEffect"><p:stCondLst><p:cond delay="0"/></p:stCondLst><p:childTnLst>%s%s%s'
       '</p:childTnLst></p:cTn></p:par>'
       % (vis(12, tid), anim(13, tid, "ppt_x", "#ppt_x", "#ppt_x", 500),
          anim(14, tid, "ppt_y", "1+#ppt_h/2", "#ppt_y", 500)))
timing = ('<p:timing xmlns:p="%s"><p:tnLst><p:par><p:cTn id="1" dur="indefinite" restart="never" nodeType="tmRoot">'
          '<p:childTnLst><p:seq concurrent="1" nextAc="seek"><p:cTn id="2" dur="indefinite" nodeType="mainSeq">'
          '<p:childTnLst><p:par><p:cTn id="3" fill="hold"><p:stCondLst><p:cond delay="indefinite"/></p:stCondLst>'
          '<p:childTnLst><p:par><p:cTn id="4" fill="hold"><p:stCondLst><p:cond delay="0"/></p:stCondLst>'
          '<p:childTnLst>%s</p:childTnLst></p:cTn></p:par><p:par><p:cTn id="10" fill="hold"><p:stCondLst>'
          '<p:cond delay="500"/></p:stCondLst><p:childTnLst>%s</p:childTnLst></p:cTn></p:par></p:childTnLst>'
          '</p:cTn></p:par></p:childTnLst></p:cTn><p:prevCondLst><p:cond evt="onPrev" delay="0"><p:tgtEl>'
          '<p:sldTgt/></p:tgtEl></p:cond></p:prevCondLst><p:nextCondLst><p:cond evt="onNext" delay="0"><p:tgtEl>'
          '<p:sldTgt/></p:tgtEl></p:cond></p:nextCondLst></p:seq></p:childTnLst></p:cTn></p:par></p:tnLst>'
          '<p:bldLst><p:bldP spid="%d" grpId="0"/></p:bldLst></p:timing>' % (NS_P, zoom, fly, tid))

# ---------- Step 5: hyperlink ----------
s4 = slides[3]
URL = "https://techfest.example.edu.cn/signup"
LINK = "点击报名"
b4 = body_shape(s4)
for p in b4.text_frame.paragraphs:
    if LINK in p.text and not any(r.text == LINK for r in p.runs):
        for r in list(p.runs):
            if LINK in r.text:
                before, after = r.text.split(LINK, 1)
                r_el = r._r
                for t in (before, LINK, after):
                    if t:
                        nr = copy.deepcopy(r_el)
                        nr.find(qn("a:t")).text = t
                        r_el.addprevious(nr)
                r_el.getparent().remove(r_el)
                break
    for r in p.runs:
        if r.text == LINK:
            r.hyperlink.address = URL


# ---------- Step 7: transitions (+ insert timing in order) ----------
def add_transition(slide):
    el = slide._element
    for old in el.findall(qn("p:transition")):
        el.remove(old)
    for old in el.findall("{%s}AlternateContent" % NS_MC):
        if old.find(".//" + qn("p:transition")) is not None:
            el.remove(old)
    ac = E('<mc:AlternateContent xmlns:mc="%s"><mc:Choice xmlns:p14="%s" Requires="p14">'
           '<p:transition xmlns:p="%s" spd="slow" p14:dur="1500"><p:randomBar dir="vert"/></p:transition>'
           '</mc:Choice><mc:Fallback><p:transition xmlns:p="%s" spd="slow"><p:randomBar dir="vert"/>'
           '</p:transition></mc:Fallback></mc:AlternateContent>' % (NS_MC, NS_P14, NS_P, NS_P))
    anchor = el.find(qn("p:clrMapOvr"))
    if anchor is None:
        anchor = el.find(qn("p:cSld"))
    anchor.addnext(ac)
    return ac


for s in slides:
    ac = add_transition(s)
    if s._element is s3._element:
        for old in s3._element.findall(qn("p:timing")):
            s3._element.remove(old)
        ac.addnext(E(timing))

# ---------- Step 6: sections ----------
p_el = prs.part._element
sld_ids = [e.get("id") for e in p_el.find(qn("p:sldIdLst")).findall(qn("p:sldId"))]
sections = [("封面", sld_ids[0:1]), ("活动介绍", sld_ids[1:4])]
sec = ['<p14:sectionLst xmlns:p14="%s">' % NS_P14]
for name, ids_ in sections:
    sec.append('<p14:section name="%s" id="%s"><p14:sldIdLst>%s</p14:sldIdLst></p14:section>'
               % (name, gid(), "".join('<p14:sldId id="%s"/>' % i for i in ids_)))
sec.append('</p14:sectionLst>')
ext_lst = p_el.find(qn("p:extLst"))
if ext_lst is None:
    ext_lst = etree.SubElement(p_el, qn("p:extLst"))
for ext in ext_lst.findall(qn("p:ext")):
    if ext.get("uri") == "{521415D9-36F7-43E2-AB2F-B90AF26B5E84}":
        ext_lst.remove(ext)
ext = etree.Element(qn("p:ext"))
ext.set("uri", "{521415D9-36F7-43E2-AB2F-B90AF26B5E84}")
ext.append(E("".join(sec)))
ext_lst.insert(0, ext)

# ---------- Step 8: loop until Esc ----------
pp_part = None
for rel in prs.part.rels.values():
    if rel.reltype.endswith("/presProps"):
        pp_part = rel.target_part
pp = etree.fromstring(pp_part.blob)
old_show = pp.find("{%s}showPr" % NS_P)
if old_show is not None:
    old_show.set("loop", "1")
else:
    show = E('<p:showPr xmlns:p="%s" xmlns:a="%s" loop="1" showNarration="1"><p:present/><p:sldAll/>'
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

prs.save("output.pptx")
