"""draft/asked.py: what the instruction asks, applied to drafted criteria, so that a check
holds for every correct answer (issue 36): what the step asks and no more, pictured values
loosened and marked, functions and sheets as named, created objects by kind and placed by
region, slides by position; and, end to end, no text inside a TOC's result, sections by
the instruction's numbers, one mistake charged once."""

from __future__ import annotations

from pathlib import Path

import openpyxl
import pytest

from officeeval import evaluate
from officeeval.draft import draft
from officeeval.draft.asked import apply as asked
from officeeval.draft.criteria import DraftCheck, DraftCriterion
from officeeval.draft.instruction import Step
from officeeval.formats import open_document
from officeeval.rubric import load_rubric
from tests.builders import docx, p, style

pptx = pytest.importorskip("pptx")
from pptx.chart.data import CategoryChartData  # noqa: E402
from pptx.enum.chart import XL_CHART_TYPE  # noqa: E402
from pptx.enum.shapes import MSO_SHAPE  # noqa: E402
from pptx.util import Cm  # noqa: E402


def _instruction(tmp_path: Path, *lines: str) -> Path:
    md = "# t · 测试（二级）\n\n## 题目（中文）\n\n" + "".join(
        f"{i}. {x}\n" for i, x in enumerate(lines, start=1))
    f = tmp_path / "instruction.md"
    f.write_text(md, encoding="utf-8")
    return f


def _checks(d) -> list[DraftCheck]:
    return [k for c in d.criteria for k in c.checks]


# --------------------------------------------------------------- asked: unit rules
def _crit(*checks: DraftCheck, tokens=()) -> DraftCriterion:
    return DraftCriterion("", "font", "x：y", list(checks), 1.0, tokens=list(tokens))


def _two_docs(tmp_path: Path):
    styles = style("Heading1", "heading 1", '<w:rPr><w:color w:val="1F4E79"/></w:rPr>')
    body = p("一、总体情况", ppr='<w:pStyle w:val="Heading1"/>') + p("正文一段。")
    inp = docx(tmp_path, p("一、总体情况") + p("正文一段。"), styles=styles, name="i.docx")
    ref = docx(tmp_path, body, styles=styles, name="r.docx")
    return open_document(inp), open_document(ref)


def test_a_colour_given_by_a_picture_is_within_5_de_and_marked(tmp_path):
    inp, ref = _two_docs(tmp_path)
    c = _crit(DraftCheck("style('heading 1')", "font.color", "equals", "#1F4E79"),
              DraftCheck("style('heading 1')", "font.east_asia", "equals", "黑体"),
              tokens=["黑体"])
    st = [Step("4", "修改“标题 1”样式：中文字体黑体；对齐方式和字体颜色参照示例图 `example-3.png`。")]
    asked([c], st, inp, ref)
    color = next(k for k in c.checks if k.prop == "font.color")
    assert (color.op, color.tolerance, color.origin) == ("approx", "5dE", "picture")
    font = next(k for k in c.checks if k.prop == "font.east_asia")
    assert font.origin is None and font.op == "equals"     # the step writes it
    assert c.step == "4"


def test_a_style_property_no_step_names_is_dropped(tmp_path):
    inp, ref = _two_docs(tmp_path)
    c = _crit(DraftCheck("style('heading 2')", "paragraph.space_before", "approx", "0.5line"),
              DraftCheck("style('heading 2')", "paragraph.space_after", "approx", "10pt"),
              DraftCheck("style('heading 2')", "font.name", "equals", "Cambria"),
              tokens=["0.5line"])
    asked([c], [Step("5", "修改“标题 2”样式：中文字体楷体、段前 0.5 行。")], inp, ref)
    assert [k.prop for k in c.checks] == ["paragraph.space_before"]


def test_what_no_step_asks_is_dropped(tmp_path):
    inp, ref = _two_docs(tmp_path)
    c = _crit(DraftCheck("paragraph[1]", "layout.page_number", "equals", "3"),
              DraftCheck("table[1]", "table.border.outer", "equals", "single"),
              DraftCheck("table[1]/cell", "column.width", "approx", "108pt"),
              DraftCheck("toc[1]", "field.switches", "equals", "o|h|z|u"),
              DraftCheck("toc[1]", "toc.levels", "equals", "2"),
              DraftCheck("section[3]/footer[default]", "footer.text", "equals", "1"),
              DraftCheck("slide[2]/animation[1]", "animation.duration", "equals", "0.5s"),
              tokens=["2"])
    asked([c], [Step("12", "插入包含 2 级标题、目录项为超链接的目录。")], inp, ref)
    assert [k.prop for k in c.checks] == ["toc.levels"]


