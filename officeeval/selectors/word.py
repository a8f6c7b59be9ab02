"""Word selector steps: the table of step names, what each yields and may follow. The
functions that find children live in ``officeeval.word.navigation``."""

from __future__ import annotations

from officeeval.selectors.grammar import Step
from officeeval.selectors.registry import StepSpec, StepTable
from officeeval.targets import Target
from officeeval.word import navigation as N
from officeeval.word.fields import (bookmarks_of, fields_of, hyperlinks_of, toc_entries_of,
                                    tocs_of)
from officeeval.word.numbering import list_levels
from officeeval.word.props_layout import pages
from officeeval.word.targets import StyleTarget

_TOP = frozenset({"document"})
_BODY = frozenset({"document", "section"})
_CONTAINERS = N.CONTAINER_KINDS
_STORY = N.STORY_PARENTS
_DRAWING_PARENTS = _BODY | {"paragraph"} | _CONTAINERS


def _styles(parent: Target, step: Step) -> list[Target]:
    doc = parent.doc
    if step.args:
        st = doc.styles.find(step.args[0])  # type: ignore[attr-defined]
        return [StyleTarget(doc, st)] if st is not None else []  # type: ignore[arg-type]
    return [StyleTarget(doc, st) for st in doc.styles.by_id.values()]  # type: ignore


def _drawing(kind: str):
    return lambda parent, step: N.drawings(parent, kind)


