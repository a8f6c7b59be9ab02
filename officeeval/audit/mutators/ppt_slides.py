"""PowerPoint mutants beyond text formatting: text typos, shapes and slides deleted, slides
reordered, transitions and animations dropped or changed, shapes moved or resized, another
layout, background, slide size or theme value, a table turned into a text box; and neutral
edits on slides no check selects."""

from __future__ import annotations

import posixpath
import re
from typing import Callable

from lxml import etree

from officeeval.audit.mutators.base import (
    Mutation, NotApplicable, PlanContext, chosen_indexes, locators, observed_values, refind,
)
from officeeval.audit.mutators.texts import put_typo
from officeeval.ooxml.ns import A, MC, P, P14
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


# ------------------------------------------------------------------ transitions
def _drop_transition(root: etree._Element) -> None:
    for child in list(root):
        if child.tag == _P + "transition":
            root.remove(child)
        elif child.tag == _MC + "AlternateContent" and any(
                d.tag == _P + "transition" for d in child.iter()):
            root.remove(child)


def _plan_transition(ctx: PlanContext, check: Check, targets: list[Target]) -> list[Mutation]:
    idx = chosen_indexes(check, len(targets))
    if idx is None or any(t.kind != "slide" for t in targets):
        return []
    from officeeval.ppt.transitions import find_transition, read_transition
    ref = [read_transition(targets[i].sheet.root) for i in idx]  # type: ignore[attr-defined]
    where = locators(targets, idx)
    out: list[Mutation] = []
    if any(r is not None for r in ref):
        def drop(ws, edit) -> None:
            for t in refind(edit, check.select, idx):
                ws.touch(edit, t.sheet.root)  # type: ignore[attr-defined]
                _drop_transition(t.sheet.root)  # type: ignore[attr-defined]
        out.append(Mutation(key=f"transition-drop|{where}", operator="drop:transition",
                            apply=drop, description=f"{where}: transition removed"))
    prop = check.property
    if prop == "transition.type":
        other = "wipe" if all(r is not None and r.type == "fade" for r in ref) else "fade"
        if all(r is not None and r.type == other for r in ref):
            other = "push"

        def retype(ws, edit) -> None:
            for t in refind(edit, check.select, idx):
                root = t.sheet.root  # type: ignore[attr-defined]
                ws.touch(edit, root)
                _drop_transition(root)
                tr = etree.Element(_P + "transition")
                etree.SubElement(tr, _P + other)
                timing = root.find(_P + "timing")
                root.insert(root.index(timing) if timing is not None else len(root), tr)
        out.append(Mutation(key=f"transition-type|{where}|{other}",
                            operator="direct:transition.type", apply=retype,
                            description=f"{where}: transition replaced by {other}"))
    elif prop == "transition.direction":
        def redirect(ws, edit) -> str:
            note = ""
            for t in refind(edit, check.select, idx):
                found = find_transition(t.sheet.root)  # type: ignore[attr-defined]
                effect = next((c for c in found[0] if isinstance(c.tag, str) and c.tag not in (
                    _P + "sndAc", _P + "extLst")), None) if found else None
                if effect is None:
                    raise NotApplicable("no transition effect")
                ws.touch(edit, effect)
                if effect.get("orient") is not None:
                    new = "vert" if effect.get("orient") != "vert" else "horz"
                    effect.set("orient", new)
                else:
                    cur = effect.get("dir") or ""
                    new = next(d for d in ("d", "u", "l", "r") if d != cur)
                    effect.set("dir", new)
                note = f"{etree.QName(effect).localname} direction {new}"
            return note
        out.append(Mutation(key=f"transition-dir|{where}", operator="direct:transition.direction",
                            apply=redirect, description=f"{where}: transition direction "
                                                        f"changed"))
    elif prop in ("transition.duration", "transition.advance_after",
                  "transition.advance_on_click"):
        def modify(ws, edit) -> str:
            note = ""
            for t in refind(edit, check.select, idx):
                found = find_transition(t.sheet.root)  # type: ignore[attr-defined]
                if found is None:
                    raise NotApplicable("no transition")
                el = found[0]
                ws.touch(edit, el)
                cur = read_transition(t.sheet.root)  # type: ignore[attr-defined]
                if prop == "transition.duration":
                    ms = int(round(((cur.duration if cur else 0.5) + 1.0) * 1000))
                    el.set(f"{{{P14}}}dur", str(ms))
                    note = f"p14:dur={ms}"
                elif prop == "transition.advance_after":
                    after = cur.advance_after if cur and cur.advance_after is not None else 0
                    el.set("advTm", str(int(round((after + 3) * 1000))))
                    note = f"advTm={el.get('advTm')}"
                else:
                    on = cur.advance_on_click if cur else True
                    el.set("advClick", "0" if on else "1")
                    note = f"advClick={el.get('advClick')}"
            return note
        out.append(Mutation(key=f"transition-value|{prop}|{where}", operator=f"direct:{prop}",
                            apply=modify, description=f"{where}: {prop} changed"))
    return out


