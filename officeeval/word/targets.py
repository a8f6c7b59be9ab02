"""Word selector targets: the document, paragraphs, runs, spans of text, sections and
style definitions. Each caches what it derives (text, runs, formatting chains).

A paragraph knows the part it lives in (hyperlinks in a header resolve through the header's
relationships), the section it belongs to, and the table formatting it inherits when it is in
a table cell. A drop cap (a ``w:framePr w:dropCap`` paragraph holding the first letters) is
folded into the paragraph it starts, as a reader sees it: one paragraph whose text begins with
the dropped letters, so indexes do not shift when a candidate adds a drop cap.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from lxml import etree

from officeeval.cache import cached_property
from officeeval.ooxml.ns import W
from officeeval.targets import Target
from officeeval.word.runs import Level, RunChain
from officeeval.word.text import iter_runs, paragraph_text, run_text

if TYPE_CHECKING:
    from officeeval.word.document import WordDocument
    from officeeval.word.styles import Style

_W = f"{{{W}}}"
_SHOWS = {_W + "drawing", _W + "pict", _W + "object", _W + "fldChar", _W + "fldSimple"}


class DocumentTarget(Target):
    kind = "document"

    def __init__(self, doc: "WordDocument") -> None:
        super().__init__(doc, "document")

    @property
    def paragraphs(self) -> list["ParagraphTarget"]:
        return self.doc.paragraphs  # type: ignore[attr-defined]

    @property
    def tables(self) -> list:
        return self.doc.tables  # type: ignore[attr-defined]

    @property
    def part(self) -> str:
        return self.doc.main  # type: ignore[attr-defined]

    @property
    def story_root(self) -> etree._Element:
        return self.doc.body  # type: ignore[attr-defined]


class ParagraphTarget(Target):
    kind = "paragraph"

    def __init__(self, doc: "WordDocument", el: etree._Element, locator: str, index: int,
                 table_style: Any = None, part: str | None = None, section: Any = None,
                 drop_cap: etree._Element | None = None) -> None:
        super().__init__(doc, locator)
        self.el = el
        self.index = index
        self.table_style = table_style
        self.part = part or doc.main
        self.section = section
        self.drop_cap_el = drop_cap

    @cached_property
    def ppr(self) -> etree._Element | None:
        return self.el.find(_W + "pPr")

    @cached_property
    def style_id(self) -> str | None:
        """The paragraph style in force: ``w:pStyle`` when it names an existing style, else
        the document's default paragraph style."""
        return _style_of(self.doc, self.ppr)

    @cached_property
    def has_direct_style(self) -> bool:
        return self.ppr is not None and self.ppr.find(_W + "pStyle") is not None

    @cached_property
    def drop_cap_paragraph(self) -> "ParagraphTarget | None":
        """The folded drop-cap paragraph (same locator), or ``None``."""
        if self.drop_cap_el is None:
            return None
        return ParagraphTarget(self.doc, self.drop_cap_el, self.locator, self.index,  # type: ignore[arg-type]
                               self.table_style, self.part, self.section)

    @cached_property
    def runs(self) -> list["RunTarget"]:
        owners: list[ParagraphTarget] = []
        if self.drop_cap_paragraph is not None:
            owners.append(self.drop_cap_paragraph)
        owners.append(self)
        out: list[RunTarget] = []
        for owner in owners:
            for r in iter_runs(owner.el):
                out.append(RunTarget(owner, r, len(out) + 1, self.locator))
        return out

    @cached_property
    def text(self) -> str:
        if self.drop_cap_el is not None:
            return paragraph_text(self.drop_cap_el) + paragraph_text(self.el)
        return paragraph_text(self.el)

    @cached_property
    def shows_content(self) -> bool:
        """Whether the paragraph shows anything: text, a field or a drawing."""
        if self.text.strip():
            return True
        return any(el.tag in _SHOWS for el in self.el.iter(*_SHOWS))

    def text_runs(self) -> list["RunTarget"]:
        """Runs that show visible characters (formatting of a paragraph is judged on these;
        whitespace-only runs do not change how text looks)."""
        return self._text_runs

    @cached_property
    def _text_runs(self) -> list["RunTarget"]:
        return [r for r in self.runs if r.text.strip()]

    def mark_chain(self) -> RunChain:
        """Formatting of the paragraph mark (``w:pPr/w:rPr``): used for empty paragraphs."""
        doc: WordDocument = self.doc  # type: ignore[assignment]
        rpr = self.ppr.find(_W + "rPr") if self.ppr is not None else None
        return doc.run_chain(rpr, None, self.style_id, self.table_style)

    @cached_property
    def num_ref(self):
        """The list (``NumRef``) the paragraph shows a label of, or ``None``."""
        doc: WordDocument = self.doc  # type: ignore[assignment]
        return doc.numbering.ref_for(self.ppr, self.style_id)

    def ppr_levels(self) -> list[Level]:
        """Paragraph-property levels: direct pPr, the list level when the list is set on the
        paragraph, the style chain, the list level when the list comes from the style,
        the table style, document defaults."""
        return self._ppr_level_list

    @cached_property
    def _ppr_level_list(self) -> list[Level]:
        return self._ppr_levels()

    def _ppr_levels(self) -> list[Level]:
        doc: WordDocument = self.doc  # type: ignore[assignment]
        levels = doc.style_levels(None, self.style_id, self.table_style, "ppr")
        out: list[Level] = []
        if self.ppr is not None:
            out.append(Level("direct", "direct", self.ppr))
        num = doc.numbering_ppr(self)
        if num is not None and num.kind == "numbering":
            out.append(num)
            return [*out, *levels]
        if num is None:
            return [*out, *levels]
        # The style's own properties beat the list level it attaches (17.7.2 applies
        # numbering before paragraph styles).
        styled = [lv for lv in levels if lv.kind == "para"]
        rest = [lv for lv in levels if lv.kind != "para"]
        return [*out, *styled, num, *rest]

    def predicate_value(self, key: str) -> Any:
        if key == "text":
            return self.text
        if key == "style":
            doc: WordDocument = self.doc  # type: ignore[assignment]
            st = doc.styles.get(self.style_id)
            return [st.id, st.name] if st else None
        return None


