"""Tables: the grid with merged cells, cell(r,c) addressing, rows/columns/cells, nested
tables, paragraphs in cells with the table style in their chain (conditional formats, Word's
12 pt / left quirk), borders as seen (cell > conditional style > table > style; conflicts),
shading, vertical alignment, heights, widths, header rows."""

from __future__ import annotations

import pytest

from officeeval.values import Border
from tests.word.wbuild import NORMAL, docx, p, style, value, values


def tc(text: str, tcpr: str = "") -> str:
    return f"<w:tc>{f'<w:tcPr>{tcpr}</w:tcPr>' if tcpr else ''}{p(text)}</w:tc>"


def tbl(rows: list[str], tblpr: str = "", grid: int = 3) -> str:
    cols = "".join('<w:gridCol w:w="2000"/>' for _ in range(grid))
    return (f"<w:tbl><w:tblPr>{tblpr}</w:tblPr><w:tblGrid>{cols}</w:tblGrid>"
            + "".join(f"<w:tr>{row}</w:tr>" for row in rows) + "</w:tbl>" + p(""))


MERGED = tbl([
    tc("A", '<w:gridSpan w:val="2"/>') + tc("C", '<w:vMerge w:val="restart"/>'),
    tc("D") + tc("E") + tc("", "<w:vMerge/>"),
    tc("G") + tc("H") + tc("I"),
])


def test_grid_with_merged_cells(tmp_path):
    path = docx(tmp_path, MERGED, styles=NORMAL)
    assert value(path, "table[1]", "table.rows") == 3
    assert value(path, "table[1]", "table.columns") == 3
    assert value(path, "table[1]/cell(1,2)", "cell.text") == "A"      # inside the span
    assert value(path, "table[1]/cell(1,1)", "cell.span") == "1x2"
    assert value(path, "table[1]/cell(2,3)", "cell.text") == "C"      # inside the vMerge
    assert value(path, "table[1]/cell(1,3)", "cell.span") == "2x1"
    assert [v[0] for v in values(path, "table[1]/cell", "cell.text")] == [
        "A", "C", "D", "E", "G", "H", "I"]
    assert [v[0] for v in values(path, "table[1]/row[2]/cell", "cell.text")] == ["D", "E"]
    assert [v[0] for v in values(path, "table[1]/column[3]/cell", "cell.text")] == ["C", "I"]
    assert [v[0] for v in values(path, "table[1]/row[2]/cell(3)", "cell.text")] == ["C"]
    assert values(path, "table[1]/cell(4,1)", "cell.text") == []
    assert value(path, "table[1]/row[1]", "text") == "A\tC"


def test_paragraphs_in_cells_and_nested_tables(tmp_path):
    inner = tbl([tc("内") + tc("嵌")], grid=2)
    body = tbl([f"<w:tc>{p('外')}{inner}</w:tc>" + tc("b")], grid=2) + p("正文")
    path = docx(tmp_path, body, styles=NORMAL)
    assert value(path, "table[1]/cell(1,1)/paragraph[1]", "text") == "外"
    assert value(path, "table[1]/cell(1,1)/table[1]/cell(1,2)", "cell.text") == "嵌"
    assert [v[0] for v in values(path, "table", "table.rows")] == [1]   # body level only
    # body paragraphs do not include those in tables
    assert [v[0] for v in values(path, "paragraph", "text")] == ["", "正文"]


TABLE_STYLE = style("Grid", "Grid Table 4 Accent 1", kind="table", body=(
    '<w:rPr><w:color w:val="333333"/><w:sz w:val="20"/></w:rPr>'
    '<w:pPr><w:jc w:val="center"/></w:pPr>'
    '<w:tblPr><w:tblStyleRowBandSize w:val="1"/><w:tblBorders>'
    '<w:top w:val="single" w:sz="4" w:color="8EAADB"/>'
    '<w:left w:val="single" w:sz="4" w:color="8EAADB"/>'
    '<w:bottom w:val="single" w:sz="4" w:color="8EAADB"/>'
    '<w:right w:val="single" w:sz="4" w:color="8EAADB"/>'
    '<w:insideH w:val="single" w:sz="4" w:color="8EAADB"/>'
    '<w:insideV w:val="single" w:sz="4" w:color="8EAADB"/></w:tblBorders></w:tblPr>'
    '<w:tblStylePr w:type="firstRow"><w:rPr><w:b/><w:color w:val="FFFFFF"/></w:rPr>'
    '<w:tcPr><w:shd w:val="clear" w:color="auto" w:fill="4472C4"/></w:tcPr></w:tblStylePr>'
    '<w:tblStylePr w:type="band1Horz"><w:tcPr><w:shd w:val="clear" w:color="auto" '
    'w:fill="D9E2F3"/></w:tcPr></w:tblStylePr>'
    '<w:tblStylePr w:type="firstCol"><w:rPr><w:b/></w:rPr></w:tblStylePr>'))
