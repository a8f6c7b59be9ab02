"""``cf.cells``: which cells a conditional-format rule formats, judged per cell from the
cells' values, so that rules written differently but formatting the same cells compare
equal; on inline XML (every rule kind evaluated, Excel's comparison rules, what is not
evaluated) and on rules written by openpyxl."""

from __future__ import annotations

import pytest

from officeeval.catalog import catalog, resolve
from officeeval.errors import UnverifiableValue
from officeeval.formats import open_document
from officeeval.properties.types import CompareContext
from officeeval.selectors import select
from tests.excel.xlsx_builder import rows, styles_xml, xlsx

OFF = {"recalc": False}

# B2:B8 = 95, 60, (blank), 优, 59.5, #N/A, 95 ; C2 = 60 (a threshold cell)
DATA = rows('<c r="B1" t="inlineStr"><is><t>分数</t></is></c><c r="C1" t="inlineStr"><is>'
            '<t>线</t></is></c>',
            '<c r="B2"><v>95</v></c><c r="C2"><v>60</v></c>',
            '<c r="B3"><v>60</v></c>',
            '<c r="B4" t="inlineStr"><is><t> </t></is></c>',
            '<c r="B5" t="inlineStr"><is><t>优</t></is></c>',
            '<c r="B6"><v>59.5</v></c>',
            '<c r="B7" t="e"><v>#N/A</v></c>',
            '<c r="B8"><v>95</v></c>')
RANGE = "B2:B8"


def rule(body: str, sqref: str = RANGE) -> str:
    return f'<conditionalFormatting sqref="{sqref}">{body}</conditionalFormatting>'


