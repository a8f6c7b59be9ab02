"""Other correct answers: variants of the reference that answer the instruction differently
where its words leave the answer open, each of which a careful examiner gives full marks.
A loss is a *false fail* (the rubric reads the reference's choice, not the task).

Unlike equivalent variants (the same answer in other XML), these are different answers:

* ``fields-updated`` (Word): fields as Word updates them on open — a TOC regenerated from
  the headings, REF results set to the bookmarked text, SEQ renumbered, NUMPAGES set;
* ``created-renamed``: objects the task created renamed as another candidate's would be
  named (``矩形 5``, ``图表 3``, ``表1``), except names the instruction gives;
* ``created-reordered``: those objects created in another order (z-order, drawing order);
* ``created-moved``: those objects moved and resized within what the words allow
  (``audit.regions``), never a dimension the instruction states in numbers;
* ``pictured-colours`` / ``pictured-theme-colours`` / ``pictured-font-sizes``: values the
  instruction gives only by an example picture moved to ones that look the same
  (``audit.colour_neighbours``);
* ``layout-placeholders`` (PowerPoint): the placeholders a switched layout brings, empty;
* ``unasked-text-undone``: a text edit no step asks for undone.

The per-format policy is in ``<app>_other``; each module exposes ``plan_other(task)``.
Variants whose words cannot be read (no instruction found) are not made, except those that
need none (fields updated, layout placeholders).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Any, Callable

from officeeval import apps
from officeeval.audit import instruction as I
from officeeval.audit.colour_neighbours import ThemeChoice, nearest_theme, neighbour
from officeeval.audit.mutators.base import Mutation, PlanContext
from officeeval.audit.regions import Placement
from officeeval.formats import open_document
from officeeval.targets import Document

KIND = "other_answer"
EXACT = {"000000", "FFFFFF"}  # colours a picture gives exactly


def other_answer(key: str, operator: str, description: str, apply) -> Mutation:
    """A ``Mutation`` of kind ``other_answer`` (graded on the whole rubric)."""
    return Mutation(key=f"other|{key}", operator=f"other:{operator}",
                    description=description, apply=apply, kind=KIND)


@dataclass
class Task:
    """What the other-answer planners read: the planning context (the reference opened),
    the instruction (``None`` when none was found) and the untouched input opened
    (``None`` when it cannot be)."""

    ctx: PlanContext
    instruction: I.Instruction | None
    input_doc: Document | None

    @property
    def doc(self) -> Document:
        return self.ctx.doc


def plan_other_answers(ctx: PlanContext, input_path: str | None) -> list[Mutation]:
    """Every other-answer variant of the rubric's reference. Never raises for a document
    or instruction it cannot read: the variants that need it are left out; raises
    ``KeyError`` for an unknown app."""
    from officeeval.audit.mutators import excel_other, ppt_other, word_other
    per_app = {"ppt": ppt_other, "word": word_other, "excel": excel_other}
    module = apps.by_app(per_app, ctx.rubric.app)
    instruction = I.load(ctx.rubric, input_path, ctx.ws.original)
    input_doc = None
    if input_path:
        try:
            input_doc = open_document(input_path, ctx.rubric.app, options=ctx.ws.options)
        except Exception:  # noqa: BLE001 - an unreadable input leaves the input-based variants out
            input_doc = None
    try:
        return module.plan_other(Task(ctx, instruction, input_doc))
    except Exception as exc:  # noqa: BLE001 - a planner bug shows as one invalid mutant
        def fail(ws, edit, exc=exc):
            raise RuntimeError(f"planner error: {type(exc).__name__}: {exc}")
        return [other_answer(f"{ctx.rubric.app}|planner-error", "planner-error",
                             "the other-answer planner failed", fail)]
    finally:
        if input_doc is not None:
            input_doc.close()


# ------------------------------------------------------------------ placement words
def placement_of(ins: I.Instruction, names: list[str], kind_words, context=()
                 ) -> tuple["Placement", str]:
    """Where the words put an object: the region its best clause names, and every
    dimension its step states in numbers (a step may give the size in one clause and the
    place in another: what is fixed anywhere in it stays fixed). Also the clause, for
    descriptions."""
    from dataclasses import replace as _replace

    from officeeval.audit.regions import placement
    clause = ins.clause_about(names, kind_words, context)
    where = placement(clause)
    step = placement(ins.step_about(names, kind_words, context))
    return _replace(where, fixed=where.fixed | step.fixed), clause or ""


# ------------------------------------------------------------------ pictured values
def colour_plan(reference: set[str], input_: set[str], named: set[str]) -> dict[str, str]:
    """Colours the reference introduced (absent from the input) that the words do not name,
    each mapped to a visibly-equal neighbour (ΔE00 2–3); distinct colours stay distinct."""
    out: dict[str, str] = {}
    # Pure black and white: every candidate writes them exactly (the picture shows them so).
    for c in sorted(reference - input_ - named - {"auto"} - EXACT):
        n = neighbour(c)
        if n and n not in reference and n not in out.values():
            out[c] = n
    return out


def theme_plan(reference: set[str], input_: set[str], named: set[str],
               swatches: list[ThemeChoice]) -> dict[str, ThemeChoice]:
    """Those colours mapped to the palette swatch nearest each when it looks the same."""
    out: dict[str, ThemeChoice] = {}
    for c in sorted(reference - input_ - named - {"auto"} - EXACT):
        t = nearest_theme(c, swatches)
        if t is not None:
            out[c] = t
    return out


def size_plan(reference: set[float], input_: set[float], named: set[float]
              ) -> dict[float, float]:
    """Font sizes the reference introduced that the words do not name, each moved by 1 pt
    (2 pt from 20 pt up), up unless that reaches another size in use or named (then down):
    order and distinctness between sizes are kept, so any relation the words state
    (larger than the body, the same as the title) still holds."""
    def near(v: float, pool: set[float]) -> bool:
        return any(abs(v - p) < 0.01 for p in pool)

    others = reference | named
    out: dict[float, float] = {}
    for v in sorted(reference):
        if near(v, input_) or near(v, named):
            continue
        d = 1.0 if v < 20 else 2.0
        for new in (v + d, v - d):
            lo, hi = min(v, new), max(v, new)
            if new > 1 and not any(lo - 0.01 <= o <= hi + 0.01 and abs(o - v) > 0.01
                                   for o in others):
                out[v] = new
                break
    return out


def introduced(reference: dict[str, Counter], input_: dict[str, Counter]
               ) -> dict[Any, set[str]]:
    """The values the task wrote: each value that occurs more often in a part of the
    reference than in the same part of the input, with those parts (a new part's values
    are all new). Values the input already had where they are stay the input's."""
    out: dict[Any, set[str]] = {}
    for part, counts in reference.items():
        old = input_.get(part, Counter())
        for value, n in counts.items():
            if n > old.get(value, 0):
                out.setdefault(value, set()).add(part)
    return out


