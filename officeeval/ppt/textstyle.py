"""Effective text formatting of PowerPoint text, the way PowerPoint resolves it.

The chain for a run in a shape, nearest first:

1. the run's ``a:rPr`` (``direct``; ``a:endParaRPr`` for an empty paragraph),
2. the paragraph's ``a:pPr`` and its ``a:defRPr`` (``paragraph``),
3. the shape's own list style ``a:lstStyle`` at the paragraph's level (``shape``),
4. the shape's theme style reference ``p:style/a:fontRef`` (font and color only, ``style``),
5. for placeholders, the matched layout placeholder's list style (``layout``) and the
   matched master placeholder's (``master``),
6. the master's text styles: ``p:titleStyle`` for titles, ``p:bodyStyle`` for other
   placeholders, ``p:otherStyle`` for dates/footers/slide numbers (``master``); the notes
   master's ``p:notesStyle`` on notes pages,
7. the presentation's ``p:defaultTextStyle`` (``presentation``; for shapes that are not
   placeholders this comes before the master's ``p:otherStyle``),
8. theme fonts (``+mj-lt``, ``+mn-ea`` …) and theme colors resolved through the color map of
   the sheet showing the text; PowerPoint's own defaults (18 pt, not bold …) last
   (``default``).

Every level is a pair (paragraph properties element, run properties element) so the same
chain answers run and paragraph properties. Attribute values that do not parse are treated
as absent at that level (the next level answers), never as errors.
"""

from __future__ import annotations

import re
from typing import Callable, Iterator, NamedTuple

from lxml import etree

from officeeval.cache import memo_table
from officeeval.ooxml.drawingml import find_fill, first_color, read_fill, theme_typeface
from officeeval.ooxml.units import centipoints_to_pt, emu_to_pt, to_float, to_int
from officeeval.ooxml.shared_trees import SHARED_TREES
from officeeval.ppt.markup import a, first_child, on, p
from officeeval.ppt.shapes import HEADER_FOOTER_TYPES, TITLE_TYPES, Shape
from officeeval.ppt.sheets import Sheet, inherited_placeholders
from officeeval.values import LineSpacing, Measure, Observation

DEFAULT_SIZE_PT = 18.0  # PowerPoint's size for text nothing else sizes
_EA_LANGS = re.compile(r"^(zh|ja|ko)(-|$)", re.I)
_HAN = re.compile(r"[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af\uf900-\ufaff]")

# DrawingML ST_TextUnderlineType -> the shared underline vocabulary's tokens.
UNDERLINE_TOKENS = {
    "none": "none", "sng": "single", "dbl": "double", "heavy": "thick", "dotted": "dotted",
    "dottedHeavy": "dottedHeavy", "dash": "dash", "dashHeavy": "dashedHeavy",
    "dashLong": "dashLong", "dashLongHeavy": "dashLongHeavy", "dotDash": "dotDash",
    "dotDashHeavy": "dashDotHeavy", "dotDotDash": "dotDotDash",
    "dotDotDashHeavy": "dashDotDotHeavy", "wavy": "wave", "wavyHeavy": "wavyHeavy",
    "wavyDbl": "wavyDouble", "words": "words",
}
ALIGN_TOKENS = {"l": "left", "ctr": "center", "r": "right", "just": "justify",
                "justLow": "justify", "dist": "distribute", "thaiDist": "distribute"}


class Level(NamedTuple):
    """One level of the chain: ``ppr`` is a paragraph-properties element (``a:pPr``,
    ``a:lvl2pPr``, ``a:defPPr``) and ``rpr`` a run-properties element (``a:rPr``,
    ``a:defRPr``, ``a:endParaRPr``); either may be ``None``. ``font_ref`` is a
    ``p:style/a:fontRef``. A named tuple: every run of every text a check reaches builds
    two (a frozen dataclass cost several times as much)."""

    source: str
    ppr: etree._Element | None = None
    rpr: etree._Element | None = None
    font_ref: etree._Element | None = None


def _list_levels(lst: etree._Element | None, level: int, source: str) -> list[Level]:
    """The levels a list style contributes at paragraph ``level`` (0-based): its
    ``a:lvlNpPr`` then its ``a:defPPr``."""
    if lst is None:
        return []
    out = []
    for tag in (_LVL_PPR[level] if 0 <= level < len(_LVL_PPR) else a(f"lvl{level + 1}pPr"),
                _DEF_PPR):
        el = first_child(lst, tag)
        if el is not None:
            out.append(Level(source, el, first_child(el, _DEF_RPR)))
    return out


_LVL_PPR = tuple(a(f"lvl{n}pPr") for n in range(1, 10))
_DEF_PPR, _LST_STYLE, _FONT_REF = a("defPPr"), a("lstStyle"), a("fontRef")
_SCRIPT_TAGS = {"latin": a("latin"), "ea": a("ea"), "cs": a("cs")}
_SCRIPT_REFS = {"latin": "lt", "ea": "ea", "cs": "cs"}


