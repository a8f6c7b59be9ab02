"""Cell values, formulas and formatting read from small inline-XML workbooks."""

from __future__ import annotations

import datetime as dt

import pytest

from officeeval.errors import UnverifiableValue
from officeeval.formats import open_document
from officeeval.inspection import query
from officeeval.catalog import resolve
from officeeval.selectors import select
from officeeval.values import Border, CellValue
from tests.excel.xlsx_builder import rows, styles_xml, xlsx

OFF = {"recalc": False}


def one(doc, sel, prop):
    targets = select(doc, sel)
    assert len(targets) == 1, targets
    return resolve(prop, targets[0])


def val(doc, sel, prop="cell.value"):
    obs = one(doc, sel, prop)
    return None if obs is None else obs.value


@pytest.fixture
def typed(tmp_path):
    st = styles_xml(num_fmts='<numFmt numFmtId="176" formatCode="yyyy&quot;年&quot;m&quot;月&quot;d&quot;日&quot;"/>',
                    xfs='<xf numFmtId="14" fontId="0" fillId="0" borderId="0"/>'
                        '<xf numFmtId="176" fontId="0" fillId="0" borderId="0"/>'
                        '<xf numFmtId="4" fontId="0" fillId="0" borderId="0"/>'
                        '<xf numFmtId="10" fontId="0" fillId="0" borderId="0"/>')
    sheet = rows(
        '<c r="A1" t="s"><v>0</v></c><c r="B1" t="s"><v>1</v></c><c r="C1" t="inlineStr">'
        '<is><t>内联</t></is></c><c r="D1" t="b"><v>1</v></c><c r="E1" t="e"><v>#N/A</v></c>',
        '<c r="A2"><v>85.5</v></c><c r="B2" s="1"><v>45352</v></c><c r="C2" s="2"><v>45352</v>'
        '</c><c r="D2" s="3"><v>1234.5</v></c><c r="E2" s="4"><v>0.256</v></c>',
        '<c r="A3" t="s"><v>2</v></c><c r="B3" t="d"><v>2024-03-01T12:30:00</v></c>'
        '<c r="C3" t="s"><v>99</v></c><c r="D3"><v>abc</v></c>',
    )
    rich = ('<si><r><rPr><b/></rPr><t>富</t></r><r><t>文本</t></r>'
            '<rPh sb="0" eb="1"><t>フ</t></rPh></si>')
    path = xlsx(tmp_path, [("成绩", sheet)], styles=st, strings=["姓名", "85"],
                raw_strings=[rich])
    doc = open_document(path, options=OFF)
    yield doc
    doc.close()


def test_value_types(typed):
    assert val(typed, "'成绩'!A1") == CellValue("text", "姓名")
    assert val(typed, "'成绩'!B1") == CellValue("text", "85")       # a number stored as text
    assert val(typed, "'成绩'!C1") == CellValue("text", "内联")
    assert val(typed, "'成绩'!D1") == CellValue("bool", True)
    assert val(typed, "'成绩'!E1") == CellValue("error", "#N/A")
    assert val(typed, "'成绩'!A2") == CellValue("number", 85.5)
    assert val(typed, "'成绩'!B2") == CellValue("date", dt.datetime(2024, 3, 1))
    assert val(typed, "'成绩'!A3") == CellValue("text", "富文本")   # runs joined, phonetics out
    assert val(typed, "'成绩'!B3") == CellValue("date", dt.datetime(2024, 3, 1, 12, 30))
    assert val(typed, "'成绩'!C3") is None                          # index out of range
    assert val(typed, "'成绩'!D3") == CellValue("text", "abc")      # odd <v> on a number cell
    assert val(typed, "'成绩'!Z9") is None                          # no element: no value


def test_display(typed):
    assert val(typed, "'成绩'!B2", "cell.display") == "2024/3/1"
    assert val(typed, "'成绩'!C2", "cell.display") == "2024年3月1日"
    assert val(typed, "'成绩'!D2", "cell.display") == "1,234.50"
    assert val(typed, "'成绩'!E2", "cell.display") == "25.60%"
    assert val(typed, "'成绩'!D1", "cell.display") == "TRUE"
    assert val(typed, "'成绩'!B2", "cell.number_format") == "yyyy/m/d"
    assert val(typed, "'成绩'!A2", "cell.number_format") == "General"


