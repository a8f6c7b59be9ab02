"""Checks that restate what another check grades, or what no document can fix: dropped
with or without an instruction (one mistake, one charge).

A shape's value again on each of its paragraphs, a table row repeating its table, a size
read as a picture and as a shape, SmartArt text beside its nodes and categories beside its
layout, a caption position on a paragraph with no caption label, a pivot table's output
cells and a pivot chart's series, a TOC's field switches, the text of footer and slide
number placeholders, a PAGE field's cached result, an action button's jump target beside
the action that names it, what a formula shows beside the number format's criterion.

Nothing here raises: a value that cannot be read keeps its check.
"""

from __future__ import annotations

import re

from officeeval import apps
from officeeval.draft.anchors import safe_select
from officeeval.draft.changes import observe
from officeeval.draft.criteria import DraftCheck, DraftCriterion
from officeeval.draft.policy import policy
from officeeval.draft.reads import HAS_FORMULA, TEXT
from officeeval.errors import OfficeEvalError
from officeeval.targets import Document

# An action that names where it jumps: its hyperlink target restates it.
SELF_NAMING_ACTIONS = ("首", "末", "下一", "上一", "结束", "first", "last", "next",
                       "previous", "end")
LONG_LIST = 20      # a list this long is compared with the reference's, not written out


def drop_restated(criteria: list[DraftCriterion], ref: Document) -> None:
    """Drop, across ``criteria`` (in place), the checks that restate others; long lists
    of cells are compared with the reference's rather than written out."""
    for c in criteria:
        for k in c.checks:
            if k.prop == "cf.cells" and k.expected and k.expected.count("|") >= LONG_LIST:
                k.expected, k.expected_from = None, "reference"
    _restated_levels(criteria)
    _captions(criteria)
    _pivot_output(criteria, ref)
    for c in criteria:
        c.checks = [k for k in c.checks if not restated(k, c, ref)]


def _pivot_output(criteria: list[DraftCriterion], ref: Document) -> None:
    """What a pivot table shows (its cells, a pivot chart's series) is the pivot table's
    layout after a refresh, graded by its fields; a pivot table written as XML shows none
    until Excel refreshes it, and its row order is the application's."""
    if not apps.app(ref.app).has_step("pivot"):
        return
    from officeeval.excel.refs import parse_area
    areas: dict[str, list] = {}
    for t in safe_select(ref, "sheet/pivot"):
        sheet = t.locator.rpartition("/")[0]
        try:
            obs = observe("pivot.range", t)
            area = parse_area(str(obs.value)) if obs is not None and obs.value else None
        except (OfficeEvalError, LookupError, ValueError):
            area = None
        if area is not None:
            areas.setdefault(sheet, []).append(area)
    for c in criteria:
        keep = []
        for k in c.checks:
            sheet, _, rest = k.select.rpartition("/")
            if sheet in areas and re.fullmatch(r"[A-Z]+\d+(:[A-Z]+\d+)?", rest):
                try:
                    a = parse_area(rest)
                except (OfficeEvalError, ValueError):
                    a = None
                if a is not None and any(b.r1 <= a.r1 and a.r2 <= b.r2 and b.c1 <= a.c1
                                         and a.c2 <= b.c2 for b in areas[sheet]):
                    continue
            if (k.prop or "").startswith("chart.series") and one_value(ref, k.select,
                                                                  "chart.pivot_source"):
                continue
            keep.append(k)
        c.checks = keep


def _captions(criteria: list[DraftCriterion]) -> None:
    """A value that means something only beside another (``Drafting.needs``: a caption's
    position on a paragraph with no caption label is no caption, a line after a table
    only reads as one below it) is dropped where no criterion checks that one."""
    checked = {(k.select, k.prop) for c in criteria for k in c.checks}
    for c in criteria:
        c.checks = [k for k in c.checks if not (policy(k.prop).needs and (
            k.select, policy(k.prop).needs) not in checked)]


