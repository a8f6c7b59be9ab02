"""Reference solution for ppt-l1-campus, written the way a candidate program would be:
python-pptx, plus raw XML where python-pptx has no API (East Asian fonts, character
spacing, the SmartArt parts, animation timing, sections, transitions, the loop setting).
Reads input.pptx, writes output.pptx in the current directory."""

import uuid

from lxml import etree
from pptx import Presentation
from pptx.dml.color import RGBColor
from pptx.opc.constants import CONTENT_TYPE as CT
from pptx.opc.constants import RELATIONSHIP_TYPE as RT
from pptx.opc.package import Part
from pptx.opc.packuri import PackURI
from pptx.oxml.ns import qn
from pptx.util import Cm, Pt

P14 = "http://schemas.microsoft.com/office/powerpoint/2010/main"
MC = "http://schemas.openxmlformats.org/markup-compatibility/2006"
A = "http://schemas.openxmlformats.org/drawingml/2006/main"
R = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"
DGM = "http://schemas.openxmlformats.org/drawingml/2006/diagram"
P = "http://schemas.openxmlformats.org/presentationml/2006/main"


def set_east_asia(run, typeface):
    rpr = run._r.get_or_add_rPr()
    for old in rpr.findall(qn("a:ea")):
        rpr.remove(old)
    ea = etree.SubElement(rpr, qn("a:ea"))
    ea.set("typeface", typeface)
    for tag in ("a:cs", "a:sym", "a:hlinkClick", "a:hlinkMouseOver", "a:rtl", "a:extLst"):
        follower = rpr.find(qn(tag))
        if follower is not None:
            follower.addprevious(ea)
            break


# ------------------------------------------------------------------ SmartArt
def guid():
    return "{" + str(uuid.uuid4()).upper() + "}"


def smartart_data(texts):
    doc_id = guid()
    pts = [f'<dgm:pt modelId="{doc_id}" type="doc"><dgm:prSet '
           f'loTypeId="urn:microsoft.com/office/officeart/2005/8/layout/process1" '
           f'loCatId="process" qsTypeId="urn:microsoft.com/office/officeart/2005/8/quickstyle/simple1" '
           f'qsCatId="simple" csTypeId="urn:microsoft.com/office/officeart/2005/8/colors/accent1_2" '
           f'csCatId="accent1"/><dgm:spPr/><dgm:t><a:bodyPr/><a:lstStyle/><a:p>'
           f'<a:endParaRPr lang="zh-CN"/></a:p></dgm:t></dgm:pt>']
    cxns = []
    for i, text in enumerate(texts):
        node, par, sib = guid(), guid(), guid()
        pts.append(f'<dgm:pt modelId="{node}"><dgm:prSet phldrT="[文本]"/><dgm:spPr/><dgm:t>'
                   f'<a:bodyPr/><a:lstStyle/><a:p><a:r><a:rPr lang="zh-CN" altLang="en-US"/>'
                   f'<a:t>{text}</a:t></a:r></a:p></dgm:t></dgm:pt>')
        pts.append(f'<dgm:pt modelId="{par}" type="parTrans" cxnId="{guid()}"><dgm:prSet/>'
                   f'<dgm:spPr/><dgm:t><a:bodyPr/><a:lstStyle/><a:p><a:endParaRPr lang="zh-CN"/>'
                   f'</a:p></dgm:t></dgm:pt>')
        pts.append(f'<dgm:pt modelId="{sib}" type="sibTrans" cxnId="{guid()}"><dgm:prSet/>'
                   f'<dgm:spPr/><dgm:t><a:bodyPr/><a:lstStyle/><a:p><a:endParaRPr lang="zh-CN"/>'
                   f'</a:p></dgm:t></dgm:pt>')
        cxns.append(f'<dgm:cxn modelId="{guid()}" srcId="{doc_id}" destId="{node}" srcOrd="{i}" '
                    f'destOrd="0" parTransId="{par}" sibTransId="{sib}"/>')
    return (f'<dgm:dataModel xmlns:dgm="{DGM}" xmlns:a="{A}"><dgm:ptLst>{"".join(pts)}'
            f'</dgm:ptLst><dgm:cxnLst>{"".join(cxns)}</dgm:cxnLst><dgm:bg/><dgm:whole/>'
            f'</dgm:dataModel>').encode("utf-8")