def test_functions_named_as_alternatives_are_any_of_them(tmp_path):
    inp, ref = _two_docs(tmp_path)
    c = _crit(DraftCheck("sheet('成绩')/F2:F9", "cell.functions", "contains_all", "RANK.EQ"),
              tokens=["RANK.EQ"])
    asked([c], [Step("3", "用 RANK.EQ（或 RANK）函数计算名次。")], inp, ref)
    k = c.checks[0]
    assert k.op == "contains_any" and set(k.expected.split("|")) == {"RANK.EQ", "RANK"}


def test_functions_no_step_names_are_not_graded(tmp_path):
    inp, ref = _two_docs(tmp_path)
    c = _crit(DraftCheck("sheet('明细')/F2:F9", "cell.functions", "contains_all", "VLOOKUP"),
              DraftCheck("sheet('明细')/F2:F9", "cell.value", "equals",
                         expected_from="reference"), tokens=["客户"])
    asked([c], [Step("2", "用公式从“客户”工作表查出客户名称。")], inp, ref)
    assert [k.prop for k in c.checks] == ["cell.value"]


def test_sheets_added_without_an_order_are_a_set(tmp_path):
    inp, ref = _two_docs(tmp_path)
    c = _crit(DraftCheck("workbook", "workbook.sheet_names", "equals", "明细|汇总"),
              tokens=["汇总"])
    asked([c], [Step("2", "新建工作表“汇总”。")], inp, ref)
    assert c.checks[0].op == "same_set"


def _kept(tmp_path, step: str, *checks: DraftCheck, steps=None) -> list[tuple]:
    inp, ref = _two_docs(tmp_path)
    c = _crit(*checks, tokens=[step])      # the criterion matches the step
    try:
        asked([c], steps or [Step("1", step)], inp, ref)
    finally:
        inp.close()
        ref.close()
    return [(k.prop, k.op, k.expected) for k in c.checks]


@pytest.mark.parametrize("step, check, kept", [
    # Where text lands on pages: only a step that speaks of pages and states the value.
    ("全文共 2 页。", DraftCheck("document", "document.page_count", "equals", "2"), True),
    ("将标题居中。", DraftCheck("paragraph[1]", "layout.page_number", "equals", "2"), False),
    # A page stated by its number, however it is spaced.
    ("目录位于第 2 页。", DraftCheck("paragraph[1]", "layout.page_number", "equals", "2"), True),
    ("目录位于第2页。", DraftCheck("paragraph[1]", "layout.page_number", "equals", "2"), True),
    # Row heights, table borders, effect durations: only when named.
    ("第 1 行行高为 1 厘米。", DraftCheck("table[1]/row[1]", "row.height", "approx", "1cm"), True),
    ("表格外框线为双线。", DraftCheck("table[1]", "table.border.outer", "equals", "double"), True),
    ("动画持续时间为 1 秒。", DraftCheck("slide[1]/animation[1]", "animation.duration",
                                         "equals", "1s"), True),
    ("设置进入动画。", DraftCheck("slide[1]/animation[1]", "animation.duration", "equals",
                                   "1s"), False),
    # How a range is spelt: only where the step asks for an absolute reference.
    ("用绝对引用计算占比。", DraftCheck("sheet('a')/C2:C4", "cell.formula", "contains",
                                        "$B$2:$B$4"), True),
    ("计算占比。", DraftCheck("sheet('a')/C2:C4", "cell.formula", "contains", "$B$2:$B$4"),
     False),
    ("设置文本框自动调整大小以适应文字。", DraftCheck("slide[1]/shape[1]", "shape.text_fits",
                                                      "equals", "true"), True),
    ("以 A2:A4 为分类、B2:B4 为数据插入图表。",
     DraftCheck("sheet('a')/chart[1]", "chart.series.value_refs", "equals",
                "Sheet1!$B$2:$B$4"), True),
    ("插入图表。", DraftCheck("sheet('a')/chart[1]", "chart.series.value_refs", "equals",
                              "Sheet1!$B$2:$B$4"), False),
    # A section's settings by the step that names them; a slide's date only by 日期.
    ("首页不同。", DraftCheck("section[2]", "section.title_page", "equals", "true"), True),
    ("设置奇偶页不同。", DraftCheck("section[2]", "section.title_page", "equals", "true"),
     False),
    ("显示幻灯片编号。", DraftCheck("slide[1]", "slide.date.visible", "equals", "true"), False),
    ("显示日期和幻灯片编号。", DraftCheck("slide[1]", "slide.date.visible", "equals", "true"),
     True),
    ("图片设置为四周型环绕。", DraftCheck("image[1]", "image.wrap", "equals", "square"), True),
    ("插入图片。", DraftCheck("image[1]", "image.wrap", "equals", "square"), False),
])
def test_a_check_is_kept_only_where_its_step_asks_it(tmp_path, step, check, kept):
    assert bool(_kept(tmp_path, step, check)) is kept


