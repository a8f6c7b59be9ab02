# Independent solution written from the prompt alone (ppt-l2-report, text-only)
# Step 1: the outline text box on slide 2 is parsed (level-0 paragraphs = slide titles, level-1 = body lines);
#         new slides are added at the end with python-pptx add_slide: 市场概况 / 季度销售额 / 下年度计划 on
#         "Title and Content", 区域对比 on "Two Content", then 谢谢观看 on "Title Only"; the outline slide is then
#         deleted (sldId removed and its relationship dropped) -> 6 slides.
# Step 2: slide 1 subtitle placeholder text "销售部 · 2026 年 1 月".
# Step 3: master p:titleStyle defRPr: latin Arial, ea 微软雅黑, solid 1F4E79 (no slide-level overrides exist).
# Step 4: 季度销售额: clustered column chart inserted into the content placeholder (graphicFrame keeps ph idx 1),
#         categories 第一~第四季度, series 2024年/2025年, title 季度销售额（万元）, legend at bottom.
# Step 5: 区域对比: 4x3 table inserted into the left content placeholder; right placeholder text
#         "华南增速最快（20.7%）".
# Step 6: p:timing: chart Fade entrance (presetID 10) on click (bldGraphic); 下年度计划 body Wipe from left
#         (presetID 22, subtype 8, wipe(left)) by paragraph, each paragraph on its own click (bldP build="p").
# Step 7: slide 1 <p:fade/>, other slides <p:wipe dir="r"/> (from left); all p14:dur="1000" (spd slow),
#         in PowerPoint-style mc:AlternateContent.
# Step 8: presProps showPr with <p:browse/> (观众自行浏览, window).
import io

from lxml import etree
from pptx import Presentation
from pptx.chart.data import CategoryChartData
from pptx.enum.chart import XL_CHART_TYPE, XL_LEGEND_POSITION
from pptx.oxml.ns import qn
from pptx.shapes.placeholder import ChartPlaceholder, TablePlaceholder
from pptx.util import Emu
from pptx.dml.color import RGBColor
import pptx.chart.xlsx as _pxlsx

NS_P = "http://schemas.openxmlformats.org/presentationml/2006/main"
NS_A = "http://schemas.openxmlformats.org/drawingml/2006/main"
NS_P14 = "http://schemas.microsoft.com/office/powerpoint/2010/main"
NS_MC = "http://schemas.openxmlformats.org/markup-compatibility/2006"
TITLE_CLR = "1F4E79"


# ---- chart workbook via openpyxl (no xlsxwriter needed) ----
def _openpyxl_xlsx_blob(self):
    from openpyxl import Workbook
    cd = self._chart_data
    wb = Workbook()
    ws = wb.active
    ws.title = "Sheet1"
    for i, c in enumerate(cd.categories):
        ws.cell(row=i + 2, column=1, value=c.label)
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


def ph(slide, idx):
    for sh in slide.placeholders:
        if sh.placeholder_format.idx == idx:
            return sh
    return None


def layout_by_name(prs, name):
    for lay in prs.slide_master.slide_layouts:
        if lay.name == name:
            return lay
    raise KeyError(name)


def fill_body(tf, lines):
    tf.text = ""
    first = True
    for line in lines:
        p = tf.paragraphs[0] if first else tf.add_paragraph()
        first = False
        r = p.add_run()
        r.text = line
        rPr = r._r.get_or_add_rPr()
        rPr.set("lang", "zh-CN")
        rPr.set("altLang", "en-US")


def set_title(slide, text):
    t = slide.shapes.title
    t.text_frame.text = text
    for p in t.text_frame.paragraphs:
        for r in p.runs:
            rPr = r._r.get_or_add_rPr()
            rPr.set("lang", "zh-CN")
            rPr.set("altLang", "en-US")


prs = Presentation("input.pptx")
old_slides = list(prs.slides)
cover = old_slides[0]