LAYOUT_DEF = (f'<dgm:layoutDef xmlns:dgm="{DGM}" xmlns:a="{A}" '
              f'uniqueId="urn:microsoft.com/office/officeart/2005/8/layout/process1">'
              f'<dgm:title val=""/><dgm:desc val=""/><dgm:catLst><dgm:cat type="process" '
              f'pri="1000"/></dgm:catLst><dgm:layoutNode name="Name0"><dgm:varLst>'
              f'<dgm:dir/><dgm:resizeHandles val="exact"/></dgm:varLst><dgm:alg type="lin"/>'
              f'<dgm:shape xmlns:r="{R}" r:blip=""><dgm:adjLst/></dgm:shape>'
              f'<dgm:presOf/><dgm:forEach name="Name1" axis="ch" ptType="node">'
              f'<dgm:layoutNode name="node"><dgm:alg type="tx"/><dgm:shape type="roundRect" '
              f'xmlns:r="{R}" r:blip=""><dgm:adjLst/></dgm:shape><dgm:presOf axis="desOrSelf" '
              f'ptType="node"/></dgm:layoutNode></dgm:forEach></dgm:layoutNode>'
              f'</dgm:layoutDef>').encode("utf-8")
STYLE_DEF = (f'<dgm:styleDef xmlns:dgm="{DGM}" xmlns:a="{A}" '
             f'uniqueId="urn:microsoft.com/office/officeart/2005/8/quickstyle/simple1">'
             f'<dgm:title val=""/><dgm:desc val=""/><dgm:catLst><dgm:cat type="simple" '
             f'pri="10100"/></dgm:catLst><dgm:scene3d><a:camera prst="orthographicFront"/>'
             f'<a:lightRig rig="threePt" dir="t"/></dgm:scene3d><dgm:styleLbl name="node1">'
             f'<dgm:scene3d><a:camera prst="orthographicFront"/><a:lightRig rig="threePt" '
             f'dir="t"/></dgm:scene3d><dgm:sp3d/><dgm:txPr/><dgm:style><a:lnRef idx="2">'
             f'<a:scrgbClr r="0" g="0" b="0"/></a:lnRef><a:fillRef idx="1"><a:scrgbClr r="0" '
             f'g="0" b="0"/></a:fillRef><a:effectRef idx="0"><a:scrgbClr r="0" g="0" b="0"/>'
             f'</a:effectRef><a:fontRef idx="minor"><a:schemeClr val="lt1"/></a:fontRef>'
             f'</dgm:style></dgm:styleLbl></dgm:styleDef>').encode("utf-8")
COLORS_DEF = (f'<dgm:colorsDef xmlns:dgm="{DGM}" xmlns:a="{A}" '
              f'uniqueId="urn:microsoft.com/office/officeart/2005/8/colors/accent1_2">'
              f'<dgm:title val=""/><dgm:desc val=""/><dgm:catLst><dgm:cat type="accent1" '
              f'pri="11200"/></dgm:catLst><dgm:styleLbl name="node1"><dgm:fillClrLst '
              f'meth="repeat"><a:schemeClr val="accent1"/></dgm:fillClrLst><dgm:linClrLst '
              f'meth="repeat"><a:schemeClr val="lt1"/></dgm:linClrLst><dgm:effectClrLst/>'
              f'<dgm:txLinClrLst/><dgm:txFillClrLst meth="repeat"><a:schemeClr val="lt1"/>'
              f'</dgm:txFillClrLst><dgm:txEffectClrLst/></dgm:styleLbl></dgm:colorsDef>'
              ).encode("utf-8")


def add_smartart(slide, texts, x, y, cx, cy):
    package = slide.part.package
    parts = [("/ppt/diagrams/data1.xml", CT.DML_DIAGRAM_DATA, smartart_data(texts),
              RT.DIAGRAM_DATA),
             ("/ppt/diagrams/layout1.xml", CT.DML_DIAGRAM_LAYOUT, LAYOUT_DEF, RT.DIAGRAM_LAYOUT),
             ("/ppt/diagrams/quickStyle1.xml", CT.DML_DIAGRAM_STYLE, STYLE_DEF,
              RT.DIAGRAM_QUICK_STYLE),
             ("/ppt/diagrams/colors1.xml", CT.DML_DIAGRAM_COLORS, COLORS_DEF,
              RT.DIAGRAM_COLORS)]
    rids = [slide.part.relate_to(Part(PackURI(name), ctype, package, blob), rtype)
            for name, ctype, blob, rtype in parts]
    frame = etree.fromstring(
        f'<p:graphicFrame xmlns:p="{P}" xmlns:a="{A}" xmlns:r="{R}"><p:nvGraphicFramePr>'
        f'<p:cNvPr id="20" name="图示 19"/><p:cNvGraphicFramePr/><p:nvPr/></p:nvGraphicFramePr>'
        f'<p:xfrm><a:off x="{x}" y="{y}"/><a:ext cx="{cx}" cy="{cy}"/></p:xfrm><a:graphic>'
        f'<a:graphicData uri="{DGM}"><dgm:relIds xmlns:dgm="{DGM}" r:dm="{rids[0]}" '
        f'r:lo="{rids[1]}" r:qs="{rids[2]}" r:cs="{rids[3]}"/></a:graphicData></a:graphic>'
        f'</p:graphicFrame>')
    slide.shapes._spTree.append(frame)


