"""draft/proposal.py: from changes to proposed criteria: one criterion per changed property
group over the targets that changed alike (one selector over all of them when one exists),
restatements pruned, formulas graded by function and value, the structure counted,
deletions and replace-alls as counts of zero, and the preservation criterion last."""

from __future__ import annotations

from pathlib import Path

import openpyxl
import pytest

from officeeval.draft.changes import diff
from officeeval.draft.proposal import propose, section_names, spoken_style
from officeeval.formats import open_document
from tests.builders import docx, p, style

STYLES = (style("Normal", "Normal", default=True)
          + style("Heading1", "heading 1", "<w:rPr><w:b/></w:rPr>"))
CENTRE = '<w:jc w:val="center"/>'
H1 = '<w:pStyle w:val="Heading1"/>'
TABLE = '<w:tbl><w:tr><w:tc><w:p><w:r><w:t>姓名</w:t></w:r></w:p></w:tc></w:tr></w:tbl>'


@pytest.fixture
def proposed():
    docs = []

    def _proposed(inp_path, ref_path, words: str = ""):
        inp, ref = open_document(inp_path), open_document(ref_path)
        docs.extend([inp, ref])
        return propose(diff(inp, ref, words), inp, ref, words)
    yield _proposed
    for d in docs:
        d.close()


def _rows(criteria) -> list[tuple]:
    return [(c.skill, [(k.select, k.prop, k.op, k.expected) for k in c.checks])
            for c in criteria]


def test_section_names_read_what_the_instruction_calls_its_sections():
    assert section_names("第 1 节为封面，第2节是正文、第 3 节为附录。") == \
        {1: "封面", 2: "正文", 3: "附录"}
    assert section_names("将文档分为三节。") == {}
    assert section_names("") == {}


@pytest.mark.parametrize("name, want", [
    ("heading 2", ["标题 2"]), ("Heading 1", ["标题 1"]), ("TOC 1", ["目录 1"]),
    ("Normal", ["正文"]), ("Title", ["标题"]), ("caption", ["题注"]), ("我的样式", []),
])
def test_spoken_style_is_the_chinese_name_of_a_builtin_style(name, want):
    assert spoken_style(name) == want


def test_paragraphs_changed_alike_are_one_criterion_over_one_selector(tmp_path, proposed):
    got = proposed(docx(tmp_path, p("一、背景") + p("二、方法") + p("正文。") + p("要删除。"),
                        styles=STYLES, name="i.docx"),
                   docx(tmp_path, p("一、背景", ppr=CENTRE) + p("二、方法", ppr=CENTRE)
                        + p("正文。"), styles=STYLES, name="r.docx"),
                   "将前 2 段居中。")
    assert _rows(got) == [
        ("paragraph", [("paragraph[not(text='正文。')]", "paragraph.alignment", "equals",
                        "居中")]),
        ("text", [("paragraph[text='要删除。']", None, "count", "0")]),
        ("preserve", [("paragraph[1..3]", "text", "unchanged", None)])]
    centre = got[0]
    assert centre.description == "“一、背景”、“二、方法”：paragraph.alignment 居中"
    # Two targets: weight 1 + log2(2); the step's "前 2 段" is among its tokens.
    assert centre.weight == 2.0
    assert centre.tokens == ["居中", "前2段"]
    assert centre.labels[:2] == ["一、背景", "二、方法"]
    assert centre.evidence == [
        "paragraph[text='一、背景']: paragraph.alignment left (左对齐) -> center (居中)",
        "paragraph[text='二、方法']: paragraph.alignment left (左对齐) -> center (居中)"]
    assert got[1].description == "删除 “要删除。”" and got[1].tokens == ["要删除。"]
    assert got[-1].preservation


def test_a_style_applied_is_graded_by_the_style_not_the_fonts_it_brings(tmp_path, proposed):
    sect_in = '<w:sectPr><w:pgSz w:w="12240" w:h="15840"/></w:sectPr>'      # Letter
    sect_ref = '<w:sectPr><w:pgSz w:w="11906" w:h="16838"/></w:sectPr>'     # A4
    got = proposed(docx(tmp_path, p("第一章") + p("正文") + p("第二章") + sect_in,
                        styles=STYLES, name="i.docx"),
                   docx(tmp_path, p("第一章", ppr=H1) + p("正文") + p("第二章", ppr=H1)
                        + sect_ref, styles=STYLES, name="r.docx"),
                   "第 1 节为正文。")
    # No font.bold of the paragraphs (heading 1 brings it), no page width or height (A4
    # says them), no count of heading 1 paragraphs (each one's style is checked).
    assert _rows(got) == [
        ("paragraph", [("paragraph[not(text='正文')]", "paragraph.style", "equals",
                        "heading 1")]),
        ("page", [("section", "page.size", "equals", "A4")]),
        ("preserve", [("paragraph", "text", "unchanged", None)])]
    # The style's Chinese name, and the name the instruction gives their section.
    assert got[0].tokens == ["heading 1", "标题 1", "正文", "应用"]
    assert got[1].tokens == ["A4", "纸张"]


