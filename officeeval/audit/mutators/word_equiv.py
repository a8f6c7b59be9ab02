"""Word equivalent variants: the reference written another way a careful examiner grades the
same. Each keeps what Word shows; the rubric must keep every criterion's points.

Formatting levels (this module):

* run formatting set directly moved into a character style (toggles such as bold
  compensated for the paragraph and table styles they combine with, ISO 29500 17.7.3);
* paragraph formatting set directly moved into a new paragraph style based on the
  paragraph's (only where the rubric does not read the style itself);
* the default paragraph style's fonts, sizes, colours and languages moved to the document
  defaults (or the reverse), where every paragraph style inherits from it and no table style
  sets them.

Values written another way (indents in characters or absolute, spacing in lines or points,
lengths rounded to the twip, empty header parts, theme colours, split runs) are in
``word_equiv_values``.
"""

from __future__ import annotations

import copy
import re

from lxml import etree

from officeeval.audit.mutators.base import Mutation, NotApplicable, PlanContext
from officeeval.audit.mutators.equivalent import equivalent
from officeeval.ooxml.ns import W
from officeeval.word.runs import TOGGLES, on_off

_W = f"{{{W}}}"
_RUN_KEEP = {_W + "rStyle", _W + "rPrChange"}
PARA_MOVABLE = tuple(_W + t for t in (
    "keepNext", "keepLines", "pageBreakBefore", "widowControl", "pBdr", "shd", "spacing",
    "ind", "jc", "textAlignment", "snapToGrid", "adjustRightInd", "wordWrap", "kinsoku",
    "overflowPunct", "topLinePunct", "autoSpaceDE", "autoSpaceDN", "suppressAutoHyphens"))
DEFAULTS_MOVABLE = ("rFonts", "sz", "szCs", "color", "lang", "kern")
# Child order of w:pPr (ISO 29500 CT_PPrBase), for inserting elements where Word puts them.
PPR_ORDER = ("pStyle", "keepNext", "keepLines", "pageBreakBefore", "framePr", "widowControl",
             "numPr", "suppressLineNumbers", "pBdr", "shd", "tabs", "suppressAutoHyphens",
             "kinsoku", "wordWrap", "overflowPunct", "topLinePunct", "autoSpaceDE",
             "autoSpaceDN", "bidi", "adjustRightInd", "snapToGrid", "spacing", "ind",
             "contextualSpacing", "mirrorIndents", "suppressOverlap", "jc", "textDirection",
             "textAlignment", "textboxTightWrap", "outlineLvl", "divId", "cnfStyle", "rPr",
             "sectPr", "pPrChange")
_BUILTIN_STRUCTURE = re.compile(r"^(heading \d|title|subtitle|caption|toc \d|toc heading|"
                                r"header|footer|list.*|footnote text|endnote text)$", re.I)


# ------------------------------------------------------------------ shared helpers
def styles_root(ws, edit) -> etree._Element:
    """The styles part's root, marked as changed; ``NotApplicable`` without one."""
    pkg = edit.doc.package
    part = pkg.related_one(edit.doc.main, "styles")
    if part is None:
        raise NotApplicable("the document has no styles part")
    return ws.touch_part(edit, part)


def body_paragraphs(doc) -> list:
    """The main story's paragraphs (tables included) and those of the headers and footers
    the sections show."""
    from officeeval.word.containers import story_paragraphs, walk_paragraphs
    from officeeval.word.headers import document_headers
    out = list(story_paragraphs(doc))
    for which in ("header", "footer"):
        for hf in document_headers(doc, which):
            if hf.defined:
                out += list(walk_paragraphs(hf.blocks))
    return out


def insert_ppr_child(ppr: etree._Element, el: etree._Element) -> None:
    """Put ``el`` into ``ppr`` where the schema orders it (replacing one of its tag)."""
    local = etree.QName(el).localname
    old = ppr.find(el.tag)
    if old is not None:
        ppr.replace(old, el)
        return
    rank = PPR_ORDER.index(local) if local in PPR_ORDER else len(PPR_ORDER)
    for i, child in enumerate(ppr):
        name = etree.QName(child).localname if isinstance(child.tag, str) else ""
        if name in PPR_ORDER and PPR_ORDER.index(name) > rank:
            ppr.insert(i, el)
            return
    ppr.append(el)


def _new_style(kind: str, sid: str, name: str, based_on: str | None,
               props: etree._Element) -> etree._Element:
    st = etree.Element(_W + "style", {_W + "type": kind, _W + "customStyle": "1",
                                      _W + "styleId": sid})
    etree.SubElement(st, _W + "name", {_W + "val": name})
    if based_on:
        etree.SubElement(st, _W + "basedOn", {_W + "val": based_on})
    st.append(props)
    return st


