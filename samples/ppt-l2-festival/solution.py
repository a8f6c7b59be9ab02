"""Reference solution for ppt-l2-festival, written the way a candidate program would be:
python-pptx for text, the chart, the footer placeholders, the hyperlink and notes; raw XML
where python-pptx has no API (master text styles, sections, transitions, animation timing,
an action button, hiding a slide, the kiosk show type). Reads input.pptx, writes
output.pptx. The values the instruction leaves to the example pictures are the ones the
pictures were rendered from (this program's output)."""

import copy
import uuid

from lxml import etree
from pptx import Presentation
from pptx.chart.data import CategoryChartData
from pptx.dml.color import RGBColor
from pptx.enum.chart import XL_CHART_TYPE, XL_LABEL_POSITION
from pptx.enum.shapes import MSO_SHAPE
from pptx.opc.constants import RELATIONSHIP_TYPE as RT
from pptx.oxml.ns import qn
from pptx.util import Cm, Pt

P = "http://schemas.openxmlformats.org/presentationml/2006/main"
A = "http://schemas.openxmlformats.org/drawingml/2006/main"
R = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"
P14 = "http://schemas.microsoft.com/office/powerpoint/2010/main"
MC = "http://schemas.openxmlformats.org/markup-compatibility/2006"
FOOTER = "2026 滨江文化旅游节"


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


def add_push(slide):
    """Push from the bottom, 1 s (p14 duration, with a fallback for older readers)."""
    alt = etree.Element(f"{{{MC}}}AlternateContent", nsmap={"mc": MC, "p14": P14})
    choice = etree.SubElement(alt, f"{{{MC}}}Choice", Requires="p14")
    tr = etree.SubElement(choice, qn("p:transition"), spd="med")
    tr.set(f"{{{P14}}}dur", "1000")
    etree.SubElement(tr, qn("p:push"), dir="u")
    fallback = etree.SubElement(alt, f"{{{MC}}}Fallback")
    etree.SubElement(etree.SubElement(fallback, qn("p:transition"), spd="med"), qn("p:push"),
                     dir="u")
    slide._element.find(qn("p:clrMapOvr")).addnext(alt)


def add_sections(prs, sections):
    """p14 sections in the presentation's extension list."""
    ids = [s.get("id") for s in prs.slides._sldIdLst]
    ext_lst = prs.part._element.find(qn("p:extLst"))
    if ext_lst is None:
        ext_lst = etree.SubElement(prs.part._element, qn("p:extLst"))
    ext = etree.SubElement(ext_lst, qn("p:ext"), uri="{521415D9-36F7-43E2-AB2F-B90AF26B5E84}")
    lst = etree.SubElement(ext, f"{{{P14}}}sectionLst", nsmap={"p14": P14})
    start = 0
    for name, count in sections:
        sec = etree.SubElement(lst, f"{{{P14}}}section", name=name,
                               id="{" + str(uuid.uuid4()).upper() + "}")
        sl = etree.SubElement(sec, f"{{{P14}}}sldIdLst")
        for sid in ids[start:start + count]:
            etree.SubElement(sl, f"{{{P14}}}sldId", id=sid)
        start += count


prs = Presentation("input.pptx")
slides = list(prs.slides)
by_title = {s.shapes.title.text: s for s in slides}
master = prs.slide_master

# 1. Master title and body styles: 黑体 36 pt in the colour of example-1.png; 微软雅黑 body.
styles = master._element.find(qn("p:txStyles"))
title_rpr = styles.find(qn("p:titleStyle")).find(qn("a:lvl1pPr")).find(qn("a:defRPr"))
title_rpr.set("sz", "3600")
fill = set_child(title_rpr, "a:solidFill")
etree.SubElement(fill, qn("a:srgbClr"), val="1F4E79")
set_child(title_rpr, "a:ea", typeface="黑体")
body_rpr = styles.find(qn("p:bodyStyle")).find(qn("a:lvl1pPr")).find(qn("a:defRPr"))
set_child(body_rpr, "a:ea", typeface="微软雅黑")

# 2. The master's background as example-1.png shows.
master.background.fill.solid()
master.background.fill.fore_color.rgb = RGBColor(0xDE, 0xEB, 0xF7)

# 3. The title slide's title: 54 pt, bold.
for run in slides[0].shapes.title.text_frame.paragraphs[0].runs:
    run.font.size = Pt(54)
    run.font.bold = True

# 4. "客流统计": the figures become a column chart as example-2.png shows.
stats = by_title["客流统计"]
body = stats.placeholders[1]
body._element.getparent().remove(body._element)
data = CategoryChartData()
data.categories = ["2023年", "2024年", "2025年"]
data.add_series("客流量（万人次）", (38, 46, 57))
frame = stats.shapes.add_chart(XL_CHART_TYPE.COLUMN_CLUSTERED, Cm(3), Cm(4.5), Cm(27.8),
                               Cm(13), data)
