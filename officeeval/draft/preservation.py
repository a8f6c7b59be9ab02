"""Preservation criteria: what the task must not change (values, formulas and text the
reference kept from the input, slide titles and placeholders, body paragraphs), a few
checks of each kind."""

from __future__ import annotations

from officeeval import apps
from officeeval.draft.anchors import Anchor, safe_select
from officeeval.draft.changes import FORMULA_WRITTEN, Diff, observe, shown
from officeeval.draft.criteria import DraftCheck, DraftCriterion
from officeeval.draft.policy import policy
from officeeval.draft.ranges import range_selector, rectangles
from officeeval.draft.reads import TEXT
from officeeval.errors import OfficeEvalError
from officeeval.targets import Document, Target


def _content(prop: str) -> bool:
    """Whether a change of ``prop`` changes a cell's content (not a format): a formula
    written, or a property whose ``Drafting.content`` says so."""
    return prop == FORMULA_WRITTEN or policy(prop).content


def preservation_criteria(diff: Diff, inp: Document, ref: Document) -> list[DraftCriterion]:
    """Content the task keeps: constant cells unchanged (a cell whose format changed keeps
    its value), untouched sheets, the sheet names; table texts and body paragraphs; slide
    titles, body placeholders' texts and the number of slides."""
    changed = {c.anchor.selector for c in diff.changes if _content(c.prop)}
    checks = apps.by_app(KEPT, ref.app)(diff, inp, ref, changed)
    if not checks:
        return []
    return [DraftCriterion("", "preserve", "原有内容未被改动", checks, 0.0,
                           preservation=True, tokens=[])]


MAX_KEPT = 6    # preservation checks of one kind (slide titles, placeholders, runs of text)


def _kept_cells(diff: Diff, inp: Document, ref: Document, changed: set[str]) -> list[DraftCheck]:
    """Constant cells, untouched sheets and the sheet names."""
    checks: list[DraftCheck] = []
    keep: dict[str, list[Anchor]] = {}
    for a, cp in diff.matched:
        if a.group != "cell" or a.extra.get("formula") or a.selector in changed:
            continue
        try:
            r, i = observe("cell.value", a.target), observe("cell.value", cp)
        except (OfficeEvalError, LookupError):
            continue
        if r is None or r.value is None or r.value.kind == "empty":
            continue
        if i is not None and str(r.value) == str(i.value):
            keep.setdefault(a.parent, []).append(a)
    for ssel, cells in keep.items():
        ssel = _sheet_in_both(ssel, inp, ref)
        rects = sorted(rectangles(cells), key=lambda x: -(x[2] - x[0] + 1) * (x[3] - x[1] + 1))
        for rect in rects[:4]:
            if (rect[2] - rect[0] + 1) * (rect[3] - rect[1] + 1) >= 4:
                checks.append(DraftCheck(range_selector(ssel, rect), "cell.value", "unchanged"))
    touched = {c.anchor.parent or c.anchor.selector for c in diff.changes
               if _content(c.prop)}
    for a, cp in diff.matched:
        if a.group == "sheet" and a.selector not in touched and not any(
                x.parent == a.selector for x in diff.new):
            checks.append(DraftCheck(a.selector, "sheet.values", "unchanged"))
    if not any(c.prop == "workbook.sheet_names" for c in diff.changes):
        checks.append(DraftCheck("workbook", "workbook.sheet_names", "unchanged"))
    return checks


def _kept_texts(diff: Diff, inp: Document, ref: Document, changed: set[str]) -> list[DraftCheck]:
    """Table texts the reference kept, and body paragraphs."""
    checks: list[DraftCheck] = []
    for a, cp in diff.matched:
        if a.group == "table" and a.selector.startswith("table[text"):
            try:
                same = shown(observe(TEXT, a.target), _TT) == shown(observe(TEXT, cp), _TT)
            except (OfficeEvalError, LookupError):
                same = False
            if same:
                checks.append(DraftCheck(f"{a.selector}/cell", "cell.text", "unchanged"))
    checks += _kept_paragraphs(inp, ref)
    return checks


