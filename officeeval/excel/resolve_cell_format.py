"""Cell formatting resolvers: ``(CellTarget, ctx) -> Observation | None``.

Formatting reads the cell's format (``cellXfs``; for a cell without an element, its row's
or column's format) through fonts, fills, borders and number formats; values no format sets
are Excel's built-in defaults with source ``default`` (general/bottom alignment, no fill,
no border, automatic font color). What the cell holds is read in ``resolve_cells``. Each
resolver is followed by its writer, which gives the cell a changed copy of its format
(``excel.edit.formats``).
"""

from __future__ import annotations

import functools
from typing import Any, Callable

from officeeval.cache import memo_table
from lxml import etree

from officeeval.excel import value_types as X
from officeeval.excel.edit.formats import align_change, border_change, fill_change, \
    font_child, format_id, restyle
from officeeval.excel.styles import Font, Xf
from officeeval.excel.targets import CellTarget
from officeeval.ooxml.ns import S
from officeeval.properties import types as T
from officeeval.properties.drafting import Drafting
from officeeval.properties.mistakes import Plan
from officeeval.properties.define import PropertySet, read_many_one_by_one
from officeeval.properties.writing import Session, WriterSet
from officeeval.targets import Target
from officeeval.values import Border, Measure, Observation

CELL = "cell"

PROPERTIES = PropertySet()
prop, binds = PROPERTIES.prop, PROPERTIES.binds
WRITERS = WriterSet()
_S = f"{{{S}}}"
_UNDERLINE = {"single": "single", "double": "double", "single_accounting": "singleAccounting",
              "double_accounting": "doubleAccounting"}


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


@prop("cell.number_format", X.NUMBER_FORMAT, kinds=CELL,
      draft=Drafting(pictured_by=("格式",),
                     skill="number_format"),
      plan=Plan("format", mistake="number_format"))
@_per_style
def number_format(t: CellTarget, ctx) -> Observation | None:
    """The number format code (built-in ids resolved as zh-CN Excel shows them; General for
    none)."""
    xf, idx = _xf(t)
    code = t.sheet.number_format_of(idx)
    return Observation(code or "General", _src(idx) if xf and xf.num_fmt_id else "default")


@WRITERS.writer("cell.number_format")
def write_number_format(session: Session, target: Target, value: Any) -> str:
    """A built-in format by its code (``0.00``) or id, else a custom format added."""
    code = str(value)

    def change(xf: etree._Element, styles: etree._Element) -> str:
        num = format_id(styles, code)
        xf.set("numFmtId", str(num))
        xf.set("applyNumberFormat", "1")
        return f"numFmtId={num}"
    return restyle(session, target, change)


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


@binds("font.name", kinds=CELL,
       plan=Plan("format", mistake="other", values=("Arial", "宋体", "黑体")))
@font_property
def font_name(f: Font, t: CellTarget):
    """The cell font's name (Excel keeps one name for every script)."""
    return f.name


WRITERS.writer("font.name")(font_child("name"))


@binds("font.east_asia", kinds=CELL,
       plan=Plan("format", mistake="other", values=("宋体", "黑体", "Arial")))
@font_property
def font_east_asia(f: Font, t: CellTarget):
    """The cell font's name (Excel keeps one name for every script)."""
    return f.name


WRITERS.writer("font.east_asia")(font_child("name"))


@binds("font.size", kinds=CELL,
       plan=Plan("format", mistake="size"))
@font_property
def font_size(f: Font, t: CellTarget):
    return f.size


WRITERS.writer("font.size")(font_child(
    "sz", fmt=lambda v: v.pt if isinstance(v, Measure) else v))


@binds("font.bold", kinds=CELL,
       plan=Plan("format", mistake="toggle"))
@font_property
def font_bold(f: Font, t: CellTarget):
    return f.bold


WRITERS.writer("font.bold")(font_child("b"))


@binds("font.italic", kinds=CELL,
       plan=Plan("format", mistake="toggle"))
@font_property
def font_italic(f: Font, t: CellTarget):
    return f.italic


