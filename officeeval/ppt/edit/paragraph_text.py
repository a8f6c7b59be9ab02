"""A paragraph's text rewritten in place, each run keeping its formatting for the text it
still holds (``ooxml.retext``): the rubric audit undoes, this way, a text edit the
reference made that no step of the instruction asks for.

Raises ``NotApplicable`` for a paragraph that is not there or holds no run text.
"""

from __future__ import annotations

from officeeval.ooxml.retext import retext
from officeeval.ppt.edit.created import shape_at
from officeeval.ppt.markup import first_child, paragraph_text, paragraphs, text_runs
from officeeval.ooxml.ns import A
from officeeval.properties.writing import NotApplicable, Session

_A = f"{{{A}}}"


def set_paragraph_text(session: Session, part: str, shape_index: int, para_index: int,
                       text: str) -> str:
    """Paragraph ``para_index`` of shape ``shape_index`` (``all_shapes`` order) of sheet
    ``part`` made to read ``text`` (runs, not fields, take the change)."""
    shape = shape_at(session, part, shape_index)
    paras = paragraphs(shape.tx_body)
    if para_index >= len(paras):
        raise NotApplicable(f"{shape.name!r} has no paragraph {para_index + 1}")
    nodes = [t for r in text_runs(paras[para_index]) if r.tag == _A + "r"
             for t in [first_child(r, _A + "t")] if t is not None]
    if not nodes or "".join(t.text or "" for t in nodes) != paragraph_text(paras[para_index]):
        raise NotApplicable("the paragraph holds no run text, or fields and breaks too")
    retext(nodes, text)
    session.touch(nodes[0])
    return f"{shape.name!r} paragraph {para_index + 1} -> {text!r}"
