# Independent solution written from the prompt alone (ppt-l2-festival, with pictures)
# Step 1: slide master p:titleStyle -> ea font 黑体, 36 pt, colour #1F4E79 (sampled from example-1.png);
#         p:bodyStyle lvl1-9 -> ea font 微软雅黑 (also mirrored into the master placeholders' sample runs).
# Step 2: master background p:bg/p:bgPr solid fill #DEEBF7 (sampled from example-1.png).
# Step 3: slide 1 title runs -> sz 5400, b=1.
# Step 4: "客流统计": real clustered-column chart (python-pptx add_chart, workbook written with openpyxl),
#         categories 2023年/2024年/2025年, series 客流量（万人次） 38/46/57, title 历年客流量（万人次）,
#         no legend, value data labels outside end (as example-2.png); body placeholder removed.
# Step 5: every slide gets <p:transition spd="slow" p14:dur="1000"><p:push dir="u"/></p:transition>
#         (PowerPoint-style mc:AlternateContent with p14 choice and plain fallback).
# Step 6: "开幕式": p:timing main sequence - title Appear on click, then each body paragraph Fly In
#         from left (presetID 2, subtype 8) as After Previous; notes text added via notes slide.
# Step 7: slides 2-11 get footer (idx 11) and slide-number (idx 12) placeholders; slide 1 none.
# Step 8: "组织机构" slide -> show="0".
# Step 9: "联系我们": run split so "访问官网" carries an external hlinkClick to the URL; action button
#         (prst actionButtonHome) named 返回首页 at bottom-right, hlinkClick ppaction://hlinkshowjump?jump=firstslide.
# Step 10: p14:sectionLst in presentation.xml extLst: 开幕(1-4), 活动内容(5-8), 服务信息(9-11).
# Step 11: presProps p:showPr with <p:kiosk/> (loop) -> browsed at a kiosk.
# Step 12: p:custShowLst with custom show 精华版 -> slides 1,4,5,6,7.
# Step 13: "江畔音乐周" layout relationship switched to "Two Content"; text kept in left placeholder idx 1,
#          empty right content placeholder idx 2 added (as PowerPoint does when changing layout).
# Step 14: "非遗市集" body paragraphs: lnSpc 150%, spcBef 6 pt.
# Step 15: "联系我们" paragraph starting 咨询电话 -> bold, colour FF0000.
# Step 16: "美食巡游" transition gets advTm="5000" (advance on click kept, the default).
# Step 17: "志愿者招募" notes text.
# Step 18: "交通指引": title Pulse emphasis (presetID 26, emph) on click.
# Step 19: titles untouched (only slide 1 title formatting, as asked).
import copy
import io
import uuid

from lxml import etree
from pptx import Presentation
from pptx.chart.data import CategoryChartData
from pptx.enum.chart import XL_CHART_TYPE, XL_LABEL_POSITION
from pptx.enum.shapes import MSO_SHAPE
from pptx.dml.color import RGBColor
from pptx.util import Pt, Emu
from pptx.oxml.ns import qn
import pptx.chart.xlsx as _pxlsx

NS_P = "http://schemas.openxmlformats.org/presentationml/2006/main"
NS_A = "http://schemas.openxmlformats.org/drawingml/2006/main"
NS_R = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"
NS_P14 = "http://schemas.microsoft.com/office/powerpoint/2010/main"
NS_MC = "http://schemas.openxmlformats.org/markup-compatibility/2006"

TITLE_COLOR = "1F4E79"
BG_COLOR = "DEEBF7"
FOOTER_TEXT = "2026 滨江文化旅游节"


# ---- chart workbook via openpyxl (avoid needing xlsxwriter) ----
def _openpyxl_xlsx_blob(self):
    from openpyxl import Workbook
    cd = self._chart_data
    wb = Workbook()
    ws = wb.active
    ws.title = "Sheet1"
    cats = [c.label for c in cd.categories]
    for i, c in enumerate(cats):
        ws.cell(row=i + 2, column=1, value=c)
    for j, s in enumerate(cd):
        ws.cell(row=1, column=j + 2, value=s.name)
        for i, v in enumerate(s.values):
            ws.cell(row=i + 2, column=j + 2, value=v)
    bio = io.BytesIO()
    wb.save(bio)
    return bio.getvalue()


_pxlsx.CategoryWorkbookWriter.xlsx_blob = property(_openpyxl_xlsx_blob)


def E(xml):
    return etree.fromstring(xml)


