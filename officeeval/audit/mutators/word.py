"""Word mutants: for one check, edits of the reference that break exactly the property it
reads, found with the engine's own selectors and targets.

* Property mutants set a wrong value *directly* on the target (direct formatting overrides
  every style), and — when the reference's value is inherited — also change the style (or
  document defaults) it is inherited from.
* Text mutants put a typo in the middle of the text the check compares.
* Deletion mutants remove a selected paragraph, run, table, image … .
* Neutral mutants (``plan_neutral``) touch what no check reads: a paragraph no selector
  selects, a run property outside the catalog, an unused style.
"""

from __future__ import annotations

import re
from typing import Any

from lxml import etree

from officeeval.audit.mutators.base import (
    Mutation, NotApplicable, PlanContext, choose, chosen_indexes, empty_note, ensure_child,
    locators, observed_values, refind, render, vtype_of,
)
from officeeval.audit.mutators import (
    links, word_fields, word_objects, word_parts, word_tables,
)
from officeeval.audit.mutators.texts import forbidden_text, put_typo, touch_all
from officeeval.audit.mutators.word_setters import SETTERS as BASIC_SETTERS, Setter, wset
from officeeval.comparators import get_comparator
from officeeval.ooxml.ns import W
from officeeval.rubric.model import Check
from officeeval.targets import Target

_W = f"{{{W}}}"
INHERITED_SKIP = ("direct", "direct:theme", "mixed", "default", "none", "")
# Kinds a deletion removes outright (the element goes); runs and spans lose their runs.
DELETABLE = {"paragraph", "run", "span", "table", "row", "image", "shape", "textbox", "chart",
             "smartart", "field", "hyperlink", "footnote", "endnote", "comment", "toc"}
SETTERS: dict[str, Setter] = {**BASIC_SETTERS, **word_tables.SETTERS}
PLANNERS = {**word_parts.PLANNERS, **word_tables.PLANNERS, **word_fields.PLANNERS,
            **word_objects.PLANNERS, "hyperlink.target": links.plan_hyperlink}
# Properties that read the text of their target: a typo is their mistake.
TEXT_PROPS = {"text", "cell.text", "shape.text", "footnote.text", "comment.text",
              "field.result"}


# ------------------------------------------------------------------ containers
def run_props(t: Target) -> list[etree._Element]:
    """The ``w:rPr`` elements whose direct formatting decides ``t``'s run properties
    (created when absent): its text runs, the paragraph mark of an empty paragraph, or a
    style's own run properties."""
    kind = t.kind
    if kind == "style":
        return [ensure_child(t.style.el, _W + "rPr")]  # type: ignore[attr-defined]
    if kind == "run":
        runs = [t.el]  # type: ignore[attr-defined]
    elif kind == "span":
        runs = [r.el for r in t.pieces]  # type: ignore[attr-defined]
    elif kind == "paragraph":
        runs = [r.el for r in t.text_runs()]  # type: ignore[attr-defined]
        if not runs:
            ppr = ensure_child(t.el, _W + "pPr", first=True)  # type: ignore[attr-defined]
            return [ensure_child(ppr, _W + "rPr")]
    else:
        paragraphs = _content(t)
        runs = [r.el for p in paragraphs for r in p.text_runs()]
        if not runs:
            return [ensure_child(ensure_child(p.el, _W + "pPr", first=True), _W + "rPr")
                    for p in paragraphs]
    return [ensure_child(r, _W + "rPr", first=True) for r in runs]


def _content(t: Target) -> list:
    """The paragraphs a container target's (cell, row, header, text box …) formatting is
    judged on: the resolvers' own list."""
    from officeeval.word.resolvers import content_paragraphs
    paragraphs = content_paragraphs(t)
    if not paragraphs:
        raise NotApplicable(f"no paragraphs in {t.locator}")
    return paragraphs


def para_props(t: Target) -> list[etree._Element]:
    if t.kind == "style":
        return [ensure_child(t.style.el, _W + "pPr")]  # type: ignore[attr-defined]
    if t.kind == "paragraph":
        return [ensure_child(t.el, _W + "pPr", first=True)]  # type: ignore[attr-defined]
    return [ensure_child(p.el, _W + "pPr", first=True) for p in _content(t)]


