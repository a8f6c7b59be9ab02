"""Built-in number formats (``numFmtId`` without a ``numFmt`` element), as Excel renders them
in a zh-CN installation: ids 0–22 and 37–49 are the locale-independent ones (14 and 22 shown
in the zh-CN short date order), 5–8 use the ¥ currency, and 27–36 / 50–58 are the Chinese
date and time formats (ECMA-376 Part 1, 18.8.30, zh-cn list).
"""

from __future__ import annotations

BUILTIN_FORMATS: dict[int, str] = {
    0: "General",
    1: "0",
    2: "0.00",
    3: "#,##0",
    4: "#,##0.00",
    5: '"¥"#,##0;"¥"\\-#,##0',
    6: '"¥"#,##0;[Red]"¥"\\-#,##0',
    7: '"¥"#,##0.00;"¥"\\-#,##0.00',
    8: '"¥"#,##0.00;[Red]"¥"\\-#,##0.00',
    9: "0%",
    10: "0.00%",
    11: "0.00E+00",
    12: "# ?/?",
    13: "# ??/??",
    14: "yyyy/m/d",
    15: "d-mmm-yy",
    16: "d-mmm",
    17: "mmm-yy",
    18: "h:mm AM/PM",
    19: "h:mm:ss AM/PM",
    20: "h:mm",
    21: "h:mm:ss",
    22: "yyyy/m/d h:mm",
    27: 'yyyy"年"m"月"',
    28: 'm"月"d"日"',
    29: 'm"月"d"日"',
    30: "m-d-yy",
    31: 'yyyy"年"m"月"d"日"',
    32: 'h"时"mm"分"',
    33: 'h"时"mm"分"ss"秒"',
    34: '上午/下午h"时"mm"分"',
    35: '上午/下午h"时"mm"分"ss"秒"',
    36: 'yyyy"年"m"月"',
    37: "#,##0 ;(#,##0)",
    38: "#,##0 ;[Red](#,##0)",
    39: "#,##0.00;(#,##0.00)",
    40: "#,##0.00;[Red](#,##0.00)",
    41: '_ * #,##0_ ;_ * \\-#,##0_ ;_ * "-"_ ;_ @_ ',
    42: '_ "¥"* #,##0_ ;_ "¥"* \\-#,##0_ ;_ "¥"* "-"_ ;_ @_ ',
    43: '_ * #,##0.00_ ;_ * \\-#,##0.00_ ;_ * "-"??_ ;_ @_ ',
    44: '_ "¥"* #,##0.00_ ;_ "¥"* \\-#,##0.00_ ;_ "¥"* "-"??_ ;_ @_ ',
    45: "mm:ss",
    46: "[h]:mm:ss",
    47: "mm:ss.0",
    48: "##0.0E+0",
    49: "@",
    50: 'yyyy"年"m"月"',
    51: 'm"月"d"日"',
    52: 'yyyy"年"m"月"',
    53: 'm"月"d"日"',
    54: 'm"月"d"日"',
    55: '上午/下午h"时"mm"分"',
    56: '上午/下午h"时"mm"分"ss"秒"',
    57: 'yyyy"年"m"月"',
    58: 'm"月"d"日"',
}

# What Excel's zh-CN Format Cells dialog calls a few formats; accepted as expected values of
# cell.number_format next to the codes themselves.
FORMAT_NAMES: dict[str, str] = {
    "常规": "General", "general": "General", "文本": "@", "text": "@",
    "数值": "0.00", "百分比": "0.00%", "科学记数": "0.00E+00", "科学计数": "0.00E+00",
    "短日期": "yyyy/m/d", "长日期": 'yyyy"年"m"月"d"日"',
}


def builtin_format(num_fmt_id: int | None) -> str | None:
    """The code of a built-in id; ``None`` for ids Excel does not define."""
    if num_fmt_id is None:
        return None
    return BUILTIN_FORMATS.get(num_fmt_id)
