"""draft/free.py: what a step leaves to the candidate is never graded as the reference
chose it: "切换效果自定" grades that there is a transition (and "至少 3 种不同的" how many
kinds), "按钮形状自选" no geometry, "编号的缩进距离不作要求" no indent; a created shape is
found by what it is, not by the reference's name; an Excel "合并后居中" is no vertical
alignment; a style Word adds as it edits is nobody's task. Each is proved by an answer
written differently from the reference that still scores 100, and by a wrong one that does
not."""

from __future__ import annotations

from pathlib import Path

import openpyxl
import pytest
from lxml import etree
from openpyxl.styles import Alignment

from officeeval import evaluate
from officeeval.draft import draft
from officeeval.draft.criteria import DraftCheck, DraftCriterion
from officeeval.draft.free import apply, freed, frees
from officeeval.draft.instruction import Step
from officeeval.rubric import load_rubric
from officeeval.vocabulary import get as vocabulary

pptx = pytest.importorskip("pptx")
from pptx.enum.shapes import MSO_SHAPE  # noqa: E402
from pptx.util import Cm  # noqa: E402

P = "http://schemas.openxmlformats.org/presentationml/2006/main"


def _instruction(tmp_path: Path, *lines: str) -> Path:
    md = "# t · 测试（二级）\n\n## 题目（中文）\n\n" + "".join(
        f"{i}. {x}\n" for i, x in enumerate(lines, start=1))
    f = tmp_path / "instruction.md"
    f.write_text(md, encoding="utf-8")
    return f


def _checks(d):
    return [k for c in d.criteria for k in c.checks]


def _grade(d, out: Path, doc: Path) -> float:
    out.write_text(d.text, encoding="utf-8")
    return evaluate(load_rubric(out), doc).score


# ------------------------------------------------------------------------- the words
@pytest.mark.parametrize("text, has, lacks", [
    ("为全部幻灯片设置切换效果（具体使用哪些切换效果自定）。", ["transition.type"], ["animation.effect"]),
    ("在右下角添加一个动作按钮（按钮形状自选），单击时跳转到第 2 张。", ["shape.geometry"], []),
    ("转换为 SmartArt 图形（SmartArt 的样式和颜色不作要求）。", ["smartart.style", "smartart.colors"],
     ["smartart.layout"]),
    ("左侧为文本占位符、右侧为图片占位符（大小和位置自定）。", ["shape.width", "shape.left"], []),
    ("编号格式为“1.”（编号的缩进距离不作要求）。", ["paragraph.indent.left"],
     ["paragraph.numbering"]),
    ("插入图片 logo.png，图片大小适当。", ["image.width", "shape.height"], []),
    # 自定义 is a custom show, 自选图形 a kind of shape: neither frees anything.
    ("创建名为“简版”的自定义放映，切换效果为“推进”。", [], ["transition.type"]),
    ("插入一个自选图形，形状为圆角矩形。", [], ["shape.geometry"]),
    ("标题字体为黑体，字号为二号。", [], ["font.east_asia", "font.size"]),
])
def test_freed_reads_the_clause_that_leaves_a_choice(text, has, lacks):
    free = freed(text)
    for p in has:
        assert frees(free, p), (p, free)
    for p in lacks:
        assert not frees(free, p), (p, free)


# Properties the freeing words of the definitions (Drafting.freed_by) reach.
_SOME = ("font.name", "font.east_asia", "font.size", "font.color", "font.bold",
         "smartart.colors", "shape.fill.color", "shape.outline.color", "shape.outline.width",
         "transition.type", "transition.direction", "transition.duration", "animation.effect",
         "paragraph.indent.first_line", "paragraph.indent.hanging", "paragraph.alignment")


def test_freed_is_per_clause_and_the_definitions_say_what_each_word_frees():
    assert freed("") == ()
    assert freed("标题字体为黑体，字号为二号。") == ()

    def free_of(text):
        return [p for p in _SOME if frees(freed(text), p)]
    # The size is stated in a clause of its own: only the font and colour are free.
    assert freed("字体不限，颜色任意；字号为二号") == ("字体不限", "颜色任意")
    assert free_of("字体不限，颜色任意；字号为二号") == [
        "font.name", "font.east_asia", "font.color", "smartart.colors", "shape.fill.color",
        "shape.outline.color"]
    assert free_of("切换方式自行选择") == ["transition.type", "transition.direction",
                                           "transition.duration"]
    assert free_of("缩进合适") == ["paragraph.indent.first_line", "paragraph.indent.hanging"]
    # "效果自定" names no feature of its own.
    assert free_of("为全部幻灯片设置切换效果（效果自定）") == []