LOOK = '<w:tblStyle w:val="Grid"/><w:tblLook w:val="04A0"/>'   # first row, first col, h-bands


def styled(rows=3):
    return tbl([tc(f"r{i}c1") + tc(f"r{i}c2") + tc(f"r{i}c3") for i in range(1, rows + 1)],
               LOOK)


@pytest.mark.parametrize("cell,prop,expected", [
    ("cell(1,2)", "font.bold", (True, "style:Grid[firstRow]")),
    ("cell(1,2)", "font.color", ("FFFFFF", "style:Grid[firstRow]")),
    ("cell(2,2)", "font.color", ("333333", "style:Grid")),
    ("cell(2,1)", "font.bold", (True, "style:Grid[firstCol]")),
    ("cell(2,2)", "font.bold", (False, "default")),
    ("cell(2,2)", "font.size", (10.0, "style:Grid")),
    ("cell(1,1)", "cell.shading", ("4472C4", "style:Grid[firstRow]")),
    ("cell(2,2)", "cell.shading", ("D9E2F3", "style:Grid[band1Horz]")),
    ("cell(3,2)", "cell.shading", ("none", "default")),
    ("cell(2,2)", "paragraph.alignment", ("center", "style:Grid")),
    ("cell(2,2)", "cell.vertical_alignment", ("top", "default")),
])
def test_table_style_conditional_formats(tmp_path, cell, prop, expected):
    path = docx(tmp_path, styled(), styles=NORMAL + TABLE_STYLE)
    got = values(path, f"table[1]/{cell}", prop)
    assert got == [expected]


def test_table_style_name_in_either_language(tmp_path):
    from officeeval.rubric import load_rubric_text
    from officeeval.scoring import evaluate
    path = docx(tmp_path, styled(), styles=NORMAL + TABLE_STYLE)
    rubric = load_rubric_text("""<rubric xmlns="urn:officeeval:rubric:1" id="t" app="word">
      <criterion id="c" skill="table" points="100">
        <check select="table[1]" property="table.style" expected="网格表 4 - 着色 1"/>
      </criterion></rubric>""")
    assert evaluate(rubric, path).score == 100


def test_direct_formatting_beats_the_table_style(tmp_path):
    row = (tc("x", '<w:shd w:val="clear" w:color="auto" w:fill="FFFF00"/><w:vAlign '
           'w:val="center"/>') + tc("y") + tc("z"))
    body = tbl([row, tc("a") + tc("b") + tc("c")], LOOK)
    path = docx(tmp_path, body, styles=NORMAL + TABLE_STYLE)
    assert values(path, "table[1]/cell(1,1)", "cell.shading") == [("FFFF00", "direct")]
    assert values(path, "table[1]/cell(1,1)", "cell.vertical_alignment") == [
        ("center", "direct")]
    assert values(path, "table[1]/cell(1,1)", "cell.shading", direct=True) == [
        ("FFFF00", "direct")]
    assert values(path, "table[1]/cell(1,2)", "cell.shading", direct=True) == [None]


def test_normal_style_12pt_and_left_do_not_override_the_table_style(tmp_path):
    """[MS-DOCX] overrideTableStyleFontSizeAndJustification off (the default): 12 pt or
    left justification from the default paragraph style yields to the table style."""
    normal = style("Normal", "Normal", '<w:pPr><w:jc w:val="left"/></w:pPr>'
                   '<w:rPr><w:sz w:val="24"/></w:rPr>', default=True)
    path = docx(tmp_path, styled(), styles=normal + TABLE_STYLE)
    assert values(path, "table[1]/cell(2,2)", "font.size") == [(10.0, "style:Grid")]
    assert values(path, "table[1]/cell(2,2)", "paragraph.alignment") == [("center",
                                                                           "style:Grid")]
    # With the compat setting on, the paragraph style wins as ISO 29500 says.
    path2 = docx(tmp_path, styled(), styles=normal + TABLE_STYLE, name="b.docx", settings=(
        '<w:compat><w:compatSetting w:name="overrideTableStyleFontSizeAndJustification" '
        'w:uri="http://schemas.microsoft.com/office/word" w:val="1"/></w:compat>'))
    assert values(path2, "table[1]/cell(2,2)", "font.size") == [(12.0, "style:Normal")]


