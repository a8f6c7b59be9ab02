"""PowerPoint design mutants: shapes moved or resized, another layout, background, slide
size or theme value, the slide hidden, table rows or columns removed, a native table turned
into a text box holding its text."""

from __future__ import annotations

import posixpath
from typing import Callable

from lxml import etree

from officeeval.audit.mutators.base import (
    Mutation, NotApplicable, PlanContext, chosen_indexes, locators, observed_values, refind,
)
from officeeval.audit.mutators.ppt_slides import SHAPE_KINDS, _plan_text
from officeeval.audit.mutators.ppt_timing import _plan_animation, _plan_transition
from officeeval.ooxml.ns import A, P
from officeeval.rubric.model import Check
from officeeval.targets import Target

_A, _P = f"{{{A}}}", f"{{{P}}}"
EMU_CM = 360000


# ------------------------------------------------------------------ shapes, slides, theme
def _plan_box(ctx: PlanContext, check: Check, targets: list[Target]) -> list[Mutation]:
    idx = chosen_indexes(check, len(targets))
    if idx is None or any(t.kind not in SHAPE_KINDS for t in targets):
        return []
    which = ["shape.left", "shape.top", "shape.width", "shape.height"].index(check.property)

    def apply(ws, edit) -> str:
        from officeeval.ppt.sheets import effective_box
        for t in refind(edit, check.select, idx):
            shape = t.shape  # type: ignore[attr-defined]
            got = effective_box(shape)
            if got is None:
                raise NotApplicable("the shape has no box")
            box = got[0]
            vals = [box.x, box.y, box.cx, box.cy]
            vals[which] += EMU_CM
            xfrm = _own_xfrm(shape)
            for child in list(xfrm):
                if child.tag in (_A + "off", _A + "ext"):
                    xfrm.remove(child)
            etree.SubElement(xfrm, _A + "off", x=str(int(vals[0])), y=str(int(vals[1])))
            etree.SubElement(xfrm, _A + "ext", cx=str(int(vals[2])), cy=str(int(vals[3])))
            ws.touch(edit, xfrm)
        return f"{check.property} + 1cm"

    return [Mutation(key=f"box|{check.property}|{check.select}|{idx}",
                     operator=f"direct:{check.property}", apply=apply,
                     description=f"{locators(targets, idx)}: {check.property} moved by 1 cm")]


def _own_xfrm(shape) -> etree._Element:
    if shape.el.tag == _P + "graphicFrame":
        xfrm = shape.el.find(_P + "xfrm")
        if xfrm is None:
            xfrm = etree.SubElement(shape.el, _P + "xfrm")
        return xfrm
    sp_pr = shape.el.find(_P + "spPr")
    if sp_pr is None:
        sp_pr = etree.SubElement(shape.el, _P + "spPr")
    xfrm = sp_pr.find(_A + "xfrm")
    if xfrm is None:
        xfrm = etree.Element(_A + "xfrm")
        sp_pr.insert(0, xfrm)
    return xfrm


def _plan_layout(ctx: PlanContext, check: Check, targets: list[Target]) -> list[Mutation]:
    idx = chosen_indexes(check, len(targets))
    if idx is None or any(t.kind != "slide" for t in targets):
        return []
    current = {targets[i].sheet.layout.part for i in idx  # type: ignore[attr-defined]
               if targets[i].sheet.layout is not None}  # type: ignore[attr-defined]
    current_names = {ctx.doc.sheet(c).name for c in current}  # type: ignore[attr-defined]
    others = [s for s in ctx.doc.layouts if s.part not in current]  # type: ignore[attr-defined]
    others.sort(key=lambda s: s.name in current_names)
    if not others:
        return []
    new = others[0]

    def apply(ws, edit) -> None:
        for t in refind(edit, check.select, idx):
            part = t.sheet.part  # type: ignore[attr-defined]
            folder, base = posixpath.split(part)
            rels = ws.touch_part(edit, posixpath.join(folder, "_rels", base + ".rels"))
            for rel in rels:
                if (rel.get("Type") or "").endswith("/slideLayout"):
                    rel.set("Target", posixpath.relpath(new.part, folder))

    return [Mutation(key=f"layout|{check.select}|{idx}|{new.part}",
                     operator="direct:slide.layout", apply=apply,
                     description=f"{locators(targets, idx)}: layout changed to {new.name!r}")]


