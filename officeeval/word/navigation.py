"""From a parent target to its children, for every Word selector step: the functions the
selector registry calls (``selectors/word.py`` only registers them).

Containers (the document, sections, table cells, headers, footers, notes, comments, text
boxes) hold paragraphs and tables; tables hold rows, cells and columns; stories hold fields,
hyperlinks, bookmarks and drawing objects.
"""

from __future__ import annotations

from officeeval.targets import Target
from officeeval.word.containers import walk_paragraphs
from officeeval.word.drawings import drawings_of
from officeeval.word.fields import _index, _paragraph_filter, _prefix
from officeeval.word.headers import document_headers, shown
from officeeval.word.tables import CellTarget, ColumnTarget, RowTarget, TableTarget
from officeeval.word.targets import ParagraphTarget, RunTarget, SectionTarget, SpanTarget

CONTAINER_KINDS = frozenset({"cell", "header", "footer", "footnote", "endnote", "comment",
                             "textbox", "shape"})
PARAGRAPH_PARENTS = frozenset({"document", "section", "table", "row", "column"}
                              ) | CONTAINER_KINDS
STORY_PARENTS = frozenset({"document", "section", "paragraph"}) | CONTAINER_KINDS


# Drawing objects that hold no text of their own: ``paragraph`` under one is the paragraph
# that holds it (chart[1]/paragraph), not paragraphs inside it as for a text box.
HELD_KINDS = frozenset({"image", "chart", "smartart"})


def paragraphs(parent: Target) -> list[ParagraphTarget]:
    """Block-level paragraphs of the parent (a table's: those of its cells, row by row); for
    a picture, chart or SmartArt graphic, the paragraph holding it."""
    if parent.kind in HELD_KINDS:
        return holding_paragraph(parent)
    got = getattr(parent, "paragraphs", None)
    return list(got) if got is not None else []


def holding_paragraph(drawing: Target) -> list[ParagraphTarget]:
    """The paragraph (with its locator in its story: ``paragraph[5]``, a cell's, a header's)
    that holds a drawing object; ``[]`` when it is none of the body's, a table cell's, a
    header's or footer's (a drawing inside a text box or a note)."""
    el = getattr(drawing, "paragraph_el", None)
    if el is None:
        return []
    doc = drawing.doc
    found = _paragraph_index(doc).get(id(el))
    return [found] if found is not None else []


def _paragraph_index(doc) -> dict[int, ParagraphTarget]:
    from officeeval.cache import memo_value

    def build() -> dict[int, ParagraphTarget]:
        out: dict[int, ParagraphTarget] = {}
        stories = [doc.root()] + document_headers(doc, "header") + document_headers(
            doc, "footer")
        for story in stories:
            for para in all_paragraphs(story):
                out.setdefault(id(para.el), para)
        return out
    return memo_value(doc, "_officeeval_paragraph_by_element", build)


def all_paragraphs(parent: Target) -> list[ParagraphTarget]:
    """Every paragraph under the parent, tables included (for runs and spans)."""
    if parent.kind == "document":
        return list(walk_paragraphs(parent.doc.blocks))  # type: ignore[attr-defined]
    if parent.kind == "paragraph":
        return [parent]  # type: ignore[list-item]
    if isinstance(parent, SectionTarget):
        out: list[ParagraphTarget] = []
        for p in parent.paragraphs:
            out.append(p)
        for t in parent.tables:
            for c in t.cells:
                out.extend(c.all_paragraphs())
        return out
    if isinstance(parent, (TableTarget, RowTarget, ColumnTarget)):
        return [p for c in parent.cells for p in c.all_paragraphs()]
    fn = getattr(parent, "all_paragraphs", None)
    return list(fn()) if fn is not None else []


def runs(parent: Target) -> list[RunTarget]:
    return [r for p in all_paragraphs(parent) for r in p.runs]


def find_spans(paragraph: ParagraphTarget, needle: str) -> list[SpanTarget]:
    """Every occurrence of ``needle`` in the paragraph's text, as the runs covering it."""
    if not needle:
        return []
    bounds: list[tuple[int, int, RunTarget]] = []
    pos = 0
    for r in paragraph.runs:
        bounds.append((pos, pos + len(r.text), r))
        pos += len(r.text)
    text = "".join(r.text for r in paragraph.runs)
    out: list[SpanTarget] = []
    start = text.find(needle)
    while start >= 0:
        end = start + len(needle)
        covering = [r for a, b, r in bounds if a < end and b > start and b > a]
        out.append(SpanTarget(paragraph, covering, needle, len(out) + 1))
        start = text.find(needle, end)
    return out