def title_text(slide):
    for sh in slide.shapes:
        if sh.is_placeholder and sh.placeholder_format.type is not None:
            if sh.placeholder_format.idx == 0:
                return sh.text_frame.text
    return ""


def find_slide(prs, title):
    for s in prs.slides:
        if title_text(s).strip() == title:
            return s
    raise KeyError(title)


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


prs = Presentation("input.pptx")
slides = list(prs.slides)
master = prs.slide_master
m_el = master._element

# ---------- Step 1: master fonts ----------
title_style = m_el.find(qn("p:txStyles") + "/" + qn("p:titleStyle"))
for lvl in title_style:
    d = lvl.find(qn("a:defRPr"))
    if d is None:
        continue
    d.set("sz", "3600")
    for child in list(d):
        if child.tag == qn("a:solidFill"):
            d.remove(child)
    d.insert(0, E('<a:solidFill xmlns:a="%s"><a:srgbClr val="%s"/></a:solidFill>' % (NS_A, TITLE_COLOR)))
    ea = d.find(qn("a:ea"))
    if ea is None:
        ea = etree.SubElement(d, qn("a:ea"))
        # keep schema order latin, ea, cs
        lat = d.find(qn("a:latin"))
        if lat is not None:
            lat.addnext(ea)
    ea.set("typeface", "黑体")

body_style = m_el.find(qn("p:txStyles") + "/" + qn("p:bodyStyle"))
for lvl in body_style:
    d = lvl.find(qn("a:defRPr"))
    if d is None:
        continue
    ea = d.find(qn("a:ea"))
    if ea is None:
        ea = etree.SubElement(d, qn("a:ea"))
        lat = d.find(qn("a:latin"))
        if lat is not None:
            lat.addnext(ea)
    ea.set("typeface", "微软雅黑")

# mirror into the master placeholders' sample text (as the master view would show it)
for sh in master.placeholders:
    t = sh.placeholder_format.type
    tname = str(t)
    if sh.placeholder_format.idx == 0 or "TITLE" in tname:
        for p in sh.text_frame.paragraphs:
            for r in p.runs:
                r.font.size = Pt(36)
                r.font.color.rgb = RGBColor.from_string(TITLE_COLOR)
                rPr = r._r.get_or_add_rPr()
                ea = rPr.find(qn("a:ea"))
                if ea is None:
                    ea = etree.SubElement(rPr, qn("a:ea"))
                ea.set("typeface", "黑体")
    elif sh.placeholder_format.idx == 1:
        for p in sh.text_frame.paragraphs:
            for r in p.runs:
                rPr = r._r.get_or_add_rPr()
                ea = rPr.find(qn("a:ea"))
                if ea is None:
                    ea = etree.SubElement(rPr, qn("a:ea"))
                ea.set("typeface", "微软雅黑")

# ---------- Step 2: master background ----------
cSld = m_el.find(qn("p:cSld"))
old_bg = cSld.find(qn("p:bg"))
if old_bg is not None:
    cSld.remove(old_bg)
cSld.insert(0, E(
    '<p:bg xmlns:p="%s" xmlns:a="%s"><p:bgPr><a:solidFill><a:srgbClr val="%s"/></a:solidFill>'
    '<a:effectLst/></p:bgPr></p:bg>' % (NS_P, NS_A, BG_COLOR)))

# ---------- Step 3: slide 1 title ----------
s1 = slides[0]
t1 = title_shape(s1)
for p in t1.text_frame.paragraphs:
    for r in p.runs:
        r.font.size = Pt(54)
        r.font.bold = True

# locate slides by title
s_open = find_slide(prs, "开幕式")
s_org = find_slide(prs, "组织机构")
s_market = find_slide(prs, "非遗市集")
s_music = find_slide(prs, "江畔音乐周")
s_food = find_slide(prs, "美食巡游")
s_stat = find_slide(prs, "客流统计")
s_traffic = find_slide(prs, "交通指引")
s_vol = find_slide(prs, "志愿者招募")
s_contact = find_slide(prs, "联系我们")

# ---------- Step 4: chart ----------
body = body_shape(s_stat)
cats, vals = [], []
for p in body.text_frame.paragraphs:
    txt = p.text.strip()
    if not txt:
        continue
    k, v = txt.replace(":", "：").split("：", 1)
    num = "".join(ch for ch in v if ch.isdigit() or ch == ".")
    cats.append(k.strip())
    vals.append(float(num) if "." in num else int(num))
