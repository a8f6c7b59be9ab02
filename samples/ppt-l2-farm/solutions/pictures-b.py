# Independent solution written from the prompt alone (ppt-l2-farm, with pictures)
# Step 1: master p:titleStyle -> ea 微软雅黑, b=1, colour #1E6B3A (sampled from example-1.png);
#         p:bodyStyle lvl1pPr -> ea 仿宋 (first level only).
# Step 2: master spTree gets a rect "顶部色条" at (0,0), width = slide width, height 360000 EMU (1 cm),
#         solid fill #8BC34A (sampled from example-1.png), <a:ln><a:noFill/></a:ln>.
# Step 3: "Title Slide" layout: showMasterSp="0" (hide background graphics) and p:bg solid fill #EAF4E4
#         (sampled from example-2.png).
# Step 4: slide 1 title runs sz=4800.
# Step 5: "目录" paragraphs: each run gets <a:hlinkClick action="ppaction://hlinksldjump"> to the slide whose
#         title equals the line's text.
# Step 6: "建设历程": real SmartArt (data/layout/quickStyle/colors/drawing parts) with layout Basic Process
#         (process1), colours colorful1 (彩色-个性色, as example-3.png), quick style simple4 (中等效果);
#         nodes in the original order; the body placeholder is removed.
# Step 7: every slide: <p:transition spd="slow" p14:dur="1250"><p:wipe dir="r"/></p:transition>
#         (wipe from left), PowerPoint-style mc:AlternateContent.
# Step 8: "核心技术": main sequence - click: title Fade (presetID 10); then one click per body paragraph:
#         Wipe (presetID 22, subtype 4 = from bottom, filter wipe(up)).
# Step 9: "常见问题": rounded rectangle "查看答案" (fill #F57C00 sampled from example-4.png, white text) lower
#         left; text box "答案" with the answer text.
# Step 10: interactive sequence (trigger = click on 查看答案) containing Appear on 答案.
# Step 11: slides 2-12 get date (fixed text 2026年12月, idx 10), footer (idx 11) and slide number (idx 12)
#          placeholders; slide 1 (title slide) gets none.
# Step 12: "示范园分区" -> show="0".
# Step 13: "联系我们": "项目官网" split into its own run with external hyperlink; action button
#          actionButtonEnd named 结束放映, hlinkClick ppaction://hlinkshowjump?jump=endshow, bottom right.
# Step 14: notes on "运营成效".
# Step 15: p14:sectionLst: 封面与目录(1-2) 项目概况(3-6) 成效与问答(7-10) 展望(11-12).
# Step 16: p:custShowLst custom show 精简汇报 = slides 1,4,8,11; presProps showPr loop="1" with <p:present/>
#          and <p:custShow id="0"/> (show = that custom show, loop until Esc).
# Step 17: titles untouched (slide 1 title only gets a size).
import copy
import uuid

from lxml import etree
from pptx import Presentation
from pptx.enum.shapes import MSO_SHAPE
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
RT_SLIDE = "http://schemas.openxmlformats.org/officeDocument/2006/relationships/slide"

TITLE_COLOR = "1E6B3A"
BAR_COLOR = "8BC34A"
TITLE_BG = "EAF4E4"
BTN_COLOR = "F57C00"
FOOTER_TEXT = "青禾智慧农业示范园"
DATE_TEXT = "2026年12月"


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


def title_text(slide):
    t = title_shape(slide)
    return t.text_frame.text.strip() if t is not None else ""


def find_slide(prs, title):
    for s in prs.slides:
        if title_text(s) == title:
            return s
    raise KeyError(title)


def next_id(slide):
    ids = [int(x) for x in slide._element.xpath("//p:cNvPr/@id")]
    return max(ids + [1]) + 1


def set_ea(defrpr, typeface):
    ea = defrpr.find(qn("a:ea"))
    if ea is None:
        ea = etree.Element(qn("a:ea"))
        lat = defrpr.find(qn("a:latin"))
        if lat is not None:
            lat.addnext(ea)
        else:
            cs = defrpr.find(qn("a:cs"))
            if cs is not None:
                cs.addprevious(ea)
            else:
                defrpr.append(ea)
    ea.set("typeface", typeface)


