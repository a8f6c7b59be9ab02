"""Word mutants of lists, pictures and document-wide settings: numbering removed from a
paragraph or style, a list level's text/format/start changed in numbering.xml, a picture
resized, the page background recolored, core properties and mail-merge settings mistyped,
style facts (based-on, custom) changed, a section break removed."""

from __future__ import annotations

from typing import Callable

from lxml import etree

from officeeval.audit.mutators.base import (
    Mutation, NotApplicable, PlanContext, chosen_indexes, ensure_child, locators, refind,
)
from officeeval.audit.mutators.texts import put_typo, typo, typo_position
from officeeval.audit.mutators.word_setters import wset
from officeeval.ooxml.ns import CP, DC, W
from officeeval.rubric.model import Check

_W = f"{{{W}}}"
_WP = "{http://schemas.openxmlformats.org/drawingml/2006/wordprocessingDrawing}"
_A = "{http://schemas.openxmlformats.org/drawingml/2006/main}"
EMU_CM = 360000


def _mutation(key: str, op: str, desc: str, apply, scope: str = "criterion") -> Mutation:
    return Mutation(key=key, operator=op, description=desc, apply=apply, scope=scope)


# ------------------------------------------------------------------ numbering
def _num_ref(t) -> tuple[str, int, etree._Element | None]:
    """(numId, ilvl, the w:numPr that set it) for a paragraph or a style target."""
    if t.kind == "style":
        ppr = t.style.el.find(_W + "pPr")
        num_pr = ppr.find(_W + "numPr") if ppr is not None else None
        if num_pr is None:
            raise NotApplicable("the style sets no numbering")
        nid = num_pr.find(_W + "numId")
        lvl = num_pr.find(_W + "ilvl")
        return (nid.get(_W + "val") if nid is not None else "",
                int(lvl.get(_W + "val") or 0) if lvl is not None else 0, num_pr)
    ref = getattr(t, "num_ref", None)
    if ref is None:
        raise NotApplicable("not numbered")
    return ref.num_id, ref.ilvl, None


def _lvl(ws, edit, num_id: str, ilvl: int) -> etree._Element:
    doc = edit.doc
    part = doc.package.related_one(doc.main, "numbering")
    if part is None:
        raise NotApplicable("no numbering part")
    root = ws.touch_part(edit, part)
    num = next((n for n in root.findall(_W + "num") if n.get(_W + "numId") == num_id), None)
    if num is None:
        raise NotApplicable(f"no list {num_id}")
    for ov in num.findall(_W + "lvlOverride"):
        if ov.get(_W + "ilvl") == str(ilvl) and ov.find(_W + "lvl") is not None:
            return ov.find(_W + "lvl")
    aid = num.find(_W + "abstractNumId").get(_W + "val")
    seen: set[str] = set()
    while aid is not None and aid not in seen:
        seen.add(aid)
        absn = next((a for a in root.findall(_W + "abstractNum")
                     if a.get(_W + "abstractNumId") == aid), None)
        if absn is None:
            break
        link = absn.find(_W + "numStyleLink")
        if link is None:
            lvl = next((x for x in absn.findall(_W + "lvl") if x.get(_W + "ilvl") == str(ilvl)),
                       None)
            if lvl is None:
                raise NotApplicable("no such level")
            return lvl
        style = doc.styles.find(link.get(_W + "val") or "")
        ppr = style.el.find(_W + "pPr") if style is not None else None
        nid = ppr.find(f"{_W}numPr/{_W}numId") if ppr is not None else None
        linked = next((n for n in root.findall(_W + "num")
                       if nid is not None and n.get(_W + "numId") == nid.get(_W + "val")), None)
        aid = linked.find(_W + "abstractNumId").get(_W + "val") if linked is not None else None
    raise NotApplicable("the list level is not found")


