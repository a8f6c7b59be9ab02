"""The value types only Excel needs: formulas, number formats, references, frozen panes,
chart anchors, column widths, cell border styles, pivot value fields and table style names.
Excel's property definitions use them (``resolve_cells``, ``resolve_sheets``,
``resolve_objects``)."""

from __future__ import annotations

import functools
import re
from typing import Any

from officeeval import vocabulary
from officeeval.errors import ValueParseError
from officeeval.excel import formulas
from officeeval.excel.numfmt_builtin import BUILTIN_FORMATS, FORMAT_NAMES
from officeeval.excel.refs import canonical_ref, parse_area
from officeeval.excel.widths import ColumnWidth
from officeeval.properties import types as T
from officeeval.values import Border


class FormulaType(T.TextType):
    """Formulas compare without the leading ``=``, ``_xlfn.`` prefixes, array braces and
    spaces outside strings, case-insensitively outside strings; ``$`` is significant."""

    name = "formula"
    description = "a formula: =SUM(B2:B31) (spaces, case and _xlfn. prefixes ignored)"

    @staticmethod
    def canonical(value: Any) -> str:
        text = str(value).strip()
        if text.startswith("{") and text.endswith("}"):
            text = text[1:-1]
        return formulas.normalize(text)

    def equals(self, actual: Any, expected: Any, ctx: T.CompareContext) -> bool:
        if actual is None or expected is None:
            return False
        return self.canonical(actual) == self.canonical(expected)


def _fmt_key(code: str) -> str:
    """Comparison form of a number format: names mapped to codes, ``\\x`` and ``"x"``
    literals unified, case folded outside literals."""
    # A range check compares every cell's format with the same expected code: memoized for
    # codes of ordinary length (a hostile megabyte-long code is computed, not kept).
    return _fmt_key_cached(code) if len(code) <= 256 else _fmt_key_uncached(code)


@functools.lru_cache(maxsize=4096)
def _fmt_key_cached(code: str) -> str:
    return _fmt_key_uncached(code)


def _code_of(code: str) -> str:
    """The format code a name (常规, 百分比) or a built-in format id stands for."""
    c = code.strip()
    c = FORMAT_NAMES.get(c.lower(), FORMAT_NAMES.get(c, c))
    if c.isdigit() and len(c) <= 3 and int(c) in BUILTIN_FORMATS:
        c = BUILTIN_FORMATS[int(c)]
    return c


def _fmt_key_uncached(code: str) -> str:
    c = _code_of(code)
    out, i = [], 0
    while i < len(c):
        ch = c[i]
        if ch == "\\" and i + 1 < len(c):
            out.append('"' + c[i + 1] + '"')
            i += 2
        elif ch == '"':
            j = c.find('"', i + 1)
            j = len(c) if j < 0 else j
            out.extend('"' + x + '"' for x in c[i + 1:j])
            i = j + 1
        else:
            out.append(ch.lower())
            i += 1
    return "".join(out).replace('""', "")


# Values a number format is tried on to tell whether two codes show numbers alike: signs,
# zero, fractions that round, thousands, millions, a small share, and a date serial.
_PROBES = (0.0, 1.0, -1.0, 0.5, 12.345, 1234.5678, -1234.5678, 1234567.891, 0.0123,
           45292.75)
_TEXT_PROBE = "文字 abc"
_WS = re.compile(r"\s+")


_SIGNS = re.compile(r"[\s\-−()]")


def _is_text_format(code: str) -> bool:
    """Whether a code is the text format: its first section holds ``@`` and no digit or
    date part (``@``, ``文本``). A number or date code with a text section after it
    (``yyyy"年"m"月"d"日";@``, what Excel's 中文 long date writes) is not."""
    from officeeval.excel.numfmt import parse
    sections = parse(code)
    return bool(sections) and sections[0].is_text and not sections[0].has_digits \
        and not sections[0].is_date


def _says_negatives(code: str) -> bool:
    """Whether a code says how negatives look: a second numeric section or a condition."""
    from officeeval.excel.numfmt import parse
    numeric = [x for x in parse(code) if not (x.is_text and not x.has_digits
                                               and not x.is_date)]
    return len(numeric) >= 2 or any(x.condition for x in numeric)