CASES = [
    # (rule XML, the cells it formats)
    ('<cfRule type="cellIs" dxfId="0" priority="1" operator="greaterThan"><formula>90'
     '</formula></cfRule>', ["B2", "B4", "B5", "B8"]),  # a text is greater than any number
    ('<cfRule type="cellIs" dxfId="0" priority="1" operator="lessThan"><formula>60</formula>'
     '</cfRule>', ["B6"]),  # " " is text, not blank; the error is never formatted
    ('<cfRule type="cellIs" dxfId="0" priority="1" operator="between"><formula>60</formula>'
     '<formula>59</formula></cfRule>', ["B3", "B6"]),  # limits in either order
    ('<cfRule type="cellIs" dxfId="0" priority="1" operator="notBetween"><formula>0</formula>'
     '<formula>90</formula></cfRule>', ["B2", "B4", "B5", "B8"]),
    ('<cfRule type="cellIs" dxfId="0" priority="1" operator="equal"><formula>"优"</formula>'
     '</cfRule>', ["B5"]),
    ('<cfRule type="cellIs" dxfId="0" priority="1" operator="greaterThanOrEqual"><formula>'
     '$C$2</formula></cfRule>', ["B2", "B3", "B4", "B5", "B8"]),
    ('<cfRule type="expression" dxfId="0" priority="1"><formula>$B2&gt;90</formula></cfRule>',
     ["B2", "B4", "B5", "B8"]),
    ('<cfRule type="expression" dxfId="0" priority="1"><formula>AND(B2&gt;=59,B2&lt;90)'
     '</formula></cfRule>', ["B3", "B6"]),
    ('<cfRule type="expression" dxfId="0" priority="1"><formula>OR(B2=95,NOT(B2&lt;&gt;"优"))'
     '</formula></cfRule>', ["B2", "B5", "B8"]),
    ('<cfRule type="top10" dxfId="0" priority="1" rank="1"/>', ["B2", "B8"]),  # ties count
    ('<cfRule type="top10" dxfId="0" priority="1" rank="2" bottom="1"/>', ["B3", "B6"]),
    ('<cfRule type="top10" dxfId="0" priority="1" rank="50" percent="1"/>', ["B2", "B8"]),
    ('<cfRule type="aboveAverage" dxfId="0" priority="1"/>', ["B2", "B8"]),
    ('<cfRule type="aboveAverage" dxfId="0" priority="1" aboveAverage="0"/>', ["B3", "B6"]),
    ('<cfRule type="duplicateValues" dxfId="0" priority="1"/>', ["B2", "B8"]),
    ('<cfRule type="uniqueValues" dxfId="0" priority="1"/>', ["B3", "B4", "B5", "B6"]),
    ('<cfRule type="containsText" dxfId="0" priority="1" operator="containsText" text="9">'
     '<formula>NOT(ISERROR(SEARCH("9",B2)))</formula></cfRule>', ["B2", "B6", "B8"]),
    ('<cfRule type="notContainsText" dxfId="0" priority="1" operator="notContains" text="9">'
     '<formula>ISERROR(SEARCH("9",B2))</formula></cfRule>', ["B3", "B4", "B5", "B7"]),
    ('<cfRule type="beginsWith" dxfId="0" priority="1" operator="beginsWith" text="5">'
     '<formula>LEFT(B2,1)="5"</formula></cfRule>', ["B6"]),
    ('<cfRule type="endsWith" dxfId="0" priority="1" operator="endsWith" text="5">'
     '<formula>RIGHT(B2,1)="5"</formula></cfRule>', ["B2", "B6", "B8"]),
    ('<cfRule type="containsBlanks" dxfId="0" priority="1"><formula>LEN(TRIM(B2))=0</formula>'
     '</cfRule>', ["B4"]),
    ('<cfRule type="notContainsErrors" dxfId="0" priority="1"><formula>NOT(ISERROR(B2))'
     '</formula></cfRule>', ["B2", "B3", "B4", "B5", "B6", "B8"]),
    ('<cfRule type="containsErrors" dxfId="0" priority="1"><formula>ISERROR(B2)</formula>'
     '</cfRule>', ["B7"]),
    # Expressions with arithmetic and pure functions.
    ('<cfRule type="expression" dxfId="0" priority="1"><formula>MOD(ROW(),2)=0</formula>'
     '</cfRule>', ["B2", "B4", "B6", "B8"]),
    ('<cfRule type="expression" dxfId="0" priority="1"><formula>AND(ISNUMBER($B2),$B2&gt;'
     'AVERAGE($B$2:$B$8))</formula></cfRule>', []),  # the #N/A makes AVERAGE an error
    ('<cfRule type="expression" dxfId="0" priority="1"><formula>IF(ISNUMBER(B2),B2&gt;='
     '$C$2*1.5,FALSE)</formula></cfRule>', ["B2", "B8"]),
    ('<cfRule type="expression" dxfId="0" priority="1"><formula>LEN(TRIM(B2)&amp;"")=0'
     '</formula></cfRule>', ["B4"]),
    ('<cfRule type="cellIs" dxfId="0" priority="1" operator="lessThan"><formula>$C$2-0.4'
     '</formula></cfRule>', ["B6"]),
    ('<cfRule type="expression" dxfId="0" priority="1"><formula>ROUND(B2,0)=60</formula>'
     '</cfRule>', ["B3", "B6"]),
    # Colour scales, data bars and icon sets give every number a colour, bar or icon.
    ('<cfRule type="colorScale" priority="1"><colorScale><cfvo type="min"/><cfvo type="max"/>'
     '<color rgb="FFF8696B"/><color rgb="FF63BE7B"/></colorScale></cfRule>',
     ["B2", "B3", "B6", "B8"]),
]


def _book(tmp_path, rules: str):
    st = styles_xml(dxfs='<dxf><fill><patternFill><bgColor rgb="FFFFC7CE"/></patternFill>'
                         '</fill></dxf>')
    return open_document(xlsx(tmp_path, [("成绩", DATA + rules)], styles=st), options=OFF)


@pytest.mark.parametrize("xml,cells", CASES, ids=[f"rule{i}" for i in range(len(CASES))])
def test_each_rule_kind_formats_the_cells_excel_formats(tmp_path, xml, cells):
    doc = _book(tmp_path, rule(xml))
    try:
        obs = resolve("cf.cells", select(doc, "conditional_format")[0])
    finally:
        doc.close()
    assert obs.value == cells and obs.source == "computed"