def section_props(t: Target) -> list[etree._Element]:
    if t.kind == "section":
        sects = [t]
    elif t.kind == "document":
        sects = list(t.doc.sections)  # type: ignore[attr-defined]
    else:
        raise NotApplicable(f"no section properties on a {t.kind} target")
    out = []
    for s in sects:
        sp = s.sect_pr  # type: ignore[attr-defined]
        if sp.getparent() is None:
            # The view made up an empty final section: put it into the body so it counts.
            t.doc.body.append(sp)  # type: ignore[attr-defined]
        out.append(sp)
    return out


CONTAINERS = {"run": run_props, "para": para_props, "section": section_props,
              **word_tables.CONTAINERS}


def inherited_props(t: Target, setter: Setter) -> tuple[etree._Element, str] | None:
    """The nearest non-direct level (style, numbering, document defaults) that defines the
    property for ``t``: where its reference value is inherited from."""
    own = f"style:{t.style.id}" if t.kind == "style" else None  # type: ignore[attr-defined]
    if setter.level == "run":
        if t.kind in ("run", "style"):
            chain = t.chain()  # type: ignore[attr-defined]
        elif t.kind == "span":
            chain = t.pieces[0].chain()  # type: ignore[attr-defined]
        else:
            if t.kind == "paragraph":
                p = t
            else:
                try:
                    p = _content(t)[0]
                except NotApplicable:
                    return None
            runs = p.text_runs()  # type: ignore[attr-defined]
            chain = runs[0].chain() if runs else p.mark_chain()  # type: ignore[attr-defined]
        levels = chain.levels
    elif setter.level == "para":
        if t.kind not in ("paragraph", "style"):
            try:
                t = _content(t)[0]
            except NotApplicable:
                return None
        levels = t.ppr_levels()  # type: ignore[attr-defined]
    else:
        return None
    for lv in levels:
        if lv.kind == "direct" or lv.source == own:
            continue
        el = lv.props.find(_W + setter.tag)
        if el is None:
            continue
        if setter.attrs and not any(el.get(_W + a) is not None for a in setter.attrs):
            continue
        return lv.props, lv.source
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
    muts: list[Mutation] = []
    note = ""
    if comp is not None and (comp.kind == "count" or prop == "count"):
        if targets[0].kind == "section":
            muts += word_objects.plan_section_break(ctx, check, targets)
        else:
            muts += plan_delete(ctx, check, targets, force=True)
        return muts, "" if muts else f"cannot delete {targets[0].kind} targets"
    if check.op in ("absent", "changed") or check.match == "none" or check.match.startswith(
            "count"):
        return [], f"op={check.op} match={check.match}: no generic mistake to make"
    hf_text = prop in ("header.text", "footer.text") and targets[0].kind in ("header",
                                                                              "footer")
    if prop in TEXT_PROPS or hf_text:
        muts += plan_text(ctx, check, targets)
    elif prop in PLANNERS:
        muts += PLANNERS[prop](ctx, check, targets)
    elif prop in SETTERS:
        muts += plan_property(ctx, check, targets, SETTERS[prop])
    else:
        note = f"no Word mutator for {prop}"
    muts += plan_delete(ctx, check, targets)
    if not muts and not note:
        note = "no realistic wrong value differs from the reference here"
    return muts, note


def plan_property(ctx: PlanContext, check: Check, targets: list[Target], setter: Setter
                  ) -> list[Mutation]:
    idx = chosen_indexes(check, len(targets))
    if idx is None:
        return []
    vtype = vtype_of(check, "word")
    if vtype is None:
        return []
    ref_values = [v for i in idx for v in observed_values(ctx.observe(check, targets[i]))]
    wrong = choose(setter.values(ref_values), ref_values, vtype, check, setter.variants)
    where = locators(targets, idx)
    shown_ref = render(vtype, ref_values[0]) if ref_values else "(none)"
    out: list[Mutation] = []
    for value in wrong:
        out.append(_direct(check, idx, setter, value, vtype, where, shown_ref))
    obs = ctx.observe(check, targets[idx[0]])
    found = inherited_props(targets[idx[0]], setter) if wrong and obs is not None and \
        obs.source not in INHERITED_SKIP else None
    # Only the level the reference's value really comes from: another level is overridden.
    if found is not None and found[1] == obs.source:  # type: ignore[union-attr]
        out.append(_inherited(check, idx[:1], setter, wrong[0], vtype, found[1],
                              targets[idx[0]].locator, shown_ref))
    return out


