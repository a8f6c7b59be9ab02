"""Cell property resolvers: ``(CellTarget, ctx) -> Observation | None``.

Values: ``cell.value`` and ``cell.display`` read formula results from the cache or from
recalculation (source ``cached`` / ``recalculated``) and raise ``UnverifiableValue`` when
neither is possible. An empty cell has no value (``None``: the check is ``not_found``).

Formatting reads the cell's format (``cellXfs``; for a cell without an element, its row's
or column's format) through fonts, fills, borders and number formats; values no format sets
are Excel's built-in defaults with source ``default`` (general/bottom alignment, no fill,
no border, automatic font color).
"""

from __future__ import annotations

import functools
from typing import Any, Callable

from officeeval.cache import memo_table
from officeeval.excel import cells as C
from officeeval.excel import formulas as F
from officeeval.excel import value_types as X
from officeeval.excel.styles import Font, Xf
from officeeval.excel.targets import CellTarget
from officeeval.properties import types as T
from officeeval.properties.define import PropertySet, read_many_one_by_one, reads_alike, \
    reads_many
from officeeval.values import Border, Observation, observation

CELL_KINDS = ("cell",)
CELL = "cell"

PROPERTIES = PropertySet()
prop, binds = PROPERTIES.prop, PROPERTIES.binds


def _xf(t: CellTarget) -> tuple[Xf | None, int]:
    idx = t.sheet.style_at(t.row, t.col)
    return t.sheet.book.styles.xf(idx), idx


def _src(idx: int) -> str:
    return "direct" if idx else "style:Normal"


# Formatting resolvers below depend on nothing but the cell's style index (cellXfs) and the
# workbook's styles: the 320 bordered cells of a table share two or three indexes, so each
# (resolver, index) is computed once per workbook. Bounded: a hostile workbook may declare
# tens of thousands of formats.
_STYLE_MEMO_ATTR = "_officeeval_style_observations"
_NOT_KEPT = object()
_STYLE_MEMO_MAX = 65_536


def _per_style(fn: Callable[[CellTarget, Any], Observation | None]
               ) -> Callable[[CellTarget, Any], Observation | None]:
    """``fn`` remembered per workbook and style index. ``fn`` must read the cell only
    through ``_xf`` (its style); what it raises is not remembered."""
    def resolve(t: CellTarget, ctx) -> Observation | None:
        sheet = t.sheet
        memo = memo_table(sheet.book, _STYLE_MEMO_ATTR)
        # A stored cell's own index (what style_at gives first), without the store's call.
        raw = sheet.store.cells.get((t.row, t.col)) if sheet.store is not None else None
        key = (resolve, raw.s if raw is not None else sheet.style_at(t.row, t.col))
        try:
            return memo[key]
        except KeyError:
            pass
        obs = fn(t, ctx)
        if len(memo) < _STYLE_MEMO_MAX:
            memo[key] = obs
        return obs

    def many(targets: list[CellTarget], ctx) -> list[Observation | None]:
        # ``resolve`` for each target, the workbook's memo looked up once per workbook; the
        # cells of one small sheet's range read together first (``CellStore.get_many``).
        out: list[Observation | None] = []
        book = memo = None
        first = targets[0].sheet if targets else None
        raws = None
        if first is not None and first.store is not None and not first.store.large and \
                all(t.sheet is first for t in targets):
            raws = first.store.get_many([(t.row, t.col) for t in targets])
        for i, t in enumerate(targets):
            sheet = t.sheet
            if sheet.book is not book:
                book = sheet.book
                memo = memo_table(book, _STYLE_MEMO_ATTR)
            store = sheet.store
            if raws is not None:
                raw = raws[i]
            else:
                raw = store.cells.get((t.row, t.col)) if store is not None else None
            key = (resolve, raw.s if raw is not None else sheet.style_at(t.row, t.col))
            obs = memo.get(key, _NOT_KEPT)  # type: ignore[union-attr]
            if obs is _NOT_KEPT:
                obs = fn(t, ctx)
                if len(memo) < _STYLE_MEMO_MAX:  # type: ignore[arg-type]
                    memo[key] = obs  # type: ignore[index]
            out.append(obs)  # type: ignore[arg-type]
        return out

    functools.wraps(fn)(resolve)
    resolve.many = many  # type: ignore[attr-defined]
    # Cells sharing a style index resolve alike: a large sheet's range of them may be
    # judged by style (``excel.targets.CellRange.groups``).
    resolve.per_style = True  # type: ignore[attr-defined]
    return resolve


