"""Reference solution for ppt-l2-report, written the way a candidate program would be:
python-pptx (slides from the outline, chart, table), plus raw XML where python-pptx has no
API (the master title style, deleting a slide, animation timing, transitions, the show
type). Reads input.pptx, writes output.pptx in the current directory."""

from lxml import etree
from pptx import Presentation
from pptx.chart.data import CategoryChartData
from pptx.enum.chart import XL_CHART_TYPE, XL_LEGEND_POSITION
from pptx.opc.constants import RELATIONSHIP_TYPE as RT
from pptx.oxml.ns import qn

P = "http://schemas.openxmlformats.org/presentationml/2006/main"
P14 = "http://schemas.microsoft.com/office/powerpoint/2010/main"
MC = "http://schemas.openxmlformats.org/markup-compatibility/2006"

prs = Presentation("input.pptx")
layouts = {layout.name: layout for layout in prs.slide_layouts}
cover, outline_slide = prs.slides[0], prs.slides[1]

# 1. Read the outline: level-0 paragraphs are titles, level-1 paragraphs their body text.
sections = []
for shape in outline_slide.shapes:
    if shape.has_text_frame and shape != outline_slide.shapes.title:
        for p in shape.text_frame.paragraphs:
            if not p.text.strip():
                continue
            if p.level == 0:
                sections.append((p.text.strip(), []))
            else:
                sections[-1][1].append(p.text.strip())

layout_for = {"区域对比": "Two Content"}
new_slides = {}
for title, lines in sections:
    slide = prs.slides.add_slide(layouts[layout_for.get(title, "Title and Content")])
    slide.shapes.title.text = title
    if lines:
        body = slide.placeholders[1].text_frame
        body.text = lines[0]
        for line in lines[1:]:
            body.add_paragraph().text = line
    new_slides[title] = slide
thanks = prs.slides.add_slide(layouts["Title Only"])
thanks.shapes.title.text = "谢谢观看"

# Delete the outline slide (slide 2).
id_list = prs.slides._sldIdLst
entry = list(id_list)[1]
prs.part.drop_rel(entry.get(qn("r:id")))
id_list.remove(entry)

# 2. Subtitle
cover.placeholders[1].text = "销售部 · 2026 年 1 月"

# 3. Master title style
title_style = prs.slide_master._element.find(qn("p:txStyles")).find(qn("p:titleStyle"))
def_rpr = title_style.find(qn("a:lvl1pPr")).find(qn("a:defRPr"))
for tag in ("a:solidFill", "a:latin", "a:ea"):
    for old in def_rpr.findall(qn(tag)):
        def_rpr.remove(old)
fill = etree.Element(qn("a:solidFill"))
etree.SubElement(fill, qn("a:srgbClr"), val="1F4E79")
def_rpr.insert(0, fill)
latin = etree.Element(qn("a:latin"), typeface="Arial")
ea = etree.Element(qn("a:ea"), typeface="微软雅黑")
cs = def_rpr.find(qn("a:cs"))
if cs is not None:
    cs.addprevious(latin)
    cs.addprevious(ea)
else:
    def_rpr.append(latin)
    def_rpr.append(ea)


def take_place_of(placeholder):
    """Remove an empty placeholder and return its position."""
    box = placeholder.left, placeholder.top, placeholder.width, placeholder.height
    placeholder._element.getparent().remove(placeholder._element)
    return box


# 4. Chart
sales = new_slides["季度销售额"]
x, y, cx, cy = take_place_of(sales.placeholders[1])
data = CategoryChartData()
data.categories = ["第一季度", "第二季度", "第三季度", "第四季度"]
data.add_series("2024年", (120, 135, 150, 168))
data.add_series("2025年", (132, 148, 171, 190))
chart_frame = sales.shapes.add_chart(XL_CHART_TYPE.COLUMN_CLUSTERED, x, y, cx, cy, data)
chart = chart_frame.chart
chart.has_title = True
chart.chart_title.text_frame.text = "季度销售额（万元）"
chart.has_legend = True
chart.legend.position = XL_LEGEND_POSITION.BOTTOM
chart.legend.include_in_layout = False

