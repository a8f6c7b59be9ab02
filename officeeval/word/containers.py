"""Block content of any story container (the body, a table cell, a header, a note, a text
box): its paragraphs and tables as targets, with locators under the container's own.

Paragraphs are numbered per container (``paragraph[3]``), tables too (``table[1]``), so a
table cell's first paragraph is ``table[1]/cell(1,1)/paragraph[1]``. A drop-cap frame
paragraph is folded into the paragraph that follows it (see ``targets``).
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

from lxml import etree

from officeeval.cache import cached_property, memo_value
from officeeval.ooxml.ns import W
from officeeval.word.text import iter_blocks
from officeeval.word.targets import ParagraphTarget

_W = f"{{{W}}}"


@dataclass
class Blocks:
    """A container's content: ``order`` holds paragraphs and tables as they appear."""

    paragraphs: list[ParagraphTarget] = field(default_factory=list)
    tables: list = field(default_factory=list)
    order: list = field(default_factory=list)


def drop_cap_kind(p: etree._Element) -> str | None:
    """``drop`` / ``margin`` when ``p`` is a drop-cap frame paragraph, else ``None``."""
    ppr = p.find(_W + "pPr")
    fp = ppr.find(_W + "framePr") if ppr is not None else None
    if fp is None:
        return None
    kind = fp.get(_W + "dropCap")
    return kind if kind in ("drop", "margin") else None


def build_blocks(doc, container: etree._Element, prefix: str, part: str,
                 table_style: Any = None, section: Any = None) -> Blocks:
    """Targets for the block content of ``container``; ``prefix`` is the container's
    locator followed by ``/`` (empty for the body)."""
    from officeeval.word.tables import TableTarget
    out = Blocks()
    pending_cap: etree._Element | None = None
    for el in iter_blocks(container):
        if el.tag == _W + "p":
            if pending_cap is None and drop_cap_kind(el) is not None:
                pending_cap = el
                continue
            i = len(out.paragraphs) + 1
            p = ParagraphTarget(doc, el, f"{prefix}paragraph[{i}]", i, table_style, part,
                                section, drop_cap=pending_cap)
            pending_cap = None
            out.paragraphs.append(p)
            out.order.append(p)
        else:
            if pending_cap is not None:
                _flush(doc, out, pending_cap, prefix, part, table_style, section)
                pending_cap = None
            t = TableTarget(doc, el, f"{prefix}table[{len(out.tables) + 1}]", part, section)
            out.tables.append(t)
            out.order.append(t)
    if pending_cap is not None:
        _flush(doc, out, pending_cap, prefix, part, table_style, section)
    return out


def _flush(doc, out: Blocks, el: etree._Element, prefix: str, part: str, table_style: Any,
           section: Any) -> None:
    # A drop cap with nothing after it stays a paragraph of its own.
    i = len(out.paragraphs) + 1
    p = ParagraphTarget(doc, el, f"{prefix}paragraph[{i}]", i, table_style, part, section)
    out.paragraphs.append(p)
    out.order.append(p)


def walk_paragraphs(blocks: Blocks) -> Iterator[ParagraphTarget]:
    """Every paragraph of ``blocks`` in reading order, descending into tables (cells in
    row order, nested tables included)."""
    for b in blocks.order:
        if isinstance(b, ParagraphTarget):
            yield b
        else:
            for cell in b.cells:
                yield from walk_paragraphs(cell.blocks)


def content_paragraphs(target) -> list[ParagraphTarget]:
    """The paragraphs of a container that show content (all of them when none does; none
    for a target without paragraphs)."""
    def find() -> list[ParagraphTarget]:
        paragraphs = list(getattr(target, "paragraphs", None) or [])
        return [p for p in paragraphs if p.shows_content] or paragraphs
    return memo_value(target, "_officeeval_content_paragraphs", find)


def story_paragraphs(doc) -> Iterator[ParagraphTarget]:
    """The main story's paragraphs in reading order, table cells included."""
    return walk_paragraphs(doc.blocks)


class BlockContainer:
    """Mixin for targets holding block content. Subclasses set ``container_el`` (the
    element whose children are blocks), ``part``, ``section`` and optionally
    ``table_style``."""

    container_el: etree._Element
    part: str
    section: Any = None
    table_style: Any = None

    @cached_property
    def blocks(self) -> Blocks:
        return build_blocks(self.doc, self.container_el, f"{self.locator}/",  # type: ignore[attr-defined]
                            self.part, self.table_style, self.section)

    @property
    def paragraphs(self) -> list[ParagraphTarget]:
        return self.blocks.paragraphs

    @property
    def tables(self) -> list:
        return self.blocks.tables

    @property
    def story_root(self) -> etree._Element:
        return self.container_el

    def all_paragraphs(self) -> list[ParagraphTarget]:
        """Paragraphs including those in tables inside this container."""
        return list(walk_paragraphs(self.blocks))