def _marks_negative(shown: str, code: str, v: float) -> bool:
    """Whether a negative number's display tells it from the positive one: a sign, brackets,
    or a colour its section gives (``[Red]``, ``[红色]``)."""
    from officeeval.excel.numfmt import choose_section, parse
    return any(c in shown for c in "-−(") or choose_section(parse(code), v)[0].color is not None


@functools.lru_cache(maxsize=4096)
def _shows_alike(actual: str, expected: str) -> bool:
    """Whether a format code shows every probe value (and a text) as the expected code
    does, spacing aside: ``¥#,##0.00``, ``"¥"#,##0.00``, ``[$¥-804]#,##0.00`` and the
    accounting format all show ¥1,234.57. An expected code that says nothing of negatives
    (one section) leaves their sign's place and brackets to the candidate: Excel's own
    货币 format ``"¥"#,##0.00;"¥"\\-#,##0.00`` shows ¥-1.00 where ``"¥"#,##0.00`` shows
    -¥1.00, and both are the currency format a step asks for; digits, decimals, grouping
    and symbol must still agree."""
    from officeeval.excel.numfmt import format_number, format_text, is_date_format
    ca, cb = _code_of(actual), _code_of(expected)
    # A date format is not a number format, and the text format (@) is not General, even
    # where they show a value alike: they decide what a cell typed later holds.
    if is_date_format(ca) != is_date_format(cb) or _is_text_format(ca) != _is_text_format(cb):
        return False
    free_sign = not _says_negatives(cb)
    try:
        for v in _PROBES:
            a, b = format_number(v, ca), format_number(v, cb)
            if _WS.sub("", a) == _WS.sub("", b):
                continue
            if not (free_sign and v < 0 and _SIGNS.sub("", a) == _SIGNS.sub("", b)
                    and _marks_negative(a, ca, v)):
                return False
        return _WS.sub("", format_text(_TEXT_PROBE, ca)) == \
            _WS.sub("", format_text(_TEXT_PROBE, cb))
    except (ValueError, ArithmeticError, IndexError):  # a code our renderer cannot read
        return False


class NumberFormatType(T.TextType):
    """Number formats compare by their codes (names and built-in ids mapped to codes,
    ``\\x`` and ``"x"`` literals unified, case folded outside literals), and, failing
    that, by what they show: two codes that show a set of probe values (signs, zero,
    rounding, thousands, a share, a date) and a text the same, spacing aside, are the same
    format to anyone looking at the sheet."""

    name = "number_format"
    description = ('a number format code: 0.00, #,##0, 0.0%, yyyy"年"m"月"d"日", @ '
                   "(常规/文本/百分比 accepted; codes that show numbers alike are equal)")

    def equals(self, actual: Any, expected: Any, ctx: T.CompareContext) -> bool:
        if actual is None or expected is None:
            return False
        a, e = str(actual), str(expected)
        if _fmt_key(a) == _fmt_key(e):
            return True
        return len(a) <= 256 and len(e) <= 256 and _shows_alike(a, e)


class RefType(T.TextType):
    """References compare in canonical form: ``'成绩'!$A$1:$F$31`` = ``成绩!A1:F31``."""

    name = "reference"
    description = "a reference: A1:F31, '成绩'!$B$2:$B$31, C:C (quotes and $ ignored)"

    def equals(self, actual: Any, expected: Any, ctx: T.CompareContext) -> bool:
        if actual is None or expected is None:
            return False
        return canonical_ref(str(actual)).casefold() == canonical_ref(str(expected)).casefold()


class RefListType(T.ListType):
    def _k(self, item: Any) -> str:
        return canonical_ref(str(item)).casefold()


