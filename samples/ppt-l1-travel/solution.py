"""Reference solution for ppt-l1-travel, written the way a candidate program would be:
python-pptx, plus raw XML where python-pptx has no API (changing a slide's layout, East Asian
fonts, the table style, transitions, footer and slide-number placeholders). Reads
input.pptx, writes output.pptx in the current directory."""

import copy

from lxml import etree
from pptx import Presentation
from pptx.dml.color import RGBColor
from pptx.oxml.ns import qn
from pptx.util import Cm, Emu, Pt

P14 = "http://schemas.microsoft.com/office/powerpoint/2010/main"
MC = "http://schemas.openxmlformats.org/markup-compatibility/2006"
LIGHT_STYLE_2_ACCENT_1 = "{69012ECD-51FC-41F1-AA8D-1B2483CD663E}"


def set_east_asia(run, typeface):
    """Set the East Asian font (a:ea) of a run, keeping a:rPr's child order."""
    rpr = run._r.get_or_add_rPr()
    for old in rpr.findall(qn("a:ea")):
        rpr.remove(old)
    ea = etree.SubElement(rpr, qn("a:ea"))
    ea.set("typeface", typeface)
    # a:ea comes after a:latin and before a:cs / a:sym / hyperlinks.
    for tag in ("a:cs", "a:sym", "a:hlinkClick", "a:hlinkMouseOver", "a:rtl", "a:extLst"):
        follower = rpr.find(qn(tag))
        if follower is not None:
            follower.addprevious(ea)
            break


def runs(shape):
    return [r for p in shape.text_frame.paragraphs for r in p.runs]


def change_layout(slide, layout):
    for rel in slide.part.rels.values():
        if rel.reltype.endswith("/slideLayout"):
            rel._target = layout.part


def add_transition(slide):
    """Push from bottom, 1 s (p14:dur) with a PowerPoint 2007 fallback; advance on click
    and after 5 s."""
    attrs = {"spd": "slow", "advClick": "1", "advTm": "5000"}
    alt = etree.Element(f"{{{MC}}}AlternateContent", nsmap={"mc": MC, "p14": P14})
    choice = etree.SubElement(alt, f"{{{MC}}}Choice", Requires="p14")
    tr = etree.SubElement(choice, qn("p:transition"), attrs)
    tr.set(f"{{{P14}}}dur", "1000")
    etree.SubElement(tr, qn("p:push"), dir="u")
    fallback = etree.SubElement(alt, f"{{{MC}}}Fallback")
    tr2 = etree.SubElement(fallback, qn("p:transition"), attrs)
    etree.SubElement(tr2, qn("p:push"), dir="u")
    slide._element.find(qn("p:clrMapOvr")).addnext(alt)


def add_footer_and_number(slide, footer_text):
    """Copy the layout's footer and slide-number placeholders onto the slide."""
    tree = slide.shapes._spTree
    for ph in slide.slide_layout.placeholders:
        ph_type = ph._element.ph_type
        if str(ph_type).startswith("FOOTER") or str(ph_type).startswith("SLIDE_NUMBER"):
            el = copy.deepcopy(ph._element)
            tree.append(el)
    for shape in slide.placeholders:
        if str(shape.placeholder_format.type).startswith("FOOTER"):
            shape.text_frame.text = footer_text


prs = Presentation("input.pptx")
prs.slide_width, prs.slide_height = Emu(12192000), Emu(6858000)
slides = list(prs.slides)
layouts = {layout.name: layout for layout in prs.slide_layouts}

# 2. Title slide
s1 = slides[0]
change_layout(s1, layouts["Title Slide"])
for r in runs(s1.shapes.title):
    set_east_asia(r, "黑体")
    r.font.size = Pt(48)
    r.font.bold = True
    r.font.color.rgb = RGBColor(0x00, 0x20, 0x60)
for r in runs(s1.placeholders[1]):
    set_east_asia(r, "楷体")
    r.font.size = Pt(28)

# 3. Slide 2 body
body = slides[1].placeholders[1]
for p in body.text_frame.paragraphs:
    p.line_spacing = 1.5
    for r in p.runs:
        set_east_asia(r, "微软雅黑")
        r.font.size = Pt(24)

# 4. Table on slide 3
rows = [("日程", "地点", "安排"), ("第一天", "乌镇", "游船、夜游西栅"),
        ("第二天上午", "西塘", "古镇漫步、品尝小吃"), ("第二天下午", "返程", "14:00 集合乘车返回")]
frame = slides[2].shapes.add_table(4, 3, Cm(3), Cm(5), Cm(27.87), Cm(8))
table = frame.table
for i, row in enumerate(rows):
    for j, text in enumerate(row):
        table.cell(i, j).text = text
tbl_pr = frame._element.graphic.graphicData.tbl.tblPr
style_id = tbl_pr.find(qn("a:tableStyleId"))
if style_id is None:
    style_id = etree.SubElement(tbl_pr, qn("a:tableStyleId"))
style_id.text = LIGHT_STYLE_2_ACCENT_1

# 5. Demote paragraphs 2 and 3 on slide 4
for p in slides[3].placeholders[1].text_frame.paragraphs[1:3]:
    p.level = 1

for index, slide in enumerate(slides):
    # 6. Background
    fill = slide.background.fill
    fill.solid()
    fill.fore_color.rgb = RGBColor(226, 239, 218)
    # 7. Transition
    add_transition(slide)
    # 8. Footer and slide number on every slide but the title slide
    if index > 0:
        add_footer_and_number(slide, "江南水乡旅游推介")

# 9. Notes
slides[4].notes_slide.notes_text_frame.text = "介绍报名截止日期与咨询电话。"

prs.save("output.pptx")