# ---------- Step 1: parse outline ----------
outline_slide = None
outline_tb = None
for s in old_slides:
    for sh in s.shapes:
        if sh.has_text_frame and not sh.is_placeholder and len(sh.text_frame.paragraphs) > 1:
            outline_slide, outline_tb = s, sh
            break
    if outline_tb is not None:
        break
outline = []  # list of (title, [lines])
for p in outline_tb.text_frame.paragraphs:
    txt = p.text.strip()
    if not txt:
        continue
    if p.level == 0:
        outline.append((txt, []))
    elif outline:
        outline[-1][1].append(txt)
body_of = dict(outline)
order = ["市场概况", "季度销售额", "区域对比", "下年度计划"]

lay_tc = layout_by_name(prs, "Title and Content")
lay_two = layout_by_name(prs, "Two Content")
lay_to = layout_by_name(prs, "Title Only")

new = {}
for title in order:
    lay = lay_two if title == "区域对比" else lay_tc
    s = prs.slides.add_slide(lay)
    set_title(s, title)
    new[title] = s
thanks = prs.slides.add_slide(lay_to)
set_title(thanks, "谢谢观看")

# body text for the Title and Content slides that have outline lines
for title in ("市场概况", "下年度计划"):
    fill_body(ph(new[title], 1).text_frame, body_of.get(title, []))

# ---------- Step 4: chart in 季度销售额 ----------
s_chart = new["季度销售额"]
cd = CategoryChartData()
cd.categories = ["第一季度", "第二季度", "第三季度", "第四季度"]
cd.add_series("2024年", (120, 135, 150, 168))
cd.add_series("2025年", (132, 148, 171, 190))
body_ph = ph(s_chart, 1)
extra = body_of.get("季度销售额", [])
if extra:
    # (not the case in this outline) keep any outline lines as text, chart goes below via a new frame
    fill_body(body_ph.text_frame, extra)
    gf = s_chart.shapes.add_chart(XL_CHART_TYPE.COLUMN_CLUSTERED, body_ph.left, body_ph.top,
                                  body_ph.width, body_ph.height, cd)
else:
    gf = ChartPlaceholder(body_ph._element, body_ph._parent).insert_chart(XL_CHART_TYPE.COLUMN_CLUSTERED, cd)
gf.name = "季度销售额图表"
chart = gf.chart
chart.has_title = True
chart.chart_title.text_frame.text = "季度销售额（万元）"
chart.has_legend = True
chart.legend.position = XL_LEGEND_POSITION.BOTTOM
chart.legend.include_in_layout = False
atd = chart._chartSpace.chart.find(qn("c:autoTitleDeleted"))
if atd is not None:
    atd.set("val", "0")

# ---------- Step 5: table + right text in 区域对比 ----------
s_reg = new["区域对比"]
left = ph(s_reg, 1)
right = ph(s_reg, 2)
rows = [["区域", "2024年", "2025年"], ["华东", "210", "236"], ["华南", "150", "181"], ["华北", "113", "124"]]
tgf = TablePlaceholder(left._element, left._parent).insert_table(4, 3)
tgf.name = "区域销售表"
tbl = tgf.table
for r in range(4):
    for c in range(3):
        cell = tbl.cell(r, c)
        cell.text = rows[r][c]
        for p in cell.text_frame.paragraphs:
            for run in p.runs:
                rPr = run._r.get_or_add_rPr()
                rPr.set("lang", "zh-CN")
                rPr.set("altLang", "en-US")
right_lines = body_of.get("区域对比", []) + ["华南增速最快（20.7%）"]
fill_body(right.text_frame, right_lines)

# ---------- delete the outline slide ----------
sldIdLst = prs.part._element.find(qn("p:sldIdLst"))
for sldId in list(sldIdLst):
    rid = sldId.get(qn("r:id"))
    if prs.part.related_part(rid) is outline_slide.part:
        sldIdLst.remove(sldId)
        prs.part.drop_rel(rid)
        break
# renumber slide parts so the part names stay continuous (slide1..slide6)
prs.part.rename_slide_parts([e.get(qn("r:id")) for e in sldIdLst.findall(qn("p:sldId"))])
slides = list(prs.slides)

