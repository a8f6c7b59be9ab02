"""PowerPoint mutants: for one check, edits of the reference that break exactly what it
reads, found with the engine's selectors and targets.

* Text formatting: a wrong value set on the runs' ``a:rPr`` / paragraphs' ``a:pPr`` and,
  when the reference inherits it, in the level it is inherited from (the shape's list
  style, the layout or master placeholder, the master's text styles).
* Text: a typo in the compared text. Slides, shapes, transitions, animations, layouts,
  backgrounds, theme and sizes: see ``ppt_slides``.
* Deletion: the selected shape or slide removed; slides reordered.
* Neutral: formatting on a slide no selector selects, an attribute no property reads.
"""

from __future__ import annotations

from typing import Any

from lxml import etree

from officeeval.audit.mutators import links, ppt_design, ppt_more, ppt_slides
from officeeval.audit.mutators.base import (
    Mutation, NotApplicable, PlanContext, choose, chosen_indexes, empty_note, locators,
    observed_values,
    refind, render, vtype_of,
)
from officeeval.audit.mutators.ppt_setters import SETTERS, Setter
from officeeval.audit.mutators.texts import put_typo
from officeeval.comparators import get_comparator
from officeeval.ooxml.ns import A
from officeeval.rubric.model import Check
from officeeval.targets import Target

_A = f"{{{A}}}"
TEXT_OWNERS = {"shape", "table", "smartart", "paragraph", "run", "cell"}
# Levels that are the text itself, not something it inherits from.
OWN_LEVELS = {"run": ("direct", "paragraph", "style"), "para": ("direct", "paragraph")}


def _paragraphs(t: Target) -> list:
    # The resolvers' own walk, so a mutant edits exactly the paragraphs a check reads.
    from officeeval.ppt.resolvers_text import _paragraphs as text_paragraphs
    return text_paragraphs(t)


def _ensure_first(parent: etree._Element, tag: str) -> etree._Element:
    el = parent.find(_A + tag)
    if el is None:
        el = etree.Element(_A + tag)
        parent.insert(0, el)
    return el


def run_props(t: Target) -> list[etree._Element]:
    """``a:rPr`` of every run that shows text in ``t`` (the paragraph mark's
    ``a:endParaRPr`` when none does), created when absent."""
    if t.kind == "run":
        return [_ensure_first(t.el, "rPr")]  # type: ignore[attr-defined]
    pars = _paragraphs(t)
    runs = [r for par in pars for r in par.text_runs()]
    if runs:
        return [_ensure_first(r.el, "rPr") for r in runs]
    if not pars:
        raise NotApplicable(f"no text in {t.locator}")
    end = pars[0].el.find(_A + "endParaRPr")
    if end is None:
        end = etree.SubElement(pars[0].el, _A + "endParaRPr")
    return [end]


def para_props(t: Target) -> list[etree._Element]:
    pars = _paragraphs(t)
    shown = [x for x in pars if x.text.strip()] or pars[:1]
    if not shown:
        raise NotApplicable(f"no paragraph in {t.locator}")
    return [_ensure_first(x.el, "pPr") for x in shown]


def inherited_props(t: Target, setter: Setter) -> tuple[etree._Element, str] | None:
    """The nearest level above the text itself (list style, layout, master, presentation)
    that sets the property."""
    if t.kind == "run":
        chain = t.chain()  # type: ignore[attr-defined]
    else:
        pars = _paragraphs(t)
        if not pars:
            return None
        runs = [r for par in pars for r in par.text_runs()]
        chain = runs[0].chain() if (runs and setter.level == "run") else pars[0].mark_chain()
    for lv in chain.levels:
        if lv.source in OWN_LEVELS[setter.level]:
            continue
        el = lv.rpr if setter.level == "run" else lv.ppr
        if el is not None and setter.defines(el):
            return el, lv.source
    return None


