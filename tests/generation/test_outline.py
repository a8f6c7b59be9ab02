"""Outlines of the sample inputs (from the engine's views: styles in force, used ranges,
layouts), their bounds, and the ``outline`` command."""

from __future__ import annotations

import subprocess
import sys

import pytest
from docx import Document
from openpyxl import Workbook

from officeeval.errors import PackageError
from officeeval.outline import estimate_tokens, outline


def test_word_paragraphs_with_styles_tables_and_sections(repo):
    text = outline(repo / "samples/word-l2-report/input.docx")
    lines = text.splitlines()
    assert lines[0] == "input.docx: Word document, 24 body paragraph(s), 1 table(s), " \
                       "1 section(s)"
    assert "section 1: Letter (21.59cm x 27.94cm), portrait" in lines
    assert "table 1: 4 row(s) × 4 column(s); row 1: 图书馆 | 藏书量（册） | 月均借阅（人次） | " \
           "开放时长（小时/周）" in lines
    assert "[1] Normal: “社区图书馆服务情况调查报告”" in lines
    assert "[17] Normal: (empty)" in lines


def test_word_style_names_are_the_styles_in_force(tmp_path):
    doc = Document()
    doc.add_heading("Chapter", level=1)
    doc.add_paragraph("body " * 40)
    doc.save(tmp_path / "h.docx")
    lines = outline(tmp_path / "h.docx").splitlines()
    assert "[1] heading 1: “Chapter”" in lines  # the name styles.xml gives it
    body = next(x for x in lines if x.startswith("[2]"))
    assert body.endswith("…”") and len(body) < 90  # text cut to 60 characters


def test_excel_sheets_with_used_range_and_first_rows(repo):
    lines = outline(repo / "samples/excel-l1-grades/input.xlsx").splitlines()
    assert lines[:3] == ["input.xlsx: Excel workbook, 1 sheet(s)",
                         "sheet 1 '成绩表': used range A1:J33",
                         "  row 1 (from A1): 2025级计算机应用1班期末成绩统计表"]
    assert "  row 2 (from A2): 学号 | 姓名 | 性别 | 语文 | 数学 | 英语 | 总分 | 平均分 | 等级 | 名次" \
        in lines
    assert lines[-1] == "  … rows 7–33 not shown"


def test_excel_formulas_show_as_formulas_and_wide_sheets_are_cut(tmp_path):
    wb = Workbook()
    ws = wb.active
    ws.title = "It's data"
    for c in range(1, 21):
        ws.cell(1, c, f"h{c}")
        ws.cell(2, c, c)
    ws["A3"] = "=SUM(A2:T2)"
    wb.save(tmp_path / "w.xlsx")
    lines = outline(tmp_path / "w.xlsx").splitlines()
    assert lines[1] == "sheet 1 'It's data': used range A1:T3"
    assert lines[2].endswith("h11 | h12 | …")
    assert lines[4] == "  row 3 (from A3): =SUM(A2:T2) | …"  # columns M:T not shown


def test_ppt_slides_with_layouts_titles_and_shapes(repo):
    lines = outline(repo / "samples/ppt-l2-report/input.pptx").splitlines()
    assert lines[0] == "input.pptx: PowerPoint presentation, 2 slide(s), slide size 4:3 " \
                       "(25.40cm x 19.05cm)"
    assert lines[1].startswith("layouts: Title Slide, Title and Content, Section Header")
    assert "slide 1: layout 'Title Slide', title “2025 年度销售分析”" in lines
    assert "  - Title 1 [title, placeholder ctrTitle]: “2025 年度销售分析”" in lines
    assert "slide 2: layout 'Title Only', title “大纲”" in lines


def test_the_budget_bounds_the_outline(tmp_path):
    doc = Document()
    for i in range(300):
        doc.add_paragraph(f"段落 {i} " + "内容" * 40)
    doc.save(tmp_path / "long.docx")
    full = outline(tmp_path / "long.docx", budget=100_000)
    assert "… 220 more paragraph(s)" in full  # at most 80 paragraphs listed
    small = outline(tmp_path / "long.docx", budget=300)
    assert estimate_tokens(small) <= 300 + 40
    assert small.splitlines()[-1].startswith("… (outline cut to about 300 tokens:")


def test_estimate_tokens():
    assert estimate_tokens("") == 0
    assert estimate_tokens("中文字") == 3
    assert estimate_tokens("abcdefgh") == 2


def test_an_unreadable_document(tmp_path):
    p = tmp_path / "x.docx"
    p.write_bytes(b"not a zip")
    with pytest.raises(PackageError):
        outline(p)
    res = subprocess.run([sys.executable, "-m", "officeeval", "outline", str(p)],
                         capture_output=True, text=True, timeout=120)
    assert res.returncode == 4 and "cannot read" in res.stderr


def test_the_outline_command(repo):
    res = subprocess.run([sys.executable, "-m", "officeeval", "outline",
                          str(repo / "samples/word-l1-notice/input.docx"), "--tokens", "60"],
                         capture_output=True, text=True, timeout=120)
    assert res.returncode == 0, res.stderr
    assert res.stdout.startswith("input.docx: Word document, 13 body paragraph(s)")
    assert "outline cut to about 60 tokens" in res.stdout
