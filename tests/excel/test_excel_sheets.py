"""Sheet, workbook, column and row properties, and the Excel selector steps, on inline XML."""

from __future__ import annotations

import pytest

from officeeval.errors import SelectorSyntaxError
from officeeval.formats import open_document
from officeeval.catalog import resolve
from officeeval.selectors import select, validate_selector
from officeeval.values import CellValue
from tests.excel.xlsx_builder import rows, xlsx

OFF = {"recalc": False}

SHEET1 = (
    '<sheetPr><tabColor rgb="FFFF0000"/><outlinePr summaryBelow="1"/><pageSetUpPr fitToPage="1"/>'
    '</sheetPr><dimension ref="A1:D6"/><sheetViews><sheetView workbookViewId="0">'
    '<pane xSplit="1" ySplit="2" topLeftCell="B3" activePane="bottomRight" state="frozen"/>'
    '</sheetView></sheetViews><sheetFormatPr defaultRowHeight="14.25"/>'
    '<cols><col min="1" max="1" width="12.7109375" customWidth="1"/>'
    '<col min="2" max="2" width="12" customWidth="1"/><col min="4" max="4" width="9" hidden="1"'
    ' outlineLevel="1"/></cols>'
    '<sheetData><row r="1" ht="24" customHeight="1"><c r="A1" t="inlineStr"><is><t>姓名</t></is>'
    '</c><c r="B1" t="inlineStr"><is><t>性别</t></is></c><c r="C1" t="inlineStr"><is><t>成绩'
    '</t></is></c></row>'
    '<row r="2" outlineLevel="1"><c r="A2" t="inlineStr"><is><t>甲</t></is></c><c r="B2" '
    't="inlineStr"><is><t>男</t></is></c><c r="C2"><v>90</v></c></row>'
    '<row r="3" outlineLevel="2" hidden="1"><c r="A3" t="inlineStr"><is><t>乙</t></is></c>'
    '<c r="C3"><v>75</v></c></row>'
    '<row r="4"><c r="C4"><f>SUM(C2:C3)</f><v>165</v></c></row></sheetData>'
    '<sheetProtection sheet="1" objects="1"/>'
    '<autoFilter ref="A1:C3"><filterColumn colId="1"><filters><filter val="男"/></filters>'
    '</filterColumn><filterColumn colId="2"><customFilters and="1"><customFilter '
    'operator="greaterThanOrEqual" val="60"/><customFilter operator="lessThan" val="95"/>'
    '</customFilters></filterColumn></autoFilter>'
    '<sortState ref="A2:C3"><sortCondition descending="1" ref="C2:C3"/><sortCondition ref="A2:A3"/>'
    '</sortState>'
    '<pageSetup paperSize="9" orientation="landscape" fitToWidth="1" fitToHeight="0"/>'
)


@pytest.fixture
def book(tmp_path):
    names = ('<definedName name="_xlnm.Print_Area" localSheetId="0">成绩!$A$1:$C$4</definedName>'
             '<definedName name="_xlnm.Print_Titles" localSheetId="0">成绩!$1:$1</definedName>'
             '<definedName name="税率">0.13</definedName>'
             '<definedName name="分数" localSheetId="1">\'Other Sheet\'!$A$1:$A$9</definedName>')
    path = xlsx(tmp_path, [("成绩", SHEET1), ("Other Sheet", rows('<c r="A1"><v>1</v></c>')),
                           ("隐藏", "<sheetData/>")],
                sheet_states={3: "hidden"}, defined_names=names)
    doc = open_document(path, options=OFF)
    yield doc
    doc.close()


def v(doc, sel, prop):
    targets = select(doc, sel)
    assert len(targets) == 1, (sel, targets)
    obs = resolve(prop, targets[0])
    return None if obs is None else obs.value


def test_workbook(book):
    assert v(book, "workbook", "workbook.sheet_names") == ["成绩", "Other Sheet", "隐藏"]
    assert v(book, "workbook", "workbook.sheet_count") == 3
    assert v(book, None, "workbook.date1904") is False