def _style_of(doc, ppr: etree._Element | None) -> str | None:
    if ppr is not None:
        ps = ppr.find(_W + "pStyle")
        if ps is not None:
            sid = ps.get(_W + "val")
            if sid and doc.styles.get(sid) is not None:
                return sid
    return doc.default_paragraph_style()


def symbol_font_level(r: etree._Element) -> Level | None:
    """A run that shows only symbols (``<w:sym w:font="Symbol" w:char="F094"/>``) is set in
    the symbol's font, whatever ``w:rFonts`` says: a direct level naming it in every slot;
    ``None`` for any other run."""
    font = None
    for child in r:
        tag = child.tag
        if tag == _W + "sym" and child.get(_W + "font"):
            font = child.get(_W + "font")
        elif tag == _W + "t" and child.text:
            return None
    if font is None:
        return None
    rpr = etree.Element(_W + "rPr")
    etree.SubElement(rpr, _W + "rFonts", {_W + k: font for k in ("ascii", "hAnsi",
                                                                  "eastAsia", "cs")})
    return Level("direct", "direct", rpr)


class RunTarget(Target):
    kind = "run"

    def __init__(self, paragraph: ParagraphTarget, el: etree._Element, index: int,
                 locator_base: str | None = None) -> None:
        super().__init__(paragraph.doc, f"{locator_base or paragraph.locator}/run[{index}]")
        self.paragraph = paragraph
        self.el = el
        self.index = index

    @cached_property
    def text(self) -> str:
        return run_text(self.el)

    @cached_property
    def char_style(self) -> str | None:
        rpr = self.el.find(_W + "rPr")
        if rpr is None:
            return None
        rs = rpr.find(_W + "rStyle")
        return rs.get(_W + "val") if rs is not None else None

    def chain(self) -> RunChain:
        return self._chain

    @cached_property
    def _chain(self) -> RunChain:
        doc: WordDocument = self.doc  # type: ignore[assignment]
        chain = doc.run_chain(self.el.find(_W + "rPr"), self.char_style,
                              self.paragraph.style_id, self.paragraph.table_style)
        sym = symbol_font_level(self.el)
        if sym is not None:
            chain = RunChain([sym, *chain.levels], chain.langs, chain.theme)
        return chain

    def predicate_value(self, key: str) -> Any:
        if key == "text":
            return self.text
        if key == "style":
            doc: WordDocument = self.doc  # type: ignore[assignment]
            st = doc.styles.get(self.char_style)
            return [st.id, st.name] if st else None
        return None


