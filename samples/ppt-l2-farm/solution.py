"""Reference solution for ppt-l2-farm, written the way a candidate program would be:
python-pptx for text, shapes, the footer placeholders, the web link and notes; raw XML
where python-pptx has no API (master text styles and a master shape, a layout's background
and hidden background graphics, links that jump to slides, the SmartArt graphic and its
five parts, transitions, animation timing with a trigger, the action button's jump, hiding
a slide, sections, a custom show and the slide-show settings). Reads input.pptx, writes
output.pptx. The values the instruction leaves to the example pictures are the ones the
pictures were rendered from (this program's output)."""

import copy
import uuid

from lxml import etree
from pptx import Presentation
from pptx.dml.color import RGBColor
from pptx.enum.shapes import MSO_SHAPE
from pptx.opc.constants import RELATIONSHIP_TYPE as RT
from pptx.opc.package import Part
from pptx.opc.packuri import PackURI
from pptx.oxml.ns import qn
from pptx.util import Cm, Pt

P = "http://schemas.openxmlformats.org/presentationml/2006/main"
A = "http://schemas.openxmlformats.org/drawingml/2006/main"
R = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"
P14 = "http://schemas.microsoft.com/office/powerpoint/2010/main"
MC = "http://schemas.openxmlformats.org/markup-compatibility/2006"
DGM = "http://schemas.openxmlformats.org/drawingml/2006/diagram"
DSP = "http://schemas.microsoft.com/office/drawing/2008/diagram"
FOOTER = "青禾智慧农业示范园"
TITLE_GREEN, BAR_GREEN, COVER_BG = "1E6B3A", "8BC34A", "EAF4E4"


def guid():
    return "{" + str(uuid.uuid4()).upper() + "}"


def set_child(parent, tag, order, **attrs):
    """Replace a child of ``parent`` keeping the schema ``order`` of its children."""
    for old in parent.findall(qn(tag)):
        parent.remove(old)
    el = etree.Element(qn(tag), **attrs)
    later = [t for t in order[order.index(tag) + 1:] if parent.find(qn(t)) is not None]
    if later:
        parent.find(qn(later[0])).addprevious(el)
    else:
        parent.append(el)
    return el


RPR_ORDER = ["a:ln", "a:noFill", "a:solidFill", "a:effectLst", "a:latin", "a:ea", "a:cs",
             "a:sym"]


def solid_bg(c_sld, rgb):
    """A solid background as the first child of p:cSld."""
    for old in c_sld.findall(qn("p:bg")):
        c_sld.remove(old)
    bg = etree.fromstring(f'<p:bg xmlns:p="{P}" xmlns:a="{A}"><p:bgPr><a:solidFill><a:srgbClr '
                          f'val="{rgb}"/></a:solidFill><a:effectLst/></p:bgPr></p:bg>')
    c_sld.insert(0, bg)