# ------------------------------------------------------------------ animations
def _effect_ctn(t: Target) -> etree._Element:
    """The ``p:cTn`` of an animation target's effect, found the way the view reads effects."""
    from officeeval.ppt.animations import _sequences, read_effects, walk
    root = t.slide.sheet.root  # type: ignore[attr-defined]
    timing = root.find(_P + "timing")
    if timing is None:
        raise NotApplicable("no timing")
    ctns: list[etree._Element] = []
    for _, seq in _sequences(timing):
        taken: set[int] = set()
        for el in walk(seq):
            if el.tag != _P + "cTn" or el.get("presetClass") is None:
                continue
            anc, nested = el.getparent(), False
            while anc is not None and anc is not seq:
                if id(anc) in taken:
                    nested = True
                    break
                anc = anc.getparent()
            if not nested:
                taken.add(id(el))
                ctns.append(el)
    effects = read_effects(root)
    for i, e in enumerate(effects):
        if e == t.effect and i < len(ctns):  # type: ignore[attr-defined]
            return ctns[i]
    raise NotApplicable("the effect is not found in the timing tree")


def _plan_animation(ctx: PlanContext, check: Check, targets: list[Target]) -> list[Mutation]:
    idx = chosen_indexes(check, len(targets))
    if idx is None or any(t.kind != "animation" for t in targets):
        return []
    where = locators(targets, idx)
    out: list[Mutation] = []
    prop = check.property
    if prop == "animation.effect":
        from officeeval.vocabulary.ppt import PRESET_EFFECTS
        ref = targets[idx[0]].effect  # type: ignore[attr-defined]
        raw = {"entrance": "entr", "exit": "exit", "emphasis": "emph", "path": "path"}.get(
            ref.preset_class, ref.preset_class)
        options = [(k[1], v) for k, v in PRESET_EFFECTS.items() if k[0] == raw and v != ref.effect]
        preferred = [o for o in options if o[1] in ("fade", "appear", "fly_in", "wipe",
                                                    "disappear", "fly_out")] or options
        if preferred:
            pid, name = preferred[0]

            def reeffect(ws, edit) -> None:
                for t in refind(edit, check.select, idx):
                    ctn = _effect_ctn(t)
                    ws.touch(edit, ctn)
                    ctn.set("presetID", str(pid))
            out.append(Mutation(key=f"anim-effect|{where}|{pid}",
                                operator="direct:animation.effect", apply=reeffect,
                                description=f"{where}: effect changed to {name}"))
    elif prop == "animation.trigger":
        def retrigger(ws, edit) -> str:
            for t in refind(edit, check.select, idx):
                ctn = _effect_ctn(t)
                ws.touch(edit, ctn)
                node = ctn.get("nodeType")
                ctn.set("nodeType", "afterEffect" if node == "clickEffect" else "clickEffect")
            return f"nodeType={ctn.get('nodeType')}"
        out.append(Mutation(key=f"anim-trigger|{where}", operator="direct:animation.trigger",
                            apply=retrigger, description=f"{where}: trigger changed"))
    out += plan_delete(ctx, check, targets)
    return out


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
