"""``numbering.xml``: list definitions (``w:abstractNum``), list instances (``w:num``) with
their level overrides, and which list level a paragraph shows.

How a paragraph gets its list level (ISO 29500 17.9):

* ``w:numPr`` set directly on the paragraph wins; ``w:numId="0"`` there removes numbering a
  style would give. A direct ``w:ilvl`` without ``w:numId`` takes the numId from the style.
* Otherwise the first style in the paragraph style's basedOn chain with a ``w:numPr`` gives the
  list; its level is the style's ``w:ilvl``, else the level whose ``w:pStyle`` names the style
  (17.9.23), else level 0.
* ``w:num`` -> ``w:abstractNumId`` -> ``w:abstractNum``; an abstractNum with
  ``w:numStyleLink`` takes its levels from the numbering style's list (cycle-safe).
* ``w:lvlOverride/w:lvl`` replaces a level; ``w:lvlOverride/w:startOverride`` restarts it.

Everything odd (dangling ids, missing levels, cycles) is "not numbered", never an exception.
"""

from __future__ import annotations

from dataclasses import dataclass

from lxml import etree

from officeeval.ooxml.ns import W
from officeeval.ooxml.units import to_int
from officeeval.targets import Target

_W = f"{{{W}}}"
MAX_LINKS = 16


@dataclass(frozen=True)
class LevelDef:
    """One list level as a paragraph shows it. ``ilvl`` is 0-based; ``fmt`` the ``numFmt``
    token (``decimal`` when absent, as Word does); ``text`` the ``lvlText`` pattern."""

    num_id: str
    abstract_id: str
    ilvl: int
    fmt: str
    text: str | None
    start: int
    start_override: int | None
    legal: bool
    restart_after: int | None
    el: etree._Element | None

    @property
    def ppr(self) -> etree._Element | None:
        return self.el.find(_W + "pPr") if self.el is not None else None

    @property
    def rpr(self) -> etree._Element | None:
        return self.el.find(_W + "rPr") if self.el is not None else None


@dataclass(frozen=True)
class NumRef:
    """Which list a paragraph (or style) uses: ``from_style`` tells whether the ``w:numPr``
    came from the paragraph style rather than the paragraph itself."""

    num_id: str
    ilvl: int
    from_style: bool