@prop("cell.value", T.CELL_VALUE, kinds=CELL)
def value(t: CellTarget, ctx) -> Observation | None:
    """The cell's typed value: number, text, TRUE/FALSE, a date (number with a date format,
    or an ISO date cell) or an error. A formula's value is its cached result, or
    recalculated with LibreOffice when the file has none (source recalculated); without
    either it is an evaluator error, never a failure."""
    sheet = t.sheet
    key = (t.row, t.col)
    kept = sheet.observations
    obs = kept.get(key, _NOT_KEPT)
    if obs is not _NOT_KEPT:
        return obs  # type: ignore[return-value]
    v, source = C.cell_value(sheet, t.row, t.col)
    obs = None if v.kind == "empty" else Observation(v, source)
    if len(kept) < C.KEPT_VALUES:
        kept[key] = obs
    return obs


@reads_many(value)
def values(targets: list[CellTarget], ctx) -> list[Observation | None]:
    sheet = targets[0].sheet if targets else None
    if any(t.sheet is not sheet for t in targets):
        return [value(t, ctx) for t in targets]
    kept = sheet.observations  # type: ignore[union-attr]
    todo = [(t.row, t.col) for t in targets if (t.row, t.col) not in kept]
    read = dict(zip(todo, C.cell_values(sheet, todo))) if todo else {}  # type: ignore[arg-type]
    out: list[Observation | None] = []
    for t in targets:
        key = (t.row, t.col)
        obs = kept.get(key, _NOT_KEPT)
        if obs is _NOT_KEPT:
            v, source = read[key]
            obs = None if v.kind == "empty" else observation(v, source)
            if len(kept) < C.KEPT_VALUES:
                kept[key] = obs
        out.append(obs)  # type: ignore[arg-type]
    return out


@reads_alike(value)
def values_alike(targets: list[CellTarget], others: list[CellTarget | None]) -> list[bool] | None:
    # Constants stored alike on two small sheets without array formulas, in workbooks of
    # one date system: the same value, source ``direct``, nothing noted (``C.same_stored``).
    sheet = _one_small_sheet(targets)
    if sheet is None or any(o is None for o in others):
        return None
    other = _one_small_sheet(others)  # type: ignore[arg-type]
    if other is None or len(others) != len(targets) or \
            sheet.book.date1904 != other.book.date1904:
        return None
    raws = sheet.store.get_many([(t.row, t.col) for t in targets])  # type: ignore[union-attr]
    oraws = other.store.get_many([(o.row, o.col) for o in others])  # type: ignore[union-attr]
    if sheet.store.has_arrays() or other.store.has_arrays():  # type: ignore[union-attr]
        return None
    same = C.same_stored
    return [same(a, sheet, b, other) for a, b in zip(raws, oraws)]


@prop("cell.display", T.TEXT, kinds=CELL)
def display(t: CellTarget, ctx) -> Observation | None:
    """The value as Excel displays it with its number format (decimals, thousands
    separators, %, ¥/$, negative sections, Chinese dates, [DBNum1])."""
    v, source = C.cell_value(t.sheet, t.row, t.col)
    if v.kind == "empty":
        return None
    code = t.sheet.number_format_of(t.sheet.style_at(t.row, t.col)) or "General"
    return observation(C.render(v, code, t.sheet.book.date1904), source)


@reads_many(display)
def displays(targets: list[CellTarget], ctx) -> list[Observation | None]:
    # One small sheet's records read together; each value read, and rendered, in turn
    # (``cells.iter_cell_values``), so what fails fails where ``display`` fails.
    sheet = _one_small_sheet(targets)
    if sheet is None:
        return [display(t, ctx) for t in targets]
    keys = [(t.row, t.col) for t in targets]
    fmt, style_at, date1904 = sheet.number_format_of, sheet.style_at, sheet.book.date1904
    out: list[Observation | None] = []
    for (r, c), (v, source) in zip(keys, C.iter_cell_values(sheet, keys)):
        if v.kind == "empty":
            out.append(None)
            continue
        out.append(observation(C.render(v, fmt(style_at(r, c)) or "General", date1904),
                               source))
    return out


