"""Where a Word property is written: the property containers of a target (its runs'
``w:rPr``, its paragraphs' ``w:pPr``, its section's ``w:sectPr``, a table's ``w:tblPr`` …),
the ``w:t`` elements of its text, and the level its value is inherited from (a style, the
document defaults).

``on_level(writers)`` turns ``put(container, value) -> note`` into a registered ``Writer``:
written on every container of the target (what a check on it reads, as the resolvers walk
it), and, for run and paragraph properties, on the nearest style or defaults level that sets
the property when the target's value is inherited from there.
"""

from __future__ import annotations

from typing import Any, Callable

from lxml import etree

from officeeval.ooxml.editing import set_text
from officeeval.properties.writing import (
    NotApplicable, Session, Writer, WriterSet, container_writer,
)
from officeeval.targets import Target
from officeeval.word.edit.xml import _W, wchild
from officeeval.word.containers import content_paragraphs

RUN, PARA, SECTION, CELL, TABLE, ROW, FRAME = (
    "run", "para", "section", "cell", "table", "row", "frame")
Put = Callable[[etree._Element, Any], str]


def content(t: Target) -> list:
    """The paragraphs a container target's (cell, row, header, text box …) formatting is
    judged on: the resolvers' own list."""
    paragraphs = content_paragraphs(t)
    if not paragraphs:
        raise NotApplicable(f"no paragraphs in {t.locator}")
    return paragraphs


def run_props(t: Target) -> list[etree._Element]:
    """The ``w:rPr`` elements whose direct formatting decides ``t``'s run properties
    (created when absent): its text runs, the paragraph mark of an empty paragraph, or a
    style's own run properties."""
    kind = t.kind
    if kind == "style":
        return [wchild(t.style.el, "rPr")]  # type: ignore[attr-defined]
    if kind == "run":
        runs = [t.el]  # type: ignore[attr-defined]
    elif kind == "span":
        runs = [r.el for r in t.pieces]  # type: ignore[attr-defined]
    elif kind == "paragraph":
        runs = [r.el for r in t.text_runs()]  # type: ignore[attr-defined]
        if not runs:
            ppr = wchild(t.el, "pPr", first=True)  # type: ignore[attr-defined]
            return [wchild(ppr, "rPr")]
    else:
        paragraphs = content(t)
        runs = [r.el for p in paragraphs for r in p.text_runs()]
        if not runs:
            return [wchild(wchild(p.el, "pPr", first=True), "rPr") for p in paragraphs]
    return [wchild(r, "rPr", first=True) for r in runs]


def para_props(t: Target) -> list[etree._Element]:
    if t.kind == "style":
        return [wchild(t.style.el, "pPr")]  # type: ignore[attr-defined]
    if t.kind == "paragraph":
        return [wchild(t.el, "pPr", first=True)]  # type: ignore[attr-defined]
    return [wchild(p.el, "pPr", first=True) for p in content(t)]


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


def cell_props(t: Target) -> list[etree._Element]:
    if t.kind != "cell":
        raise NotApplicable(f"no cell properties on a {t.kind} target")
    return [wchild(t.el, "tcPr", first=True)]  # type: ignore[attr-defined]


def table_props(t: Target) -> list[etree._Element]:
    if t.kind != "table":
        raise NotApplicable(f"no table properties on a {t.kind} target")
    return [wchild(t.el, "tblPr", first=True)]  # type: ignore[attr-defined]


def row_props(t: Target) -> list[etree._Element]:
    if t.kind == "table":
        rows = t.el.findall(_W + "tr")  # type: ignore[attr-defined]
        if not rows:
            raise NotApplicable("a table without rows")
        return [wchild(rows[0], "trPr", first=True)]
    if t.kind != "row":
        raise NotApplicable(f"no row properties on a {t.kind} target")
    return [wchild(t.el, "trPr", first=True)]  # type: ignore[attr-defined]