def _anim(select: str, prop: str, expected: str) -> DraftCheck:
    return DraftCheck(select, prop, "equals", expected)


def test_apply_grades_a_free_effect_as_present_once_per_target_and_counts_kinds():
    st = [Step("1", "为第 2 张幻灯片的标题设置进入动画，至少使用两种不同的动画（动画效果任选）。")]
    c = DraftCriterion("", "animation", "动画：x", [
        _anim("slide[2]/animation[1]", "animation.effect", "擦除"),
        _anim("slide[2]/animation[2]", "animation.effect", "飞入"),
        _anim("slide[2]/animation[1]", "animation.duration", "0.5s"),
        _anim("slide[2]/animation[1]", "animation.effect", "淡入")], 1.0, step="1")
    keep = DraftCriterion("", "preserve", "", [DraftCheck("slide", "transition.type",
                                                          "unchanged")], 0,
                          preservation=True, step="1")
    other = DraftCriterion("", "animation", "", [_anim("slide[1]/animation[1]",
                                                       "animation.effect", "擦除")], 1.0,
                           step="9")
    apply([c, keep, other], st)
    assert [(k.select, k.prop, k.op, k.expected) for k in c.checks] == [
        ("slide[2]/animation[1]", "animation.effect", "exists", None),
        ("slide[2]/animation[2]", "animation.effect", "exists", None),
        ("slide/animation", "animation.effect", "count_distinct", ">=2")]
    assert c.checks[-1].note == "the step asks for at least 2 different ones"
    # Preservation, and a criterion of a step the list lacks, are left alone.
    assert [(k.op, k.expected) for k in keep.checks] == [("unchanged", None)]
    assert [(k.op, k.expected) for k in other.checks] == [("equals", "擦除")]


def test_apply_counts_kinds_once_per_step_and_only_where_graded():
    st = [Step("2", "全部幻灯片至少使用 3 种不同的切换效果。")]
    first = DraftCriterion("", "transition", "", [_anim("slide[1]", "transition.type", "淡入")],
                           1.0, step="2")
    second = DraftCriterion("", "transition", "", [_anim("slide[2]", "transition.type",
                                                         "推进")], 1.0, step="2")
    fonts = DraftCriterion("", "font", "", [_anim("slide[1]/title", "font.bold", "true")],
                           1.0, step="2")
    apply([fonts, first, second], st)
    # Nothing is freed: the effects stay as drafted; the count joins the first that grades them.
    assert [(k.op, k.expected) for k in first.checks] == [("equals", "淡入"),
                                                         ("count_distinct", ">=3")]
    assert [(k.op, k.expected) for k in second.checks] == [("equals", "推进")]
    assert [k.op for k in fonts.checks] == ["equals"]


def test_every_action_button_and_preset_is_a_known_geometry():
    geo = vocabulary("shape_geometry")
    for name in ("动作按钮：结束", "动作按钮: 转到主页", "Action Button: Back or Previous",
                 "actionButtonForwardNext", "动作按钮：后退或前一项"):
        assert geo.canonical(name) and geo.canonical(name).startswith("actionButton"), name
    for token in ("snip2DiagRect", "flowChartMagneticDisk", "bentConnector4", "gear9", "chartX",
                  "star32", "leftRightRibbon", "mathNotEqual"):
        assert geo.canonical(token) == token


# ------------------------------------------------------------------------ transitions
_EFFECTS = {"fade": "<p:fade/>", "push": '<p:push dir="u"/>', "wipe": '<p:wipe dir="r"/>',
            "split": '<p:split orient="vert" dir="out"/>', "cover": '<p:cover dir="l"/>'}


def _transitions(prs, kinds) -> None:
    for slide, kind in zip(prs.slides, kinds):
        el = etree.fromstring(f'<p:transition xmlns:p="{P}" spd="med">{_EFFECTS[kind]}'
                              "</p:transition>")
        root = slide._element
        after = root.find(f"{{{P}}}clrMapOvr")
        (after if after is not None else root.find(f"{{{P}}}cSld")).addnext(el)


def _deck(path: Path, kinds=(), button=None) -> Path:
    prs = pptx.Presentation()
    for title in ("封面", "目录", "现状", "举措", "成效", "谢谢"):
        s = prs.slides.add_slide(prs.slide_layouts[5])
        s.shapes.title.text = title
    if kinds:
        _transitions(prs, kinds)
    if button:
        b = prs.slides[5].shapes.add_shape(button, Cm(21), Cm(15), Cm(3), Cm(2.5))
        b.click_action.target_slide = prs.slides[1]
    prs.save(path)
    return path