WRITERS.writer("font.italic")(font_child("i"))


@binds("font.underline", kinds=CELL,
       plan=Plan("format", mistake="underline"))
@font_property
def font_underline(f: Font, t: CellTarget):
    return f.underline


WRITERS.writer("font.underline")(font_child(
    "u", fmt=lambda v: None if str(v) == "none" else _UNDERLINE.get(str(v), str(v))))


@binds("font.strike", kinds=CELL,
       plan=Plan("format", mistake="toggle"))
@font_property
def font_strike(f: Font, t: CellTarget):
    return f.strike


WRITERS.writer("font.strike")(font_child("strike"))


@binds("font.color", kinds=CELL,
       plan=Plan("format", mistake="other_rgb", values=("FFFF0000", "FF0000FF", "FF000000")))
@font_property
def font_color(f: Font, t: CellTarget):
    rgb = t.sheet.book.styles.resolve(f.color)
    return rgb if rgb is not None else "auto"


WRITERS.writer("font.color")(font_child(
    "color", "rgb", True, fmt=lambda v: "FF" + str(v) if len(str(v)) == 6 else str(v)))


@binds("font.superscript", kinds=CELL)
@font_property
def font_superscript(f: Font, t: CellTarget):
    return f.vert_align == "superscript"


WRITERS.writer("font.superscript")(font_child(
    "vertAlign", fmt=lambda v: "superscript" if v else None))


@binds("font.subscript", kinds=CELL)
@font_property
def font_subscript(f: Font, t: CellTarget):
    return f.vert_align == "subscript"


WRITERS.writer("font.subscript")(font_child(
    "vertAlign", fmt=lambda v: "subscript" if v else None))


@prop("cell.fill.color", T.COLOR, kinds=CELL,
      draft=Drafting(pictured_by=("颜色", "填充", "背景", "底纹", "配色"), called=("填充",)),
      plan=Plan("format", mistake="fill", values=("none", "FFFF00", "FF0000")))
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


@WRITERS.writer("cell.fill.color")
def write_fill_color(session: Session, target: Target, value: Any) -> str:
    return restyle(session, target, fill_change(str(value)))


def _border(t: CellTarget, side: str) -> Observation | None:
    xf, idx = _xf(t)
    styles = t.sheet.book.styles
    b = styles.border(xf.border_id if xf else 0).get(side)
    if b is None or b.style in ("none", ""):
        return Observation(Border("none"), "default" if not (xf and xf.border_id)
                           else _src(idx))
    color = styles.resolve(b.color) if b.color is not None else "auto"
    return Observation(Border(b.style, None, color), _src(idx))


def _border_style(value: Any) -> str:
    return value.style if isinstance(value, Border) else str(value)


@prop("cell.border.top", X.CELL_BORDER, kinds=CELL,
      draft=Drafting(called=("边框",)),
      plan=Plan("format", mistake="border"))
@_per_style
def border_top(t: CellTarget, ctx) -> Observation | None:
    """Top border: style and color (none when absent)."""
    return _border(t, "top")


@WRITERS.writer("cell.border.top")
def write_border_top(session: Session, target: Target, value: Any) -> str:
    return restyle(session, target, border_change("top", _border_style(value)))


@prop("cell.border.bottom", X.CELL_BORDER, kinds=CELL,
      draft=Drafting(called=("边框",)),
      plan=Plan("format", mistake="border"))
@_per_style
def border_bottom(t: CellTarget, ctx) -> Observation | None:
    """Bottom border."""
    return _border(t, "bottom")


@WRITERS.writer("cell.border.bottom")
def write_border_bottom(session: Session, target: Target, value: Any) -> str:
    return restyle(session, target, border_change("bottom", _border_style(value)))


@prop("cell.border.left", X.CELL_BORDER, kinds=CELL,
      draft=Drafting(called=("边框",)),
      plan=Plan("format", mistake="border"))
@_per_style
def border_left(t: CellTarget, ctx) -> Observation | None:
    """Left border."""
    return _border(t, "left")


