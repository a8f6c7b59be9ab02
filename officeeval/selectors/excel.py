"""Excel selector steps.

A1 references (``'成绩'!B2:D31``, ``C:C``, ``3:3``; the grammar's ``range`` step) select
cells, every cell of the rectangle including empty ones; whole columns and rows are bounded
by the sheet's used range (cells holding a value or formula). A bare reference at the top
(``B2``) means the first sheet in tab order; after ``sheet(…)`` it means that sheet.
"""

from __future__ import annotations

from officeeval.excel import objects
from officeeval.excel.refs import MAX_COL, MAX_ROW, Area, col_index, parse_area
from officeeval.excel.targets import CellRange, CellTarget, ColumnTarget, RowTarget, \
    SheetTarget
from officeeval.errors import SelectorSyntaxError
from officeeval.selectors.grammar import Step, parse_selector
from officeeval.selectors.predicates import apply_predicates
from officeeval.selectors.registry import StepSpec, StepTable
from officeeval.targets import Target

# A selection larger than this many cells is refused as a rubric problem (LookupError),
# not attempted: nobody grades a million cells one by one.
MAX_CELLS = 2_000_000


def _sheets_of(parent: Target) -> list:
    if isinstance(parent, SheetTarget):
        return [parent.sheet]
    if hasattr(parent, "sheet"):
        return [parent.sheet]
    return list(parent.doc.sheets)


def _workbook(parent: Target, step: Step) -> list[Target]:
    return [parent.doc.root()]


def _sheet(parent: Target, step: Step) -> list[Target]:
    doc = parent.doc
    if step.args:
        arg = step.args[0]
        s = doc.sheet(arg)
        if s is None and arg.strip().isdigit():
            i = int(arg.strip())
            s = doc.sheets[i - 1] if 1 <= i <= len(doc.sheets) else None
        return [objects.sheet_target(s)] if s is not None else []
    return list(objects.sheet_targets(doc))


def _cells(sheet, area: Area) -> list[Target]:
    area2 = sheet.bound(area)
    if area2 is None or sheet.kind != "worksheet":
        return []
    if area2.rows * area2.cols > MAX_CELLS:
        raise LookupError(f"{area} selects {area2.rows * area2.cols} cells (limit {MAX_CELLS})")
    if sheet.store is not None:
        sheet.store.ensure(area2.r1, area2.r2, area2.c1, area2.c2)
        if area2.rows * area2.cols > 1:
            # A range: targets built only if something goes cell by cell (a check of a
            # style property judges the cells by style instead).
            return CellRange(sheet, area2.r1, area2.r2, area2.c1, area2.c2)
    return [CellTarget(sheet, r, c) for r in range(area2.r1, area2.r2 + 1)
            for c in range(area2.c1, area2.c2 + 1)]


def _range(parent: Target, step: Step) -> list[Target]:
    sheet_name, ref = step.args[0], step.args[1]
    doc = parent.doc
    if sheet_name is not None:
        sheet = doc.sheet(sheet_name)
    elif isinstance(parent, SheetTarget):
        sheet = parent.sheet
    else:
        sheet = next((s for s in doc.sheets if s.kind == "worksheet"), None)
    area = parse_area(ref)
    if sheet is None or area is None:
        return []
    return _cells(sheet, area)


def _cell(parent: Target, step: Step) -> list[Target]:
    out: list[Target] = []
    for sheet in _sheets_of(parent):
        if sheet.store is None:
            continue
        if step.args:
            area = parse_area(step.args[0])
            if area is not None:
                out.extend(_cells(sheet, area))
            continue
        out.extend(CellTarget(sheet, c.row, c.col) for c in sheet.store.all_cells()
                   if c.has_content)
    return out


def _column(parent: Target, step: Step) -> list[Target]:
    out: list[Target] = []
    for sheet in _sheets_of(parent):
        if step.args:
            arg = step.args[0].strip()
            col = int(arg) if arg.isdigit() else col_index(arg.replace("$", ""))
            if col is not None and 1 <= col <= MAX_COL:
                out.append(ColumnTarget(sheet, col))
            continue
        used = sheet.used_area()
        if used is not None:
            out.extend(ColumnTarget(sheet, c) for c in range(used.c1, used.c2 + 1))
    return out


def _row(parent: Target, step: Step) -> list[Target]:
    out: list[Target] = []
    for sheet in _sheets_of(parent):
        if step.args:
            arg = step.args[0].strip()
            if arg.isdigit() and 1 <= int(arg) <= MAX_ROW:
                out.append(RowTarget(sheet, int(arg)))
            continue
        used = sheet.used_area()
        if used is not None:
            out.extend(RowTarget(sheet, r) for r in range(used.r1, used.r2 + 1))
    return out


def _by_cell(parent: Target, lists) -> list[Target] | None:
    """For a cell parent: the rules whose ranges cover that cell."""
    if not isinstance(parent, CellTarget):
        return None
    out = []
    for t in lists(parent.sheet):
        for part in t.rule.range.split():
            a = parse_area(part)
            if a is not None and a.contains(parent.row, parent.col):
                out.append(t)
                break
    return out


def _objects_step(getter, by_name: bool = False):
    def fn(parent: Target, step: Step) -> list[Target]:
        hit = _by_cell(parent, getter) if getter in (objects.cf_rules, objects.validations) \
            else None
        if hit is not None:
            return hit
        out = [t for s in _sheets_of(parent) for t in getter(s)]
        if by_name and step.args:
            want = step.args[0].strip().casefold()
            out = [t for t in out if any(str(v).casefold() == want for v in
                                         (t.predicate_value("name") or []))]
        return out
    return fn


