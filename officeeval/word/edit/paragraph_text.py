"""A body paragraph's text rewritten in place, each run keeping its formatting for the text
it still holds (``ooxml.retext``): the rubric audit undoes, this way, a text edit the
reference made that no step of the instruction asks for.

Raises ``NotApplicable`` for a paragraph that is not there, holds a field, or whose text is
not all in its runs' ``w:t`` (tabs, breaks, symbols).
"""

from __future__ import annotations

from officeeval.ooxml.ns import W
from officeeval.ooxml.retext import retext
from officeeval.properties.writing import NotApplicable, Session
from officeeval.word.text import paragraph_text

_W = f"{{{W}}}"


def set_paragraph_text(session: Session, index: int, text: str) -> str:
    """Body-level paragraph ``index`` made to read ``text``."""
    paras = list(session.doc.paragraphs)  # type: ignore[attr-defined]
    if index >= len(paras):
        raise NotApplicable(f"the document has no paragraph {index + 1}")
    el = paras[index].el
    if any(True for _ in el.iter(_W + "fldChar", _W + "fldSimple", _W + "instrText")):
        raise NotApplicable("the paragraph holds a field")
    nodes = [t for t in el.iter(_W + "t")]
    if not nodes or "".join(t.text or "" for t in nodes) != paragraph_text(el):
        raise NotApplicable("the paragraph's text is not all in its runs' text")
    retext(nodes, text)
    session.touch(el)
    return f"paragraph {index + 1} -> {text!r}"
