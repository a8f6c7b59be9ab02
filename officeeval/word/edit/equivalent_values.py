"""Word values written another way, as other writers write them: indents in characters or
as the equivalent absolute length, paragraph spacing in lines or points, lengths off by the
twip other writers round to, an empty header part where there was none, colours as the theme
slot they resolve to (or the reverse), and runs split in two. Each function edits a
session's document and returns a note, or raises ``NotApplicable``.
"""

from __future__ import annotations

import copy

from lxml import etree

from officeeval.ooxml.colors import normalize_hex
from officeeval.ooxml.editing import add_override, add_relationship, rels_part
from officeeval.ooxml.ns import A, R, W, WP
from officeeval.properties.registry import ResolveContext
from officeeval.properties.writing import NotApplicable, Session
from officeeval.values import Measure
from officeeval.word import resolvers as WR
from officeeval.word.edit.equivalents import body_paragraphs
from officeeval.word.edit.xml import insert_ppr_child

_W, _A, _WP, _R = f"{{{W}}}", f"{{{A}}}", f"{{{WP}}}", f"{{{R}}}"
_XML_NS = "{http://www.w3.org/XML/1998/namespace}"
# (property, absolute attribute, character/line attribute) per indent or spacing side.
INDENTS = ((WR.indent_left, "left", "leftChars"),
           (WR.indent_right, "right", "rightChars"),
           (WR.indent_first_line, "firstLine", "firstLineChars"),
           (WR.indent_hanging, "hanging", "hangingChars"))
SPACINGS = ((WR.space_before, "before", "beforeLines"),
            (WR.space_after, "after", "afterLines"))
# Theme colours as Word names them in w:themeColor (text1 is dk1, background1 lt1 …).
THEME_SLOTS = ("accent1", "accent2", "accent3", "accent4", "accent5", "accent6", "text1",
               "background1", "text2", "background2")
HF_TYPES = {"header": "application/vnd.openxmlformats-officedocument.wordprocessingml."
                      "header+xml",
            "footer": "application/vnd.openxmlformats-officedocument.wordprocessingml."
                      "footer+xml"}
REL_TYPE = "http://schemas.openxmlformats.org/officeDocument/2006/relationships/"


def _measure(resolver, p) -> Measure | None:
    obs = resolver(p, ResolveContext())
    v = obs.value if obs is not None else None
    return v if isinstance(v, Measure) else None


def _ppr(session: Session, p) -> etree._Element:
    ppr = p.ppr
    if ppr is None:
        ppr = etree.Element(_W + "pPr")
        p.el.insert(0, ppr)
    session.touch(p.el)
    return ppr


def units(table, to_units: bool):
    """Indents (``INDENTS``) or spacing (``SPACINGS``) rewritten on every paragraph: stored
    in characters/lines -> the equivalent absolute value, set directly with the unit
    attribute zeroed (``to_units=False``); absolute -> characters/lines where it is a whole
    or half number of them, the absolute value kept beside (``to_units=True``)."""
    def apply(session: Session) -> str:
        plans = []
        for p in body_paragraphs(session.doc):
            for resolver, abs_attr, unit_attr in table:
                m = _measure(resolver, p)
                if m is None or not m.unit_pt or not m.points() or m.points() < 0:
                    continue
                units = m.chars if m.chars is not None else m.lines
                if not to_units and units:
                    plans.append((p, abs_attr, unit_attr, str(round(m.points() * 20)), "0"))
                elif to_units and units is None:
                    n = m.points() / m.unit_pt * 100
                    if abs(n - round(n)) < 0.5 and round(n) % 50 == 0 and round(n) > 0:
                        plans.append((p, abs_attr, unit_attr, str(round(m.points() * 20)),
                                      str(round(n))))
        if not plans:
            raise NotApplicable("no paragraph stores such a value in that form")
        for p, abs_attr, unit_attr, twips, units in plans:
            ppr = _ppr(session, p)
            tag = "ind" if table is INDENTS else "spacing"
            el = ppr.find(_W + tag)
            if el is None:
                el = etree.Element(_W + tag)
                insert_ppr_child(ppr, el)
            el.set(_W + abs_attr, twips)
            el.set(_W + unit_attr, units)
        return f"{len(plans)} values"
    return apply


# ------------------------------------------------------------------ twips and EMU
_TWIP_ATTRS = {"pgMar": ("top", "bottom", "left", "right", "header", "footer", "gutter"),
               "pgSz": ("w", "h"), "ind": ("left", "right", "firstLine", "hanging", "start",
                                           "end"),
               "spacing": ("before", "after"), "gridCol": ("w",), "trHeight": ("val",)}
# Page setup values differ by more between writers (22 cm as 12474 twips is 22.003 cm, which
# Word's dialog shows as 22 cm); paragraph lengths by the one twip of a rounding.
_TWIPS_MORE = {"pgSz": 2, "pgMar": 2}
_UNIT_OF = {"left": "leftChars", "right": "rightChars", "firstLine": "firstLineChars",
            "hanging": "hangingChars", "start": "startChars", "end": "endChars",
            "before": "beforeLines", "after": "afterLines"}


