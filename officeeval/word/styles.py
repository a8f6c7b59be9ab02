"""``styles.xml``: style definitions, basedOn chains (cycle-safe, memoized) and document
defaults.

A ``basedOn`` cycle or a dangling ``basedOn`` ends the chain where it breaks: the style still
resolves through the styles before the break, never loops.
"""

from __future__ import annotations

from dataclasses import dataclass

from lxml import etree

from officeeval.cache import ProcessMemo
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
    then falls through to the application defaults).

    Indexed lazily: opening reads only the document defaults and which element holds each
    style id (python-docx's template alone defines 164 styles and a document uses a few);
    a ``Style`` is built when it is first asked for, the name and localized-name indexes
    when a lookup first needs them. The tree must not change after construction.
    """

    def __init__(self, root: etree._Element | None) -> None:
        self._root = root
        self._els: dict[str, etree._Element] = {}  # style id -> its first element
        self._built: dict[etree._Element, Style] = {}
        self._all: dict[str, Style] | None = None
        self._by_name: dict[str, Style] | None = None
        self._by_key: dict[str, Style] | None = None
        self._defaults: dict[str, Style] | None = None
        self._chains: dict[str, tuple[Style, ...]] = {}
        self.doc_rpr: etree._Element | None = None
        self.doc_ppr: etree._Element | None = None
        if root is None:
            return
        dd = root.find(_W + "docDefaults")
        if dd is not None:
            self.doc_rpr = dd.find(f"{_W}rPrDefault/{_W}rPr")
            self.doc_ppr = dd.find(f"{_W}pPrDefault/{_W}pPr")
        els = self._els
        for el in root.iter(_W + "style"):
            sid = el.get(_W + "styleId")
            if sid and sid not in els:
                els[sid] = el

    def _style(self, el: etree._Element) -> Style:
        st = self._built.get(el)
        if st is None:
            name_el = el.find(_W + "name")
            based = el.find(_W + "basedOn")
            st = self._built[el] = Style(
                id=el.get(_W + "styleId") or "",
                name=(name_el.get(_W + "val") or "") if name_el is not None else "",
                type=el.get(_W + "type") or "paragraph",
                based_on=based.get(_W + "val") if based is not None else None, el=el,
                is_default=_on(el.get(_W + "default")), custom=_on(el.get(_W + "customStyle")))
        return st

    def _every(self):
        """Every ``w:style`` element's Style, in document order (none for no styles part)."""
        if self._root is None:
            return
        for el in self._root.iter(_W + "style"):
            yield self._style(el)

    @property
    def by_id(self) -> dict[str, Style]:
        """Every style by id (the first definition of an id wins), in document order."""
        if self._all is None:
            self._all = {sid: self._style(el) for sid, el in self._els.items()}
        return self._all

    def get(self, style_id: str | None) -> Style | None:
        """A style by id; ``None`` when absent."""
        if not style_id:
            return None
        el = self._els.get(style_id)
        return self._style(el) if el is not None else None

    def default(self, style_type: str) -> Style | None:
        """The default style of a type (``paragraph`` -> usually Normal); ``None`` if none."""
        if self._defaults is None:
            self._defaults = {}
            if self._root is not None:
                for el in self._root.iter(_W + "style"):
                    if _on(el.get(_W + "default")):
                        self._defaults.setdefault(el.get(_W + "type") or "paragraph",
                                                  self._style(el))
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
            st = self.get(sid)
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
        st = self.get(name)
        if st is not None:
            return st
        if self._by_name is None:
            self._by_name = {}
            for st in self._every():
                if st.name:
                    self._by_name.setdefault(st.name.lower(), st)
        hit = self._by_name.get(name.lower())
        if hit is not None:
            return hit
        if self._by_key is None:
            # The first style (by id order) whose name or id has the key, as a scan would.
            self._by_key = {}
            for st in self.by_id.values():
                self._by_key.setdefault(style_key(st.name), st)
                self._by_key.setdefault(style_key(st.id), st)
        return self._by_key.get(style_key(name))


# Styles of shared (read-only, content-keyed) styles trees: the index is a pure function of
# the tree, so documents with byte-identical styles parts share it too.
_SHARED: "ProcessMemo[Styles]" = ProcessMemo("word.shared_styles", 8)


def shared_styles(root: etree._Element | None) -> Styles:
    """``Styles(root)`` for a tree that never changes (``Package.xml(..., shared=True)``),
    built once per tree while it is among the last few used. Never raises."""
    if root is None:
        return Styles(None)
    return _SHARED.get_or_make(root, lambda: Styles(root))


def _on(value: str | None) -> bool:
    return (value or "").lower() in ("1", "true", "on")
