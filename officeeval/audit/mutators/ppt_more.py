"""More PowerPoint mutants: table styles, presentation settings (slide show loop and type, sections,
slide count), header/footer placeholders removed, animation details (class, duration,
direction, build by paragraph, target), SmartArt nodes and layout, and charts on slides
(sharing the chart edits of ``excel_objects``)."""

from __future__ import annotations

from typing import Callable

from lxml import etree

from officeeval.audit.mutators.base import (
    Mutation, NotApplicable, PlanContext, chosen_indexes, locators, observed_values, refind,
)
from officeeval.audit.mutators.texts import put_typo
from officeeval.ooxml.ns import A, C, P, P14, R
from officeeval.rubric.model import Check
from officeeval.targets import Target

_A, _P, _P14, _C, _R = f"{{{A}}}", f"{{{P}}}", f"{{{P14}}}", f"{{{C}}}", f"{{{R}}}"


def _pres_props(ws, edit) -> etree._Element:
    doc = edit.doc
    name = doc.package.related_one(doc.main, "presProps")
    if name is None:
        raise NotApplicable("no presProps part")
    return ws.touch_part(edit, name)


def _show_pr(ws, edit) -> etree._Element:
    root = _pres_props(ws, edit)
    show = root.find(_P + "showPr")
    if show is None:
        show = etree.Element(_P + "showPr")
        root.insert(0, show)
    return show


def plan_presentation(ctx: PlanContext, check: Check, targets: list[Target]
                      ) -> list[Mutation]:
    prop = check.property or ""
    ref = [v for t in targets for v in observed_values(ctx.observe(check, t))]

    def loop(ws, edit) -> str:
        show = _show_pr(ws, edit)
        new = "0" if any(v is True for v in ref) else "1"
        show.set("loop", new)
        return f"loop={new}"

    def show_type(ws, edit) -> str:
        show = _show_pr(ws, edit)
        for tag in ("present", "browse", "kiosk"):
            for el in show.findall(_P + tag):
                show.remove(el)
        new = "present" if "speaker" not in ref else "kiosk"
        show.insert(0, etree.Element(_P + new))
        return f"show type {new}"

    def sections(ws, edit) -> str:
        lst = next(edit.doc.root_el.iter(_P14 + "sectionLst"), None)
        if lst is None:
            raise NotApplicable("no sections")
        ws.touch(edit, lst)
        sec = lst.find(_P14 + "section")
        sec.set("name", (sec.get("name") or "") + "x")
        return f"first section renamed {sec.get('name')!r}"

    def drop_slide(ws, edit) -> str:
        lst = edit.doc.root_el.find(_P + "sldIdLst")
        items = lst.findall(_P + "sldId") if lst is not None else []
        if len(items) < 2:
            raise NotApplicable("one slide only")
        ws.touch(edit, lst)
        lst.remove(items[-1])
        return "last slide removed"

    table = {"presentation.loop": (loop, "loop changed"),
             "presentation.show_type": (show_type, "show type changed"),
             "section.names": (sections, "a section renamed"),
             "slide.count": (drop_slide, "the last slide removed")}
    if prop not in table:
        return []
    fn, what = table[prop]
    return [Mutation(key=f"presentation|{prop}", operator=f"direct:{prop}", apply=fn,
                     description=f"presentation: {what}")]


def plan_slide_section(ctx: PlanContext, check: Check, targets: list[Target]
                       ) -> list[Mutation]:
    idx = chosen_indexes(check, len(targets))
    if idx is None or any(t.kind != "slide" for t in targets):
        return []

    def apply(ws, edit) -> str:
        lst = next(edit.doc.root_el.iter(_P14 + "sectionLst"), None)
        if lst is None:
            raise NotApplicable("no sections")
        ws.touch(edit, lst)
        secs = lst.findall(_P14 + "section")
        if len(secs) < 2:
            raise NotApplicable("one section only")
        for t in refind(edit, check.select, idx):
            for i, sec in enumerate(secs):
                ids = sec.find(_P14 + "sldIdLst")
                hit = next((e for e in (ids if ids is not None else [])
                            if e.get("id") == t.slide_id), None)  # type: ignore[attr-defined]
                if hit is not None:
                    ids.remove(hit)
                    other = secs[i + 1] if i + 1 < len(secs) else secs[i - 1]
                    dest = other.find(_P14 + "sldIdLst")
                    if dest is None:
                        dest = etree.SubElement(other, _P14 + "sldIdLst")
                    dest.append(hit)
                    break
        return "slide moved to a neighbouring section"

    return [Mutation(key=f"slide-section|{check.select}|{idx}", operator="direct:slide.section",
                     apply=apply, description=f"{locators(targets, idx)}: slide moved to "
                                              f"another section")]