def frame_props(t: Target) -> list[etree._Element]:
    """The drop cap's ``w:pPr`` holding its ``w:framePr`` (the frame paragraph folded into
    ``t``)."""
    for el in (getattr(t, "drop_cap_el", None), getattr(t, "el", None)):
        if el is None:
            continue
        ppr = el.find(_W + "pPr")
        fp = ppr.find(_W + "framePr") if ppr is not None else None
        if fp is not None and fp.get(_W + "dropCap") in ("drop", "margin"):
            return [ppr]
    raise NotApplicable("no drop cap")


def text_nodes(t: Target) -> list[etree._Element]:
    """The ``w:t`` elements holding the text a ``text`` check reads on ``t``, in order (none
    for a target without text, or a header or footer that is not defined)."""
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


def write_text(session: Session, target: Target, value: Any) -> str:
    """The text written over ``target``'s ``w:t`` elements (``ooxml.editing.set_text``);
    ``NotApplicable`` when it has none. The writer of ``text`` and ``cell.text``."""
    nodes = text_nodes(target)
    if not nodes:
        raise NotApplicable(f"no text in {target.locator}")
    set_text(nodes, str(value))
    for n in nodes:
        session.touch(n)
    return f"text {value!r}"


CONTAINERS: dict[str, Callable[[Target], list[etree._Element]]] = {
    RUN: run_props, PARA: para_props, SECTION: section_props, CELL: cell_props,
    TABLE: table_props, ROW: row_props, FRAME: frame_props}


def inherited_props(t: Target, level: str, tag: str, attrs: tuple[str, ...]
                    ) -> tuple[etree._Element, str] | None:
    """The nearest non-direct level (style, numbering, document defaults) that defines
    ``w:tag`` (with one of ``attrs`` when given) for ``t``: where its value is inherited
    from. ``None`` when no such level sets it, or for other than run and paragraph
    properties."""
    own = f"style:{t.style.id}" if t.kind == "style" else None  # type: ignore[attr-defined]
    if level == RUN:
        if t.kind in ("run", "style"):
            chain = t.chain()  # type: ignore[attr-defined]
        elif t.kind == "span":
            chain = t.pieces[0].chain()  # type: ignore[attr-defined]
        else:
            if t.kind == "paragraph":
                p = t
            else:
                try:
                    p = content(t)[0]
                except NotApplicable:
                    return None
            runs = p.text_runs()  # type: ignore[attr-defined]
            chain = runs[0].chain() if runs else p.mark_chain()  # type: ignore[attr-defined]
        levels = chain.levels
    elif level == PARA:
        if t.kind not in ("paragraph", "style"):
            try:
                t = content(t)[0]
            except NotApplicable:
                return None
        levels = t.ppr_levels()  # type: ignore[attr-defined]
    else:
        return None
    for lv in levels:
        if lv.kind == "direct" or lv.source == own:
            continue
        el = lv.props.find(_W + tag)
        if el is None:
            continue
        if attrs and not any(el.get(_W + a) is not None for a in attrs):
            continue
        return lv.props, lv.source
    return None


def level_writer(name: str, level: str, tag: str, attrs: tuple[str, ...], put: Put
                 ) -> Writer:
    """A ``Writer`` of ``name`` putting values into ``level`` containers with ``put``; run
    and paragraph values are also written where a style or the defaults set them."""
    inherits = level in (RUN, PARA)
    return container_writer(
        name, CONTAINERS[level], put,
        (lambda t: inherited_props(t, level, tag, attrs)) if inherits else None)


def on_level(writers: WriterSet) -> Callable[..., Callable[[Put], Put]]:
    """Decorator factory for a module's writer set: ``@writes(name, level, tag, attrs)`` on
    ``put(container, value) -> note`` registers the property's writer."""
    def writes(name: str, level: str, tag: str, attrs: tuple[str, ...] = ()
               ) -> Callable[[Put], Put]:
        def decorate(put: Put) -> Put:
            writers.add(level_writer(name, level, tag, attrs, put))
            return put
        return decorate
    return writes
