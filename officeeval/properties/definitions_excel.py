"""The Excel part of the catalog: names not already defined in ``definitions.py`` (cells,
sheets, the workbook, charts — shared with PowerPoint and Word charts —, pivot tables,
tables, conditional formats, validations, defined names), and the value types only Excel
needs (formulas, number formats, references, column widths, chart anchors, border styles,
pivot value fields, table style names).
"""

from __future__ import annotations

import functools

import re
from typing import Any

from officeeval import vocabulary
from officeeval.errors import ValueParseError
from officeeval.excel import formulas
from officeeval.excel.numfmt_builtin import BUILTIN_FORMATS, FORMAT_NAMES
from officeeval.excel.refs import canonical_ref, parse_area, parse_cell
from officeeval.excel.widths import ColumnWidth
from officeeval.properties import types as T
from officeeval.properties.registry import Registry
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


def _fmt_key_uncached(code: str) -> str:
    c = code.strip()
    c = FORMAT_NAMES.get(c.lower(), FORMAT_NAMES.get(c, c))
    if c.isdigit() and int(c) in BUILTIN_FORMATS:
        c = BUILTIN_FORMATS[int(c)]
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


class NumberFormatType(T.TextType):
    name = "number_format"
    description = ('a number format code: 0.00, #,##0, 0.0%, yyyy"年"m"月"d"日", @ '
                   "(常规/文本/百分比 accepted)")

    def equals(self, actual: Any, expected: Any, ctx: T.CompareContext) -> bool:
        if actual is None or expected is None:
            return False
        return _fmt_key(str(actual)) == _fmt_key(str(expected))


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
ANCHOR = AnchorType()
COLUMN_WIDTH = ColumnWidthType()
CELL_BORDER = ExcelBorderType()
PIVOT_VALUES = PivotValuesType(name="pivot_values",
                               description="value fields as 字段:函数, e.g. 销售额:sum|数量:计数")
TABLE_STYLE = TableStyleType()
TEXT_LIST = T.ListType(name="list", description="items separated by |")
ORDERED = T.ORDERED_LIST

_CELLS = [
    ("cell.value", T.CELL_VALUE, "The cell's typed value: number, text, TRUE/FALSE, a date "
     "(number with a date format, or an ISO date cell) or an error. A formula's value is its "
     "cached result, or recalculated with LibreOffice when the file has none (source "
     "recalculated); without either it is an evaluator error, never a failure."),
    ("cell.display", T.TEXT, "The value as Excel displays it with its number format "
     "(decimals, thousands separators, %, ¥/$, negative sections, Chinese dates, [DBNum1])."),
    ("cell.formula", FORMULA, "The formula as the formula bar shows it (=SUM(B2:B31)); "
     "shared formulas expanded for each cell, array formulas in braces."),
    ("cell.has_formula", T.BOOL, "Whether the cell holds a formula (false for a value pasted "
     "in its place); cells of an array formula's range count."),
    ("cell.functions", T.FUNCTIONS, "Functions the formula uses, upper case, _xlfn. "
     "prefixes removed (RANK.EQ, SUMIFS); an empty list for a constant."),
    ("cell.references", REFS, "Cell and range references the formula uses ($ removed, "
     "sheet-qualified when the formula names a sheet), then defined names."),
    ("cell.number_format", NUMBER_FORMAT, "The number format code (built-in ids resolved as "
     "zh-CN Excel shows them; General for none)."),
    ("cell.fill.color", T.COLOR, "The cell's fill color as RGB (theme and tint resolved), "
     "none for no fill."),
    ("cell.border.top", CELL_BORDER, "Top border: style and color (none when absent)."),
    ("cell.border.bottom", CELL_BORDER, "Bottom border."),
    ("cell.border.left", CELL_BORDER, "Left border."),
    ("cell.border.right", CELL_BORDER, "Right border."),
    ("cell.alignment.horizontal", T.EnumType("alignment"), "Horizontal alignment (general "
     "when not set: Excel's 常规)."),
    ("cell.alignment.vertical", T.EnumType("vertical_alignment"), "Vertical alignment "
     "(bottom when not set)."),
    ("cell.wrap", T.BOOL, "Wrap text (自动换行)."),
    ("cell.merged", T.BOOL, "Whether the cell is part of a merged range."),
    ("cell.merge_range", REF, "The merged range containing the cell (A1:F1); no value when "
     "not merged."),
    ("cell.indent", T.INTEGER, "Indent level of the alignment (0 when not set)."),
    ("cell.locked", T.BOOL, "Whether the cell is locked for sheet protection (true unless "
     "unlocked)."),
]