def _by_part(plan: dict, where: dict[Any, set[str]]) -> dict[str, dict]:
    out: dict[str, dict] = {}
    for value, new in plan.items():
        for part in where.get(value, ()):
            out.setdefault(part, {})[value] = new
    return out


def pictured_variants(task: Task, colours: Callable[[Any], dict[str, Counter]],
                      sizes: Callable[[Any], dict[str, Counter]],
                      theme_colour: Callable[[str], Any], write_colours: Callable,
                      write_theme: Callable, write_sizes: Callable) -> list[Mutation]:
    """The pictured-value variants of one format: ``colours(doc)`` / ``sizes(doc)`` count
    the explicit values by part, ``write_*(session, {part: mapping})`` write them where the
    task wrote them."""
    ins, inp = task.instruction, task.input_doc
    if ins is None or inp is None:
        return []
    from officeeval.audit.colour_neighbours import palette
    out: list[Mutation] = []
    if ins.pictures_colours():
        ref_by = colours(task.doc)
        new = introduced(ref_by, colours(inp))
        every = {c for counts in ref_by.values() for c in counts}
        named = ins.named_colours()
        plan = {c: n for c, n in colour_plan(set(new), set(), named).items()
                if n not in every}
        if plan:
            shown = ", ".join(f"#{a}->#{b}" for a, b in plan.items())
            out.append(other_answer(
                "pictured-colours", "pictured-colours",
                f"colours given only by an example picture moved to a visibly-equal "
                f"neighbour (ΔE00 2–3) where the task wrote them: {shown}",
                lambda ws, edit, m=_by_part(plan, new): write_colours(edit, m)))
        themed = theme_plan(set(new), set(), named, palette(theme_colour))
        if themed:
            shown = ", ".join(f"#{a}->{t.slot}{'/' + t.variant if t.variant else ''} "
                              f"(#{t.rgb}, ΔE00 {t.de:.1f})" for a, t in themed.items())
            mapping = {a: (t.slot, t.lum_mod, t.lum_off) for a, t in themed.items()}
            out.append(other_answer(
                "pictured-theme-colours", "pictured-theme-colours",
                f"colours given only by an example picture picked from the theme palette "
                f"instead: {shown}",
                lambda ws, edit, m=_by_part(mapping, new): write_theme(edit, m)))
    if ins.pictures_sizes():
        ref_s = sizes(task.doc)
        new_s = introduced(ref_s, sizes(inp))
        every_s = {v for counts in ref_s.values() for v in counts}
        plan_s = size_plan(every_s, every_s - set(new_s), ins.named_sizes())
        if plan_s:
            shown = ", ".join(f"{a:g}->{b:g} pt" for a, b in plan_s.items())
            out.append(other_answer(
                "pictured-font-sizes", "pictured-font-sizes",
                f"font sizes given only by an example picture moved by what the picture "
                f"cannot tell apart, where the task wrote them: {shown}",
                lambda ws, edit, m=_by_part(plan_s, new_s): write_sizes(edit, m)))
    return out