# ------------------------------------------------------------------ SmartArt
def smartart_parts(texts, box):
    """The data model, layout, quick style, colors and drawing of a basic process (process1)
    in the colourful accent scheme with the moderate-effect style; the drawing is the shapes
    PowerPoint would cache: one rounded box per stage, an arrow between boxes."""
    base = "urn:microsoft.com/office/officeart/2005/8/"
    doc, ids = guid(), [guid() for _ in texts]
    pts = [f'<dgm:pt modelId="{doc}" type="doc"><dgm:prSet loTypeId="{base}layout/process1" '
           f'loCatId="process" qsTypeId="{base}quickstyle/simple4" qsCatId="simple" '
           f'csTypeId="{base}colors/colorful1" csCatId="colorful"/><dgm:spPr/><dgm:t>'
           f'<a:bodyPr/><a:lstStyle/><a:p><a:endParaRPr lang="zh-CN"/></a:p></dgm:t></dgm:pt>']
    cxns = []
    for i, (mid, text) in enumerate(zip(ids, texts)):
        pts.append(f'<dgm:pt modelId="{mid}"><dgm:prSet phldrT="[文本]"/><dgm:spPr/><dgm:t>'
                   f'<a:bodyPr/><a:lstStyle/><a:p><a:r><a:rPr lang="zh-CN" altLang="en-US"/>'
                   f'<a:t>{text}</a:t></a:r></a:p></dgm:t></dgm:pt>')
        for kind in ("parTrans", "sibTrans"):
            tid = guid()
            cx = guid()
            pts.append(f'<dgm:pt modelId="{tid}" type="{kind}" cxnId="{cx}"><dgm:prSet/>'
                       f'<dgm:spPr/><dgm:t><a:bodyPr/><a:lstStyle/><a:p><a:endParaRPr '
                       f'lang="zh-CN"/></a:p></dgm:t></dgm:pt>')
            if kind == "parTrans":
                cxns.append(f'<dgm:cxn modelId="{cx}" srcId="{doc}" destId="{mid}" '
                            f'srcOrd="{i}" destOrd="0" parTransId="{tid}" sibTransId="__S{i}"/>')
            else:
                cxns[-1] = cxns[-1].replace(f"__S{i}", tid)
    data = (f'<dgm:dataModel xmlns:dgm="{DGM}" xmlns:a="{A}"><dgm:ptLst>{"".join(pts)}'
            f'</dgm:ptLst><dgm:cxnLst>{"".join(cxns)}</dgm:cxnLst><dgm:bg/><dgm:whole/>'
            f'<dgm:extLst><a:ext uri="http://schemas.microsoft.com/office/drawing/2008/diagram">'
            f'<dsp:dataModelExt xmlns:dsp="{DSP}" relId="__DRAWING__" '
            f'minVer="http://schemas.openxmlformats.org/drawingml/2006/diagram"/></a:ext>'
            f'</dgm:extLst></dgm:dataModel>')

    def definition(root, uid, cat):
        return (f'<dgm:{root} xmlns:dgm="{DGM}" xmlns:a="{A}" uniqueId="{uid}"><dgm:title '
                f'val=""/><dgm:desc val=""/><dgm:catLst><dgm:cat type="{cat}" pri="1000"/>'
                f'</dgm:catLst></dgm:{root}>')

    layout = definition("layoutDef", base + "layout/process1", "process")
    style = definition("styleDef", base + "quickstyle/simple4", "simple")
    colors = definition("colorsDef", base + "colors/colorful1", "mainScheme")
    # The cached drawing, in EMU relative to the frame: boxes 2/3 of a slot, arrows between.
    _, _, cx, cy = box
    n = len(texts)
    slot = cx // (n + (n - 1) * 0.4)
    bw, aw = int(slot), int(slot * 0.4)
    bh = int(min(cy, bw * 0.62))
    top = (cy - bh) // 2
    accents = ["accent2", "accent3", "accent4", "accent5", "accent6"]
    shapes = []
    for i, text in enumerate(texts):
        x = int(i * (bw + aw))
        shapes.append(
            f'<dsp:sp modelId="{guid()}"><dsp:nvSpPr><dsp:cNvPr id="0" name=""/><dsp:cNvSpPr/>'
            f'</dsp:nvSpPr><dsp:spPr><a:xfrm><a:off x="{x}" y="{top}"/><a:ext cx="{bw}" '
            f'cy="{bh}"/></a:xfrm><a:prstGeom prst="roundRect"><a:avLst><a:gd name="adj" '
            f'fmla="val 10000"/></a:avLst></a:prstGeom><a:solidFill><a:schemeClr '
            f'val="{accents[i % 5]}"/></a:solidFill><a:ln><a:noFill/></a:ln><a:effectLst>'
            f'<a:outerShdw blurRad="40000" dist="23000" dir="5400000" rotWithShape="0">'
            f'<a:srgbClr val="000000"><a:alpha val="35000"/></a:srgbClr></a:outerShdw>'
            f'</a:effectLst></dsp:spPr><dsp:style><a:lnRef idx="0"><a:scrgbClr r="0" g="0" '
            f'b="0"/></a:lnRef><a:fillRef idx="1"><a:scrgbClr r="0" g="0" b="0"/></a:fillRef>'
            f'<a:effectRef idx="2"><a:scrgbClr r="0" g="0" b="0"/></a:effectRef><a:fontRef '
            f'idx="minor"><a:schemeClr val="lt1"/></a:fontRef></dsp:style><dsp:txBody>'
            f'<a:bodyPr spcFirstLastPara="0" vert="horz" wrap="square" lIns="68580" '
            f'tIns="68580" rIns="68580" bIns="68580" numCol="1" spcCol="1270" anchor="ctr" '
            f'anchorCtr="0"><a:noAutofit/></a:bodyPr><a:lstStyle/><a:p><a:pPr algn="ctr"/>'
            f'<a:r><a:rPr lang="zh-CN" altLang="en-US" sz="2400" kern="1200"><a:solidFill>'
            f'<a:schemeClr val="lt1"/></a:solidFill></a:rPr><a:t>{text}</a:t></a:r></a:p>'
            f'</dsp:txBody><dsp:txXfrm><a:off x="{x}" y="{top}"/><a:ext cx="{bw}" cy="{bh}"/>'
            f'</dsp:txXfrm></dsp:sp>')
        if i < n - 1:
            ax, ah = x + bw + aw // 6, bh // 3
            shapes.append(
                f'<dsp:sp modelId="{guid()}"><dsp:nvSpPr><dsp:cNvPr id="0" name=""/>'
                f'<dsp:cNvSpPr/></dsp:nvSpPr><dsp:spPr><a:xfrm><a:off x="{ax}" '
                f'y="{top + (bh - ah) // 2}"/><a:ext cx="{aw * 2 // 3}" cy="{ah}"/></a:xfrm>'
                f'<a:prstGeom prst="rightArrow"><a:avLst/></a:prstGeom><a:solidFill>'
                f'<a:schemeClr val="{accents[i % 5]}"><a:tint val="60000"/></a:schemeClr>'
                f'</a:solidFill><a:ln><a:noFill/></a:ln></dsp:spPr><dsp:style><a:lnRef '
                f'idx="0"><a:scrgbClr r="0" g="0" b="0"/></a:lnRef><a:fillRef idx="1">'
                f'<a:scrgbClr r="0" g="0" b="0"/></a:fillRef><a:effectRef idx="0"><a:scrgbClr '
                f'r="0" g="0" b="0"/></a:effectRef><a:fontRef idx="minor"><a:schemeClr '
                f'val="lt1"/></a:fontRef></dsp:style><dsp:txBody><a:bodyPr/><a:lstStyle/><a:p>'
                f'<a:endParaRPr lang="zh-CN"/></a:p></dsp:txBody></dsp:sp>')
    drawing = (f'<dsp:drawing xmlns:dgm="{DGM}" xmlns:dsp="{DSP}" xmlns:a="{A}"><dsp:spTree>'
               f'<dsp:nvGrpSpPr><dsp:cNvPr id="0" name=""/><dsp:cNvGrpSpPr/></dsp:nvGrpSpPr>'
               f'<dsp:grpSpPr/>{"".join(shapes)}</dsp:spTree></dsp:drawing>')
    return data, layout, style, colors, drawing


