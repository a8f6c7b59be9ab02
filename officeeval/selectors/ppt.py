"""PowerPoint selector steps.

``slide[n]`` follows ``p:sldIdLst``; ``layout('Title Slide')`` matches layout names in either
language (标题幻灯片 = Title Slide); inside a slide, layout or master: ``shape`` (top-level
shapes, a group's members under the group), ``title``, ``placeholder``, ``textbox``,
``picture``, ``table``, ``chart``, ``smartart``, ``media`` (found at any depth, groups
included), then ``paragraph``, ``run``, ``cell(r,c)``; ``animation`` in playback order;
``notes``.
"""

from __future__ import annotations

from typing import Callable

from officeeval.cache import memo_table
from officeeval.ppt.animations import read_effects
from officeeval.ppt.shapes import Shape
from officeeval.ppt.sheets import Sheet
from officeeval.ppt.targets import (
    AnimationTarget, CellTarget, NotesTarget, ParagraphTarget, SheetTarget, ShapeTarget,
    SlideTarget, shape_locator,
)
from officeeval.selectors.grammar import Step
from officeeval.selectors.registry import StepSpec, StepTable
from officeeval.targets import Target

SHAPE_KINDS = frozenset({"shape", "picture", "table", "chart", "smartart", "media"})
SHEET_KINDS = frozenset({"slide", "layout", "master", "notes"})
_CACHE = "_officeeval_ppt_targets"
_STEPS_CACHE = "_officeeval_ppt_children"


def _cached(doc, key: tuple, make: Callable[[], Target]) -> Target:
    cache = memo_table(doc, _CACHE)
    found = cache.get(key)
    if found is None:
        found = make()
        cache[key] = found
    return found


def _sheet_of(parent: Target) -> Sheet | None:
    if isinstance(parent, (SlideTarget, SheetTarget, NotesTarget)):
        return parent.sheet
    return None


def _shape_target(parent: Target, shape: Shape, kind: str) -> ShapeTarget:
    """A target for ``shape`` (at any depth under ``parent``'s sheet, or a member of the
    group ``parent``), located through its enclosing groups."""
    if isinstance(parent, ShapeTarget) and shape.parent is parent.shape:
        base, chain = parent.locator, [shape]
    else:
        base = parent.locator if not isinstance(parent, ShapeTarget) else \
            parent.locator.split("/shape[", 1)[0]
        chain = []
        s: Shape | None = shape
        while s is not None:
            chain.insert(0, s)
            s = s.parent
    locator = base
    for s in chain:
        siblings = s.parent.children if s.parent is not None else s.sheet.shapes
        locator = shape_locator(locator, s, siblings)
    return _cached(parent.doc, (locator, kind),
                   lambda: ShapeTarget(parent.doc, shape, locator, kind))  # type: ignore


# ------------------------------------------------------------------ document level
def _presentation(parent: Target, step: Step) -> list[Target]:
    return [parent.doc.root()]


def _slides(parent: Target, step: Step) -> list[Target]:
    slides = list(parent.doc.slides)
    if isinstance(parent, SheetTarget):
        want = parent.sheet
        return [s for s in slides if (s.sheet.layout is want if parent.kind == "layout"
                                      else s.sheet.master is want)]
    return slides


def _layouts(parent: Target, step: Step) -> list[Target]:
    doc = parent.doc
    if isinstance(parent, SlideTarget):
        lay = parent.sheet.layout
        found = [t for t in doc.layout_targets if t.sheet is lay]
    elif isinstance(parent, SheetTarget) and parent.kind == "master":
        found = [t for t in doc.layout_targets if t.sheet.parent is parent.sheet]
    else:
        found = list(doc.layout_targets)
    if step.args:
        from officeeval.selectors.grammar import Predicate
        from officeeval.selectors.predicates import apply_predicates
        found = apply_predicates(found, (Predicate("=", step.args[0], "layout"),))
    return found


def _custom_shows(parent: Target, step: Step) -> list[Target]:
    from officeeval.ppt.shows import custom_shows
    from officeeval.ppt.targets import CustomShowTarget
    found: list[Target] = [CustomShowTarget(parent.doc, s, i)  # type: ignore[arg-type]
                           for i, s in enumerate(custom_shows(parent.doc), start=1)]
    if step.args:
        found = [t for t in found if t.show.name == step.args[0]]  # type: ignore[attr-defined]
    return found


