"""The Word document view: parts found through relationships, parsed once, and the body's
paragraphs, tables and sections listed once.

Opening parses the main part, styles, theme and settings eagerly so that a malformed core
part makes the document ``invalid_package`` at open time rather than halfway through grading.
Everything else (numbering, notes, comments, headers, the story indexes) is read on first use.
"""

from __future__ import annotations

import copy
from typing import Any

from lxml import etree

from officeeval.backends import NO_BACKENDS, Backends
from officeeval.cache import cached_property
from officeeval.ooxml.ns import W
from officeeval.ooxml.package import Package
from officeeval.ooxml.theme import Theme, read_theme
from officeeval.word.runs import Level, RunChain
from officeeval.word.styles import Styles, shared_styles
from officeeval.word.table_styles import TableFormatting
from officeeval.word.table_styles import levels as table_levels

_W = f"{{{W}}}"


class WordDocument:
    app = "word"

    def __init__(self, package: Package, path: str, options: dict[str, Any] | None = None,
                 backends: Backends = NO_BACKENDS) -> None:
        self.package = package
        self.path = path
        self.options = options or {}
        self.backends = backends
        self.main = package.main_part
        self.root_el = package.main_root(_W + "document", "a w:document")
        self.body = self.root_el.find(_W + "body")
        if self.body is None:
            self.body = etree.SubElement(self.root_el, _W + "body")
        # options["shared_trees"] (the scoring engine sets it): the styles and theme parts
        # may be trees shared with earlier documents of identical bytes, read-only like
        # this view.
        shared = bool(self.options.get("shared_trees"))
        styles_el = package.xml_or_none(package.related_one(self.main, "styles"), shared)
        self.styles = shared_styles(styles_el) if shared else Styles(styles_el)
        theme_part = package.related_one(self.main, "theme")
        self.theme: Theme = read_theme(package.xml_or_none(theme_part, shared))
        self.settings_part = package.related_one(self.main, "settings")
        self.settings = package.xml_or_none(self.settings_part)
        self._chains: dict[tuple, list[Level]] = {}
        self._indexes: dict[str, Any] = {}

    # ------------------------------------------------------------------ protocol
    def root(self):
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

    def compat_setting(self, name: str) -> str | None:
        """A ``w:compat/w:compatSetting`` value by name; ``None`` when absent."""
        compat = self.setting("compat")
        if compat is None:
            return None
        for el in compat.findall(_W + "compatSetting"):
            if el.get(_W + "name") == name:
                return el.get(_W + "val")
        return None

    @cached_property
    def theme_font_langs(self) -> tuple[dict[str, str], dict[str, str]]:
        """The languages that pick a theme's script fonts, per kind (``eastAsia``, ``bidi``):
        (settings' ``w:themeFontLang``, the document default run language ``w:lang``). A
        run's own language comes between the two (``RunChain.language``)."""
        def langs(el) -> dict[str, str]:
            if el is None:
                return {}
            return {k: el.get(_W + k) for k in ("eastAsia", "bidi") if el.get(_W + k)}
        defaults = self.styles.doc_rpr.find(_W + "lang") if self.styles.doc_rpr is not None \
            else None
        return langs(self.setting("themeFontLang")), langs(defaults)

    @cached_property
    def table_style_quirk(self) -> bool:
        """Word's rule for text in tables unless ``overrideTableStyleFontSizeAndJustification``
        is on ([MS-DOCX]): a 12 pt size or left justification coming from the default
        paragraph style does not override the table style's."""
        return (self.compat_setting("overrideTableStyleFontSizeAndJustification") or ""
                ).lower() not in ("1", "true", "on")

    # ------------------------------------------------------------------ formatting chains
    def style_levels(self, char_style: str | None, para_style: str | None,
                     table_style: "str | TableFormatting | None" = None,
                     what: str = "rpr") -> list[Level]:
        """Style and default levels (no direct formatting) for run (``rpr``) or paragraph
        (``ppr``) properties, memoized per style combination. ``table_style`` is a table
        style id (its own properties) or the ``TableFormatting`` of a cell (conditional
        formats included)."""
        if isinstance(table_style, str):
            table_style = TableFormatting(table_style, ())
        key = (char_style, para_style, table_style, what)
        hit = self._chains.get(key)
        if hit is not None:
            return hit
        levels: list[Level] = []
        if what == "rpr":
            for st in self.styles.chain(char_style):
                if st.type == "character" and st.rpr is not None:
                    levels.append(Level(f"style:{st.id}", "char", st.rpr))
        para_levels: list[Level] = []
        for st in self.styles.chain(para_style):
            el = st.rpr if what == "rpr" else st.ppr
            if el is not None:
                para_levels.append(Level(f"style:{st.id}", "para", el))
        tbl_levels: list[Level] = []
        if table_style is not None and table_style.style_id:
            tag = "rPr" if what == "rpr" else "pPr"
            tbl_levels = [Level(src, "table", el)
                          for src, el in table_levels(self, table_style, tag)]
        dflt = self.styles.doc_rpr if what == "rpr" else self.styles.doc_ppr
        if tbl_levels and self.table_style_quirk:
            para_levels = self._quirk(para_levels, tbl_levels, dflt, para_style, what)
        levels.extend(para_levels)
        levels.extend(tbl_levels)
        if dflt is not None:
            levels.append(Level("docDefaults", "defaults", dflt))
        self._chains[key] = levels
        return levels

    def _quirk(self, para_levels: list[Level], tbl_levels: list[Level],
               dflt: etree._Element | None, para_style: str | None, what: str) -> list[Level]:
        tag, wanted = ("sz", ("24",)) if what == "rpr" else ("jc", ("left", "start"))
        if not any(lv.find(tag) is not None for lv in tbl_levels):
            return para_levels
        own = self.styles.get(para_style)
        own_el = (own.rpr if what == "rpr" else own.ppr) if own is not None else None
        if (para_style != self.default_paragraph_style() and own_el is not None
                and own_el.find(_W + tag) is not None):
            return para_levels  # a non-default style that sets it itself wins
        effective = None
        for lv in [*para_levels, *([Level("d", "defaults", dflt)] if dflt is not None else [])]:
            el = lv.find(tag)
            if el is not None:
                effective = el.get(_W + "val")
                break
        if effective not in wanted:
            return para_levels
        out = []
        for lv in para_levels:
            if lv.find(tag) is None:
                out.append(lv)
                continue
            stripped = copy.deepcopy(lv.props)
            for el in stripped.findall(_W + tag) + stripped.findall(_W + tag + "Cs"):
                stripped.remove(el)
            out.append(Level(lv.source, lv.kind, stripped))
        return out

    def run_chain(self, direct_rpr: etree._Element | None, char_style: str | None,
                  para_style: str | None, table_style=None) -> RunChain:
        levels = self.style_levels(char_style, para_style, table_style, "rpr")
        if direct_rpr is not None:
            levels = [Level("direct", "direct", direct_rpr), *levels]
        return RunChain(levels, self.theme_font_langs, self.theme)

    def default_paragraph_style(self) -> str | None:
        st = self.styles.default("paragraph")
        return st.id if st else None

    # ------------------------------------------------------------------ numbering
    @cached_property
    def numbering(self):
        from officeeval.word.numbering import Numbering
        part = self.package.related_one(self.main, "numbering")
        return Numbering(self.package.xml_or_none(part), self.styles)

    def numbering_ppr(self, paragraph) -> Level | None:
        """The paragraph-property level of the paragraph's list level (``None`` when not
        numbered or the level has no ``w:pPr``); its ``kind`` is ``numbering`` when the
        list is set on the paragraph, ``numbering-style`` when it comes from the style."""
        ref = paragraph.num_ref
        if ref is None:
            return None
        level = self.numbering.level(ref.num_id, ref.ilvl)
        if level is None or level.ppr is None:
            return None
        kind = "numbering-style" if ref.from_style else "numbering"
        return Level(f"numbering:{ref.num_id}/{ref.ilvl + 1}", kind, level.ppr)

    @cached_property
    def list_labels(self) -> dict:
        """``{id(w:p): (label, counter)}`` for numbered paragraphs of the main story."""
        from officeeval.word.numbering_labels import compute_labels
        from officeeval.word.containers import story_paragraphs
        return compute_labels(self.numbering, ((id(p.el), p.num_ref)
                                               for p in story_paragraphs(self)))

    # ------------------------------------------------------------------ body structure
    @cached_property
    def blocks(self):
        """Body-level paragraphs and tables (``Blocks``), drop caps folded into the
        paragraph they start."""
        from officeeval.word.containers import build_blocks
        return build_blocks(self, self.body, "", self.main)

    @property
    def paragraphs(self):
        """Body-level paragraph targets in document order (not those inside tables)."""
        return self.blocks.paragraphs

    @property
    def tables(self):
        """Body-level table targets in document order."""
        return self.blocks.tables

    @cached_property
    def sections(self):
        """Section targets: one per ``w:sectPr`` in a paragraph plus the body's final one."""
        from officeeval.word.sections import build_sections
        return build_sections(self)

    @cached_property
    def _section_by_block(self) -> dict[int, Any]:
        out: dict[int, Any] = {}
        for s in self.sections:
            for p in s.paragraphs:
                out[id(p.el)] = s
                if p.drop_cap_el is not None:
                    out[id(p.drop_cap_el)] = s
            for t in s.tables:
                out[id(t.el)] = s
        return out

    def section_of(self, target) -> Any:
        """The section a paragraph or table belongs to: its own when it knows it (headers,
        notes), else the section holding its body-level block, else the last section."""
        known = getattr(target, "section", None)
        if known is not None:
            return known
        by_block = self._section_by_block
        el = getattr(target, "el", None)
        depth = 0
        while el is not None and depth < 256:
            hit = by_block.get(id(el))
            if hit is not None:
                return hit
            el = el.getparent()
            depth += 1
        return self.sections[-1]

    def part_for_rel(self, rid: str | None, source: str | None = None) -> str | None:
        return self.package.target(source or self.main, rid)

    # ------------------------------------------------------------------ stories
    def story_index(self, part: str, root: etree._Element | None = None):
        """The content index (fields, bookmarks, links, note references, drawings) of a
        story: the body for the main part, else the root of ``part`` (or ``root``)."""
        from officeeval.word.content_index import index_story
        key = part if root is None else f"{part}#{id(root)}"
        hit = self._indexes.get(key)
        if hit is None:
            if root is None:
                root = self.body if part == self.main else self.package.xml_or_none(part)
            hit = index_story(root)
            self._indexes[key] = hit
        return hit

    @cached_property
    def notes(self):
        from officeeval.word.notes import Notes
        return Notes(self)