# ------------------------------------------------------------------ animations
def behaviours(kind, spid, ctn, dur):
    """The behaviour XML of an entrance effect: (xml, next free cTn id)."""
    tgt = f'<p:tgtEl><p:spTgt spid="{spid}"/></p:tgtEl>'
    show = (f'<p:set><p:cBhvr><p:cTn id="{ctn}" dur="1" fill="hold"><p:stCondLst>'
            f'<p:cond delay="0"/></p:stCondLst></p:cTn>{tgt}<p:attrNameLst><p:attrName>'
            f'style.visibility</p:attrName></p:attrNameLst></p:cBhvr><p:to><p:strVal '
            f'val="visible"/></p:to></p:set>')

    def anim(i, attr, start, end):
        return (f'<p:anim calcmode="lin" valueType="num"><p:cBhvr additive="base"><p:cTn '
                f'id="{i}" dur="{dur}" fill="hold"/>{tgt}<p:attrNameLst><p:attrName>{attr}'
                f'</p:attrName></p:attrNameLst></p:cBhvr><p:tavLst><p:tav tm="0"><p:val>'
                f'<p:strVal val="{start}"/></p:val></p:tav><p:tav tm="100000"><p:val>'
                f'<p:strVal val="{end}"/></p:val></p:tav></p:tavLst></p:anim>')

    if kind == "zoom":
        xml = (show + anim(ctn + 1, "ppt_w", "0", "#ppt_w") + anim(ctn + 2, "ppt_h", "0", "#ppt_h")
               + f'<p:animEffect transition="in" filter="fade"><p:cBhvr><p:cTn id="{ctn + 3}" '
               f'dur="{dur}"/>{tgt}</p:cBhvr></p:animEffect>')
        return xml, ctn + 4
    if kind == "fly_bottom":
        xml = (show + anim(ctn + 1, "ppt_x", "#ppt_x", "#ppt_x")
               + anim(ctn + 2, "ppt_y", "1+#ppt_h/2", "#ppt_y"))
        return xml, ctn + 3
    raise ValueError(kind)


def add_timing(slide, effects):
    """effects: (spid, presetID, subtype, kind, nodeType, duration ms) in playback order; one
    click group, later effects "after previous"."""
    ctn = 5
    groups, delay = [], 0
    for spid, preset, sub, kind, node, dur in effects:
        inner, nxt = behaviours(kind, spid, ctn + 1, dur)
        effect = (f'<p:par><p:cTn id="{ctn}" presetID="{preset}" presetClass="entr" '
                  f'presetSubtype="{sub}" fill="hold" grpId="0" nodeType="{node}"><p:stCondLst>'
                  f'<p:cond delay="0"/></p:stCondLst><p:childTnLst>{inner}</p:childTnLst>'
                  f'</p:cTn></p:par>')
        groups.append(f'<p:par><p:cTn id="{nxt}" fill="hold"><p:stCondLst><p:cond '
                      f'delay="{delay}"/></p:stCondLst><p:childTnLst>{effect}</p:childTnLst>'
                      f'</p:cTn></p:par>')
        delay += dur
        ctn = nxt + 1
    builds = "".join(f'<p:bldP spid="{spid}" grpId="0"/>' for spid, *_ in effects
                     if slide.shapes._spTree.xpath(f'.//p:sp[p:nvSpPr/p:cNvPr/@id="{spid}"]'))
    xml = (f'<p:timing xmlns:p="{P}"><p:tnLst><p:par><p:cTn id="1" dur="indefinite" '
           f'restart="never" nodeType="tmRoot"><p:childTnLst><p:seq concurrent="1" '
           f'nextAc="seek"><p:cTn id="2" dur="indefinite" nodeType="mainSeq"><p:childTnLst>'
           f'<p:par><p:cTn id="3" fill="hold"><p:stCondLst><p:cond delay="indefinite"/>'
           f'</p:stCondLst><p:childTnLst>{"".join(groups)}</p:childTnLst></p:cTn></p:par>'
           f'</p:childTnLst></p:cTn><p:prevCondLst><p:cond evt="onPrev" delay="0"><p:tgtEl>'
           f'<p:sldTgt/></p:tgtEl></p:cond></p:prevCondLst><p:nextCondLst><p:cond evt="onNext" '
           f'delay="0"><p:tgtEl><p:sldTgt/></p:tgtEl></p:cond></p:nextCondLst></p:seq>'
           f'</p:childTnLst></p:cTn></p:par></p:tnLst><p:bldLst>{builds}</p:bldLst></p:timing>')
    timing = etree.fromstring(xml)
    anchor = slide._element.find(qn("p:transition"))
    if anchor is None:  # a transition inside mc:AlternateContent: timing goes after it
        anchor = slide._element.find(f"{{{MC}}}AlternateContent")
    if anchor is None:
        anchor = slide._element.find(qn("p:clrMapOvr"))
    anchor.addnext(timing)


