"""Rendered pages kept beside a graded document, for its grade sheet (``report.pages``).

After grading, ``keep_pages`` lays the document out (the layout backend the grading used:
a document already laid out for a layout check costs nothing more), renders thumbnails of
its pages — Word and PowerPoint from the first page, Excel the pages of the sheets the
rubric's checks read — and places the targets of failed checks on them: the page the
layout gives a Word target (its marks) or a slide, found on that page by its text in the
PDF. Written to ``<kept document>.pages/`` (``pages.json`` and ``page-N.png``), at most
``MAX_PAGES`` pages of ``WIDTH`` pixels: a few hundred kB a document.

Never raises: pages are a convenience; a document that cannot be laid out has none.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from officeeval import apps
from officeeval.errors import OfficeEvalError
from officeeval.recalc.pages import locate, render_pages

MAX_PAGES = 12
WIDTH = 420
MAX_OUTLINES = 60


def keep_pages(view: Any, card: Any, layouter: Any, folder: Path) -> bool:
    """Write the pages of the open document ``view`` (graded as ``card``) into
    ``folder``; whether any were written."""
    try:
        return _keep(view, card, layouter, folder)
    except (OfficeEvalError, OSError, ValueError, TypeError, KeyError, AttributeError):
        return False


def _keep(view: Any, card: Any, layouter: Any, folder: Path) -> bool:
    pages_of_app = apps.by_app(PAGES, view.app)
    layout = pages_of_app.rendered(view, layouter)
    pdf = layout.pdf
    if pdf is None:
        return False
    total = layout.facts.get("pdf_pages") or 0
    outlines: dict[int, list[list]] = {}
    unplaced: list[str] = []
    sheets: set[str] = set()
    for crit, check, target in _failed_targets(view, card):
        label = " ".join(x for x in (crit, check.get("property") or "", target.locator) if x)
        place = pages_of_app.place(view, layout, target, sheets)
        if place is None:
            unplaced.append(label)
            continue
        pages, needles = place
        box = None
        for page in pages:
            box = locate(pdf, page, needles) if needles else None
            if box is not None:
                same = [b for b in outlines.get(page, []) if b[:4] == box]
                if same:  # one outline per place, naming every check that failed there
                    if label not in same[0][4] and len(same[0][4]) < 300:
                        same[0][4] += f"; {label}"
                else:
                    outlines.setdefault(page, []).append([*box, label])
                break
        if box is None:
            unplaced.append(f"{label} (page {pages[0]}, not found on it)"
                            if pages else label)
        if sum(len(v) for v in outlines.values()) >= MAX_OUTLINES:
            break
    pages = pages_of_app.shown(view, card, layout, sheets, total)
    made = render_pages(pdf, folder, pages, WIDTH)
    if not made:
        return False
    record = {
        "source": layout.source, "total": total,
        "pages": [{"n": n, "file": path.name, "label": pages_of_app.label(layout, n)}
                  for n, path in sorted(made.items())],
        "outlines": {str(k): v for k, v in outlines.items() if k in made},
        "unplaced": unplaced[:MAX_OUTLINES],
        "substitutions": layout.substitutions}
    (folder / "pages.json").write_text(json.dumps(record, ensure_ascii=False), "utf-8")
    return True


def _checks(card: Any):
    for crit in getattr(card, "criteria", []) or []:
        for check in crit.checks or []:
            d = check.to_dict() if hasattr(check, "to_dict") else check
            yield crit.id, d


def _select(view: Any, locator: str) -> list:
    from officeeval.selectors import select
    try:
        return select(view, locator)
    except OfficeEvalError:
        return []


def _failed_targets(view: Any, card: Any):
    for crit, check in _checks(card):
        if check.get("status") != "fail":
            continue
        targets = [t for t in check.get("targets") or [] if not t.get("passed")]
        locators = [t["locator"] for t in targets] or [check.get("select") or ""]
        for loc in locators[:10]:
            for target in _select(view, loc)[:5]:
                yield crit, check, target


def _all_targets(view: Any, card: Any):
    for crit, check in _checks(card):
        for target in _select(view, check.get("select") or "")[:50]:
            yield crit, check, target


def _needles(target: Any) -> list[str]:
    text = getattr(target, "text", "") or ""
    return [line.strip()[:30] for line in str(text).splitlines() if line.strip()][:1]


def _first_pages(total: int) -> list[int]:
    return list(range(1, min(total, MAX_PAGES) + 1))


class WordPages:
    """A Word document's pages: from the first, its targets placed by the layout's marks,
    labelled with the number a page shows when it differs."""

    @staticmethod
    def rendered(view: Any, layouter: Any):
        from officeeval.word.layout import rendered
        return rendered(view, layouter)

    @staticmethod
    def place(view: Any, layout: Any, target: Any, sheets: set[str]
              ) -> tuple[list[int], list[str]] | None:
        """(pages to look on, texts to find) for a target; ``None`` when it has none."""
        from officeeval.word.layout import pages_of
        hit = pages_of(target, layout)
        return ([hit[0]], _needles(target)) if hit else None

    @staticmethod
    def shown(view: Any, card: Any, layout: Any, sheets: set[str], total: int) -> list[int]:
        return _first_pages(total)

    @staticmethod
    def label(layout: Any, n: int) -> str:
        shown = layout.page_label(n)
        return f"page {n}" + (f" (numbered {shown})" if shown and shown != str(n) else "")


class ExcelPages:
    """A workbook's pages: those of the sheets the rubric's checks read (``sheets``
    collects them), its targets placed on their sheet's pages, a cell by its text."""

    @staticmethod
    def rendered(view: Any, layouter: Any):
        from officeeval.excel.layout import rendered
        return rendered(view, layouter)

    @staticmethod
    def place(view: Any, layout: Any, target: Any, sheets: set[str]
              ) -> tuple[list[int], list[str]] | None:
        """(pages to look on, texts to find) for a target; ``None`` when it has none."""
        sheet = getattr(target, "sheet", None)
        if sheet is None:
            return None
        sheets.add(sheet.name)
        from officeeval.excel.layout import sheet_page_range
        span = sheet_page_range(layout, sheet.name)
        if span is None:
            return None
        needles = _needles(target)
        if target.kind == "cell":
            from officeeval.excel.cells import display_text
            shown = display_text(sheet, target.row, target.col)[0]
            needles = [shown[:30]] if shown else []
        return list(range(span[0], span[1] + 1)), needles

    @staticmethod
    def shown(view: Any, card: Any, layout: Any, sheets: set[str], total: int) -> list[int]:
        from officeeval.excel.layout import sheet_page_range
        for crit, check, target in _all_targets(view, card):
            sheet = getattr(target, "sheet", None)
            if sheet is not None:
                sheets.add(sheet.name)
        wanted: list[int] = []
        for name in sorted(sheets):
            span = sheet_page_range(layout, name)
            if span:
                wanted.extend(range(span[0], span[1] + 1))
        return sorted(set(wanted))[:MAX_PAGES] or _first_pages(total)

    @staticmethod
    def label(layout: Any, n: int) -> str:
        return f"page {n}"


class SlidePages:
    """A presentation's pages: its slides from the first, a target placed on its slide."""

    @staticmethod
    def rendered(view: Any, layouter: Any):
        from officeeval.ppt.layout import rendered
        return rendered(view, layouter)

    @staticmethod
    def place(view: Any, layout: Any, target: Any, sheets: set[str]
              ) -> tuple[list[int], list[str]] | None:
        """(pages to look on, texts to find) for a target; ``None`` when it has none."""
        from officeeval.ppt.layout import slide_number
        shape = getattr(target, "shape", None)
        if shape is not None:
            n = slide_number(view, shape)
        else:
            n = getattr(target, "index", None) if target.kind == "slide" else None
        return ([n], _needles(target)) if n else None

    @staticmethod
    def shown(view: Any, card: Any, layout: Any, sheets: set[str], total: int) -> list[int]:
        return _first_pages(total)

    @staticmethod
    def label(layout: Any, n: int) -> str:
        return f"slide {n}"


# Per app: how its pages are laid out, which are shown, where a target is on them.
PAGES = {"word": WordPages, "excel": ExcelPages, "ppt": SlidePages}
