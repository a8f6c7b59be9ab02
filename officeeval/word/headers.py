"""Headers and footers per section and type, as Word shows them.

A section without a reference of a type uses the previous section's (ISO 29500 17.10.5). The
first-page header is shown only when the section has "different first page" (``w:titlePg``)
and the even-page one only with the document's ``w:evenAndOddHeaders``; when shown but defined
nowhere, the page shows an empty header, which is a target with no part and no text. The
default one is a target only when some section defines it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from lxml import etree

from officeeval.cache import memo_table
from officeeval.cache import cached_property
from officeeval.ooxml.ns import R, W
from officeeval.targets import Target
from officeeval.word.containers import BlockContainer
from officeeval.word.runs import on_off
from officeeval.word.text import all_text, field_instructions

if TYPE_CHECKING:
    from officeeval.word.targets import SectionTarget

_W = f"{{{W}}}"
KINDS = ("default", "first", "even")


class HeaderFooterTarget(BlockContainer, Target):
    """``which`` is ``header`` or ``footer``; ``hf_type`` is ``default``, ``first`` or
    ``even``; ``part`` is ``None`` for a shown-but-undefined (empty) one."""

    def __init__(self, section: "SectionTarget", which: str, hf_type: str,
                 part: str | None) -> None:
        Target.__init__(self, section.doc, f"{section.locator}/{which}[{hf_type}]")
        self.kind = which
        self.section = section
        self.which = which
        self.hf_type = hf_type
        self.part = part or section.doc.main  # type: ignore[attr-defined]
        self.defined = part is not None
        root = section.doc.package.xml_or_none(part) if part else None  # type: ignore[attr-defined]
        self.container_el = root if root is not None else etree.Element(_W + "hdr")

    @cached_property
    def text(self) -> str:
        return all_text(self.container_el).strip() if self.defined else ""

    @cached_property
    def instructions(self) -> list[str]:
        return field_instructions(self.container_el) if self.defined else []

    @cached_property
    def has_page_number(self) -> bool:
        return any(i.split()[:1] and i.split()[0].upper() == "PAGE" for i in self.instructions)

    def predicate_value(self, key: str) -> Any:
        if key == "type":
            return self.hf_type
        if key == "text":
            return self.text
        return None


def reference_part(section: "SectionTarget", which: str, hf_type: str) -> str | None:
    """The part of the section's ``which`` of type ``hf_type``, inherited from earlier
    sections; ``None`` when no section up to this one defines it (or it dangles)."""
    doc = section.doc
    for s in reversed(doc.sections[: section.index]):  # type: ignore[attr-defined]
        for ref in s.sect_pr.findall(f"{_W}{which}Reference"):
            if (ref.get(_W + "type") or "default") == hf_type:
                return doc.part_for_rel(ref.get(f"{{{R}}}id"))  # type: ignore[attr-defined]
    return None


def is_shown(section: "SectionTarget", hf_type: str) -> bool:
    if hf_type == "first":
        el = section.child("titlePg")
        return el is not None and on_off(el)
    if hf_type == "even":
        el = section.doc.setting("evenAndOddHeaders")  # type: ignore[attr-defined]
        return el is not None and on_off(el)
    return True


def header_footer(section: "SectionTarget", which: str, hf_type: str
                  ) -> HeaderFooterTarget | None:
    """The shown ``which`` of type ``hf_type`` of a section (cached per section), or
    ``None`` when that type is not shown or (default type) defined nowhere."""
    cache = memo_table(section, "_officeeval_headers_footers")
    key = (which, hf_type)
    if key not in cache:
        target = None
        if is_shown(section, hf_type):
            part = reference_part(section, which, hf_type)
            if part is not None or hf_type != "default":
                target = HeaderFooterTarget(section, which, hf_type, part)
        cache[key] = target
    return cache[key]


def shown(section: "SectionTarget", which: str) -> list[HeaderFooterTarget]:
    """The section's headers (or footers) that pages show, default first."""
    return [t for t in (header_footer(section, which, k) for k in KINDS) if t is not None]


def document_headers(doc, which: str) -> list[HeaderFooterTarget]:
    """Every shown header (footer) of every section, each part and type once."""
    seen: set[tuple[str | None, str]] = set()
    out: list[HeaderFooterTarget] = []
    for s in doc.sections:
        for t in shown(s, which):
            key = (t.part if t.defined else None, t.hf_type)
            if key in seen:
                continue
            seen.add(key)
            out.append(t)
    return out
