"""The workbook stylesheet (``xl/styles.xml``): number formats, fonts, fills, borders, cell
formats (``cellXfs``), named cell styles and differential formats (``dxfs``, used by
conditional formats and tables), and color resolution (RGB, theme index + tint, the indexed
palette, ``auto``).

Indexes out of range and odd attribute values give ``None`` ("no value here"), never an
exception.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from lxml import etree

from officeeval.cache import cached_property
from officeeval.excel.numfmt import is_date_format
from officeeval.excel.numfmt_builtin import builtin_format
from officeeval.ooxml.colors import apply_excel_tint, normalize_hex
from officeeval.ooxml.ns import S
from officeeval.ooxml.theme import Theme
from officeeval.ooxml.units import to_float, to_int

_S = f"{{{S}}}"

# Excel's theme color indexes: 0-3 swap dark and light (0 = Background 1 = lt1).
THEME_INDEX = ("lt1", "dk1", "lt2", "dk2", "accent1", "accent2", "accent3", "accent4",
               "accent5", "accent6", "hlink", "folHlink")

DEFAULT_INDEXED = (
    "000000", "FFFFFF", "FF0000", "00FF00", "0000FF", "FFFF00", "FF00FF", "00FFFF",
    "000000", "FFFFFF", "FF0000", "00FF00", "0000FF", "FFFF00", "FF00FF", "00FFFF",
    "800000", "008000", "000080", "808000", "800080", "008080", "C0C0C0", "808080",
    "9999FF", "993366", "FFFFCC", "CCFFFF", "660066", "FF8080", "0066CC", "CCCCFF",
    "000080", "FF00FF", "FFFF00", "00FFFF", "800080", "800000", "008080", "0000FF",
    "00CCFF", "CCFFFF", "CCFFCC", "FFFF99", "99CCFF", "FF99CC", "CC99FF", "FFCC99",
    "3366FF", "33CCCC", "99CC00", "FFCC00", "FF9900", "FF6600", "666699", "969696",
    "003366", "339966", "003300", "333300", "993300", "993366", "333399", "333333",
)


@dataclass(frozen=True)
class ColorSpec:
    """A SpreadsheetML color as stored: one of ``rgb``, ``theme`` (index), ``indexed`` or
    ``auto``, with an optional ``tint`` in [-1, 1]."""

    rgb: str | None = None
    theme: int | None = None
    indexed: int | None = None
    auto: bool = False
    tint: float = 0.0


def read_color(el: etree._Element | None) -> ColorSpec | None:
    """A ``color``/``fgColor``/``bgColor`` element as a ``ColorSpec``; ``None`` when absent
    or naming no color."""
    if el is None:
        return None
    tint = to_float(el.get("tint")) or 0.0
    tint = max(-1.0, min(1.0, tint))
    if el.get("rgb") is not None:
        rgb = normalize_hex(el.get("rgb"))
        return ColorSpec(rgb=rgb, tint=tint) if rgb else None
    if el.get("theme") is not None:
        t = to_int(el.get("theme"))
        return ColorSpec(theme=t, tint=tint) if t is not None else None
    if el.get("indexed") is not None:
        i = to_int(el.get("indexed"))
        return ColorSpec(indexed=i, tint=tint) if i is not None else None
    if (el.get("auto") or "").lower() in ("1", "true"):
        return ColorSpec(auto=True)
    return None


@dataclass(frozen=True)
class Font:
    name: str | None = None
    size: float | None = None
    bold: bool = False
    italic: bool = False
    underline: str = "none"
    strike: bool = False
    color: ColorSpec | None = None
    vert_align: str | None = None
    scheme: str | None = None


@dataclass(frozen=True)
class Fill:
    pattern: str | None = None
    fg: ColorSpec | None = None
    bg: ColorSpec | None = None
    gradient: tuple[ColorSpec, ...] = ()


@dataclass(frozen=True)
class BorderSide:
    style: str
    color: ColorSpec | None = None


@dataclass(frozen=True)
class Xf:
    num_fmt_id: int = 0
    font_id: int = 0
    fill_id: int = 0
    border_id: int = 0
    xf_id: int | None = None
    alignment: dict = field(default_factory=dict)
    locked: bool | None = None
    hidden: bool | None = None


@dataclass(frozen=True)
class Dxf:
    font: Font | None = None
    fill: Fill | None = None
    borders: dict = field(default_factory=dict)
    num_fmt: str | None = None


def _bool_child(parent: etree._Element, tag: str) -> bool:
    el = parent.find(_S + tag)
    if el is None:
        return False
    return (el.get("val") or "1").lower() not in ("0", "false", "none")


def read_font(el: etree._Element | None) -> Font | None:
    if el is None:
        return None
    name_el = el.find(_S + "name")
    sz = el.find(_S + "sz")
    u = el.find(_S + "u")
    va = el.find(_S + "vertAlign")
    scheme = el.find(_S + "scheme")
    underline = "none"
    if u is not None:
        underline = u.get("val") or "single"
        underline = {"singleAccounting": "single", "doubleAccounting": "double"}.get(
            underline, underline)
    return Font(name=name_el.get("val") if name_el is not None else None,
                size=to_float(sz.get("val")) if sz is not None else None,
                bold=_bool_child(el, "b"), italic=_bool_child(el, "i"), underline=underline,
                strike=_bool_child(el, "strike"), color=read_color(el.find(_S + "color")),
                vert_align=va.get("val") if va is not None else None,
                scheme=scheme.get("val") if scheme is not None else None)


def read_fill(el: etree._Element | None) -> Fill | None:
    if el is None:
        return None
    pf = el.find(_S + "patternFill")
    if pf is not None:
        return Fill(pattern=pf.get("patternType"), fg=read_color(pf.find(_S + "fgColor")),
                    bg=read_color(pf.find(_S + "bgColor")))
    gf = el.find(_S + "gradientFill")
    if gf is not None:
        stops = tuple(c for c in (read_color(s.find(_S + "color"))
                                  for s in gf.findall(_S + "stop")) if c is not None)
        return Fill(pattern="gradient", gradient=stops)
    return Fill()


def read_border(el: etree._Element | None) -> dict[str, BorderSide]:
    out: dict[str, BorderSide] = {}
    if el is None:
        return out
    for side, tags in (("left", ("left", "start")), ("right", ("right", "end")),
                       ("top", ("top",)), ("bottom", ("bottom",)), ("diagonal", ("diagonal",))):
        for tag in tags:
            s = el.find(_S + tag)
            if s is not None:
                out[side] = BorderSide(s.get("style") or "none", read_color(s.find(_S + "color")))
                break
    return out


def _read_xf(el: etree._Element) -> Xf:
    al = el.find(_S + "alignment")
    pr = el.find(_S + "protection")
    return Xf(num_fmt_id=to_int(el.get("numFmtId")) or 0, font_id=to_int(el.get("fontId")) or 0,
              fill_id=to_int(el.get("fillId")) or 0, border_id=to_int(el.get("borderId")) or 0,
              xf_id=to_int(el.get("xfId")),
              alignment=dict(al.attrib) if al is not None else {},
              locked=None if pr is None or pr.get("locked") is None
              else pr.get("locked") not in ("0", "false"),
              hidden=None if pr is None or pr.get("hidden") is None
              else pr.get("hidden") in ("1", "true"))


class Stylesheet:
    """Parsed ``xl/styles.xml`` (an absent part gives Excel's defaults: Calibri 11).

    Number formats and the indexed palette are read at once; fonts, fills, borders,
    differential formats and cell style formats when first asked for, and a cell format
    (``xf``) by index when first asked for: a grading touches a few of each."""

    def __init__(self, root: etree._Element | None, theme: Theme) -> None:
        self.theme = theme
        self._root = root
        self.num_fmts: dict[int, str] = {}
        self.indexed = list(DEFAULT_INDEXED)
        self._xf_els: list[etree._Element] = []
        self._xfs: dict[int, Xf] = {}
        self._codes: dict[int, str] = {}  # cellXfs index -> its number format code
        self._dates: dict[int, bool] = {}  # cellXfs index -> whether that code shows dates
        if root is None:
            return
        for el in root.iterfind(f"{_S}numFmts/{_S}numFmt"):
            fid = to_int(el.get("numFmtId"))
            if fid is not None and el.get("formatCode") is not None:
                self.num_fmts[fid] = el.get("formatCode") or ""
        self._xf_els = list(root.iterfind(f"{_S}cellXfs/{_S}xf"))
        custom = [normalize_hex(c.get("rgb")) for c in
                  root.iterfind(f"{_S}colors/{_S}indexedColors/{_S}rgbColor")]
        for i, c in enumerate(custom[:len(self.indexed)]):
            if c and c != "auto":
                self.indexed[i] = c

    def _each(self, path: str) -> list[etree._Element]:
        return [] if self._root is None else list(self._root.iterfind(path))

    @cached_property
    def fonts(self) -> list[Font]:
        if self._root is None:
            return [Font(name="Calibri", size=11.0)]
        return [read_font(f) or Font() for f in self._each(f"{_S}fonts/{_S}font")]

    @cached_property
    def fills(self) -> list[Fill]:
        return [read_fill(f) or Fill() for f in self._each(f"{_S}fills/{_S}fill")]

    @cached_property
    def borders(self) -> list[dict[str, BorderSide]]:
        return [read_border(b) for b in self._each(f"{_S}borders/{_S}border")]

    @property
    def xfs(self) -> list[Xf]:
        return [self.xf(i) for i in range(len(self._xf_els))]  # type: ignore[misc]

    @cached_property
    def style_xfs(self) -> list[Xf]:
        return [_read_xf(x) for x in self._each(f"{_S}cellStyleXfs/{_S}xf")]

    @cached_property
    def style_names(self) -> dict[int, str]:
        out: dict[int, str] = {}
        for cs in self._each(f"{_S}cellStyles/{_S}cellStyle"):
            xid = to_int(cs.get("xfId"))
            if xid is not None and xid not in out:
                out[xid] = cs.get("name") or ""
        return out

    @cached_property
    def dxfs(self) -> list[Dxf]:
        out = []
        for d in self._each(f"{_S}dxfs/{_S}dxf"):
            nf = d.find(_S + "numFmt")
            out.append(Dxf(font=read_font(d.find(_S + "font")),
                           fill=read_fill(d.find(_S + "fill")),
                           borders=read_border(d.find(_S + "border")),
                           num_fmt=nf.get("formatCode") if nf is not None else None))
        return out

    # ------------------------------------------------------------------ lookups
    def xf(self, index: int | None) -> Xf | None:
        """The cell format at ``index`` in ``cellXfs``; ``None`` when out of range."""
        if index is None or not 0 <= index < len(self._xf_els):
            return None
        got = self._xfs.get(index)
        if got is None:
            got = self._xfs[index] = _read_xf(self._xf_els[index])
        return got

    def font(self, index: int | None) -> Font | None:
        return self.fonts[index] if index is not None and 0 <= index < len(self.fonts) else None

    def fill(self, index: int | None) -> Fill | None:
        return self.fills[index] if index is not None and 0 <= index < len(self.fills) else None

    def border(self, index: int | None) -> dict[str, BorderSide]:
        if index is None or not 0 <= index < len(self.borders):
            return {}
        return self.borders[index]

    def dxf(self, index: int | None) -> Dxf | None:
        return self.dxfs[index] if index is not None and 0 <= index < len(self.dxfs) else None

    def number_format_at(self, index: int | None) -> str:
        """The number format code of cell format ``index`` (``None``: 0), General when the
        index is out of range or its id unknown; remembered per index like the ``Xf``
        (every number cell of a sheet asks)."""
        key = index if index is not None else 0
        got = self._codes.get(key)
        if got is None:
            xf = self.xf(key)
            got = "General" if xf is None else (self.number_format(xf.num_fmt_id) or "General")
            if len(self._codes) < 65_536:
                self._codes[key] = got
        return got

    def is_date_at(self, index: int | None) -> bool:
        """Whether cell format ``index``'s number format shows dates (``is_date_format`` of
        ``number_format_at``), remembered per index."""
        key = index if index is not None else 0
        got = self._dates.get(key)
        if got is None:
            got = is_date_format(self.number_format_at(key))
            if len(self._dates) < 65_536:
                self._dates[key] = got
        return got

    def number_format(self, num_fmt_id: int | None) -> str | None:
        """The format code of an id: a custom ``numFmt`` first, else the built-in table;
        ``None`` for an unknown id."""
        if num_fmt_id is None:
            return None
        return self.num_fmts.get(num_fmt_id) or builtin_format(num_fmt_id)

    def style_name(self, xf: Xf | None) -> str | None:
        if xf is None or xf.xf_id is None:
            return None
        return self.style_names.get(xf.xf_id)

    def resolve(self, color: ColorSpec | None) -> str | None:
        """RGB ``RRGGBB`` (tint applied) or ``auto``; ``None`` when the color cannot be
        resolved (theme index without a theme, out-of-range palette index)."""
        if color is None:
            return None
        if color.auto:
            return "auto"
        base: str | None = None
        if color.rgb:
            base = color.rgb
        elif color.theme is not None:
            if 0 <= color.theme < len(THEME_INDEX):
                base = self.theme.color(THEME_INDEX[color.theme])
        elif color.indexed is not None:
            if 0 <= color.indexed < len(self.indexed):
                base = self.indexed[color.indexed]
            elif color.indexed == 64:
                return "auto"
            elif color.indexed == 65:
                base = "FFFFFF"
        if base is None or base == "auto":
            return base
        return apply_excel_tint(base, color.tint) if color.tint else base
