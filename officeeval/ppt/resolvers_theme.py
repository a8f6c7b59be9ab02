"""PowerPoint's theme: its name, its fonts and the twelve colours of its scheme, read through
the target's slide, layout or master (the first master for the presentation), each with its
writer below it."""

from __future__ import annotations

from typing import Any

from lxml import etree

from officeeval.ooxml.ns import A
from officeeval.ppt.sheets import Sheet
from officeeval.ppt.targets import PresentationTarget, SheetTarget, SlideTarget
from officeeval.properties import types as T
from officeeval.properties.define import PropertySet
from officeeval.properties.drafting import Drafting
from officeeval.properties.mistakes import Plan
from officeeval.properties.writing import NotApplicable, Session, WriterSet
from officeeval.targets import Target
from officeeval.values import Observation

PROPERTIES = PropertySet()
prop, binds = PROPERTIES.prop, PROPERTIES.binds
WRITERS = WriterSet()
THEME_KINDS = ("presentation", "slide", "layout", "master")
_A = f"{{{A}}}"


def _sheet(target) -> Sheet | None:
    if isinstance(target, (SlideTarget, SheetTarget)):
        return target.sheet
    if isinstance(target, PresentationTarget):
        masters = target.doc.masters
        return masters[0] if masters else None
    return None


def _theme_root(t: Target) -> etree._Element:
    """The theme part's root the target's slide (layout, master) uses, to edit;
    ``NotApplicable`` when there is none."""
    sheet = t.sheet if hasattr(t, "sheet") else t.doc.slide_sheets[0]  # type: ignore
    root = sheet.theme_root
    if root is None:
        raise NotApplicable("no theme")
    return root


# ------------------------------------------------------------------ the theme's name
@binds("theme.name", kinds=THEME_KINDS, plan=Plan("theme", suffix=" X"))
def theme_name(target, ctx) -> Observation | None:
    sheet = _sheet(target)
    if sheet is None or not sheet.theme.name:
        return None
    return Observation(sheet.theme.name, "theme")


@WRITERS.writer("theme.name")
def put_theme_name(session: Session, target: Target, value: Any) -> str:
    root = _theme_root(target)
    session.touch(root)
    root.set("name", str(value))
    return f"theme name {value!r}"


# ------------------------------------------------------------------ fonts
def _theme_font(target, which: str, script: str) -> Observation | None:
    sheet = _sheet(target)
    if sheet is None:
        return None
    fonts = getattr(sheet.theme, which)
    face = fonts.latin if script == "latin" else fonts.east_asian("zh-CN")
    return Observation(face, "theme") if face else None


def _font_writer(name: str, which: str, script: str) -> None:
    """Register the writer of theme font ``name``: ``script`` (``latin``, ``ea``) of the
    ``which`` font (``majorFont``, ``minorFont``); an East Asian font also becomes the
    Simplified Chinese script font."""
    @WRITERS.writer(name)
    def write(session: Session, target: Target, value: Any) -> str:
        root = _theme_root(target)
        session.touch(root)
        elems = root.find(_A + "themeElements")
        el = elems.find(f"{_A}fontScheme/{_A}{which}/{_A}{script}")
        if el is None:
            raise NotApplicable(f"no {which} {script} font")
        el.set("typeface", str(value))
        if script == "ea":
            for f in elems.findall(f"{_A}fontScheme/{_A}{which}/{_A}font"):
                if f.get("script") == "Hans":
                    f.set("typeface", str(value))
        return f"{which} {script} {value}"


@prop("theme.font.major", T.TEXT, kinds=THEME_KINDS, plan=Plan("theme", value="Courier New"))
def theme_font_major(target, ctx) -> Observation | None:
    """The theme's heading (major) Latin font."""
    return _theme_font(target, "major", "latin")


_font_writer("theme.font.major", "majorFont", "latin")


@prop("theme.font.minor", T.TEXT, kinds=THEME_KINDS, plan=Plan("theme", value="Courier New"))
def theme_font_minor(target, ctx) -> Observation | None:
    """The theme's body (minor) Latin font."""
    return _theme_font(target, "minor", "latin")


_font_writer("theme.font.minor", "minorFont", "latin")


@prop("theme.font.major.east_asia", T.TEXT, kinds=THEME_KINDS, plan=Plan("theme", value="仿宋"))
def theme_font_major_east_asia(target, ctx) -> Observation | None:
    """The theme's heading East Asian font (a:ea, or the Simplified Chinese script font
    when a:ea is empty)."""
    return _theme_font(target, "major", "ea")


_font_writer("theme.font.major.east_asia", "majorFont", "ea")


@prop("theme.font.minor.east_asia", T.TEXT, kinds=THEME_KINDS, plan=Plan("theme", value="仿宋"))
def theme_font_minor_east_asia(target, ctx) -> Observation | None:
    """The theme's body East Asian font."""
    return _theme_font(target, "minor", "ea")


_font_writer("theme.font.minor.east_asia", "minorFont", "ea")


# ------------------------------------------------------------------ colours
def _theme_color(name: str) -> None:
    """Define ``name`` (``theme.color.<slot>``), the slot's colour in the theme of the
    target's slide, layout or master, and its writer (the slot made that RGB)."""
    slot = name.removeprefix("theme.color.")

    def resolve(target, ctx) -> Observation | None:
        sheet = _sheet(target)
        rgb = sheet.theme.color(slot) if sheet is not None else None
        return Observation(rgb, "theme") if rgb else None
    prop(name, T.COLOR, kinds=THEME_KINDS, doc=f"The theme color {slot} as RGB.",
         draft=Drafting(pictured_by=("颜色", "填充", "背景", "底纹", "配色")),
         plan=Plan("theme", value="123456"))(resolve)

    @WRITERS.writer(name)
    def write(session: Session, target: Target, value: Any) -> str:
        root = _theme_root(target)
        session.touch(root)
        el = root.find(f"{_A}themeElements/{_A}clrScheme/{_A}{slot}")
        if el is None:
            raise NotApplicable(f"no theme colour {slot}")
        for c in list(el):
            el.remove(c)
        etree.SubElement(el, _A + "srgbClr", val=str(value))
        return f"{slot}={value}"


# The twelve slots of a theme's colour scheme, one catalog name each.
_theme_color("theme.color.dk1")
_theme_color("theme.color.lt1")
_theme_color("theme.color.dk2")
_theme_color("theme.color.lt2")
_theme_color("theme.color.accent1")
_theme_color("theme.color.accent2")
_theme_color("theme.color.accent3")
_theme_color("theme.color.accent4")
_theme_color("theme.color.accent5")
_theme_color("theme.color.accent6")
_theme_color("theme.color.hlink")
_theme_color("theme.color.folHlink")
