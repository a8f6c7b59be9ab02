"""Page breaks in the body: where a new page is forced, and so whether a paragraph starts
on one.

A page is forced by an explicit break (``w:br w:type="page"``, Ctrl+Enter, python-docx's
``add_page_break``), by 段前分页 (``w:pageBreakBefore``, direct or through the style chain)
and by a section break that starts a new page (下一页, 奇数页, 偶数页: ``w:type`` nextPage —
the default —, oddPage, evenPage). Body-level paragraphs only: breaks inside tables,
headers, notes and text boxes are not counted. Layout is not computed: a page filled by
text breaks without being counted. Writing ``paragraph.page_break_before`` off removes
whatever made the paragraph start a page.
"""

from __future__ import annotations

from typing import Any

from lxml import etree

from officeeval.cache import memo_value
from officeeval.ooxml.ns import W
from officeeval.properties import types as T
from officeeval.properties.define import PropertySet
from officeeval.properties.drafting import Drafting
from officeeval.properties.mistakes import flip
from officeeval.properties.writing import NotApplicable, Session, WriterSet
from officeeval.targets import Target
from officeeval.values import Observation
from officeeval.word import paragraphs as P
from officeeval.word.edit.levels import content
from officeeval.word.edit.xml import ppr_toggle, valued, wchild
from officeeval.word.resolvers import PARA_KINDS, para_property
from officeeval.word.sections import sect_pr_of
from officeeval.word.targets import DocumentTarget, ParagraphTarget, SectionTarget
from officeeval.word.text import iter_runs

_W = f"{{{W}}}"
_BR, _T = _W + "br", _W + "t"
_SHOWS = {_T, _W + "tab", _W + "ptab", _W + "sym", _W + "drawing", _W + "pict",
          _W + "object", _W + "noBreakHyphen", _W + "ruby", _W + "cr"}
NEW_PAGE_STARTS = frozenset({"nextPage", "oddPage", "evenPage"})

PROPERTIES = PropertySet()
WRITERS = WriterSet()


def _tokens(p: ParagraphTarget) -> list[str]:
    """The paragraph's content as ``page`` (an explicit page break) and ``shown`` (anything
    that takes room on the line) tokens, in order."""
    out: list[str] = []
    for el in (p.drop_cap_el, p.el):
        if el is None:
            continue
        for r in iter_runs(el):
            for child in r:
                tag = child.tag
                if tag == _BR and child.get(_W + "type") == "page":
                    out.append("page")
                elif tag in _SHOWS and (tag != _T or child.text):
                    out.append("shown")
    return out


class Walk:
    """One pass over the body: for each body paragraph (by ``id`` of its element) how it
    starts — ``section`` (a new-page section break), ``page_break`` (the previous
    paragraph ended with an explicit page break, or it starts with one) or ``None`` — and
    how many forced page starts it holds (counted where they take effect)."""

    def __init__(self, doc) -> None:
        self.starts: dict[int, str] = {}
        self.breaks: dict[int, int] = {}
        sections = doc.sections
        index = 0              # the section of the current block (0-based)
        at_top = True          # nothing shown yet on the current page
        section_pending = False
        after_break = False    # the previous paragraph ended with a page break
        for block in doc.blocks.order:
            n = 0
            if section_pending:
                section_pending = False
                start = sections[index].child("type") if index < len(sections) else None
                kind = (start.get(_W + "val") if start is not None else None) or "nextPage"
                if kind in NEW_PAGE_STARTS:
                    n += 1
                    at_top = True
                    if isinstance(block, ParagraphTarget):
                        self.starts[id(block.el)] = "section"
            if not isinstance(block, ParagraphTarget):
                at_top, after_break = False, False
                self.breaks[id(block.el)] = n
                continue
            key = id(block.el)
            if after_break:
                self.starts.setdefault(key, "page_break")
            flag = P.flag(block.ppr_levels(), "pageBreakBefore", False)
            if flag is not None and flag.value and not at_top:
                n += 1
                at_top = True
            tokens = _tokens(block)
            if tokens and tokens[0] == "page" and "shown" in tokens:
                # Its text starts on the new page (a paragraph holding only a break is
                # python-docx's add_page_break: the next paragraph starts the page).
                self.starts.setdefault(key, "page_break")
            for tok in tokens:
                if tok == "page":
                    n += 1
                    at_top = True
                else:
                    at_top = False
            after_break = bool(tokens) and tokens[-1] == "page"
            if not tokens:
                at_top = False  # an empty paragraph takes a line of its page
            self.breaks[key] = n
            if sect_pr_of(block) is not None:
                index += 1
                section_pending = True


def walk(doc) -> Walk:
    """The document's page-break walk (computed once per document)."""
    return memo_value(doc, "_officeeval_page_breaks", lambda: Walk(doc))