def add_smartart(slide, texts, box, name):
    package = slide.part.package
    data, layout, style, colors, drawing = smartart_parts(texts, box)
    ct = "application/vnd.openxmlformats-officedocument.drawingml.diagram"
    draw_part = Part(PackURI("/ppt/diagrams/drawing1.xml"),
                     "application/vnd.ms-office.drawingml.diagramDrawing+xml", package,
                     drawing.encode("utf-8"))
    draw_rid = slide.part.relate_to(
        draw_part, "http://schemas.microsoft.com/office/2007/relationships/diagramDrawing")
    parts = [("data1", ct + "Data+xml", data.replace("__DRAWING__", draw_rid), RT.DIAGRAM_DATA),
             ("layout1", ct + "Layout+xml", layout, RT.DIAGRAM_LAYOUT),
             ("quickStyle1", ct + "Style+xml", style, RT.DIAGRAM_QUICK_STYLE),
             ("colors1", ct + "Colors+xml", colors, RT.DIAGRAM_COLORS)]
    rids = [slide.part.relate_to(Part(PackURI(f"/ppt/diagrams/{n}.xml"), c, package,
                                      x.encode("utf-8")), t) for n, c, x, t in parts]
    x, y, cx, cy = box
    sid = max(int(e.get("id")) for e in slide.shapes._spTree.iter(qn("p:cNvPr"))) + 1
    frame = etree.fromstring(
        f'<p:graphicFrame xmlns:p="{P}" xmlns:a="{A}" xmlns:r="{R}"><p:nvGraphicFramePr>'
        f'<p:cNvPr id="{sid}" name="{name}"/><p:cNvGraphicFramePr/><p:nvPr/>'
        f'</p:nvGraphicFramePr><p:xfrm><a:off x="{x}" y="{y}"/><a:ext cx="{cx}" cy="{cy}"/>'
        f'</p:xfrm><a:graphic><a:graphicData uri="{DGM}"><dgm:relIds xmlns:dgm="{DGM}" '
        f'r:dm="{rids[0]}" r:lo="{rids[1]}" r:qs="{rids[2]}" r:cs="{rids[3]}"/>'
        f'</a:graphicData></a:graphic></p:graphicFrame>')
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

    def effect(transition, filt, dur):
        return (f'<p:animEffect transition="{transition}" filter="{filt}"><p:cBhvr><p:cTn '
                f'id="{ids()}" dur="{dur}"/>{tgt}</p:cBhvr></p:animEffect>')

    if kind == "appear":
        return set_vis("visible")
    if kind == "fade":
        return set_vis("visible") + effect("in", "fade", 1000)
    if kind == "wipe_up":
        return set_vis("visible") + effect("in", "wipe(up)", 500)
    raise ValueError(kind)


