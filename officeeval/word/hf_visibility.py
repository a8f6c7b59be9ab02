"""Whether a header or footer shows anything on the page: what a reader sees, not whether a
part exists. A header part holding one empty paragraph shows nothing; the same paragraph
with the Header style's bottom border (Chinese Word's 页眉 style has one) shows a line.

Shows: visible text (not hidden with ``w:vanish``), a field (a page number), a drawing that
is not a watermark (a watermark is anchored in a header but is seen on the page body), a
paragraph border (effective, through styles), or a visible table border.
"""

from __future__ import annotations

from officeeval.ooxml.ns import W
from officeeval.word.containers import walk_paragraphs
from officeeval.word.drawings import drawings_of
from officeeval.word.headers import HeaderFooterTarget
from officeeval.word.table_borders import TableBorders
from officeeval.word.watermark import is_watermark

_W = f"{{{W}}}"
_FIELDS = (_W + "fldChar", _W + "fldSimple")
_SIDES = ("top", "bottom", "left", "right")
_NO_LINE = ("none", "nil")


def what_shows(hf: HeaderFooterTarget) -> str | None:
    """What the header or footer shows first (``text``, ``field``, ``drawing``,
    ``border``), or ``None`` when its pages show nothing there (an undefined one, an empty
    part, whitespace, hidden text, only a watermark)."""
    if not hf.defined:
        return None
    paragraphs = list(walk_paragraphs(hf.blocks))
    for p in paragraphs:
        if any(r.text.strip() and not _hidden(r) for r in p.runs):
            return "text"
        if next(p.el.iter(*_FIELDS), None) is not None:
            return "field"
    doc = hf.doc
    refs = doc.story_index(hf.part).drawings  # type: ignore[attr-defined]
    for step in ("image", "shape", "chart", "smartart"):
        if any(not is_watermark(t) for t in drawings_of(doc, hf.part, refs, "", step)):
            return "drawing"
    for p in paragraphs:
        if _has_border(p):
            return "border"
    for t in _tables(hf.blocks):
        if any(e.border.style not in _NO_LINE for e in TableBorders(t).edges()):
            return "border"
    return None


def _hidden(run) -> bool:
    obs = run.chain().toggle("vanish")
    return obs is not None and bool(obs.value)


def _has_border(p) -> bool:
    for side in _SIDES:
        for lv in p.ppr_levels():
            bdr = lv.find("pBdr")
            el = bdr.find(_W + side) if bdr is not None else None
            if el is not None:
                if (el.get(_W + "val") or "none") not in _NO_LINE:
                    return True
                break
    return False


def _tables(blocks):
    for b in blocks.order:
        if hasattr(b, "cells"):
            yield b
            for cell in b.cells:
                yield from _tables(cell.blocks)
