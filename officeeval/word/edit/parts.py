"""The header and footer parts of a target (what the header and footer writers,
``word.props_headers``, and the audit edit): the parts a section shows, their text
elements, and unlinking a section from its header or footer."""

from __future__ import annotations

from lxml import etree

from officeeval.properties.writing import NotApplicable, Session
from officeeval.targets import Target
from officeeval.word.edit.xml import _W


def sections_of(t: Target) -> list:
    """The sections a section-level target stands for (every one for the document)."""
    if t.kind == "section":
        return [t]
    if t.kind == "document":
        return list(t.doc.sections)  # type: ignore[attr-defined]
    raise NotApplicable(f"no header or footer on a {t.kind} target")


def hf_parts(t: Target, which: str) -> list[str]:
    """The parts holding the default ``which`` (header/footer) of a target: a header or
    footer target's own part, else those its sections show by default."""
    from officeeval.word.sections import header_footer_part
    if t.kind in ("header", "footer"):
        return [t.part] if getattr(t, "defined", False) else []  # type: ignore[attr-defined]
    out: list[str] = []
    for s in sections_of(t):
        part = header_footer_part(s, which)
        if part is not None and part not in out:
            out.append(part)
    return out


def hf_parts_all_kinds(t: Target, which: str) -> list[str]:
    """As ``hf_parts``, with the first-page and even-page parts a section shows too (what
    ``header.has_page_number`` reads)."""
    from officeeval.word.sections import header_footer_part
    if t.kind in ("header", "footer"):
        return hf_parts(t, which)
    out: list[str] = []
    for s in sections_of(t):
        for kind in ("default", "first", "even"):
            part = header_footer_part(s, which, kind)
            if part is not None and part not in out:
                out.append(part)
    return out


def hf_text_nodes(session: Session, t: Target, which: str) -> list[etree._Element]:
    """The ``w:t`` elements of the target's ``which`` parts, in order (the parts marked as
    changed)."""
    return [x for part in hf_parts(t, which) for x in session.part(part).iter(_W + "t")]


def unlink(session: Session, target: Target, which: str) -> str:
    """The sections' references to their ``which`` parts dropped (the part stays)."""
    for s in sections_of(target):
        for ref in s.sect_pr.findall(f"{_W}{which}Reference"):
            session.touch(ref)
            s.sect_pr.remove(ref)
    return f"{which} references removed"