def spans(parent: Target, needle: str) -> list[SpanTarget]:
    return [s for p in all_paragraphs(parent) for s in find_spans(p, needle)]


def tables(parent: Target) -> list[TableTarget]:
    got = getattr(parent, "tables", None)
    return list(got) if got is not None else []


def rows(parent: Target) -> list[RowTarget]:
    return list(parent.rows) if isinstance(parent, TableTarget) else []


def columns(parent: Target) -> list[ColumnTarget]:
    return list(parent.columns) if isinstance(parent, TableTarget) else []


def cells(parent: Target, args: tuple[str, ...]) -> list[CellTarget]:
    """``cell(r,c)`` under a table (grid coordinates, 1-based); ``cell(c)`` under a row;
    without arguments every cell of the table, row or column."""
    nums = [_int(a) for a in args]
    if any(n is None or n < 1 for n in nums):
        return []
    if isinstance(parent, TableTarget):
        if len(nums) == 2:
            c = parent.cell_at(nums[0] - 1, nums[1] - 1)  # type: ignore[operator]
            return [c] if c is not None else []
        if len(nums) == 1:
            return [c for c in parent.cells if c.row == nums[0] - 1]  # type: ignore[operator]
        return list(parent.cells)
    if isinstance(parent, RowTarget):
        if nums:
            c = parent.table.cell_at(parent.index, nums[0] - 1)  # type: ignore[operator]
            return [c] if c is not None else []
        return list(parent.cells)
    if isinstance(parent, ColumnTarget):
        if nums:
            col = parent.cells
            return col[nums[0] - 1:nums[0]]  # type: ignore[operator]
        return list(parent.cells)
    return []


def _int(text: str) -> int | None:
    try:
        return int(str(text).strip())
    except ValueError:
        return None


def headers(parent: Target, which: str) -> list:
    if isinstance(parent, SectionTarget):
        return shown(parent, which)
    return document_headers(parent.doc, which)


def drawings(parent: Target, step: str) -> list:
    """Drawing objects a step selects (``shape`` includes text boxes)."""
    part, idx = _index(parent)
    return drawings_of(parent.doc, part, idx.drawings, _prefix(parent), step,
                       _paragraph_filter(parent))


def captions(parent: Target) -> list[ParagraphTarget]:
    """Caption paragraphs: the Caption style (题注) or a ``SEQ`` field in the paragraph."""
    doc = parent.doc
    from officeeval.vocabulary import style_key
    seq_paragraphs = {id(f.paragraph) for f in doc.story_index(doc.main).fields  # type: ignore[attr-defined]
                      if f.type == "SEQ"}
    out = []
    for p in all_paragraphs(parent):
        st = doc.styles.get(p.style_id)  # type: ignore[attr-defined]
        is_caption = st is not None and (style_key(st.name) == style_key("caption")
                                         or style_key(st.id) == style_key("caption"))
        if is_caption or id(p.el) in seq_paragraphs:
            out.append(p)
    return out


def notes(parent: Target, kind: str) -> list:
    n = parent.doc.notes  # type: ignore[attr-defined]
    return list({"footnote": n.footnotes, "endnote": n.endnotes, "comment": n.comments}[kind])


# Fields whose argument is the bookmark they point to (cross-references).
REFERENCE_FIELDS = ("REF", "PAGEREF", "NOTEREF")


def cross_reference_target(field: Target) -> list[ParagraphTarget]:
    """The paragraph where the bookmark a cross-reference field (REF, PAGEREF, NOTEREF)
    points to begins: the caption or heading it refers to; ``[]`` for another field, or
    when the bookmark is missing or not in the body, a table cell, a header or footer."""
    info = getattr(field, "info", None)
    if info is None or info.type not in REFERENCE_FIELDS or not info.argument:
        return []
    doc = field.doc
    rng = doc.story_index(doc.main).bookmarks.get(info.argument)  # type: ignore[attr-defined]
    if rng is None or rng.paragraph is None:
        return []
    found = _paragraph_index(doc).get(id(rng.paragraph))
    return [found] if found is not None else []