def effect_par(e, ids):
    target = (f'<p:spTgt spid="{e["spid"]}"/>' if e.get("paragraph") is None else
              f'<p:spTgt spid="{e["spid"]}"><p:txEl><p:pRg st="{e["paragraph"]}" '
              f'end="{e["paragraph"]}"/></p:txEl></p:spTgt>')
    ctn = ids()
    return (f'<p:par><p:cTn id="{ctn}" presetID="{e["preset"]}" presetClass="entr" '
            f'presetSubtype="{e["sub"]}" fill="hold" grpId="0" nodeType="clickEffect">'
            f'<p:stCondLst><p:cond delay="0"/></p:stCondLst><p:childTnLst>'
            f'{behaviours(e["kind"], f"<p:tgtEl>{target}</p:tgtEl>", ids)}</p:childTnLst>'
            f'</p:cTn></p:par>')


def click_group(inner, ids, delay="indefinite"):
    return (f'<p:par><p:cTn id="{ids()}" fill="hold"><p:stCondLst><p:cond delay="{delay}"/>'
            f'</p:stCondLst><p:childTnLst><p:par><p:cTn id="{ids()}" fill="hold"><p:stCondLst>'
            f'<p:cond delay="0"/></p:stCondLst><p:childTnLst>{inner}</p:childTnLst></p:cTn>'
            f'</p:par></p:childTnLst></p:cTn></p:par>')


