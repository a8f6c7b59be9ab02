"""Open a document of any supported app with the view class its ``AppSpec`` names."""

from __future__ import annotations

from pathlib import Path

from officeeval import apps
from officeeval.backends import NO_BACKENDS, Backends
from officeeval.errors import PackageError
from officeeval.ooxml.package import Package
from officeeval.ooxml.zip_bounds import Limits
from officeeval.targets import Document


def open_document(path: str | Path, app: str | None = None, limits: Limits | None = None,
                  options: dict | None = None, backends: Backends = NO_BACKENDS) -> Document:
    """Open ``path`` as a Word, Excel or PowerPoint document.

    When ``app`` is given, a document of another app raises
    ``PackageError(stage="wrong_format")``. Raises ``PackageError`` for anything unreadable
    (see ``Package.open``); the view also parses its core parts eagerly so a malformed main
    part is reported here, not halfway through grading. ``backends`` are the engines the
    view may ask for (a recalculated copy of a workbook); opening starts none of them.
    """
    pkg = Package.open(path, limits)
    try:
        if app and pkg.app != app:
            raise PackageError("wrong_format", f"expected a {app} document, got a {pkg.app} "
                               f"document ({pkg.main_part})")
        return apps.app(pkg.app).view(pkg, str(path), options or {}, backends)
    except BaseException:
        pkg.close()
        raise