def test_sheet_settings(book):
    s = "sheet('成绩')"
    assert v(book, s, "sheet.name") == "成绩"
    assert v(book, "sheet[2]", "sheet.name") == "Other Sheet"
    assert v(book, "sheet('other sheet')", "sheet.index") == 2
    assert v(book, s, "sheet.tab_color") == "FF0000"
    assert v(book, "sheet[3]", "sheet.hidden") is True
    assert v(book, s, "sheet.hidden") is False
    assert v(book, s, "sheet.freeze") == "B3"
    assert v(book, "sheet[2]", "sheet.freeze") == "none"
    assert v(book, s, "sheet.autofilter") == "A1:C3"
    assert v(book, s, "sheet.autofilter.criteria") == ["B: 男", "C: >=60 and <95"]
    assert v(book, s, "sheet.sort") == ["C descending", "A ascending"]
    assert v(book, "sheet[2]", "sheet.sort") is None
    assert v(book, s, "sheet.outline") == 2
    assert v(book, s, "sheet.outline.rows") == 2
    assert v(book, s, "sheet.outline.columns") == 1
    assert v(book, s, "sheet.protected") is True
    assert v(book, s, "sheet.print.orientation") == "landscape"
    assert v(book, "sheet[2]", "sheet.print.orientation") == "portrait"
    assert v(book, s, "sheet.print.fit") == "1x0"
    assert v(book, s, "sheet.print.area") == "A1:C4"
    assert v(book, s, "sheet.print.titles") == "1:1"
    assert v(book, s, "sheet.print.paper") == "A4"
    assert v(book, s, "sheet.used_range") == "A1:C4"
    assert v(book, s, "sheet.values") == {"A1": "姓名", "B1": "性别", "C1": "成绩", "A2": "甲",
                                          "B2": "男", "C2": "90", "A3": "乙", "C3": "75",
                                          "C4": "=SUM(C2:C3)"}


def test_columns_and_rows(book):
    w = v(book, "sheet('成绩')/column('A')", "column.width")
    assert (w.ui, w.stored) == (12.0, 12.7109375)          # saved by Excel as UI width 12
    w = v(book, "sheet('成绩')/column('B')", "column.width")
    assert (w.ui, w.stored) == (11.29, 12.0)               # openpyxl-style width=12
    w = v(book, "sheet('成绩')/column(3)", "column.width")
    assert w.ui == 8.43                                     # default width
    assert v(book, "sheet('成绩')/column('D')", "column.hidden") is True
    assert v(book, "sheet('成绩')/column('A')", "column.hidden") is False
    assert v(book, "sheet('成绩')/row(1)", "row.height").pt == 24
    assert v(book, "sheet('成绩')/row(2)", "row.height").pt == 14.25    # sheet default
    assert v(book, "sheet('成绩')/row(3)", "row.hidden") is True
    assert v(book, "sheet('成绩')/row(3)", "row.outline_level") == 2
    assert len(select(book, "sheet('成绩')/row")) == 4
    assert len(select(book, "sheet('成绩')/column")) == 3


def test_names(book):
    assert v(book, "name('税率')", "name.refers_to") == "0.13"
    assert v(book, "name('税率')", "name.scope") == "workbook"
    assert v(book, "name('Other Sheet!分数')", "name.scope") == "Other Sheet"
    assert len(select(book, "name")) == 2                  # _xlnm names are not user names
    assert select(book, "name('nope')") == []


def test_ranges_select_every_cell_bounded_by_used_range(book):
    cells = select(book, "'成绩'!C:C")
    assert [t.locator for t in cells] == ["'成绩'!C1", "'成绩'!C2", "'成绩'!C3", "'成绩'!C4"]
    assert len(select(book, "'成绩'!2:2")) == 3
    assert len(select(book, "'成绩'!A1:D4")) == 16
    assert len(select(book, "sheet('成绩')/B2")) == 1
    assert select(book, "B2")[0].locator == "'成绩'!B2"     # bare: the first sheet
    assert select(book, "'没有'!A1") == []
    assert len(select(book, "sheet('成绩')/cell")) == 9     # cells with content
    assert [t.locator for t in select(book, "sheet('成绩')/cell[text='男']")] == ["'成绩'!B2"]
    assert v(book, "'成绩'!C4", "cell.value") == CellValue("number", 165)


def test_selector_validation():
    assert validate_selector("sheet('成绩')/column('C')", "excel") == ([], "column")
    assert validate_selector("'成绩'!B2:D9", "excel")[1] == "cell"
    assert validate_selector("'成绩'!B2/conditional_format", "excel")[1] == "conditional_format"
    issues, _ = validate_selector("sheet('x')/chartt", "excel")
    assert issues and "did you mean 'chart'" in issues[0][1]
    issues, _ = validate_selector("workbook/row(3)", "excel")
    assert issues and "cannot follow" in issues[0][1]
    issues, _ = validate_selector("'成绩'!", "excel")
    assert issues and issues[0][0] == 6                  # the column where the reference is missing
    with pytest.raises(SelectorSyntaxError):
        from officeeval.selectors import parse_selector
        parse_selector("'成绩'!B2:")