def test_a_chart_is_placed_by_the_top_left_cell_the_step_names(tmp_path):
    def chart(step):
        return _kept(tmp_path, step, DraftCheck("sheet('a')/chart[1]", "chart.anchor",
                                                "equals", "$E$2:$L$16"))
    assert chart("将图表放在 E2:L16 区域。") == [("chart.anchor", "equals", "$E$2:$L$16")]
    assert chart("将图表左上角置于 E2 单元格。") == [("chart.anchor", "equals", "E2")]
    assert chart("插入图表。") == []


def test_a_size_another_step_states_is_kept_in_that_steps_unit(tmp_path):
    steps = [Step("1", "为表格套用样式。"), Step("2", "将第 1 行行高设置为 1 厘米。")]
    inp, ref = _two_docs(tmp_path)
    try:
        c = _crit(DraftCheck("table[1]/row[1]", "row.height", "approx", "28.35pt"),
                  DraftCheck("table[1]", "table.style", "equals", "网格型"), tokens=["样式"])
        asked([c], steps, inp, ref)
        # The criterion matched step 1; the height is step 2's, written as it says it.
        assert [(k.prop, k.expected) for k in c.checks] == [("row.height", "1cm"),
                                                            ("table.style", "网格型")]
        assert c.step == "1"
        width = _crit(DraftCheck("sheet('a')/column('B')", "column.width", "approx",
                                 "11.29"), tokens=["无关"])
        asked([width], [Step("3", "将 B 列列宽设置为 12。")], inp, ref)
        assert [(k.prop, k.expected) for k in width.checks] == [("column.width", "12")]
        assert width.step == "3"
    finally:
        inp.close()
        ref.close()


def test_a_paragraph_feature_no_step_names_is_dropped_when_no_step_matched(tmp_path):
    inp, ref = _two_docs(tmp_path)
    try:
        c = _crit(DraftCheck("paragraph[2]", "paragraph.indent.hanging", "approx", "4char"),
                  DraftCheck("paragraph[2]", "paragraph.indent.first_line", "approx",
                             "2char"), tokens=["无关"])
        asked([c], [Step("1", "正文首行缩进 2 字符。"), Step("2", "插入页码。")], inp, ref)
        # No step matched it (its tokens are nobody's): what no step names at all goes.
        assert c.step == ""
        assert [k.prop for k in c.checks] == ["paragraph.indent.first_line"]
        none = _crit(DraftCheck("paragraph[2]", "paragraph.indent.hanging", "approx",
                                "2char"), tokens=["无关"])
        asked([none], [Step("1", "插入页码。")], inp, ref)
        assert none.checks == [] and none.step == ""
    finally:
        inp.close()
        ref.close()


def test_without_steps_only_restatements_are_dropped_and_the_description_follows(tmp_path):
    inp, ref = _two_docs(tmp_path)
    try:
        c = _crit(DraftCheck("paragraph[1]", "layout.page_number", "equals", "3"),
                  DraftCheck("toc[1]", "field.switches", "equals", "o|h"),
                  DraftCheck("paragraph[1]", "font.bold", "equals", "true"))
        c.description = "“一、总体情况”：旧的描述"
        asked([c], [], inp, ref)
        assert [k.prop for k in c.checks] == ["layout.page_number", "font.bold"]
        assert c.step == ""
        assert c.description == "“一、总体情况”：layout.page_number 3，font.bold true"
    finally:
        inp.close()
        ref.close()


def test_ppt_slides_found_by_a_title_the_step_does_not_name_go_by_position(tmp_path):
    inp = open_document(_deck(tmp_path / "input.pptx", chart=False))
    ref = open_document(_deck(tmp_path / "reference.pptx", chart=False))
    try:
        by_title = DraftCheck("slide[title='客流统计']/title", "font.bold", "equals", "true")
        named = DraftCheck("slide[title='联系我们']", "slide.hidden", "equals", "true")
        c = _crit(by_title, named, tokens=["加粗"])
        asked([c], [Step("1", "将第 2 张幻灯片标题加粗，隐藏“联系我们”幻灯片。")], inp, ref)
        assert [k.select for k in c.checks] == ["slide[2]/title", "slide[title='联系我们']"]
    finally:
        inp.close()
        ref.close()