def set_solid(defrpr, hexclr):
    for child in list(defrpr):
        if child.tag in (qn("a:solidFill"), qn("a:noFill"), qn("a:gradFill")):
            defrpr.remove(child)
    fill = E('<a:solidFill xmlns:a="%s"><a:srgbClr val="%s"/></a:solidFill>' % (NS_A, hexclr))
    # solidFill goes before latin/ea/cs, after ln
    ln = defrpr.find(qn("a:ln"))
    if ln is not None:
        ln.addnext(fill)
    else:
        defrpr.insert(0, fill)


prs = Presentation("input.pptx")
slides = list(prs.slides)
SW, SH = prs.slide_width, prs.slide_height
master = prs.slide_master
m_el = master._element

# ---------- Step 1 ----------
title_style = m_el.find(qn("p:txStyles") + "/" + qn("p:titleStyle"))
for lvl in title_style:
    d = lvl.find(qn("a:defRPr"))
    if d is None:
        continue
    d.set("b", "1")
    set_solid(d, TITLE_COLOR)
    set_ea(d, "微软雅黑")
body_style = m_el.find(qn("p:txStyles") + "/" + qn("p:bodyStyle"))
lvl1 = body_style.find(qn("a:lvl1pPr"))
set_ea(lvl1.find(qn("a:defRPr")), "仿宋")

# master placeholders' sample text mirrors it (cosmetic; master view)
for sh in master.placeholders:
    if sh.placeholder_format.idx == 0:
        for p in sh.text_frame.paragraphs:
            for r in p.runs:
                r.font.bold = True
                r.font.color.rgb = RGBColor.from_string(TITLE_COLOR)
                set_ea(r._r.get_or_add_rPr(), "微软雅黑")
    elif sh.placeholder_format.idx == 1:
        for p in sh.text_frame.paragraphs:
            if p.level == 0:
                for r in p.runs:
                    set_ea(r._r.get_or_add_rPr(), "仿宋")

# ---------- Step 2: top bar on master ----------
m_tree = m_el.find(qn("p:cSld") + "/" + qn("p:spTree"))
m_ids = [int(x) for x in m_el.xpath("//p:cNvPr/@id")]
bar_id = max(m_ids) + 1
bar = E(
    '<p:sp xmlns:p="%s" xmlns:a="%s"><p:nvSpPr><p:cNvPr id="%d" name="顶部色条"/><p:cNvSpPr/><p:nvPr userDrawn="1"/>'
    '</p:nvSpPr><p:spPr><a:xfrm><a:off x="0" y="0"/><a:ext cx="%d" cy="360000"/></a:xfrm>'
    '<a:prstGeom prst="rect"><a:avLst/></a:prstGeom><a:solidFill><a:srgbClr val="%s"/></a:solidFill>'
    '<a:ln><a:noFill/></a:ln></p:spPr><p:txBody><a:bodyPr rtlCol="0" anchor="ctr"/><a:lstStyle/>'
    '<a:p><a:pPr algn="ctr"/><a:endParaRPr lang="zh-CN" altLang="en-US"/></a:p></p:txBody></p:sp>'
    % (NS_P, NS_A, bar_id, SW, BAR_COLOR))
# behind the placeholders: right after grpSpPr
m_tree.find(qn("p:grpSpPr")).addnext(bar)

# ---------- Step 3: title slide layout ----------
title_layout = None
for lay in master.slide_layouts:
    if lay.name == "Title Slide":
        title_layout = lay
if title_layout is None:
    title_layout = slides[0].slide_layout
tl = title_layout._element
tl.set("showMasterSp", "0")
tcSld = tl.find(qn("p:cSld"))
old = tcSld.find(qn("p:bg"))
if old is not None:
    tcSld.remove(old)
tcSld.insert(0, E('<p:bg xmlns:p="%s" xmlns:a="%s"><p:bgPr><a:solidFill><a:srgbClr val="%s"/></a:solidFill>'
                  '<a:effectLst/></p:bgPr></p:bg>' % (NS_P, NS_A, TITLE_BG)))

# ---------- Step 4 ----------
for p in title_shape(slides[0]).text_frame.paragraphs:
    for r in p.runs:
        r.font.size = Pt(48)

# slides by title
s_toc = find_slide(prs, "目录")
s_hist = find_slide(prs, "建设历程")
s_tech = find_slide(prs, "核心技术")
s_zone = find_slide(prs, "示范园分区")
s_eff = find_slide(prs, "运营成效")
s_faq = find_slide(prs, "常见问题")
s_contact = find_slide(prs, "联系我们")