def test_a_replace_all_is_one_criterion(tmp_path, proposed):
    a = "第一分馆位于滨江区文化中心二楼，馆内设有少儿阅览市和成人阅览区，每周一闭馆。"
    b = "第二分馆位于滨江区体育中心三楼，馆内设有电子阅览市和期刊阅览区，每周二闭馆。"
    got = proposed(docx(tmp_path, p(a) + p(b), styles=STYLES, name="i.docx"),
                   docx(tmp_path, p(a.replace("阅览市", "阅览室"))
                        + p(b.replace("阅览市", "阅览室")), styles=STYLES, name="r.docx"))
    assert _rows(got) == [("text", [("paragraph[text*='阅览市']", None, "count", "0")])]
    assert (got[0].description, got[0].weight, got[0].tokens) == \
        ("“阅览市”已全部改为“阅览室”", 1.5, ["阅览市", "阅览室"])


def test_a_table_added_is_counted_and_its_cells_graded(tmp_path, proposed):
    got = proposed(docx(tmp_path, p("正文"), styles=STYLES, name="i.docx"),
                   docx(tmp_path, p("正文") + TABLE, styles=STYLES, name="r.docx"))
    rows = _rows(got)
    assert ("table", [("table[text^='姓名']", "table.columns", "equals", "1"),
                      ("table[text^='姓名']", "table.rows", "equals", "1")]) in rows
    assert ("data", [("table[text^='姓名']/cell(1,1)", "cell.text", "equals", "姓名")]) in rows
    assert ("structure", [("table", None, "count", "1")]) in rows
    count = next(c for c in got if c.skill == "structure")
    assert (count.description, count.tokens) == ("table 的数量：0 → 1", ["table"])


def _book(path: Path, formulas: bool) -> Path:
    wb = openpyxl.Workbook()
    ws = wb.active
    ws.title = "成绩"
    ws.append(["姓名", "语文", "数学", "总分"])
    for i, r in enumerate([["张", 1, 2], ["李", 3, 4], ["王", 5, 6]], start=2):
        ws.append(r + ([f"=SUM(B{i}:C{i})+SUM($B$2:$B$4)*0"] if formulas else []))
    wb.save(path)
    return path


def test_formulas_over_a_range_are_graded_by_function_and_value(tmp_path, proposed):
    got = proposed(_book(tmp_path / "i.xlsx", False), _book(tmp_path / "r.xlsx", True))
    f = got[0]
    assert _rows([f]) == [("formula", [
        ("sheet('成绩')/D2:D4", "cell.has_formula", "equals", "true"),
        ("sheet('成绩')/D2:D4", "cell.functions", "contains_all", "SUM"),
        ("sheet('成绩')/D2:D4", "cell.value", "equals", None),
        # An absolute range is written down; asked.py keeps it only if a step asks.
        ("sheet('成绩')/D2:D4", "cell.formula", "contains", "$B$2:$B$4")])]
    assert f.checks[2].expected_from == "reference"
    assert f.tokens == ["SUM", "D2:D4"]
    assert got[-1].preservation
    assert ("sheet('成绩')/A1:C4", "cell.value", "unchanged") in \
        [(k.select, k.prop, k.op) for k in got[-1].checks]


def test_slides_changed_alike_are_one_range_of_positions(tmp_path, proposed):
    pptx = pytest.importorskip("pptx")

    def deck(path: Path, hidden=()) -> Path:
        prs = pptx.Presentation()
        for k in range(4):
            s = prs.slides.add_slide(prs.slide_layouts[5])
            s.shapes.title.text = f"第{k + 1}页标题"
            if k in hidden:
                s._element.set("show", "0")
        prs.save(path)
        return path
    got = proposed(deck(tmp_path / "i.pptx"), deck(tmp_path / "r.pptx", hidden=(1, 2, 3)))
    assert _rows(got) == [
        ("slide", [("slide[2..]", "slide.hidden", "equals", "true")]),
        ("preserve", [("slide", "slide.title", "unchanged", None),
                      ("presentation", "slide.count", "unchanged", None)])]
    assert got[0].tokens == ["true", "隐藏"]
    mid = proposed(deck(tmp_path / "i2.pptx"), deck(tmp_path / "r2.pptx", hidden=(1, 2)))
    assert mid[0].checks[0].select == "slide[2..3]"


def test_identical_documents_propose_only_preservation(tmp_path, proposed):
    body = p("标题") + p("正文")
    got = proposed(docx(tmp_path, body, styles=STYLES, name="i.docx"),
                   docx(tmp_path, body, styles=STYLES, name="r.docx"))
    assert _rows(got) == [("preserve", [("paragraph", "text", "unchanged", None)])]
