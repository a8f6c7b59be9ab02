"""What LibreOffice's layout says of a workbook: the pages each sheet prints to (with its
page setup) and whether a cell's displayed text fits the room it has (a number or date
wider than its column shows as ``####`` in Excel; a text is cut where a filled cell stops
it). The layout backend comes from the grader (``ctx.backends.layout``); see
``rendered.obtain`` for what a missing or failing one raises.
"""

from __future__ import annotations

from typing import Any

from officeeval.ooxml.repack import package_bytes
from officeeval.rendered import Rendered, obtain


def rendered(book, layouter: Any) -> Rendered:
    """The layout of the workbook view ``book``."""
    return obtain(book, layouter, lambda: package_bytes(book.package), ".xlsx")


def sheet_pages(layout: Rendered, name: str) -> int | None:
    """Pages the sheet ``name`` prints to; ``None`` when LibreOffice did not paginate it."""
    sheet = layout.sheet(name)
    pages = sheet.get("pages") if sheet else None
    return pages if isinstance(pages, int) else None


def cell_fits(layout: Rendered, name: str, ref: str) -> tuple[bool, str] | None:
    """(fits, why) for cell ``ref`` of sheet ``name``; ``None`` when the cell was not
    measured (the sheet's measuring stopped at its limits, or the sheet is unknown). A cell
    without text is not measured either: it has nothing to fit."""
    sheet = layout.sheet(name)
    if sheet is None:
        return None
    over = sheet.get("overflow") if isinstance(sheet.get("overflow"), dict) else {}
    hit = over.get(ref)
    if isinstance(hit, list) and len(hit) == 3:
        return False, f"needs {hit[0]:g} px, has {hit[1]:g} px"
    if not sheet.get("complete"):
        return None
    return True, ""


def sheet_page_range(layout: Rendered, name: str) -> tuple[int, int] | None:
    """The PDF pages (1-based, first and last) of sheet ``name`` in the workbook's export:
    sheets print one after another in tab order."""
    start = 1
    for sheet in layout.sheets:
        pages = sheet.get("pages") if isinstance(sheet.get("pages"), int) else 0
        if sheet.get("name") == name:
            return (start, start + pages - 1) if pages else None
        start += pages
    return None