def timing(slide, main=(), trigger=None, builds=""):
    """Effects of the main sequence, each on click; ``trigger``: (clicked shape id, effect)
    as an interactive sequence."""
    ids = Ids(2)
    seqs = ""
    if main:
        body = "".join(click_group(effect_par(e, ids), ids) for e in main)
        seqs += (f'<p:seq concurrent="1" nextAc="seek"><p:cTn id="2" dur="indefinite" '
                 f'nodeType="mainSeq"><p:childTnLst>{body}</p:childTnLst></p:cTn><p:prevCondLst>'
                 f'<p:cond evt="onPrev" delay="0"><p:tgtEl><p:sldTgt/></p:tgtEl></p:cond>'
                 f'</p:prevCondLst><p:nextCondLst><p:cond evt="onNext" delay="0"><p:tgtEl>'
                 f'<p:sldTgt/></p:tgtEl></p:cond></p:nextCondLst></p:seq>')
    if trigger:
        spid, e = trigger
        seq_id = ids()
        inner = (f'<p:par><p:cTn id="{ids()}" fill="hold"><p:stCondLst><p:cond delay="0"/>'
                 f'</p:stCondLst><p:childTnLst>{effect_par(e, ids)}</p:childTnLst></p:cTn>'
                 f'</p:par>')
        click = (f'<p:cond evt="onClick" delay="0"><p:tgtEl><p:spTgt spid="{spid}"/>'
                 f'</p:tgtEl></p:cond>')
        seqs += (f'<p:seq concurrent="1" nextAc="seek"><p:cTn id="{seq_id}" '
                 f'restart="whenNotActive" fill="hold" evtFilter="cancelBubble" '
                 f'nodeType="interactiveSeq"><p:stCondLst>{click}</p:stCondLst><p:endSync '
                 f'evt="end" delay="0"><p:rtn val="all"/></p:endSync><p:childTnLst>{inner}'
                 f'</p:childTnLst></p:cTn><p:nextCondLst>{click}</p:nextCondLst></p:seq>')
    xml = (f'<p:timing xmlns:p="{P}"><p:tnLst><p:par><p:cTn id="1" dur="indefinite" '
           f'restart="never" nodeType="tmRoot"><p:childTnLst>{seqs}</p:childTnLst></p:cTn>'
           f'</p:par></p:tnLst><p:bldLst>{builds}</p:bldLst></p:timing>')
    anchor = slide._element.find(f"{{{MC}}}AlternateContent")
    if anchor is None:
        anchor = slide._element.find(qn("p:clrMapOvr"))
    anchor.addnext(etree.fromstring(xml))


def add_wipe(slide):
    """Wipe from the left (dir r), 1.25 s (p14 duration, with a fallback for older
    readers)."""
    alt = etree.Element(f"{{{MC}}}AlternateContent", nsmap={"mc": MC, "p14": P14})
    choice = etree.SubElement(alt, f"{{{MC}}}Choice", Requires="p14")
    tr = etree.SubElement(choice, qn("p:transition"), spd="slow")
    tr.set(f"{{{P14}}}dur", "1250")
    etree.SubElement(tr, qn("p:wipe"), dir="r")
    fallback = etree.SubElement(alt, f"{{{MC}}}Fallback")
    etree.SubElement(etree.SubElement(fallback, qn("p:transition"), spd="slow"), qn("p:wipe"),
                     dir="r")
    slide._element.find(qn("p:clrMapOvr")).addnext(alt)


def add_sections(prs, sections):
    ids = [s.get("id") for s in prs.slides._sldIdLst]
    ext_lst = prs.part._element.find(qn("p:extLst"))
    if ext_lst is None:
        ext_lst = etree.SubElement(prs.part._element, qn("p:extLst"))
    ext = etree.SubElement(ext_lst, qn("p:ext"), uri="{521415D9-36F7-43E2-AB2F-B90AF26B5E84}")
    lst = etree.SubElement(ext, f"{{{P14}}}sectionLst", nsmap={"p14": P14})
    start = 0
    for name, count in sections:
        sec = etree.SubElement(lst, f"{{{P14}}}section", name=name, id=guid())
        sl = etree.SubElement(sec, f"{{{P14}}}sldIdLst")
        for sid in ids[start:start + count]:
            etree.SubElement(sl, f"{{{P14}}}sldId", id=sid)
        start += count


def jump_link(run, slide_from, slide_to):
    """A text link that jumps to another slide of the show."""
    rid = slide_from.part.relate_to(slide_to.part, RT.SLIDE)
    rpr = run._r.get_or_add_rPr()
    link = etree.SubElement(rpr, qn("a:hlinkClick"), action="ppaction://hlinksldjump")
    link.set(qn("r:id"), rid)


prs = Presentation("input.pptx")
slides = list(prs.slides)
by_title = {s.shapes.title.text: s for s in slides}
master = prs.slide_master

