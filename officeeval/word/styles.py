"""``styles.xml``: style definitions, basedOn chains (cycle-safe, memoized) and document
defaults.

A ``basedOn`` cycle or a dangling ``basedOn`` ends the chain where it breaks: the style still
resolves through the styles before the break, never loops.
"""

from __future__ import annotations

from dataclasses import dataclass

from lxml import etree

from officeeval.ooxml.ns import W
from officeeval.vocabulary import style_key

_W = f"{{{W}}}"
MAX_CHAIN = 64


@dataclass(frozen=True)
class Style:
    id: str
    name: str
    type: str
    based_on: str | None
    el: etree._Element
    is_default: bool
    custom: bool

    def child(self, tag: str) -> etree._Element | None:
        return self.el.find(_W + tag)

    @property
    def rpr(self) -> etree._Element | None:
        return self.el.find(_W + "rPr")

    @property
    def ppr(self) -> etree._Element | None:
        return self.el.find(_W + "pPr")

    @property
    def display_name(self) -> str:
        return self.name or self.id


class Styles:
    """Styles of one document; an absent ``styles.xml`` gives an empty set (every property
    then falls through to the application defaults)."""

    def __init__(self, root: etree._Element | None) -> None:
        self.by_id: dict[str, Style] = {}
        self._by_name: dict[str, Style] = {}
        self._defaults: dict[str, Style] = {}
        self._chains: dict[str, tuple[Style, ...]] = {}
        self.doc_rpr: etree._Element | None = None
        self.doc_ppr: etree._Element | None = None
        if root is None:
            return
        dd = root.find(_W + "docDefaults")
        if dd is not None:
            self.doc_rpr = dd.find(f"{_W}rPrDefault/{_W}rPr")
            self.doc_ppr = dd.find(f"{_W}pPrDefault/{_W}pPr")
        for el in root.iter(_W + "style"):
            sid = el.get(_W + "styleId") or ""
            name_el = el.find(_W + "name")
            based = el.find(_W + "basedOn")
            st = Style(
                id=sid, name=(name_el.get(_W + "val") or "") if name_el is not None else "",
                type=el.get(_W + "type") or "paragraph",
                based_on=based.get(_W + "val") if based is not None else None, el=el,
                is_default=_on(el.get(_W + "default")), custom=_on(el.get(_W + "customStyle")))
            if sid and sid not in self.by_id:
                self.by_id[sid] = st
            if st.name and st.name.lower() not in self._by_name:
                self._by_name[st.name.lower()] = st
            if st.is_default and st.type not in self._defaults:
                self._defaults[st.type] = st

    def get(self, style_id: str | None) -> Style | None:
        """A style by id; ``None`` when absent."""
        return self.by_id.get(style_id) if style_id else None

    def default(self, style_type: str) -> Style | None:
        """The default style of a type (``paragraph`` -> usually Normal); ``None`` if none."""
        return self._defaults.get(style_type)

    def chain(self, style_id: str | None) -> tuple[Style, ...]:
        """The style and its basedOn ancestors, nearest first; stops at a cycle, a dangling
        id or ``MAX_CHAIN`` styles."""
        if not style_id:
            return ()
        hit = self._chains.get(style_id)
        if hit is not None:
            return hit
        out: list[Style] = []
        seen: set[str] = set()
        sid: str | None = style_id
        while sid and sid not in seen and len(out) < MAX_CHAIN:
            st = self.by_id.get(sid)
            if st is None:
                break
            seen.add(sid)
            out.append(st)
            sid = st.based_on
        result = tuple(out)
        self._chains[style_id] = result
        return result

    def find(self, name: str) -> Style | None:
        """A style by id, by exact name, or by localized built-in name (``标题 1`` finds the
        style named ``heading 1``); ``None`` when there is no such style."""
        if name in self.by_id:
            return self.by_id[name]
        hit = self._by_name.get(name.lower())
        if hit is not None:
            return hit
        key = style_key(name)
        for st in self.by_id.values():
            if style_key(st.name) == key or style_key(st.id) == key:
                return st
        return None


def _on(value: str | None) -> bool:
    return (value or "").lower() in ("1", "true", "on")
