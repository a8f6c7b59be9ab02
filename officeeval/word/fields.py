"""Fields, tables of contents, hyperlinks and bookmarks as targets, built from a story's
content index (see ``content_index``).

A TOC is a ``TOC`` field (usually inside a "Table of Contents" content control, which Word
adds around it). Hyperlinks are ``w:hyperlink`` elements (target through the story part's
relationships, or ``#anchor``) and ``HYPERLINK`` fields, in document order.
"""

from __future__ import annotations

import re
from typing import Any

from lxml import etree

from officeeval.ooxml.ns import R, W
from officeeval.targets import Target
from officeeval.word.content_index import FieldInfo, RangeInfo

_W = f"{{{W}}}"


class FieldTarget(Target):
    kind = "field"

    def __init__(self, doc, info: FieldInfo, locator: str, part: str) -> None:
        super().__init__(doc, locator)
        self.info = info
        self.part = part

    @property
    def text(self) -> str:
        return self.info.result

    def predicate_value(self, key: str) -> Any:
        if key == "type":
            return self.info.type
        if key == "text":
            return self.info.result
        if key == "name":
            return self.info.argument
        return None


class TocTarget(Target):
    """A table of contents: its TOC field (and the content control around it, if any)."""

    kind = "toc"

    def __init__(self, doc, info: FieldInfo, locator: str, part: str) -> None:
        super().__init__(doc, locator)
        self.info = info
        self.part = part

    @property
    def text(self) -> str:
        return self.info.result

    def levels(self) -> tuple[int, str] | None:
        """(deepest outline level included, how it was found): ``\\o "1-3"`` gives 3;
        ``\\t`` style/level pairs their highest level; no switch at all gives Word's
        default of 9. ``None`` when ``\\o`` is unreadable and nothing else says."""
        o = self.info.switch("o")
        best = None
        if o is not None:
            m = re.fullmatch(r"\s*(\d)\s*(?:-\s*(\d))?\s*", o or "1-9")
            if m:
                best = int(m.group(2) or m.group(1))
        t = self.info.switch("t")
        if t:
            parts = [x.strip() for x in re.split(r"[,;]", t)]
            nums = [int(x) for x in parts[1::2] if x.isdigit()]
            if nums:
                best = max(best or 0, max(nums))
        if best is not None:
            return best, "direct"
        if o is None and t is None and self.info.switch("u") is None:
            return 9, "default"
        return None

    def entries(self) -> int:
        """The entries its result shows (see ``toc_entries_of``)."""
        return len(toc_entries_of(self))

    def predicate_value(self, key: str) -> Any:
        return self.info.result if key == "text" else None


class TocEntryTarget(Target):
    """One entry of a table of contents as its field result shows it (the paragraphs Word
    wrote when the field was last updated): ``text`` the heading text, ``level`` the entry's
    level (from its ``TOC n`` style), ``page`` the page number shown after the last tab."""

    kind = "toc_entry"

    def __init__(self, doc, toc: TocTarget, paragraph: etree._Element, locator: str) -> None:
        super().__init__(doc, locator)
        self.toc = toc
        self.paragraph_el = paragraph
        self.part = toc.part
        from officeeval.word.text import paragraph_text
        shown = paragraph_text(paragraph).strip()
        pieces = [x.strip() for x in shown.split("\t")]
        # Word writes "heading<TAB>page" (a numbered heading: "1<TAB>引言<TAB>3"); with \n
        # (no page numbers) there is no final number.
        if len(pieces) > 1 and _PAGE.fullmatch(pieces[-1]):
            self.page: str | None = pieces[-1]
            pieces = pieces[:-1]
        else:
            self.page = None
        self.text = " ".join(x for x in pieces if x)

    @property
    def level(self) -> int | None:
        """The n of the entry paragraph's ``TOC n`` (目录 n) style; ``None`` for another
        style."""
        ppr = self.paragraph_el.find(_W + "pPr")
        ps = ppr.find(_W + "pStyle") if ppr is not None else None
        st = self.doc.styles.get(ps.get(_W + "val")) if ps is not None else None
        if st is None:
            return None
        from officeeval.vocabulary import style_key
        m = re.fullmatch(r"builtin:toc ([1-9])", style_key(st.display_name))
        return int(m.group(1)) if m else None

    def predicate_value(self, key: str) -> Any:
        if key == "text":
            return self.text
        if key == "level":
            return self.level
        return None


# A page number as a TOC shows it: Arabic, Roman, or a section-prefixed form (2-5).
_PAGE = re.compile(r"[0-9]+(?:[-–.][0-9]+)?|[ivxlcdmIVXLCDM]+")


def toc_entries_of(parent) -> list[TocEntryTarget]:
    """The entries of a table of contents: its result's paragraphs that show text and look
    like an entry (a ``TOC n`` style, a link or PAGEREF to a heading, or a page number after
    a tab). A never-updated field's placeholder ("右键更新域以生成目录", "No table of contents
    entries found.") is not an entry: the reader sees no heading listed."""
    if not isinstance(parent, TocTarget):
        return []
    from officeeval.word.text import paragraph_text
    out: list[TocEntryTarget] = []
    for para in parent.info.result_paragraphs:
        if not paragraph_text(para).strip():
            continue
        entry = TocEntryTarget(parent.doc, parent, para,
                               f"{parent.locator}/entry[{len(out) + 1}]")
        if entry.level is not None or entry.page is not None or _links_a_heading(para):
            out.append(entry)
    return out