# 5. Table on the left, text on the right
regions = new_slides["区域对比"]
left = [ph for ph in regions.placeholders if ph.placeholder_format.idx == 1][0]
right = [ph for ph in regions.placeholders if ph.placeholder_format.idx == 2][0]
x, y, cx, cy = take_place_of(left)
table = regions.shapes.add_table(4, 3, x, y, cx, cy // 2).table
for i, row in enumerate([("区域", "2024年", "2025年"), ("华东", "210", "236"),
                         ("华南", "150", "181"), ("华北", "113", "124")]):
    for j, text in enumerate(row):
        table.cell(i, j).text = text
right.text_frame.text = "华南增速最快（20.7%）"


# 6. Animations
def effect_xml(ctn, preset, sub, node, spid, behaviour, paragraph=None):
    target = (f'<p:spTgt spid="{spid}"/>' if paragraph is None else
              f'<p:spTgt spid="{spid}"><p:txEl><p:pRg st="{paragraph}" end="{paragraph}"/>'
              f'</p:txEl></p:spTgt>')
    tgt = f"<p:tgtEl>{target}</p:tgtEl>"
    return (f'<p:par><p:cTn id="{ctn}" presetID="{preset}" presetClass="entr" '
            f'presetSubtype="{sub}" fill="hold" grpId="0" nodeType="{node}"><p:stCondLst>'
            f'<p:cond delay="0"/></p:stCondLst><p:childTnLst><p:set><p:cBhvr><p:cTn '
            f'id="{ctn + 1}" dur="1" fill="hold"><p:stCondLst><p:cond delay="0"/></p:stCondLst>'
            f'</p:cTn>{tgt}<p:attrNameLst><p:attrName>style.visibility</p:attrName>'
            f'</p:attrNameLst></p:cBhvr><p:to><p:strVal val="visible"/></p:to></p:set>'
            f'<p:animEffect transition="in" filter="{behaviour}"><p:cBhvr><p:cTn '
            f'id="{ctn + 2}" dur="500"/>{tgt}</p:cBhvr></p:animEffect></p:childTnLst></p:cTn>'
            f'</p:par>')


def add_timing(slide, clicks, builds):
    """clicks: effect XML builders, each started on its own click."""
    groups, ctn = [], 3
    for make in clicks:
        inner = make(ctn + 2)
        groups.append(f'<p:par><p:cTn id="{ctn}" fill="hold"><p:stCondLst><p:cond '
                      f'delay="indefinite"/></p:stCondLst><p:childTnLst><p:par><p:cTn '
                      f'id="{ctn + 1}" fill="hold"><p:stCondLst><p:cond delay="0"/>'
                      f'</p:stCondLst><p:childTnLst>{inner}</p:childTnLst></p:cTn></p:par>'
                      f'</p:childTnLst></p:cTn></p:par>')
        ctn += 5
    xml = (f'<p:timing xmlns:p="{P}"><p:tnLst><p:par><p:cTn id="1" dur="indefinite" '
           f'restart="never" nodeType="tmRoot"><p:childTnLst><p:seq concurrent="1" '
           f'nextAc="seek"><p:cTn id="2" dur="indefinite" nodeType="mainSeq"><p:childTnLst>'
           f'{"".join(groups)}</p:childTnLst></p:cTn><p:prevCondLst><p:cond evt="onPrev" '
           f'delay="0"><p:tgtEl><p:sldTgt/></p:tgtEl></p:cond></p:prevCondLst><p:nextCondLst>'
           f'<p:cond evt="onNext" delay="0"><p:tgtEl><p:sldTgt/></p:tgtEl></p:cond>'
           f'</p:nextCondLst></p:seq></p:childTnLst></p:cTn></p:par></p:tnLst>'
           f'<p:bldLst>{builds}</p:bldLst></p:timing>')
    anchor = slide._element.find(qn("p:transition"))
    if anchor is None:  # a transition inside mc:AlternateContent: timing goes after it
        anchor = slide._element.find(f"{{{MC}}}AlternateContent")
    if anchor is None:
        anchor = slide._element.find(qn("p:clrMapOvr"))
    anchor.addnext(etree.fromstring(xml))


def add_transition(slide, element, attrs=None):
    alt = etree.Element(f"{{{MC}}}AlternateContent", nsmap={"mc": MC, "p14": P14})
    choice = etree.SubElement(alt, f"{{{MC}}}Choice", Requires="p14")
    tr = etree.SubElement(choice, qn("p:transition"), spd="slow")
    tr.set(f"{{{P14}}}dur", "1000")
    etree.SubElement(tr, qn(f"p:{element}"), attrs or {})
    fallback = etree.SubElement(alt, f"{{{MC}}}Fallback")
    etree.SubElement(etree.SubElement(fallback, qn("p:transition"), spd="slow"),
                     qn(f"p:{element}"), attrs or {})
    slide._element.find(qn("p:clrMapOvr")).addnext(alt)


# 7. Transitions first (the schema puts p:transition before p:timing)
for index, slide in enumerate(prs.slides):
    if index == 0:
        add_transition(slide, "fade")
    else:
        add_transition(slide, "wipe", {"dir": "r"})

chart_id = chart_frame.shape_id
add_timing(sales, [lambda c: effect_xml(c, 10, 0, "clickEffect", chart_id, "fade")],
           f'<p:bldGraphic spid="{chart_id}" grpId="0"><p:bldAsOne/></p:bldGraphic>')
plan = new_slides["下年度计划"]
body_id = plan.placeholders[1].shape_id
count = len(plan.placeholders[1].text_frame.paragraphs)
add_timing(plan, [(lambda c, i=i: effect_xml(c, 22, 8, "clickEffect", body_id, "wipe(left)", i))
                  for i in range(count)],
           f'<p:bldP spid="{body_id}" grpId="0" build="p"/>')

# 8. Show type: browsed by an individual (window)
props = prs.part.part_related_by(RT.PRES_PROPS)
root = etree.fromstring(props.blob)
show = root.find(qn("p:showPr"))
if show is None:
    show = etree.Element(qn("p:showPr"))
    root.insert(0, show)
for child in list(show):
    if child.tag in (qn("p:present"), qn("p:browse"), qn("p:kiosk")):
        show.remove(child)
show.insert(0, etree.Element(qn("p:browse")))
props._blob = etree.tostring(root, xml_declaration=True, encoding="UTF-8", standalone=True)

prs.save("output.pptx")
