# Independent solution written from the prompt alone (ppt-l1-travel, text-only)
# Step 1: slide size 16:9 widescreen (12192000 x 6858000, type attribute removed); the master's and layouts'
#         shape x-positions/widths are stretched by 4/3 so placeholders fill the wider slide (as PowerPoint does).
# Step 2: slide 1 layout relationship -> "Title Slide"; its placeholders re-typed ctrTitle / subTitle(idx 1);
#         title runs: ea 黑体, 48 pt, bold, colour 002060 (standard 深蓝); subtitle runs: ea 楷体, 28 pt.
# Step 3: slide 2 body: every run ea 微软雅黑 + 24 pt; every paragraph lnSpc 150 %.
# Step 4: slide 3: python-pptx add_table 4x3 with the given text; tableStyleId
#         {69012ECD-51FC-41F1-AA8D-1B2483CD663E} (Light Style 2 - Accent 1), firstRow + bandRow on.
# Step 5: slide 4 body paragraphs 2 and 3 -> lvl="1" (second level); paragraph 1 stays level 0.
# Step 6: p:bg solid fill E2EFDA on every slide (and on the master, like "应用到全部").
# Step 7: every slide: <p:transition spd="slow" p14:dur="1000" advTm="5000"><p:push dir="u"/></p:transition>
#         (advance on click stays on - the default), PowerPoint-style mc:AlternateContent.
# Step 8: slides 2-5 get footer (idx 11, "江南水乡旅游推介") and slide-number (idx 12) placeholders; title slide none.
# Step 9: slide 5 notes "介绍报名截止日期与咨询电话。".
from lxml import etree
from pptx import Presentation
from pptx.dml.color import RGBColor
from pptx.util import Pt, Emu
from pptx.oxml.ns import qn

NS_P = "http://schemas.openxmlformats.org/presentationml/2006/main"
NS_A = "http://schemas.openxmlformats.org/drawingml/2006/main"
NS_P14 = "http://schemas.microsoft.com/office/powerpoint/2010/main"
NS_MC = "http://schemas.openxmlformats.org/markup-compatibility/2006"
BG = "E2EFDA"
FOOTER = "江南水乡旅游推介"


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


prs = Presentation("input.pptx")
slides = list(prs.slides)

# ---------- Step 1: 16:9 ----------
old_w = prs.slide_width
new_w = 12192000
prs.slide_width = Emu(new_w)
prs.slide_height = Emu(6858000)
sldSz = prs.part._element.find(qn("p:sldSz"))
if "type" in sldSz.attrib:
    del sldSz.attrib["type"]
fx = new_w / float(old_w)
if abs(fx - 1.0) > 1e-6:
    master = prs.slide_master
    parts = [master] + list(master.slide_layouts)
    for obj in parts:
        tree = obj._element.find(qn("p:cSld") + "/" + qn("p:spTree"))
        for xfrm in tree.iter(qn("a:xfrm")):
            # skip the group-shape transform of the tree itself
            if xfrm.getparent().tag == qn("p:grpSpPr") and xfrm.getparent().getparent() is tree:
                continue
            off = xfrm.find(qn("a:off"))
            ext = xfrm.find(qn("a:ext"))
            if off is not None:
                off.set("x", str(int(round(int(off.get("x")) * fx))))
            if ext is not None:
                ext.set("cx", str(int(round(int(ext.get("cx")) * fx))))
    for s in slides:
        for sh in s.shapes:
            xfrm = sh._element.find(".//" + qn("a:xfrm"))
            if xfrm is not None and xfrm.find(qn("a:off")) is not None:
                off = xfrm.find(qn("a:off"))
                off.set("x", str(int(round(int(off.get("x")) * fx))))
                ext = xfrm.find(qn("a:ext"))
                if ext is not None:
                    ext.set("cx", str(int(round(int(ext.get("cx")) * fx))))
SW, SH = prs.slide_width, prs.slide_height