# ------------------------------------------------------------ drafted, end to end
def _toc(placeholder: str) -> str:
    return ('<w:p><w:r><w:fldChar w:fldCharType="begin"/></w:r><w:r><w:instrText '
            'xml:space="preserve"> TOC \\o "1-2" \\h \\z \\u </w:instrText></w:r><w:r>'
            '<w:fldChar w:fldCharType="separate"/></w:r><w:r><w:t>' + placeholder +
            '</w:t></w:r><w:r><w:fldChar w:fldCharType="end"/></w:r></w:p>')


SECT = '<w:pPr><w:sectPr><w:type w:val="nextPage"/></w:sectPr></w:pPr>'


def test_word_toc_placeholder_gets_no_check_and_sections_go_by_number(tmp_path):
    styles = (style("Heading1", "heading 1", '<w:rPr><w:b/></w:rPr>')
              + style("Normal", "Normal", default=True))
    heads = p("一、总体情况") + p("本年度全馆共接待读者二十万人次，同比增长百分之十。")
    inp = docx(tmp_path, heads, styles=styles, name="input.docx")
    ref_body = (p("目录") + _toc("（右键更新域以生成目录）")
                + f"<w:p>{SECT}</w:p>"
                + p("一、总体情况", ppr='<w:pStyle w:val="Heading1"/>')
                + p("本年度全馆共接待读者二十万人次，同比增长百分之十。"))
    ref = docx(tmp_path, ref_body, styles=styles, name="reference.docx")
    ins = _instruction(tmp_path, "将文档分为两节：第 1 节为目录，第 2 节为正文。"
                                 "在目录节插入包含 2 级标题、目录项为超链接的目录。",
                       "为章标题应用“标题 1”。")
    d = draft(inp, ref, tmp_path / "r.xml", instruction=ins)
    sels = {k.select for k in _checks(d)}
    assert not any("右键更新域" in s for s in sels)
    assert not any(s.startswith("section[text") for s in sels)
    assert not any(k.prop == "field.switches" for k in _checks(d))
    assert any(k.select == "toc[1]" and k.prop == "toc.levels" for k in _checks(d))
    toc = next(c for c in d.criteria if any(k.prop == "toc.levels" for k in c.checks))
    assert toc.step == "1"
    assert f'step="1"' in d.text


def test_a_modified_style_is_not_checked_again_on_its_paragraphs(tmp_path):
    h1_in = style("Heading1", "heading 1", '<w:rPr><w:b/><w:color w:val="000000"/></w:rPr>')
    h1_ref = style("Heading1", "heading 1",
                   '<w:rPr><w:b/><w:color w:val="C00000"/><w:sz w:val="32"/></w:rPr>')
    normal = style("Normal", "Normal", default=True)
    body_in = p("第1章 背景") + p("正文。") + p("第2章 方法") + p("正文二。")
    body_ref = (p("第1章 背景", ppr='<w:pStyle w:val="Heading1"/>') + p("正文。")
                + p("第2章 方法", ppr='<w:pStyle w:val="Heading1"/>') + p("正文二。"))
    inp = docx(tmp_path, body_in, styles=h1_in + normal, name="input.docx")
    ref = docx(tmp_path, body_ref, styles=h1_ref + normal, name="reference.docx")
    ins = _instruction(tmp_path, "修改“标题 1”样式：三号，字体颜色参照示例图 `example-1.png`。",
                       "为 2 个章标题应用“标题 1”。")
    d = draft(inp, ref, tmp_path / "r.xml", instruction=ins)
    ks = _checks(d)
    assert any(k.select == "style('heading 1')" and k.prop == "font.color"
               and k.tolerance == "5dE" and k.origin == "picture" for k in ks)
    assert not any(k.select.startswith("paragraph") and k.prop and k.prop.startswith("font.")
                   for k in ks)
    assert any(k.prop == "paragraph.style" for k in ks)
    # The count of paragraphs per style restates their style checks.
    assert not any(k.op == "count" and "style=" in k.select for k in ks)