def _masters(parent: Target, step: Step) -> list[Target]:
    doc = parent.doc
    if isinstance(parent, (SlideTarget, SheetTarget)):
        m = parent.sheet.master
        return [t for t in doc.master_targets if t.sheet is m]
    return list(doc.master_targets)


def _notes(parent: Target, step: Step) -> list[Target]:
    slides = [parent] if isinstance(parent, SlideTarget) else list(parent.doc.slides)
    out: list[Target] = []
    for s in slides:
        sheet = s.notes
        if sheet is not None:
            out.append(_cached(s.doc, (s.locator, "notes"), lambda s=s, sh=sheet:
                               NotesTarget(s, sh)))
    return out


# ------------------------------------------------------------------ shapes
def _top_shapes(parent: Target, step: Step) -> list[Target]:
    if isinstance(parent, ShapeTarget):
        return [_shape_target(parent, c, "shape") for c in parent.shape.children]
    sheet = _sheet_of(parent)
    if sheet is None:
        return []
    return [_shape_target(parent, s, "shape") for s in sheet.shapes]


def _deep(parent: Target) -> list[Shape]:
    if isinstance(parent, ShapeTarget):
        return [s for c in parent.shape.children for s in c.walk()]
    sheet = _sheet_of(parent)
    return sheet.all_shapes() if sheet is not None else []


def _filtered(test: Callable[[Shape], bool], kind: str) -> Callable:
    def fn(parent: Target, step: Step) -> list[Target]:
        return [_shape_target(parent, s, kind) for s in _deep(parent) if test(s)]
    return fn


# ------------------------------------------------------------------ text
def _shape_targets_with_text(parent: Target) -> list[ShapeTarget]:
    return [_shape_target(parent, s, "shape") for s in _deep(parent)
            if s.tx_body is not None]


def _paragraphs(parent: Target, step: Step) -> list[Target]:
    if isinstance(parent, CellTarget):
        return list(parent.paragraphs)
    if isinstance(parent, ShapeTarget):
        if parent.shape.kind == "table":
            return [p for c in _cells(parent, Step("cell")) for p in c.paragraphs]
        return list(parent.paragraphs)
    if isinstance(parent, NotesTarget):
        body = parent.body_shape
        return list(_shape_target(parent, body, "shape").paragraphs) if body else []
    return [p for st in _shape_targets_with_text(parent) for p in st.paragraphs]


def _runs(parent: Target, step: Step) -> list[Target]:
    if isinstance(parent, ParagraphTarget):
        return list(parent.runs)
    return [r for p in _paragraphs(parent, step) for r in p.runs]  # type: ignore[attr-defined]


def _cells(parent: Target, step: Step) -> list[CellTarget]:
    if not isinstance(parent, ShapeTarget) or parent.shape.kind != "table":
        return []
    out = list(parent.cells)
    if len(step.args) == 2:
        try:
            r, c = int(step.args[0]), int(step.args[1])
        except ValueError:
            return []
        out = [t for t in out if t.row == r and t.col == c]
    return out


# ------------------------------------------------------------------ animations
def _animations(parent: Target, step: Step) -> list[Target]:
    if isinstance(parent, ShapeTarget):
        slide = next((s for s in parent.doc.slides if s.sheet is parent.shape.sheet), None)
        if slide is None:
            return []
        return [t for t in _slide_animations(slide)
                if t.effect.shape_id == parent.shape.id]  # type: ignore[attr-defined]
    slides = [parent] if isinstance(parent, SlideTarget) else list(parent.doc.slides)
    return [t for s in slides for t in _slide_animations(s)]


def _slide_animations(slide: SlideTarget) -> list[Target]:
    def make() -> list:
        return [AnimationTarget(slide, e, i) for i, e in
                enumerate(read_effects(slide.sheet.root), start=1)]
    return list(_cached(slide.doc, (slide.locator, "animations"), make))  # type: ignore


_PRES = frozenset({"presentation"})
_IN_SHEET = frozenset({"slide", "layout", "master", "shape"})


STEPS = StepTable("ppt")