def test_normal_style_other_size_wins_over_the_table_style(tmp_path):
    normal = style("Normal", "Normal", '<w:rPr><w:sz w:val="28"/></w:rPr>', default=True)
    path = docx(tmp_path, styled(), styles=normal + TABLE_STYLE)
    assert values(path, "table[1]/cell(2,2)", "font.size") == [(14.0, "style:Normal")]


def B(style_, width=None, color=None):
    return Border(style_, width, color)


def test_borders_from_the_table_style(tmp_path):
    path = docx(tmp_path, styled(), styles=NORMAL + TABLE_STYLE)
    expected = B("single", 0.5, "8EAADB")
    assert value(path, "table[1]", "table.border.outer") == expected
    assert value(path, "table[1]", "table.border.inner") == expected
    assert values(path, "table[1]", "table.border.outer", direct=True) == [None]


DIRECT = ('<w:tblBorders><w:top w:val="double" w:sz="12" w:color="FF0000"/>'
          '<w:left w:val="double" w:sz="12" w:color="FF0000"/>'
          '<w:bottom w:val="double" w:sz="12" w:color="FF0000"/>'
          '<w:right w:val="double" w:sz="12" w:color="FF0000"/>'
          '<w:insideH w:val="dashed" w:sz="4" w:color="0000FF"/>'
          '<w:insideV w:val="nil"/></w:tblBorders>')


def test_table_borders_beat_the_style_and_nil_removes_a_line(tmp_path):
    body = tbl([tc("a") + tc("b") + tc("c")] * 3, LOOK + DIRECT)
    path = docx(tmp_path, body, styles=NORMAL + TABLE_STYLE)
    assert values(path, "table[1]", "table.border.outer") == [(B("double", 1.5, "FF0000"),
                                                                "direct")]
    assert value(path, "table[1]", "table.border.inside_h") == B("dashed", 0.5, "0000FF")
    assert value(path, "table[1]", "table.border.inside_v") == B("none")
    inner = values(path, "table[1]", "table.border.inner")[0]
    assert inner[0] is None  # mixed: dashed rows, no column lines


def test_cell_borders_beat_table_borders_and_heavier_line_wins_a_conflict(tmp_path):
    heavy = '<w:tcBorders><w:bottom w:val="single" w:sz="24" w:color="000000"/></w:tcBorders>'
    light = '<w:tcBorders><w:top w:val="single" w:sz="2" w:color="000000"/></w:tcBorders>'
    body = tbl([tc("a", heavy) + tc("b") + tc("c"), tc("d", light) + tc("e") + tc("f")],
               '<w:tblBorders><w:insideH w:val="single" w:sz="4"/></w:tblBorders>')
    path = docx(tmp_path, body, styles=NORMAL)
    from officeeval.formats import open_document
    from officeeval.selectors import select
    from officeeval.word.table_borders import TableBorders
    doc = open_document(path)
    try:
        t = select(doc, "table[1]")[0]
        edges = {e.label: e for e in TableBorders(t).edges()}
        mid = edges["above row 2, column 1"]
        assert mid.border == B("single", 3.0, "000000") and mid.source == "direct"
        assert edges["above row 2, column 2"].border == B("single", 0.5, None)
        # each cell's own side, before the conflict is resolved
        lower = select(doc, "table[1]/cell(2,1)")[0]
        assert TableBorders(t).cell_side(lower, "top") == (B("single", 0.25, "000000"),
                                                           "direct")
    finally:
        doc.close()


