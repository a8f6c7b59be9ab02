"""Word mutants of properties that live outside the run/paragraph/section containers:
header and footer text and page-number fields (in their own parts), and the paragraph style
(a reference to another definition)."""

from __future__ import annotations

from typing import Callable

from lxml import etree

from officeeval.audit.mutators.base import (
    Mutation, NotApplicable, PlanContext, chosen_indexes, ensure_child, locators,
    observed_values, refind,
)
from officeeval.audit.mutators.word_setters import wset
from officeeval.ooxml.ns import R, W
from officeeval.rubric.model import Check
from officeeval.targets import Target

_W = f"{{{W}}}"


def _sections(t: Target) -> list:
    if t.kind == "section":
        return [t]
    if t.kind == "document":
        return list(t.doc.sections)  # type: ignore[attr-defined]
    raise NotApplicable(f"no header or footer on a {t.kind} target")


def _hf_parts(t: Target, which: str) -> list[str]:
    from officeeval.word.sections import header_footer_part
    if t.kind in ("header", "footer"):
        return [t.part] if getattr(t, "defined", False) else []  # type: ignore[attr-defined]
    out: list[str] = []
    for s in _sections(t):
        part = header_footer_part(s, which)
        if part is not None and part not in out:
            out.append(part)
    return out


def _plan_hf_text(which: str) -> Callable:
    def plan(ctx: PlanContext, check: Check, targets: list[Target]) -> list[Mutation]:
        from officeeval.audit.mutators.texts import put_typo
        idx = chosen_indexes(check, len(targets))
        if idx is None or not any(_hf_parts(targets[i], which) for i in idx):
            return []
        literal = check.expected if check.op in ("equals", "contains", "starts_with",
                                                 "ends_with") else None

        def typo(ws, edit) -> str:
            changed = ""
            for t in refind(edit, check.select, idx):
                for part in _hf_parts(t, which):
                    root = ws.touch_part(edit, part)
                    changed = put_typo(list(root.iter(_W + "t")), literal)
            return changed

        def unlink(ws, edit) -> None:
            for t in refind(edit, check.select, idx):
                for s in _sections(t):
                    for ref in s.sect_pr.findall(f"{_W}{which}Reference"):
                        ws.touch(edit, ref)
                        s.sect_pr.remove(ref)

        where = locators(targets, idx)
        return [
            Mutation(key=f"hf-text|{which}|{check.select}|{idx}|{literal}",
                     operator=f"text:{which}", apply=typo,
                     description=f"{where}: one character of the {which} text changed"),
            Mutation(key=f"hf-delete|{which}|{check.select}|{idx}", operator=f"delete:{which}",
                     apply=unlink, scope="rubric",
                     description=f"{where}: the {which} removed (its reference dropped)"),
        ]
    return plan


def _plan_page_field(which: str) -> Callable:
    def plan(ctx: PlanContext, check: Check, targets: list[Target]) -> list[Mutation]:
        idx = chosen_indexes(check, len(targets))
        if idx is None:
            return []
        ref = [v for i in idx for v in observed_values(ctx.observe(check, targets[i]))]
        has = any(v is True for v in ref)
        if has:
            def apply(ws, edit) -> None:
                changed = False
                for t in refind(edit, check.select, idx):
                    for part in _hf_parts(t, which):
                        root = ws.touch_part(edit, part)
                        changed |= _page_to_date(root)
                if not changed:
                    raise NotApplicable("no PAGE field found")
            what = f"the PAGE field in the {which} replaced by a DATE field"
        else:
            def apply(ws, edit) -> None:
                for t in refind(edit, check.select, idx):
                    parts = _hf_parts(t, which)
                    if not parts:
                        raise NotApplicable(f"no {which} to put a page number in")
                    for part in parts:
                        root = ws.touch_part(edit, part)
                        p = root.find(_W + "p")
                        if p is None:
                            p = etree.SubElement(root, _W + "p")
                        fld = etree.SubElement(p, _W + "fldSimple", {_W + "instr": " PAGE "})
                        r = etree.SubElement(fld, _W + "r")
                        etree.SubElement(r, _W + "t").text = "1"
            what = f"a PAGE field added to the {which}"
        return [Mutation(key=f"page-field|{which}|{check.select}|{idx}",
                         operator=f"field:{which}.page_number", apply=apply,
                         description=f"{locators(targets, idx)}: {what}")]
    return plan