_SPECS = [
    StepSpec("document", "document", lambda p, s: [p.doc.root()], "The document itself.",
             parents=_TOP),
    StepSpec("paragraph", "paragraph", lambda p, s: N.paragraphs(p),
             "Block-level paragraphs of the parent in order: the body's (content controls and "
             "tracked insertions included; a drop cap is part of the paragraph it starts), a "
             "section's, a table cell's (table[1]/cell(1,1)/paragraph[1]), a header's, a "
             "note's, a text box's; under a table, row or column, those of its cells; "
             "under a picture, chart or SmartArt graphic, the paragraph holding it "
             "(chart[1]/paragraph: its alignment, its position in the text).",
             parents=N.PARAGRAPH_PARENTS | N.HELD_KINDS),
    StepSpec("run", "run", lambda p, s: N.runs(p),
             "Text runs (deleted runs and field instructions excluded), under any paragraph "
             "holder.", parents=N.PARAGRAPH_PARENTS | {"paragraph"}),
    StepSpec("span", "span", lambda p, s: N.spans(p, s.args[0] if s.args else ""),
             "span('文字'): every occurrence of the text; formatting holds only if every "
             "covered character has it.", parents=N.PARAGRAPH_PARENTS | {"paragraph"},
             min_args=1, max_args=1),
    StepSpec("section", "section", lambda p, s: list(p.doc.sections),
             "Sections in document order.", parents=_TOP),
    StepSpec("header", "header", lambda p, s: N.headers(p, "header"),
             "Headers a section shows (header[default], header[first] with different first "
             "page, header[even] with different odd and even pages), inherited from earlier "
             "sections as Word does; under the document, every shown header once.",
             parents=_BODY),
    StepSpec("footer", "footer", lambda p, s: N.headers(p, "footer"),
             "Footers a section shows (footer[default|first|even]); see header.",
             parents=_BODY),
    StepSpec("table", "table", lambda p, s: N.tables(p),
             "Tables of the parent in order (body, section, a cell for nested tables, a "
             "header, a text box).", parents=_BODY | _CONTAINERS),
    StepSpec("row", "row", lambda p, s: N.rows(p), "Rows of a table.",
             parents=frozenset({"table"})),
    StepSpec("column", "column", lambda p, s: N.columns(p),
             "Grid columns of a table (column[2]).", parents=frozenset({"table"})),
    StepSpec("cell", "cell", lambda p, s: N.cells(p, s.args),
             "cell(r,c): the cell at grid row r, column c of a table (1-based; a merged cell "
             "from any position it covers); cell(c) in a row; without arguments every cell "
             "of a table, row or column.", parents=frozenset({"table", "row", "column"}),
             max_args=2),
    StepSpec("image", "image", _drawing("image"),
             "Pictures (inline or floating; DrawingML or VML).", parents=_DRAWING_PARENTS),
    StepSpec("shape", "shape", _drawing("shape"),
             "Shapes: autoshapes, WordArt and text boxes (DrawingML or VML).",
             parents=_DRAWING_PARENTS),
    StepSpec("textbox", "textbox", _drawing("textbox"),
             "Text boxes (wps:txbx or VML v:textbox); their paragraphs are reachable under "
             "them.", parents=_DRAWING_PARENTS),
    StepSpec("chart", "chart", _drawing("chart"), "Charts embedded in the document.",
             parents=_DRAWING_PARENTS),
    StepSpec("smartart", "smartart", _drawing("smartart"), "SmartArt graphics.",
             parents=_DRAWING_PARENTS),
    StepSpec("field", "field", lambda p, s: fields_of(p),
             "Fields, simple and complex, nested included, in order: field[type='MERGEFIELD'] "
             "or field[PAGE].", parents=_STORY),
    StepSpec("target", "paragraph", lambda p, s: N.cross_reference_target(p),
             "field[type='REF'][1]/target: the paragraph where the bookmark a cross-"
             "reference (REF, PAGEREF, NOTEREF) points to begins — the caption or heading "
             "it refers to; nothing for another field or a missing bookmark.",
             parents=frozenset({"field"})),
    StepSpec("toc", "toc", lambda p, s: tocs_of(p),
             "Tables of contents (TOC fields, in a content control or not).", parents=_BODY),
    StepSpec("entry", "toc_entry", lambda p, s: toc_entries_of(p),
             "toc[1]/entry[2]: the entries of a table of contents as its field result shows "
             "them (entry[text*='引言'], entry[level='2']).", parents=frozenset({"toc"})),
    StepSpec("level", "list_level", lambda p, s: list_levels(p),
             "paragraph[3]/level[2], style('标题 1')/level[2]: a level of the list the "
             "paragraph or style uses, whatever level it is at itself (the paragraph."
             "numbering.* properties then read that level's definition; .label its first "
             "item's label).", parents=frozenset({"paragraph", "style"})),
    StepSpec("caption", "paragraph", lambda p, s: N.captions(p),
             "Caption paragraphs: the Caption style (题注) or a SEQ field.", parents=_BODY),
    StepSpec("footnote", "footnote", lambda p, s: N.notes(p, "footnote"),
             "Footnotes in the order of their reference marks.", parents=_TOP),
    StepSpec("endnote", "endnote", lambda p, s: N.notes(p, "endnote"),
             "Endnotes in the order of their reference marks.", parents=_TOP),
    StepSpec("comment", "comment", lambda p, s: N.notes(p, "comment"),
             "Comments (批注) in the order of their reference marks.", parents=_TOP),
    StepSpec("hyperlink", "hyperlink", lambda p, s: hyperlinks_of(p),
             "Hyperlinks (w:hyperlink and HYPERLINK fields) in order.", parents=_STORY),
    StepSpec("bookmark", "bookmark", lambda p, s: bookmarks_of(p, s.args[0] if s.args else None),
             "bookmark('name'): a bookmark by exact name; without one, every bookmark not "
             "hidden (names starting with _).", parents=_BODY, max_args=1),
    StepSpec("style", "style", _styles,
             "style('标题 1'): a style definition by name or id (localized built-in names "
             "match); without an argument, every style.", parents=_TOP, max_args=1),
    StepSpec("page", "page", lambda p, s: pages(p),
             "Pages of the document as laid out by the layout backend (LibreOffice), "
             "physical, from 1: page[3] for what the third page's header and footer show. "
             "Without a layout backend the check is an eval_error.", parents=_TOP),
]

STEPS = StepTable("word", _SPECS)