def test_free_transitions_grade_presence_and_kinds_not_the_references_effects(tmp_path):
    inp = _deck(tmp_path / "input.pptx")
    ref = _deck(tmp_path / "reference.pptx", ["fade", "fade", "push", "push", "wipe", "split"])
    ins = _instruction(tmp_path, "为第 3 张幻灯片的标题设置“擦除”进入动画，效果选项为“自左侧”。",
                       "为全部幻灯片设置切换效果，全部幻灯片至少使用 3 种不同的切换效果"
                       "（具体使用哪些切换效果自定）。")
    out = tmp_path / "r.xml"
    d = draft(inp, ref, out, instruction=ins)
    ks = [k for k in _checks(d) if (k.prop or "").startswith("transition.")]
    assert ks and not any(k.op == "equals" for k in ks), [(k.prop, k.op, k.expected) for k in ks]
    assert not any(k.prop == "transition.direction" for k in ks)
    assert {(k.op, k.expected) for k in ks if k.prop == "transition.type"} == {
        ("not_equals", "无"), ("count_distinct", ">=3")}
    assert {c.step for c in d.criteria if any(k in ks for k in c.checks)} == {"2"}
    assert _grade(d, out, ref) == 100
    # Another candidate's three kinds: full marks; one kind on every slide: the count lost.
    other = _deck(tmp_path / "other.pptx", ["cover", "split", "split", "fade", "cover", "fade"])
    assert _grade(d, out, other) == 100
    same = _deck(tmp_path / "same.pptx", ["cover"] * 6)
    assert 0 < _grade(d, out, same) < 100
    untouched = evaluate(load_rubric(out), inp)
    graded = {c.id for c in d.criteria if any(k in ks for k in c.checks)}
    assert all(cr.earned == 0 for cr in untouched.criteria if cr.id in graded)


def test_a_free_button_shape_is_any_action_button(tmp_path):
    inp = _deck(tmp_path / "input.pptx")
    ref = _deck(tmp_path / "reference.pptx", button=MSO_SHAPE.ACTION_BUTTON_BACK_OR_PREVIOUS)
    ins = _instruction(tmp_path, "在第 6 张幻灯片的右下角添加一个动作按钮（按钮形状自选），"
                                 "单击该按钮时跳转到第 2 张幻灯片。")
    out = tmp_path / "r.xml"
    d = draft(inp, ref, out, instruction=ins)
    ks = _checks(d)
    assert not any(k.prop == "shape.geometry" for k in ks)
    assert not any("name=" in k.select for k in ks), {k.select for k in ks}
    assert any(k.select.endswith("shape[shape.geometry^='actionButton']") and
               k.prop == "hyperlink.target" for k in ks)
    assert _grade(d, out, ref) == 100
    home = _deck(tmp_path / "home.pptx", button=MSO_SHAPE.ACTION_BUTTON_HOME)
    assert _grade(d, out, home) == 100
    plain = _deck(tmp_path / "plain.pptx", button=MSO_SHAPE.ROUNDED_RECTANGLE)
    assert _grade(d, out, plain) < 100      # not an action button


# -------------------------------------------------------------- a created shape's name
_TIMING = f"""<p:timing xmlns:p="{P}"><p:tnLst><p:par><p:cTn id="1" dur="indefinite"
 restart="never" nodeType="tmRoot"><p:childTnLst><p:seq concurrent="1" nextAc="seek"><p:cTn
 id="2" dur="indefinite" nodeType="mainSeq"><p:childTnLst><p:par><p:cTn id="3" fill="hold">
<p:stCondLst><p:cond delay="indefinite"/></p:stCondLst><p:childTnLst><p:par><p:cTn id="4"
 fill="hold"><p:stCondLst><p:cond delay="0"/></p:stCondLst><p:childTnLst><p:par><p:cTn id="5"
 presetID="22" presetClass="entr" presetSubtype="8" fill="hold" nodeType="clickEffect">
<p:stCondLst><p:cond delay="0"/></p:stCondLst><p:childTnLst><p:set><p:cBhvr><p:cTn id="6"
 dur="1" fill="hold"><p:stCondLst><p:cond delay="0"/></p:stCondLst></p:cTn><p:tgtEl><p:spTgt
 spid="SPID"/></p:tgtEl><p:attrNameLst><p:attrName>style.visibility</p:attrName>
</p:attrNameLst></p:cBhvr><p:to><p:strVal val="visible"/></p:to></p:set><p:animEffect
 transition="in" filter="wipe(left)"><p:cBhvr><p:cTn id="7" dur="500"/><p:tgtEl><p:spTgt
 spid="SPID"/></p:tgtEl></p:cBhvr></p:animEffect></p:childTnLst></p:cTn></p:par>
</p:childTnLst></p:cTn></p:par></p:childTnLst></p:cTn></p:par></p:childTnLst></p:cTn></p:seq>
</p:childTnLst></p:cTn></p:par></p:tnLst></p:timing>"""