def _reads_direct(ctx: PlanContext) -> bool:
    return any(k.source == "direct" for c in ctx.rubric.criteria for k in c.checks)


# ------------------------------------------------------------------ direct -> character style
def _char_style(ws, edit) -> str:
    doc = edit.doc
    plans = []
    for p in body_paragraphs(doc):
        for r in p.runs:
            rpr = r.el.find(_W + "rPr")
            if rpr is None:
                continue
            movable = [c for c in rpr if isinstance(c.tag, str) and c.tag not in _RUN_KEEP]
            if not movable:
                continue
            levels = r.chain().levels
            props = etree.Element(_W + "rPr")
            for c in movable:
                moved = copy.deepcopy(c)
                local = etree.QName(c).localname
                if local in TOGGLES:
                    # The character style's toggle is XOR-ed with the paragraph and table
                    # styles' (17.7.3); direct formatting was absolute.
                    want = on_off(c)
                    for kind in ("para", "table"):
                        lv = next((lv for lv in levels if lv.kind == kind
                                   and lv.find(local) is not None), None)
                        if lv is not None:
                            want ^= on_off(lv.find(local))
                    moved.attrib.clear()
                    moved.set(_W + "val", "1" if want else "0")
                props.append(moved)
            plans.append((r.el, rpr, movable, r.char_style, props))
    if not plans:
        raise NotApplicable("no run formatting is set directly")
    root = styles_root(ws, edit)
    made: dict[tuple, str] = {}
    for r_el, rpr, movable, old_style, props in plans:
        key = (old_style, etree.tostring(props))
        sid = made.get(key)
        if sid is None:
            sid = made[key] = f"EqChar{len(made) + 1}"
            root.append(_new_style("character", sid, f"Eq Char {len(made)}", old_style, props))
        for c in movable:
            rpr.remove(c)
        rs = rpr.find(_W + "rStyle")
        if rs is None:
            rs = etree.Element(_W + "rStyle")
            rpr.insert(0, rs)
        rs.set(_W + "val", sid)
        ws.touch(edit, rpr)
    return f"{len(plans)} runs, {len(made)} character styles"


# ------------------------------------------------------------------ direct -> paragraph style
def _style_sensitive(ctx: PlanContext) -> set[str]:
    """Locators of paragraphs whose style the rubric reads (paragraph.style, a style
    predicate in a selector): giving them another style changes what it asks about."""
    out: set[str] = set()
    for c in ctx.rubric.criteria:
        for k in c.checks:
            sel = k.select or ""
            if k.property in ("paragraph.style", "style.name") or "style" in sel:
                for t in ctx.targets(sel):
                    out.add(t.locator)
                    for p in getattr(t, "paragraphs", []) or []:
                        out.add(p.locator)
    return out


def _para_style(skip: set[str]):
    def apply(ws, edit) -> str:
        doc = edit.doc
        plans = []
        for p in body_paragraphs(doc):
            if p.locator in skip or p.ppr is None or p.num_ref is not None:
                continue
            st = doc.styles.get(p.style_id)
            if st is not None and not st.custom and not st.is_default and \
                    _BUILTIN_STRUCTURE.match(st.name or ""):
                continue  # headings, captions, TOC entries: Word treats them by name
            movable = [c for c in p.ppr if c.tag in PARA_MOVABLE]
            if movable:
                plans.append((p, movable))
        if not plans:
            raise NotApplicable("no paragraph formatting is set directly where the rubric "
                                "does not read the style")
        root = styles_root(ws, edit)
        made: dict[tuple, str] = {}
        for p, movable in plans:
            ppr = etree.Element(_W + "pPr")
            for c in movable:
                ppr.append(copy.deepcopy(c))
            key = (p.style_id, etree.tostring(ppr))
            sid = made.get(key)
            if sid is None:
                sid = made[key] = f"EqPara{len(made) + 1}"
                root.append(_new_style("paragraph", sid, f"Eq Para {len(made)}", p.style_id,
                                       ppr))
            for c in movable:
                p.ppr.remove(c)
            ps = p.ppr.find(_W + "pStyle")
            if ps is None:
                ps = etree.Element(_W + "pStyle")
                p.ppr.insert(0, ps)
            ps.set(_W + "val", sid)
            ws.touch(edit, p.ppr)
        return f"{len(plans)} paragraphs, {len(made)} paragraph styles"
    return apply


