"""Word written another way, for the same document a reader sees: the rewrites the rubric
audit's equivalent variants are made of (every criterion must keep its points on them).

Formatting levels (this module): run formatting moved into character styles, paragraph
formatting into paragraph styles, the default paragraph style's fonts and sizes into the
document defaults (or the reverse). Values written another way (indents in characters or
absolute, spacing in lines or points, lengths rounded, empty header parts, theme colours,
split runs) are in ``equivalent_values``. Each function edits a session's document and
returns a note, or raises ``NotApplicable`` when the document has nothing to rewrite.
"""

from __future__ import annotations

import copy
import re

from lxml import etree

from officeeval.properties.writing import NotApplicable, Session
from officeeval.word.edit.xml import _W
from officeeval.word.runs import TOGGLES, on_off

_RUN_KEEP = {_W + "rStyle", _W + "rPrChange"}
PARA_MOVABLE = tuple(_W + t for t in (
    "keepNext", "keepLines", "pageBreakBefore", "widowControl", "pBdr", "shd", "spacing",
    "ind", "jc", "textAlignment", "snapToGrid", "adjustRightInd", "wordWrap", "kinsoku",
    "overflowPunct", "topLinePunct", "autoSpaceDE", "autoSpaceDN", "suppressAutoHyphens"))
DEFAULTS_MOVABLE = ("rFonts", "sz", "szCs", "color", "lang", "kern")
_BUILTIN_STRUCTURE = re.compile(r"^(heading \d|title|subtitle|caption|toc \d|toc heading|"
                                r"header|footer|list.*|footnote text|endnote text)$", re.I)


# ------------------------------------------------------------------ shared helpers
def styles_root(session: Session) -> etree._Element:
    """The styles part's root, marked as changed; ``NotApplicable`` without one."""
    pkg = session.doc.package
    part = pkg.related_one(session.doc.main, "styles")  # type: ignore[attr-defined]
    if part is None:
        raise NotApplicable("the document has no styles part")
    return session.part(part)


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


def _new_style(kind: str, sid: str, name: str, based_on: str | None,
               props: etree._Element) -> etree._Element:
    st = etree.Element(_W + "style", {_W + "type": kind, _W + "customStyle": "1",
                                      _W + "styleId": sid})
    etree.SubElement(st, _W + "name", {_W + "val": name})
    if based_on:
        etree.SubElement(st, _W + "basedOn", {_W + "val": based_on})
    st.append(props)
    return st


# ------------------------------------------------------------------ direct -> character style
def direct_to_character_styles(session: Session) -> str:
    """Run formatting set directly moved into character styles (toggles such as bold
    compensated for the paragraph and table styles they combine with, ISO 29500 17.7.3)."""
    doc = session.doc
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
    root = styles_root(session)
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
        session.touch(rpr)
    return f"{len(plans)} runs, {len(made)} character styles"


# ------------------------------------------------------------------ direct -> paragraph style
def direct_to_paragraph_styles(skip: set[str]):
    """Paragraph formatting set directly moved into new paragraph styles based on the
    paragraphs' own, except on the paragraphs located in ``skip`` (whose style a rubric
    reads), list items, and built-in structure styles Word treats by name."""
    def apply(session: Session) -> str:
        doc = session.doc
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
        root = styles_root(session)
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
            session.touch(p.ppr)
        return f"{len(plans)} paragraphs, {len(made)} paragraph styles"
    return apply


# ------------------------------------------------------------------ default style <-> docDefaults
def style_to_defaults(session: Session) -> str:
    """The default paragraph style's fonts, sizes, colours and languages moved to the
    document defaults (or the reverse), where every paragraph style in use inherits from it
    and no table style in use sets them."""
    doc = session.doc
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
    root = styles_root(session)
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
    session.touch(nrpr)
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
