"""Word properties that exist only once the document is laid out: its page count, the page
a target lands on, whether a paragraph starts a page, the pages of a section, whether the
table of contents shows its headings' real pages, and the header and footer text a page
shows (fields evaluated).

Each reads the layout the grader's layout backend made (``ctx.backends.layout``, see
``word.layout``) and gives it the source ``rendered (LibreOffice <version>)``. Without a
backend, or when it fails or times out, the value is ``UnverifiableValue`` ("layout backend
unavailable"): an ``eval_error``, never a failure charged to the candidate. Pages are
physical pages counted from 1, as Word counts them (the blank pages LibreOffice inserts to
make an odd/even section start are not counted); the number a page *shows* is
``layout.page_number`` / ``page.number``. When the document asks for fonts that are drawn
with other advance widths the observation's note says so (``Rendered.reliable``).

All are read-only: a layout is computed from the whole document; write the content and
formatting that move it (``paragraph.page_break_before``, ``section.start`` …).
"""

from __future__ import annotations

import re
from typing import Any

from officeeval.errors import UnverifiableValue
from officeeval.ooxml.ns import W
from officeeval.properties import types as T
from officeeval.properties.define import PropertySet
from officeeval.properties.drafting import Drafting
from officeeval.rendered import UNAVAILABLE, Rendered
from officeeval.targets import Target
from officeeval.values import Observation
from officeeval.word.layout import pages_of, paragraph_pages, rendered
from officeeval.word.text import paragraph_text

_W = f"{{{W}}}"
PROPERTIES = PropertySet()
prop = PROPERTIES.prop

LAID_OUT = "laid out by LibreOffice from the whole document: write what moves it"
PLACED = ("paragraph", "table", "row", "cell", "section", "image", "chart", "shape",
          "textbox", "smartart")
TOC_KINDS = ("toc", "document")
PAGE = ("page",)
MAX_TOC_ENTRIES = 500


def _layout(t, ctx) -> Rendered:
    return rendered(t.doc, getattr(ctx.backends, "layout", None))


def _observe(layout: Rendered, value: Any, note: str = "") -> Observation:
    if not layout.reliable:
        fonts = ", ".join(f"{s['font']} -> {s['rendered_with']}" for s in layout.substitutions
                          if s["metrics"] != "compatible")
        note = "; ".join(x for x in (note, f"fonts drawn with other metrics: {fonts}") if x)
    return Observation(value, layout.source, note=note)


def span_text(first: int, last: int) -> str:
    """``3`` for one page, ``2-4`` for a run of pages."""
    return str(first) if first == last else f"{first}-{last}"


# ------------------------------------------------------------------ the document
@prop("document.page_count", T.INTEGER, kinds=("document",), read_only=LAID_OUT,
      draft=Drafting(asked="pages", page_result=True))
def document_page_count(t, ctx):
    """Pages of the document as laid out (LibreOffice; Word's count: the blank pages
    inserted to start a section on an odd or even page are not counted)."""
    if t.kind != "document":
        return None
    layout = _layout(t, ctx)
    n = layout.page_count
    return _observe(layout, n) if n is not None else None


# ------------------------------------------------------------------ where a target landed
@prop("layout.page", T.INTEGER, kinds=PLACED, read_only=LAID_OUT,
      draft=Drafting(volatile=True, asked="pages"))
def layout_page(t, ctx):
    """The page (1-based, physical) the target starts on as laid out: a paragraph's first
    line, a table's first row, a picture's or chart's anchor paragraph, a section's first
    block. The note gives the last page when it runs on."""
    layout = _layout(t, ctx)
    hit = pages_of(t, layout)
    if hit is None:
        return None
    note = f"runs to page {hit[1]}" if hit[1] != hit[0] else ""
    return _observe(layout, hit[0], note)


@prop("layout.page_number", T.TEXT, kinds=PLACED, read_only=LAID_OUT,
      draft=Drafting(asked="pages", page_result=True))
