"""Reference solution for ppt-l2-museum, written the way a candidate program would be:
python-pptx, plus raw XML where python-pptx has no API (master text styles, the SmartArt
parts, animation timing, the p14 vortex transition, hiding a slide, the kiosk show type).
Reads input.pptx, writes output.pptx in the current directory."""

import copy
import uuid

from lxml import etree
from pptx import Presentation
from pptx.dml.color import RGBColor
from pptx.opc.constants import CONTENT_TYPE as CT
from pptx.opc.constants import RELATIONSHIP_TYPE as RT
from pptx.opc.package import Part
from pptx.opc.packuri import PackURI
from pptx.oxml.ns import qn
from pptx.util import Cm

P = "http://schemas.openxmlformats.org/presentationml/2006/main"
A = "http://schemas.openxmlformats.org/drawingml/2006/main"
R = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"
DGM = "http://schemas.openxmlformats.org/drawingml/2006/diagram"
P14 = "http://schemas.microsoft.com/office/powerpoint/2010/main"
MC = "http://schemas.openxmlformats.org/markup-compatibility/2006"


def guid():
    return "{" + str(uuid.uuid4()).upper() + "}"


def set_child(def_rpr, tag, **attrs):
    """Replace a child of a:defRPr, keeping the schema order (fill, latin, ea, cs)."""
    for old in def_rpr.findall(qn(tag)):
        def_rpr.remove(old)
    el = etree.Element(qn(tag), **attrs)
    order = ["a:solidFill", "a:latin", "a:ea", "a:cs", "a:sym"]
    later = [t for t in order[order.index(tag) + 1:] if def_rpr.find(qn(t)) is not None]
    if later:
        def_rpr.find(qn(later[0])).addprevious(el)
    else:
        def_rpr.append(el)
    return el


# ------------------------------------------------------------------ SmartArt (hierarchy)
def hierarchy_data(root_text, children):
    doc, root = guid(), guid()
    pts = [f'<dgm:pt modelId="{doc}" type="doc"><dgm:prSet '
           f'loTypeId="urn:microsoft.com/office/officeart/2005/8/layout/hierarchy1" '
           f'loCatId="hierarchy" qsTypeId="urn:microsoft.com/office/officeart/2005/8/quickstyle/simple1" '
           f'qsCatId="simple" csTypeId="urn:microsoft.com/office/officeart/2005/8/colors/accent1_2" '
           f'csCatId="accent1"/><dgm:spPr/><dgm:t><a:bodyPr/><a:lstStyle/><a:p>'
           f'<a:endParaRPr lang="zh-CN"/></a:p></dgm:t></dgm:pt>']
    cxns = []

    def node(model_id, text):
        return (f'<dgm:pt modelId="{model_id}"><dgm:prSet phldrT="[文本]"/><dgm:spPr/><dgm:t>'
                f'<a:bodyPr/><a:lstStyle/><a:p><a:r><a:rPr lang="zh-CN" altLang="en-US"/>'
                f'<a:t>{text}</a:t></a:r></a:p></dgm:t></dgm:pt>')

    def link(src, dst, order):
        par, sib = guid(), guid()
        for kind, mid in (("parTrans", par), ("sibTrans", sib)):
            pts.append(f'<dgm:pt modelId="{mid}" type="{kind}" cxnId="{guid()}"><dgm:prSet/>'
                       f'<dgm:spPr/><dgm:t><a:bodyPr/><a:lstStyle/><a:p>'
                       f'<a:endParaRPr lang="zh-CN"/></a:p></dgm:t></dgm:pt>')
        cxns.append(f'<dgm:cxn modelId="{guid()}" srcId="{src}" destId="{dst}" '
                    f'srcOrd="{order}" destOrd="0" parTransId="{par}" sibTransId="{sib}"/>')

    pts.append(node(root, root_text))
    link(doc, root, 0)
    for i, text in enumerate(children):
        child = guid()
        pts.append(node(child, text))
        link(root, child, i)
    return (f'<dgm:dataModel xmlns:dgm="{DGM}" xmlns:a="{A}"><dgm:ptLst>{"".join(pts)}'
            f'</dgm:ptLst><dgm:cxnLst>{"".join(cxns)}</dgm:cxnLst><dgm:bg/><dgm:whole/>'
            f'</dgm:dataModel>').encode("utf-8")