def text_style_kind(shape: Shape) -> str:
    """Which master text style a shape's text takes: ``title``, ``body``, ``other`` or
    ``notes``."""
    ph = shape.placeholder
    if shape.sheet.kind in ("notes", "notesMaster"):
        return "notes" if ph is not None and ph.type == "body" else "other"
    if ph is None:
        return "other"
    if ph.type in TITLE_TYPES:
        return "title"
    if ph.type in HEADER_FOOTER_TYPES:
        return "other"
    return "body"


def container_levels(shape: Shape, level: int, tx_body: etree._Element | None = None
                     ) -> list[Level]:
    """Levels above the paragraph for text of ``shape`` at paragraph ``level``
    (``tx_body`` overrides the shape's own text body, e.g. for a table cell). Memoized per
    shape, level and text body: every run of a shape shares them."""
    cache = memo_table(shape, "_officeeval_levels")
    key = (level, id(tx_body) if tx_body is not None else None)
    found = cache.get(key)
    # The body is kept with the levels: an id is only trusted while its element lives.
    if found is None or found[0] is not tx_body:
        found = (tx_body, _container_levels(shape, level, tx_body))
        cache[key] = found
    return found[1]


def _container_levels(shape: Shape, level: int, tx_body: etree._Element | None
                      ) -> list[Level]:
    body = tx_body if tx_body is not None else shape.tx_body
    out = _list_levels(first_child(body, _LST_STYLE) if body is not None else None, level,
                       "shape")
    style = shape.style
    if style is not None:
        font_ref = first_child(style, _FONT_REF)
        if font_ref is not None:
            out.append(Level("style", None, None, font_ref))
    for anc in inherited_placeholders(shape):
        out += _body_levels(anc, level)
    master = shape.sheet.master
    which = text_style_kind(shape)
    styles = _master_levels(master, which, level) if master is not None else []
    pres = _presentation_levels(shape.sheet.doc, level)
    if shape.placeholder is None and which == "other":
        out += pres
        out += styles
    else:
        out += styles
        out += pres
    return out


def _body_levels(anc: Shape, level: int) -> list[Level]:
    """The levels a layout's or master's placeholder contributes (its own list style),
    kept on that shape: every slide placeholder inheriting from it asks the same."""
    cache = memo_table(anc, "_officeeval_body_levels")
    found = cache.get(level)
    if found is None:
        body = anc.tx_body
        found = cache[level] = _list_levels(
            first_child(body, _LST_STYLE) if body is not None else None, level,
            anc.sheet.kind)
    return found


_STYLE_TAGS = {"title": "titleStyle", "body": "bodyStyle"}


def _master_levels(master: Sheet, which: str, level: int) -> list[Level]:
    """The levels of the master's text style ``which`` (``title``, ``body``, ``other``,
    ``notes``) at ``level``. A function of the master's tree alone: kept on the master, and
    with the tree itself when it is shared (every output of a task has its template's
    master)."""
    cache = memo_table(master, "_officeeval_style_levels")
    key = (which, level)
    found = cache.get(key)
    if found is None:
        root = master.root

        def read() -> list[Level]:
            if which == "notes":
                styles = first_child(root, p("notesStyle"))
            else:
                tx = first_child(root, p("txStyles"))
                styles = tx.find(p(_STYLE_TAGS.get(which, "otherStyle"))) \
                    if tx is not None else None
            return _list_levels(styles, level, "master")

        found = cache[key] = SHARED_TREES.derived(root, f"ppt.style_levels.{which}.{level}",
                                                  read) if master.shared else read()
    return found


def _presentation_levels(doc, level: int) -> list[Level]:
    """The levels of the presentation's ``p:defaultTextStyle`` at ``level``, kept on the
    document."""
    cache = memo_table(doc, "_officeeval_default_levels")
    found = cache.get(level)
    if found is None:
        found = cache[level] = _list_levels(doc.default_text_style, level, "presentation")
    return found


# Sources of the levels a chain starts with (the run's and the paragraph's own); every
# level above them (``container_levels``) has another source.
_OWN_SOURCES = frozenset({"direct", "paragraph"})