# ---------- Step 2: subtitle ----------
sub = ph(cover, 1)
sub.text_frame.text = "销售部 · 2026 年 1 月"
for p in sub.text_frame.paragraphs:
    for r in p.runs:
        rPr = r._r.get_or_add_rPr()
        rPr.set("lang", "zh-CN")
        rPr.set("altLang", "en-US")

# ---------- Step 3: master title style ----------
m_el = prs.slide_master._element
ts = m_el.find(qn("p:txStyles") + "/" + qn("p:titleStyle"))
for lvl in ts:
    d = lvl.find(qn("a:defRPr"))
    if d is None:
        continue
    for child in list(d):
        if child.tag in (qn("a:solidFill"), qn("a:noFill"), qn("a:gradFill"), qn("a:latin"), qn("a:ea")):
            d.remove(child)
    fill = E('<a:solidFill xmlns:a="%s"><a:srgbClr val="%s"/></a:solidFill>' % (NS_A, TITLE_CLR))
    latin = E('<a:latin xmlns:a="%s" typeface="Arial"/>' % NS_A)
    ea = E('<a:ea xmlns:a="%s" typeface="微软雅黑"/>' % NS_A)
    # order inside defRPr: ln?, fill, effect..., highlight?, uLnTx..., latin, ea, cs, sym, ...
    anchor = None
    for tag in ("a:cs", "a:sym", "a:hlinkClick", "a:hlinkMouseOver", "a:rtl", "a:extLst"):
        anchor = d.find(qn(tag))
        if anchor is not None:
            break
    if anchor is not None:
        anchor.addprevious(latin)
    else:
        d.append(latin)
    latin.addnext(ea)
    ln = d.find(qn("a:ln"))
    if ln is not None:
        ln.addnext(fill)
    else:
        d.insert(0, fill)
# master title placeholder sample run mirrors it (master view)
for shp in prs.slide_master.placeholders:
    if shp.placeholder_format.idx == 0:
        for p in shp.text_frame.paragraphs:
            for r in p.runs:
                r.font.name = "Arial"
                r.font.color.rgb = RGBColor.from_string(TITLE_CLR)
                rPr = r._r.get_or_add_rPr()
                ea = rPr.find(qn("a:ea"))
                if ea is None:
                    ea = etree.Element(qn("a:ea"))
                    rPr.find(qn("a:latin")).addnext(ea)
                ea.set("typeface", "微软雅黑")


# ---------- Step 6: animations ----------
def timing_xml(groups_xml, bld):
    return ('<p:timing xmlns:p="%s"><p:tnLst><p:par><p:cTn id="1" dur="indefinite" restart="never" '
            'nodeType="tmRoot"><p:childTnLst><p:seq concurrent="1" nextAc="seek"><p:cTn id="2" dur="indefinite" '
            'nodeType="mainSeq"><p:childTnLst>%s</p:childTnLst></p:cTn><p:prevCondLst><p:cond evt="onPrev" '
            'delay="0"><p:tgtEl><p:sldTgt/></p:tgtEl></p:cond></p:prevCondLst><p:nextCondLst><p:cond evt="onNext" '
            'delay="0"><p:tgtEl><p:sldTgt/></p:tgtEl></p:cond></p:nextCondLst></p:seq></p:childTnLst></p:cTn>'
            '</p:par></p:tnLst><p:bldLst>%s</p:bldLst></p:timing>' % (NS_P, groups_xml, bld))


def tgt(spid, para=None):
    if para is None:
        return '<p:tgtEl><p:spTgt spid="%d"/></p:tgtEl>' % spid
    return ('<p:tgtEl><p:spTgt spid="%d"><p:txEl><p:pRg st="%d" end="%d"/></p:txEl></p:spTgt></p:tgtEl>'
            % (spid, para, para))