def definition(root, unique_id, cat):
    return (f'<dgm:{root} xmlns:dgm="{DGM}" xmlns:a="{A}" uniqueId="{unique_id}">'
            f'<dgm:title val=""/><dgm:desc val=""/><dgm:catLst><dgm:cat type="{cat}" '
            f'pri="1000"/></dgm:catLst></dgm:{root}>').encode("utf-8")


def add_smartart(slide, root_text, children, box):
    package = slide.part.package
    base = "urn:microsoft.com/office/officeart/2005/8/"
    parts = [("/ppt/diagrams/data1.xml", CT.DML_DIAGRAM_DATA,
              hierarchy_data(root_text, children), RT.DIAGRAM_DATA),
             ("/ppt/diagrams/layout1.xml", CT.DML_DIAGRAM_LAYOUT,
              definition("layoutDef", base + "layout/hierarchy1", "hierarchy"), RT.DIAGRAM_LAYOUT),
             ("/ppt/diagrams/quickStyle1.xml", CT.DML_DIAGRAM_STYLE,
              definition("styleDef", base + "quickstyle/simple1", "simple"),
              RT.DIAGRAM_QUICK_STYLE),
             ("/ppt/diagrams/colors1.xml", CT.DML_DIAGRAM_COLORS,
              definition("colorsDef", base + "colors/accent1_2", "accent1"), RT.DIAGRAM_COLORS)]
    rids = [slide.part.relate_to(Part(PackURI(name), ctype, package, blob), rtype)
            for name, ctype, blob, rtype in parts]
    x, y, cx, cy = box
    frame = etree.fromstring(
        f'<p:graphicFrame xmlns:p="{P}" xmlns:a="{A}" xmlns:r="{R}"><p:nvGraphicFramePr>'
        f'<p:cNvPr id="30" name="图示 29"/><p:cNvGraphicFramePr/><p:nvPr/></p:nvGraphicFramePr>'
        f'<p:xfrm><a:off x="{x}" y="{y}"/><a:ext cx="{cx}" cy="{cy}"/></p:xfrm><a:graphic>'
        f'<a:graphicData uri="{DGM}"><dgm:relIds xmlns:dgm="{DGM}" r:dm="{rids[0]}" '
        f'r:lo="{rids[1]}" r:qs="{rids[2]}" r:cs="{rids[3]}"/></a:graphicData></a:graphic>'
        f'</p:graphicFrame>')
    slide.shapes._spTree.append(frame)


# ------------------------------------------------------------------ animations
class Ids:
    def __init__(self, start):
        self.n = start

    def __call__(self):
        self.n += 1
        return self.n


def behaviours(kind, tgt, ids):
    def set_vis(value, delay=0):
        return (f'<p:set><p:cBhvr><p:cTn id="{ids()}" dur="1" fill="hold"><p:stCondLst>'
                f'<p:cond delay="{delay}"/></p:stCondLst></p:cTn>{tgt}<p:attrNameLst>'
                f'<p:attrName>style.visibility</p:attrName></p:attrNameLst></p:cBhvr><p:to>'
                f'<p:strVal val="{value}"/></p:to></p:set>')

    def anim(attr, start, end, dur=500):
        return (f'<p:anim calcmode="lin" valueType="num"><p:cBhvr additive="base"><p:cTn '
                f'id="{ids()}" dur="{dur}" fill="hold"/>{tgt}<p:attrNameLst><p:attrName>{attr}'
                f'</p:attrName></p:attrNameLst></p:cBhvr><p:tavLst><p:tav tm="0"><p:val>'
                f'<p:strVal val="{start}"/></p:val></p:tav><p:tav tm="100000"><p:val>'
                f'<p:strVal val="{end}"/></p:val></p:tav></p:tavLst></p:anim>')

    def effect(transition, filt, dur=500):
        return (f'<p:animEffect transition="{transition}" filter="{filt}"><p:cBhvr><p:cTn '
                f'id="{ids()}" dur="{dur}"/>{tgt}</p:cBhvr></p:animEffect>')

    if kind == "appear":
        return set_vis("visible")
    if kind == "fly_left":
        return (set_vis("visible") + anim("ppt_x", "0-#ppt_w/2", "#ppt_x")
                + anim("ppt_y", "#ppt_y", "#ppt_y"))
    if kind == "zoom":
        return (set_vis("visible") + anim("ppt_w", "0", "#ppt_w") + anim("ppt_h", "0", "#ppt_h")
                + effect("in", "fade"))
    if kind == "pulse":
        return (f'<p:animScale><p:cBhvr><p:cTn id="{ids()}" dur="250" autoRev="1" '
                f'fill="hold"/>{tgt}</p:cBhvr><p:by x="105000" y="105000"/></p:animScale>')
    if kind == "fade_out":
        return effect("out", "fade") + set_vis("hidden", delay=499)
    raise ValueError(kind)