# ---------- Step 5: TOC hyperlinks ----------
for p in body_shape(s_toc).text_frame.paragraphs:
    line = p.text.strip()
    if not line:
        continue
    target = None
    for s in prs.slides:
        if title_text(s) == line and s._element is not s_toc._element:
            target = s
            break
    if target is None:
        continue
    rid = s_toc.part.relate_to(target.part, RT_SLIDE)
    for r in p.runs:
        rPr = r._r.get_or_add_rPr()
        for h in rPr.findall(qn("a:hlinkClick")):
            rPr.remove(h)
        hl = E('<a:hlinkClick xmlns:a="%s" xmlns:r="%s" r:id="%s" action="ppaction://hlinksldjump"/>'
               % (NS_A, NS_R, rid))
        # hlinkClick goes after fills/fonts in rPr: append is fine for a bare rPr
        rPr.append(hl)

# ---------- Step 6: SmartArt ----------
hist_body = body_shape(s_hist)
items = [p.text.strip() for p in hist_body.text_frame.paragraphs if p.text.strip()]
hb_el = hist_body._element
hb_el.getparent().remove(hb_el)

LO = "urn:microsoft.com/office/officeart/2005/8/layout/process1"
QS = "urn:microsoft.com/office/officeart/2005/8/quickstyle/simple4"
CS = "urn:microsoft.com/office/officeart/2005/8/colors/colorful1"


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
           'qsCatId="simple" csTypeId="%s" csCatId="colorful" phldr="1"/><dgm:spPr/>%s</dgm:pt>'
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
    ("node0", 0, 3, 2, "lt1"), ("lnNode1", 0, 3, 2, "lt1"), ("vennNode1", 0, 3, 2, "tx1"),
    ("alignNode1", 0, 3, 2, "lt1"), ("node1", 0, 3, 2, "lt1"), ("node2", 0, 3, 2, "lt1"),
    ("node3", 0, 3, 2, "lt1"), ("node4", 0, 3, 2, "lt1"), ("fgImgPlace1", 0, 3, 2, "lt1"),
    ("alignImgPlace1", 0, 3, 2, "lt1"), ("bgImgPlace1", 0, 3, 2, "lt1"), ("sibTrans2D1", 0, 3, 2, "lt1"),
    ("fgSibTrans2D1", 0, 3, 2, "lt1"), ("bgSibTrans2D1", 0, 3, 2, "lt1"), ("sibTrans1D1", 1, 0, 0, "tx1"),
    ("callout", 2, 1, 0, "tx1"), ("asst0", 0, 3, 2, "lt1"), ("asst1", 0, 3, 2, "lt1"),
    ("asst2", 0, 3, 2, "lt1"), ("asst3", 0, 3, 2, "lt1"), ("asst4", 0, 3, 2, "lt1"),
    ("parChTrans2D1", 0, 3, 2, "lt1"), ("parChTrans2D2", 0, 3, 2, "lt1"), ("parChTrans2D3", 0, 3, 2, "lt1"),
    ("parChTrans2D4", 0, 3, 2, "lt1"), ("parChTrans1D1", 2, 0, 0, "tx1"), ("parChTrans1D2", 2, 0, 0, "tx1"),
    ("parChTrans1D3", 2, 0, 0, "tx1"), ("parChTrans1D4", 2, 0, 0, "tx1"), ("fgAcc1", 1, 1, 0, "tx1"),
    ("conFgAcc1", 1, 1, 0, "tx1"), ("alignAcc1", 1, 1, 0, "tx1"), ("trAlignAcc1", 1, 1, 0, "tx1"),
    ("bgAcc1", 1, 1, 0, "tx1"), ("solidFgAcc1", 1, 1, 0, "tx1"), ("solidAlignAcc1", 1, 1, 0, "tx1"),
    ("solidBgAcc1", 1, 1, 0, "tx1"), ("fgAccFollowNode1", 0, 1, 0, "tx1"),
    ("alignAccFollowNode1", 0, 1, 0, "tx1"), ("bgAccFollowNode1", 0, 1, 0, "tx1"), ("fgAcc0", 1, 1, 0, "tx1"),
    ("fgAcc2", 1, 1, 0, "tx1"), ("fgAcc3", 1, 1, 0, "tx1"), ("fgAcc4", 1, 1, 0, "tx1"),
    ("bgShp", 0, 1, 0, "tx1"), ("dkBgShp", 0, 3, 2, "lt1"), ("trBgShp", 0, 1, 0, "lt1"),
    ("fgShp", 0, 3, 2, "lt1"), ("revTx", 0, 0, 0, "tx1"),
]
QS_XML = ('<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'
          '<dgm:styleDef xmlns:dgm="%s" xmlns:a="%s" uniqueId="%s"><dgm:title val=""/><dgm:desc val=""/>'
          '<dgm:catLst><dgm:cat type="simple" pri="10400"/></dgm:catLst>'
          '<dgm:scene3d><a:camera prst="orthographicFront"/><a:lightRig rig="threePt" dir="t"/></dgm:scene3d>'
          '<dgm:styleLbl name="node0"><dgm:scene3d><a:camera prst="orthographicFront"/>'
          '<a:lightRig rig="threePt" dir="t"/></dgm:scene3d><dgm:sp3d/><dgm:txPr/><dgm:style>'
          '<a:lnRef idx="0"><a:scrgbClr r="0" g="0" b="0"/></a:lnRef><a:fillRef idx="3"><a:scrgbClr r="0" g="0" b="0"/>'
          '</a:fillRef><a:effectRef idx="2"><a:scrgbClr r="0" g="0" b="0"/></a:effectRef><a:fontRef idx="minor">'
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


ACC = ["accent2", "accent3", "accent4", "accent5", "accent6"]
_cl = [
    _clr_lbl("node0", [sc("accent1")], [sc("lt1")]),
    _clr_lbl("alignNode1", [sc(a) for a in ACC], [sc(a) for a in ACC]),
    _clr_lbl("node1", [sc(a) for a in ACC], [sc("lt1")]),
    _clr_lbl("lnNode1", [sc(a) for a in ACC], [sc("lt1")]),
    _clr_lbl("vennNode1", [sc(a, '<a:alpha val="50000"/>') for a in ACC], [sc("lt1")], "tx1"),
    _clr_lbl("node2", [sc("accent2")], [sc("lt1")]),
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
    _clr_lbl("callout", [sc("accent2")], [sc("accent2", '<a:tint val="50000"/>')], "tx1"),
    _clr_lbl("asst0", [sc("accent1")], [sc("lt1")]),
    _clr_lbl("asst1", [sc("accent2")], [sc("lt1")]),
    _clr_lbl("parChTrans2D1", [sc("accent2")], [sc("lt1")]),
    _clr_lbl("parChTrans1D1", [sc("accent2")], [sc("accent2")], "tx1"),
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
    _clr_lbl("fgAcc2", [sc("lt1", '<a:alpha val="90000"/>')], [sc("accent2")], "dk1"),
    _clr_lbl("bgShp", [sc("accent2", '<a:tint val="40000"/>')], [sc("accent2")], "dk1"),
    _clr_lbl("dkBgShp", [sc("accent2", '<a:shade val="90000"/>')], [sc("accent2")], "lt1"),
    _clr_lbl("trBgShp", [sc("accent1", '<a:tint val="50000"/><a:alpha val="40000"/>')], [sc("accent2")], "lt1"),
    _clr_lbl("fgShp", [sc("accent2", '<a:tint val="40000"/>')], [sc("lt1")], "dk1"),
    _clr_lbl("revTx", ['<a:schemeClr val="lt1"><a:alpha val="0"/></a:schemeClr>'],
             ['<a:schemeClr val="dk1"><a:alpha val="0"/></a:schemeClr>'], "tx1"),
]
CS_XML = ('<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'
          '<dgm:colorsDef xmlns:dgm="%s" xmlns:a="%s" uniqueId="%s"><dgm:title val=""/><dgm:desc val=""/>'
          '<dgm:catLst><dgm:cat type="colorful" pri="10100"/></dgm:catLst>' % (NS_DGM, NS_A, CS)
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
            '<a:alphaOff val="0"/></a:schemeClr></a:solidFill><a:ln><a:noFill/></a:ln>'
            '<a:effectLst><a:outerShdw blurRad="40000" dist="23000" dir="5400000" rotWithShape="0">'
            '<a:srgbClr val="000000"><a:alpha val="35000"/></a:srgbClr></a:outerShdw></a:effectLst></dsp:spPr>'
            '<dsp:style><a:lnRef idx="0"><a:scrgbClr r="0" g="0" b="0"/></a:lnRef><a:fillRef idx="3">'
            '<a:scrgbClr r="0" g="0" b="0"/></a:fillRef><a:effectRef idx="2"><a:scrgbClr r="0" g="0" b="0"/>'
            '</a:effectRef><a:fontRef idx="minor"><a:schemeClr val="lt1"/></a:fontRef></dsp:style>'
            '<dsp:txBody><a:bodyPr spcFirstLastPara="0" vert="horz" wrap="square" lIns="91440" tIns="91440" '
            'rIns="91440" bIns="91440" numCol="1" spcCol="1270" anchor="ctr" anchorCtr="0"><a:noAutofit/>'
            '</a:bodyPr><a:lstStyle/><a:p><a:pPr marL="0" lvl="0" indent="0" algn="ctr" defTabSz="1066800">'
            '<a:lnSpc><a:spcPct val="90000"/></a:lnSpc><a:spcBef><a:spcPct val="0"/></a:spcBef>'
            '<a:spcAft><a:spcPct val="35000"/></a:spcAft></a:pPr><a:r><a:rPr lang="zh-CN" altLang="en-US" '
            'sz="2400" kern="1200"/><a:t>%s</a:t></a:r></a:p></dsp:txBody>'
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
                '</dsp:spPr><dsp:style><a:lnRef idx="0"><a:scrgbClr r="0" g="0" b="0"/></a:lnRef>'
                '<a:fillRef idx="3"><a:scrgbClr r="0" g="0" b="0"/></a:fillRef><a:effectRef idx="2">'
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


fx = int(SW * 0.07)
add_smartart(s_hist, items, fx, 1600200, SW - 2 * fx, 4525963)

# ---------- Step 9: FAQ shapes ----------
btn = s_faq.shapes.add_shape(MSO_SHAPE.ROUNDED_RECTANGLE, Emu(1076000), Emu(4572000), Emu(2160000), Emu(720000))
btn.name = "查看答案"
btn.fill.solid()
btn.fill.fore_color.rgb = RGBColor.from_string(BTN_COLOR)
btn.line.fill.background()
btn.text_frame.text = "查看答案"
for p in btn.text_frame.paragraphs:
    for r in p.runs:
        r.font.color.rgb = RGBColor(255, 255, 255)
        r.font.size = Pt(20)
        rPr = r._r.get_or_add_rPr()
        rPr.set("lang", "zh-CN")
        rPr.set("altLang", "en-US")

ans = s_faq.shapes.add_textbox(Emu(1076000), Emu(2743200), Emu(8534400), Emu(584775))
ans.name = "答案"
ans.text_frame.word_wrap = True
ans.text_frame.text = "答：每周六上午开放，需提前在项目官网预约。"
for p in ans.text_frame.paragraphs:
    for r in p.runs:
        r.font.size = Pt(24)
        rPr = r._r.get_or_add_rPr()
        rPr.set("lang", "zh-CN")
        rPr.set("altLang", "en-US")

# ---------- Step 11: date / footer / slide number ----------
fld_id = "{C1FF6DA9-008F-8B48-92A6-B652298478BF}"
for fld in m_el.iter(qn("a:fld")):
    if fld.get("type") == "slidenum":
        fld_id = fld.get("id")
for i, s in enumerate(slides):
    if s.slide_layout.name == "Title Slide" or i == 0:
        continue
    tree = s.shapes._spTree
    nid = next_id(s)
    tree.append(E(
        '<p:sp xmlns:p="%s" xmlns:a="%s"><p:nvSpPr><p:cNvPr id="%d" name="Date Placeholder %d"/>'
        '<p:cNvSpPr><a:spLocks noGrp="1"/></p:cNvSpPr><p:nvPr><p:ph type="dt" sz="half" idx="10"/></p:nvPr>'
        '</p:nvSpPr><p:spPr/><p:txBody><a:bodyPr/><a:lstStyle/><a:p><a:r><a:rPr lang="zh-CN" altLang="en-US"/>'
        '<a:t>%s</a:t></a:r><a:endParaRPr lang="zh-CN" altLang="en-US"/></a:p></p:txBody></p:sp>'
        % (NS_P, NS_A, nid, nid - 1, DATE_TEXT)))
    nid += 1
    tree.append(E(
        '<p:sp xmlns:p="%s" xmlns:a="%s"><p:nvSpPr><p:cNvPr id="%d" name="Footer Placeholder %d"/>'
        '<p:cNvSpPr><a:spLocks noGrp="1"/></p:cNvSpPr><p:nvPr><p:ph type="ftr" sz="quarter" idx="11"/></p:nvPr>'
        '</p:nvSpPr><p:spPr/><p:txBody><a:bodyPr/><a:lstStyle/><a:p><a:r><a:rPr lang="zh-CN" altLang="en-US"/>'
        '<a:t>%s</a:t></a:r><a:endParaRPr lang="zh-CN" altLang="en-US"/></a:p></p:txBody></p:sp>'
        % (NS_P, NS_A, nid, nid - 1, FOOTER_TEXT)))
    nid += 1
    tree.append(E(
        '<p:sp xmlns:p="%s" xmlns:a="%s"><p:nvSpPr><p:cNvPr id="%d" name="Slide Number Placeholder %d"/>'
        '<p:cNvSpPr><a:spLocks noGrp="1"/></p:cNvSpPr><p:nvPr><p:ph type="sldNum" sz="quarter" idx="12"/></p:nvPr>'
        '</p:nvSpPr><p:spPr/><p:txBody><a:bodyPr/><a:lstStyle/><a:p><a:fld id="%s" type="slidenum">'
        '<a:rPr lang="en-US" altLang="zh-CN"/><a:t>%d</a:t></a:fld><a:endParaRPr lang="zh-CN" altLang="en-US"/>'
        '</a:p></p:txBody></p:sp>' % (NS_P, NS_A, nid, nid - 1, fld_id, i + 1)))

# ---------- Step 12 ----------
s_zone._element.set("show", "0")

# ---------- Step 13: hyperlink + end-show button ----------
URL = "https://www.example.org/qinghe-farm"
LINK = "项目官网"
cbody = body_shape(s_contact)
for p in cbody.text_frame.paragraphs:
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

bw, bh = Emu(822960), Emu(640080)
endbtn = s_contact.shapes.add_shape(MSO_SHAPE.ACTION_BUTTON_END, Emu(SW - bw - 365760), Emu(SH - bh - 822960), bw, bh)
endbtn.name = "结束放映"
cNvPr = endbtn._element.find(qn("p:nvSpPr") + "/" + qn("p:cNvPr"))
cNvPr.append(E('<a:hlinkClick xmlns:a="%s" xmlns:r="%s" r:id="" action="ppaction://hlinkshowjump?jump=endshow" '
               'highlightClick="1"/>' % (NS_A, NS_R)))

# ---------- Step 14 ----------
s_eff.notes_slide.notes_text_frame.text = "重点介绍亩均增收和带动农户的数据。"


# ---------- Step 7: transitions ----------
def add_transition(slide):
    el = slide._element
    for old in el.findall(qn("p:transition")):
        el.remove(old)
    for old in el.findall("{%s}AlternateContent" % NS_MC):
        if old.find(".//" + qn("p:transition")) is not None:
            el.remove(old)
    ac = E('<mc:AlternateContent xmlns:mc="%s"><mc:Choice xmlns:p14="%s" Requires="p14">'
           '<p:transition xmlns:p="%s" spd="slow" p14:dur="1250"><p:wipe dir="r"/></p:transition></mc:Choice>'
           '<mc:Fallback><p:transition xmlns:p="%s" spd="slow"><p:wipe dir="r"/></p:transition></mc:Fallback>'
           '</mc:AlternateContent>' % (NS_MC, NS_P14, NS_P, NS_P))
    anchor = el.find(qn("p:clrMapOvr"))
    if anchor is None:
        anchor = el.find(qn("p:cSld"))
    anchor.addnext(ac)


for s in slides:
    add_transition(s)


# ---------- animations helpers ----------
class Ids:
    def __init__(self):
        self.n = 2

    def __call__(self):
        self.n += 1
        return self.n


def tgt(spid, para=None):
    if para is None:
        return '<p:tgtEl><p:spTgt spid="%s"/></p:tgtEl>' % spid
    return ('<p:tgtEl><p:spTgt spid="%s"><p:txEl><p:pRg st="%d" end="%d"/></p:txEl></p:spTgt></p:tgtEl>'
            % (spid, para, para))


def vis(ids, t):
    return ('<p:set><p:cBhvr><p:cTn id="%d" dur="1" fill="hold"><p:stCondLst><p:cond delay="0"/></p:stCondLst>'
            '</p:cTn>%s<p:attrNameLst><p:attrName>style.visibility</p:attrName></p:attrNameLst></p:cBhvr>'
            '<p:to><p:strVal val="visible"/></p:to></p:set>' % (ids(), t))


def effect(ids, preset, subtype, node, body):
    a = ids()
    return ('<p:par><p:cTn id="%d" presetID="%d" presetClass="entr" presetSubtype="%d" fill="hold" grpId="0" '
            'nodeType="%s"><p:stCondLst><p:cond delay="0"/></p:stCondLst><p:childTnLst>%s</p:childTnLst>'
            '</p:cTn></p:par>' % (a, preset, subtype, node, body))


def appear(ids, spid, node, para=None):
    a = ids()
    t = tgt(spid, para)
    return ('<p:par><p:cTn id="%d" presetID="1" presetClass="entr" presetSubtype="0" fill="hold" grpId="0" '
            'nodeType="%s"><p:stCondLst><p:cond delay="0"/></p:stCondLst><p:childTnLst>%s</p:childTnLst>'
            '</p:cTn></p:par>' % (a, node, vis(ids, t)))


def fade_in(ids, spid, node, para=None):
    a = ids()
    t = tgt(spid, para)
    s = vis(ids, t)
    b = ids()
    return ('<p:par><p:cTn id="%d" presetID="10" presetClass="entr" presetSubtype="0" fill="hold" grpId="0" '
            'nodeType="%s"><p:stCondLst><p:cond delay="0"/></p:stCondLst><p:childTnLst>%s'
            '<p:animEffect transition="in" filter="fade"><p:cBhvr><p:cTn id="%d" dur="500"/>%s</p:cBhvr>'
            '</p:animEffect></p:childTnLst></p:cTn></p:par>' % (a, node, s, b, t))


def wipe_up(ids, spid, node, para=None):
    a = ids()
    t = tgt(spid, para)
    s = vis(ids, t)
    b = ids()
    return ('<p:par><p:cTn id="%d" presetID="22" presetClass="entr" presetSubtype="4" fill="hold" grpId="0" '
            'nodeType="%s"><p:stCondLst><p:cond delay="0"/></p:stCondLst><p:childTnLst>%s'
            '<p:animEffect transition="in" filter="wipe(up)"><p:cBhvr><p:cTn id="%d" dur="500"/>%s</p:cBhvr>'
            '</p:animEffect></p:childTnLst></p:cTn></p:par>' % (a, node, s, b, t))


def click_group(ids, make):
    outer = ids()
    inner = ids()
    eff = make()
    return ('<p:par><p:cTn id="%d" fill="hold"><p:stCondLst><p:cond delay="indefinite"/></p:stCondLst>'
            '<p:childTnLst><p:par><p:cTn id="%d" fill="hold"><p:stCondLst><p:cond delay="0"/></p:stCondLst>'
            '<p:childTnLst>%s</p:childTnLst></p:cTn></p:par></p:childTnLst></p:cTn></p:par>' % (outer, inner, eff))


def main_seq(inner):
    return ('<p:seq concurrent="1" nextAc="seek"><p:cTn id="2" dur="indefinite" nodeType="mainSeq"><p:childTnLst>%s'
            '</p:childTnLst></p:cTn><p:prevCondLst><p:cond evt="onPrev" delay="0"><p:tgtEl><p:sldTgt/></p:tgtEl>'
            '</p:cond></p:prevCondLst><p:nextCondLst><p:cond evt="onNext" delay="0"><p:tgtEl><p:sldTgt/>'
            '</p:tgtEl></p:cond></p:nextCondLst></p:seq>' % inner)


def set_timing(slide, seqs_xml, bld):
    el = slide._element
    for old in el.findall(qn("p:timing")):
        el.remove(old)
    xml = ('<p:timing xmlns:p="%s"><p:tnLst><p:par><p:cTn id="1" dur="indefinite" restart="never" '
           'nodeType="tmRoot"><p:childTnLst>%s</p:childTnLst></p:cTn></p:par></p:tnLst>%s</p:timing>'
           % (NS_P, seqs_xml, ('<p:bldLst>%s</p:bldLst>' % bld) if bld else ""))
    t = E(xml)
    ext = el.find(qn("p:extLst"))
    if ext is not None:
        ext.addprevious(t)
    else:
        el.append(t)


# ---------- Step 8: 核心技术 ----------
ids = Ids()
tt = title_shape(s_tech)
tb = body_shape(s_tech)
groups = [click_group(ids, lambda: fade_in(ids, tt.shape_id, "clickEffect"))]
for pi, p in enumerate(tb.text_frame.paragraphs):
    if not p.text.strip():
        continue
    groups.append(click_group(ids, lambda pi=pi: wipe_up(ids, tb.shape_id, "clickEffect", pi)))
set_timing(s_tech, main_seq("".join(groups)),
           '<p:bldP spid="%d" grpId="0"/><p:bldP spid="%d" grpId="0" build="p"/>' % (tt.shape_id, tb.shape_id))

# ---------- Step 10: trigger ----------
ids = Ids()
ids.n = 1
seq_id = ids()
g1, g2 = ids(), ids()
eff = appear(ids, ans.shape_id, "clickEffect")
inter = ('<p:seq concurrent="1" nextAc="seek"><p:cTn id="%d" restart="whenNotActive" fill="hold" '
         'evtFilter="cancelBubble" nodeType="interactiveSeq"><p:stCondLst><p:cond evt="onClick" delay="0">'
         '<p:tgtEl><p:spTgt spid="%d"/></p:tgtEl></p:cond></p:stCondLst><p:endSync evt="end" delay="0">'
         '<p:rtn val="all"/></p:endSync><p:childTnLst><p:par><p:cTn id="%d" fill="hold"><p:stCondLst>'
         '<p:cond delay="0"/></p:stCondLst><p:childTnLst><p:par><p:cTn id="%d" fill="hold"><p:stCondLst>'
         '<p:cond delay="0"/></p:stCondLst><p:childTnLst>%s</p:childTnLst></p:cTn></p:par></p:childTnLst>'
         '</p:cTn></p:par></p:childTnLst></p:cTn><p:nextCondLst><p:cond evt="onClick" delay="0"><p:tgtEl>'
         '<p:spTgt spid="%d"/></p:tgtEl></p:cond></p:nextCondLst></p:seq>'
         % (seq_id, btn.shape_id, g1, g2, eff, btn.shape_id))
set_timing(s_faq, inter, '<p:bldP spid="%d" grpId="0"/>' % ans.shape_id)

# ---------- Step 15 + 16: sections, custom show ----------
p_el = prs.part._element
sldIdLst = p_el.find(qn("p:sldIdLst"))
sld_ids = [(e.get("id"), e.get(qn("r:id"))) for e in sldIdLst.findall(qn("p:sldId"))]
sections = [("封面与目录", range(0, 2)), ("项目概况", range(2, 6)), ("成效与问答", range(6, 10)),
            ("展望", range(10, 12))]
sec = ['<p14:sectionLst xmlns:p14="%s">' % NS_P14]
for name, rng in sections:
    sec.append('<p14:section name="%s" id="%s"><p14:sldIdLst>' % (name, gid()))
    for k in rng:
        sec.append('<p14:sldId id="%s"/>' % sld_ids[k][0])
    sec.append('</p14:sldIdLst></p14:section>')
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

cust = ['<p:custShowLst xmlns:p="%s" xmlns:r="%s"><p:custShow name="精简汇报" id="0"><p:sldLst>' % (NS_P, NS_R)]
for k in (0, 3, 7, 10):
    cust.append('<p:sld r:id="%s"/>' % sld_ids[k][1])
cust.append('</p:sldLst></p:custShow></p:custShowLst>')
old = p_el.find(qn("p:custShowLst"))
if old is not None:
    p_el.remove(old)
anchor = None
for tag in ("p:embeddedFontLst", "p:smartTags", "p:notesSz"):
    anchor = p_el.find(qn(tag))
    if anchor is not None:
        break
anchor.addnext(E("".join(cust)))

pp_part = None
for rel in prs.part.rels.values():
    if rel.reltype.endswith("/presProps"):
        pp_part = rel.target_part
pp = etree.fromstring(pp_part.blob)
for o in pp.findall("{%s}showPr" % NS_P):
    pp.remove(o)
show = E('<p:showPr xmlns:p="%s" xmlns:a="%s" loop="1" showNarration="1"><p:present/><p:custShow id="0"/>'
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