_SHEETS = [
    ("column.hidden", T.BOOL, "Whether the column is hidden."),
    ("row.hidden", T.BOOL, "Whether the row is hidden."),
    ("row.outline_level", T.INTEGER, "Outline (grouping) level of the row, 0 when none."),
    ("sheet.name", T.TEXT, "The sheet's tab name."),
    ("sheet.index", T.INTEGER, "1-based position in tab order (chart sheets count)."),
    ("sheet.tab_color", T.COLOR, "Tab color as RGB (theme resolved); no value when unset."),
    ("sheet.hidden", T.BOOL, "Whether the sheet is hidden (hidden or very hidden)."),
    ("sheet.freeze", FREEZE, "Frozen panes: the top-left cell of the scrolling pane (C3 "
     "freezes rows 1–2 and columns A–B), none when nothing is frozen."),
    ("sheet.autofilter", REF, "The AutoFilter range (A1:F31); no value without a filter."),
    ("sheet.autofilter.criteria", TEXT_LIST, "Filter criteria per column as 'C: 男' "
     "(values), 'D: >=60' (custom; 'and'/'or' between two), 'E: top 10' / 'E: top 10%' / "
     "'E: bottom 5', 'F: aboveAverage' (dynamic), 'G: color'."),
    ("sheet.sort", ORDERED, "Sort keys saved with the sheet (sortState), in order, as "
     "'D descending' / 'B ascending'; no value when none is saved."),
    ("sheet.outline", T.INTEGER, "Deepest outline (grouping / subtotal) level over rows "
     "and columns; 0 when the sheet has no outline."),
    ("sheet.outline.rows", T.INTEGER, "Deepest row outline level."),
    ("sheet.outline.columns", T.INTEGER, "Deepest column outline level."),
    ("sheet.values", T.JSON, "Every non-empty cell as {ref: value} (formulas as their text), "
     "for preservation checks with op=unchanged."),
    ("sheet.print.orientation", T.EnumType("orientation"), "Page orientation (portrait when "
     "not set)."),
    ("sheet.print.fit", T.TEXT, "Fit to pages as WIDTHxHEIGHT (1x1; 0 = automatic), none "
     "when not fitting to pages."),
    ("sheet.print.titles", REF, "Print titles (rows/columns repeated on each page: 1:2, "
     "A:A)."),
    ("sheet.print.area", REF, "The print area (A1:F31)."),
    ("sheet.print.paper", T.TEXT, "Paper size name (A4, A3, Letter …) from pageSetup."),
    ("sheet.protected", T.BOOL, "Whether the sheet is protected."),
    ("sheet.used_range", REF, "The rectangle of cells holding values or formulas."),
    ("workbook.sheet_names", ORDERED, "Sheet names in tab order."),
    ("workbook.sheet_count", T.INTEGER, "Number of sheets (chart sheets count)."),
    ("workbook.date1904", T.BOOL, "Whether the workbook uses the 1904 date system."),
]