def _solid_bg(color: str) -> etree._Element:
    bg = etree.Element(_P + "bg")
    pr = etree.SubElement(bg, _P + "bgPr")
    fill = etree.SubElement(pr, _A + "solidFill")
    etree.SubElement(fill, _A + "srgbClr", val=color)
    etree.SubElement(pr, _A + "effectLst")
    return bg


def _gradient_bg() -> etree._Element:
    bg = etree.Element(_P + "bg")
    pr = etree.SubElement(bg, _P + "bgPr")
    grad = etree.SubElement(pr, _A + "gradFill")
    lst = etree.SubElement(grad, _A + "gsLst")
    for pos, color in (("0", "FFFFFF"), ("100000", "4472C4")):
        gs = etree.SubElement(lst, _A + "gs", pos=pos)
        etree.SubElement(gs, _A + "srgbClr", val=color)
    etree.SubElement(pr, _A + "effectLst")
    return bg


def _plan_background(ctx: PlanContext, check: Check, targets: list[Target]) -> list[Mutation]:
    """Another background of the kind that matters (a gradient for a solid one, a solid
    fill of another color), and the sheet's own background removed (it then inherits)."""
    idx = chosen_indexes(check, len(targets))
    if idx is None or any(t.kind not in ("slide", "layout", "master") for t in targets):
        return []
    ref = [str(v) for i in idx for v in observed_values(ctx.observe(check, targets[i]))]
    if check.property == "slide.background.kind" and "solid" in ref:
        make, what = _gradient_bg, "a gradient fill"
    else:
        color = next(c for c in ("FF0000", "0000FF", "FFFFFF") if c not in ref)
        make, what = (lambda: _solid_bg(color)), f"solid #{color}"

    def replace(ws, edit) -> None:
        for t in refind(edit, check.select, idx):
            c_sld = t.sheet.root.find(_P + "cSld")  # type: ignore[attr-defined]
            ws.touch(edit, c_sld)
            for old in c_sld.findall(_P + "bg"):
                c_sld.remove(old)
            c_sld.insert(0, make())

    def remove(ws, edit) -> None:
        found = False
        for t in refind(edit, check.select, idx):
            c_sld = t.sheet.root.find(_P + "cSld")  # type: ignore[attr-defined]
            for old in c_sld.findall(_P + "bg"):
                ws.touch(edit, c_sld)
                c_sld.remove(old)
                found = True
        if not found:
            raise NotApplicable("no background of its own")

    where = locators(targets, idx)
    out = [Mutation(key=f"background|{check.select}|{idx}|{what}",
                    operator=f"direct:{check.property}", apply=replace,
                    description=f"{where}: background set to {what}")]
    if any(targets[i].sheet.background is not None for i in idx):  # type: ignore[attr-defined]
        out.append(Mutation(key=f"background-drop|{check.select}|{idx}",
                            operator="drop:background", apply=remove,
                            description=f"{where}: its own background removed (inherited "
                                        f"from layout/master)"))
    return out


def _plan_slide_size(ctx: PlanContext, check: Check, targets: list[Target]) -> list[Mutation]:
    def apply(ws, edit) -> str:
        sz = edit.doc.root_el.find(_P + "sldSz")  # type: ignore[attr-defined]
        if sz is None:
            raise NotApplicable("no p:sldSz")
        wide = sz.get("cx") == "12192000"
        sz.set("cx", "9144000" if wide else "12192000")
        sz.set("cy", "6858000")
        sz.attrib.pop("type", None)
        ws.touch(edit, sz)
        return f"cx={sz.get('cx')}"

    return [Mutation(key="slide-size", operator="direct:presentation.slide_size", apply=apply,
                     description="slide size switched between 16:9 and 4:3")]