def test_date1904(tmp_path):
    st = styles_xml(xfs='<xf numFmtId="14" fontId="0" fillId="0" borderId="0"/>')
    path = xlsx(tmp_path, [("S", rows('<c r="A1" s="1"><v>43890</v></c>'))], styles=st,
                workbook_pr='<workbookPr date1904="1"/>')
    with open_document(path, options=OFF).package:
        pass
    doc = open_document(path, options=OFF)
    assert val(doc, "'S'!A1") == CellValue("date", dt.datetime(2024, 3, 1))
    assert val(doc, "'S'!A1", "cell.display") == "2024/3/1"


def test_formulas_shared_array_and_cache(tmp_path):
    sheet = rows(
        '<c r="A1"><v>1</v></c><c r="B1"><f t="shared" ref="B1:B3" si="0">A1*2</f><v>2</v></c>'
        '<c r="C1"><f t="array" ref="C1:C3">_xlfn.SORT(A1:A3)</f><v>1</v></c>',
        '<c r="A2"><v>2</v></c><c r="B2"><f t="shared" si="0"/><v>4</v></c><c r="C2"><v>2</v></c>',
        '<c r="A3"><v>3</v></c><c r="B3"><f t="shared" si="0"/><v>6</v></c><c r="C3"><v>3</v></c>'
        '<c r="D3" t="str"><f>""</f><v/></c>',
    )
    doc = open_document(xlsx(tmp_path, [("S", sheet)]), options=OFF)
    assert val(doc, "'S'!B3", "cell.formula") == "=A3*2"
    assert one(doc, "'S'!B3", "cell.formula").source == "shared"
    assert val(doc, "'S'!B3") == CellValue("number", 6)
    assert one(doc, "'S'!B3", "cell.value").source == "cached"
    assert val(doc, "'S'!C2", "cell.formula") == "{=SORT(A1:A3)}"
    assert val(doc, "'S'!C2", "cell.has_formula") is True
    assert val(doc, "'S'!C2", "cell.functions") == ["SORT"]
    assert val(doc, "'S'!A2", "cell.has_formula") is False
    assert val(doc, "'S'!A2", "cell.functions") == []
    assert val(doc, "'S'!D3") == CellValue("text", "")           # a cached empty-string result
    assert doc.value_sources["cached"] >= 2


def test_dynamic_array_spill_shows_plain_formula(tmp_path):
    meta = ('<metadataTypes count="1"><metadataType name="XLDAPR" minSupportedVersion="120000"/>'
            '</metadataTypes><futureMetadata name="XLDAPR" count="1"><bk><extLst><ext uri="x">'
            '</ext></extLst></bk></futureMetadata><cellMetadata count="1"><bk><rc t="1" v="0"/>'
            '</bk></cellMetadata>')
    sheet = rows('<c r="A1"><v>3</v></c><c r="B1" cm="1"><f t="array" ref="B1:B2">'
                 '_xlfn._xlws.SORT(A1:A2)</f><v>1</v></c>',
                 '<c r="A2"><v>1</v></c><c r="B2"><v>3</v></c>')
    doc = open_document(xlsx(tmp_path, [("S", sheet)], metadata=meta), options=OFF)
    assert val(doc, "'S'!B1", "cell.formula") == "=SORT(A1:A2)"
    assert one(doc, "'S'!B2", "cell.formula").source == "spill:B1"
    assert val(doc, "'S'!B2") == CellValue("number", 3)


def test_uncached_formula_is_unverifiable_without_recalc(tmp_path):
    sheet = rows('<c r="A1"><v>1</v></c><c r="B1"><f>A1+1</f><v></v></c>')
    doc = open_document(xlsx(tmp_path, [("S", sheet)]), options=OFF)
    with pytest.raises(UnverifiableValue, match="formula not recalculated"):
        one(doc, "'S'!B1", "cell.value")
    assert val(doc, "'S'!B1", "cell.has_formula") is True
    assert doc.value_sources.get("unverifiable") == 1


def test_full_calc_on_load_distrusts_placeholder_cache(tmp_path):
    # xlsxwriter writes 0 for every formula and asks for a recalculation on load.
    sheet = rows('<c r="A1"><v>1</v></c><c r="B1"><f>A1+1</f><v>0</v></c>')
    doc = open_document(xlsx(tmp_path, [("S", sheet)], calc_pr='<calcPr fullCalcOnLoad="1"/>'),
                        options=OFF)
    with pytest.raises(UnverifiableValue):
        one(doc, "'S'!B1", "cell.value")


