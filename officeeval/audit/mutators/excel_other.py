"""Excel's other correct answers (``other_answers`` says what each variant is): the objects
the task drew (charts, pictures, shapes) renamed, reordered and anchored elsewhere as the
words allow; tables the task made renamed when the instruction does not name them; pictured
colours and sizes moved to look-alikes. The edits are Excel's (``officeeval.excel.edit
.created``, ``pictured``).

Placement words for a chart: a cell area (``放置在 L2:S18 区域内``) keeps it inside the area
(moved and shrunk a cell); a corner cell (``左上角位于 A9``) keeps that corner and changes the
size; no words move it a column and two rows and make it a column and a row larger.
"""

from __future__ import annotations

import re
from collections import Counter

from officeeval.audit.mutators.other_answers import Task, other_answer, pictured_variants
from officeeval.excel.edit import created as XC
from officeeval.excel.edit import pictured as XP
from officeeval.excel.refs import parse_area

KIND_WORDS = {"chart": ("图表", "柱形图", "饼图", "折线图", "条形图", "透视图"),
              "picture": ("图片",), "shape": ("形状", "文本框"), "group": ("组合",)}
_AREA = re.compile(r"([A-Za-z]{1,3}\d+)\s*[:：]\s*([A-Za-z]{1,3}\d+)")
_CORNER = re.compile(r"左上角\s*(?:位于|在|放在|放置在|对齐)?\s*"
                     r"(?:[“\"][^”\"]{0,31}[”\"]\s*(?:工作表)?\s*的?)?\s*[“\"]?\s*"
                     r"([A-Za-z]{1,3}\d+)")


def _drawing_objects(doc) -> list[tuple[str, XC.Anchored]]:
    """(sheet name, object) of every drawing object of the workbook's sheets."""
    out = []
    for sheet in doc.sheets:
        for d in sheet.related("drawing"):
            out += [(sheet.name, o) for o in XC.objects(doc, d, sheet)]
    return out


def created(task: Task) -> list[tuple[str, XC.Anchored]]:
    """The reference's drawing objects whose (sheet, name) the input does not have (as many
    times)."""
    if task.input_doc is None:
        return []
    had = Counter((s, o.name) for s, o in _drawing_objects(task.input_doc))
    out = []
    for s, o in _drawing_objects(task.doc):
        if had[(s, o.name)] > 0:
            had[(s, o.name)] -= 1
        else:
            out.append((s, o))
    return out


def _covered(o: XC.Anchored) -> tuple[int, int, int, int] | None:
    """(first col, first row, last col, last row), 0-based, of a two-cell anchor, as the
    engine reads it (an end exactly on a cell's edge does not reach into it)."""
    if o.start is None:
        return None
    if o.end is None:  # a one-cell anchor: the cells its size reaches
        a = parse_area(o.cells) if o.cells and ":" in o.cells else None
        return (a.c1 - 1, a.r1 - 1, a.c2 - 1, a.r2 - 1) if a is not None else None
    c2 = o.end[0] - 1 if o.end[1] == 0 and o.end[0] > o.start[0] else o.end[0]
    r2 = o.end[2] - 1 if o.end[3] == 0 and o.end[2] > o.start[2] else o.end[2]
    return o.start[0], o.start[2], c2, r2


def _cells(c1: int, r1: int, c2: int, r2: int) -> tuple[XC.Marker, XC.Marker]:
    return (c1, 0, r1, 0), (c2 + 1, 0, r2 + 1, 0)


def _placed(o: XC.Anchored, clause: str | None) -> tuple[tuple, str] | None:
    """The new anchor (start, end markers) the words allow, and the words; ``None`` when
    the object cannot be placed otherwise."""
    cov = _covered(o)
    if cov is None:
        return None
    c1, r1, c2, r2 = cov
    text = clause or ""
    area = _placement_area(text)
    corner = _CORNER.search(text)
    if area:
        a = parse_area(f"{area.group(1)}:{area.group(2)}".upper())
        if a is None:
            return None
        ac1, ar1, ac2, ar2 = a.c1 - 1, a.r1 - 1, a.c2 - 1, a.r2 - 1
        # One row lower and a column and a row smaller, still inside the area.
        n1, m1, n2, m2 = max(c1, ac1), max(r1, ar1) + 1, min(c2, ac2) - 1, min(r2, ar2)
        if n2 - n1 < 2 or m2 - m1 < 2:
            return None
        return _cells(n1, m1, n2, m2), f"inside {area.group(1)}:{area.group(2)}"
    if corner:
        # The corner stays where the words put it; the size is the candidate's.
        return (o.start, (c2 + 2, 0, r2 + 3, 0)), f"top-left at {corner.group(1)}"
    return _cells(c1 + 1, r1 + 2, c2 + 2, r2 + 3), "no words: anywhere on the sheet"