# ------------------------------------------------------------------ planning
def plan_check(ctx: PlanContext, check: Check) -> tuple[list[Mutation], str]:
    """Breaking mutations for one check, and a note when none could be derived."""
    if check.xpath:
        return [], "raw XPath checks have no generic mutant"
    targets = ctx.targets(check.select)
    if not targets:
        return [], empty_note(check)
    comp = get_comparator(check.op)
    prop = check.property or ""
    if comp is not None and (comp.kind == "count" or prop == "count"):
        muts = ppt_slides.plan_delete(ctx, check, targets, force=True)
        return muts, "" if muts else f"cannot delete {targets[0].kind} targets"
    if check.op in ("absent", "changed") or check.match == "none" or check.match.startswith(
            "count"):
        return [], f"op={check.op} match={check.match}: no generic mistake to make"
    muts: list[Mutation] = []
    note = ""
    if prop in SETTERS and {t.kind for t in targets} <= TEXT_OWNERS:
        muts += plan_property(ctx, check, targets, SETTERS[prop])
    elif prop == "hyperlink.target":
        muts += links.plan_hyperlink(ctx, check, targets)
    elif prop in ppt_more.PLANNERS or prop in ppt_design.PLANNERS:
        for table in (ppt_more.PLANNERS, ppt_design.PLANNERS):
            if prop in table:
                muts += table[prop](ctx, check, targets)
    else:
        note = f"no PowerPoint mutator for {prop}"
    muts += ppt_slides.plan_delete(ctx, check, targets)
    muts += ppt_slides.plan_reorder(ctx, check, targets)
    if not muts and not note:
        note = "no realistic wrong value differs from the reference here"
    return muts, note


def plan_property(ctx: PlanContext, check: Check, targets: list[Target], setter: Setter
                  ) -> list[Mutation]:
    idx = chosen_indexes(check, len(targets))
    vtype = vtype_of(check, "ppt")
    if idx is None or vtype is None:
        return []
    ref_values = [v for i in idx for v in observed_values(ctx.observe(check, targets[i]))]
    wrong = choose(setter.values(ref_values), ref_values, vtype, check, setter.variants)
    where = locators(targets, idx)
    shown_ref = render(vtype, ref_values[0]) if ref_values else "(none)"
    containers = run_props if setter.level == "run" else para_props
    out = []
    for value in wrong:
        out.append(_direct(check, idx, setter, containers, value, vtype, where, shown_ref))
    obs = ctx.observe(check, targets[idx[0]])
    found = inherited_props(targets[idx[0]], setter)
    if wrong and obs is not None and found is not None and obs.source == found[1]:
        out.append(_inherited(check, idx[:1], setter, wrong[0], vtype, found[1],
                              targets[idx[0]].locator, shown_ref))
    return out


def _direct(check: Check, idx: list[int], setter: Setter, containers, value: Any, vtype,
            where: str, shown_ref: str) -> Mutation:
    def apply(ws, edit) -> str:
        written = ""
        for t in refind(edit, check.select, idx):
            for el in containers(t):
                written = setter.write(el, value)
                ws.touch(edit, el)
        return written

    shown = render(vtype, value)
    return Mutation(key=f"direct|{check.property}|{check.select}|{idx}|{shown}",
                    operator=f"direct:{check.property}", apply=apply,
                    description=f"{where}: {check.property} {shown_ref} -> {shown} "
                                f"(set directly)")


def _inherited(check: Check, idx: list[int], setter: Setter, value: Any, vtype, source: str,
               where: str, shown_ref: str) -> Mutation:
    def apply(ws, edit) -> str:
        t = refind(edit, check.select, idx)[0]
        found = inherited_props(t, setter)
        if found is None:
            raise NotApplicable("the inherited level is gone in the fresh view")
        written = setter.write(found[0], value)
        ws.touch(edit, found[0])
        return written

    shown = render(vtype, value)
    return Mutation(key=f"inherited|{check.property}|{check.select}|{idx}|{shown}",
                    operator=f"inherited:{check.property}", apply=apply,
                    description=f"{where}: {check.property} {shown_ref} -> {shown} in the "
                                f"{source} level, where the reference inherits it from")


def plan_neutral(ctx: PlanContext) -> list[Mutation]:
    return ppt_slides.plan_neutral(ctx)


_ = put_typo


def plan_equivalent(ctx: PlanContext) -> list[Mutation]:
    """The reference written another way a careful examiner grades the same
    (``ppt_equiv``)."""
    from officeeval.audit.mutators import ppt_equiv
    return ppt_equiv.plan_equivalent(ctx)