DURATIONS = {"appear": 0, "fly_left": 500, "zoom": 500, "pulse": 500, "fade_out": 500}


def add_timing(slide, effects, builds):
    """effects: dicts with spid, cls, preset, sub, node, kind, paragraph (optional)."""
    ids = Ids(2)
    clicks = []  # each: list of (delay, [effect xml])
    end = 0
    for e in effects:
        target = (f'<p:spTgt spid="{e["spid"]}"/>' if e.get("paragraph") is None else
                  f'<p:spTgt spid="{e["spid"]}"><p:txEl><p:pRg st="{e["paragraph"]}" '
                  f'end="{e["paragraph"]}"/></p:txEl></p:spTgt>')
        ctn = ids()
        xml = (f'<p:par><p:cTn id="{ctn}" presetID="{e["preset"]}" presetClass="{e["cls"]}" '
               f'presetSubtype="{e["sub"]}" fill="hold" grpId="{e.get("grp", 0)}" '
               f'nodeType="{e["node"]}"><p:stCondLst><p:cond delay="0"/></p:stCondLst>'
               f'<p:childTnLst>{behaviours(e["kind"], f"<p:tgtEl>{target}</p:tgtEl>", ids)}'
               f'</p:childTnLst></p:cTn></p:par>')
        if e["node"] == "clickEffect" or not clicks:
            clicks.append([[0, [xml]]])
            end = DURATIONS[e["kind"]]
        elif e["node"] == "afterEffect":
            clicks[-1].append([end, [xml]])
            end += DURATIONS[e["kind"]]
        else:
            clicks[-1][-1][1].append(xml)
    body = ""
    for groups in clicks:
        inner = "".join(f'<p:par><p:cTn id="{ids()}" fill="hold"><p:stCondLst><p:cond '
                        f'delay="{delay}"/></p:stCondLst><p:childTnLst>{"".join(xs)}'
                        f'</p:childTnLst></p:cTn></p:par>' for delay, xs in groups)
        body += (f'<p:par><p:cTn id="{ids()}" fill="hold"><p:stCondLst><p:cond '
                 f'delay="indefinite"/></p:stCondLst><p:childTnLst>{inner}</p:childTnLst>'
                 f'</p:cTn></p:par>')
    xml = (f'<p:timing xmlns:p="{P}"><p:tnLst><p:par><p:cTn id="1" dur="indefinite" '
           f'restart="never" nodeType="tmRoot"><p:childTnLst><p:seq concurrent="1" '
           f'nextAc="seek"><p:cTn id="2" dur="indefinite" nodeType="mainSeq"><p:childTnLst>'
           f'{body}</p:childTnLst></p:cTn><p:prevCondLst><p:cond evt="onPrev" delay="0">'
           f'<p:tgtEl><p:sldTgt/></p:tgtEl></p:cond></p:prevCondLst><p:nextCondLst><p:cond '
           f'evt="onNext" delay="0"><p:tgtEl><p:sldTgt/></p:tgtEl></p:cond></p:nextCondLst>'
           f'</p:seq></p:childTnLst></p:cTn></p:par></p:tnLst><p:bldLst>{builds}</p:bldLst>'
           f'</p:timing>')
    anchor = slide._element.find(f"{{{MC}}}AlternateContent")
    if anchor is None:
        anchor = slide._element.find(qn("p:clrMapOvr"))
    anchor.addnext(etree.fromstring(xml))


def add_vortex(slide):
    alt = etree.Element(f"{{{MC}}}AlternateContent", nsmap={"mc": MC, "p14": P14})
    choice = etree.SubElement(alt, f"{{{MC}}}Choice", Requires="p14")
    tr = etree.SubElement(choice, qn("p:transition"), spd="slow")
    tr.set(f"{{{P14}}}dur", "2000")
    etree.SubElement(tr, f"{{{P14}}}vortex", dir="r")
    fallback = etree.SubElement(alt, f"{{{MC}}}Fallback")
    etree.SubElement(etree.SubElement(fallback, qn("p:transition"), spd="slow"), qn("p:fade"))
    slide._element.find(qn("p:clrMapOvr")).addnext(alt)


