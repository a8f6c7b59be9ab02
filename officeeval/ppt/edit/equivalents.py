"""PowerPoint written another way, for the same slides a viewer sees: the rewrites the
rubric audit's equivalent variants are made of. Run formatting moved into a shape's list
style, runs split in two, colours as the scheme colour they equal (or the reverse),
positions rounded as another writer rounds them, slide part names out of show order. Each
function edits a session's document and returns a note, or raises ``NotApplicable``.
"""

from __future__ import annotations

import copy
import re

from lxml import etree

from officeeval.ooxml.colors import normalize_hex
from officeeval.ooxml.ns import A, P
from officeeval.properties.writing import NotApplicable, Session

_A, _P = f"{{{A}}}", f"{{{P}}}"
ACCENTS = ("accent1", "accent2", "accent3", "accent4", "accent5", "accent6")
RUN_ATTRS = ("sz", "b", "i", "u", "strike", "spc", "cap", "baseline")
RUN_CHILDREN = ("solidFill", "latin", "ea", "cs")
# Child order of a:lvlNpPr (CT_TextParagraphProperties): defRPr comes before extLst.
_LVL_AFTER = (_A + "extLst",)


def _slides(doc) -> list[tuple[str, etree._Element]]:
    return [(s.part, s.root) for s in doc.slide_sheets]


def to_list_style(session: Session) -> str:
    """Run formatting shared by every run of a shape's level moved into the shape's list
    style (``a:lstStyle/a:lvlNpPr/a:defRPr``, the level a run inherits from first)."""
    moved = 0
    for part, root in _slides(session.doc):
        for body in root.iter(_P + "txBody"):
            levels: dict[int, list[etree._Element]] = {}
            ok: dict[int, bool] = {}
            for para in body.findall(_A + "p"):
                ppr = para.find(_A + "pPr")
                lvl = int(ppr.get("lvl") or 0) if ppr is not None and \
                    (ppr.get("lvl") or "0").isdigit() else 0
                runs = para.findall(_A + "r")
                # A field (slide number, date) at the level would inherit what moves.
                ok[lvl] = ok.get(lvl, True) and bool(runs) and para.find(_A + "fld") is None
                levels.setdefault(lvl, []).extend(runs)
            for lvl, runs in levels.items():
                if not ok.get(lvl) or not runs:
                    continue
                rprs = [r.find(_A + "rPr") for r in runs]
                if any(x is None for x in rprs):
                    continue
                shared_attrs = [a for a in RUN_ATTRS
                                if len({x.get(a) for x in rprs}) == 1 and rprs[0].get(a)]
                shared_kids = [c for c in RUN_CHILDREN
                               if len({_xml(x.find(_A + c)) for x in rprs}) == 1
                               and rprs[0].find(_A + c) is not None]
                if not shared_attrs and not shared_kids:
                    continue
                defrpr = _level_defrpr(body, lvl)
                for a in shared_attrs:
                    defrpr.set(a, rprs[0].get(a))
                    for x in rprs:
                        del x.attrib[a]
                for c in shared_kids:
                    old = defrpr.find(_A + c)
                    if old is not None:
                        defrpr.remove(old)
                    defrpr.append(copy.deepcopy(rprs[0].find(_A + c)))
                    for x in rprs:
                        x.remove(x.find(_A + c))
                moved += len(shared_attrs) + len(shared_kids)
                session.part(part)
    if not moved:
        raise NotApplicable("no run formatting shared by a whole level of a shape")
    return f"{moved} properties moved"


def _xml(el: etree._Element | None) -> bytes | None:
    return None if el is None else etree.tostring(el)


def _level_defrpr(body: etree._Element, lvl: int) -> etree._Element:
    lst = body.find(_A + "lstStyle")
    if lst is None:
        lst = etree.Element(_A + "lstStyle")
        body.insert(1 if body.find(_A + "bodyPr") is not None else 0, lst)
    tag = f"{_A}lvl{lvl + 1}pPr"
    lvl_el = lst.find(tag)
    if lvl_el is None:
        lvl_el = etree.Element(tag)
        # a:lvl1pPr … a:lvl9pPr in order (a:defPPr first, a:extLst last).
        after = [c for c in lst if re.fullmatch(rf"\{{{A}\}}lvl(\d)pPr", str(c.tag))
                 and int(str(c.tag)[-4]) < lvl + 1]
        if after:
            after[-1].addnext(lvl_el)
        else:
            dflt = lst.find(_A + "defPPr")
            if dflt is not None:
                dflt.addnext(lvl_el)
            else:
                lst.insert(0, lvl_el)
    defrpr = lvl_el.find(_A + "defRPr")
    if defrpr is None:
        defrpr = etree.Element(_A + "defRPr")
        ext = lvl_el.find(_A + "extLst")
        if ext is not None:
            ext.addprevious(defrpr)
        else:
            lvl_el.append(defrpr)
    return defrpr