def plan_placeholder_visible(ph_type: str) -> Callable:
    def plan(ctx: PlanContext, check: Check, targets: list[Target]) -> list[Mutation]:
        idx = chosen_indexes(check, len(targets))
        if idx is None or any(t.kind != "slide" for t in targets):
            return []
        ref = [v for i in idx for v in observed_values(ctx.observe(check, targets[i]))]
        if not any(v is True for v in ref):
            return []

        def apply(ws, edit) -> None:
            for t in refind(edit, check.select, idx):
                for s in t.sheet.all_shapes():  # type: ignore[attr-defined]
                    if s.placeholder is not None and s.placeholder.type == ph_type:
                        ws.touch(edit, s.el)
                        s.el.getparent().remove(s.el)

        return [Mutation(key=f"placeholder|{ph_type}|{check.select}|{idx}",
                         operator=f"delete:{ph_type}", apply=apply,
                         description=f"{locators(targets, idx)}: the {ph_type} placeholder "
                                     f"removed from the slide")]
    return plan


# ------------------------------------------------------------------ animations
def plan_animation_detail(ctx: PlanContext, check: Check, targets: list[Target]
                          ) -> list[Mutation]:
    from officeeval.audit.mutators.ppt_timing import _effect_ctn
    idx = chosen_indexes(check, len(targets))
    if idx is None or any(t.kind != "animation" for t in targets):
        return []
    prop = check.property

    def fn(ws, edit, t) -> str:
        ctn = _effect_ctn(t)
        ws.touch(edit, ctn)
        if prop == "animation.class":
            new = "exit" if ctn.get("presetClass") != "exit" else "entr"
            ctn.set("presetClass", new)
            return f"presetClass={new}"
        if prop == "animation.direction":
            sub = ctn.get("presetSubtype") or "0"
            new = "8" if sub != "8" else "4"
            ctn.set("presetSubtype", new)
            return f"presetSubtype={new}"
        if prop == "animation.duration":
            changed = 0
            for el in ctn.iter(_P + "cTn"):
                if el is not ctn and (el.get("dur") or "").isdigit():
                    el.set("dur", str(int(el.get("dur")) * 2 + 500))
                    changed += 1
            if not changed:
                raise NotApplicable("no behaviour with a duration")
            return "durations doubled"
        if prop == "animation.delay":
            cond = ctn.find(f"{_P}stCondLst/{_P}cond")
            if cond is None:
                raise NotApplicable("no start condition")
            cond.set("delay", str(int(cond.get("delay") or 0) + 1000 if (
                cond.get("delay") or "0").isdigit() else 1000))
            return f"delay={cond.get('delay')}"
        if prop == "animation.by_paragraph":
            timing = t.slide.sheet.root.find(_P + "timing")  # type: ignore[attr-defined]
            spid = t.effect.shape_id  # type: ignore[attr-defined]
            changed = False
            for b in timing.iter(_P + "bldP") if timing is not None else []:
                if b.get("spid") == spid:
                    b.set("build", "whole" if b.get("build") == "p" else "p")
                    changed = True
            for tx in list(ctn.iter(_P + "txEl")):
                tx.getparent().remove(tx)
                changed = True
            if not changed:
                raise NotApplicable("no build to change")
            return "build by paragraph flipped"
        if prop == "animation.target":
            shapes = [s for s in t.slide.sheet.all_shapes()  # type: ignore[attr-defined]
                      if s.id and s.id != t.effect.shape_id]  # type: ignore[attr-defined]
            if not shapes:
                raise NotApplicable("no other shape to animate")
            for tgt in ctn.iter(_P + "spTgt"):
                tgt.set("spid", shapes[0].id)
            return f"target shape id {shapes[0].id}"
        raise NotApplicable(f"no mutation for {prop}")

    def apply(ws, edit) -> str:
        note = ""
        for t in refind(edit, check.select, idx):
            note = fn(ws, edit, t)
        return note

    return [Mutation(key=f"anim|{prop}|{check.select}|{idx}", operator=f"direct:{prop}",
                     apply=apply, description=f"{locators(targets, idx)}: {prop} changed")]


# ------------------------------------------------------------------ SmartArt and charts
def _graphic_part(edit, t, tag: str, attr: str) -> str:
    """The part a shape's graphic data points to (``c:chart``/@r:id, ``dgm:relIds``/@r:dm)."""
    shape = t.shape
    el = next(shape.el.iter(tag), None)
    rid = el.get(attr) if el is not None else None
    part = edit.doc.package.target(shape.sheet.part, rid)
    if part is None:
        raise NotApplicable("the graphic's part is not found")
    return part