def add_transition(slide):
    attrs = {"spd": "slow"}
    alt = etree.Element(f"{{{MC}}}AlternateContent", nsmap={"mc": MC, "p14": P14})
    choice = etree.SubElement(alt, f"{{{MC}}}Choice", Requires="p14")
    tr = etree.SubElement(choice, qn("p:transition"), attrs)
    tr.set(f"{{{P14}}}dur", "1500")
    etree.SubElement(tr, qn("p:randomBar"), dir="vert")
    fallback = etree.SubElement(alt, f"{{{MC}}}Fallback")
    etree.SubElement(etree.SubElement(fallback, qn("p:transition"), attrs), qn("p:randomBar"),
                     dir="vert")
    slide._element.find(qn("p:clrMapOvr")).addnext(alt)


def add_sections(prs, sections):
    pres = prs.part._element
    slide_ids = [s.get("id") for s in pres.find(qn("p:sldIdLst"))]
    ext_lst = pres.find(qn("p:extLst"))
    if ext_lst is None:
        ext_lst = etree.SubElement(pres, qn("p:extLst"))
    ext = etree.SubElement(ext_lst, qn("p:ext"), uri="{521415D9-36F7-43E2-AB2F-B90AF26B5E84}")
    lst = etree.SubElement(ext, f"{{{P14}}}sectionLst", nsmap={"p14": P14})
    for name, first, last in sections:
        sec = etree.SubElement(lst, f"{{{P14}}}section", name=name, id=guid())
        ids = etree.SubElement(sec, f"{{{P14}}}sldIdLst")
        for sid in slide_ids[first - 1:last]:
            etree.SubElement(ids, f"{{{P14}}}sldId", id=sid)


def set_loop(prs):
    part = prs.part.part_related_by(RT.PRES_PROPS)
    root = etree.fromstring(part.blob)
    show = root.find(qn("p:showPr"))
    if show is None:
        show = etree.Element(qn("p:showPr"), showNarration="1")
        root.insert(0, show)
    show.set("loop", "1")
    if show.find(qn("p:present")) is None and show.find(qn("p:browse")) is None and \
            show.find(qn("p:kiosk")) is None:
        etree.SubElement(show, qn("p:present"))
    part._blob = etree.tostring(root, xml_declaration=True, encoding="UTF-8", standalone=True)


prs = Presentation("input.pptx")
slides = list(prs.slides)

# 1. Title slide
for p in slides[0].shapes.title.text_frame.paragraphs:
    for r in p.runs:
        set_east_asia(r, "微软雅黑")
        r.font.size = Pt(54)
        r.font.color.rgb = RGBColor(0x00, 0x70, 0xC0)
for p in slides[0].placeholders[1].text_frame.paragraphs:
    for r in p.runs:
        r._r.get_or_add_rPr().set("spc", "300")

# 2. SmartArt from the body text, which is then removed
body = slides[1].placeholders[1]
steps = [p.text for p in body.text_frame.paragraphs if p.text.strip()]
x, y, cx, cy = body.left, body.top, body.width, body.height
body._element.getparent().remove(body._element)
add_smartart(slides[1], steps, x, y, cx, cy)

# 3. Picture: 12 cm wide, aspect kept, centered horizontally
pic = [s for s in slides[2].shapes if s.shape_type == 13][0]
ratio = pic.height / pic.width
pic.width = Cm(12)
pic.height = int(Cm(12) * ratio)
pic.left = int((prs.slide_width - pic.width) / 2)

# 5. Hyperlink on "点击报名"
for p in slides[3].placeholders[1].text_frame.paragraphs:
    if p.text == "点击报名":
        p.runs[0].hyperlink.address = "https://techfest.example.edu.cn/signup"

# 7. Transitions (before the timing, as the schema orders them)
for slide in slides:
    add_transition(slide)

# 4. Animations on slide 3: picture zoom on click, then title fly in from bottom
title_id = slides[2].shapes.title.shape_id
add_timing(slides[2], [(pic.shape_id, 53, 16, "zoom", "clickEffect", 500),
                       (title_id, 2, 4, "fly_bottom", "afterEffect", 500)])

# 6. Sections, 8. loop
add_sections(prs, [("封面", 1, 1), ("活动介绍", 2, 4)])
set_loop(prs)

prs.save("output.pptx")
