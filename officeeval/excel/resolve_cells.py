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

from typing import Any, Callable

from officeeval.cache import memo_table
from officeeval.excel import cells as C
from officeeval.excel import formulas as F
from officeeval.excel.styles import Font, Xf
from officeeval.excel.targets import CellTarget
from officeeval.values import Border, Observation

CELL_KINDS = ("cell",)


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
_STYLE_MEMO_MAX = 65_536


def _per_style(fn: Callable[[CellTarget, Any], Observation | None]
               ) -> Callable[[CellTarget, Any], Observation | None]:
    """``fn`` remembered per workbook and style index. ``fn`` must read the cell only
    through ``_xf`` (its style); what it raises is not remembered."""
    def resolve(t: CellTarget, ctx) -> Observation | None:
        memo = memo_table(t.sheet.book, _STYLE_MEMO_ATTR)
        key = (resolve, t.sheet.style_at(t.row, t.col))
        try:
            return memo[key]
        except KeyError:
            pass
        obs = fn(t, ctx)
        if len(memo) < _STYLE_MEMO_MAX:
            memo[key] = obs
        return obs
    resolve.__doc__ = fn.__doc__
    return resolve


def value(t: CellTarget, ctx) -> Observation | None:
    v, source = C.cell_value(t.sheet, t.row, t.col)
    if v.kind == "empty":
        return None
    return Observation(v, source)


def display(t: CellTarget, ctx) -> Observation | None:
    v, source = C.cell_value(t.sheet, t.row, t.col)
    if v.kind == "empty":
        return None
    code = t.sheet.number_format_of(t.sheet.style_at(t.row, t.col)) or "General"
    return Observation(C.render(v, code, t.sheet.book.date1904), source)


def formula(t: CellTarget, ctx) -> Observation | None:
    got = C.formula_of(t.sheet, t.row, t.col)
    return Observation(got[0], got[1]) if got else None


def has_formula(t: CellTarget, ctx) -> Observation | None:
    got = C.formula_of(t.sheet, t.row, t.col)
    return Observation(got is not None, "direct")


def functions(t: CellTarget, ctx) -> Observation | None:
    got = C.formula_of(t.sheet, t.row, t.col)
    return Observation(F.functions(got[0]) if got else [], "direct")


def references(t: CellTarget, ctx) -> Observation | None:
    got = C.formula_of(t.sheet, t.row, t.col)
    if not got:
        return Observation([], "direct")
    refs = F.references(got[0])
    names = [tok.text for tok in F.tokenize(got[0].lstrip("{=").rstrip("}"))
             if tok.kind == "name"]
    return Observation(refs + [n for n in names if n not in refs], "direct")


@_per_style
def number_format(t: CellTarget, ctx) -> Observation | None:
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


def _font_attr(getter):
    @_per_style
    def resolve(t: CellTarget, ctx) -> Observation | None:
        font, source = _font(t)
        if font is None:
            return None
        v = getter(font, t)
        return Observation(v, source) if v is not None else None
    return resolve


def _font_color(font: Font, t: CellTarget):
    rgb = t.sheet.book.styles.resolve(font.color)
    return rgb if rgb is not None else "auto"


FONT_RESOLVERS = {
    "font.name": _font_attr(lambda f, t: f.name),
    "font.east_asia": _font_attr(lambda f, t: f.name),
    "font.size": _font_attr(lambda f, t: f.size),
    "font.bold": _font_attr(lambda f, t: f.bold),
    "font.italic": _font_attr(lambda f, t: f.italic),
    "font.underline": _font_attr(lambda f, t: f.underline),
    "font.strike": _font_attr(lambda f, t: f.strike),
    "font.color": _font_attr(_font_color),
    "font.superscript": _font_attr(lambda f, t: f.vert_align == "superscript"),
    "font.subscript": _font_attr(lambda f, t: f.vert_align == "subscript"),
}


@_per_style
def fill_color(t: CellTarget, ctx) -> Observation | None:
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


def _border(side: str):
    @_per_style
    def resolve(t: CellTarget, ctx) -> Observation | None:
        xf, idx = _xf(t)
        styles = t.sheet.book.styles
        b = styles.border(xf.border_id if xf else 0).get(side)
        if b is None or b.style in ("none", ""):
            return Observation(Border("none"), "default" if not (xf and xf.border_id)
                               else _src(idx))
        color = styles.resolve(b.color) if b.color is not None else "auto"
        return Observation(Border(b.style, None, color), _src(idx))
    return resolve


def _align(key: str, default):
    @_per_style
    def resolve(t: CellTarget, ctx) -> Observation | None:
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
    return resolve


def merged(t: CellTarget, ctx) -> Observation | None:
    return Observation(t.sheet.merge_at(t.row, t.col) is not None, "direct")


def merge_range(t: CellTarget, ctx) -> Observation | None:
    area = t.sheet.merge_at(t.row, t.col)
    return Observation(str(area), "direct") if area is not None else None


def span(t: CellTarget, ctx) -> Observation | None:
    area = t.sheet.merge_at(t.row, t.col)
    if area is None or (area.r1, area.c1) != (t.row, t.col):
        return Observation("1x1", "direct" if area is None else "merged")
    return Observation(f"{area.rows}x{area.cols}", "direct")


def text(t: CellTarget, ctx) -> Observation | None:
    shown, source = C.display_text(t.sheet, t.row, t.col)
    return Observation(shown, source)


def locked(t: CellTarget, ctx) -> Observation | None:
    xf, idx = _xf(t)
    if xf is None or xf.locked is None:
        return Observation(True, "default")
    return Observation(xf.locked, _src(idx))


CELL_RESOLVERS = {
    "cell.value": value,
    "cell.display": display,
    "cell.formula": formula,
    "cell.has_formula": has_formula,
    "cell.functions": functions,
    "cell.references": references,
    "cell.number_format": number_format,
    "cell.fill.color": fill_color,
    "cell.border.top": _border("top"),
    "cell.border.bottom": _border("bottom"),
    "cell.border.left": _border("left"),
    "cell.border.right": _border("right"),
    "cell.alignment.horizontal": _align("horizontal", "general"),
    "cell.alignment.vertical": _align("vertical", "bottom"),
    "cell.wrap": _align("wrapText", False),
    "cell.indent": _align("indent", 0),
    "cell.merged": merged,
    "cell.merge_range": merge_range,
    "cell.span": span,
    "cell.locked": locked,
    "cell.text": text,
    "text": text,
}