class TextChain:
    """The levels formatting one run (or paragraph mark) of a shape on ``sheet``.

    ``more``: the levels above the given ones, read only when a property is not answered
    by the nearer levels (text formatted on the run itself never reads its layout's and
    master's placeholders); ``levels`` is always the whole chain."""

    def __init__(self, sheet: Sheet, levels: list[Level], text: str = "",
                 lang: str | None = None,
                 more: "Callable[[], list[Level]] | None" = None) -> None:
        self.sheet = sheet
        self._levels = levels
        self._more = more
        self.text = text
        self.lang = lang

    @property
    def levels(self) -> list[Level]:
        """Every level, nearest first. Raises what reading the levels above raises."""
        if self._more is not None:
            self._levels = self._levels + self._more()
            self._more = None
        return self._levels

    def _walk(self) -> Iterator[Level]:
        """``levels`` one by one, the levels above read only when the walk reaches them."""
        head = self._levels
        yield from head
        if self._more is not None:
            yield from self.levels[len(head):]

    def only(self, sources: tuple[str, ...]) -> "TextChain":
        levels = self._levels if self._more is not None and _OWN_SOURCES.issuperset(
            sources) else self.levels
        return TextChain(self.sheet, [lv for lv in levels if lv.source in sources],
                         self.text, self.lang)

    # ------------------------------------------------------------------ run properties
    def _first_attr(self, which: str, name: str, parse) -> Observation | None:
        """The first level (nearest first) whose ``which`` (``rpr``/``ppr``) element has
        attribute ``name`` that ``parse`` reads as a value; unreadable values are skipped."""
        for lv in self._walk():
            el = getattr(lv, which)
            if el is None:
                continue
            raw = el.get(name)
            if raw is None:
                continue
            value = parse(raw)
            if value is not None:
                return Observation(value, lv.source)
        return None

    def _rpr_attr(self, name: str, parse) -> Observation | None:
        return self._first_attr("rpr", name, parse)

    def size(self) -> Observation | None:
        def parse(raw: str):
            v = centipoints_to_pt(raw)
            return round(v, 2) if v is not None and 0 < v <= 4000 else None
        return self._rpr_attr("sz", parse)

    def flag(self, name: str) -> Observation | None:
        return self._rpr_attr(name, lambda raw: on(raw, None))  # type: ignore[arg-type]

    def underline(self) -> Observation | None:
        return self._rpr_attr("u", lambda raw: UNDERLINE_TOKENS.get(raw))

    def strike(self) -> Observation | None:
        return self._rpr_attr("strike", lambda raw: raw if raw in (
            "noStrike", "sngStrike", "dblStrike") else None)

    def baseline(self) -> Observation | None:
        return self._rpr_attr("baseline", lambda raw: to_float(raw.rstrip("%")))

    def caps(self) -> Observation | None:
        return self._rpr_attr("cap", lambda raw: raw if raw in ("none", "small", "all")
                              else None)

    def spacing(self) -> Observation | None:
        return self._rpr_attr("spc", centipoints_to_pt)

    def _theme_face(self, face: str, script: str) -> str | None:
        theme = self.sheet.theme
        if face in ("+mj-ea", "+mn-ea"):
            fonts = theme.major if face == "+mj-ea" else theme.minor
            return fonts.east_asian(self.ea_lang()) or None
        return theme_typeface(face, theme.major.latin, theme.minor.latin, theme.major.ea,
                              theme.minor.ea, theme.major.cs, theme.minor.cs)

    def ea_lang(self) -> str | None:
        """The East Asian language picking the theme's script font: the run's ``altLang``
        or ``lang`` when East Asian, else Simplified Chinese when the text is Han."""
        for lv in self._walk():
            if lv.rpr is None:
                continue
            for attr in ("altLang", "lang"):
                v = lv.rpr.get(attr) or ""
                if _EA_LANGS.match(v):
                    return v
        if self.lang and _EA_LANGS.match(self.lang):
            return self.lang
        if _HAN.search(self.text or ""):
            return "zh-CN"
        return None

    def font(self, script: str) -> Observation | None:
        """The ``latin``, ``ea`` or ``cs`` face, theme references resolved; ``None`` when
        no level names one."""
        tag = _SCRIPT_TAGS.get(script) or a(script)
        for lv in self._walk():
            if lv.font_ref is not None:
                idx = lv.font_ref.get("idx") or ""
                if idx in ("major", "minor"):
                    ref = _SCRIPT_REFS[script]
                    face = self._theme_face(f"+{'mj' if idx == 'major' else 'mn'}-{ref}",
                                            script)
                    if face:
                        return Observation(face, "theme")
                continue
            if lv.rpr is None:
                continue
            el = first_child(lv.rpr, tag)
            if el is None:
                continue
            face = el.get("typeface") or ""
            if not face:
                continue
            if face.startswith("+"):
                resolved = self._theme_face(face, script)
                if resolved:
                    return Observation(resolved, "theme" if lv.source in (
                        "master", "presentation") else lv.source)
                continue
            return Observation(face, lv.source)
        return None

    def color(self) -> Observation | None:
        """Text fill color (RGB; ``none`` for ``a:noFill``), scheme colors resolved through
        the color map of the sheet showing the text."""
        for lv in self._walk():
            if lv.font_ref is not None:
                c = self.sheet.color(first_color(lv.font_ref))
                if c:
                    return Observation(c, "style")
                continue
            if lv.rpr is None:
                continue
            fill = read_fill(find_fill(lv.rpr), self.sheet.scheme_color)
            if fill is None:
                continue
            if fill.kind == "none":
                return Observation("none", lv.source)
            if fill.color:
                return Observation(fill.color, lv.source)
        return None

    def highlight(self) -> Observation | None:
        for lv in self._walk():
            if lv.rpr is None:
                continue
            hl = first_child(lv.rpr, a("highlight"))
            if hl is not None:
                c = self.sheet.color(first_color(hl))
                if c:
                    return Observation(c, lv.source)
        return None

    def hyperlink(self) -> etree._Element | None:
        for lv in self._walk():
            if lv.source == "direct" and lv.rpr is not None:
                return first_child(lv.rpr, a("hlinkClick"))
        return None

    # ------------------------------------------------------------------ paragraph properties
    def _ppr_attr(self, name: str, parse) -> Observation | None:
        return self._first_attr("ppr", name, parse)

    def alignment(self) -> Observation | None:
        return self._ppr_attr("algn", ALIGN_TOKENS.get)

    def margin_left(self) -> Observation | None:
        return self._ppr_attr("marL", emu_to_pt)

    def indent(self) -> Observation | None:
        return self._ppr_attr("indent", emu_to_pt)

    def spacing_rule(self, tag: str) -> tuple[etree._Element, str] | None:
        """The first ``a:lnSpc`` / ``a:spcBef`` / ``a:spcAft`` with a usable value."""
        for lv in self._walk():
            if lv.ppr is None:
                continue
            el = first_child(lv.ppr, a(tag))
            if el is None:
                continue
            for child in el:
                if child.tag in (a("spcPct"), a("spcPts")) and to_float(
                        child.get("val")) is not None:
                    return child, lv.source
        return None

    def line_spacing(self) -> Observation | None:
        got = self.spacing_rule("lnSpc")
        if got is None:
            return None
        el, source = got
        v = to_float(el.get("val"))
        if el.tag == a("spcPct"):
            return Observation(LineSpacing("multiple", round(v / 100000.0, 4)), source)
        return Observation(LineSpacing("exact", round(v / 100.0, 2)), source)

    def paragraph_space(self, tag: str) -> Observation | None:
        got = self.spacing_rule(tag)
        if got is None:
            return None
        el, source = got
        v = to_float(el.get("val"))
        if el.tag == a("spcPct"):
            return Observation(Measure(pt=None, lines=round(v / 100000.0, 4)), source)
        return Observation(Measure(pt=round(v / 100.0, 2)), source)

    def bullet(self) -> Observation | None:
        """``none``, the bullet character, ``autonumber:<scheme>`` or ``picture``."""
        for lv in self._walk():
            if lv.ppr is None:
                continue
            for child in lv.ppr:
                if child.tag == a("buNone"):
                    return Observation("none", lv.source)
                if child.tag == a("buChar") and child.get("char"):
                    return Observation(child.get("char"), lv.source)
                if child.tag == a("buAutoNum"):
                    return Observation(f"autonumber:{child.get('type') or 'arabicPeriod'}",
                                       lv.source)
                if child.tag == a("buBlip"):
                    return Observation("picture", lv.source)
        return None