def _pictured(path: Path, tmp_path: Path, name: str | None, animate: bool) -> Path:
    from PIL import Image
    png = tmp_path / "buffer.png"
    if not png.exists():
        Image.new("RGB", (40, 30), (30, 120, 80)).save(png)
    prs = pptx.Presentation()
    for title in ("封面", "缓冲带建设"):
        prs.slides.add_slide(prs.slide_layouts[5]).shapes.title.text = title
    if name is not None:
        pic = prs.slides[1].shapes.add_picture(str(png), Cm(14), Cm(5), Cm(8), Cm(6))
        pic.name = name
        if animate:
            prs.slides[1]._element.append(etree.fromstring(
                _TIMING.replace("SPID", str(pic.shape_id))))
    prs.save(path)
    return path


def test_an_animated_picture_the_task_inserts_is_found_by_kind_not_its_name(tmp_path):
    pytest.importorskip("PIL")
    inp = _pictured(tmp_path / "input.pptx", tmp_path, None, False)
    ref = _pictured(tmp_path / "reference.pptx", tmp_path, "图片占位符 3", True)
    ins = _instruction(tmp_path, "在第 2 张幻灯片中插入图片 buffer.png，并为该图片设置“擦除”"
                                 "进入动画，效果选项为“自左侧”。")
    out = tmp_path / "r.xml"
    d = draft(inp, ref, out, instruction=ins)
    targets = [k for k in _checks(d) if k.prop == "animation.target"]
    assert targets and all(k.expected is None and k.against == "slide[2]/picture[1]" and
                           k.against_property == "shape.name" for k in targets)
    assert _grade(d, out, ref) == 100
    renamed = _pictured(tmp_path / "renamed.pptx", tmp_path, "图片 缓冲带示意", True)
    assert _grade(d, out, renamed) == 100
    still = _pictured(tmp_path / "still.pptx", tmp_path, "图片 2", False)
    assert _grade(d, out, still) < 100


# --------------------------------------------------------------------- Excel and Word
def test_merge_and_centre_is_no_vertical_alignment(tmp_path):
    def book(path, vertical):
        wb = openpyxl.Workbook()
        ws = wb.active
        ws.title = "门诊记录"
        ws["A1"] = "门诊收费明细"
        ws.append(["日期", "科室", "金额"])
        if vertical is not None:
            ws.merge_cells("A1:C1")
            ws["A1"].alignment = Alignment(horizontal="center", vertical=vertical)
        wb.save(path)
        return path
    inp = book(tmp_path / "input.xlsx", None)
    ref = book(tmp_path / "reference.xlsx", "center")
    ins = _instruction(tmp_path, "将标题文字所在的 A1:C1 单元格区域合并后居中。")
    out = tmp_path / "r.xml"
    d = draft(inp, ref, out, instruction=ins)
    props = {k.prop for k in _checks(d)}
    assert "cell.alignment.vertical" not in props
    assert {"cell.alignment.horizontal", "cell.merge_range"} <= props
    assert _grade(d, out, book(tmp_path / "excel.xlsx", "bottom")) == 100

    ins2 = _instruction(tmp_path, "将 A1:C1 合并后居中，并设置为垂直居中。")
    d2 = draft(inp, ref, out, instruction=ins2)
    assert "cell.alignment.vertical" in {k.prop for k in _checks(d2)}


def test_a_style_word_adds_as_it_edits_is_not_graded(tmp_path):
    from tests.builders import docx, p, style
    body = p("正文第一段。") + p("正文第二段。")
    inp = docx(tmp_path, body, styles="", name="input.docx")
    linked = style("FootnoteTextChar", "脚注文本 字符", '<w:rPr><w:sz w:val="18"/></w:rPr>',
                   kind="character")
    made = style("ReportBody", "报告正文", '<w:pPr><w:spacing w:line="360" w:lineRule="auto"/>'
                 "</w:pPr>")
    ref = docx(tmp_path, p("正文第一段。", '<w:pStyle w:val="ReportBody"/>') +
               p("正文第二段。", '<w:pStyle w:val="ReportBody"/>'), styles=linked + made,
               name="reference.docx")
    ins = _instruction(tmp_path, "新建一个名为“报告正文”的段落样式，行距为 1.5 倍行距，"
                                 "并将其应用于全部正文段落。")
    d = draft(inp, ref, tmp_path / "r.xml", instruction=ins)
    sels = {k.select for k in _checks(d)}
    assert not any("脚注文本" in s for s in sels), sels
    assert any("报告正文" in s for s in sels)