_OBJECTS = [
    ("cf.type", T.EnumType("cf_type"), "Rule type: cellIs, expression, colorScale, dataBar, "
     "iconSet, top10, aboveAverage, duplicateValues, containsText, timePeriod …"),
    ("cf.range", REF, "The range the rule applies to (sqref; several areas space-separated)."),
    ("cf.operator", T.EnumType("cf_operator"), "The rule's operator (greaterThan 大于, "
     "between 介于 …), or top/bottom, above/below, duplicate/unique, the time period."),
    ("cf.formula", ORDERED, "The rule's formulas or criteria values, in order (60 | 90)."),
    ("cf.text", T.TEXT, "The text of a containsText/beginsWith/endsWith rule."),
    ("cf.rank", T.INTEGER, "N of a top/bottom N rule."),
    ("cf.fill.color", T.COLOR, "Fill color the rule paints (data bar color for data bars)."),
    ("cf.font.color", T.COLOR, "Font color the rule sets."),
    ("cf.font.bold", T.BOOL, "Whether the rule makes the font bold."),
    ("cf.colors", TEXT_LIST, "Color scale or data bar colors as RGB hex, in order."),
    ("cf.icon_set", T.TEXT, "The icon set (3TrafficLights1, 3Arrows …)."),
    ("validation.type", T.EnumType("validation_type"), "Validation type: list 序列, whole "
     "整数, decimal 小数, date, time, textLength, custom, any."),
    ("validation.range", REF, "The cells the rule applies to."),
    ("validation.list", TEXT_LIST, "Items a list rule offers (from its literal or the cells "
     "it references)."),
    ("validation.formula", FORMULA, "The rule's first formula or limit (formula1)."),
    ("validation.formula2", FORMULA, "The rule's second limit (formula2, for between)."),
    ("validation.operator", T.TEXT, "The comparison operator (between when not set)."),
    ("chart.type", T.EnumType("chart_type"), "Chart type of the first plot: column, bar, "
     "line, pie, doughnut, area, scatter, radar, bubble, stock, surface."),
    ("chart.types", TEXT_LIST, "Types of every plot (combination charts)."),
    ("chart.grouping", T.EnumType("chart_grouping"), "clustered 簇状, stacked 堆积, "
     "percentStacked 百分比堆积, standard."),
    ("chart.three_d", T.BOOL, "Whether the chart is a 3-D chart."),
    ("chart.title", T.TEXT, "Chart title text (the series name for an automatic title)."),
    ("chart.series.count", T.INTEGER, "Number of series."),
    ("chart.series.names", ORDERED, "Series names in order."),
    ("chart.series.values", ORDERED, "The first series' values, from the chart's cache or, "
     "without one (openpyxl writes none), from the referenced cells (as Word and PowerPoint "
     "charts read it)."),
    ("chart.series.categories", ORDERED, "The first series' category labels (cache, else "
     "the referenced cells)."),
    ("chart.series.value_refs", REFS, "Each series' value reference ('成绩'!D2:D31)."),
    ("chart.series.category_refs", REFS, "Each series' category (or x) reference."),
    ("chart.series.all_values", ORDERED, "The plotted numbers of every series, series after "
     "series."),
    ("chart.legend.position", T.EnumType("legend_position"), "Legend position: right, left, "
     "top, bottom, top_right, or none."),
    ("chart.axis.x.title", T.TEXT, "Title of the horizontal axis."),
    ("chart.axis.y.title", T.TEXT, "Title of the vertical axis."),
    ("chart.data_labels", T.BOOL, "Whether data labels are shown."),
    ("chart.style", T.INTEGER, "Chart style number."),
    ("chart.anchor", ANCHOR, "Cells the chart covers (B10:H25); one-cell anchors are "
     "measured through column widths and row heights."),
    ("chart.sheet", T.TEXT, "Name of the sheet the chart is on (a chart sheet's own name)."),
    ("pivot.name", T.TEXT, "Pivot table name."),
    ("pivot.source", REF, "Source range of the pivot cache ('数据'!A1:F200) or its name."),
    ("pivot.location", REF, "Top-left cell of the pivot table (A3)."),
    ("pivot.range", REF, "The pivot table's whole range (A3:D20)."),
    ("pivot.sheet", T.TEXT, "Name of the sheet holding the pivot table."),
    ("pivot.rows", ORDERED, "Row fields in order."),
    ("pivot.columns", ORDERED, "Column fields in order."),
    ("pivot.values", PIVOT_VALUES, "Value fields as 字段:函数 (销售额:sum; 求和 = sum)."),
    ("pivot.filters", ORDERED, "Filter (page) fields."),
    ("table.name", T.TEXT, "Table name (display name)."),
    ("table.range", REF, "Table range (A1:F31)."),
    ("table.total_row", T.BOOL, "Whether the total row is shown."),
    ("table.header_row", T.BOOL, "Whether the header row is shown."),
    ("table.column_names", ORDERED, "Column names in order."),
    ("name.refers_to", REF, "What a defined name refers to ('成绩'!$B$2:$B$31 or a "
     "constant)."),
    ("name.scope", T.TEXT, "The sheet a name is local to, or workbook."),
]


def define_all(reg: Registry) -> None:
    """Define the Excel-only catalog names on ``reg``."""
    for group in (_CELLS, _SHEETS, _OBJECTS):
        for name, vtype, doc in group:
            reg.define(name, vtype, doc)


_ = parse_cell