@WRITERS.writer("cell.border.left")
def write_border_left(session: Session, target: Target, value: Any) -> str:
    return restyle(session, target, border_change("left", _border_style(value)))


@prop("cell.border.right", X.CELL_BORDER, kinds=CELL,
      draft=Drafting(called=("边框",)),
      plan=Plan("format", mistake="border"))
@_per_style
def border_right(t: CellTarget, ctx) -> Observation | None:
    """Right border."""
    return _border(t, "right")


@WRITERS.writer("cell.border.right")
def write_border_right(session: Session, target: Target, value: Any) -> str:
    return restyle(session, target, border_change("right", _border_style(value)))


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


@prop("cell.alignment.horizontal", T.EnumType("alignment"), kinds=CELL,
      draft=Drafting(pictured_by=("对齐",)),
      plan=Plan("format", mistake="next", values=("center", "left", "right")))
@_per_style
def alignment_horizontal(t: CellTarget, ctx) -> Observation | None:
    """Horizontal alignment (general when not set: Excel's 常规)."""
    return _align(t, "horizontal", "general")


@WRITERS.writer("cell.alignment.horizontal")
def write_alignment_horizontal(session: Session, target: Target, value: Any) -> str:
    return restyle(session, target, align_change("horizontal", str(value)))


@prop("cell.alignment.vertical", T.EnumType("vertical_alignment"), kinds=CELL,
      draft=Drafting(asked="words", words=("垂直",), pictured_by=("对齐",)),
      plan=Plan("format", mistake="next", values=("center", "top", "bottom")))
@_per_style
def alignment_vertical(t: CellTarget, ctx) -> Observation | None:
    """Vertical alignment (bottom when not set)."""
    return _align(t, "vertical", "bottom")


@WRITERS.writer("cell.alignment.vertical")
def write_alignment_vertical(session: Session, target: Target, value: Any) -> str:
    return restyle(session, target, align_change("vertical", str(value)))


@prop("cell.wrap", T.BOOL, kinds=CELL,
      draft=Drafting(skill="cell_format"),
      plan=Plan("format", mistake="wrap"))
@_per_style
def wrap(t: CellTarget, ctx) -> Observation | None:
    """Wrap text (自动换行)."""
    return _align(t, "wrapText", False)


@WRITERS.writer("cell.wrap")
def write_wrap(session: Session, target: Target, value: Any) -> str:
    return restyle(session, target, align_change("wrapText", "1" if value else "0"))


@prop("cell.indent", T.INTEGER, kinds=CELL,
      draft=Drafting(skill="cell_format"))
@_per_style
def indent(t: CellTarget, ctx) -> Observation | None:
    """Indent level of the alignment (0 when not set)."""
    return _align(t, "indent", 0)


@WRITERS.writer("cell.indent")
def write_indent(session: Session, target: Target, value: Any) -> str:
    return restyle(session, target, align_change("indent", str(int(value))))


@prop("cell.locked", T.BOOL, kinds=CELL,
      draft=Drafting(skill="sheet"))
def locked(t: CellTarget, ctx) -> Observation | None:
    """Whether the cell is locked for sheet protection (true unless unlocked)."""
    xf, idx = _xf(t)
    if xf is None or xf.locked is None:
        return Observation(True, "default")
    return Observation(xf.locked, _src(idx))


@WRITERS.writer("cell.locked")
def write_locked(session: Session, target: Target, value: Any) -> str:
    def change(xf: etree._Element, styles: etree._Element) -> str:
        pr = xf.find(_S + "protection")
        if pr is None:
            pr = etree.SubElement(xf, _S + "protection")
        pr.set("locked", "1" if value else "0")
        xf.set("applyProtection", "1")
        return f"protection/@locked={int(bool(value))}"
    return restyle(session, target, change)


# The resolvers without a bulk form of their own (``_per_style`` gives one) read a range
# one cell at a time, behind one dispatch (``catalog.bulk_resolver``) instead of one per cell.
read_many_one_by_one(PROPERTIES, CELL)
