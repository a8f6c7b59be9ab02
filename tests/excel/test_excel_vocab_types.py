"""Excel vocabularies and value types, table-driven: every spelling a rubric author may use
maps to one token, and the Excel-only types compare what they should."""

from __future__ import annotations

import pytest

from officeeval import vocabulary
from officeeval.errors import ValueParseError
from officeeval.excel.widths import ColumnWidth
from officeeval.excel import value_types as DX
from officeeval.properties.types import CompareContext
from officeeval.values import Border

CTX = CompareContext()


@pytest.mark.parametrize("vocab,spelling,token", [
    ("chart_type", "柱形图", "column"), ("chart_type", "簇状柱形图", "column"),
    ("chart_type", "条形图", "bar"), ("chart_type", "XY散点图", "scatter"),
    ("chart_type", "饼图", "pie"), ("chart_type", "圆环图", "doughnut"),
    ("chart_grouping", "百分比堆积", "percentStacked"), ("chart_grouping", "簇状", "clustered"),
    ("legend_position", "底部", "bottom"), ("legend_position", "b", "bottom"),
    ("legend_position", "右上", "top_right"), ("legend_position", "无", "none"),
    ("cf_type", "数据条", "dataBar"), ("cf_type", "色阶", "colorScale"),
    ("cf_type", "图标集", "iconSet"), ("cf_type", "使用公式确定要设置格式的单元格", "expression"),
    ("cf_type", "重复值", "duplicateValues"), ("cf_type", "发生日期", "timePeriod"),
    ("cf_operator", "大于或等于", "greaterThanOrEqual"), ("cf_operator", ">=", "greaterThanOrEqual"),
    ("cf_operator", "介于", "between"), ("cf_operator", "低于平均值", "below"),
    ("cf_operator", "本月", "thisMonth"), ("cf_operator", "最近 7 天", "last7Days"),
    ("validation_type", "序列", "list"), ("validation_type", "整数", "whole"),
    ("validation_type", "文本长度", "textLength"), ("validation_type", "自定义", "custom"),
    ("excel_border_style", "细实线", "thin"), ("excel_border_style", "双线", "double"),
    ("excel_border_style", "single", "thin"), ("excel_border_style", "粗实线", "thick"),
    ("pivot_function", "求和", "sum"), ("pivot_function", "平均值", "average"),
    ("pivot_function", "计数", "count"), ("pivot_function", "最大值", "max"),
])
def test_spellings(vocab, spelling, token):
    assert vocabulary.get(vocab).canonical(spelling) == token


@pytest.mark.parametrize("vtype,actual,expected,equal", [
    (DX.FORMULA, "=SUM(B2:B31)", "= sum( b2:b31 )", True),
    (DX.FORMULA, "=SUM($B$2:$B$31)", "=SUM(B2:B31)", False),
    (DX.FORMULA, "{=SORT(A1:A9)}", "=_xlfn.SORT(A1:A9)", True),
    (DX.FORMULA, '=IF(A1="x",1,2)', '=IF(A1="X",1,2)', False),
    (DX.NUMBER_FORMAT, '"¥"#,##0.00', "\\¥#,##0.00", True),
    (DX.NUMBER_FORMAT, 'yyyy"年"m"月"d"日"', 'YYYY"年"M"月"D"日"', True),
    (DX.NUMBER_FORMAT, "General", "常规", True),
    (DX.NUMBER_FORMAT, "0.00", "0.0", False),
    (DX.REF, "'成绩'!$A$1:$F$31", "成绩!A1:F31", True),
    (DX.REF, "A1:F31", "A1:F30", False),
    (DX.FREEZE, "C3", "$C$3", True), (DX.FREEZE, "none", "无", True),
    (DX.ANCHOR, "E2:L18", "E2", True), (DX.ANCHOR, "E2:L18", "E2:M19", True),
    (DX.ANCHOR, "E2:L18", "E2:N18", False), (DX.ANCHOR, "F2:L18", "E2", False),
    (DX.TABLE_STYLE, "TableStyleMedium2", "表样式中等深浅 2", True),
    (DX.TABLE_STYLE, "TableStyleMedium2", "Medium 2", True),
    (DX.TABLE_STYLE, "TableStyleLight9", "TableStyleLight1", False),
])
def test_type_equality(vtype, actual, expected, equal):
    assert vtype.equals(actual, vtype.parse(expected), CTX) is equal


def test_column_width_matches_ui_or_stored():
    ui_12 = ColumnWidth(12.7109375, 12.0)       # saved by Excel, shown as 12
    raw_12 = ColumnWidth(12.0, 11.29)           # written by openpyxl as width=12
    for actual in (ui_12, raw_12):
        assert DX.COLUMN_WIDTH.equals(actual, DX.COLUMN_WIDTH.parse("12"), CTX)
    assert not DX.COLUMN_WIDTH.equals(ColumnWidth(15.0, 14.29), DX.COLUMN_WIDTH.parse("12"),
                                      CTX)
    assert DX.COLUMN_WIDTH.key(ui_12) == 12.0


def test_borders_and_pivot_values():
    b = DX.CELL_BORDER.parse("细实线 红色")
    assert b == Border("thin", None, "FF0000")
    assert DX.CELL_BORDER.equals(Border("thin", None, "FF0000"), b, CTX)
    assert not DX.CELL_BORDER.equals(Border("medium", None, "FF0000"), b, CTX)
    assert DX.CELL_BORDER.equals(Border("none"), DX.CELL_BORDER.parse("无"), CTX)
    with pytest.raises(ValueParseError):
        DX.CELL_BORDER.parse("wobbly")
    assert DX.PIVOT_VALUES.equals(["销售额:sum", "数量:count"],
                                  DX.PIVOT_VALUES.parse("数量:计数|销售额:求和"), CTX)
    assert DX.PIVOT_VALUES.items(["销售额:sum"]) == [DX.PIVOT_VALUES.item_key("销售额:求和")]