prs = Presentation("input.pptx")
slides = list(prs.slides)
master = prs.slide_master

# 1. Master text styles and background
styles = master._element.find(qn("p:txStyles"))
title_rpr = styles.find(qn("p:titleStyle")).find(qn("a:lvl1pPr")).find(qn("a:defRPr"))
title_rpr.set("sz", "4000")
fill = set_child(title_rpr, "a:solidFill")
etree.SubElement(fill, qn("a:srgbClr"), val="C00000")
set_child(title_rpr, "a:ea", typeface="华文新魏")
body_rpr = styles.find(qn("p:bodyStyle")).find(qn("a:lvl1pPr")).find(qn("a:defRPr"))
set_child(body_rpr, "a:ea", typeface="幼圆")
master.background.fill.solid()
master.background.fill.fore_color.rgb = RGBColor(253, 246, 227)

# 2. Gradient background on the title slide
grad = slides[0].background.fill
grad.gradient()
grad.gradient_angle = 90
grad.gradient_stops[0].color.rgb = RGBColor(0xC0, 0x00, 0x00)
grad.gradient_stops[1].color.rgb = RGBColor(0xFD, 0xF6, 0xE3)

# 3. SmartArt hierarchy on slide 3
add_smartart(slides[2], "江南丝绸博物馆", ["一楼 丝绸历史厅", "二楼 织造工艺厅", "三楼 当代设计厅"],
             (Cm(2), Cm(4.5), Cm(21.4), Cm(12.5)))

# 5. Transitions (written before the timing)
for slide in slides:
    add_vortex(slide)

# 4. Animations on slide 4
s4 = slides[3]
title_id = s4.shapes.title.shape_id
body = s4.placeholders[1]
pic = [s for s in s4.shapes if s.shape_type == 13][0]
effects = [dict(spid=title_id, cls="entr", preset=1, sub=0, node="clickEffect", kind="appear")]
for i, _ in enumerate(body.text_frame.paragraphs):
    effects.append(dict(spid=body.shape_id, cls="entr", preset=2, sub=8, node="afterEffect",
                        kind="fly_left", paragraph=i))
effects += [dict(spid=pic.shape_id, cls="entr", preset=53, sub=16, node="withEffect",
                 kind="zoom"),
            dict(spid=pic.shape_id, cls="emph", preset=26, sub=0, node="clickEffect",
                 kind="pulse", grp=1),
            dict(spid=pic.shape_id, cls="exit", preset=10, sub=0, node="clickEffect",
                 kind="fade_out", grp=2)]
add_timing(s4, effects, f'<p:bldP spid="{title_id}" grpId="0" animBg="1"/>'
                        f'<p:bldP spid="{body.shape_id}" grpId="0" build="p"/>')

# 6. Date, footer, slide number on every slide but the title slide
for slide in slides[1:]:
    tree = slide.shapes._spTree
    for ph in slide.slide_layout.placeholders:
        kind = str(ph.placeholder_format.type)
        if kind.startswith(("DATE", "FOOTER", "SLIDE_NUMBER")):
            tree.append(copy.deepcopy(ph._element))
    for ph in slide.placeholders:
        kind = str(ph.placeholder_format.type)
        if kind.startswith("DATE"):
            ph.text_frame.text = "2026年5月18日"
        elif kind.startswith("FOOTER"):
            ph.text_frame.text = "江南丝绸博物馆"

# 7. Hide slide 5
slides[4]._element.set("show", "0")

# 8. Kiosk mode
props = prs.part.part_related_by(RT.PRES_PROPS)
root = etree.fromstring(props.blob)
show = root.find(qn("p:showPr"))
if show is None:
    show = etree.Element(qn("p:showPr"))
    root.insert(0, show)
show.set("loop", "1")
for child in list(show):
    if child.tag in (qn("p:present"), qn("p:browse"), qn("p:kiosk")):
        show.remove(child)
show.insert(0, etree.Element(qn("p:kiosk")))
props._blob = etree.tostring(root, xml_declaration=True, encoding="UTF-8", standalone=True)

# 9. Notes
slides[1].notes_slide.notes_text_frame.text = "提醒游客禁止使用闪光灯拍照。"

prs.save("output.pptx")