def _plan_theme(ctx: PlanContext, check: Check, targets: list[Target]) -> list[Mutation]:
    prop = check.property or ""
    idx = chosen_indexes(check, len(targets))
    if idx is None:
        return []

    def theme_of(t):
        sheet = t.sheet if hasattr(t, "sheet") else t.doc.slide_sheets[0]  # type: ignore
        root = sheet.theme_root
        if root is None:
            raise NotApplicable("no theme")
        return root

    def apply(ws, edit) -> str:
        for t in refind(edit, check.select, idx):
            root = theme_of(t)
            ws.touch(edit, root)
            if prop == "theme.name":
                root.set("name", (root.get("name") or "") + " X")
                continue
            elems = root.find(_A + "themeElements")
            if prop.startswith("theme.color."):
                slot = elems.find(f"{_A}clrScheme/{_A}{prop.rsplit('.', 1)[1]}")
                for c in list(slot):
                    slot.remove(c)
                etree.SubElement(slot, _A + "srgbClr", val="123456")
            else:
                which = "majorFont" if ".major" in prop else "minorFont"
                script = "ea" if prop.endswith("east_asia") else "latin"
                el = elems.find(f"{_A}fontScheme/{_A}{which}/{_A}{script}")
                el.set("typeface", "Courier New" if script == "latin" else "仿宋")
                for f in elems.findall(f"{_A}fontScheme/{_A}{which}/{_A}font"):
                    if f.get("script") == "Hans" and script == "ea":
                        f.set("typeface", "仿宋")
        return prop

    return [Mutation(key=f"theme|{prop}", operator=f"direct:{prop}", apply=apply,
                     description=f"theme: {prop} changed")]


def _plan_flag_attr(attr: str, on: str, off: str) -> Callable:
    def plan(ctx: PlanContext, check: Check, targets: list[Target]) -> list[Mutation]:
        idx = chosen_indexes(check, len(targets))
        if idx is None or any(t.kind != "slide" for t in targets):
            return []
        ref = [v for i in idx for v in observed_values(ctx.observe(check, targets[i]))]
        value = off if any(v is True for v in ref) else on

        def apply(ws, edit) -> None:
            for t in refind(edit, check.select, idx):
                root = t.sheet.root  # type: ignore[attr-defined]
                ws.touch(edit, root)
                root.set(attr, value)
        return [Mutation(key=f"flag|{attr}|{check.select}|{idx}",
                         operator=f"direct:{check.property}", apply=apply,
                         description=f"{locators(targets, idx)}: @{attr}={value}")]
    return plan


def _plan_table(ctx: PlanContext, check: Check, targets: list[Target]) -> list[Mutation]:
    idx = chosen_indexes(check, len(targets))
    if idx is None or any(t.kind not in ("table", "shape") for t in targets):
        return []
    rows = check.property == "table.rows"

    def apply(ws, edit) -> None:
        for t in refind(edit, check.select, idx):
            tbl = next(t.shape.el.iter(_A + "tbl"), None)  # type: ignore[attr-defined]
            if tbl is None:
                raise NotApplicable("not a table")
            ws.touch(edit, tbl)
            if rows:
                tbl.remove(tbl.findall(_A + "tr")[-1])
            else:
                grid = tbl.find(_A + "tblGrid")
                grid.remove(grid.findall(_A + "gridCol")[-1])
                for tr in tbl.findall(_A + "tr"):
                    tr.remove(tr.findall(_A + "tc")[-1])

    what = "last row" if rows else "last column"
    out = [Mutation(key=f"table|{check.property}|{check.select}|{idx}",
                    operator=f"delete:table.{'row' if rows else 'column'}", apply=apply,
                    description=f"{locators(targets, idx)}: {what} removed")]
    return out + plan_table_to_textbox(ctx, check, targets)


