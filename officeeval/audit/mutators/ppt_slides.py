"""PowerPoint mutants of slides: text typos (and forbidden text), shapes and slides
deleted, slides reordered, and neutral edits on slides no check selects."""

from __future__ import annotations

import re

from lxml import etree

from officeeval.audit.mutators.base import (
    Mutation, NotApplicable, PlanContext, chosen_indexes, locators, refind,
)
from officeeval.audit.mutators.texts import put_typo
from officeeval.ooxml.ns import A, MC, P
from officeeval.rubric.model import Check
from officeeval.targets import Target

_A, _P, _MC = f"{{{A}}}", f"{{{P}}}", f"{{{MC}}}"
SHAPE_KINDS = {"shape", "picture", "table", "chart", "smartart", "media"}
EMU_CM = 360000


def _slide_sheet(t: Target):
    """The slide a target lives on (``None`` for the presentation, layouts, masters)."""
    if t.kind == "slide":
        return t.sheet  # type: ignore[attr-defined]
    for attr in ("slide",):
        s = getattr(t, attr, None)
        if s is not None:
            return s.sheet
    shape = getattr(t, "shape", None)
    if shape is not None and shape.sheet.kind == "slide":
        return shape.sheet
    return None


def _slide_number(t: Target) -> int | None:
    sheet = _slide_sheet(t)
    if sheet is None:
        return None
    for i, s in enumerate(t.doc.slide_sheets, start=1):  # type: ignore[attr-defined]
        if s is sheet:
            return i
    return None


# ------------------------------------------------------------------ text
def _text_elements(t: Target, prop: str) -> list[etree._Element]:
    kind = t.kind
    if prop == "slide.title":
        shape = t.title_shape  # type: ignore[attr-defined]
        return list(shape.el.iter(_A + "t")) if shape is not None else []
    if prop == "notes.text" or kind == "notes":
        body = t.body_shape if kind == "notes" else None  # type: ignore[attr-defined]
        if kind == "slide" and t.notes is not None:  # type: ignore[attr-defined]
            from officeeval.ppt.targets import NotesTarget
            body = NotesTarget(t, t.notes).body_shape  # type: ignore[arg-type]
        return list(body.el.iter(_A + "t")) if body is not None else []
    if prop == "footer.text":
        sheet = t.sheet  # type: ignore[attr-defined]
        for s in sheet.all_shapes():
            if s.placeholder is not None and s.placeholder.type == "ftr":
                return list(s.el.iter(_A + "t"))
        return []
    if kind == "presentation":
        return [x for s in t.doc.slide_sheets for x in s.root.iter(_A + "t")]  # type: ignore
    if kind in ("slide", "layout", "master"):
        return list(t.sheet.root.iter(_A + "t"))  # type: ignore[attr-defined]
    if kind in SHAPE_KINDS:
        return list(t.shape.el.iter(_A + "t"))  # type: ignore[attr-defined]
    if hasattr(t, "el"):
        return list(t.el.iter(_A + "t"))  # type: ignore[attr-defined]
    return []


def _plan_text(ctx: PlanContext, check: Check, targets: list[Target]) -> list[Mutation]:
    prop = check.property or "text"
    idx = chosen_indexes(check, len(targets))
    if idx is None or not any(_text_elements(targets[i], prop) for i in idx):
        return []
    if check.op in ("not_contains", "not_equals") and check.expected:
        from officeeval.audit.mutators.texts import forbidden_text

        def touch(ws, edit, els) -> None:
            for e in els:
                ws.touch(edit, e)
        return [forbidden_text(check, targets, idx, lambda t: _text_elements(t, prop), touch)]
    literal = check.expected if check.op in ("equals", "contains", "starts_with",
                                             "ends_with") else None

    def apply(ws, edit) -> str:
        changed = ""
        for t in refind(edit, check.select, idx):
            els = _text_elements(t, prop)
            changed = put_typo(els, literal)
            for e in els:
                ws.touch(edit, e)
        return changed

    return [Mutation(key=f"text|{prop}|{check.select}|{idx}|{literal}", operator=f"text:{prop}",
                     apply=apply, description=f"{locators(targets, idx)}: one character of "
                                              f"the {prop} changed")]


# ------------------------------------------------------------------ deletion and order
def plan_delete(ctx: PlanContext, check: Check, targets: list[Target], force: bool = False
                ) -> list[Mutation]:
    kinds = {t.kind for t in targets}
    if not kinds <= SHAPE_KINDS | {"slide", "paragraph", "run", "animation"}:
        return []
    idx = [0] if (check.match == "all" or force) else list(range(len(targets)))

    def apply(ws, edit) -> None:
        for t in refind(edit, check.select, idx):
            _remove(ws, edit, t)

    t0 = targets[idx[0]]
    return [Mutation(key=f"delete|{locators(targets, idx)}", operator=f"delete:{t0.kind}",
                     apply=apply, scope="rubric",
                     description=f"{locators(targets, idx)} deleted")]