def _restated_levels(criteria: list[DraftCriterion]) -> None:
    """A value checked on a shape and again on each of its paragraphs is one edit: the
    shape's check stays (it holds however the text is split), except for links, which
    are the paragraphs' (a link on one line shows on the shape as well). A table's row
    that repeats the table's value, and a size read twice (``shape.width`` beside
    ``image.width``), a SmartArt's text beside its nodes and its layout's categories
    beside its layout, are dropped too."""
    everywhere = {(k.select, k.prop, k.expected) for c in criteria for k in c.checks}
    checked = {(k.select, k.prop) for c in criteria for k in c.checks}
    for c in criteria:
        seen: set = set()
        unique = []
        for k in c.checks:
            key = (k.select, k.prop, k.op, k.expected, k.expected_from, k.against)
            if key not in seen:
                seen.add(key)
                unique.append(k)
        c.checks = [k for k in unique if not (
            bool(policy(k.prop).beside) and (k.select, policy(k.prop).beside) in checked or
            re.search(r"/row\[\d+\]$", k.select) and
            (k.select.rpartition("/")[0], k.prop, k.expected) in everywhere or
            bool(policy(k.prop).twin) and
            (k.select, policy(k.prop).twin, k.expected) in everywhere)]
    shape_level = {(k.select, k.prop, k.expected) for c in criteria for k in c.checks
                   if k.prop and "/paragraph" not in k.select}
    para_level = {(k.select.rpartition("/paragraph")[0], k.prop) for c in criteria
                  for k in c.checks if k.prop and "/paragraph" in k.select}
    for c in criteria:
        keep = []
        for k in c.checks:
            if k.prop and k.prop.startswith("hyperlink."):
                if "/paragraph" not in k.select and (k.select, k.prop) in para_level:
                    continue
            elif k.prop and "/paragraph" in k.select and "/slide" not in k.select and \
                    k.select.startswith("slide") and \
                    (k.select.rpartition("/paragraph")[0], k.prop, k.expected) in shape_level:
                continue
            keep.append(k)
        c.checks = keep


def restated(k: DraftCheck, c: DraftCriterion, ref: Document) -> bool:
    """Whether ``k`` restates what another check grades, or what no document can fix:
    true with or without an instruction."""
    p = k.prop or ""
    d = policy(p)
    if d.never_asked:
        return True     # (a region a step names is added back by asked._regions)
    if p.startswith("page_numbers.") and k.select.startswith("section") and \
            not _shows_page_number(ref, k.select):
        return True     # a format for page numbers the section does not show
    if d.new_page and _opens_section(ref, k.select):
        return True     # the section break before it starts the page
    if d.not_on_styles and k.select.startswith("style("):
        return True
    if re.match(r"style\(['\"](toc|目录) ?\d", k.select, re.I):
        return True     # how a writer's TOC update lays out its entries
    if p == "cf.formula" and re.search(r"[A-Z]+\$?\d|\$", k.expected or "") and \
            any(x.prop == "cf.cells" and x.select == k.select for x in c.checks):
        return True     # the cells a formula rule fills are graded, not how it is spelt
    if p == TEXT and re.search(r"placeholder\[type='(ftr|sldNum|dt)'\]", k.select):
        return True     # footer.text / slide.date.text grade it; a number's text is the number
    if d.page_field and k.expected is not None and \
            re.fullmatch(r"\s*([0-9]+|[ivxlcdmIVXLCDM]+)\s*", k.expected):
        return True     # a PAGE field's cached result: whatever its writer last saw
    if p == "hyperlink.target" and _self_naming_action(c, k.select, ref):
        return True
    if p == "cell.display" and any(x.prop == HAS_FORMULA and x.select == k.select
                                   for x in c.checks):
        return True     # what shows is the number format's criterion
    return False


def _shows_page_number(ref: Document, sel: str) -> bool:
    """Whether a section ``sel`` selects shows a page number in a header or footer."""
    for t in safe_select(ref, sel):
        for p in ("footer.has_page_number", "header.has_page_number"):
            try:
                obs = observe(p, t)
            except (OfficeEvalError, LookupError):
                continue
            if obs is not None and obs.value:
                return True
    return False


def _opens_section(ref: Document, sel: str) -> bool:
    """Whether ``sel`` is the first paragraph of a section other than the first."""
    ts = safe_select(ref, sel)
    if len(ts) != 1:
        return False
    for sec in safe_select(ref, "section")[1:]:
        first = safe_select(ref, f"{sec.locator}/paragraph[1]")
        if first and first[0].locator == ts[0].locator:
            return True
    return False


def _self_naming_action(c: DraftCriterion, sel: str, ref: Document) -> bool:
    for x in c.checks:
        if x.select == sel and x.prop == "hyperlink.action":
            got = one_value(ref, sel, "hyperlink.action")
            v = str(got if got is not None else x.expected or "").lower()
            return any(w in v for w in SELF_NAMING_ACTIONS)
    return False


def one_value(doc: Document, sel: str, prop: str):
    ts = safe_select(doc, sel)
    if len(ts) != 1:
        return None
    try:
        obs = observe(prop, ts[0])
    except (OfficeEvalError, LookupError):
        return None
    return None if obs is None else obs.value