@prop("cell.formula", X.FORMULA, kinds=CELL)
def formula(t: CellTarget, ctx) -> Observation | None:
    """The formula as the formula bar shows it (=SUM(B2:B31)); shared formulas expanded for
    each cell, array formulas in braces."""
    got = C.formula_of(t.sheet, t.row, t.col)
    return Observation(got[0], got[1]) if got else None


@prop("cell.has_formula", T.BOOL, kinds=CELL)
def has_formula(t: CellTarget, ctx) -> Observation | None:
    """Whether the cell holds a formula (false for a value pasted in its place); cells of an
    array formula's range count."""
    return Observation(C.has_formula(t.sheet, t.row, t.col), "direct")


_HAS_FORMULA = {True: Observation(True, "direct"), False: Observation(False, "direct")}


@reads_many(has_formula)
def has_formulas(targets: list[CellTarget], ctx) -> list[Observation | None]:
    # Observations are immutable: every cell shares one of the two.
    sheet = _one_small_sheet(targets)
    if sheet is None:
        return [has_formula(t, ctx) for t in targets]
    return [_HAS_FORMULA[b] for b in C.has_formulas(sheet, [(t.row, t.col) for t in targets])]


def _one_small_sheet(targets: list[CellTarget]):
    """The small sheet every target is on (its records can be read together), else
    ``None``."""
    sheet = targets[0].sheet if targets else None
    if sheet is None or sheet.store is None or sheet.store.large or \
            any(t.sheet is not sheet for t in targets):
        return None
    return sheet


def _read_first(single: Callable[[CellTarget, Any], Observation | None]) -> Callable:
    """The bulk form of a resolver that reads each cell's stored record: the records of a
    small sheet's targets read together first (``CellStore.get_many``), then ``single``
    for each target, which then finds its record read."""
    def many(targets: list[CellTarget], ctx) -> list[Observation | None]:
        sheet = _one_small_sheet(targets)
        if sheet is not None:
            sheet.store.get_many([(t.row, t.col) for t in targets])
        return [single(t, ctx) for t in targets]
    single.many = many  # type: ignore[attr-defined]
    return many


@prop("cell.functions", T.FUNCTIONS, kinds=CELL,
      read_only="derived from the formula: write cell.formula")
def functions(t: CellTarget, ctx) -> Observation | None:
    """Functions the formula uses, upper case, _xlfn. prefixes removed (RANK.EQ, SUMIFS); an
    empty list for a constant."""
    got = C.formula_of(t.sheet, t.row, t.col)
    return Observation(F.functions(got[0]) if got else [], "direct")


@prop("cell.references", X.REFS, kinds=CELL,
      read_only="derived from the formula: write cell.formula")
def references(t: CellTarget, ctx) -> Observation | None:
    """Cell and range references the formula uses ($ removed, sheet-qualified when the
    formula names a sheet), then defined names."""
    got = C.formula_of(t.sheet, t.row, t.col)
    if not got:
        return Observation([], "direct")
    refs = F.references(got[0])
    names = [tok.text for tok in F.tokenize(got[0].lstrip("{=").rstrip("}"))
             if tok.kind == "name"]
    return Observation(refs + [n for n in names if n not in refs], "direct")


@prop("cell.number_format", X.NUMBER_FORMAT, kinds=CELL)
@_per_style
def number_format(t: CellTarget, ctx) -> Observation | None:
    """The number format code (built-in ids resolved as zh-CN Excel shows them; General for
    none)."""
    xf, idx = _xf(t)
    code = t.sheet.number_format_of(idx)
    return Observation(code or "General", _src(idx) if xf and xf.num_fmt_id else "default")