class SpanTarget(Target):
    """Every character of one occurrence of a text: formatting holds only if it holds on
    every run covering those characters."""

    kind = "span"

    def __init__(self, paragraph: ParagraphTarget, pieces: list[RunTarget], text: str,
                 occurrence: int) -> None:
        super().__init__(paragraph.doc,
                         f"{paragraph.locator}/span({text!r})[{occurrence}]")
        self.paragraph = paragraph
        self.pieces = pieces
        self.text = text

    def predicate_value(self, key: str) -> Any:
        return self.text if key == "text" else None


class SectionTarget(Target):
    kind = "section"

    def __init__(self, doc: "WordDocument", sect_pr: etree._Element, index: int,
                 paragraphs: list[ParagraphTarget], tables: list | None = None) -> None:
        super().__init__(doc, f"section[{index}]")
        self.sect_pr = sect_pr
        self.index = index
        self.paragraphs = paragraphs
        self.tables = tables or []

    def child(self, tag: str) -> etree._Element | None:
        return self.sect_pr.find(_W + tag)

    @cached_property
    def text(self) -> str:
        """Text of the section's body paragraphs (tables not included)."""
        return "\n".join(p.text for p in self.paragraphs)

    def predicate_value(self, key: str) -> Any:
        # section[text*='…'] finds the section holding a paragraph with that text.
        return self.text if key == "text" else None


class StyleTarget(Target):
    kind = "style"

    def __init__(self, doc: "WordDocument", style: "Style") -> None:
        super().__init__(doc, f"style({style.display_name!r})")
        self.style = style

    def chain(self) -> RunChain:
        doc: WordDocument = self.doc  # type: ignore[assignment]
        if self.style.type == "character":
            return doc.run_chain(None, self.style.id, None)
        if self.style.type == "table":
            return doc.run_chain(None, None, None, self.style.id)
        return doc.run_chain(None, None, self.style.id)

    @cached_property
    def num_ref(self):
        doc: WordDocument = self.doc  # type: ignore[assignment]
        if self.style.type != "paragraph":
            return None
        return doc.numbering.style_ref(self.style.id)

    def ppr_levels(self) -> list[Level]:
        doc: WordDocument = self.doc  # type: ignore[assignment]
        if self.style.type == "table":
            return doc.style_levels(None, None, self.style.id, "ppr")
        levels = doc.style_levels(None, self.style.id, None, "ppr")
        num = doc.numbering_ppr(self)
        if num is None:
            return levels
        styled = [lv for lv in levels if lv.kind == "para"]
        return [*styled, num, *[lv for lv in levels if lv.kind != "para"]]

    @property
    def style_id(self) -> str:
        return self.style.id

    def predicate_value(self, key: str) -> Any:
        if key in ("style", "name"):
            return [self.style.id, self.style.name]
        if key == "type":
            return self.style.type
        return None
