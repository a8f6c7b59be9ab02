"""Number formats compare by what they show: two codes that show a set of probe values
(signs, zero, rounding, thousands, a share, a date) and a text the same, spacing aside, are
the same format to anyone looking at the sheet — ``¥#,##0.00`` is ``"¥"#,##0.00`` — while
codes that show any probe differently stay apart (0.00 is not 0.0; a date is not a
number). An expected code of one section says nothing of negatives: where their sign goes
(or brackets, or red) is the candidate's choice."""

from __future__ import annotations

import pytest

from officeeval.excel.value_types import NUMBER_FORMAT
from officeeval.properties.types import CompareContext


@pytest.mark.parametrize("a, b, same", [
    ('"¥"#,##0.00', '¥#,##0.00', True),
    ('"¥"#,##0.00', '\\¥#,##0.00', True),
    ('"¥"#,##0.00', '[$¥-804]#,##0.00', True),
    ("#,##0", "3", True),                      # the built-in id of the same code
    ("#,##0", "#,##0_ ", True),                # trailing padding shows as space
    ("#,##0", "#,##0;-#,##0", True),
    ('0"月"', '0"月";-0"月"', True),
    ("0.0%", "0.0%", True),
    ("General", "常规", True),
    ('"¥"#,##0.00', "#,##0.00", False),        # no currency sign
    ("0.00", "0.0", False),
    ("0.0%", "0.00%", False),
    ("#,##0;-#,##0", "#,##0_);(#,##0)", False),  # both say how negatives look, apart
    ("yyyy-mm-dd", "yyyy/m/d", False),
    ("yyyy-mm-dd", "0", False),                # a date is not a number
    ('0"月"', "General", False),
    ("@", "General", False),                   # the text format decides what is typed later
    ("@", "文本", True),
    ('yyyy"年"m"月"d"日";@', 'yyyy"年"m"月"d"日"', True),  # Excel's 中文 long date
    ('[$-804]yyyy年m月d日', 'yyyy"年"m"月"d"日"', True),    # LibreOffice's spelling
    ('yyyy"年"m"月"d"日"', "31", True),                   # the built-in id
    ('yyyy"年"mm"月"dd"日"', 'yyyy"年"m"月"d"日"', False),  # 2024年01月01日
    ('_ ¥* #,##0.00_ ;_ ¥* -#,##0.00_ ;_ ¥* "-"??_ ;_ @_ ', "¥#,##0.00", False),  # zero as -
])
def test_formats_that_show_alike_are_equal(a, b, same):
    ctx = CompareContext()
    assert NUMBER_FORMAT.equals(a, b, ctx) is same
    assert NUMBER_FORMAT.equals(b, a, ctx) is same


@pytest.mark.parametrize("actual, expected, same", [
    # Excel's own 货币 format (zh-CN) against a one-section code: negatives ¥-1.00 / -¥1.00
    ('"¥"#,##0.00;"¥"\\-#,##0.00', '"¥"#,##0.00', True),
    ("#,##0_);(#,##0)", "#,##0", True),        # brackets for negatives: nobody asked
    ("#,##0;[Red]#,##0", "#,##0", True),       # red, no sign: still told apart
    ("#,##0;#,##0", "#,##0", False),           # a negative shown as a positive
    ('"¥"#,##0.00;"¥"\\-#,##0.0', '"¥"#,##0.00', False),  # its negatives lose a decimal
    # an expected code that says how negatives look is held to it
    ("#,##0", "#,##0_);(#,##0)", False),
    ('"¥"#,##0.00', '"¥"#,##0.00;"¥"\\-#,##0.00', False),
])
def test_negatives_are_free_where_the_expected_code_says_nothing_of_them(actual, expected,
                                                                         same):
    assert NUMBER_FORMAT.equals(actual, expected, CompareContext()) is same


def test_hostile_long_codes_are_compared_by_their_codes_only():
    long_code = "0" * 5000
    assert NUMBER_FORMAT.equals(long_code, long_code, CompareContext())
    assert not NUMBER_FORMAT.equals(long_code, "0" * 4999 + ".0", CompareContext())