def _name(parent: Target, step: Step) -> list[Target]:
    items = objects.names(parent.doc)
    if not step.args:
        return [t for t in items if not t.name.name.startswith("_xlnm.")]
    want = step.args[0].strip()
    sheet_part, _, bare = want.rpartition("!")
    out = []
    for t in items:
        if t.name.name.casefold() != bare.strip("'").casefold():
            continue
        if sheet_part:
            idx = t.name.local_sheet
            scope = parent.doc.sheets[idx].name if idx is not None and idx < len(
                parent.doc.sheets) else None
            if scope is None or scope.casefold() != sheet_part.strip("'").casefold():
                continue
        out.append(t)
    return out


# ------------------------------------------------------------------------------ planning
def _planned_areas(doc, text: str) -> list[tuple[object, Area]]:
    """(sheet, area) of the cells a selector's first reference step reads (``'数据'!A1``,
    ``sheet('数据')/C2:C9``, ``sheet[1]/cell('B2')``); other selectors read no planned
    cells."""
    try:
        steps = parse_selector(text).steps
    except SelectorSyntaxError:
        return []
    sheets = None
    if steps and steps[0].name == "sheet":
        sheets = [t.sheet for t in apply_predicates(_sheet(doc.root(), steps[0]),
                                                    steps[0].predicates)]
        steps = steps[1:]
    if not steps or steps[0].name not in ("range", "cell") or not steps[0].args:
        return []
    step = steps[0]
    if step.name == "range":
        sheet_name, ref = step.args[0], step.args[1]
        if sheet_name is not None:
            sheets = [doc.sheet(sheet_name)] if sheets is None else []
        elif sheets is None:
            sheets = [next((s for s in doc.sheets if s.kind == "worksheet"), None)]
    else:
        ref = step.args[0]
        if sheets is None:
            sheets = list(doc.sheets)
    area = parse_area(ref)
    if area is None:
        return []
    return [(s, area) for s in sheets if s is not None and s.store is not None]


def plan_reads(doc, selectors) -> None:
    """Announce to each sheet's cell store the cells the rubric's selectors will read, so a
    large sheet is streamed once for all of them (``CellStore.plan``). Reads nothing now;
    a selector it cannot plan is simply read when selected."""
    if not any(s.store is not None and s.store.large for s in doc.sheets):
        return  # small sheets are parsed whole and indexed: nothing to plan
    by_sheet: dict[int, tuple[object, list]] = {}
    for text in selectors:
        for sheet, area in _planned_areas(doc, text):
            if not sheet.store.large:
                continue
            if area.kind == "cols":
                box = (1, MAX_ROW, area.c1, area.c2)
            elif area.kind == "rows":
                box = (area.r1, area.r2, 1, MAX_COL)
            else:
                box = (area.r1, area.r2, area.c1, area.c2)
            by_sheet.setdefault(id(sheet), (sheet, []))[1].append(box)
    for sheet, boxes in by_sheet.values():
        sheet.store.plan(boxes)


_WB = frozenset({"workbook"})
_WB_SHEET = frozenset({"workbook", "sheet"})
_CELL_KINDS = frozenset({"workbook", "sheet", "cell"})

STEPS = StepTable("excel")
STEPS.planner = plan_reads
STEPS.add(StepSpec("workbook", "workbook", _workbook, "The workbook itself.",
                           parents=_WB))
STEPS.add(StepSpec("sheet", "sheet", _sheet,
                           "sheet('名称') by name (case-insensitive), sheet[1] by tab order "
                           "(chart sheets count); without an argument, every sheet.",
                           parents=_WB, max_args=1))
STEPS.add(StepSpec("range", "cell", _range,
                           "An A1 reference: 'Sheet'!B2, 'Sheet'!B2:D31, 'Sheet'!C:C, "
                           "'Sheet'!3:3 (every cell; columns/rows bounded by the used range).",
                           parents=_WB_SHEET, max_args=2))
STEPS.add(StepSpec("cell", "cell", _cell,
                           "cell('B2') or cell('B2:D9'); without an argument, every cell "
                           "holding a value or formula.", parents=_WB_SHEET, max_args=1))
STEPS.add(StepSpec("column", "column", _column,
                           "column('C') or column(3): a sheet column (width, hidden); "
                           "without an argument, the used columns.",
                           parents=frozenset({"sheet"}), max_args=1))
STEPS.add(StepSpec("row", "row", _row,
                           "row(3): a sheet row (height, hidden, outline level); without an "
                           "argument, the used rows.", parents=frozenset({"sheet"}),
                           max_args=1))
STEPS.add(StepSpec("chart", "chart", _objects_step(objects.charts),
                           "Charts on worksheets and chart sheets, in tab then drawing order.",
                           parents=_WB_SHEET))
STEPS.add(StepSpec("pivot", "pivot", _objects_step(objects.pivot_tables, True),
                           "Pivot tables (pivot('名称') by name).", parents=_WB_SHEET,
                           max_args=1))
STEPS.add(StepSpec("table", "table", _objects_step(objects.list_objects, True),
                           "Tables (ListObjects): table('表1') by name or display name.",
                           parents=_WB_SHEET, max_args=1))
STEPS.add(StepSpec("conditional_format", "conditional_format",
                           _objects_step(objects.cf_rules),
                           "Conditional formatting rules (x14 extensions included); under a "
                           "cell or range, the rules covering it.", parents=_CELL_KINDS))
STEPS.add(StepSpec("validation", "validation", _objects_step(objects.validations),
                           "Data validation rules; under a cell or range, the rules covering "
                           "it.", parents=_CELL_KINDS))
STEPS.add(StepSpec("name", "name", _name,
                           "name('税率'): a defined name ('Sheet'!name for a sheet-scoped "
                           "one); without an argument, every user-defined name.",
                           parents=_WB, max_args=1))