def _font(t: CellTarget) -> tuple[Font | None, str]:
    xf, idx = _xf(t)
    styles = t.sheet.book.styles
    font = styles.font(xf.font_id if xf else 0)
    if font is None:
        return styles.font(0), "default"
    return font, _src(idx) if xf and xf.font_id else "style:Normal"


def font_property(getter: Callable[[Font, CellTarget], Any]) -> Callable:
    """Decorator: lift a reader ``(font, cell)`` of the cell's font to a resolver,
    remembered per style."""
    @_per_style
    @functools.wraps(getter)
    def resolve(t: CellTarget, ctx) -> Observation | None:
        font, source = _font(t)
        if font is None:
            return None
        v = getter(font, t)
        return Observation(v, source) if v is not None else None
    return resolve


@binds("font.name", kinds=CELL)
@font_property
def font_name(f: Font, t: CellTarget):
    """The cell font's name (Excel keeps one name for every script)."""
    return f.name


@binds("font.east_asia", kinds=CELL)
@font_property
def font_east_asia(f: Font, t: CellTarget):
    """The cell font's name (Excel keeps one name for every script)."""
    return f.name


@binds("font.size", kinds=CELL)
@font_property
def font_size(f: Font, t: CellTarget):
    return f.size


@binds("font.bold", kinds=CELL)
@font_property
def font_bold(f: Font, t: CellTarget):
    return f.bold


@binds("font.italic", kinds=CELL)
@font_property
def font_italic(f: Font, t: CellTarget):
    return f.italic


@binds("font.underline", kinds=CELL)
@font_property
def font_underline(f: Font, t: CellTarget):
    return f.underline


@binds("font.strike", kinds=CELL)
@font_property
def font_strike(f: Font, t: CellTarget):
    return f.strike


@binds("font.color", kinds=CELL)
@font_property
def font_color(f: Font, t: CellTarget):
    rgb = t.sheet.book.styles.resolve(f.color)
    return rgb if rgb is not None else "auto"


@binds("font.superscript", kinds=CELL)
@font_property
def font_superscript(f: Font, t: CellTarget):
    return f.vert_align == "superscript"


@binds("font.subscript", kinds=CELL)
@font_property
def font_subscript(f: Font, t: CellTarget):
    return f.vert_align == "subscript"


@prop("cell.fill.color", T.COLOR, kinds=CELL)
@_per_style
def fill_color(t: CellTarget, ctx) -> Observation | None:
    """The cell's fill color as RGB (theme and tint resolved), none for no fill."""
    xf, idx = _xf(t)
    styles = t.sheet.book.styles
    fill = styles.fill(xf.fill_id if xf else 0)
    if fill is None or fill.pattern in (None, "none"):
        return Observation("none", "default" if not (xf and xf.fill_id) else _src(idx))
    if fill.pattern == "gradient":
        rgb = styles.resolve(fill.gradient[0]) if fill.gradient else None
    elif fill.pattern == "solid":
        rgb = styles.resolve(fill.fg) or styles.resolve(fill.bg) or "000000"
    elif fill.pattern in ("gray125", "gray0625") and not (xf and xf.fill_id):
        return Observation("none", "default")
    else:
        rgb = styles.resolve(fill.bg) or styles.resolve(fill.fg)
    if rgb == "auto":
        rgb = "000000"
    return Observation(rgb, _src(idx)) if rgb else None


def _border(t: CellTarget, side: str) -> Observation | None:
    xf, idx = _xf(t)
    styles = t.sheet.book.styles
    b = styles.border(xf.border_id if xf else 0).get(side)
    if b is None or b.style in ("none", ""):
        return Observation(Border("none"), "default" if not (xf and xf.border_id)
                           else _src(idx))
    color = styles.resolve(b.color) if b.color is not None else "auto"
    return Observation(Border(b.style, None, color), _src(idx))


@prop("cell.border.top", X.CELL_BORDER, kinds=CELL)
@_per_style
def border_top(t: CellTarget, ctx) -> Observation | None:
    """Top border: style and color (none when absent)."""
    return _border(t, "top")


@prop("cell.border.bottom", X.CELL_BORDER, kinds=CELL)
@_per_style
def border_bottom(t: CellTarget, ctx) -> Observation | None:
    """Bottom border."""
    return _border(t, "bottom")


