"""Number formats rendered as Excel (zh-CN) displays them; date serials in both systems.
Expected strings are what Excel shows for these codes."""

from __future__ import annotations

import datetime as dt

import pytest

from officeeval.excel.dates import datetime_to_serial, serial_to_datetime
from officeeval.excel.numfmt import format_number, format_text, general, is_date_format
from officeeval.excel.numfmt_builtin import BUILTIN_FORMATS as B

CASES = [
    # numbers, separators, decimals
    (1234.567, "0.00", "1234.57"),
    (1234.567, "#,##0.00", "1,234.57"),
    (1234567.891, "#,##0", "1,234,568"),
    (2.5, "0", "3"),                  # half away from zero, as Excel rounds
    (-2.5, "0", "-3"),
    (0.5, "#.00", ".50"),
    (12, "000-00", "000-12"),
    (5, '0"分"', "5分"),
    (1234567, '#,##0,"千"', "1,235千"),
    (3.14159, "0.00_);(0.00)", "3.14 "),
    # sections, colors, conditions
    (-1234.5, "#,##0.00;[Red]-#,##0.00", "-1,234.50"),
    (-5, "0;(0)", "(5)"),
    (0, '#,##0;-#,##0;"-"', "-"),
    (-7, "0.0", "-7.0"),
    (95, '[>=90]"优";[>=60]"及格";"差"', "优"),
    (75, '[>=90]"优";[>=60]"及格";"差"', "及格"),
    (30, '[>=90]"优";[>=60]"及格";"差"', "差"),
    # percent, scientific, fractions
    (0.256, "0.0%", "25.6%"),
    (0.5, "0%", "50%"),
    (12345.678, "0.00E+00", "1.23E+04"),
    (0.000123, "0.00E+00", "1.23E-04"),
    (1.5, "# ?/?", "1 1/2"),
    (0.3333333, "?/?", "1/3"),
    # currency (built-ins as zh-CN Excel shows them) and locale tags
    (1234.5, B[7], "¥1,234.50"),
    (-1234.5, B[7], "¥-1,234.50"),
    (1234.5, '"¥"#,##0.00', "¥1,234.50"),
    (1234.5, "[$¥-804]#,##0.00", "¥1,234.50"),
    (1234.5, "[$$-409]#,##0.00", "$1,234.50"),
    # General
    (1 / 3, "General", "0.333333333"),
    (123456789012, "General", "1.23457E+11"),
    (86400.5, "General", "86400.5"),
    (-0.25, "General", "-0.25"),
    # dates and times (serial 45352 = 2024-03-01)
    (45352, B[14], "2024/3/1"),
    (45352, B[31], "2024年3月1日"),
    (45352, B[27], "2024年3月"),
    (45352, B[28], "3月1日"),
    (45352.75, B[22], "2024/3/1 18:00"),
    (45352.75, "yyyy-mm-dd hh:mm:ss", "2024-03-01 18:00:00"),
    (0.75, B[34], "下午6时00分"),
    (0.25, B[35], "上午6时00分00秒"),
    (0.5, "h:mm AM/PM", "12:00 PM"),
    (45352, "mmm d, yyyy", "Mar 1, 2024"),
    (45352, "dddd", "Friday"),
    (45352, "aaaa", "星期五"),
    (45352, "[$-804]mmmm", "三月"),
    (45352, "[$-804]ddd", "周五"),
    (1.25, "[h]:mm", "30:00"),
    (0.0000115741, "mm:ss.0", "00:01.0"),
    # Chinese numerals
    (123, "[DBNum1]General", "一百二十三"),
    (123, "[DBNum2]General", "壹佰贰拾叁"),
    (10, "[DBNum1]General", "十"),
    (1005, "[DBNum1]General", "一千零五"),
    (45352, '[DBNum1][$-804]yyyy"年"m"月"d"日"', "二〇二四年三月一日"),
]


@pytest.mark.parametrize("value,code,expected", CASES)
def test_format_number(value, code, expected):
    assert format_number(value, code) == expected


@pytest.mark.parametrize("code,is_date", [
    ("General", False), ("0.00", False), (B[14], True), (B[31], True), ('0"月"', False),
    ("h:mm", True), ("[h]:mm", True), ("@", False), ('yyyy"年"', True), ("#,##0;[Red]-#,##0", False),
])
def test_is_date_format(code, is_date):
    assert is_date_format(code) is is_date


def test_text_sections():
    assert format_text("abc", '@" kg"') == "abc kg"
    assert format_text("abc", '0;0;0;"<"@">"') == "<abc>"
    assert format_text("abc", "0.00") == "abc"


def test_odd_codes_never_raise():
    for code in ["", "[", '"', "\\", "[>=abc]0", "0;0;0;0;0", "E+", "0E+", "[DBNum9]0", "[h"]:
        format_number(12.5, code)
        format_text("x", code)


@pytest.mark.parametrize("serial,date1904,expected", [
    (45352, False, dt.datetime(2024, 3, 1)),
    (1, False, dt.datetime(1900, 1, 1)),
    (59, False, dt.datetime(1900, 2, 28)),
    (61, False, dt.datetime(1900, 3, 1)),
    (60, False, None),                      # Excel's fictitious 1900-02-29
    (0, True, dt.datetime(1904, 1, 1)),
    (43890, True, dt.datetime(2024, 3, 1)),
    (45352.5, False, dt.datetime(2024, 3, 1, 12)),
    (-1, False, None),
    (3e6, False, None),
])
def test_serials(serial, date1904, expected):
    assert serial_to_datetime(serial, date1904) == expected
    if expected is not None:
        assert datetime_to_serial(expected, date1904) == pytest.approx(serial)


def test_general_boundaries():
    assert general(0) == "0"
    assert general(1e-10) == "1E-10"
    assert general(99999999999) == "99999999999"


@pytest.mark.parametrize("value,code,shown", [
    (2343434343.0, "#,##0", "2,343,434,343"),
    (1e300, "0.00", "1" + "0" * 300 + ".00"),           # no Decimal overflow
    (-1e300, "General", "-1E+300"),
    (1.7976931348623157e308, "0.00E+00", "1.80E+308"),
    (2958465.5, "yyyy-mm-dd", "9999-12-31"),
    (2958466.0, "yyyy-mm-dd", "########"),              # past the last day Excel shows
    (1e300, "[h]:mm", "########"),
])
def test_numbers_beyond_a_billion_render(value, code, shown):
    assert format_number(value, code, False) == shown