def rounded(session: Session) -> str:
    """Every stored length a little longer, as another writer rounds it: page size and
    margins two twips (0.0035 cm), indents, spacing and table lengths one (2.5 cm is
    1417.3 twips: one writer stores 1417, another 1418), drawing extents 360 EMU (0.01 mm,
    LibreOffice's unit)."""
    pkg = session.doc.package
    parts = [session.doc.main] + [n for n in pkg.part_names() if n.lower().endswith(".xml") and
                               ("/header" in n.lower() or "/footer" in n.lower()
                                or n.lower().endswith("styles.xml"))]
    n = 0
    for part in parts:
        if not pkg.has_part(part):
            continue
        root = pkg.xml(part)
        touched = False
        for tag, attrs in _TWIP_ATTRS.items():
            for el in root.iter(_W + tag):
                if tag == "spacing" and el.getparent() is not None and \
                        etree.QName(el.getparent()).localname == "rPr":
                    continue  # character spacing, not a paragraph length
                for a in attrs:
                    v = el.get(_W + a)
                    unit = _UNIT_OF.get(a) if tag in ("ind", "spacing") else None
                    if unit and (el.get(_W + unit) or "0") not in ("0", ""):
                        continue
                    if v is not None and v.lstrip("-").isdigit() and int(v) != 0:
                        el.set(_W + a, str(int(v) + _TWIPS_MORE.get(tag, 1)))
                        n += 1
                        touched = True
        for ext in list(root.iter(_WP + "extent")) + list(root.iter(_A + "ext")):
            for a in ("cx", "cy"):
                v = ext.get(a)
                if v is not None and v.isdigit() and int(v) > 0:
                    ext.set(a, str(int(v) + 360))
                    n += 1
                    touched = True
        if touched:
            session.part(part)
    if not n:
        raise NotApplicable("no stored lengths")
    return f"{n} lengths"


# ------------------------------------------------------------------ empty header parts
def empty_parts(session: Session) -> str:
    """An empty header and footer part (one empty paragraph) given to the first section
    that shows none of that kind: its pages, and those inheriting from it, still show
    nothing there."""
    from officeeval.word.headers import reference_part
    doc = session.doc
    pkg = doc.package
    added = []
    for which in ("header", "footer"):
        sec = next((s for s in doc.sections if reference_part(s, which, "default") is None),
                   None)
        if sec is None:
            continue
        name = f"word/{which}_eq.xml"
        rid = f"rIdEq{which.title()}"
        tag = "hdr" if which == "header" else "ftr"
        session.put(name, (f'<?xml version="1.0" encoding="UTF-8" standalone="yes"?>'
                               f'<w:{tag} xmlns:w="{W}" xmlns:r="{R}"><w:p/></w:{tag}>'
                               ).encode("utf-8"))
        rels = rels_part(doc.main)
        rels = session.part(rels) if pkg.has_part(rels) else None
        if rels is None:
            raise NotApplicable("the main part has no relationships")
        add_relationship(rels, rid, REL_TYPE + which, f"{which}_eq.xml")
        add_override(session.part("[Content_Types].xml"), name, HF_TYPES[which])
        sp = sec.sect_pr
        if sp.getparent() is None:
            doc.body.append(sp)
        sp.insert(0 if which == "header" else len(sp.findall(_W + "headerReference")),
                  etree.Element(f"{_W}{which}Reference", {_W + "type": "default",
                                                          _R + "id": rid}))
        session.touch(sp)
        added.append(f"{which} for {sec.locator}")
    if not added:
        raise NotApplicable("every section shows a header and a footer")
    return ", ".join(added)


# ------------------------------------------------------------------ colours
def theme_colours(to_theme: bool):
    """Colours equal to a theme colour written as that theme colour (``to_theme``), or
    theme colours written as the RGB they resolve to."""
    def apply(session: Session) -> str:
        from officeeval.word.theme_colors import theme_or_stored
        doc = session.doc
        theme = doc.theme
        slots: dict[str, str] = {}
        for slot in THEME_SLOTS:
            if theme.color(slot):
                slots.setdefault(theme.color(slot).upper(), slot)
        pkg = doc.package
        styles = pkg.related_one(doc.main, "styles")
        n = 0
        for part in [doc.main] + ([styles] if styles else []):
            root = pkg.xml(part)
            touched = False
            for tag, val, theme_attr, tint, shade in (
                    ("color", "val", "themeColor", "themeTint", "themeShade"),
                    ("shd", "fill", "themeFill", "themeFillTint", "themeFillShade")):
                for el in root.iter(_W + tag):
                    rgb = normalize_hex(el.get(_W + val))
                    slot = el.get(_W + theme_attr)
                    if to_theme and not slot and rgb and rgb.upper() in slots:
                        el.set(_W + theme_attr, slots[rgb.upper()])
                    elif not to_theme and slot and theme.color(slot):
                        el.set(_W + val, theme_or_stored(theme.color(slot), rgb,
                                                         el.get(_W + tint),
                                                         el.get(_W + shade)))
                        for a in (theme_attr, tint, shade):
                            el.attrib.pop(_W + a, None)
                    else:
                        continue
                    n += 1
                    touched = True
            if touched:
                session.part(part)
        if not n:
            raise NotApplicable("no colour " + ("equals a theme colour" if to_theme
                                                else "names a theme slot"))
        return f"{n} colours"
    return apply


# ------------------------------------------------------------------ split runs
def split_runs(session: Session) -> str:
    """Every run of plain text split in two with the same formatting."""
    n = 0
    for p in body_paragraphs(session.doc):
        for r in p.runs:
            kids = [c for c in r.el if isinstance(c.tag, str)]
            texts = [c for c in kids if c.tag == _W + "t"]
            others = [c for c in kids if c.tag not in (_W + "t", _W + "rPr")]
            if len(texts) != 1 or others or len(texts[0].text or "") < 2:
                continue
            t = texts[0]
            text = t.text or ""
            half = len(text) // 2
            second = copy.deepcopy(r.el)
            t.text = text[:half]
            t.set(_XML_NS + "space", "preserve")
            t2 = second.find(_W + "t")
            t2.text = text[half:]
            t2.set(_XML_NS + "space", "preserve")
            r.el.addnext(second)
            session.touch(r.el)
            n += 1
    if not n:
        raise NotApplicable("no run holds two characters of plain text")
    return f"{n} runs split"