def layout_page_number(t, ctx):
    """The page number shown on the page the target starts on, in that section's numbering
    (``1``, ``iii``): a body that restarts numbering at 1 after a cover and a table of
    contents starts on page_number 1."""
    layout = _layout(t, ctx)
    hit = pages_of(t, layout)
    label = layout.page_label(hit[0]) if hit else None
    return _observe(layout, label, f"physical page {hit[0]}") if label else None


@prop("paragraph.starts_page", T.BOOL, kinds=("paragraph",), read_only=LAID_OUT,
      draft=Drafting(asked="pages", page_result=True))
def paragraph_starts_page(t, ctx):
    """Whether the paragraph's first line is the first thing on its page (a page break, a
    section break or the flow of the text put it at the top)."""
    layout = _layout(t, ctx)
    hit = pages_of(t, layout)
    if hit is None:
        return None
    return _observe(layout, hit[2], f"page {hit[0]}")


@prop("section.page_range", T.TEXT, kinds=("section",), read_only=LAID_OUT,
      draft=Drafting(asked="pages", page_result=True, called=("分节",)))
def section_page_range(t, ctx):
    """The physical pages the section occupies as laid out: ``2`` for one page, ``2-4``
    for several."""
    layout = _layout(t, ctx)
    hit = pages_of(t, layout)
    return _observe(layout, span_text(hit[0], hit[1])) if hit else None


# ------------------------------------------------------------------ tables of contents
# The page number ending a TOC entry: after a tab or a leader (Roman numerals too), or,
# typed by hand, after a space (digits only: "附录 C" has no page number).
_SHOWN = (re.compile(r"(?:\t|[.·…]{2,})[ .·…]*([0-9]+|[ivxlcdmIVXLCDM]+)\s*$"),
          re.compile(r"\s([0-9]+)\s*$"))


def toc_pairs(toc, layout: Rendered) -> list[tuple[str, str, str | None]]:
    """``(entry text, page number shown, page number of its heading as laid out)`` for each
    entry of the TOC's result with a page number; the third is ``None`` when the heading
    cannot be found or placed. The heading is the bookmark the entry's PAGEREF (or link)
    names; an entry written without one is matched to the first body paragraph outside
    the TOC with the same text."""
    doc = toc.doc
    idx = doc.story_index(doc.main)
    in_toc = {id(p) for p in _entry_paragraphs(toc)}
    refs: dict[int, str] = {}
    for info in idx.fields:
        if info.type in ("PAGEREF", "HYPERLINK") and id(info.paragraph) in in_toc:
            name = info.argument if info.type == "PAGEREF" else info.switch("l")
            if name:
                refs.setdefault(id(info.paragraph), name)
    for rng in getattr(idx, "hyperlinks", []) or []:
        anchor = rng.el.get(_W + "anchor") if rng.el is not None else None
        if anchor and rng.paragraph is not None and id(rng.paragraph) in in_toc:
            refs.setdefault(id(rng.paragraph), anchor)
    by_text: dict[str, Any] = {}
    out: list[tuple[str, str, str | None]] = []
    for p in _entry_paragraphs(toc)[:MAX_TOC_ENTRIES]:
        text = paragraph_text(p).strip()
        m = _SHOWN[0].search(text) or _SHOWN[1].search(text)
        if not m:
            continue
        shown = m.group(1)
        title = " ".join(text[:m.start(1)].rstrip("\t .·…").split())
        heading = None
        name = refs.get(id(p))
        if name and name in idx.bookmarks:
            heading = idx.bookmarks[name].paragraph
        if heading is None and title:
            if not by_text:
                for q in doc.body.iter(_W + "p"):
                    if id(q) not in in_toc:
                        by_text.setdefault(" ".join(paragraph_text(q).split()), q)
            heading = by_text.get(title)
            if heading is None and " " in title:  # "第1章 调查背景": the label is numbering
                heading = by_text.get(title.split(None, 1)[1])
        placed = paragraph_pages(doc, layout, heading) if heading is not None else None
        out.append((title, shown, layout.page_label(placed[0]) if placed else None))
    return out