def _kept_slides(diff: Diff, inp: Document, ref: Document, changed: set[str]) -> list[DraftCheck]:
    """Slide titles, the number of slides, body placeholders' texts."""
    checks: list[DraftCheck] = []
    titles_same = all(a.selector.startswith("slide[title") for a, _ in diff.matched
                      if a.group == "slide") and not diff.gone and not any(
        a.group == "slide" for a in diff.new)
    if titles_same and any(a.group == "slide" for a, _ in diff.matched):
        checks.append(DraftCheck("slide", "slide.title", "unchanged"))
    else:
        checks += [DraftCheck(a.selector, "slide.title", "unchanged")
                   for a, cp in diff.matched if a.group == "slide"
                   and _same(a.target, cp, "slide.title")][:MAX_KEPT]
    if len(safe_select(inp, "slide")) == len(safe_select(ref, "slide")):
        checks.append(DraftCheck("presentation", "slide.count", "unchanged"))
    checks += [DraftCheck(a.selector, TEXT, "unchanged")
               for a, cp in diff.matched if a.group == "shape" and _body(a.target)
               and a.selector not in changed and _same(a.target, cp, TEXT)][:MAX_KEPT]
    return checks


# Per app: the checks of what the task keeps.
KEPT = {"word": _kept_texts, "excel": _kept_cells, "ppt": _kept_slides}


def _same(t: Target, cp: Target, prop: str) -> bool:
    """Whether ``prop`` has the same non-empty value on the reference target and its input
    counterpart."""
    try:
        r, i = observe(prop, t), observe(prop, cp)
    except (OfficeEvalError, LookupError):
        return False
    return r is not None and i is not None and bool(r.value) and \
        shown(r, _TT) == shown(i, _TT)


def _body(t: Target) -> bool:
    """A body (content) placeholder: the text a slide carries besides its title."""
    try:
        obs = observe("shape.placeholder_type", t)
    except (OfficeEvalError, LookupError):
        return False
    return obs is not None and str(obs.value or "") in ("body", "obj", "subTitle")


def _kept_paragraphs(inp: Document, ref: Document) -> list[DraftCheck]:
    """Body text the task keeps: ``paragraph text unchanged`` when every paragraph's text
    is the input's, else the runs of paragraphs whose text and position are both the
    input's (``paragraph[3..7]``: before the first inserted or deleted one, or between
    edits), the longest few."""
    import difflib
    texts = []
    for doc in (inp, ref):
        got = []
        for t in safe_select(doc, "paragraph"):
            try:
                obs = observe(TEXT, t)
            except (OfficeEvalError, LookupError):
                return []
            got.append("" if obs is None or obs.value is None else str(obs.value))
        texts.append(got)
    a, b = texts
    if not b or not any(x.strip() for x in b):
        return []
    if a == b:
        return [DraftCheck("paragraph", TEXT, "unchanged")]
    runs = []
    for tag, i1, i2, j1, j2 in difflib.SequenceMatcher(None, a, b, autojunk=False).get_opcodes():
        if tag == "equal" and i1 == j1 and any(x.strip() for x in b[j1:j2]):
            runs.append((j1 + 1, j2))
    runs = sorted(sorted(runs, key=lambda r: -(r[1] - r[0]))[:MAX_KEPT // 2])
    return [DraftCheck(f"paragraph[{r1}]" if r1 == r2 else f"paragraph[{r1}..{r2}]", TEXT,
                       "unchanged") for r1, r2 in runs]


def _sheet_in_both(ssel: str, inp: Document, ref: Document) -> str:
    """A sheet's selector that finds it in the input too: its name, or its position when
    the task renamed it (an ``unchanged`` check compares with the input's)."""
    if safe_select(inp, ssel):
        return ssel
    mine = [t.locator for t in safe_select(ref, ssel)]
    sheets = [t.locator for t in safe_select(ref, "sheet")]
    if len(mine) == 1 and mine[0] in sheets:
        k = sheets.index(mine[0]) + 1
        if len(safe_select(inp, f"sheet[{k}]")) == 1:
            return f"sheet[{k}]"
    return ssel


class _TTx:
    def render(self, v):
        return "(none)" if v is None else str(v)


_TT = _TTx()
