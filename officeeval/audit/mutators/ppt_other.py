"""PowerPoint's other correct answers (``other_answers`` says what each variant is): the
shapes the task created renamed, reordered and moved as the words allow; pictured colours
and sizes moved to look-alikes; a switched layout's empty placeholders added; a text edit
no step asks for undone. The edits are PowerPoint's (``officeeval.ppt.edit.created``,
``layout_switch``, ``pictured``, ``paragraph_text``).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from difflib import SequenceMatcher

from officeeval.audit import regions as RG
from officeeval.audit.instruction import fold
from officeeval.audit.mutators.other_answers import (
    Task, other_answer, pictured_variants, placement_of,
)
from officeeval.ppt.content import shape_text
from officeeval.ppt.edit import created as PC
from officeeval.ppt.edit import layout_switch as PL
from officeeval.ppt.edit import paragraph_text as PT
from officeeval.ppt.edit import pictured as PP
from officeeval.ppt.markup import paragraph_text, paragraphs
from officeeval.ppt.shapes import Shape
from officeeval.ppt.sheets import Sheet, effective_box
from officeeval.properties.writing import NotApplicable

EMU_PER_PT = 12700
EMU_PER_CM = 360000
# The words a step uses for a shape of each kind.
KIND_WORDS = {"autoshape": ("形状", "图形", "矩形", "按钮"), "textbox": ("文本框",),
              "picture": ("图片", "图像", "照片"), "chart": ("图表", "柱形图", "饼图", "折线图"),
              "table": ("表格",), "smartart": ("smartart", "图示", "图形"),
              "media": ("视频", "音频"), "group": ("组合",)}
# Words that fix the order shapes are stacked in.
_ORDER_WORDS = re.compile(r"置于顶层|置于底层|上移一层|下移一层|叠放|层次|置于.{0,8}(之上|之下|上方|下方)")
_TEXT_KINDS = {"autoshape", "textbox", "table", "chart", "smartart", "group"}


@dataclass(frozen=True)
class Created:
    """A shape the task created: its sheet's ``part``, its ``index`` in the sheet's
    ``all_shapes``, the shape in the planning view and the words naming its sheet."""

    part: str
    index: int
    shape: Shape
    context: tuple[str, ...]


def _title(sheet: Sheet) -> str:
    for s in sheet.all_shapes():
        if s.is_title:
            return shape_text(s).strip()
    return ""


def _pairs(task: Task) -> list[tuple[Sheet, Sheet | None, tuple[str, ...]]]:
    """Each slide, layout and master of the reference with its input counterpart (slides
    by their id, the others by part name) and the words that name it."""
    ref, inp = task.doc, task.input_doc
    in_slides = dict(zip(inp.slide_ids, inp.slide_sheets)) if inp is not None else {}
    in_parts = ({s.part.lower(): s for s in inp.layouts + inp.masters}
                if inp is not None else {})
    out: list[tuple[Sheet, Sheet | None, tuple[str, ...]]] = []
    for sid, sheet in zip(ref.slide_ids, ref.slide_sheets):
        title = _title(sheet)
        out.append((sheet, in_slides.get(sid), (title,) if title else ()))
    for s in ref.layouts:
        out.append((s, in_parts.get(s.part.lower()), (s.name, "版式")))
    for s in ref.masters:
        out.append((s, in_parts.get(s.part.lower()), ("母版",)))
    return out


def created(task: Task) -> list[Created]:
    """The reference's shapes the input's counterpart sheet does not have (by id and
    name); every shape of a sheet the input lacks. ``[]`` without the input."""
    if task.input_doc is None:
        return []
    out = []
    for sheet, old, ctx in _pairs(task):
        keys = {(s.id, s.name) for s in old.all_shapes()} if old is not None else set()
        for i, s in enumerate(sheet.all_shapes()):
            if (s.id, s.name) not in keys:
                out.append(Created(sheet.part, i, s, ctx))
    return out


def _kind_words(s: Shape) -> tuple[str, ...]:
    return KIND_WORDS.get(s.kind, ())


def _where(c: Created, doc) -> str:
    if c.part in [s.part for s in doc.slide_sheets]:
        return f"slide {[s.part for s in doc.slide_sheets].index(c.part) + 1}"
    return c.context[0] if c.context else c.part


# ------------------------------------------------------------------ renamed
def plan_renamed(task: Task, made: list[Created]) -> list:
    ins = task.instruction
    if ins is None or not made:
        return []
    renames: list[tuple[str, int, str]] = []
    shown, kept = [], []
    taken: dict[str, set[str]] = {}
    for c in made:
        if ins.gives_name(c.shape.name):
            kept.append(c.shape.name)
            continue
        names = taken.setdefault(c.part, {s.name for s in task.doc.sheet(c.part).all_shapes()})
        new = PC.default_name(c.shape)
        word, _, n = new.rpartition(" ")
        k = int(n)
        while new in names or ins.gives_name(new):
            k += 1
            new = f"{word} {k}"
        names.add(new)
        renames.append((c.part, c.index, new))
        shown.append(f"{c.shape.name!r} -> {new!r} ({_where(c, task.doc)})")
    if not renames:
        return []

    def apply(ws, edit) -> str:
        for part, index, name in renames:
            PC.rename(edit, part, index, name)
        return f"{len(renames)} renamed"

    desc = ("created shapes renamed as PowerPoint names them: " + "; ".join(shown[:8])
            + (f" … ({len(shown)} in all)" if len(shown) > 8 else "")
            + (f"; kept as the instruction names them: {', '.join(kept)}" if kept else ""))
    return [other_answer("ppt|renamed", "created-renamed", desc, apply)]


# ------------------------------------------------------------------ reordered
def plan_reordered(task: Task, made: list[Created]) -> list:
    ins = task.instruction
    if ins is None:
        return []
    by_part: dict[str, list[Created]] = {}
    for c in made:
        if c.shape.parent is None:
            by_part.setdefault(c.part, []).append(c)
    plans, shown = [], []
    for part, cs in by_part.items():
        if len(cs) < 2:
            continue
        ids = [s.id for s in task.doc.sheet(part).all_shapes()]
        if len(ids) != len(set(ids)):
            # The reference repeats a shape id: animations and connectors refer to the
            # first shape with an id, so reordering would change what they refer to (a
            # candidate's PowerPoint never repeats one).
            continue
        clauses = [ins.clause_about([c.shape.name], _kind_words(c.shape), c.context)
                   for c in cs]
        if any(cl and _ORDER_WORDS.search(cl) for cl in clauses):
            continue
        plans.append((part, [c.index for c in cs]))
        shown.append(f"{_where(cs[0], task.doc)}: {' / '.join(c.shape.name for c in cs)}")
    if not plans:
        return []

    def apply(ws, edit) -> str:
        for part, idx in plans:
            PC.reorder(edit, part, idx)
        return f"{len(plans)} sheets"

    return [other_answer("ppt|reordered", "created-reordered",
                         "created shapes made in the reverse order (z-order in the shape "
                         "tree): " + "; ".join(shown), apply)]


# ------------------------------------------------------------------ moved
def plan_moved(task: Task, made: list[Created]) -> list:
    ins = task.instruction
    size = task.doc.slide_size
    if ins is None or size is None:
        return []
    page = (size.width * EMU_PER_PT, size.height * EMU_PER_PT)
    moves, shown = [], []
    for c in made:
        s = c.shape
        if s.parent is not None or s.placeholder is not None or s.own_box is None:
            continue
        got = effective_box(s)
        if got is None:
            continue
        b = got[0]
        names = [s.name] if ins.gives_name(s.name) else []
        where, _ = placement_of(ins, names, _kind_words(s), c.context)
        avoid = [(o.x, o.y, o.cx, o.cy) for o in _boxes(task.doc.sheet(c.part), s)]
        new = RG.moved_box((b.x, b.y, b.cx, b.cy), page, where,
                           grow=s.kind in _TEXT_KINDS,
                           keep_aspect=s.kind in ("picture", "media"), avoid=avoid)
        if new is None or (where.said and not RG.within(new, page, where)):
            continue
        moves.append((c.part, c.index, new))
        said = "/".join(where.words) or "no words: anywhere on the slide"
        fixed = f", kept {''.join(sorted(where.fixed))}" if where.fixed else ""
        shown.append(f"{s.name!r} ({said}{fixed}) {_cm(b.x, b.y, b.cx, b.cy)} -> "
                     f"{_cm(*new)}")
    if not moves:
        return []

    def apply(ws, edit) -> str:
        for part, index, box in moves:
            PC.set_box(edit, part, index, box)
        return f"{len(moves)} moved"

    return [other_answer("ppt|moved", "created-moved",
                         "created shapes moved and resized within what the words allow: "
                         + "; ".join(shown), apply)]


def _boxes(sheet: Sheet, but: Shape) -> list:
    """The boxes of the sheet's other top-level shapes (placeholders with their inherited
    box): a moved shape must not come to cover one."""
    out = []
    for o in sheet.shapes:
        if o is but:
            continue
        got = effective_box(o)
        if got is not None:
            out.append(got[0])
    return out


def _cm(x: float, y: float, w: float, h: float) -> str:
    return (f"{x / EMU_PER_CM:.2f},{y / EMU_PER_CM:.2f} cm "
            f"{w / EMU_PER_CM:.2f}x{h / EMU_PER_CM:.2f} cm")


# ------------------------------------------------------------------ layout placeholders
def plan_layout_placeholders(task: Task) -> list:
    inp = task.input_doc
    if inp is None:
        return []
    in_layout = {sid: (s.layout.part if s.layout is not None else None)
                 for sid, s in zip(inp.slide_ids, inp.slide_sheets)}
    switched = []
    for sid, s in zip(task.doc.slide_ids, task.doc.slide_sheets):
        if sid in in_layout and s.layout is not None and in_layout[sid] is not None \
                and s.layout.part.lower() != str(in_layout[sid]).lower():
            switched.append((s.part, _title(s) or s.part, s.layout.name))
    if not switched:
        return []

    def apply(ws, edit) -> str:
        added = []
        for part, _, _ in switched:
            try:
                added += PL.add_missing_placeholders(edit, part)
            except NotApplicable:
                continue
        if not added:
            raise NotApplicable("every switched slide has its layout's placeholders")
        return ", ".join(added)

    return [other_answer("ppt|layout-placeholders", "layout-placeholders",
                         "the new layout's placeholders the slide lacked added, empty, as "
                         "PowerPoint does when the layout is switched: "
                         + "; ".join(f"{t!r} on {name!r}" for _, t, name in switched),
                         apply)]


# ------------------------------------------------------------------ unasked text
_ONLY_SPACE_PUNCT = re.compile(r"^[\s\W_]*$")


def plan_unasked_text(task: Task) -> list:
    ins = task.instruction
    if ins is None or task.input_doc is None:
        return []
    undo, shown = [], []
    for sheet, old, _ in _pairs(task):
        if old is None or sheet.kind != "slide":
            continue
        by_key = {(s.id, s.name): s for s in old.all_shapes()}
        for i, s in enumerate(sheet.all_shapes()):
            o = by_key.get((s.id, s.name))
            if o is None or s.tx_body is None or o.tx_body is None:
                continue
            new_ps = [paragraph_text(p) for p in paragraphs(s.tx_body)]
            old_ps = [paragraph_text(p) for p in paragraphs(o.tx_body)]
            if len(new_ps) != len(old_ps):
                continue
            for k, (a, b) in enumerate(zip(old_ps, new_ps)):
                if a != b and a.strip() and not asked(ins, a, b):
                    undo.append((sheet.part, i, k, a))
                    shown.append(f"{b!r} -> {a!r}")
    if not undo:
        return []

    def apply(ws, edit) -> str:
        for part, i, k, text in undo:
            PT.set_paragraph_text(edit, part, i, k, text)
        return f"{len(undo)} paragraphs"

    return [other_answer("ppt|unasked-text", "unasked-text-undone",
                         "text edits no step asks for undone: " + "; ".join(shown[:6]),
                         apply)]


def asked(ins, old: str, new: str) -> bool:
    """Whether a step asks for the edit ``old`` -> ``new``: a step writes the new or the
    old paragraph, or a changed stretch of either (two characters or more). A change of
    white space or punctuation only counts as asked (a step may tidy them without quoting
    them)."""
    text = ins.folded
    if fold(new) and fold(new) in text or fold(old) and fold(old) in text:
        return True
    ops = [op for op in SequenceMatcher(None, old, new, autojunk=False).get_opcodes()
           if op[0] != "equal"]
    if all(_ONLY_SPACE_PUNCT.match(old[i1:i2] + new[j1:j2]) for _, i1, i2, j1, j2 in ops):
        return True
    for _, i1, i2, j1, j2 in ops:
        # The changed stretch with up to three characters either side ("阅览市" ->
        # "阅览室" changes one character; the step quotes the word).
        for left in range(4):
            for right in range(4):
                for piece in (old[max(0, i1 - left):i2 + right],
                              new[max(0, j1 - left):j2 + right]):
                    if len(fold(piece)) >= 2 and fold(piece) in text:
                        return True
    return False


# ------------------------------------------------------------------ all
def plan_other(task: Task) -> list:
    made = created(task)
    out = plan_renamed(task, made) + plan_reordered(task, made) + plan_moved(task, made)
    out += pictured_variants(task, PP.colours, PP.sizes, task.doc.theme_color,
                             PP.replace_colours, PP.theme_colours, PP.replace_sizes)
    out += plan_layout_placeholders(task)
    out += plan_unasked_text(task)
    return out