def split_runs(session: Session) -> str:
    """Every run split in two with the same formatting."""
    n = 0
    for part, root in _slides(session.doc):
        for r in list(root.iter(_A + "r")):
            t = r.find(_A + "t")
            text = t.text if t is not None else None
            if not text or len(text) < 2:
                continue
            second = copy.deepcopy(r)
            half = len(text) // 2
            t.text = text[:half]
            second.find(_A + "t").text = text[half:]
            r.addnext(second)
            n += 1
            session.part(part)
    if not n:
        raise NotApplicable("no run holds two characters")
    return f"{n} runs split"


# Scheme colours a slide's text names through the master's colour map; used only when the
# map is the usual one (tx1 = dk1, bg1 = lt1 …) so the mapping needs no lookup.
MAPPED = {"tx1": "dk1", "bg1": "lt1", "tx2": "dk2", "bg2": "lt2"}


def _usual_map(doc) -> bool:
    masters = doc.masters
    if not masters:
        return False
    cmap = masters[0].root.find(_P + "clrMap")
    return cmap is not None and all(cmap.get(k) == v for k, v in MAPPED.items())


def colours(to_scheme: bool):
    """Colours equal to a theme colour written as that scheme colour (``to_scheme``), or
    scheme colours written as the RGB they resolve to."""
    def apply(session: Session) -> str:
        doc = session.doc
        names = ACCENTS + (tuple(MAPPED) if _usual_map(doc) else ())
        slots: dict[str, str] = {}
        for s in names:
            rgb = doc.theme_color(MAPPED.get(s, s))
            if rgb:
                slots.setdefault(rgb.upper(), s)
        n = 0
        for part, root in _slides(doc):
            tag = _A + ("srgbClr" if to_scheme else "schemeClr")
            for el in list(root.iter(tag)):
                if len(el):
                    continue  # a colour with transforms (lumMod …) is written as it is
                if to_scheme:
                    rgb = normalize_hex(el.get("val"))
                    slot = slots.get((rgb or "").upper())
                    if slot is None:
                        continue
                    new = etree.Element(_A + "schemeClr", {"val": slot})
                else:
                    slot = el.get("val") or ""
                    rgb = doc.theme_color(MAPPED.get(slot, slot)) if slot in names else None
                    if rgb is None:
                        continue
                    new = etree.Element(_A + "srgbClr", {"val": rgb.upper()})
                el.getparent().replace(el, new)
                n += 1
                session.part(part)
        if not n:
            raise NotApplicable("no colour " + ("equals a theme colour" if to_scheme
                                                else "names a theme colour"))
        return f"{n} colours"
    return apply


def rounded(session: Session) -> str:
    """Positions and sizes 360 EMU (0.01 mm, LibreOffice's unit) larger, as another writer
    rounds them."""
    n = 0
    for part, root in _slides(session.doc):
        for xfrm in list(root.iter(_A + "xfrm")) + list(root.iter(_P + "xfrm")):
            for child, attrs in (("off", ("x", "y")), ("ext", ("cx", "cy"))):
                el = xfrm.find(_A + child)
                if el is None:
                    continue
                for a in attrs:
                    v = el.get(a)
                    if v is not None and v.lstrip("-").isdigit() and int(v) != 0:
                        el.set(a, str(int(v) + 360))
                        n += 1
            session.part(part)
    if not n:
        raise NotApplicable("no positioned shapes")
    return f"{n} positions and sizes"


def slide_part_renames(doc) -> tuple[dict[str, str], dict[str, str], str]:
    """Slide part names out of show order: ``(to temporary names, to final names, note)``
    for ``officeeval.ooxml.repackage.rename_parts``."""
    parts = list(doc.slide_parts)
    if len(parts) < 2:
        raise NotApplicable("fewer than two slides")
    # Each slide's part takes the next one's name (the last the first's), through
    # temporary names so no two parts ever share one.
    n = len(parts)
    temp = {old: f"{old}.tmp" for old in parts}
    final = {f"{parts[i]}.tmp": parts[(i + 1) % n] for i in range(n)}
    return temp, final, ", ".join(f"{parts[i].rsplit('/', 1)[-1]} -> {parts[(i + 1) % n].rsplit('/', 1)[-1]}"
                     for i in range(n))
