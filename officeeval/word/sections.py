"""Sections: which paragraphs each ``w:sectPr`` governs, and headers/footers with Word's
inheritance (a section without a header reference of a type uses the previous section's)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from lxml import etree

from officeeval.ooxml.ns import R, W
from officeeval.word.targets import ParagraphTarget, SectionTarget

if TYPE_CHECKING:
    from officeeval.word.document import WordDocument

_W = f"{{{W}}}"


def build_sections(doc: "WordDocument") -> list[SectionTarget]:
    """One target per section, in order, with the body paragraphs and tables it governs. A
    document without any ``w:sectPr`` still has one section (with Word's defaults)."""
    out: list[SectionTarget] = []
    paragraphs: list[ParagraphTarget] = []
    tables: list = []
    for block in doc.blocks.order:
        if not isinstance(block, ParagraphTarget):
            tables.append(block)
            continue
        paragraphs.append(block)
        sp = _sect_pr(block)
        if sp is not None:
            out.append(SectionTarget(doc, sp, len(out) + 1, paragraphs, tables))
            paragraphs, tables = [], []
    final = doc.body.find(_W + "sectPr")
    if final is None:
        final = etree.Element(_W + "sectPr")
    out.append(SectionTarget(doc, final, len(out) + 1, paragraphs, tables))
    return out


def _sect_pr(p: ParagraphTarget) -> etree._Element | None:
    for el in (p.el, p.drop_cap_el):
        if el is None:
            continue
        ppr = el.find(_W + "pPr")
        sp = ppr.find(_W + "sectPr") if ppr is not None else None
        if sp is not None:
            return sp
    return None


def sect_pr_of(p: ParagraphTarget) -> etree._Element | None:
    """The ``w:sectPr`` a body paragraph carries (it ends a section), or ``None``."""
    return _sect_pr(p)


def header_footer_part(section: SectionTarget, which: str, kind: str = "default"
                       ) -> str | None:
    """The part of the section's ``which`` (``header``/``footer``) of ``kind`` (``default``,
    ``first``, ``even``), inherited from earlier sections; ``None`` when no section has one.
    """
    doc: WordDocument = section.doc  # type: ignore[assignment]
    sections = doc.sections
    for s in reversed(sections[: section.index]):
        for ref in s.sect_pr.findall(f"{_W}{which}Reference"):
            if (ref.get(_W + "type") or "default") == kind:
                return doc.part_for_rel(ref.get(f"{{{R}}}id"))
    return None