@pytest.fixture
def formatted(tmp_path):
    st = styles_xml(
        fonts='<font><b/><i/><u/><sz val="14"/><color theme="4" tint="0.3999755851924192"/>'
              '<name val="黑体"/></font><font><strike/><vertAlign val="superscript"/>'
              '<sz val="10.5"/><color rgb="FFFF0000"/><name val="宋体"/></font>'
              '<font><sz val="11"/><color indexed="10"/><name val="Arial"/></font>',
        fills='<fill><patternFill patternType="solid"><fgColor rgb="FFDDEBF7"/><bgColor indexed="64"/>'
              '</patternFill></fill><fill><patternFill patternType="solid"><fgColor theme="5" '
              'tint="-0.249977111117893"/></patternFill></fill>',
        borders='<border><left style="thin"><color auto="1"/></left><right style="medium">'
                '<color rgb="FF0070C0"/></right><top style="double"/><bottom/></border>',
        xfs='<xf numFmtId="0" fontId="1" fillId="2" borderId="1" applyAlignment="1">'
            '<alignment horizontal="center" vertical="center" wrapText="1"/></xf>'
            '<xf numFmtId="0" fontId="2" fillId="3" borderId="0"><alignment horizontal="centerContinuous" indent="2"/></xf>'
            '<xf numFmtId="0" fontId="3" fillId="0" borderId="0"><protection locked="0"/></xf>')
    sheet = ('<cols><col min="3" max="3" width="20" style="3" customWidth="1"/></cols>'
             + rows('<c r="A1" s="1" t="s"><v>0</v></c><c r="B1" s="2"><v>1</v></c>',
                    '<c r="A2"><v>1</v></c>')
             + '<mergeCells count="1"><mergeCell ref="A1:B1"/></mergeCells>')
    doc = open_document(xlsx(tmp_path, [("S", sheet)], styles=st, strings=["标题"]),
                        options=OFF)
    yield doc
    doc.close()


def test_fonts(formatted):
    assert val(formatted, "'S'!A1", "font.name") == "黑体"
    assert val(formatted, "'S'!A1", "font.east_asia") == "黑体"
    assert val(formatted, "'S'!A1", "font.size") == 14
    assert val(formatted, "'S'!A1", "font.bold") is True
    assert val(formatted, "'S'!A1", "font.italic") is True
    assert val(formatted, "'S'!A1", "font.underline") == "single"
    assert val(formatted, "'S'!A1", "font.color") == "8FAADC"   # accent1 4472C4, tint +0.4
    assert val(formatted, "'S'!B1", "font.strike") is True
    assert val(formatted, "'S'!B1", "font.superscript") is True
    assert val(formatted, "'S'!B1", "font.size") == 10.5
    assert val(formatted, "'S'!B1", "font.color") == "FF0000"
    assert val(formatted, "'S'!C5", "font.color") == "FF0000"    # indexed 10, via column style
    assert val(formatted, "'S'!A2", "font.name") == "Calibri"
    assert one(formatted, "'S'!A2", "font.name").source == "style:Normal"


def test_fill_border_alignment(formatted):
    assert val(formatted, "'S'!A1", "cell.fill.color") == "DDEBF7"
    assert val(formatted, "'S'!B1", "cell.fill.color") == "C55A11"   # accent2 darker 25%
    assert val(formatted, "'S'!A2", "cell.fill.color") == "none"
    assert val(formatted, "'S'!A1", "cell.border.left") == Border("thin", None, "auto")
    assert val(formatted, "'S'!A1", "cell.border.right") == Border("medium", None, "0070C0")
    assert val(formatted, "'S'!A1", "cell.border.top").style == "double"
    assert val(formatted, "'S'!A1", "cell.border.bottom") == Border("none")
    assert val(formatted, "'S'!A1", "cell.alignment.horizontal") == "center"
    assert val(formatted, "'S'!A1", "cell.alignment.vertical") == "center"
    assert val(formatted, "'S'!A1", "cell.wrap") is True
    assert val(formatted, "'S'!B1", "cell.alignment.horizontal") == "centerContinuous"
    assert val(formatted, "'S'!B1", "cell.indent") == 2
    assert val(formatted, "'S'!A2", "cell.alignment.horizontal") == "general"
    assert val(formatted, "'S'!A2", "cell.alignment.vertical") == "bottom"
    assert val(formatted, "'S'!C3", "cell.locked") is False
    assert val(formatted, "'S'!A2", "cell.locked") is True