def _plan_visible(which: str) -> Callable:
    """``header.visible`` / ``footer.visible``: a section that shows none gets one (the
    usual mistake: the body's header linked to every section, or text typed into its empty
    part); a section that shows one gets it emptied (one empty paragraph left)."""
    def plan(ctx: PlanContext, check: Check, targets: list[Target]) -> list[Mutation]:
        from officeeval.word.headers import shown
        from officeeval.word.hf_visibility import what_shows
        idx = chosen_indexes(check, len(targets))
        if idx is None:
            return []
        ref = [v for i in idx for v in observed_values(ctx.observe(check, targets[i]))]
        where = locators(targets, idx)
        if any(v is True for v in ref):
            def empty(ws, edit) -> None:
                done = False
                for t in refind(edit, check.select, idx):
                    hfs = [t] if t.kind == which else [
                        h for s in _sections(t) for h in shown(s, which)]
                    for h in hfs:
                        if not h.defined:
                            continue
                        root = ws.touch_part(edit, h.part)
                        for child in list(root):
                            root.remove(child)
                        p = etree.SubElement(root, _W + "p")
                        bdr = etree.SubElement(etree.SubElement(p, _W + "pPr"), _W + "pBdr")
                        for side in ("top", "bottom", "left", "right"):
                            etree.SubElement(bdr, _W + side, {_W + "val": "nil"})
                        done = True
                if not done:
                    raise NotApplicable(f"no {which} part to empty")
            return [Mutation(key=f"hf-visible|{which}|{check.select}|{idx}|empty",
                             operator=f"empty:{which}", apply=empty,
                             description=f"{where}: the {which} emptied (one empty "
                                         f"paragraph left in its part)")]
        if any(t.kind == which for t in targets):
            return []

        def show(ws, edit) -> str:
            doc = edit.doc
            donor = None
            for s in doc.sections:
                for r in s.sect_pr.findall(f"{_W}{which}Reference"):
                    h = doc.part_for_rel(r.get(f"{{{R}}}id"))
                    hf = next((x for x in shown(s, which) if x.defined and x.part == h), None)
                    if hf is not None and what_shows(hf) is not None:
                        donor = r.get(f"{{{R}}}id")
                        break
                if donor:
                    break
            note = ""
            for t in refind(edit, check.select, idx):
                for sec in _sections(t):
                    hfs = [h for h in shown(sec, which) if h.defined]
                    if donor is None and hfs:
                        root = ws.touch_part(edit, hfs[0].part)
                        p = root.find(_W + "p")
                        if p is None:
                            p = etree.SubElement(root, _W + "p")
                        etree.SubElement(etree.SubElement(p, _W + "r"), _W + "t").text = "页眉"
                        note = f"text typed into {hfs[0].part}"
                        continue
                    if donor is None:
                        raise NotApplicable(f"no {which} in the document to show here")
                    sp = sec.sect_pr
                    if sp.getparent() is None:
                        doc.body.append(sp)
                    for old in sp.findall(f"{_W}{which}Reference"):
                        if (old.get(_W + "type") or "default") == "default":
                            sp.remove(old)
                    el = etree.Element(f"{_W}{which}Reference",
                                       {_W + "type": "default", f"{{{R}}}id": donor})
                    sp.insert(0, el)
                    ws.touch(edit, sp)
                    note = f"{which}Reference r:id={donor} added"
            return note
        return [Mutation(key=f"hf-visible|{which}|{check.select}|{idx}|show",
                         operator=f"add:{which}", apply=show,
                         description=f"{where}: a {which} shown (linked to the document's "
                                     f"{which} or typed into its empty part)")]
    return plan


def _page_to_date(root: etree._Element) -> bool:
    changed = False
    for fs in root.iter(_W + "fldSimple"):
        instr = (fs.get(_W + "instr") or "").strip()
        if instr.split()[:1] == ["PAGE"]:
            fs.set(_W + "instr", " DATE ")
            changed = True
    for it in root.iter(_W + "instrText"):
        if (it.text or "").strip().split()[:1] == ["PAGE"]:
            it.text = " DATE "
            changed = True
    return changed


def _plan_style(ctx: PlanContext, check: Check, targets: list[Target]) -> list[Mutation]:
    idx = chosen_indexes(check, len(targets))
    if idx is None or any(targets[i].kind != "paragraph" for i in idx):
        return []
    styles = ctx.doc.styles  # type: ignore[attr-defined]
    current = {getattr(targets[i], "style_id", None) for i in idx}
    others = [s for s in styles.by_id.values() if s.type == "paragraph" and s.id not in current]
    # Forgetting to apply the style (Normal) is the usual mistake; else any other style.
    others.sort(key=lambda s: (not s.is_default, s.id))
    if not others:
        return []
    new_id, new_name = others[0].id, others[0].display_name

    def apply(ws, edit) -> None:
        for t in refind(edit, check.select, idx):
            ppr = ensure_child(t.el, _W + "pPr", first=True)  # type: ignore[attr-defined]
            wset(ppr, "pStyle", first=True, val=new_id)
            ws.touch(edit, ppr)

    return [Mutation(key=f"style|{check.select}|{idx}|{new_id}", operator="direct:paragraph.style",
                     apply=apply, description=f"{locators(targets, idx)}: paragraph style "
                                              f"set to {new_name!r}")]


PLANNERS: dict[str, Callable] = {
    "header.text": _plan_hf_text("header"),
    "footer.text": _plan_hf_text("footer"),
    "header.has_page_number": _plan_page_field("header"),
    "footer.has_page_number": _plan_page_field("footer"),
    "header.visible": _plan_visible("header"),
    "footer.visible": _plan_visible("footer"),
    "paragraph.style": _plan_style,
}