def plan_numbering(ctx: PlanContext, check: Check, targets: list) -> list[Mutation]:
    idx = chosen_indexes(check, len(targets))
    if idx is None or any(t.kind not in ("paragraph", "style") for t in targets):
        return []
    prop = check.property
    where = locators(targets, idx)
    out: list[Mutation] = []
    try:
        refs = [_num_ref(targets[i]) for i in idx]
    except NotApplicable:
        refs = []
    if not refs:
        if prop == "paragraph.numbering":
            def number(ws, edit) -> str:
                doc = edit.doc
                part = doc.package.related_one(doc.main, "numbering")
                root = doc.package.xml(part) if part else None
                nums = root.findall(_W + "num") if root is not None else []
                if not nums:
                    raise NotApplicable("no list to apply")
                for t in refind(edit, check.select, idx):
                    ppr = ensure_child(t.el, _W + "pPr", first=True)
                    num_pr = ensure_child(ppr, _W + "numPr")
                    wset(num_pr, "ilvl", val="0")
                    wset(num_pr, "numId", val=nums[0].get(_W + "numId"))
                    ws.touch(edit, ppr)
                return f"numId={nums[0].get(_W + 'numId')}"
            out.append(_mutation(f"number|{where}", "direct:paragraph.numbering",
                                 f"{where}: made a list item", number))
        return out

    def unnumber(ws, edit) -> str:
        for t in refind(edit, check.select, idx):
            if t.kind == "style":
                _, _, num_pr = _num_ref(t)
                num_pr.getparent().remove(num_pr)
                ws.touch(edit, t.style.el)
            else:
                ppr = ensure_child(t.el, _W + "pPr", first=True)
                num_pr = ensure_child(ppr, _W + "numPr")
                for c in list(num_pr):
                    num_pr.remove(c)
                wset(num_pr, "numId", val="0")
                ws.touch(edit, ppr)
        return "numbering removed"

    out.append(_mutation(f"unnumber|{where}", f"direct:{prop}", f"{where}: numbering removed",
                         unnumber))

    def level_change(fn: Callable[[etree._Element], str]) -> Callable:
        def apply(ws, edit) -> str:
            note = ""
            for t in refind(edit, check.select, idx):
                num_id, ilvl, _ = _num_ref(t)
                note = fn(_lvl(ws, edit, num_id, ilvl))
            return note
        return apply

    def text(lvl) -> str:
        el = ensure_child(lvl, _W + "lvlText")
        old = el.get(_W + "val") or ""
        new = old + "." if not old.endswith(".") else old[:-1] + "、"
        el.set(_W + "val", new)
        return f"lvlText {old!r} -> {new!r}"

    def fmt(lvl) -> str:
        el = ensure_child(lvl, _W + "numFmt")
        new = "upperRoman" if el.get(_W + "val") != "upperRoman" else "decimal"
        el.set(_W + "val", new)
        return f"numFmt={new}"

    def start(lvl) -> str:
        el = ensure_child(lvl, _W + "start")
        new = str(int(el.get(_W + "val") or 1) + 1)
        el.set(_W + "val", new)
        return f"start={new}"

    def ilvl(ws, edit) -> str:
        for t in refind(edit, check.select, idx):
            num_id, lv, num_pr = _num_ref(t)
            if num_pr is None:
                ppr = ensure_child(t.el, _W + "pPr", first=True)
                num_pr = ensure_child(ppr, _W + "numPr")
                wset(num_pr, "numId", val=num_id)
            wset(num_pr, "ilvl", first=True, val=str(lv + 1 if lv < 8 else lv - 1))
            ws.touch(edit, num_pr)
        return "list level changed"

    extra = {"paragraph.numbering.text": (level_change(text), "list level text changed"),
             "paragraph.numbering.label": (level_change(text), "list level text changed"),
             "paragraph.numbering": (level_change(fmt), "list number format changed"),
             "paragraph.numbering.start": (level_change(start), "list start changed"),
             "paragraph.numbering.level": (ilvl, "list level changed")}
    if prop in extra:
        fn, what = extra[prop]
        out.append(_mutation(f"numbering|{prop}|{where}", f"direct:{prop}", f"{where}: {what}",
                             fn))
    return out


# ------------------------------------------------------------------ pictures
def plan_image(ctx: PlanContext, check: Check, targets: list) -> list[Mutation]:
    idx = chosen_indexes(check, len(targets))
    if idx is None or any(getattr(t, "frame", None) is None for t in targets):
        return []
    prop = check.property
    if prop == "image.wrap":
        return [_mutation(f"image-wrap|{check.select}|{idx}", "direct:image.wrap",
                          f"{locators(targets, idx)}: wrapping changed",
                          lambda ws, edit: _rewrap(ws, edit, check, idx))]
    if prop not in ("image.width", "image.height"):
        return []
    attr = "cx" if prop == "image.width" else "cy"

    def apply(ws, edit) -> str:
        for t in refind(edit, check.select, idx):
            ext = t.frame.find(_WP + "extent")
            if ext is None:
                raise NotApplicable("no extent (a VML picture)")
            new = str(int(ext.get(attr) or 0) + EMU_CM)
            ext.set(attr, new)
            for a_ext in t.frame.iter(_A + "ext"):
                if a_ext.get(attr) is not None:
                    a_ext.set(attr, new)
            ws.touch(edit, ext)
        return f"{attr} + 1cm"

    return [_mutation(f"image|{prop}|{check.select}|{idx}", f"direct:{prop}",
                      f"{locators(targets, idx)}: {prop} 1 cm larger", apply)]


