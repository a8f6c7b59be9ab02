"""Anchors of a workbook: sheets by name, cells by sheet name and address, created
tables, charts and pivot tables by their order on their sheet unless the instruction names
them."""

from __future__ import annotations

from officeeval.draft.anchors import (
    Anchor, by_order, created, in_words, quote, safe_select,
)
from officeeval.errors import OfficeEvalError
from officeeval.targets import Document


def excel_anchors(doc: Document, other: Document | None = None,
                  words: str = "") -> list[Anchor]:
    """Every anchorable target of a workbook: cells by sheet name and address over the
    union of this document's and ``other``'s used ranges; a created table, chart or pivot
    table by its order on its sheet unless the instruction (``words``) names it."""
    from officeeval.catalog import resolve
    out = [Anchor(doc.root(), "workbook", "workbook", "工作簿")]
    for sh in safe_select(doc, "sheet"):
        name = sh.predicate_value("name")
        ssel = f"sheet({quote(name)})"
        out.append(Anchor(sh, ssel, "sheet", f"工作表“{name}”"))
        areas = []
        for d in (doc, other):
            if d is None:
                continue
            for t in safe_select(d, ssel):
                try:
                    obs = resolve("sheet.used_range", t)
                except (OfficeEvalError, LookupError, KeyError):
                    obs = None
                if obs is not None and obs.value:
                    areas.append(str(obs.value))
        box = _bounding(areas)
        if box:
            for c in safe_select(doc, f"{ssel}/{box}"):
                out.append(Anchor(c, f"{ssel}/{c.ref}", "cell", f"{name}!{c.ref}",
                                  parent=ssel, extra={"sheet": name, "row": c.row,
                                                      "col": c.col}))
        for step in ("column", "row"):
            for t in safe_select(doc, f"{ssel}/{step}"):
                rest = t.locator.rpartition("/")[2]
                out.append(Anchor(t, f"{ssel}/{rest}", step, f"{name} {rest}", parent=ssel))
        for step in ("chart", "pivot", "table", "conditional_format", "validation"):
            for t in safe_select(doc, f"{ssel}/{step}"):
                rest = t.locator.rpartition("/")[2]
                sel = f"{ssel}/{rest}"
                oname = t.predicate_value("name")
                oname = oname[-1] if isinstance(oname, (list, tuple)) and oname else oname
                if created(other, sel) and not in_words(oname, words):
                    sel = by_order(doc, step, t, ssel + "/") or sel
                out.append(Anchor(t, sel, step, f"{name} {rest}", parent=ssel))
    for t in safe_select(doc, "name"):
        out.append(Anchor(t, t.locator, "name", t.locator))
    return out


def _bounding(areas: list[str]) -> str | None:
    from officeeval.excel.refs import parse_area
    boxes = []
    for a in areas:
        try:
            ar = parse_area(a.split("!")[-1].replace("$", ""))
        except (ValueError, OfficeEvalError):
            continue
        if ar is not None:
            boxes.append(ar)
    if not boxes:
        return None
    from officeeval.excel.refs import cell_ref
    r1 = min(b.r1 for b in boxes)
    c1 = min(b.c1 for b in boxes)
    r2 = max(b.r2 for b in boxes)
    c2 = max(b.c2 for b in boxes)
    return f"{cell_ref(r1, c1)}:{cell_ref(r2, c2)}"


# Placeholder types as a step writes them, in the order a type list names them.