class Numbering:
    """The numbering part of one document; an absent part numbers nothing."""

    def __init__(self, root: etree._Element | None, styles) -> None:
        self.styles = styles
        self.abstract: dict[str, etree._Element] = {}
        self.nums: dict[str, etree._Element] = {}
        self._levels: dict[tuple[str, int], LevelDef | None] = {}
        if root is None:
            return
        for el in root.findall(_W + "abstractNum"):
            aid = el.get(_W + "abstractNumId")
            if aid is not None and aid not in self.abstract:
                self.abstract[aid] = el
        for el in root.findall(_W + "num"):
            nid = el.get(_W + "numId")
            if nid is not None and nid not in self.nums:
                self.nums[nid] = el

    # ------------------------------------------------------------------ definitions
    def abstract_id(self, num_id: str) -> str | None:
        num = self.nums.get(num_id)
        if num is None:
            return None
        ref = num.find(_W + "abstractNumId")
        aid = ref.get(_W + "val") if ref is not None else None
        return aid if aid in self.abstract else None

    def _levels_owner(self, abstract_id: str) -> etree._Element | None:
        """The abstractNum whose ``w:lvl`` elements apply: follows ``numStyleLink`` to the
        numbering style's list (that list's abstractNum carries ``styleLink``)."""
        seen: set[str] = set()
        aid: str | None = abstract_id
        while aid is not None and aid not in seen and len(seen) < MAX_LINKS:
            seen.add(aid)
            el = self.abstract.get(aid)
            if el is None:
                return None
            link = el.find(_W + "numStyleLink")
            if link is None or not link.get(_W + "val"):
                return el
            style = self.styles.find(link.get(_W + "val") or "")
            num_id = _style_num_id(style)
            aid = self.abstract_id(num_id) if num_id else None
        return None

    def level(self, num_id: str, ilvl: int) -> LevelDef | None:
        """The level definition of list instance ``num_id`` at ``ilvl``; ``None`` when the
        list or the level does not exist."""
        key = (num_id, ilvl)
        if key in self._levels:
            return self._levels[key]
        result = self._level(num_id, ilvl)
        self._levels[key] = result
        return result

    def _level(self, num_id: str, ilvl: int) -> LevelDef | None:
        aid = self.abstract_id(num_id)
        if aid is None or not 0 <= ilvl <= 8:
            return None
        owner = self._levels_owner(aid)
        lvl = _find_lvl(owner, ilvl) if owner is not None else None
        start_override = None
        num = self.nums[num_id]
        for ov in num.findall(_W + "lvlOverride"):
            if to_int(ov.get(_W + "ilvl")) != ilvl:
                continue
            so = ov.find(_W + "startOverride")
            if so is not None:
                start_override = to_int(so.get(_W + "val"))
            replaced = ov.find(_W + "lvl")
            if replaced is not None:
                lvl = replaced
        if lvl is None:
            return None
        fmt_el = lvl.find(_W + "numFmt")
        fmt = (fmt_el.get(_W + "val") if fmt_el is not None else None) or "decimal"
        text_el = lvl.find(_W + "lvlText")
        text = text_el.get(_W + "val") if text_el is not None else None
        start_el = lvl.find(_W + "start")
        start = to_int(start_el.get(_W + "val")) if start_el is not None else None
        legal_el = lvl.find(_W + "isLgl")
        restart_el = lvl.find(_W + "lvlRestart")
        return LevelDef(num_id=num_id, abstract_id=aid, ilvl=ilvl, fmt=fmt, text=text,
                        start=start if start is not None else 0,
                        start_override=start_override,
                        legal=legal_el is not None and _on(legal_el.get(_W + "val")),
                        restart_after=to_int(restart_el.get(_W + "val"))
                        if restart_el is not None else None,
                        el=lvl)

    # ------------------------------------------------------------------ paragraphs
    def ref_for(self, ppr: etree._Element | None, style_id: str | None) -> NumRef | None:
        """The list a paragraph with direct properties ``ppr`` and style ``style_id``
        uses; ``None`` when it is not numbered."""
        direct = ppr.find(_W + "numPr") if ppr is not None else None
        d_num = d_lvl = None
        if direct is not None:
            d_num = _val(direct.find(_W + "numId"))
            d_lvl = to_int(_val(direct.find(_W + "ilvl")))
            if d_num is not None:
                if d_num == "0" or d_num not in self.nums:
                    return None
                return NumRef(d_num, _clamp(d_lvl if d_lvl is not None else 0), False)
        style_ref = self.style_ref(style_id)
        if style_ref is None:
            return None
        if d_lvl is not None:
            return NumRef(style_ref.num_id, _clamp(d_lvl), True)
        return style_ref

    def style_ref(self, style_id: str | None) -> NumRef | None:
        """The list a paragraph style (or one it is based on) attaches; ``None`` if none."""
        for st in self.styles.chain(style_id):
            ppr = st.ppr
            np_ = ppr.find(_W + "numPr") if ppr is not None else None
            if np_ is None:
                continue
            num_id = _val(np_.find(_W + "numId"))
            if num_id is None:
                continue  # only an ilvl here: keep looking for the list up the chain
            if num_id == "0" or num_id not in self.nums:
                return None
            ilvl = to_int(_val(np_.find(_W + "ilvl")))
            if ilvl is None:
                ilvl = self._level_for_style(num_id, style_id or st.id)
            return NumRef(num_id, _clamp(ilvl), True)
        return None

    def _level_for_style(self, num_id: str, style_id: str) -> int:
        aid = self.abstract_id(num_id)
        owner = self._levels_owner(aid) if aid else None
        if owner is not None:
            for lvl in owner.findall(_W + "lvl"):
                ps = lvl.find(_W + "pStyle")
                if ps is not None and ps.get(_W + "val") == style_id:
                    return _clamp(to_int(lvl.get(_W + "ilvl")) or 0)
        return 0


def _find_lvl(abstract: etree._Element, ilvl: int) -> etree._Element | None:
    for lvl in abstract.findall(_W + "lvl"):
        if to_int(lvl.get(_W + "ilvl")) == ilvl:
            return lvl
    return None


def _style_num_id(style) -> str | None:
    if style is None or style.ppr is None:
        return None
    np_ = style.ppr.find(_W + "numPr")
    return _val(np_.find(_W + "numId")) if np_ is not None else None


def _val(el: etree._Element | None) -> str | None:
    return el.get(_W + "val") if el is not None else None


def _clamp(ilvl: int | None) -> int:
    if ilvl is None:
        return 0
    return max(0, min(8, ilvl))


def _on(v: str | None) -> bool:
    return v is None or v.lower() in ("1", "true", "on")


class ListLevelTarget(Target):
    """One level of the list a paragraph or paragraph style uses (``paragraph[3]/level[2]``):
    a target of kind ``list_level`` carrying the ``NumRef`` the numbering properties read,
    so they answer for that level (its format, text, start, suffix, first label) whatever
    level the paragraph itself is at. Built by ``list_levels``."""

    kind = "list_level"

    def __init__(self, doc, num_ref: NumRef, locator: str) -> None:
        super().__init__(doc, locator)
        self.num_ref = num_ref


def list_levels(parent) -> list:
    """The levels (1 to 9, up to the first the list does not define) of the list
    ``parent`` (a paragraph or paragraph style) uses; ``[]`` when it is in none."""
    ref = getattr(parent, "num_ref", None)
    if ref is None or parent.kind not in ("paragraph", "style"):
        return []
    out = []
    for ilvl in range(9):
        if parent.doc.numbering.level(ref.num_id, ilvl) is None:
            break
        out.append(ListLevelTarget(parent.doc, NumRef(ref.num_id, ilvl, False),
                                   f"{parent.locator}/level[{ilvl + 1}]"))
    return out