def plan_table_to_textbox(ctx: PlanContext, check: Check, targets: list[Target]
                          ) -> list[Mutation]:
    """A native table replaced by a text box holding its text (a frequent shortcut)."""
    idx = chosen_indexes(check, len(targets))
    if idx is None or not all(t.kind in ("table", "shape") and next(
            t.shape.el.iter(_A + "tbl"), None) is not None for t in targets):  # type: ignore
        return []

    def apply(ws, edit) -> None:
        for t in refind(edit, check.select, idx):
            frame = t.shape.el  # type: ignore[attr-defined]
            rows = ["\t".join("".join(x.text or "" for x in tc.iter(_A + "t"))
                              for tc in tr.findall(_A + "tc"))
                    for tr in frame.iter(_A + "tr")]
            ws.touch(edit, frame)
            frame.getparent().replace(frame, _textbox(frame, rows))

    return [Mutation(key=f"table-textbox|{check.select}|{idx}",
                     operator="replace:table->textbox", apply=apply, scope="rubric",
                     description=f"{locators(targets, idx)}: table replaced by a text box "
                                 f"with its text")]


def _textbox(frame: etree._Element, rows: list[str]) -> etree._Element:
    c_nv = frame.find(f"{_P}nvGraphicFramePr/{_P}cNvPr")
    sp = etree.Element(_P + "sp")
    nv = etree.SubElement(sp, _P + "nvSpPr")
    etree.SubElement(nv, _P + "cNvPr", id=c_nv.get("id") if c_nv is not None else "99",
                     name=c_nv.get("name") if c_nv is not None else "Table")
    etree.SubElement(nv, _P + "cNvSpPr", txBox="1")
    etree.SubElement(nv, _P + "nvPr")
    sp_pr = etree.SubElement(sp, _P + "spPr")
    xfrm = frame.find(_P + "xfrm")
    if xfrm is not None:
        ax = etree.SubElement(sp_pr, _A + "xfrm")
        for child in xfrm:
            ax.append(etree.fromstring(etree.tostring(child)))
    geom = etree.SubElement(sp_pr, _A + "prstGeom", prst="rect")
    etree.SubElement(geom, _A + "avLst")
    body = etree.SubElement(sp, _P + "txBody")
    etree.SubElement(body, _A + "bodyPr", wrap="square")
    etree.SubElement(body, _A + "lstStyle")
    for line in rows or [""]:
        par = etree.SubElement(body, _A + "p")
        r = etree.SubElement(par, _A + "r")
        etree.SubElement(r, _A + "t").text = line
    return sp


PLANNERS: dict[str, Callable] = {
    **{p_: _plan_text for p_ in ("text", "shape.text", "cell.text", "slide.title",
                                 "notes.text", "footer.text")},
    **{p_: _plan_transition for p_ in ("transition.type", "transition.duration",
                                       "transition.direction", "transition.advance_on_click",
                                       "transition.advance_after")},
    **{p_: _plan_animation for p_ in ("animation.effect", "animation.class",
                                      "animation.target", "animation.trigger",
                                      "animation.duration", "animation.delay",
                                      "animation.by_paragraph", "animation.direction",
                                      "animation.order", "animation.paragraph")},
    **{p_: _plan_box for p_ in ("shape.left", "shape.top", "shape.width", "shape.height")},
    "slide.layout": _plan_layout, "slide.layout_type": _plan_layout,
    "slide.background.color": _plan_background, "slide.background.kind": _plan_background,
    "presentation.slide_size": _plan_slide_size,
    "slide.hidden": _plan_flag_attr("show", "0", "1"),
    "table.rows": _plan_table, "table.columns": _plan_table,
    **{p_: _plan_theme for p_ in ("theme.name", "theme.font.major", "theme.font.minor",
                                  "theme.font.major.east_asia", "theme.font.minor.east_asia",
                                  *(f"theme.color.{s}" for s in (
                                      "dk1", "lt1", "dk2", "lt2", "accent1", "accent2",
                                      "accent3", "accent4", "accent5", "accent6", "hlink",
                                      "folHlink")))},
}