def _direct(check: Check, idx: list[int], setter: Setter, value: Any, vtype, where: str,
            shown_ref: str) -> Mutation:
    container = CONTAINERS[setter.level]

    def apply(ws, edit) -> str:
        written = ""
        for t in refind(edit, check.select, idx):
            for el in container(t):
                written = setter.write(el, value)
                ws.touch(edit, el)
        return written

    shown = render(vtype, value)
    return Mutation(key=f"direct|{check.property}|{check.select}|{idx}|{shown}",
                    operator=f"direct:{check.property}",
                    description=f"{where}: {check.property} {shown_ref} -> {shown} "
                                f"(set directly)", apply=apply)


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
    return Mutation(key=f"inherited|{check.property}|{source}|{shown}",
                    operator=f"inherited:{check.property}",
                    description=f"{where}: {check.property} {shown_ref} -> {shown} in "
                                f"{source}, where the reference inherits it from",
                    apply=apply)


# ------------------------------------------------------------------ text
def text_elements(t: Target) -> list[etree._Element]:
    """The ``w:t`` elements holding the text a ``text`` check reads on ``t``, in order."""
    kind = t.kind
    if kind == "run":
        runs = [t.el]  # type: ignore[attr-defined]
    elif kind == "span":
        runs = [r.el for r in t.pieces]  # type: ignore[attr-defined]
    elif kind == "paragraph":
        runs = [r.el for r in t.runs]  # type: ignore[attr-defined]
    elif kind in ("section", "document"):
        paras = t.paragraphs if kind == "section" else t.doc.paragraphs  # type: ignore
        runs = [r.el for p in paras for r in p.runs]
    elif getattr(t, "container_el", None) is not None:
        if getattr(t, "defined", True) is False:
            return []
        return list(t.container_el.iter(_W + "t"))  # type: ignore[attr-defined]
    elif hasattr(t, "el"):
        return list(t.el.iter(_W + "t"))  # type: ignore[attr-defined]
    else:
        return []
    return [x for r in runs for x in r.findall(_W + "t")]


def plan_text(ctx: PlanContext, check: Check, targets: list[Target]) -> list[Mutation]:
    idx = chosen_indexes(check, len(targets))
    if idx is None or not any(text_elements(targets[i]) for i in idx):
        return []
    if check.op in ("not_contains", "not_equals") and check.expected:
        return [forbidden_text(check, targets, idx, text_elements, touch_all)]
    literal = check.expected if check.op in ("equals", "contains", "starts_with",
                                             "ends_with", "approx") else None

    def apply(ws, edit) -> str:
        changed = ""
        for t in refind(edit, check.select, idx):
            els = text_elements(t)
            changed = put_typo(els, literal)
            for e in els:
                ws.touch(edit, e)
        return changed

    return [Mutation(key=f"text|{check.select}|{idx}|{literal}", operator="text:typo",
                     description=f"{locators(targets, idx)}: one character of the text "
                                 f"changed" + (f" inside {literal!r}" if literal else ""),
                     apply=apply)]


# ------------------------------------------------------------------ deletion
def plan_delete(ctx: PlanContext, check: Check, targets: list[Target], force: bool = False
                ) -> list[Mutation]:
    """Remove the (first, or every for ``match="any"``) selected target."""
    kinds = {t.kind for t in targets}
    if not kinds <= DELETABLE:
        return []
    idx = [0] if (check.match == "all" or force) else list(range(len(targets)))
    t0 = targets[idx[0]]
    if t0.kind == "paragraph" and _holds_section(t0):
        return []

    def apply(ws, edit) -> None:
        for t in refind(edit, check.select, idx):
            if t.kind in ("field", "toc"):
                word_fields.remove_field(ws, edit, t)
                continue
            for el in _elements_to_remove(t):
                parent = el.getparent()
                if parent is None:
                    raise NotApplicable("nothing to remove")
                ws.touch(edit, parent)
                parent.remove(el)

    return [Mutation(key=f"delete|{locators(targets, idx)}", operator=f"delete:{t0.kind}",
                     description=f"{locators(targets, idx)} deleted", apply=apply,
                     scope="rubric")]


def _holds_section(t: Target) -> bool:
    ppr = t.el.find(_W + "pPr")  # type: ignore[attr-defined]
    return ppr is not None and ppr.find(_W + "sectPr") is not None