@PROPERTIES.prop("paragraph.page_break_before", T.BOOL, kinds=PARA_KINDS, breaks=flip,
                 draft=Drafting(asked="feature", words=("分页", "新的一页", "新页"),
                                new_page=True))
@para_property
def page_break_before(t, levels, direct) -> Observation | None:
    """Whether the paragraph starts on a new page (段前分页): page break before set on it or
    its style, an explicit page break ending the previous paragraph or opening this one,
    or a section break that starts a new page (next, odd or even page) before it.

    The source says which: the level of ``w:pageBreakBefore`` (``direct``,
    ``style:<id>``), ``page_break`` or ``section_break``. With ``direct`` only
    ``w:pageBreakBefore`` on the paragraph itself counts. A style or a paragraph inside a
    table, header or note has only its ``w:pageBreakBefore``."""
    flag = P.flag(levels, "pageBreakBefore", direct)
    if direct or (flag is not None and flag.value) or not isinstance(t, ParagraphTarget):
        return flag
    how = walk(t.doc).starts.get(id(t.el))
    if how is not None:
        return Observation(True, "section_break" if how == "section" else "page_break")
    return flag


@WRITERS.writer("paragraph.page_break_before")
def write_page_break_before(session: Session, target: Target, value: Any) -> str:
    """On: ``w:pageBreakBefore``. Off: ``w:pageBreakBefore`` off, and for a body paragraph
    the explicit page breaks before it removed and a new-page section break before it made
    continuous — whatever made it start a page."""
    if target.kind == "style":
        ppr = wchild(target.style.el, "pPr")  # type: ignore[attr-defined]
        note = ppr_toggle(ppr, "pageBreakBefore", value)
        session.touch(ppr)
        return note
    paragraphs = [target] if target.kind == "paragraph" else content(target)
    note = ""
    for p in paragraphs:
        ppr = wchild(p.el, "pPr", first=True)
        note = ppr_toggle(ppr, "pageBreakBefore", value)
        session.touch(ppr)
        if not value and isinstance(p, ParagraphTarget):
            removed = _remove_breaks_before(session, p)
            if removed:
                note += f"; {removed}"
    return note


def _remove_breaks_before(session: Session, p: ParagraphTarget) -> str:
    doc = p.doc
    order = doc.blocks.order  # type: ignore[attr-defined]
    at = next((i for i, b in enumerate(order) if getattr(b, "el", None) is p.el), None)
    if at is None:
        return ""
    done = []
    # Leading breaks of this paragraph, trailing breaks of the previous one.
    n = _drop_page_breaks(session, p, leading=True)
    if at > 0 and isinstance(order[at - 1], ParagraphTarget):
        n += _drop_page_breaks(session, order[at - 1], leading=False)
    if n:
        done.append(f"{n} page break(s) removed")
    if walk(doc).starts.get(id(p.el)) == "section":
        section = doc.section_of(p)  # type: ignore[attr-defined]
        if section.sect_pr.getparent() is None:
            raise NotApplicable("the section's properties are made up")
        valued(section.sect_pr, "type", "continuous")
        session.touch(section.sect_pr)
        done.append("section break made continuous")
    return "; ".join(done)


def _drop_page_breaks(session: Session, p: ParagraphTarget, leading: bool) -> int:
    """Remove the explicit page breaks before the paragraph's first shown content
    (``leading``) or after its last; the number removed."""
    found: list[etree._Element] = []
    runs = list(iter_runs(p.el))
    children = [c for r in (runs if leading else reversed(runs))
                for c in (list(r) if leading else reversed(list(r)))]
    for c in children:
        if c.tag == _W + "br" and c.get(_W + "type") == "page":
            found.append(c)
        elif c.tag in (_W + "t", _W + "tab", _W + "drawing", _W + "sym", _W + "pict"):
            if c.tag != _W + "t" or c.text:
                break
    for c in found:
        parent = c.getparent()
        if parent is not None:
            parent.remove(c)
            session.touch(parent)
    return len(found)


@PROPERTIES.prop("page_breaks.count", T.INTEGER, kinds=("document", "section"),
                 read_only="computed from the breaks: write paragraph.page_break_before",
                 draft=Drafting(asked="pages", page_result=True))
def count(t, ctx) -> Observation | None:
    """How many times the body starts a new page by a break (分页符): explicit page breaks,
    page break before (direct or styled) on a paragraph not already at the top of a page,
    and section breaks that start a new page (next, odd or even page). Of a section, the
    breaks in its paragraphs and the section break that opens it.

    Never ``None`` (0 without breaks). Body-level paragraphs only; text flowing onto the
    next page is not a break."""
    w = walk(t.doc)
    if isinstance(t, DocumentTarget):
        return Observation(sum(w.breaks.values()), "computed")
    if isinstance(t, SectionTarget):
        blocks = [*t.paragraphs, *t.tables]
        return Observation(sum(w.breaks.get(id(p.el), 0) for p in blocks), "computed")
    return None
