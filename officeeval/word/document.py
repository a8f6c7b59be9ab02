"""The Word document view: parts found through relationships, parsed once, and the body's
paragraphs and sections listed once.

Opening parses the main part, styles, theme and settings eagerly so that a malformed core
part makes the document ``invalid_package`` at open time rather than halfway through grading.
"""

from __future__ import annotations

from functools import cached_property
from typing import Any

from lxml import etree

from officeeval.errors import PackageError
from officeeval.ooxml.ns import W
from officeeval.ooxml.package import Package
from officeeval.ooxml.theme import Theme, read_theme
from officeeval.word.runs import Level, RunChain
from officeeval.word.styles import Styles

_W = f"{{{W}}}"


class WordDocument:
    app = "word"

    def __init__(self, package: Package, path: str, options: dict[str, Any] | None = None
                 ) -> None:
        self.package = package
        self.path = path
        self.options = options or {}
        self.main = package.main_part
        self.root_el = package.xml(self.main)
        if self.root_el.tag != _W + "document":
            raise PackageError("no_main_part", f"{self.main} is not a w:document "
                               f"(root is {self.root_el.tag})")
        self.body = self.root_el.find(_W + "body")
        if self.body is None:
            self.body = etree.SubElement(self.root_el, _W + "body")
        self.styles = Styles(package.xml_or_none(package.related_one(self.main, "styles")))
        self.theme: Theme = read_theme(package.xml_or_none(package.related_one(self.main,
                                                                                "theme")))
        self.settings = package.xml_or_none(package.related_one(self.main, "settings"))
        self._chains: dict[tuple, list[Level]] = {}

    # ------------------------------------------------------------------ protocol
    def root(self):
        from officeeval.word.targets import DocumentTarget
        return self._root

    @cached_property
    def _root(self):
        from officeeval.word.targets import DocumentTarget
        return DocumentTarget(self)

    def theme_color(self, slot: str) -> str | None:
        return self.theme.color(slot)

    def close(self) -> None:
        self.package.close()

    # ------------------------------------------------------------------ settings
    def setting(self, tag: str) -> etree._Element | None:
        return self.settings.find(_W + tag) if self.settings is not None else None

    @cached_property
    def lang_east_asia(self) -> str | None:
        """The East Asian language used to pick theme script fonts (settings'
        themeFontLang, else the document default run language)."""
        el = self.setting("themeFontLang")
        if el is not None and el.get(_W + "eastAsia"):
            return el.get(_W + "eastAsia")
        if self.styles.doc_rpr is not None:
            lang = self.styles.doc_rpr.find(_W + "lang")
            if lang is not None and lang.get(_W + "eastAsia"):
                return lang.get(_W + "eastAsia")
        return None

    # ------------------------------------------------------------------ formatting chains
    def style_levels(self, char_style: str | None, para_style: str | None,
                     table_style: str | None = None, what: str = "rpr") -> list[Level]:
        """Style and default levels (no direct formatting) for run (``rpr``) or paragraph
        (``ppr``) properties, memoized per style combination."""
        key = (char_style, para_style, table_style, what)
        hit = self._chains.get(key)
        if hit is not None:
            return hit
        levels: list[Level] = []
        if what == "rpr":
            for st in self.styles.chain(char_style):
                if st.type == "character" and st.rpr is not None:
                    levels.append(Level(f"style:{st.id}", "char", st.rpr))
        for st in self.styles.chain(para_style):
            el = st.rpr if what == "rpr" else st.ppr
            if el is not None:
                levels.append(Level(f"style:{st.id}", "para", el))
        for st in self.styles.chain(table_style):
            el = st.rpr if what == "rpr" else st.ppr
            if el is not None:
                levels.append(Level(f"style:{st.id}", "table", el))
        dflt = self.styles.doc_rpr if what == "rpr" else self.styles.doc_ppr
        if dflt is not None:
            levels.append(Level("docDefaults", "defaults", dflt))
        self._chains[key] = levels
        return levels

    def run_chain(self, direct_rpr: etree._Element | None, char_style: str | None,
                  para_style: str | None, table_style: str | None = None) -> RunChain:
        levels = self.style_levels(char_style, para_style, table_style, "rpr")
        if direct_rpr is not None:
            levels = [Level("direct", "direct", direct_rpr), *levels]
        return RunChain(levels, self.lang_east_asia, self.theme)

    def default_paragraph_style(self) -> str | None:
        st = self.styles.default("paragraph")
        return st.id if st else None

    # ------------------------------------------------------------------ body structure
    @cached_property
    def paragraphs(self):
        """Body-level paragraph targets in document order (not those inside tables)."""
        from officeeval.word.targets import ParagraphTarget
        from officeeval.word.text import iter_block_paragraphs
        return [ParagraphTarget(self, p, f"paragraph[{i}]", i)
                for i, p in enumerate(iter_block_paragraphs(self.body), start=1)]

    @cached_property
    def sections(self):
        """Section targets: one per ``w:sectPr`` in a paragraph plus the body's final one."""
        from officeeval.word.sections import build_sections
        return build_sections(self)

    @cached_property
    def _section_by_paragraph(self) -> dict[int, Any]:
        return {id(p.el): s for s in self.sections for p in s.paragraphs}

    def section_of(self, paragraph) -> Any:
        """The section a body paragraph belongs to (the last section for paragraphs not in
        the body, e.g. in table cells)."""
        return self._section_by_paragraph.get(id(paragraph.el), self.sections[-1])

    def part_for_rel(self, rid: str | None) -> str | None:
        return self.package.target(self.main, rid)