def _rewrap(ws, edit, check: Check, idx: list[int]) -> str:
    """An inline picture floated (square wrapping), a floating one put in line."""
    note = ""
    for t in refind(edit, check.select, idx):
        frame = t.frame
        if frame is None or not frame.tag.startswith(_WP):
            raise NotApplicable("not a DrawingML picture")
        ws.touch(edit, frame)
        if frame.tag == _WP + "inline":
            anchor = etree.Element(_WP + "anchor", {
                "distT": "0", "distB": "0", "distL": "114300", "distR": "114300",
                "simplePos": "0", "relativeHeight": "251659264", "behindDoc": "0",
                "locked": "0", "layoutInCell": "1", "allowOverlap": "1"})
            etree.SubElement(anchor, _WP + "simplePos", x="0", y="0")
            for axis, rel in (("positionH", "column"), ("positionV", "paragraph")):
                pos = etree.SubElement(anchor, _WP + axis, relativeFrom=rel)
                etree.SubElement(pos, _WP + "posOffset").text = "0"
            for child in list(frame):
                if child.tag == _WP + "docPr":
                    etree.SubElement(anchor, _WP + "wrapSquare", wrapText="bothSides")
                anchor.append(child)
            frame.getparent().replace(frame, anchor)
            note = "inline -> square wrapping"
        else:
            inline = etree.Element(_WP + "inline", distT="0", distB="0", distL="0", distR="0")
            for tag in ("extent", "effectExtent", "docPr", "cNvGraphicFramePr"):
                el = frame.find(_WP + tag)
                if el is not None:
                    inline.append(el)
            graphic = frame.find(_A + "graphic")
            if graphic is not None:
                inline.append(graphic)
            frame.getparent().replace(frame, inline)
            note = "floating -> in line"
    return note


# ------------------------------------------------------------------ document settings
def plan_document(ctx: PlanContext, check: Check, targets: list) -> list[Mutation]:
    prop = check.property or ""

    def background(ws, edit) -> str:
        root = edit.doc.root_el
        ws.touch(edit, root)
        bg = root.find(_W + "background")
        if bg is None:
            bg = etree.Element(_W + "background")
            root.insert(0, bg)
        new = "FF0000" if (bg.get(_W + "color") or "").upper() != "FF0000" else "0000FF"
        for a in ("themeColor", "themeTint", "themeShade"):
            bg.attrib.pop(_W + a, None)
        bg.set(_W + "color", new)
        return f"w:background/@w:color={new}"

    def core(tag: str):
        def apply(ws, edit) -> str:
            pkg = edit.doc.package
            part = pkg.related_one("", "core-properties")
            if part is None:
                raise NotApplicable("no core properties")
            root = ws.touch_part(edit, part)
            el = root.find(tag)
            if el is None or not (el.text or "").strip():
                raise NotApplicable("the property is empty")
            return put_typo([el], None)
        return apply

    def merge(what: str):
        def apply(ws, edit) -> str:
            settings = edit.doc.settings
            mm = settings.find(_W + "mailMerge") if settings is not None else None
            if mm is None:
                raise NotApplicable("no mail merge settings")
            ws.touch(edit, mm)
            if what == "main_type":
                el = ensure_child(mm, _W + "mainDocumentType")
                new = "catalog" if el.get(_W + "val") != "catalog" else "formLetters"
                el.set(_W + "val", new)
                return f"mainDocumentType={new}"
            tag = {"query": "query", "destination": "destination"}.get(what)
            if tag is not None:
                el = mm.find(_W + tag)
                if el is None or not el.get(_W + "val"):
                    raise NotApplicable(f"no {tag}")
                v = el.get(_W + "val")
                i = typo_position(v, check.expected if check.op in (
                    "contains", "equals", "starts_with", "ends_with") else None) or 0
                el.set(_W + "val", v[:i] + typo(v[i]) + v[i + 1:])
                return f"{tag} mistyped: {el.get(_W + 'val')!r}"
            # data source / file: the relationship the settings point to
            ds = mm.find(_W + "dataSource")
            rid = ds.get("{http://schemas.openxmlformats.org/officeDocument/2006/"
                         "relationships}id") if ds is not None else None
            name = edit.doc.package.related_one(edit.doc.main, "settings")
            if rid is None or name is None:
                raise NotApplicable("no data source relationship")
            folder, base = name.rsplit("/", 1)
            rels = ws.touch_part(edit, f"{folder}/_rels/{base}.rels")
            rel = next((r for r in rels if r.get("Id") == rid), None)
            if rel is None:
                raise NotApplicable("the data source relationship is missing")
            target = rel.get("Target") or ""
            dot = target.rfind(".")
            cut = dot if dot > 0 else len(target)
            rel.set("Target", target[:cut - 1] + typo(target[cut - 1]) + target[cut:])
            return f"data source {rel.get('Target')}"
        return apply

    table = {"background.color": (background, "page background recolored"),
             "core.title": (core(f"{{{DC}}}title"), "title mistyped"),
             "core.author": (core(f"{{{DC}}}creator"), "author mistyped"),
             "core.subject": (core(f"{{{DC}}}subject"), "subject mistyped"),
             "core.keywords": (core(f"{{{CP}}}keywords"), "keywords mistyped"),
             "mail_merge.main_type": (merge("main_type"), "main document type changed"),
             "mail_merge.query": (merge("query"), "query mistyped"),
             "mail_merge.destination": (merge("destination"), "destination changed"),
             "mail_merge.data_source": (merge("data_source"), "data source mistyped"),
             "mail_merge.data_file": (merge("data_source"), "data source mistyped")}
    if prop not in table:
        return []
    fn, what = table[prop]
    return [_mutation(f"document|{prop}", f"direct:{prop}", f"document: {what}", fn)]


