"""Effective run (character) formatting.

The chain, nearest first: direct ``w:rPr`` -> character style (``w:rStyle``) and its basedOn
ancestors -> the paragraph's style and ancestors -> the table style (for text in tables) ->
``w:docDefaults/w:rPrDefault`` -> the application default. Toggle properties (bold, italic,
caps, strike …) follow ISO 29500 17.7.3: direct formatting is absolute; otherwise the values
found in the table, paragraph and character style hierarchies are combined with XOR, so bold
from a bold paragraph style plus a bold character style is *not* bold, as Word renders it.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from lxml import etree

from officeeval.ooxml.colors import normalize_hex
from officeeval.ooxml.ns import W
from officeeval.ooxml.units import half_points_to_pt, to_float, twips_to_pt
from officeeval.values import Observation
from officeeval.word.theme_colors import theme_or_stored

_W = f"{{{W}}}"

# Application defaults when nothing in the document says (what Word applies).
DEFAULT_FONT = "Times New Roman"
DEFAULT_SIZE_PT = 10.0

TOGGLES = {"b", "bCs", "i", "iCs", "caps", "smallCaps", "strike", "dstrike", "outline",
           "shadow", "emboss", "imprint", "vanish"}


@dataclass(frozen=True)
class Level:
    source: str       # direct | style:<id> | docDefaults
    kind: str         # direct | char | para | table | defaults
    props: etree._Element  # a w:rPr or w:pPr
    _children: dict = field(default_factory=dict, compare=False, hash=False, repr=False)

    def find(self, tag: str) -> etree._Element | None:
        """The first ``w:tag`` child of ``props`` (indexed once: chains are searched for
        dozens of properties on thousands of runs)."""
        index = self._children
        if not index:
            for child in reversed(self.props):
                if isinstance(child.tag, str):
                    index[child.tag] = child
            index[""] = None  # built, even for an empty element
        return index.get(_W + tag)


def on_off(el: etree._Element) -> bool:
    """An ST_OnOff element: present without ``w:val`` means on."""
    v = el.get(_W + "val")
    return v is None or v.lower() in ("1", "true", "on")


class RunChain:
    """The formatting levels of one run (or paragraph mark, or style)."""

    def __init__(self, levels: list[Level],
                 langs: tuple[dict[str, str], dict[str, str]] = ({}, {}), theme=None) -> None:
        self.levels = levels
        self.theme = theme
        # (settings' themeFontLang, docDefaults' w:lang): see ``language``.
        self.langs = langs

    def direct_only(self) -> "RunChain":
        return RunChain([lv for lv in self.levels if lv.kind == "direct"], self.langs,
                        self.theme)

    def language(self, kind: str) -> str | None:
        """The language (``eastAsia`` or ``bidi``) that picks a theme script font: the
        document's ``w:themeFontLang``, else the run's effective ``w:lang``, else the
        document default; ``None`` when nothing names one."""
        preferred, defaults = self.langs
        if preferred.get(kind):
            return preferred[kind]
        for lv in self.levels:
            el = lv.find("lang")
            if el is not None and el.get(_W + kind):
                return el.get(_W + kind)
        return defaults.get(kind)

    # ------------------------------------------------------------------ generic lookups
    def first(self, tag: str) -> tuple[etree._Element, str] | None:
        """The first level defining ``tag``: (element, source)."""
        for lv in self.levels:
            el = lv.find(tag)
            if el is not None:
                return el, lv.source
        return None

    def toggle(self, tag: str) -> Observation | None:
        """A toggle property (17.7.3); ``None`` when no level sets it (callers default)."""
        by_kind: dict[str, tuple[bool, str]] = {}
        for lv in self.levels:
            if lv.kind in by_kind:
                continue
            el = lv.find(tag)
            if el is None:
                continue
            if lv.kind in ("direct", "defaults"):
                if lv.kind == "direct":
                    return Observation(on_off(el), lv.source)
                by_kind["defaults"] = (on_off(el), lv.source)
            else:
                by_kind[lv.kind] = (on_off(el), lv.source)
        styled = [by_kind[k] for k in ("table", "para", "char") if k in by_kind]
        if styled:
            value = False
            for v, _ in styled:
                value ^= v
            return Observation(value, styled[-1][1])
        if "defaults" in by_kind:
            v, src = by_kind["defaults"]
            return Observation(v, src)
        return None

    def font(self, slot: str) -> Observation | None:
        """Font of one slot (``ascii``, ``hAnsi``, ``eastAsia``, ``cs``): at each level a
        theme reference (``w:asciiTheme``) wins over an explicit face; each slot inherits on
        its own. A theme reference decides at its level even when the theme's face for it
        is empty (``<a:ea typeface=""/>``): the script font for the language is taken
        (``<a:font script="Hans"/>``), else the face written beside the reference; lower
        levels are never consulted then (Word does not). ``None`` when no level names a
        face."""
        for lv in self.levels:
            rf = lv.find("rFonts")
            if rf is None:
                continue
            theme_ref = rf.get(_W + slot + "Theme") if slot != "cs" else rf.get(_W + "cstheme")
            face = rf.get(_W + slot)
            fonts = self._theme_fonts(theme_ref)
            if fonts is not None:
                themed = self._theme_font(theme_ref, fonts)
                if themed:
                    return Observation(themed, f"theme:{theme_ref}" if lv.kind != "direct"
                                       else "direct:theme")
                return Observation(face, lv.source) if face else None
            if face:
                return Observation(face, lv.source)
        return None

    def _theme_fonts(self, ref: str | None):
        """The theme's major or minor font set a reference names; ``None`` without a
        reference or when the document's theme defines no such fonts (no theme part: the
        reference cannot be followed, and the levels are read as if it were absent)."""
        if not ref or self.theme is None:
            return None
        fs = self.theme.major if ref.startswith("major") else self.theme.minor
        return fs if (fs.latin or fs.ea or fs.cs or fs.scripts) else None

    def _theme_font(self, ref: str, fs) -> str:
        if ref.endswith("EastAsia"):
            return fs.east_asian(self.language("eastAsia"))
        if ref.endswith("Bidi"):
            return fs.complex_script(self.language("bidi"))
        return fs.latin


# ---------------------------------------------------------------------- property readers
def size(chain: RunChain) -> Observation | None:
    hit = chain.first("sz")
    if hit is not None:
        v = half_points_to_pt(hit[0].get(_W + "val"))
        if v is not None and v > 0:
            return Observation(v, hit[1])
    return None


def color(chain: RunChain) -> Observation | None:
    hit = chain.first("color")
    if hit is None:
        return None
    el, src = hit
    theme_slot = el.get(_W + "themeColor")
    if theme_slot and chain.theme is not None:
        rgb = chain.theme.color(theme_slot)
        if rgb:
            rgb = theme_or_stored(rgb, normalize_hex(el.get(_W + "val")),
                                  el.get(_W + "themeTint"), el.get(_W + "themeShade"))
            return Observation(rgb, src)
    v = normalize_hex(el.get(_W + "val"))
    return Observation(v, src) if v else None


def valued(chain: RunChain, tag: str, default_missing_val: str | None = None
           ) -> Observation | None:
    """The ``w:val`` of the first level defining ``tag``."""
    hit = chain.first(tag)
    if hit is None:
        return None
    v = hit[0].get(_W + "val", default_missing_val)
    return Observation(v, hit[1]) if v is not None else None


def vert_align(chain: RunChain) -> Observation | None:
    hit = chain.first("vertAlign")
    if hit is None:
        return None
    return Observation(hit[0].get(_W + "val") or "baseline", hit[1])


def spacing(chain: RunChain) -> Observation | None:
    hit = chain.first("spacing")
    if hit is None:
        return None
    v = twips_to_pt(hit[0].get(_W + "val"))
    return Observation(v, hit[1]) if v is not None else None


def scale(chain: RunChain) -> Observation | None:
    hit = chain.first("w")
    if hit is None:
        return None
    v = to_float(hit[0].get(_W + "val"))
    return Observation(v, hit[1]) if v is not None and v > 0 else None


def shading(chain: RunChain) -> Observation | None:
    hit = chain.first("shd")
    if hit is None:
        return None
    return Observation(_shd_color(hit[0], chain.theme), hit[1])


def _shd_color(el: etree._Element, theme) -> str:
    fill = el.get(_W + "fill")
    theme_fill = el.get(_W + "themeFill")
    if theme_fill and theme is not None and theme.color(theme_fill):
        return theme_or_stored(theme.color(theme_fill), normalize_hex(fill),
                               el.get(_W + "themeFillTint"), el.get(_W + "themeFillShade"))
    v = normalize_hex(fill)
    if v and v != "auto":
        return v
    if (el.get(_W + "val") or "clear") not in ("clear", "nil"):
        c = normalize_hex(el.get(_W + "color"))
        if c and c != "auto":
            return c
    return "none"


shd_color = _shd_color
