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