# ------------------------------------------------------------------ default style <-> docDefaults
def _defaults(ws, edit) -> str:
    doc = edit.doc
    styles = doc.styles
    normal = styles.default("paragraph")
    if normal is None:
        raise NotApplicable("no default paragraph style")
    # Every paragraph style in use must inherit from the default one (unused definitions
    # show nothing; the variant is not offered to rubrics that read style definitions).
    for sid in {p.style_id for p in body_paragraphs(doc)}:
        if sid and normal.id not in [s.id for s in styles.chain(sid)]:
            raise NotApplicable(f"paragraph style {sid} does not inherit from {normal.id}")
    # Table styles in use (and the default one): text in a table inherits from them
    # between the paragraph style and the defaults.
    used = {el.get(_W + "val") for el in doc.body.iter(_W + "tblStyle")}
    dflt = styles.default("table")
    if dflt is not None:
        used.add(dflt.id)
    tables = [st for sid in used for st in styles.chain(sid)]
    root = styles_root(ws, edit)
    dd = root.find(_W + "docDefaults")
    if dd is None:
        dd = etree.Element(_W + "docDefaults")
        root.insert(0, dd)
    drpr = dd.find(f"{_W}rPrDefault/{_W}rPr")
    if drpr is None:
        rdef = dd.find(_W + "rPrDefault")
        if rdef is None:
            rdef = etree.Element(_W + "rPrDefault")
            dd.insert(0, rdef)
        drpr = etree.SubElement(rdef, _W + "rPr")
    nrpr = normal.el.find(_W + "rPr")
    if nrpr is None:
        nrpr = etree.SubElement(normal.el, _W + "rPr")
    src, dst, where = ((nrpr, drpr, f"{normal.id} -> docDefaults")
                       if any(nrpr.find(_W + t) is not None for t in DEFAULTS_MOVABLE)
                       else (drpr, nrpr, f"docDefaults -> {normal.id}"))
    moved = []
    for tag in DEFAULTS_MOVABLE:
        el = src.find(_W + tag)
        if el is None or any(t.el.find(f".//{_W}rPr/{_W}{tag}") is not None for t in tables):
            continue
        if src is drpr:
            # Into the style: only what the style does not set itself.
            have = dst.find(_W + tag)
            _merge(el, have, dst, into_style=True)
        else:
            _merge(el, dst.find(_W + tag), dst, into_style=False)
        src.remove(el)
        moved.append(tag)
    if not moved:
        raise NotApplicable("nothing to move between the default style and the defaults")
    ws.touch(edit, nrpr)
    return f"{', '.join(moved)}: {where}"


_SLOTS = {"rFonts": [("ascii", "asciiTheme"), ("hAnsi", "hAnsiTheme"),
                     ("eastAsia", "eastAsiaTheme"), ("cs", "cstheme")],
          "lang": [("val",), ("eastAsia",), ("bidi",)]}


def _merge(el: etree._Element, have: etree._Element | None, parent: etree._Element,
           into_style: bool) -> None:
    """Move ``el``'s values into ``parent``: whole for single-valued properties, slot by
    slot for fonts and languages (each slot inherits on its own). ``into_style``: the
    receiving level is above the giving one, so its own slots stay."""
    local = etree.QName(el).localname
    if local not in _SLOTS:
        if have is not None and into_style:
            return
        if have is not None:
            parent.remove(have)
        parent.append(copy.deepcopy(el))
        return
    if have is None:
        parent.append(copy.deepcopy(el))
        return
    for slot in _SLOTS[local]:
        mine = {a: el.get(_W + a) for a in slot if el.get(_W + a) is not None}
        theirs = any(have.get(_W + a) is not None for a in slot)
        if not mine or (into_style and theirs):
            continue
        for a in slot:
            have.attrib.pop(_W + a, None)
        for a, v in mine.items():
            have.set(_W + a, v)


# ------------------------------------------------------------------ planning
def plan_levels(ctx: PlanContext) -> list[Mutation]:
    if _reads_direct(ctx):
        return []  # the rubric asks where formatting is set: moving it is not equivalent
    out = [
        equivalent("word|char-style", "direct-to-character-style",
                   "run formatting set directly moved into character styles (toggles "
                   "compensated for the paragraph styles they combine with)", _char_style),
        equivalent("word|para-style", "direct-to-paragraph-style",
                   "paragraph formatting set directly moved into new paragraph styles based "
                   "on the paragraphs' own", _para_style(_style_sensitive(ctx))),
    ]
    if not any("style(" in (k.select or "") for c in ctx.rubric.criteria for k in c.checks):
        # (A style definition's own values inherit the defaults without the default
        # paragraph style: moving between the two changes what such a check reads.)
        out.append(equivalent("word|defaults", "style-to-docdefaults",
                              "the default paragraph style's fonts, sizes, colours and "
                              "languages moved to the document defaults (or the reverse)",
                              _defaults))
    return out