def _links_a_heading(paragraph: etree._Element) -> bool:
    """Whether an entry paragraph links to its heading (a ``w:hyperlink``, a HYPERLINK or a
    PAGEREF field), as every generated entry does even with ``\\n`` (no page numbers)."""
    if paragraph.find(f".//{_W}hyperlink") is not None:
        return True
    instructions = [t.text or "" for t in paragraph.iter(_W + "instrText")]
    instructions += [f.get(_W + "instr") or "" for f in paragraph.iter(_W + "fldSimple")]
    return any(re.match(r"\s*(PAGEREF|HYPERLINK)\b", i, re.I) for i in instructions)


class HyperlinkTarget(Target):
    kind = "hyperlink"

    def __init__(self, doc, locator: str, part: str, rng: RangeInfo | None = None,
                 info: FieldInfo | None = None) -> None:
        super().__init__(doc, locator)
        self.rng = rng
        self.info = info
        self.part = part

    @property
    def text(self) -> str:
        return self.rng.text if self.rng is not None else (self.info.result if self.info else "")

    def target(self) -> str | None:
        """The URL (external relationship target) or ``#anchor``; both joined with ``#``
        when a link has both; ``None`` when it names nothing resolvable."""
        if self.rng is not None and self.rng.el is not None:
            el = self.rng.el
            url = self.doc.package.rel_target_raw(self.part, el.get(f"{{{R}}}id"))  # type: ignore[attr-defined]
            anchor = el.get(_W + "anchor")
            if url and anchor:
                return f"{url}#{anchor}"
            if url:
                return url
            return f"#{anchor}" if anchor else None
        if self.info is not None:
            url = self.info.argument
            anchor = self.info.switch("l")
            if url and anchor:
                return f"{url}#{anchor}"
            if url:
                return url
            return f"#{anchor}" if anchor else None
        return None

    def predicate_value(self, key: str) -> Any:
        if key == "text":
            return self.text
        if key == "name":
            return self.target()
        return None


class BookmarkTarget(Target):
    kind = "bookmark"

    def __init__(self, doc, rng: RangeInfo, locator: str) -> None:
        super().__init__(doc, locator)
        self.rng = rng
        self.name = rng.key

    @property
    def text(self) -> str:
        return self.rng.text

    def predicate_value(self, key: str) -> Any:
        if key == "name":
            return self.name
        if key == "text":
            return self.text
        return None


# ------------------------------------------------------------------ building per story
def story_of(parent) -> tuple[str, etree._Element | None]:
    """(part, story root) a parent target's fields live in: the part's own story for the
    document, sections, headers, footers and notes; the container element otherwise."""
    doc = parent.doc
    part = getattr(parent, "part", None) or doc.main
    root = getattr(parent, "story_root", None)
    return part, root


def _index(parent):
    doc = parent.doc
    part, root = story_of(parent)
    if parent.kind in ("document", "section") or root is None:
        return part, doc.story_index(doc.main)
    if parent.kind in ("header", "footer") and getattr(parent, "defined", True):
        return part, doc.story_index(part)
    return part, doc.story_index(part, root)


def _paragraph_filter(parent) -> set[int] | None:
    """Ids of the paragraph elements a parent covers when it is part of a larger story
    (a paragraph, a section); ``None`` when the whole story counts."""
    if parent.kind == "paragraph":
        ids = {id(parent.el)}
        if getattr(parent, "drop_cap_el", None) is not None:
            ids.add(id(parent.drop_cap_el))
        return ids
    if parent.kind == "section":
        out: set[int] = set()
        for p in parent.paragraphs:
            out.add(id(p.el))
        for t in parent.tables:
            out.update(id(p) for p in t.el.iter(_W + "p"))
        return out
    return None


def _prefix(parent) -> str:
    return "" if parent.kind == "document" else f"{parent.locator}/"


def fields_of(parent) -> list[FieldTarget]:
    part, idx = _index(parent)
    keep = _paragraph_filter(parent)
    out: list[FieldTarget] = []
    for info in idx.fields:
        if keep is not None and id(info.paragraph) not in keep:
            continue
        out.append(FieldTarget(parent.doc, info, f"{_prefix(parent)}field[{len(out) + 1}]",
                               part))
    return out


def tocs_of(parent) -> list[TocTarget]:
    part, idx = _index(parent)
    keep = _paragraph_filter(parent)
    out: list[TocTarget] = []
    for info in idx.fields:
        if info.type != "TOC" or (keep is not None and id(info.paragraph) not in keep):
            continue
        out.append(TocTarget(parent.doc, info, f"{_prefix(parent)}toc[{len(out) + 1}]", part))
    return out


def hyperlinks_of(parent) -> list[HyperlinkTarget]:
    part, idx = _index(parent)
    keep = _paragraph_filter(parent)
    items: list[tuple[int, RangeInfo | None, FieldInfo | None]] = []
    for rng in idx.hyperlinks:
        if keep is None or id(rng.paragraph) in keep:
            items.append((rng.pos, rng, None))
    for info in idx.fields:
        if info.type == "HYPERLINK" and (keep is None or id(info.paragraph) in keep):
            items.append((info.pos, None, info))
    items.sort(key=lambda x: x[0])
    return [HyperlinkTarget(parent.doc, f"{_prefix(parent)}hyperlink[{i}]", part, rng, info)
            for i, (_, rng, info) in enumerate(items, start=1)]


def bookmarks_of(parent, name: str | None) -> list[BookmarkTarget]:
    """Bookmarks by exact name; without a name, every bookmark a reader can see (names
    starting with ``_`` are Word's hidden ones)."""
    _, idx = _index(parent)
    keep = _paragraph_filter(parent)
    out: list[BookmarkTarget] = []
    for key, rng in idx.bookmarks.items():
        if name is not None and key != name:
            continue
        if name is None and key.startswith("_"):
            continue
        if keep is not None and id(rng.paragraph) not in keep:
            continue
        loc = f"{_prefix(parent)}bookmark({key!r})"
        out.append(BookmarkTarget(parent.doc, rng, loc))
    return out