def paragraph_level(p_el: etree._Element) -> int:
    """The paragraph's 0-based indent level (``a:pPr/@lvl``; odd values are 0)."""
    return _level_of(first_child(p_el, _PPR))


def _level_of(ppr: etree._Element | None) -> int:
    lvl = to_int(ppr.get("lvl")) if ppr is not None else None
    return lvl if lvl is not None and 0 <= lvl <= 8 else 0


_PPR, _RPR, _END_RPR, _DEF_RPR = a("pPr"), a("rPr"), a("endParaRPr"), a("defRPr")


def paragraph_chain(shape: Shape, p_el: etree._Element, run: etree._Element | None,
                    tx_body: etree._Element | None = None, text: str = "") -> TextChain:
    """The chain for ``run`` (an ``a:r``/``a:fld``) in paragraph ``p_el`` of ``shape``;
    ``run=None`` gives the paragraph mark's chain (its ``a:endParaRPr``)."""
    ppr = first_child(p_el, _PPR)
    level = _level_of(ppr)
    levels: list[Level] = [
        Level("direct", None, first_child(run if run is not None else p_el,
                                          _RPR if run is not None else _END_RPR)),
        Level("paragraph", ppr, first_child(ppr, _DEF_RPR) if ppr is not None else None)]
    return TextChain(shape.sheet, levels, text,
                     more=lambda: container_levels(shape, level, tx_body))