def _elements_to_remove(t: Target) -> list[etree._Element]:
    if t.kind == "span":
        return [r.el for r in t.pieces]  # type: ignore[attr-defined]
    if hasattr(t, "el"):
        return [t.el]  # type: ignore[attr-defined]
    raise NotApplicable(f"a {t.kind} target has no element to remove")


# ------------------------------------------------------------------ neutral mutants
def plan_neutral(ctx: PlanContext) -> list[Mutation]:
    """Edits no check should notice: formatting of a paragraph no selector selects, a run
    property outside the catalog on a selected paragraph, an unused style."""
    selected: set[int] = set()
    first_selected: tuple[str | None, int] | None = None
    uses_all_styles = False
    for c in ctx.rubric.criteria:
        for k in c.checks:
            if k.select and re.search(r"(^|/)style(?![\w(])", k.select):
                uses_all_styles = True
            for i, t in enumerate(ctx.targets(k.select)):
                p = _paragraph_of(t)
                if p is not None:
                    selected.add(id(p.el))
                    if first_selected is None and t.kind == "paragraph":
                        first_selected = (k.select, i)
    out: list[Mutation] = []
    paragraphs = list(getattr(ctx.doc, "paragraphs", []))
    free = [i for i, p in enumerate(paragraphs) if id(p.el) not in selected and p.text_runs()]
    if free:
        out.append(_unselected_paragraph(free[0], paragraphs[free[0]].locator))
    if first_selected is not None:
        out.append(_unread_property(*first_selected))
    if not uses_all_styles and getattr(ctx.doc.styles, "by_id", None) is not None:
        out.append(_unused_style())
    return out


def _paragraph_of(t: Target):
    if t.kind == "paragraph":
        return t
    if t.kind in ("run", "span"):
        return t.paragraph  # type: ignore[attr-defined]
    return None


def _unselected_paragraph(index: int, where: str) -> Mutation:
    def apply(ws, edit) -> None:
        p = edit.doc.paragraphs[index]  # type: ignore[attr-defined]
        for r in p.text_runs():
            rpr = ensure_child(r.el, _W + "rPr", first=True)
            wset(rpr, "i", val="1")
            wset(rpr, "color", val="7030A0", themeColor=None)
            ws.touch(edit, rpr)

    return Mutation(key=f"neutral|unselected|{index}", operator="neutral:unselected-paragraph",
                    description=f"{where} (selected by no check) made italic and purple",
                    apply=apply, kind="neutral")


def _unread_property(selector: str | None, index: int) -> Mutation:
    def apply(ws, edit) -> None:
        t = refind(edit, selector, [index])[0]
        for rpr in run_props(t):
            wset(rpr, "lang", val="en-US", eastAsia="zh-CN")
            wset(rpr, "noProof")
            ws.touch(edit, rpr)

    return Mutation(key=f"neutral|unread|{selector}|{index}", operator="neutral:unread-property",
                    description=f"{selector} target {index + 1}: language and proofing marks "
                                f"(read by no catalog property) added to its runs",
                    apply=apply, kind="neutral")


def _unused_style() -> Mutation:
    def apply(ws, edit) -> None:
        doc = edit.doc
        name = doc.package.related_one(doc.main, "styles")  # type: ignore[attr-defined]
        if name is None:
            raise NotApplicable("no styles part")
        root = ws.touch_part(edit, name)
        st = etree.SubElement(root, _W + "style", {_W + "type": "paragraph",
                                                   _W + "customStyle": "1",
                                                   _W + "styleId": "AuditUnused"})
        etree.SubElement(st, _W + "name", {_W + "val": "Audit Unused"})
        etree.SubElement(st, _W + "basedOn", {_W + "val": "Normal"})
        rpr = etree.SubElement(st, _W + "rPr")
        etree.SubElement(rpr, _W + "b")
        etree.SubElement(rpr, _W + "sz", {_W + "val": "72"})

    return Mutation(key="neutral|unused-style", operator="neutral:unused-style",
                    description="a bold 36 pt paragraph style that no paragraph uses added "
                                "to styles.xml", apply=apply, kind="neutral")


def plan_equivalent(ctx: PlanContext) -> list[Mutation]:
    """The reference written another way a careful examiner grades the same
    (``word_equiv``, ``word_equiv_values``)."""
    from officeeval.audit.mutators import word_equiv, word_equiv_values
    return word_equiv.plan_levels(ctx) + word_equiv_values.plan_values(ctx)