# ---------- Step 2: slide 1 ----------
s1 = slides[0]
title_layout = None
for lay in prs.slide_master.slide_layouts:
    if lay.name == "Title Slide":
        title_layout = lay
if title_layout is None:
    title_layout = prs.slide_master.slide_layouts[0]
for rel in s1.part.rels.values():
    if rel.reltype.endswith("/slideLayout"):
        rel._target = title_layout.part
for sh in s1.shapes:
    if not sh.is_placeholder:
        continue
    ph = sh._element.find(".//" + qn("p:ph"))
    idx = ph.get("idx", "0")
    if idx == "0":
        ph.set("type", "ctrTitle")
    elif idx == "1":
        # PowerPoint keeps the attribute order type, idx
        ph.attrib.clear()
        ph.set("type", "subTitle")
        ph.set("idx", "1")
t1 = ph_shape(s1, 0)
for p in t1.text_frame.paragraphs:
    for r in p.runs:
        r.font.size = Pt(48)
        r.font.bold = True
        r.font.color.rgb = RGBColor(0x00, 0x20, 0x60)
        set_ea(r._r.get_or_add_rPr(), "黑体")
st1 = ph_shape(s1, 1)
for p in st1.text_frame.paragraphs:
    for r in p.runs:
        r.font.size = Pt(28)
        set_ea(r._r.get_or_add_rPr(), "楷体")

# ---------- Step 3: slide 2 ----------
b2 = ph_shape(slides[1], 1)
for p in b2.text_frame.paragraphs:
    p.line_spacing = 1.5
    for r in p.runs:
        r.font.size = Pt(24)
        set_ea(r._r.get_or_add_rPr(), "微软雅黑")

# ---------- Step 4: table ----------
s3 = slides[2]
data = [["日程", "地点", "安排"],
        ["第一天", "乌镇", "游船、夜游西栅"],
        ["第二天上午", "西塘", "古镇漫步、品尝小吃"],
        ["第二天下午", "返程", "14:00 集合乘车返回"]]
tx = int(457200 * fx) if abs(fx - 1.0) > 1e-6 else 457200
tw = int(SW) - 2 * tx
row_h = 548640
gf = s3.shapes.add_table(4, 3, Emu(tx), Emu(1600200), Emu(tw), Emu(row_h * 4))
gf.name = "行程表"
tbl = gf.table
col_ws = [int(tw * 0.25), int(tw * 0.2)]
col_ws.append(tw - sum(col_ws))
for i, w in enumerate(col_ws):
    tbl.columns[i].width = Emu(w)
for r in range(4):
    tbl.rows[r].height = Emu(row_h)
    for c in range(3):
        cell = tbl.cell(r, c)
        cell.text = data[r][c]
        for p in cell.text_frame.paragraphs:
            for run in p.runs:
                rPr = run._r.get_or_add_rPr()
                rPr.set("lang", "zh-CN")
                rPr.set("altLang", "en-US")
tblPr = tbl._tbl.find(qn("a:tblPr"))
tblPr.set("firstRow", "1")
tblPr.set("bandRow", "1")
sid = tblPr.find(qn("a:tableStyleId"))
if sid is None:
    sid = etree.SubElement(tblPr, qn("a:tableStyleId"))
sid.text = "{69012ECD-51FC-41F1-AA8D-1B2483CD663E}"

# ---------- Step 5: demote paragraphs ----------
b4 = ph_shape(slides[3], 1)
paras = [p for p in b4.text_frame.paragraphs if p.text.strip()]
for k, p in enumerate(paras):
    p.level = 0 if k == 0 else (1 if k in (1, 2) else p.level)


# ---------- Step 6: background ----------
def set_bg(el):
    cSld = el.find(qn("p:cSld"))
    old = cSld.find(qn("p:bg"))
    if old is not None:
        cSld.remove(old)
    cSld.insert(0, E('<p:bg xmlns:p="%s" xmlns:a="%s"><p:bgPr><a:solidFill><a:srgbClr val="%s"/></a:solidFill>'
                     '<a:effectLst/></p:bgPr></p:bg>' % (NS_P, NS_A, BG)))