def _remove(ws, edit, t: Target) -> None:
    if t.kind == "slide":
        lst = edit.doc.root_el.find(_P + "sldIdLst")  # type: ignore[attr-defined]
        for item in list(lst) if lst is not None else []:
            if item.get("id") == t.slide_id:  # type: ignore[attr-defined]
                ws.touch(edit, lst)
                lst.remove(item)
                return
        raise NotApplicable("slide id not found")
    if t.kind == "animation":
        from officeeval.audit.mutators.ppt_timing import _effect_ctn
        ctn = _effect_ctn(t)
        par = ctn.getparent()
        ws.touch(edit, par)
        par.getparent().remove(par)
        return
    el = t.shape.el if t.kind in SHAPE_KINDS else t.el  # type: ignore[attr-defined]
    parent = el.getparent()
    ws.touch(edit, el)
    if t.kind == "paragraph" and len(parent.findall(_A + "p")) == 1:
        for r in el.findall(_A + "r"):  # a text body keeps one paragraph
            el.remove(r)
        return
    parent.remove(el)


def plan_reorder(ctx: PlanContext, check: Check, targets: list[Target]) -> list[Mutation]:
    """Move the first target's slide one place later (earlier when last): only for
    selectors that find slides by position, which a reordered deck fools."""
    if not (check.select or "").startswith("slide[") or not re.match(r"slide\[-?\d", check.select):
        return []
    n = _slide_number(targets[0])
    total = len(ctx.doc.slide_sheets)  # type: ignore[attr-defined]
    if n is None or total < 2:
        return []
    other = n + 1 if n < total else n - 1

    def apply(ws, edit) -> None:
        lst = edit.doc.root_el.find(_P + "sldIdLst")  # type: ignore[attr-defined]
        items = list(lst.findall(_P + "sldId"))
        a_, b_ = items[n - 1], items[other - 1]
        # Swapping the entries' attributes (id, r:id) swaps the slides' positions.
        attrs_a, attrs_b = dict(a_.attrib), dict(b_.attrib)
        a_.attrib.clear()
        b_.attrib.clear()
        a_.attrib.update(attrs_b)
        b_.attrib.update(attrs_a)
        ws.touch(edit, lst)

    return [Mutation(key=f"reorder|{n}", operator="reorder:slide", apply=apply, scope="rubric",
                     description=f"slide {n} moved to position {other}")]


# ------------------------------------------------------------------ neutral mutants
def plan_neutral(ctx: PlanContext) -> list[Mutation]:
    """Formatting on a slide no check selects anything on, and spell-check flags (read by
    no property) on the runs of the first selected text."""
    touched: set[int] = set()
    first_text: tuple[str | None, int] | None = None
    for c in ctx.rubric.criteria:
        for k in c.checks:
            for i, t in enumerate(ctx.targets(k.select)):
                n = _slide_number(t)
                if n is not None:
                    touched.add(n)
                if first_text is None and t.kind in ("shape", "paragraph", "run") and \
                        _text_elements(t, "text"):
                    first_text = (k.select, i)
    out: list[Mutation] = []
    total = len(ctx.doc.slide_sheets)  # type: ignore[attr-defined]
    free = [n for n in range(1, total + 1) if n not in touched]
    if free:
        n = free[0]

        def restyle(ws, edit) -> None:
            root = edit.doc.slide_sheets[n - 1].root  # type: ignore[attr-defined]
            for r in root.iter(_A + "r"):
                rpr = r.find(_A + "rPr")
                if rpr is None:
                    rpr = etree.Element(_A + "rPr")
                    r.insert(0, rpr)
                rpr.set("i", "1")
                ws.touch(edit, rpr)
        out.append(Mutation(key=f"neutral|slide|{n}", operator="neutral:unselected-slide",
                            apply=restyle, kind="neutral",
                            description=f"slide {n} (selected by no check) made italic"))
    if first_text is not None:
        sel, i = first_text

        def flags(ws, edit) -> None:
            t = refind(edit, sel, [i])[0]
            for el in _text_elements(t, "text"):
                r = el.getparent()
                rpr = r.find(_A + "rPr")
                if rpr is None:
                    rpr = etree.Element(_A + "rPr")
                    r.insert(0, rpr)
                rpr.set("dirty", "0")
                rpr.set("err", "1")
                ws.touch(edit, rpr)
        out.append(Mutation(key=f"neutral|flags|{sel}|{i}", operator="neutral:unread-property",
                            apply=flags, kind="neutral",
                            description=f"{sel} target {i + 1}: spell-check flags (read by no "
                                        f"property) set on its runs"))
    return out