def _reg(name: str, kind: str, fn, doc: str, parents, min_args: int = 0,
         max_args: int = 0) -> None:
    STEPS.add(StepSpec(name, kind, _kept(fn), doc, frozenset(parents), min_args, max_args))


def _kept(fn: Callable[[Target, Step], list[Target]]) -> Callable[[Target, Step], list[Target]]:
    """``fn`` with its children kept on the parent target, per step name and arguments:
    a step reads only those (predicates filter afterwards), and a rubric asks the same
    step of the same slide under many selectors (``slide[title='…']/shape[name='…']``).
    The list is shared: callers filter into new lists, never change it."""
    def step(parent: Target, st: Step) -> list[Target]:
        table = memo_table(parent, _STEPS_CACHE)
        key = (st.name, st.args)
        found = table.get(key)
        if found is None:
            found = table[key] = fn(parent, st)
        return found
    step.__doc__ = fn.__doc__
    return step


_reg("presentation", "presentation", _presentation, "The presentation itself.", _PRES)
_reg("slide", "slide", _slides, "Slides in show order (p:sldIdLst, never part names); under "
     "a layout or master, the slides using it. Predicates: [layout='…'] (localized names), "
     "[title='…'], [hidden=true], [section='…'].", {"presentation", "layout", "master"})
_reg("layout", "layout", _layouts, "layout('Title Slide'): slide layouts by name (标题幻灯片 "
     "= Title Slide); under a slide, its layout; under a master, its layouts.",
     {"presentation", "slide", "master"}, max_args=1)
_reg("master", "master", _masters, "Slide masters in order; under a slide or layout, its "
     "master.", {"presentation", "slide", "layout"})
_reg("custom_show", "custom_show", _custom_shows, "custom_show('名称'): the presentation's "
     "custom shows (自定义放映) by name; without an argument, all in order.", _PRES,
     max_args=1)
_reg("notes", "notes", _notes, "The speaker notes page of a slide.", {"presentation", "slide"})
_reg("shape", "shape", _top_shapes, "Top-level shapes in z-order (a group's members under "
     "the group). Predicates: [name='…'], [type='…'] (kind, placeholder type or geometry), "
     "[text*='…'].", {"slide", "layout", "master", "notes", "shape"})
_reg("title", "shape", _filtered(lambda s: s.is_title, "shape"), "The title (or centered "
     "title) placeholder.", _IN_SHEET)
_reg("placeholder", "shape", _filtered(lambda s: s.placeholder is not None, "shape"),
     "Placeholders; [type='body'] (obj/content placeholders answer to body too), "
     "[type='subTitle'], [type='dt'|'ftr'|'sldNum'] …", _IN_SHEET | {"notes"})
_reg("textbox", "shape", _filtered(lambda s: s.kind == "textbox", "shape"), "Text boxes.",
     _IN_SHEET)
_reg("picture", "picture", _filtered(lambda s: s.kind == "picture", "picture"),
     "Pictures, inside groups too.", _IN_SHEET)
_reg("table", "table", _filtered(lambda s: s.kind == "table", "table"), "Tables.", _IN_SHEET)
_reg("chart", "chart", _filtered(lambda s: s.kind == "chart", "chart"), "Charts.", _IN_SHEET)
_reg("smartart", "smartart", _filtered(lambda s: s.kind == "smartart", "smartart"),
     "SmartArt graphics.", _IN_SHEET)
_reg("media", "media", _filtered(lambda s: s.kind == "media", "media"), "Audio and video.",
     _IN_SHEET)
_reg("paragraph", "paragraph", _paragraphs, "Paragraphs of a shape, cell or notes page; "
     "under a slide, of every shape with text.",
     {"slide", "layout", "master", "notes", *SHAPE_KINDS, "cell"})
_reg("run", "run", _runs, "Text runs (fields included).",
     {"slide", "layout", "master", "notes", *SHAPE_KINDS, "cell", "paragraph"})
_reg("cell", "cell", _cells, "cell(r,c): a table cell (1-based); without arguments, every "
     "cell row by row.", {"table", "shape"}, max_args=2)
_reg("animation", "animation", _animations, "Animation effects in playback order (main "
     "sequence, then triggered sequences); under a shape, the effects animating it. "
     "Predicates: [target='…'], [effect='fly_in'], [trigger='on_click'].",
     {"presentation", "slide", *SHAPE_KINDS})