def test_cell_border_property_when_bound(tmp_path):
    from officeeval.catalog import catalog
    pdef = catalog().get("cell.border.top")
    if pdef is None or "word" not in pdef.bindings:
        pytest.skip("cell.border.* is defined by the Excel catalog, not loaded here")
    light = '<w:tcBorders><w:top w:val="single" w:sz="2" w:color="000000"/></w:tcBorders>'
    body = tbl([tc("a") + tc("b") + tc("c"), tc("d", light) + tc("e") + tc("f")],
               '<w:tblBorders><w:insideH w:val="single" w:sz="4"/></w:tblBorders>')
    path = docx(tmp_path, body, styles=NORMAL)
    assert values(path, "table[1]/cell(2,1)", "cell.border.top") == [
        (B("single", 0.25, "000000"), "direct")]
    assert values(path, "table[1]/cell(2,2)", "cell.border.top") == [
        (B("single", 0.5, None), "direct")]


def test_merged_cells_hide_inner_lines(tmp_path):
    body = tbl([tc("A", '<w:gridSpan w:val="2"/>') + tc("C")], '<w:tblBorders><w:insideV '
               'w:val="single" w:sz="8"/></w:tblBorders>')
    path = docx(tmp_path, body, styles=NORMAL)
    from officeeval.formats import open_document
    from officeeval.selectors import select
    from officeeval.word.table_borders import TableBorders
    doc = open_document(path)
    try:
        inside = [e for e in TableBorders(select(doc, "table[1]")[0]).edges()
                  if e.position == "insideV"]
        assert [e.label for e in inside] == ["row 1, left of column 3"]
    finally:
        doc.close()


def test_rows_columns_and_header_repeat(tmp_path):
    rows = ['<w:trPr><w:tblHeader/><w:trHeight w:val="454" w:hRule="exact"/></w:trPr>'
            + tc("h1") + tc("h2") + tc("h3"),
            '<w:trPr><w:trHeight w:val="600"/></w:trPr>' + tc("a") + tc("b") + tc("c"),
            tc("d") + tc("e") + tc("f")]
    body = tbl(rows, '<w:jc w:val="center"/><w:tblW w:w="6000" w:type="dxa"/>')
    path = docx(tmp_path, body, styles=NORMAL)
    assert value(path, "table[1]", "table.header_repeat") is True
    assert value(path, "table[1]/row[2]", "table.header_repeat") is False
    assert value(path, "table[1]/row[1]", "row.height").pt == pytest.approx(22.7)
    assert value(path, "table[1]/row[1]", "row.height_rule") == "exact"
    assert value(path, "table[1]/row[2]", "row.height_rule") == "at_least"
    assert value(path, "table[1]/row[3]", "row.height_rule") == "auto"
    assert value(path, "table[1]/row[3]", "row.height") is None
    assert value(path, "table[1]/column[2]", "column.width").pt == pytest.approx(100.0)
    assert value(path, "table[1]", "table.alignment") == "center"
    assert value(path, "table[1]", "table.width").pt == pytest.approx(300.0)


def test_column_width_prefers_the_cells_widths(tmp_path):
    row = (tc("a", '<w:tcW w:w="1134" w:type="dxa"/>') + tc("b") + tc("c"))
    path = docx(tmp_path, tbl([row, row]), styles=NORMAL)
    assert value(path, "table[1]/column[1]", "column.width").pt == pytest.approx(56.7)
    assert values(path, "table[1]/column[2]", "column.width")[0][1] == "grid"


def test_container_formatting_over_every_cell(tmp_path):
    row = tc("粗", "") + tc("体", "")
    body = tbl([row], grid=2).replace("<w:r>", "<w:r><w:rPr><w:b/></w:rPr>", 1)
    path = docx(tmp_path, body, styles=NORMAL)
    got = values(path, "table[1]", "font.bold")[0]
    assert got[0] is None  # one bold cell, one not: mixed, judged per run
    assert values(path, "table[1]/cell(1,1)", "font.bold") == [(True, "direct")]


def test_hostile_table_markup_does_not_crash(tmp_path):
    body = ("<w:tbl><w:tr><w:tc><w:tcPr><w:gridSpan w:val=\"99999999\"/></w:tcPr>"
            + p("x") + "</w:tc></w:tr><w:tr><w:tc><w:tcPr><w:vMerge/></w:tcPr>" + p("y")
            + '</w:tc></w:tr><w:tr><w:trPr><w:gridBefore w:val="abc"/></w:trPr><w:tc>'
            + p("z") + "</w:tc></w:tr></w:tbl>")
    path = docx(tmp_path, body, styles=NORMAL)
    assert value(path, "table[1]", "table.rows") == 3
    assert value(path, "table[1]", "table.border.outer") == B("none")
    assert value(path, "table[1]/cell(3,1)", "cell.text") == "z"