@prop("cell.border.left", X.CELL_BORDER, kinds=CELL)
@_per_style
def border_left(t: CellTarget, ctx) -> Observation | None:
    """Left border."""
    return _border(t, "left")


@prop("cell.border.right", X.CELL_BORDER, kinds=CELL)
@_per_style
def border_right(t: CellTarget, ctx) -> Observation | None:
    """Right border."""
    return _border(t, "right")


def _align(t: CellTarget, key: str, default) -> Observation | None:
    xf, idx = _xf(t)
    v = xf.alignment.get(key) if xf else None
    if v is None or v == "":
        return Observation(default, "default") if default is not None else None
    if isinstance(default, bool):
        return Observation(v.lower() in ("1", "true"), _src(idx))
    if isinstance(default, int):
        try:
            return Observation(int(float(v)), _src(idx))
        except ValueError:
            return Observation(default, "default")
    return Observation(v, _src(idx))


@prop("cell.alignment.horizontal", T.EnumType("alignment"), kinds=CELL)
@_per_style
def alignment_horizontal(t: CellTarget, ctx) -> Observation | None:
    """Horizontal alignment (general when not set: Excel's 常规)."""
    return _align(t, "horizontal", "general")


@prop("cell.alignment.vertical", T.EnumType("vertical_alignment"), kinds=CELL)
@_per_style
def alignment_vertical(t: CellTarget, ctx) -> Observation | None:
    """Vertical alignment (bottom when not set)."""
    return _align(t, "vertical", "bottom")


@prop("cell.wrap", T.BOOL, kinds=CELL)
@_per_style
def wrap(t: CellTarget, ctx) -> Observation | None:
    """Wrap text (自动换行)."""
    return _align(t, "wrapText", False)


@prop("cell.indent", T.INTEGER, kinds=CELL)
@_per_style
def indent(t: CellTarget, ctx) -> Observation | None:
    """Indent level of the alignment (0 when not set)."""
    return _align(t, "indent", 0)


@prop("cell.merged", T.BOOL, kinds=CELL)
def merged(t: CellTarget, ctx) -> Observation | None:
    """Whether the cell is part of a merged range."""
    return Observation(t.sheet.merge_at(t.row, t.col) is not None, "direct")


@prop("cell.merge_range", X.REF, kinds=CELL)
def merge_range(t: CellTarget, ctx) -> Observation | None:
    """The merged range containing the cell (A1:F1); no value when not merged."""
    area = t.sheet.merge_at(t.row, t.col)
    return Observation(str(area), "direct") if area is not None else None


@binds("cell.span", kinds=CELL)
def span(t: CellTarget, ctx) -> Observation | None:
    area = t.sheet.merge_at(t.row, t.col)
    if area is None or (area.r1, area.c1) != (t.row, t.col):
        return Observation("1x1", "direct" if area is None else "merged")
    return Observation(f"{area.rows}x{area.cols}", "direct")


def _display_text(t: CellTarget, ctx) -> Observation | None:
    shown, source = C.display_text(t.sheet, t.row, t.col)
    return Observation(shown, source)


@binds("text", kinds=CELL)
def text(t: CellTarget, ctx) -> Observation | None:
    """The text the cell shows."""
    return _display_text(t, ctx)


@binds("cell.text", kinds=CELL)
def cell_text(t: CellTarget, ctx) -> Observation | None:
    """The text the cell shows."""
    return _display_text(t, ctx)


@prop("cell.locked", T.BOOL, kinds=CELL)
def locked(t: CellTarget, ctx) -> Observation | None:
    """Whether the cell is locked for sheet protection (true unless unlocked)."""
    xf, idx = _xf(t)
    if xf is None or xf.locked is None:
        return Observation(True, "default")
    return Observation(xf.locked, _src(idx))


# Every other cell resolver reads a range one cell at a time, but behind one dispatch
# (``catalog.bulk_resolver``) instead of one per cell.
for _single in (formula, functions, references):
    _read_first(_single)
read_many_one_by_one(PROPERTIES, CELL)