# 1. Master text styles: titles 微软雅黑, bold, in the colour of example-1.png; first-level
#    body text 仿宋.
styles = master._element.find(qn("p:txStyles"))
title_rpr = styles.find(qn("p:titleStyle")).find(qn("a:lvl1pPr")).find(qn("a:defRPr"))
title_rpr.set("b", "1")
fill = set_child(title_rpr, "a:solidFill", RPR_ORDER)
etree.SubElement(fill, qn("a:srgbClr"), val=TITLE_GREEN)
set_child(title_rpr, "a:ea", RPR_ORDER, typeface="微软雅黑")
body_rpr = styles.find(qn("p:bodyStyle")).find(qn("a:lvl1pPr")).find(qn("a:defRPr"))
set_child(body_rpr, "a:ea", RPR_ORDER, typeface="仿宋")

# 2. A colour bar across the top of the master (example-1.png shows its colour).
tree = master.shapes._spTree
bar_id = max(int(e.get("id")) for e in tree.iter(qn("p:cNvPr"))) + 1
bar = etree.fromstring(
    f'<p:sp xmlns:p="{P}" xmlns:a="{A}"><p:nvSpPr><p:cNvPr id="{bar_id}" name="顶部色条"/>'
    f'<p:cNvSpPr/><p:nvPr userDrawn="1"/></p:nvSpPr><p:spPr><a:xfrm><a:off x="0" y="0"/>'
    f'<a:ext cx="{prs.slide_width}" cy="{Cm(1)}"/></a:xfrm><a:prstGeom prst="rect"><a:avLst/>'
    f'</a:prstGeom><a:solidFill><a:srgbClr val="{BAR_GREEN}"/></a:solidFill><a:ln><a:noFill/>'
    f'</a:ln></p:spPr><p:txBody><a:bodyPr/><a:lstStyle/><a:p><a:endParaRPr lang="zh-CN"/>'
    f'</a:p></p:txBody></p:sp>')
tree.find(qn("p:grpSpPr")).addnext(bar)

# 3. The "Title Slide" layout: the master's graphics hidden, a solid background as in
#    example-2.png.
cover_layout = slides[0].slide_layout
cover_layout._element.set("showMasterSp", "0")
solid_bg(cover_layout._element.find(qn("p:cSld")), COVER_BG)

# 4. Slide 1's title: 48 pt.
for run in slides[0].shapes.title.text_frame.paragraphs[0].runs:
    run.font.size = Pt(48)

# 5. "目录": each line jumps to its slide.
contents = by_title["目录"]
for para in contents.placeholders[1].text_frame.paragraphs:
    jump_link(para.runs[0], contents, by_title[para.text])

# 6. "建设历程": the four stages become a SmartArt graphic (basic process, colourful, moderate
#    effect) as example-3.png shows; the text placeholder is deleted.
history = by_title["建设历程"]
stages = [p.text for p in history.placeholders[1].text_frame.paragraphs]
body = history.placeholders[1]
body._element.getparent().remove(body._element)
add_smartart(history, stages, (Cm(2.5), Cm(6), Cm(28.9), Cm(8)), "建设历程图示")

# 7. Every slide: "Wipe" from the left, 1.25 s (before any timing).
for slide in slides:
    add_wipe(slide)

# 8. "核心技术": the title fades in on click, then the body text wipes up paragraph by
#    paragraph, each on click.
tech = by_title["核心技术"]
tech_body = tech.placeholders[1]
effects = [dict(spid=tech.shapes.title.shape_id, preset=10, sub=0, kind="fade")]
for i, _ in enumerate(tech_body.text_frame.paragraphs):
    effects.append(dict(spid=tech_body.shape_id, preset=22, sub=4, kind="wipe_up", paragraph=i))
timing(tech, main=effects, builds=f'<p:bldP spid="{tech.shapes.title.shape_id}" grpId="0"/>'
                                  f'<p:bldP spid="{tech_body.shape_id}" grpId="0" build="p"/>')