def plan_style_fact(ctx: PlanContext, check: Check, targets: list) -> list[Mutation]:
    idx = chosen_indexes(check, len(targets))
    if idx is None or any(t.kind != "style" for t in targets):
        return []
    prop = check.property

    def apply(ws, edit) -> str:
        note = ""
        for t in refind(edit, check.select, idx):
            el = t.style.el
            ws.touch(edit, el)
            if prop == "style.based_on":
                cur = el.find(_W + "basedOn")
                others = [s.id for s in edit.doc.styles.by_id.values()
                          if s.type == t.style.type and s.id != t.style.id and
                          (cur is None or s.id != cur.get(_W + "val"))]
                if not others:
                    raise NotApplicable("no other style to base on")
                wset(el, "basedOn", val=others[0])
                note = f"basedOn={others[0]}"
            elif prop == "style.custom":
                new = "0" if (el.get(_W + "customStyle") or "") in ("1", "true") else "1"
                el.set(_W + "customStyle", new)
                note = f"customStyle={new}"
            elif prop == "style.type":
                new = "character" if el.get(_W + "type") != "character" else "paragraph"
                el.set(_W + "type", new)
                note = f"type={new}"
            elif prop == "style.next":
                wset(el, "next", val="Normal" if t.style.id != "Normal" else "Heading1")
                note = "next changed"
        return note

    return [_mutation(f"style-fact|{prop}|{check.select}|{idx}", f"direct:{prop}",
                      f"{locators(targets, idx)}: {prop} changed", apply)]


def plan_section_break(ctx: PlanContext, check: Check, targets: list) -> list[Mutation]:
    """A section break removed (two sections merged): for counts of sections."""
    def apply(ws, edit) -> str:
        for p in edit.doc.paragraphs:
            ppr = p.el.find(_W + "pPr")
            sp = ppr.find(_W + "sectPr") if ppr is not None else None
            if sp is not None:
                ws.touch(edit, ppr)
                ppr.remove(sp)
                return "first section break removed"
        raise NotApplicable("a single section")

    return [_mutation("section-break", "delete:section", "a section break removed", apply,
                      scope="rubric")]


PLANNERS: dict[str, Callable] = {
    **{p: plan_numbering for p in ("paragraph.numbering", "paragraph.numbering.text",
                                   "paragraph.numbering.label", "paragraph.numbering.start",
                                   "paragraph.numbering.level")},
    "image.width": plan_image, "image.height": plan_image, "image.wrap": plan_image,
    **{p: plan_document for p in ("background.color", "core.title", "core.author",
                                  "core.subject", "core.keywords", "mail_merge.main_type",
                                  "mail_merge.query", "mail_merge.destination",
                                  "mail_merge.data_source", "mail_merge.data_file")},
    **{p: plan_style_fact for p in ("style.based_on", "style.custom", "style.type",
                                    "style.next")},
}