set_bg(prs.slide_master._element)
for s in slides:
    set_bg(s._element)


# ---------- Step 7: transitions ----------
def add_transition(slide):
    el = slide._element
    for old in el.findall(qn("p:transition")):
        el.remove(old)
    for old in el.findall("{%s}AlternateContent" % NS_MC):
        if old.find(".//" + qn("p:transition")) is not None:
            el.remove(old)
    ac = E('<mc:AlternateContent xmlns:mc="%s"><mc:Choice xmlns:p14="%s" Requires="p14">'
           '<p:transition xmlns:p="%s" spd="slow" p14:dur="1000" advTm="5000"><p:push dir="u"/></p:transition>'
           '</mc:Choice><mc:Fallback><p:transition xmlns:p="%s" spd="slow" advTm="5000"><p:push dir="u"/>'
           '</p:transition></mc:Fallback></mc:AlternateContent>' % (NS_MC, NS_P14, NS_P, NS_P))
    anchor = el.find(qn("p:clrMapOvr"))
    if anchor is None:
        anchor = el.find(qn("p:cSld"))
    anchor.addnext(ac)


for s in slides:
    add_transition(s)

# ---------- Step 8: footer + slide numbers ----------
fld_id = "{C1FF6DA9-008F-8B48-92A6-B652298478BF}"
for fld in prs.slide_master._element.iter(qn("a:fld")):
    if fld.get("type") == "slidenum":
        fld_id = fld.get("id")
for i, s in enumerate(slides):
    if s.slide_layout.name == "Title Slide":
        continue
    f_idx = 11
    n_idx = 12
    for lph in s.slide_layout.placeholders:
        t = lph._element.find(".//" + qn("p:ph")).get("type")
        if t == "ftr":
            f_idx = lph.placeholder_format.idx
        elif t == "sldNum":
            n_idx = lph.placeholder_format.idx
    tree = s.shapes._spTree
    nid = next_id(s)
    tree.append(E(
        '<p:sp xmlns:p="%s" xmlns:a="%s"><p:nvSpPr><p:cNvPr id="%d" name="Footer Placeholder %d"/>'
        '<p:cNvSpPr><a:spLocks noGrp="1"/></p:cNvSpPr><p:nvPr><p:ph type="ftr" sz="quarter" idx="%d"/></p:nvPr>'
        '</p:nvSpPr><p:spPr/><p:txBody><a:bodyPr/><a:lstStyle/><a:p><a:r><a:rPr lang="zh-CN" altLang="en-US"/>'
        '<a:t>%s</a:t></a:r><a:endParaRPr lang="zh-CN" altLang="en-US"/></a:p></p:txBody></p:sp>'
        % (NS_P, NS_A, nid, nid - 1, f_idx, FOOTER)))
    nid += 1
    tree.append(E(
        '<p:sp xmlns:p="%s" xmlns:a="%s"><p:nvSpPr><p:cNvPr id="%d" name="Slide Number Placeholder %d"/>'
        '<p:cNvSpPr><a:spLocks noGrp="1"/></p:cNvSpPr><p:nvPr><p:ph type="sldNum" sz="quarter" idx="%d"/></p:nvPr>'
        '</p:nvSpPr><p:spPr/><p:txBody><a:bodyPr/><a:lstStyle/><a:p><a:fld id="%s" type="slidenum">'
        '<a:rPr lang="en-US" altLang="zh-CN"/><a:t>%d</a:t></a:fld><a:endParaRPr lang="zh-CN" altLang="en-US"/>'
        '</a:p></p:txBody></p:sp>' % (NS_P, NS_A, nid, nid - 1, n_idx, fld_id, i + 1)))

# ---------- Step 9: notes ----------
slides[4].notes_slide.notes_text_frame.text = "介绍报名截止日期与咨询电话。"

prs.save("output.pptx")