chart = frame.chart
chart.has_title = True
chart.chart_title.text_frame.text = "历年客流量（万人次）"
chart.has_legend = False
plot = chart.plots[0]
plot.has_data_labels = True
plot.data_labels.position = XL_LABEL_POSITION.OUTSIDE_END
plot.data_labels.show_value = True

# 5. Transitions on every slide (before any timing).
for slide in slides:
    add_push(slide)

# 6. "开幕式": the title appears, then the text flies in from the left paragraph by
#    paragraph, each after the previous.
opening = by_title["开幕式"]
title_id = opening.shapes.title.shape_id
text = opening.placeholders[1]
effects = [dict(spid=title_id, cls="entr", preset=1, sub=0, node="clickEffect", kind="appear")]
for i, _ in enumerate(text.text_frame.paragraphs):
    effects.append(dict(spid=text.shape_id, cls="entr", preset=2, sub=8, node="afterEffect",
                        kind="fly_left", paragraph=i))
add_timing(opening, effects, f'<p:bldP spid="{title_id}" grpId="0" animBg="1"/>'
                             f'<p:bldP spid="{text.shape_id}" grpId="0" build="p"/>')
opening.notes_slide.notes_text_frame.text = "提醒观众提前预约入场。"

# 7. Footer text and slide number on every slide but the title slide.
for slide in slides[1:]:
    tree = slide.shapes._spTree
    for ph in slide.slide_layout.placeholders:
        kind = str(ph.placeholder_format.type)
        if kind.startswith(("FOOTER", "SLIDE_NUMBER")):
            tree.append(copy.deepcopy(ph._element))
    for ph in slide.placeholders:
        if str(ph.placeholder_format.type).startswith("FOOTER"):
            ph.text_frame.text = FOOTER

# 8. Hide "组织机构".
by_title["组织机构"]._element.set("show", "0")

# 9. "联系我们": the website linked, and an action button back to the first slide.
contact = by_title["联系我们"]
para = contact.placeholders[1].text_frame.paragraphs[1]
head, tail = para.text.split("访问官网")
for r in list(para.runs):
    r._r.getparent().remove(r._r)
para.add_run().text = head
link = para.add_run()
link.text = "访问官网"
link.hyperlink.address = "https://www.example.org/festival"
button = contact.shapes.add_shape(MSO_SHAPE.ACTION_BUTTON_HOME, Cm(29), Cm(15.5), Cm(2.5),
                                  Cm(2))
button.name = "返回首页"
c_nv = button._element.find(qn("p:nvSpPr")).find(qn("p:cNvPr"))
etree.SubElement(c_nv, qn("a:hlinkClick"), action="ppaction://hlinkshowjump?jump=firstslide")
c_nv.find(qn("a:hlinkClick")).set(qn("r:id"), "")

# 10. Sections.
add_sections(prs, [("开幕", 4), ("活动内容", 4), ("服务信息", 3)])

# 11. Kiosk mode (展台浏览).
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

# 13. A custom show "精华版": slides 1, 4, 5, 6 and 7 in that order.
rids = {s.get("id"): s.get(qn("r:id")) for s in prs.slides._sldIdLst}
sld_ids = [s.get("id") for s in prs.slides._sldIdLst]
shows = etree.Element(qn("p:custShowLst"))
custom = etree.SubElement(shows, qn("p:custShow"), name="精华版", id="0")
lst = etree.SubElement(custom, qn("p:sldLst"))
for n in (1, 4, 5, 6, 7):
    etree.SubElement(lst, qn("p:sld")).set(qn("r:id"), rids[sld_ids[n - 1]])
prs.part._element.find(qn("p:notesSz")).addnext(shows)

# 14. "江畔音乐周" on the "Two Content" layout (its text stays in the left placeholder).
music = by_title["江畔音乐周"]
two_content = next(lo for lo in prs.slide_layouts if lo.name == "Two Content")
for rel in music.part.rels.values():
    if rel.reltype == RT.SLIDE_LAYOUT:
        rel._target = two_content.part

# 15. "非遗市集": body paragraphs at 1.5 lines, 6 pt before.
for para in by_title["非遗市集"].placeholders[1].text_frame.paragraphs:
    para.line_spacing = 1.5
    para.space_before = Pt(6)

# 16. "联系我们": the phone line bold and red.
for run in contact.placeholders[1].text_frame.paragraphs[0].runs:
    run.font.bold = True
    run.font.color.rgb = RGBColor(0xFF, 0x00, 0x00)

# 17. "美食巡游" advances by itself after 5 seconds (and still on a click).
for tr in by_title["美食巡游"]._element.iter(qn("p:transition")):
    tr.set("advTm", "5000")

# 18. A note on "志愿者招募".
by_title["志愿者招募"].notes_slide.notes_text_frame.text = "报名请登录官网志愿者专区。"

# 19. "交通指引": the title pulses (emphasis) on click.
traffic = by_title["交通指引"]
t_id = traffic.shapes.title.shape_id
add_timing(traffic, [dict(spid=t_id, cls="emph", preset=26, sub=0, node="clickEffect",
                          kind="pulse")], f'<p:bldP spid="{t_id}" grpId="0"/>')

prs.save("output.pptx")