if cats != ["2023年", "2024年", "2025年"]:
    cats = ["2023年", "2024年", "2025年"]
    vals = [38, 46, 57]
body._element.getparent().remove(body._element)

cd = CategoryChartData()
cd.categories = cats
cd.add_series("客流量（万人次）", vals)
SW, SH = prs.slide_width, prs.slide_height
x, y = Emu(int(SW * 0.08)), Emu(1417638)
cx, cy = Emu(int(SW * 0.84)), Emu(4754562)
gf = s_stat.shapes.add_chart(XL_CHART_TYPE.COLUMN_CLUSTERED, x, y, cx, cy, cd)
gf.name = "客流量图表"
chart = gf.chart
chart.has_title = True
chart.chart_title.text_frame.text = "历年客流量（万人次）"
chart.has_legend = False
plot = chart.plots[0]
plot.has_data_labels = True
dl = plot.data_labels
dl.show_value = True
dl.show_category_name = False
dl.show_series_name = False
dl.show_legend_key = False
dl.position = XL_LABEL_POSITION.OUTSIDE_END
chart.value_axis.has_major_gridlines = True
# autoTitleDeleted=0 explicitly
atd = chart._chartSpace.chart.find(qn("c:autoTitleDeleted"))
if atd is not None:
    atd.set("val", "0")

# ---------- Step 13: layout change (do before footers so ph idx match) ----------
two_content = None
for lay in master.slide_layouts:
    if lay.name == "Two Content":
        two_content = lay
if two_content is None:
    two_content = master.slide_layouts[3]
for rel in s_music.part.rels.values():
    if rel.reltype.endswith("/slideLayout"):
        rel._target = two_content.part
mbody = body_shape(s_music)
ph = mbody._element.find(".//" + qn("p:ph"))
ph.set("sz", "half")
# re-order attributes like PowerPoint (sz before idx) - cosmetic
idx = ph.get("idx")
del ph.attrib["idx"]
ph.set("idx", idx)
nid = next_id(s_music)
s_music.shapes._spTree.append(E(
    '<p:sp xmlns:p="%s" xmlns:a="%s"><p:nvSpPr><p:cNvPr id="%d" name="Content Placeholder %d"/>'
    '<p:cNvSpPr><a:spLocks noGrp="1"/></p:cNvSpPr><p:nvPr><p:ph sz="half" idx="2"/></p:nvPr></p:nvSpPr>'
    '<p:spPr/><p:txBody><a:bodyPr/><a:lstStyle/><a:p><a:endParaRPr lang="zh-CN" altLang="en-US"/></a:p>'
    '</p:txBody></p:sp>' % (NS_P, NS_A, nid, nid - 1)))

# ---------- Step 7: footer + slide number on slides 2..n ----------
sldnum_fld_id = "{C1FF6DA9-008F-8B48-92A6-B652298478BF}"
for fld in m_el.iter(qn("a:fld")):
    if fld.get("type") == "slidenum":
        sldnum_fld_id = fld.get("id")
for i, s in enumerate(slides):
    if i == 0:
        continue
    tree = s.shapes._spTree
    nid = next_id(s)
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
        '<a:rPr lang="en-US" altLang="zh-CN"/><a:t>%d</a:t></a:fld><a:endParaRPr lang="zh-CN" altLang="en-US"/></a:p>'
        '</p:txBody></p:sp>' % (NS_P, NS_A, nid, nid - 1, sldnum_fld_id, i + 1)))

# ---------- Step 8: hide slide ----------
s_org._element.set("show", "0")

# ---------- Step 9: hyperlink + action button ----------
cbody = body_shape(s_contact)
URL = "https://www.example.org/festival"
LINK_TEXT = "访问官网"
for p in cbody.text_frame.paragraphs:
    if LINK_TEXT in p.text and not any(LINK_TEXT == r.text for r in p.runs):
        for r in list(p.runs):
            if LINK_TEXT in r.text:
                before, after = r.text.split(LINK_TEXT, 1)
                r_el = r._r
                pieces = [t for t in (before, LINK_TEXT, after)]
                new_runs = []
                for t in pieces:
                    if not t:
                        continue
                    nr = copy.deepcopy(r_el)
                    nr.find(qn("a:t")).text = t
                    new_runs.append(nr)
                for nr in new_runs:
                    r_el.addprevious(nr)
                r_el.getparent().remove(r_el)
                break
    for r in p.runs:
        if r.text == LINK_TEXT:
            r.hyperlink.address = URL