def test_formatting_is_resolved_once_per_style_index(formatted):
    # A2 (no s) and B2 (no cell) both have style 0; C2 takes its column's style 3; A1 has 1.
    a2, b2 = one(formatted, "'S'!A2", "cell.border.left"), one(formatted, "'S'!B2",
                                                               "cell.border.left")
    assert a2 is b2 and a2.value == Border("none") and a2.source == "default"
    assert one(formatted, "'S'!A1", "cell.border.left").value == Border("thin", None, "auto")
    assert val(formatted, "'S'!C2", "font.color") == "FF0000"
    assert val(formatted, "'S'!A2", "font.color") != "FF0000"
    rows_ = query(formatted, "'S'!A1:C2", "cell.fill.color")
    assert [r["value"] for r in rows_] == ["DDEBF7", "C55A11", "none", "none", "none", "none"]


def test_merges(formatted):
    assert val(formatted, "'S'!B1", "cell.merged") is True
    assert val(formatted, "'S'!A2", "cell.merged") is False
    assert val(formatted, "'S'!B1", "cell.merge_range") == "A1:B1"
    assert val(formatted, "'S'!A1", "cell.span") == "1x2"
    assert val(formatted, "'S'!A2", "cell.merge_range") is None


def test_query_rows_report_sources(formatted):
    rows_ = query(formatted, "'S'!A1:B1", "font.name")
    assert [r["value"] for r in rows_] == ["黑体", "宋体"]
    assert all(r["source"] == "direct" for r in rows_)


def test_hostile_attribute_values(tmp_path):
    st = styles_xml(fonts='<font><sz val="huge"/><color theme="99"/><name/></font>',
                    xfs='<xf numFmtId="x" fontId="1" fillId="77" borderId="-3"/>')
    sheet = rows('<c r="A1" s="1" t="zz"><v>1e999</v></c><c r="B1" s="999"><v>2</v></c>'
                 '<c r="XFE1"><v>3</v></c><c><v>4</v></c>')
    doc = open_document(xlsx(tmp_path, [("S", sheet)], styles=st), options=OFF)
    for prop in ("cell.value", "cell.display", "font.size", "font.color", "cell.fill.color",
                 "cell.border.top", "cell.number_format", "font.name"):
        for ref in ("A1", "B1", "C1"):
            one(doc, f"'S'!{ref}", prop)     # no exception is the point; values may be absent
    assert val(doc, "'S'!B1") == CellValue("number", 2)
    # An unreadable r is taken by position (C1); a cell without r follows it (D1).
    assert val(doc, "'S'!C1") == CellValue("number", 3)
    assert val(doc, "'S'!D1") == CellValue("number", 4)


def test_numbers_above_a_billion_are_numbers(tmp_path):
    # units.to_float bounds attribute values at 1e9; stored values have no such bound.
    st = styles_xml(xfs='<xf numFmtId="3" fontId="0" fillId="0" borderId="0"/>')
    sheet = rows('<c r="A1" s="1"><v>2343434343</v></c><c r="B1"><v>2.343434343E9</v></c>'
                 '<c r="C1"><f>A1*4.267</f><v>9999999999</v></c><c r="D1"><v>-1.5E+300</v></c>'
                 '<c r="E1"><v>1e999</v></c>')
    doc = open_document(xlsx(tmp_path, [("S", sheet)], styles=st), options=OFF)
    assert val(doc, "'S'!A1") == CellValue("number", 2343434343.0)
    assert val(doc, "'S'!B1") == CellValue("number", 2343434343.0)
    assert val(doc, "'S'!C1") == CellValue("number", 9999999999.0)
    assert one(doc, "'S'!C1", "cell.value").source == "cached"
    assert val(doc, "'S'!D1") == CellValue("number", -1.5e300)
    assert val(doc, "'S'!E1") == CellValue("text", "1e999")        # infinite: not a number
    assert val(doc, "'S'!A1", "cell.display") == "2,343,434,343"