class CellSetType(T.ListType):
    """A set of cells: ranges in the expected value are expanded (``B2:B4|D7`` = ``B2|B3|B4|
    D7``), so two lists naming the same cells are equal whatever their spelling."""

    MAX = 100_000

    def _cells(self, items: Any) -> set[str] | None:
        if not isinstance(items, (list, tuple)):
            return None
        out: set[str] = set()
        for item in items:
            area = parse_area(str(item).replace("$", "").strip())
            if area is None or area.kind not in ("cell", "range"):
                out.add(str(item).strip().upper())
                continue
            if area.rows * area.cols > self.MAX - len(out):
                return None
            out.update(f"{r},{c}" for r in range(area.r1, area.r2 + 1)
                       for c in range(area.c1, area.c2 + 1))
        return out

    def equals(self, actual: Any, expected: Any, ctx: T.CompareContext) -> bool:
        a, e = self._cells(actual), self._cells(expected)
        return a is not None and a == e

    def _k(self, item: Any) -> str:
        area = parse_area(str(item).replace("$", "").strip())
        return f"{area.r1},{area.c1}" if area is not None and area.kind == "cell" else \
            str(item).strip().upper()


class PipeListType(T.ListType):
    """A list whose items may hold commas: items are separated by ``|`` only."""

    def parse(self, literal: str) -> list[str]:
        return [p.strip() for p in literal.split("|") if p.strip()]


class FreezeType(T.TextType):
    name = "freeze"
    description = "the top-left cell of the scrolling pane (C3), or none"

    def equals(self, actual: Any, expected: Any, ctx: T.CompareContext) -> bool:
        if actual is None or expected is None:
            return False
        norm = lambda v: ("none" if str(v).strip().lower() in ("none", "无", "不冻结", "")
                          else str(v).replace("$", "").strip().upper())
        return norm(actual) == norm(expected)


class AnchorType(T.TextType):
    """Chart placement: an expected single cell (``E2``) checks the top-left corner; an
    expected range (``E2:L18``) checks the top-left exactly and the bottom-right within one
    row and one column (charts are dragged, not typed)."""

    name = "anchor"
    description = "a chart position: E2 (top-left) or E2:L18 (bottom-right within one cell)"

    def equals(self, actual: Any, expected: Any, ctx: T.CompareContext) -> bool:
        a, e = parse_area(str(actual or "")), parse_area(str(expected or ""))
        if a is None or e is None:
            return False
        if (a.r1, a.c1) != (e.r1, e.c1):
            return False
        if e.kind == "cell":
            return True
        return abs(a.r2 - e.r2) <= 1 and abs(a.c2 - e.c2) <= 1

    def within(self, actual: Any, expected: Any) -> bool:
        """``op="within"``: the chart lies inside the expected area ("放置在 L2:S18 区域内"):
        its top-left cell inside it, its bottom-right at most one row and column past its
        end (a corner dragged onto the next cell's edge)."""
        a, e = parse_area(str(actual or "")), parse_area(str(expected or ""))
        if a is None or e is None or e.kind == "cell":
            return False
        return (e.r1 <= a.r1 <= e.r2 and e.c1 <= a.c1 <= e.c2
                and a.r2 <= e.r2 + 1 and a.c2 <= e.c2 + 1)


class ColumnWidthType(T.NumberType):
    """Column widths in Excel's character units: matches when either the width Excel's UI
    shows or the stored width equals the expected one (see ``excel.widths``)."""

    def __init__(self) -> None:
        super().__init__(unit="", name="column_width", default_tolerance=T.Tolerance(absolute=0.1))
        self.description = "a column width in characters, as Excel's UI shows it (12)"

    def equals(self, actual: Any, expected: Any, ctx: T.CompareContext) -> bool:
        if not isinstance(actual, ColumnWidth):
            return super().equals(actual, expected, ctx)
        return (super().equals(actual.ui, expected, ctx)
                or super().equals(actual.stored, expected, ctx))

    def key(self, value: Any) -> float:
        return value.ui if isinstance(value, ColumnWidth) else super().key(value)

    def render(self, value: Any) -> str:
        return str(value) if isinstance(value, ColumnWidth) else super().render(value)