def test_pictured_cover_size_is_a_relation(tmp_path):
    big = "<w:sz w:val='52'/>".replace("'", '"')
    small = '<w:sz w:val="32"/>'
    body = p("滨江区社区图书馆") + p("年度工作报告") + p("2026年1月")
    inp = docx(tmp_path, body, name="input.docx")
    ref = docx(tmp_path, p("滨江区社区图书馆", rpr=small) + p("年度工作报告", rpr=big)
               + p("2026年1月", rpr=small), name="reference.docx")
    ins = _instruction(tmp_path, "将前 3 段作为封面，封面的排版参照示例图 `example-1.png`。")
    d = draft(inp, ref, tmp_path / "r.xml", instruction=ins)
    rel = [k for k in _checks(d) if k.against]
    assert rel and all(k.origin == "picture" and k.prop == "font.size" for k in rel)
    assert any(k.select == "paragraph[text='年度工作报告']" and k.op == "greater" for k in rel)
    assert not any(k.prop == "font.size" and k.expected for k in _checks(d))


def _deck(path: Path, chart: bool) -> Path:
    prs = pptx.Presentation()
    for title in ("年度汇报", "客流统计", "联系我们"):
        s = prs.slides.add_slide(prs.slide_layouts[5])
        s.shapes.title.text = title
    if chart:
        data = CategoryChartData()
        data.categories = ["2023年", "2024年"]
        data.add_series("客流量", (38, 46))
        prs.slides[1].shapes.add_chart(XL_CHART_TYPE.COLUMN_CLUSTERED, Cm(3), Cm(4), Cm(18),
                                       Cm(10), data)
        btn = prs.slides[2].shapes.add_shape(MSO_SHAPE.ACTION_BUTTON_HOME, Cm(21), Cm(15),
                                             Cm(3), Cm(2.5))
        btn.name = "返回首页"
        other = prs.slides[2].shapes.add_shape(MSO_SHAPE.ROUNDED_RECTANGLE, Cm(2), Cm(15),
                                               Cm(4), Cm(2))
        other.name = "Rounded Rectangle 7"
    prs.save(path)
    return path


def test_ppt_created_objects_by_kind_and_placed_by_region(tmp_path):
    inp = _deck(tmp_path / "input.pptx", chart=False)
    ref = _deck(tmp_path / "reference.pptx", chart=True)
    ins = _instruction(tmp_path, "将“客流统计”幻灯片中的数据做成簇状柱形图。",
                       "在“联系我们”幻灯片右下角添加一个“动作按钮：转到主页”，名称为“返回首页”。",
                       "在“联系我们”幻灯片左下方添加一个圆角矩形。")
    out = tmp_path / "r.xml"
    d = draft(inp, ref, out, instruction=ins)
    ks = _checks(d)
    sels = {k.select for k in ks}
    assert not any("Chart" in s or "Rounded Rectangle" in s for s in sels), sels
    assert any(s.endswith("/chart[1]") for s in sels)
    assert any("shape[name='返回首页']" in s for s in sels)      # the instruction's name
    assert not any(k.prop in ("shape.left", "shape.top", "shape.width", "shape.height")
                   for k in ks)
    regions = {(k.op, k.expected) for k in ks if k.prop == "shape.region"}
    assert ("equals", "右下角") in regions
    out.write_text(d.text, encoding="utf-8")
    assert evaluate(load_rubric(out), ref).score == 100


def test_excel_formula_criterion_grades_value_not_display_nor_range_spelling(tmp_path):
    def book(path, formulas):
        wb = openpyxl.Workbook()
        ws = wb.active
        ws.title = "明细"
        ws.append(["单价", "数量", "金额"])
        for i, (a, b) in enumerate([(12.5, 3), (8, 10)], start=2):
            ws.append([a, b, f"=RANK.EQ(A{i},$A$2:$A$3)" if formulas else None])
            if formulas:
                ws.cell(i, 3).number_format = '"¥"#,##0.00'
        wb.save(path)
        return path
    inp = book(tmp_path / "input.xlsx", False)
    ref = book(tmp_path / "reference.xlsx", True)
    ins = _instruction(tmp_path, "在 C2:C3 用 RANK.EQ（或 RANK）函数计算单价的名次。")
    d = draft(inp, ref, tmp_path / "r.xml", instruction=ins)
    ks = _checks(d)
    assert not any(k.prop == "cell.display" for k in ks)
    assert not any(k.prop == "cell.formula" for k in ks)
    f = [k for k in ks if k.prop == "cell.functions"]
    assert f and f[0].op == "contains_any" and "RANK" in f[0].expected.split("|")