btn_w, btn_h = Emu(822960), Emu(640080)
btn = s_contact.shapes.add_shape(MSO_SHAPE.ACTION_BUTTON_HOME,
                                 Emu(SW - btn_w - 365760), Emu(SH - btn_h - 822960), btn_w, btn_h)
btn.name = "返回首页"
cNvPr = btn._element.find(qn("p:nvSpPr") + "/" + qn("p:cNvPr"))
cNvPr.append(E('<a:hlinkClick xmlns:a="%s" xmlns:r="%s" r:id="" action="ppaction://hlinkshowjump?jump=firstslide" '
               'highlightClick="1"/>' % (NS_A, NS_R)))

# ---------- Step 14: paragraph spacing ----------
for p in body_shape(s_market).text_frame.paragraphs:
    p.line_spacing = 1.5
    p.space_before = Pt(6)

# ---------- Step 15: bold red line ----------
for p in cbody.text_frame.paragraphs:
    if p.text.strip().startswith("咨询电话"):
        for r in p.runs:
            r.font.bold = True
            r.font.color.rgb = RGBColor(255, 0, 0)

# ---------- Step 5 + 16: transitions ----------
def add_transition(slide, adv_ms=None):
    el = slide._element
    for old in el.findall(qn("p:transition")):
        el.remove(old)
    for old in el.findall("{%s}AlternateContent" % NS_MC):
        if old.find(".//" + qn("p:transition")) is not None:
            el.remove(old)
    adv = ' advTm="%d"' % adv_ms if adv_ms else ""
    ac = E(
        '<mc:AlternateContent xmlns:mc="%s"><mc:Choice xmlns:p14="%s" Requires="p14">'
        '<p:transition xmlns:p="%s" spd="slow" p14:dur="1000"%s><p:push dir="u"/></p:transition></mc:Choice>'
        '<mc:Fallback><p:transition xmlns:p="%s" spd="slow"%s><p:push dir="u"/></p:transition></mc:Fallback>'
        '</mc:AlternateContent>' % (NS_MC, NS_P14, NS_P, adv, NS_P, adv))
    anchor = el.find(qn("p:clrMapOvr"))
    if anchor is None:
        anchor = el.find(qn("p:cSld"))
    anchor.addnext(ac)
    return ac


for s in slides:
    add_transition(s, 5000 if s._element is s_food._element else None)


# ---------- Step 6 + 18: animations ----------
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


def appear(ids, spid, node, para=None):
    a, b = ids(), ids()
    return ('<p:par><p:cTn id="%d" presetID="1" presetClass="entr" presetSubtype="0" fill="hold" grpId="0" '
            'nodeType="%s"><p:stCondLst><p:cond delay="0"/></p:stCondLst><p:childTnLst><p:set><p:cBhvr>'
            '<p:cTn id="%d" dur="1" fill="hold"><p:stCondLst><p:cond delay="0"/></p:stCondLst></p:cTn>%s'
            '<p:attrNameLst><p:attrName>style.visibility</p:attrName></p:attrNameLst></p:cBhvr>'
            '<p:to><p:strVal val="visible"/></p:to></p:set></p:childTnLst></p:cTn></p:par>'
            % (a, node, b, tgt(spid, para)))


def fly_left(ids, spid, node, para=None):
    a, b, c, d = ids(), ids(), ids(), ids()
    t = tgt(spid, para)
    return ('<p:par><p:cTn id="%d" presetID="2" presetClass="entr" presetSubtype="8" fill="hold" grpId="0" '
            'nodeType="%s"><p:stCondLst><p:cond delay="0"/></p:stCondLst><p:childTnLst>'
            '<p:set><p:cBhvr><p:cTn id="%d" dur="1" fill="hold"><p:stCondLst><p:cond delay="0"/></p:stCondLst>'
            '</p:cTn>%s<p:attrNameLst><p:attrName>style.visibility</p:attrName></p:attrNameLst></p:cBhvr>'
            '<p:to><p:strVal val="visible"/></p:to></p:set>'
            '<p:anim calcmode="lin" valueType="num"><p:cBhvr additive="base"><p:cTn id="%d" dur="500" fill="hold"/>'
            '%s<p:attrNameLst><p:attrName>ppt_x</p:attrName></p:attrNameLst></p:cBhvr><p:tavLst>'
            '<p:tav tm="0"><p:val><p:strVal val="0-#ppt_w/2"/></p:val></p:tav>'
            '<p:tav tm="100000"><p:val><p:strVal val="#ppt_x"/></p:val></p:tav></p:tavLst></p:anim>'
            '<p:anim calcmode="lin" valueType="num"><p:cBhvr additive="base"><p:cTn id="%d" dur="500" fill="hold"/>'
            '%s<p:attrNameLst><p:attrName>ppt_y</p:attrName></p:attrNameLst></p:cBhvr><p:tavLst>'
            '<p:tav tm="0"><p:val><p:strVal val="#ppt_y"/></p:val></p:tav>'
            '<p:tav tm="100000"><p:val><p:strVal val="#ppt_y"/></p:val></p:tav></p:tavLst></p:anim>'
            '</p:childTnLst></p:cTn></p:par>' % (a, node, b, t, c, t, d, t))