def plan_smartart(ctx: PlanContext, check: Check, targets: list[Target]) -> list[Mutation]:
    idx = chosen_indexes(check, len(targets))
    if idx is None or any(t.kind not in ("smartart", "shape") for t in targets):
        return []
    dgm = "{http://schemas.openxmlformats.org/drawingml/2006/diagram}"
    prop = check.property

    def apply(ws, edit) -> str:
        note = ""
        for t in refind(edit, check.select, idx):
            if prop == "smartart.nodes":
                root = ws.touch_part(edit, _graphic_part(edit, t, dgm + "relIds", _R + "dm"))
                note = put_typo(list(root.iter(_A + "t")), None)
            else:
                root = ws.touch_part(edit, _graphic_part(edit, t, dgm + "relIds", _R + "lo"))
                root.set("uniqueId", "urn:microsoft.com/office/officeart/2005/8/layout/"
                                     "hProcess9" if "hProcess9" not in (
                                         root.get("uniqueId") or "") else
                         "urn:microsoft.com/office/officeart/2005/8/layout/default")
                note = f"layout {root.get('uniqueId').rsplit('/', 1)[-1]}"
        return note

    return [Mutation(key=f"smartart|{prop}|{check.select}|{idx}", operator=f"direct:{prop}",
                     apply=apply, description=f"{locators(targets, idx)}: {prop} changed")]


def plan_slide_chart(ctx: PlanContext, check: Check, targets: list[Target]) -> list[Mutation]:
    from officeeval.audit.mutators import excel_charts as XO
    idx = chosen_indexes(check, len(targets))
    if idx is None or any(t.kind not in ("chart", "shape") for t in targets):
        return []
    got = XO._chart_change(check.property or "")
    if got is None or check.property == "chart.anchor":
        return []

    def apply(ws, edit) -> str:
        note = ""
        for t in refind(edit, check.select, idx):
            note = got[0](ws, edit, t)
        return note

    return [Mutation(key=f"chart|{check.property}|{check.select}|{idx}",
                     operator=f"direct:{check.property}", apply=apply,
                     description=f"{locators(targets, idx)}: {check.property} changed")]


def plan_table_style(ctx: PlanContext, check: Check, targets: list[Target]) -> list[Mutation]:
    idx = chosen_indexes(check, len(targets))
    if idx is None or any(t.kind not in ("table", "shape") for t in targets):
        return []
    medium2_accent1 = "{5C22544A-7EE6-4342-B048-85BDC9FD1C3A}"
    medium2 = "{073A0DAA-6AF3-43AB-8588-CEC1D06C72B9}"

    def apply(ws, edit) -> str:
        note = ""
        for t in refind(edit, check.select, idx):
            tbl_pr = next(t.shape.el.iter(_A + "tblPr"), None)  # type: ignore[attr-defined]
            if tbl_pr is None:
                raise NotApplicable("not a table")
            ws.touch(edit, tbl_pr)
            sid = tbl_pr.find(_A + "tableStyleId")
            if sid is None:
                sid = etree.SubElement(tbl_pr, _A + "tableStyleId")
            sid.text = medium2 if (sid.text or "").upper() == medium2_accent1 else \
                medium2_accent1
            note = f"tableStyleId={sid.text}"
        return note

    return [Mutation(key=f"table-style|{check.select}|{idx}", operator="direct:table.style",
                     apply=apply, description=f"{locators(targets, idx)}: another table "
                                              f"style")]


def plan_shape_name(ctx: PlanContext, check: Check, targets: list[Target]) -> list[Mutation]:
    idx = chosen_indexes(check, len(targets))
    if idx is None or any(getattr(t, "shape", None) is None for t in targets):
        return []

    def apply(ws, edit) -> str:
        note = ""
        for t in refind(edit, check.select, idx):
            pr = t.shape.c_nv_pr  # type: ignore[attr-defined]
            if pr is None:
                raise NotApplicable("a shape without cNvPr")
            ws.touch(edit, pr)
            pr.set("name", (pr.get("name") or "") + " 2")
            note = f"renamed {pr.get('name')!r}"
        return note

    return [Mutation(key=f"shape-name|{check.select}|{idx}", operator="direct:shape.name",
                     apply=apply, description=f"{locators(targets, idx)}: shape renamed")]


PLANNERS: dict[str, Callable] = {
    "shape.name": plan_shape_name,
    "table.style": plan_table_style,
    "presentation.loop": plan_presentation, "presentation.show_type": plan_presentation,
    "section.names": plan_presentation, "slide.count": plan_presentation,
    "slide.section": plan_slide_section,
    "slide.footer.visible": plan_placeholder_visible("ftr"),
    "slide.number.visible": plan_placeholder_visible("sldNum"),
    "slide.date.visible": plan_placeholder_visible("dt"),
    **{p: plan_animation_detail for p in ("animation.class", "animation.direction",
                                          "animation.duration", "animation.delay",
                                          "animation.by_paragraph", "animation.target")},
    "smartart.nodes": plan_smartart, "smartart.layout": plan_smartart,
    "smartart.layout_id": plan_smartart,
    **{p: plan_slide_chart for p in ("chart.type", "chart.title", "chart.series.count",
                                     "chart.series.names", "chart.series.values",
                                     "chart.series.categories", "chart.legend.position",
                                     "chart.data_labels", "chart.axis.x.title",
                                     "chart.axis.y.title", "chart.style", "chart.grouping")},
}