def click_group(start_id, preset, subtype, filt, spid, para=None):
    i = start_id
    t = tgt(spid, para)
    xml = ('<p:par><p:cTn id="%d" fill="hold"><p:stCondLst><p:cond delay="indefinite"/></p:stCondLst><p:childTnLst>'
           '<p:par><p:cTn id="%d" fill="hold"><p:stCondLst><p:cond delay="0"/></p:stCondLst><p:childTnLst>'
           '<p:par><p:cTn id="%d" presetID="%d" presetClass="entr" presetSubtype="%d" fill="hold" grpId="0" '
           'nodeType="clickEffect"><p:stCondLst><p:cond delay="0"/></p:stCondLst><p:childTnLst>'
           '<p:set><p:cBhvr><p:cTn id="%d" dur="1" fill="hold"><p:stCondLst><p:cond delay="0"/></p:stCondLst></p:cTn>'
           '%s<p:attrNameLst><p:attrName>style.visibility</p:attrName></p:attrNameLst></p:cBhvr><p:to>'
           '<p:strVal val="visible"/></p:to></p:set><p:animEffect transition="in" filter="%s"><p:cBhvr>'
           '<p:cTn id="%d" dur="500"/>%s</p:cBhvr></p:animEffect></p:childTnLst></p:cTn></p:par></p:childTnLst>'
           '</p:cTn></p:par></p:childTnLst></p:cTn></p:par>'
           % (i, i + 1, i + 2, preset, subtype, i + 3, t, filt, i + 4, t))
    return xml, i + 5


def put_timing(slide, xml):
    el = slide._element
    for old in el.findall(qn("p:timing")):
        el.remove(old)
    t = E(xml)
    ext = el.find(qn("p:extLst"))
    if ext is not None:
        ext.addprevious(t)
    else:
        el.append(t)


g, _ = click_group(3, 10, 0, "fade", gf.shape_id)
put_timing(s_chart, timing_xml(g, '<p:bldGraphic spid="%d" grpId="0"><p:bldAsOne/></p:bldGraphic>' % gf.shape_id))

s_plan = new["下年度计划"]
plan_body = ph(s_plan, 1)
groups = []
nxt = 3
for pi, p in enumerate(plan_body.text_frame.paragraphs):
    if not p.text.strip():
        continue
    g, nxt = click_group(nxt, 22, 8, "wipe(left)", plan_body.shape_id, pi)
    groups.append(g)
put_timing(s_plan, timing_xml("".join(groups), '<p:bldP spid="%d" grpId="0" build="p"/>' % plan_body.shape_id))


# ---------- Step 7: transitions ----------
def add_transition(slide, effect_xml):
    el = slide._element
    for old in el.findall(qn("p:transition")):
        el.remove(old)
    for old in el.findall("{%s}AlternateContent" % NS_MC):
        if old.find(".//" + qn("p:transition")) is not None:
            el.remove(old)
    ac = E('<mc:AlternateContent xmlns:mc="%s"><mc:Choice xmlns:p14="%s" Requires="p14">'
           '<p:transition xmlns:p="%s" spd="slow" p14:dur="1000">%s</p:transition></mc:Choice>'
           '<mc:Fallback><p:transition xmlns:p="%s" spd="slow">%s</p:transition></mc:Fallback>'
           '</mc:AlternateContent>' % (NS_MC, NS_P14, NS_P, effect_xml, NS_P, effect_xml))
    anchor = el.find(qn("p:clrMapOvr"))
    if anchor is None:
        anchor = el.find(qn("p:cSld"))
    anchor.addnext(ac)


for k, s in enumerate(slides):
    add_transition(s, '<p:fade/>' if k == 0 else '<p:wipe dir="r"/>')

# ---------- Step 8: browsed by an individual (window) ----------
pp_part = None
for rel in prs.part.rels.values():
    if rel.reltype.endswith("/presProps"):
        pp_part = rel.target_part
pp = etree.fromstring(pp_part.blob)
for o in pp.findall("{%s}showPr" % NS_P):
    pp.remove(o)
show = E('<p:showPr xmlns:p="%s" xmlns:a="%s" showNarration="1"><p:browse/><p:sldAll/>'
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
