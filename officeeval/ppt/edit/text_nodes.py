"""The text of a target as its writers replace it: the ``a:t`` elements it shows, in order
(a notes page's body, a slide's, layout's or master's text, a shape's, a paragraph's, a
run's or a cell's; a slide's title, a sheet's footer), and the replacement of their text by
a value."""

from __future__ import annotations

from typing import Any

from lxml import etree

from officeeval.ooxml.editing import set_text
from officeeval.ooxml.ns import A
from officeeval.properties.writing import NotApplicable, Session
from officeeval.targets import Target

_A = f"{{{A}}}"
SHAPE_KINDS = {"shape", "picture", "table", "chart", "smartart", "media"}


def notes_nodes(t: Target) -> list[etree._Element]:
    """The ``a:t`` of the notes body of a notes target or of a slide's notes page; none
    when there is none."""
    body = t.body_shape if t.kind == "notes" else None  # type: ignore[attr-defined]
    if t.kind == "slide" and t.notes is not None:  # type: ignore[attr-defined]
        from officeeval.ppt.targets import NotesTarget
        body = NotesTarget(t, t.notes).body_shape  # type: ignore[arg-type]
    return list(body.el.iter(_A + "t")) if body is not None else []


def shown_nodes(t: Target) -> list[etree._Element]:
    """The ``a:t`` elements holding the text ``t`` shows, in order (every slide's for the
    presentation); none for a target without text."""
    kind = t.kind
    if kind == "notes":
        return notes_nodes(t)
    if kind == "presentation":
        return [x for s in t.doc.slide_sheets for x in s.root.iter(_A + "t")]  # type: ignore
    if kind in ("slide", "layout", "master"):
        return list(t.sheet.root.iter(_A + "t"))  # type: ignore[attr-defined]
    if kind in SHAPE_KINDS:
        return list(t.shape.el.iter(_A + "t"))  # type: ignore[attr-defined]
    if hasattr(t, "el"):
        return list(t.el.iter(_A + "t"))  # type: ignore[attr-defined]
    return []


def title_nodes(t: Target) -> list[etree._Element]:
    """The ``a:t`` of a slide's title (or centered title) placeholder; none without one."""
    shape = t.title_shape  # type: ignore[attr-defined]
    return list(shape.el.iter(_A + "t")) if shape is not None else []


def footer_nodes(t: Target) -> list[etree._Element]:
    """The ``a:t`` of the footer placeholder on a slide, layout or master (the notes body
    of a notes target); none without one."""
    if t.kind == "notes":
        return notes_nodes(t)
    for s in t.sheet.all_shapes():  # type: ignore[attr-defined]
        if s.placeholder is not None and s.placeholder.type == "ftr":
            return list(s.el.iter(_A + "t"))
    return []


def replace_text(session: Session, target: Target, name: str, nodes: list[etree._Element],
                 value: Any) -> str:
    """``value`` written as the text of ``nodes`` (``name``'s text on ``target``), the nodes
    marked as changed; ``NotApplicable`` when there are none."""
    if not nodes:
        raise NotApplicable(f"no {name} in {target.locator}")
    set_text(nodes, str(value))
    for n in nodes:
        session.touch(n)
    return f"{name} {value!r}"
