"""Word selector targets: the document, paragraphs, runs, spans of text, sections and
style definitions. Each caches what it derives (text, runs, formatting chains)."""

from __future__ import annotations

from functools import cached_property
from typing import TYPE_CHECKING, Any

from lxml import etree

from officeeval.ooxml.ns import W
from officeeval.targets import Target
from officeeval.word.runs import Level, RunChain
from officeeval.word.text import iter_runs, paragraph_text, run_text

if TYPE_CHECKING:
    from officeeval.word.document import WordDocument
    from officeeval.word.styles import Style

_W = f"{{{W}}}"


class DocumentTarget(Target):
    kind = "document"

    def __init__(self, doc: "WordDocument") -> None:
        super().__init__(doc, "document")


class ParagraphTarget(Target):
    kind = "paragraph"

    def __init__(self, doc: "WordDocument", el: etree._Element, locator: str, index: int,
                 table_style: str | None = None) -> None:
        super().__init__(doc, locator)
        self.el = el
        self.index = index
        self.table_style = table_style

    @cached_property
    def ppr(self) -> etree._Element | None:
        return self.el.find(_W + "pPr")

    @cached_property
    def style_id(self) -> str | None:
        """The paragraph style in force: ``w:pStyle`` when it names an existing style, else
        the document's default paragraph style."""
        doc: WordDocument = self.doc  # type: ignore[assignment]
        if self.ppr is not None:
            ps = self.ppr.find(_W + "pStyle")
            if ps is not None:
                sid = ps.get(_W + "val")
                if sid and doc.styles.get(sid) is not None:
                    return sid
        return doc.default_paragraph_style()

    @cached_property
    def has_direct_style(self) -> bool:
        return self.ppr is not None and self.ppr.find(_W + "pStyle") is not None

    @cached_property
    def runs(self) -> list["RunTarget"]:
        return [RunTarget(self, r, i) for i, r in enumerate(iter_runs(self.el), start=1)]

    @cached_property
    def text(self) -> str:
        return paragraph_text(self.el)

    def text_runs(self) -> list["RunTarget"]:
        """Runs that show visible characters (formatting of a paragraph is judged on these;
        whitespace-only runs do not change how text looks)."""
        return [r for r in self.runs if r.text.strip()]

    def mark_chain(self) -> RunChain:
        """Formatting of the paragraph mark (``w:pPr/w:rPr``): used for empty paragraphs."""
        doc: WordDocument = self.doc  # type: ignore[assignment]
        rpr = self.ppr.find(_W + "rPr") if self.ppr is not None else None
        return doc.run_chain(rpr, None, self.style_id, self.table_style)

    def ppr_levels(self) -> list[Level]:
        """Paragraph-property levels: direct pPr, then numbering, style chain, defaults."""
        doc: WordDocument = self.doc  # type: ignore[assignment]
        levels = doc.style_levels(None, self.style_id, self.table_style, "ppr")
        extra: list[Level] = []
        if self.ppr is not None:
            extra.append(Level("direct", "direct", self.ppr))
        num = getattr(doc, "numbering_ppr", None)
        if num is not None:
            lvl = num(self)
            if lvl is not None:
                extra.append(lvl)
        return [*extra, *levels]

    def predicate_value(self, key: str) -> Any:
        if key == "text":
            return self.text
        if key == "style":
            doc: WordDocument = self.doc  # type: ignore[assignment]
            st = doc.styles.get(self.style_id)
            return [st.id, st.name] if st else None
        return None


class RunTarget(Target):
    kind = "run"

    def __init__(self, paragraph: ParagraphTarget, el: etree._Element, index: int) -> None:
        super().__init__(paragraph.doc, f"{paragraph.locator}/run[{index}]")
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
        doc: WordDocument = self.doc  # type: ignore[assignment]
        return doc.run_chain(self.el.find(_W + "rPr"), self.char_style,
                             self.paragraph.style_id, self.paragraph.table_style)

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
                 paragraphs: list[ParagraphTarget]) -> None:
        super().__init__(doc, f"section[{index}]")
        self.sect_pr = sect_pr
        self.index = index
        self.paragraphs = paragraphs

    def child(self, tag: str) -> etree._Element | None:
        return self.sect_pr.find(_W + tag)


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

    def ppr_levels(self) -> list[Level]:
        doc: WordDocument = self.doc  # type: ignore[assignment]
        if self.style.type == "table":
            return doc.style_levels(None, None, self.style.id, "ppr")
        return doc.style_levels(None, self.style.id, None, "ppr")

    @property
    def style_id(self) -> str:
        return self.style.id

    def predicate_value(self, key: str) -> Any:
        if key in ("style", "name"):
            return [self.style.id, self.style.name]
        if key == "type":
            return self.style.type
        return None