def test_blank_cells_compare_as_zero_and_relative_references_shift(tmp_path):
    data = rows('<c r="A1"><v>5</v></c><c r="B1"><v>1</v></c>', '<c r="B2"><v>9</v></c>')
    cf = rule('<cfRule type="cellIs" dxfId="0" priority="1" operator="lessThan"><formula>'
              'B1</formula></cfRule>', "A1:A2")
    doc = open_document(xlsx(tmp_path, [("表", data + cf)]), options=OFF)
    try:
        # A1=5 < B1=1 no; A2 (blank = 0) < B2=9 yes.
        assert resolve("cf.cells", select(doc, "conditional_format")[0]).value == ["A2"]
    finally:
        doc.close()


def test_rules_written_differently_compare_equal_and_ranges_expand(tmp_path):
    rules = rule(CASES[0][0]) + rule(CASES[6][0]) + rule(
        '<cfRule type="cellIs" dxfId="0" priority="1" operator="greaterThan"><formula>59'
        '</formula></cfRule>')
    doc = _book(tmp_path, rules)
    try:
        got = [resolve("cf.cells", t).value for t in select(doc, "conditional_format")]
    finally:
        doc.close()
    vtype = catalog().get("cf.cells").type_for("excel")
    ctx = CompareContext()
    assert vtype.equals(got[0], got[1], ctx)
    assert not vtype.equals(got[0], got[2], ctx)
    assert vtype.equals(got[0], vtype.parse("B8|B2|B4:B5"), ctx)
    assert vtype.equals(["B2", "B3", "B4"], vtype.parse("B2:B4"), ctx)
    assert vtype.equals(["B3", "B2"], vtype.parse("$B$2:$B$3"), ctx)
    assert not vtype.equals(["B2"], vtype.parse("B2:B3"), ctx)


@pytest.mark.parametrize("xml,why", [
    ('<cfRule type="timePeriod" dxfId="0" priority="1" timePeriod="today"><formula>'
     'FLOOR(B2,1)=TODAY()</formula></cfRule>', "timePeriod"),
    ('<cfRule type="expression" dxfId="0" priority="1"><formula>B2=TODAY()</formula>'
     '</cfRule>', "TODAY"),
    ('<cfRule type="expression" dxfId="0" priority="1"><formula>B2&gt;参数!A1</formula>'
     '</cfRule>', "another sheet"),
    ('<cfRule type="aboveAverage" dxfId="0" priority="1" stdDev="1"/>', "standard deviation"),
    ('<cfRule type="cellIs" dxfId="0" priority="1" operator="greaterThan"><formula>B2:B3'
     '</formula></cfRule>', "a range outside a function"),
])
def test_rules_not_evaluated_are_the_evaluators_problem(tmp_path, xml, why):
    doc = _book(tmp_path, rule(xml))
    try:
        with pytest.raises(UnverifiableValue, match=why):
            resolve("cf.cells", select(doc, "conditional_format")[0])
    finally:
        doc.close()


def test_rules_written_by_openpyxl(tmp_path):
    from openpyxl import Workbook
    from openpyxl.formatting.rule import CellIsRule, FormulaRule, Rule
    from openpyxl.styles import PatternFill
    from openpyxl.styles.differential import DifferentialStyle
    wb = Workbook()
    ws = wb.active
    ws.title = "成绩"
    for i, v in enumerate((88, 45, 92, 60, 71), start=2):
        ws[f"C{i}"] = v
    red = PatternFill(start_color="FFC7CE", end_color="FFC7CE", fill_type="solid")
    ws.conditional_formatting.add("C2:C6", CellIsRule(operator="lessThan", formula=["60"],
                                                      fill=red))
    ws.conditional_formatting.add("C2:C6", FormulaRule(formula=["$C2<60"], fill=red))
    ws.conditional_formatting.add("C2:C6", Rule(type="top10", rank=2,
                                                dxf=DifferentialStyle(fill=red)))
    path = tmp_path / "cf.xlsx"
    wb.save(path)
    doc = open_document(path, options=OFF)
    try:
        got = [resolve("cf.cells", t).value for t in select(doc, "conditional_format")]
    finally:
        doc.close()
    assert got == [["C3"], ["C3"], ["C2", "C4"]]
