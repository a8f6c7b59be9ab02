"""Where Word targets landed on the rendered pages.

The layout backend (handed in by the grader: ``ctx.backends.layout``, an object with
``layout(path, mark_prefix) -> rendered.Rendered``) lays out a copy of the document whose
paragraphs carry marks (``layout_marks``); this module asks it once per document and reads
the answer for a target:

* a paragraph (and a heading, a caption: paragraphs too) is its own mark; a drop cap's
  frame paragraph counts with the paragraph it starts;
* a table runs from its first paragraph's page to its last paragraph's;
* a picture, chart, shape or text box is on the page of the paragraph it is anchored in;
* a section runs from its first block's page to its last block's end; the empty
  paragraph that only carries its section break is not a block (LibreOffice drops it on
  import, so its mark lands on the next section's first page, and in Word it shows
  nothing: it is the break mark at the end of the section's last line).

``None`` is "LibreOffice could not place it" (the layout has no page for that mark);
an absent backend, a failing one, or LibreOffice timing out on the document raises
``UnverifiableValue`` (ours: an ``eval_error``, see ``rendered.obtain``).
"""

from __future__ import annotations

from typing import Any

from officeeval.ooxml.ns import W
from officeeval.rendered import Rendered, obtain
from officeeval.word.layout_marks import MARK_PREFIX, mark_index, marked_copy

_W = f"{{{W}}}"


def rendered(doc, layouter: Any) -> Rendered:
    """The layout of the Word view ``doc`` (its marked copy) by ``layouter``; see
    ``rendered.obtain`` for what it raises."""
    return obtain(doc, layouter, lambda: marked_copy(doc), ".docx", MARK_PREFIX)


def paragraph_pages(doc, layout: Rendered, el) -> tuple[int, int, bool] | None:
    """(first page, last page, first on its page) of the paragraph element ``el``."""
    n = mark_index(doc).get(el)
    return layout.mark(n) if n is not None else None


def _paragraph_el(target) -> Any:
    cap = getattr(target, "drop_cap_el", None)
    return cap if cap is not None else target.el


def pages_of(target, layout: Rendered) -> tuple[int, int, bool] | None:
    """(first page, last page, starts a page) of a Word target; ``None`` when it cannot be
    placed or is not a kind with a place in the body."""
    doc = target.doc
    kind = target.kind
    if kind == "paragraph":
        first = paragraph_pages(doc, layout, _paragraph_el(target))
        last = paragraph_pages(doc, layout, target.el) if first is not None else None
        return (first[0], last[1], first[2]) if first and last else first
    if kind in ("table", "row", "cell"):
        paras = list(target.el.iter(_W + "p"))
        return _span(doc, layout, paras)
    if kind == "section":
        blocks = [*target.paragraphs, *target.tables]
        if not blocks:
            return None
        els = []
        for b in blocks:
            els.extend(b.el.iter(_W + "p") if b.kind == "table" else [b.el])
        shown = [el for el in els if not _bare_section_break(el)]
        return _span(doc, layout, shown or els)
    anchor = getattr(target, "paragraph_el", None)
    if anchor is not None:  # pictures, charts, shapes, text boxes
        return paragraph_pages(doc, layout, anchor)
    return None


def _bare_section_break(el) -> bool:
    """A paragraph that holds a section break and nothing a page shows (no text, no
    drawing or object)."""
    ppr = el.find(_W + "pPr")
    if ppr is None or ppr.find(_W + "sectPr") is None:
        return False
    for node in el.iter(_W + "t", _W + "drawing", _W + "pict", _W + "object", _W + "sym"):
        if node.tag != _W + "t" or (node.text or "").strip():
            return False
    return True


def _span(doc, layout: Rendered, els: list) -> tuple[int, int, bool] | None:
    placed = [hit for hit in (paragraph_pages(doc, layout, el) for el in els) if hit]
    if not placed:
        return None
    return min(p[0] for p in placed), max(p[1] for p in placed), placed[0][2]


def needles(target) -> list[str]:
    """Texts to find the target by on its rendered page (for outlining it)."""
    text = getattr(target, "text", "") or ""
    if not isinstance(text, str):
        return []
    lines = [line.strip() for line in text.splitlines() if line.strip()]
    return [lines[0][:30]] if lines else []