def _entry_paragraphs(toc) -> list:
    """The paragraphs of the TOC's result (the one its field ends in included, when an
    entry shares it: see ``content_index``)."""
    return list(toc.info.result_paragraphs)


def _first_toc(t):
    if t.kind == "toc":
        return t
    from officeeval.word.fields import tocs_of
    found = tocs_of(t)
    return found[0] if found else None


@prop("toc.pages_current", T.BOOL, kinds=TOC_KINDS, read_only=LAID_OUT,
      draft=Drafting(called=("目录",)))
def toc_pages_current(t, ctx):
    """Whether every entry of the table of contents shows the page number its heading
    has as laid out (the TOC was updated after the last change; numbers typed in by hand
    or guessed fail). The note lists the entries that disagree."""
    toc = _first_toc(t)
    if toc is None:
        return None
    layout = _layout(t, ctx)
    pairs = toc_pairs(toc, layout)
    if not pairs:
        return None
    wrong = [(title, shown, real) for title, shown, real in pairs if shown != real]
    note = "; ".join(f"{title[:30]!r} shows {shown}, "
                     + (f"its heading is on page {real}" if real else "heading not found")
                     for title, shown, real in wrong[:8])
    return _observe(layout, not wrong, note or f"{len(pairs)} entries checked")


# ------------------------------------------------------------------ pages
class PageTarget(Target):
    """Page ``n`` of the laid-out document (``page[3]``): what its header and footer show
    and the number it carries."""

    kind = "page"

    def __init__(self, doc, n: int, layout: Rendered) -> None:
        super().__init__(doc, f"page[{n}]")
        self.n = n
        self.layout = layout

    @property
    def text(self) -> str:
        info = self.layout.page(self.n) or {}
        return str(info.get("header_text") or "") + "\n" + str(info.get("footer_text") or "")


def pages(parent) -> list[PageTarget]:
    """The pages of the laid-out document (the ``page`` selector step). Raises
    ``UnverifiableValue`` without a layout backend (see ``rendered.obtain``)."""
    layout = rendered(parent.doc, getattr(parent.doc.backends, "layout", None))
    return [PageTarget(parent.doc, n, layout) for n in range(1, (layout.page_count or 0) + 1)]


def _page_text(which: str):
    def resolve(t, ctx):
        if not isinstance(t, PageTarget):
            return None
        info = t.layout.page(t.n)
        if info is None:
            return None
        if f"{which}_text" not in info:
            # The page was laid out but its printed text could not be read (no PDF reader,
            # an unreadable export): unknown, never an empty footer charged as wrong.
            raise UnverifiableValue(f"{UNAVAILABLE}: the {which} text of page {t.n} could "
                                    "not be read from the exported PDF")
        return _observe(t.layout, str(info.get(f"{which}_text") or ""))
    return resolve


prop("page.header_text", T.TEXT, kinds=PAGE, read_only=LAID_OUT,
     doc="The header text as page N shows it, fields evaluated (第 3 页, - 3 -); empty "
         "when the page shows no header (a first page without one).")(_page_text("header"))
prop("page.footer_text", T.TEXT, kinds=PAGE, read_only=LAID_OUT,
     doc="The footer text as page N shows it, fields evaluated (第 3 页, - 3 -); empty "
         "when the page shows no footer.")(_page_text("footer"))


@prop("page.number", T.TEXT, kinds=PAGE, read_only=LAID_OUT)
def page_number(t, ctx):
    """The page number page N carries in its section's numbering (``3``, ``iii``),
    whether or not a footer shows it."""
    if not isinstance(t, PageTarget):
        return None
    label = t.layout.page_label(t.n)
    return _observe(t.layout, label) if label else None
