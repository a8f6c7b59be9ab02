"""A compact outline of a document for a model that cannot open the file: Word paragraphs
with their style names, tables and sections; Excel sheets with their used range and first
rows; PowerPoint slides with their layouts, titles and shapes.

Everything comes from the engine's own views through the selectors and property resolvers
(the same values a rubric is judged on, e.g. a paragraph's style in force, a cell's
displayed value), never from another library. The outline is bounded: per-section caps
(paragraphs, rows, columns, slides, shapes, characters of a text), then a budget in
estimated tokens (``estimate_tokens``); what is cut is said in the text, never silently.

``outline(path)`` raises ``PackageError`` when the document cannot be read; anything a
damaged part does inside a view becomes a line saying so, never an exception.
"""

from __future__ import annotations

from pathlib import Path

from officeeval import apps
from officeeval.formats import open_document
from officeeval.outline.common import Lines, cut_to_budget, estimate_tokens

DEFAULT_BUDGET = 1500  # estimated tokens

__all__ = ["DEFAULT_BUDGET", "estimate_tokens", "outline"]


def _word():
    from officeeval.outline.word import word_outline
    return word_outline


def _excel():
    from officeeval.outline.excel import excel_outline
    return excel_outline


def _ppt():
    from officeeval.outline.ppt import ppt_outline
    return ppt_outline


# Per app: its outliner, imported when first asked for (an outline reads one format).
_OUTLINERS = {"word": _word, "excel": _excel, "ppt": _ppt}


def outline(path: str | Path, budget: int = DEFAULT_BUDGET, name: str | None = None) -> str:
    """The outline of the document at ``path`` as text of at most ``budget`` estimated
    tokens. ``name``: how the file is called in the text (default: its file name). Raises
    ``PackageError`` for a document that cannot be read."""
    # Never start LibreOffice for an outline: a formula without a cached value shows its
    # formula instead.
    doc = open_document(path, options={"recalc": False})
    try:
        shown = name or Path(path).name
        lines = Lines()
        apps.by_app(_OUTLINERS, doc.app)()(doc, shown, lines)
    finally:
        doc.close()
    return cut_to_budget(lines.items, budget)
