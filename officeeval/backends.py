"""Engines outside this process that a grading may need, handed in by whoever grades.

A read-only document view never starts one. The owner — the CLI command, a batch worker, a
server worker — builds a ``Backends``, gives it to its ``scoring.Grader`` (which puts it in
the ``ResolveContext`` of every check and hands it to the documents it opens), and closes
what it started when it is done. ``Backends()`` has none: a formula without a cached value
is then ``UnverifiableValue`` (an ``eval_error``), never a guess.

* ``recalc``: recalculates a workbook (``officeeval.recalc.Recalculation`` drives
  LibreOffice); the Excel view asks it for a recalculated copy when a check needs a formula
  result the file does not carry.
* ``layout``: lays a document out (``officeeval.recalc.layouter.Layouter``, the same
  LibreOffice) and answers ``rendered.Rendered``; the layout properties (page count, the
  page of a paragraph, a sheet's print pages, text that overflows its box) read it. Without
  one they are ``UnverifiableValue`` ("layout backend unavailable"): an ``eval_error``.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol


class Recalculator(Protocol):
    def recalculate(self, path: Path) -> Path:
        """A copy of the workbook at ``path`` with every formula result cached. Raises
        ``errors.UnevaluableDocument`` when the workbook itself defeats the engine (timeout,
        crash) and another ``errors.OfficeEvalError`` when the engine is unavailable."""
        ...

    # Optional: ``version`` (str | None), the engine's version once it recalculated; the
    # Excel view records it in the ScoreCard's ``backends`` and checks the functions it
    # lacks against it (``excel.recalc_gaps``). Without it, the version is unknown.


class Layouter(Protocol):
    def layout(self, path: Path, mark_prefix: str = "") -> Any:
        """The layout (a ``rendered.Rendered``) of the document at ``path``; paragraphs
        carrying bookmarks named ``mark_prefix<n>`` are placed on their pages. Raises
        ``errors.OfficeEvalError`` when the engine is unavailable or fails."""
        ...


@dataclass(frozen=True)
class Backends:
    """The backends a grading may use; ``None`` where there is none."""

    recalc: Recalculator | None = None
    layout: Layouter | None = None

    def close(self) -> None:
        """Stop what these backends started (each one's ``close()``, when it has one). For
        the owner that built them; a ``Grader`` handed them does not close them."""
        for backend in (self.recalc, self.layout):
            close = getattr(backend, "close", None)
            if close is not None:
                close()


NO_BACKENDS = Backends()