def pulse(ids, spid, node):
    a, b, c = ids(), ids(), ids()
    t = tgt(spid)
    return ('<p:par><p:cTn id="%d" presetID="26" presetClass="emph" presetSubtype="0" fill="hold" grpId="0" '
            'nodeType="%s"><p:stCondLst><p:cond delay="0"/></p:stCondLst><p:childTnLst>'
            '<p:animEffect transition="out" filter="fade"><p:cBhvr><p:cTn id="%d" dur="500" '
            'tmFilter="0,0; .2,.5; .8,.5; 1,0"/>%s</p:cBhvr></p:animEffect>'
            '<p:animScale><p:cBhvr><p:cTn id="%d" dur="250" autoRev="1" fill="hold"/>%s</p:cBhvr>'
            '<p:by x="105000" y="105000"/></p:animScale></p:childTnLst></p:cTn></p:par>' % (a, node, b, t, c, t))


def group(ids, delay, inner):
    return ('<p:par><p:cTn id="%d" fill="hold"><p:stCondLst><p:cond delay="%s"/></p:stCondLst>'
            '<p:childTnLst>%s</p:childTnLst></p:cTn></p:par>' % (ids(), delay, inner))


def timing_xml(click_groups_xml, bld):
    return ('<p:timing xmlns:p="%s"><p:tnLst><p:par><p:cTn id="1" dur="indefinite" restart="never" '
            'nodeType="tmRoot"><p:childTnLst><p:seq concurrent="1" nextAc="seek"><p:cTn id="2" dur="indefinite" '
            'nodeType="mainSeq"><p:childTnLst>%s</p:childTnLst></p:cTn><p:prevCondLst><p:cond evt="onPrev" '
            'delay="0"><p:tgtEl><p:sldTgt/></p:tgtEl></p:cond></p:prevCondLst><p:nextCondLst><p:cond evt="onNext" '
            'delay="0"><p:tgtEl><p:sldTgt/></p:tgtEl></p:cond></p:nextCondLst></p:seq></p:childTnLst></p:cTn>'
            '</p:par></p:tnLst><p:bldLst>%s</p:bldLst></p:timing>' % (NS_P, click_groups_xml, bld))


def set_timing(slide, xml):
    el = slide._element
    for old in el.findall(qn("p:timing")):
        el.remove(old)
    t = E(xml)
    ext = el.find(qn("p:extLst"))
    if ext is not None:
        ext.addprevious(t)
    else:
        el.append(t)


# slide 开幕式
ids = Ids()
ot = title_shape(s_open)
ob = body_shape(s_open)
t_id = ot.shape_id
b_id = ob.shape_id
paras = [i for i, p in enumerate(ob.text_frame.paragraphs) if p.text.strip()]
# click group: outer par id must be allocated first -> build manually with fixed ordering
outer_id = ids()
inner = []
g_id = ids()
inner.append('<p:par><p:cTn id="%d" fill="hold"><p:stCondLst><p:cond delay="0"/></p:stCondLst><p:childTnLst>%s'
             '</p:childTnLst></p:cTn></p:par>' % (g_id, appear(ids, t_id, "clickEffect")))
t_end = 1
for pi in paras:
    g_id = ids()
    inner.append('<p:par><p:cTn id="%d" fill="hold"><p:stCondLst><p:cond delay="%d"/></p:stCondLst><p:childTnLst>%s'
                 '</p:childTnLst></p:cTn></p:par>' % (g_id, t_end, fly_left(ids, b_id, "afterEffect", pi)))
    t_end += 500
click = ('<p:par><p:cTn id="%d" fill="hold"><p:stCondLst><p:cond delay="indefinite"/></p:stCondLst>'
         '<p:childTnLst>%s</p:childTnLst></p:cTn></p:par>' % (outer_id, "".join(inner)))