class ExcelBorderType(T.BorderType):
    name = "cell_border"
    description = ("a cell border: style [color] — thin/细实线, medium, thick/粗实线, "
                   "double/双线, dashed/虚线, dotted/点线, hair, none")

    def parse(self, literal: str) -> Border:
        vocab = vocabulary.get("excel_border_style")
        style, color = None, None
        for tok in literal.replace(",", " ").split():
            if style is None and vocab.canonical(tok):
                style = vocab.canonical(tok)
                continue
            try:
                color = T.ColorType().parse(tok)
                continue
            except ValueParseError:
                pass
            raise ValueParseError(f"{literal!r}: {tok!r} is not a border style or color")
        if style is None:
            raise ValueParseError(f"{literal!r} names no border style (thin, medium, double …)")
        return Border(style, None, color)


class PivotValuesType(T.ListType):
    """Value fields as ``字段:函数``; functions compare by meaning (``求和`` = ``sum``)."""

    def _k(self, item: Any) -> str:
        text = T.normalize_text(str(item))
        name, sep, fn = text.rpartition(":") if ":" in text else text.rpartition("：")
        if not sep:
            return text.casefold()
        canon = vocabulary.get("pivot_function").canonical(fn) or fn
        return f"{name.strip()}:{canon}".casefold()


class PivotFunctionListType(T.ListType):
    """Summary functions in order; they compare by meaning (``求和`` = ``sum``)."""

    def _k(self, item: Any) -> str:
        text = T.normalize_text(str(item))
        return (vocabulary.get("pivot_function").canonical(text) or text).casefold()


class NumberFormatListType(T.ListType):
    """Number format codes in order, each compared as ``number_format`` is."""

    def _k(self, item: Any) -> str:
        return _fmt_key(str(item))


_TABLE_STYLE = re.compile(r"^(?:tablestyle|表样式|表格样式)?\s*(light|medium|dark|浅色|中等深浅|"
                          r"中等色|中等|深色)\s*(\d+)$", re.I)


def table_style_key(name: str) -> str:
    compact = re.sub(r"\s+", "", name.strip())
    m = _TABLE_STYLE.match(compact)
    if not m:
        return compact.casefold()
    tone = {"浅色": "light", "中等深浅": "medium", "中等色": "medium", "中等": "medium",
            "深色": "dark"}.get(m.group(1), m.group(1).lower())
    return f"tablestyle{tone}{int(m.group(2))}"


class TableStyleType(T.TextType):
    name = "table_style"
    description = "a table style: TableStyleMedium2, 表样式中等深浅 2, Medium 2"

    def equals(self, actual: Any, expected: Any, ctx: T.CompareContext) -> bool:
        if actual is None or expected is None:
            return False
        return table_style_key(str(actual)) == table_style_key(str(expected))


FORMULA = FormulaType()
NUMBER_FORMAT = NumberFormatType()
REF = RefType()
REFS = RefListType(name="references", fold_case=True,
                   description="references, e.g. B2:B31|成绩!D2 ($ and quotes ignored)")
FREEZE = FreezeType()
SORT_LISTS = PipeListType(name="sort_lists", ordered=True,
                          description="'column: custom list' per key, separated by |, "
                                      "e.g. B: 高,中,低|D: 一月,二月")
CELL_SET = CellSetType(name="cells", description="cells, e.g. B3|B7 or B2:B4|D7 (ranges are "
                       "expanded; compared as a set)")
ANCHOR = AnchorType()
COLUMN_WIDTH = ColumnWidthType()
CELL_BORDER = ExcelBorderType()
PIVOT_VALUES = PivotValuesType(name="pivot_values",
                               description="value fields as 字段:函数, e.g. 销售额:sum|数量:计数")
TABLE_STYLE = TableStyleType()
PIVOT_FUNCTIONS = PivotFunctionListType(
    name="pivot_functions", ordered=True,
    description="summary functions in order, e.g. sum|average (求和|平均值 accepted)")
NUMBER_FORMATS = NumberFormatListType(
    name="number_formats", ordered=True,
    description="number format codes in order, e.g. #,##0|0.00% (常规 = General)")
TEXT_LIST = T.ListType(name="list", description="items separated by |")
ORDERED = T.ORDERED_LIST