# 9. "常见问题": a button "查看答案" (shape and colour as example-4.png) and the answer, which
#    appears when the button is clicked (a trigger).
faq = by_title["常见问题"]
button = faq.shapes.add_shape(MSO_SHAPE.ROUNDED_RECTANGLE, Cm(3), Cm(13), Cm(6), Cm(2))
button.name = "查看答案"
button.text_frame.text = "查看答案"
button.fill.solid()
button.fill.fore_color.rgb = RGBColor(0xF5, 0x7C, 0x00)
button.line.fill.background()
answer = faq.shapes.add_textbox(Cm(3), Cm(8), Cm(26), Cm(2.5))
answer.name = "答案"
answer.text_frame.text = "答：每周六上午开放，需提前在项目官网预约。"
answer.text_frame.paragraphs[0].runs[0].font.size = Pt(24)
timing(faq, trigger=(button.shape_id, dict(spid=answer.shape_id, preset=1, sub=0,
                                           kind="appear")),
       builds=f'<p:bldP spid="{answer.shape_id}" grpId="0"/>')

# 10. Date (fixed), footer and slide number on every slide but the title slide.
for slide in slides[1:]:
    tree = slide.shapes._spTree
    for ph in slide.slide_layout.placeholders:
        kind = str(ph.placeholder_format.type)
        if kind.startswith(("FOOTER", "SLIDE_NUMBER", "DATE")):
            tree.append(copy.deepcopy(ph._element))
    for ph in slide.placeholders:
        kind = str(ph.placeholder_format.type)
        if kind.startswith("FOOTER"):
            ph.text_frame.text = FOOTER
        elif kind.startswith("DATE"):
            ph.text_frame.text = "2026年12月"

# 11. Hide "示范园分区".
by_title["示范园分区"]._element.set("show", "0")

# 12. "联系我们": the words "项目官网" linked, and an "End" action button.
contact = by_title["联系我们"]
para = contact.placeholders[1].text_frame.paragraphs[2]
head, tail = para.text.split("项目官网")
for r in list(para.runs):
    r._r.getparent().remove(r._r)
para.add_run().text = head
link = para.add_run()
link.text = "项目官网"
link.hyperlink.address = "https://www.example.org/qinghe-farm"
end = contact.shapes.add_shape(MSO_SHAPE.ACTION_BUTTON_END, Cm(29.5), Cm(15.5), Cm(2.2),
                               Cm(1.8))
end.name = "结束放映"
c_nv = end._element.find(qn("p:nvSpPr")).find(qn("p:cNvPr"))
hl = etree.SubElement(c_nv, qn("a:hlinkClick"), action="ppaction://hlinkshowjump?jump=endshow")
hl.set(qn("r:id"), "")

# 13. "运营成效": the speaker note.
by_title["运营成效"].notes_slide.notes_text_frame.text = "重点介绍亩均增收和带动农户的数据。"

# 14. Sections.
add_sections(prs, [("封面与目录", 2), ("项目概况", 4), ("成效与问答", 4), ("展望", 2)])

# 15. A custom show "精简汇报" (slides 1, 4, 8, 11) that the slide show plays, looping.
pres = prs.part._element
rids = {s.get("id"): s.get(qn("r:id")) for s in prs.slides._sldIdLst}
sld_ids = [s.get("id") for s in prs.slides._sldIdLst]
shows = etree.Element(qn("p:custShowLst"))
show = etree.SubElement(shows, qn("p:custShow"), name="精简汇报", id="0")
lst = etree.SubElement(show, qn("p:sldLst"))
for n in (1, 4, 8, 11):
    etree.SubElement(lst, qn("p:sld")).set(qn("r:id"), rids[sld_ids[n - 1]])
pres.find(qn("p:notesSz")).addnext(shows)

props = prs.part.part_related_by(RT.PRES_PROPS)
root = etree.fromstring(props.blob)
show_pr = root.find(qn("p:showPr"))
if show_pr is None:
    show_pr = etree.Element(qn("p:showPr"))
    root.insert(0, show_pr)
for child in list(show_pr):
    if etree.QName(child).localname in ("present", "browse", "kiosk", "sldAll", "sldRg",
                                        "custShow"):
        show_pr.remove(child)
show_pr.set("loop", "1")
show_pr.insert(0, etree.Element(qn("p:present")))
show_pr.insert(1, etree.Element(qn("p:custShow"), id="0"))
props._blob = etree.tostring(root, xml_declaration=True, encoding="UTF-8", standalone=True)

prs.save("output.pptx")