set_timing(s_open, timing_xml(click, '<p:bldP spid="%d" grpId="0"/><p:bldP spid="%d" grpId="0" build="p"/>'
                              % (t_id, b_id)))
s_open.notes_slide.notes_text_frame.text = "提醒观众提前预约入场。"

# slide 交通指引
ids = Ids()
tt = title_shape(s_traffic)
outer_id = ids()
g_id = ids()
click = ('<p:par><p:cTn id="%d" fill="hold"><p:stCondLst><p:cond delay="indefinite"/></p:stCondLst><p:childTnLst>'
         '<p:par><p:cTn id="%d" fill="hold"><p:stCondLst><p:cond delay="0"/></p:stCondLst><p:childTnLst>%s'
         '</p:childTnLst></p:cTn></p:par></p:childTnLst></p:cTn></p:par>'
         % (outer_id, g_id, pulse(ids, tt.shape_id, "clickEffect")))
set_timing(s_traffic, timing_xml(click, ""))
# empty bldLst is allowed but tidier to drop it
tm = s_traffic._element.find(qn("p:timing"))
bl = tm.find(qn("p:bldLst"))
if bl is not None and len(bl) == 0:
    tm.remove(bl)

# ---------- Step 17: notes ----------
s_vol.notes_slide.notes_text_frame.text = "报名请登录官网志愿者专区。"

# ---------- Step 10 + 12: sections and custom show ----------
p_el = prs.part._element
sldIdLst = p_el.find(qn("p:sldIdLst"))
sld_ids = [(e.get("id"), e.get(qn("r:id"))) for e in sldIdLst.findall(qn("p:sldId"))]

sections = [("开幕", range(0, 4)), ("活动内容", range(4, 8)), ("服务信息", range(8, 11))]
sec_xml = ['<p14:sectionLst xmlns:p14="%s">' % NS_P14]
for name, rng in sections:
    sec_xml.append('<p14:section name="%s" id="{%s}"><p14:sldIdLst>' % (name, str(uuid.uuid4()).upper()))
    for k in rng:
        sec_xml.append('<p14:sldId id="%s"/>' % sld_ids[k][0])
    sec_xml.append('</p14:sldIdLst></p14:section>')
sec_xml.append('</p14:sectionLst>')
ext_lst = p_el.find(qn("p:extLst"))
if ext_lst is None:
    ext_lst = etree.SubElement(p_el, qn("p:extLst"))
for ext in ext_lst.findall(qn("p:ext")):
    if ext.get("uri") == "{521415D9-36F7-43E2-AB2F-B90AF26B5E84}":
        ext_lst.remove(ext)
ext = etree.SubElement(ext_lst, qn("p:ext"))
ext.set("uri", "{521415D9-36F7-43E2-AB2F-B90AF26B5E84}")
ext.append(E("".join(sec_xml)))
ext_lst.insert(0, ext)

cust = ['<p:custShowLst xmlns:p="%s" xmlns:r="%s"><p:custShow name="精华版" id="0"><p:sldLst>' % (NS_P, NS_R)]
for k in (0, 3, 4, 5, 6):
    cust.append('<p:sld r:id="%s"/>' % sld_ids[k][1])
cust.append('</p:sldLst></p:custShow></p:custShowLst>')
old = p_el.find(qn("p:custShowLst"))
if old is not None:
    p_el.remove(old)
cs_el = E("".join(cust))
# schema order: ... notesSz, smartTags, embeddedFontLst, custShowLst, photoAlbum, custDataLst, kinsoku, defaultTextStyle
anchor = None
for tag in ("p:embeddedFontLst", "p:smartTags", "p:notesSz"):
    anchor = p_el.find(qn(tag))
    if anchor is not None:
        break
anchor.addnext(cs_el)

# ---------- Step 11: kiosk ----------
pp_part = None
for rel in prs.part.rels.values():
    if rel.reltype.endswith("/presProps"):
        pp_part = rel.target_part
pp = etree.fromstring(pp_part.blob)
for old in pp.findall("{%s}showPr" % NS_P):
    pp.remove(old)
show = E('<p:showPr xmlns:p="%s" xmlns:a="%s" loop="1" showNarration="1"><p:kiosk/><p:sldAll/>'
         '<p:penClr><a:prstClr val="red"/></p:penClr></p:showPr>' % (NS_P, NS_A))
# order: htmlPubPr, webPr, prnPr, showPr, clrMru, extLst
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