def _placement_area(text: str):
    """The cell area the words put an object in (``放置在 L2:S18 区域内``), not a data
    source the same clause names (``以 A1:E5 为数据源``)."""
    for m in _AREA.finditer(text):
        before, after = text[max(0, m.start() - 6):m.start()], text[m.end():m.end() + 4]
        if re.search(r"区域|范围", after) and not re.search(r"数据源|为源", after) or \
                re.search(r"放置|放在|位于|置于|移到|移动到", before):
            return m
    return None


def plan_drawn(task: Task) -> list:
    ins = task.instruction
    if ins is None:
        return []
    made = created(task)
    out = []
    renames = [(o, o.default_name) for _, o in made if not ins.gives_name(o.name)
               and o.default_name != o.name]
    if renames:
        def rename(ws, edit) -> str:
            for o, name in renames:
                XC.rename(edit, o.part, o.index, name)
            return f"{len(renames)} renamed"
        kept = [o.name for _, o in made if ins.gives_name(o.name)]
        out.append(other_answer(
            "excel|renamed", "created-renamed",
            "created drawing objects renamed as Excel names them: "
            + "; ".join(f"{o.name!r} -> {n!r}" for o, n in renames)
            + (f"; kept as the instruction names them: {', '.join(kept)}" if kept else ""),
            rename))
    by_part: dict[str, list[int]] = {}
    for _, o in made:
        by_part.setdefault(o.part, []).append(o.index)
    orders = {p: ix for p, ix in by_part.items() if len(ix) >= 2}
    if orders:
        def reorder(ws, edit) -> str:
            return "; ".join(XC.reorder(edit, p, ix) for p, ix in orders.items())
        out.append(other_answer("excel|reordered", "created-reordered",
                                "created drawing objects made in the reverse order", reorder))
    moves = []
    for sheet, o in made:
        names = [o.name] if ins.gives_name(o.name) else []
        clause = ins.step_about(names, KIND_WORDS.get(o.kind, ()), [sheet])
        got = _placed(o, clause)
        if got is not None:
            moves.append((sheet, o, got[0], got[1]))
    if moves:
        def move(ws, edit) -> str:
            for _, o, (start, end), _ in moves:
                XC.set_cells(edit, o.part, o.index, start, end)
            return f"{len(moves)} moved"
        out.append(other_answer(
            "excel|moved", "created-moved",
            "created drawing objects anchored elsewhere within what the words allow: "
            + "; ".join(f"{o.name!r} on {s!r} ({why}) -> {_area(a, b)}"
                        for s, o, (a, b), why in moves), move))
    return out


def _area(start: XC.Marker, end: XC.Marker) -> str:
    from officeeval.excel.refs import cell_ref
    c2 = end[0] - 1 if end[1] == 0 else end[0]
    r2 = end[2] - 1 if end[3] == 0 else end[2]
    return f"{cell_ref(start[2] + 1, start[0] + 1)}:{cell_ref(r2 + 1, c2 + 1)}"


def plan_tables(task: Task) -> list:
    ins, inp = task.instruction, task.input_doc
    if ins is None or inp is None:
        return []
    from officeeval.excel.tables import sheet_tables
    had = {t.display_name.casefold() for s in inp.sheets for t in sheet_tables(s)}
    tables = [t for s in task.doc.sheets for t in sheet_tables(s)]
    taken = {t.display_name.casefold() for t in tables}
    renames = []
    n = 1
    for t in tables:
        if t.display_name.casefold() in had or ins.gives_name(t.display_name) \
                or ins.gives_name(t.name):
            continue
        while f"表{n}".casefold() in taken:
            n += 1
        new = f"表{n}"
        taken.add(new.casefold())
        if new != t.display_name:
            renames.append((t.part, t.display_name, new))
    if not renames:
        return []

    def apply(ws, edit) -> str:
        return "; ".join(XC.rename_table(edit, part, new) for part, _, new in renames)

    return [other_answer("excel|tables", "created-renamed",
                         "tables the instruction does not name renamed as Excel names them "
                         "(formulas' structured references follow): "
                         + "; ".join(f"{old!r} -> {new!r}" for _, old, new in renames),
                         apply)]


def plan_other(task: Task) -> list:
    out = plan_drawn(task) + plan_tables(task)
    out += pictured_variants(task, XP.colours, XP.sizes, task.doc.theme_color,
                             XP.replace_colours, XP.theme_colours, XP.replace_sizes)
    return out
