"""Cells as range selectors: anchored cells of one sheet covered with rectangles, each written
as ``sheet/A1:B2``."""

from __future__ import annotations

import re

from officeeval.draft.anchors import Anchor
from officeeval.excel.refs import cell_ref


def rectangles(cells: list[Anchor]) -> list[tuple[int, int, int, int]]:
    """Cover ``cells`` (one sheet) with rectangles: runs down each column, then runs of
    columns with the same rows side by side."""
    by_col: dict[int, list[int]] = {}
    for a in cells:
        by_col.setdefault(a.extra["col"], []).append(a.extra["row"])
    runs: list[tuple[int, int, int]] = []   # (col, r1, r2)
    for col, rows in sorted(by_col.items()):
        rows.sort()
        start = prev = rows[0]
        for r in rows[1:]:
            if r != prev + 1:
                runs.append((col, start, prev))
                start = r
            prev = r
        runs.append((col, start, prev))
    rects: list[tuple[int, int, int, int]] = []
    for col, r1, r2 in sorted(runs, key=lambda x: (x[1], x[2], x[0])):
        for k, (a1, b1, a2, b2) in enumerate(rects):
            if b1 == r1 and b2 == r2 and a2 == col - 1:
                rects[k] = (a1, b1, col, b2)
                break
        else:
            rects.append((col, r1, col, r2))
    return rects


def range_selector(sheet_sel: str, r: tuple[int, int, int, int]) -> str:
    c1, r1, c2, r2 = r
    a, b = cell_ref(r1, c1), cell_ref(r2, c2)
    return f"{sheet_sel}/{a}" if a == b else f"{sheet_sel}/{a}:{b}"


def range_token(sel: str) -> str:
    m = re.search(r"/([A-Z]+\d+(?::[A-Z]+\d+)?)$", sel)
    return m.group(1) if m else ""
