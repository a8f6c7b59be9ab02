"""Walking paragraph content: which runs belong to a paragraph and what text they show.

Included: runs in hyperlinks, insertions, moves-to, smart tags, custom XML, content controls
and simple fields (their result runs), and the result runs of complex fields. Excluded: deleted
and moved-from runs, the instruction part of complex fields (``w:instrText`` and any nested
field results inside an instruction), runs that only hold field characters, and text inside
drawings (text boxes are their own targets).
"""

from __future__ import annotations

from collections.abc import Iterator

from lxml import etree

from officeeval.ooxml.ns import W

_W = f"{{{W}}}"
_CONTAINERS = {_W + n for n in ("hyperlink", "ins", "moveTo", "smartTag", "customXml", "fldSimple",
                                 "bdo", "dir", "sdtContent")}
_SDT = _W + "sdt"
_SKIP = {_W + n for n in ("del", "moveFrom", "pPr", "rPr", "sdtPr", "sdtEndPr",
                           "proofErr", "bookmarkStart", "bookmarkEnd")}
_R = _W + "r"
_RUBY = _W + "ruby"
_MC = "{http://schemas.openxmlformats.org/markup-compatibility/2006}AlternateContent"


def iter_all_runs(p: etree._Element) -> Iterator[etree._Element]:
    """Every ``w:r`` of paragraph ``p`` that is not deleted, field code runs included."""
    stack = [iter(p)]
    while stack:
        for child in stack[-1]:
            tag = child.tag
            if tag == _R:
                yield child
            elif tag in _CONTAINERS:
                stack.append(iter(child))
                break
            elif tag == _SDT:
                content = child.find(_W + "sdtContent")
                if content is not None:
                    stack.append(iter(content))
                    break
        else:
            stack.pop()


_FLDCHAR = _W + "fldChar"
_CODE_ONLY = {_W + "rPr", _FLDCHAR, _W + "instrText", _W + "delInstrText"}


def iter_runs(p: etree._Element) -> Iterator[etree._Element]:
    """The ``w:r`` elements of paragraph ``p`` that show, in order: field instructions and
    runs holding only field characters are left out, field results kept."""
    # One state per open complex field: "instr" until its separate character, then "result".
    # A field whose instruction starts in an earlier paragraph (rare) is not tracked.
    fields: list[str] = []
    for r in iter_all_runs(p):
        in_instruction = "instr" in fields
        code_only = True
        for child in r:
            tag = child.tag
            if tag == _FLDCHAR:
                kind = child.get(_W + "fldCharType")
                if kind == "begin":
                    fields.append("instr")
                elif kind == "separate" and fields:
                    fields[-1] = "result"
                elif kind == "end" and fields:
                    fields.pop()
            elif tag not in _CODE_ONLY:
                code_only = False
        if not code_only and not in_instruction:
            yield r


def run_text(r: etree._Element) -> str:
    """The characters a run shows: text, tabs (``\\t``), breaks (``\\n``), symbols,
    non-breaking hyphens and ruby base text; deleted text, field instructions and ruby
    annotations excluded."""
    out: list[str] = []
    for child in r:
        tag = child.tag
        if tag == _W + "t":
            out.append(child.text or "")
        elif tag in (_W + "tab", _W + "ptab"):
            out.append("\t")
        elif tag in (_W + "br", _W + "cr"):
            out.append("\n")
        elif tag == _W + "noBreakHyphen":
            out.append("-")
        elif tag == _W + "sym":
            code = child.get(_W + "char") or ""
            try:
                # The code point as written: a symbol font's glyphs live in the private-use
                # area (F094 in Symbol is not U+0094, a control character); the font is the
                # run's (word.targets.symbol_font_level).
                out.append(chr(int(code, 16)))
            except (ValueError, OverflowError):
                continue
        elif tag == _RUBY:
            # Ruby (phonetic guide): the base text shows in the line; the w:rt annotation
            # above it is not part of the text.
            base = child.find(_W + "rubyBase")
            if base is not None:
                out.extend(run_text(b) for b in iter_runs(base))
    return "".join(out)


def paragraph_text(p: etree._Element) -> str:
    """The visible text of a paragraph (field results included)."""
    return "".join(run_text(r) for r in iter_runs(p))


_P, _TBL = _W + "p", _W + "tbl"
# Wrappers whose children are blocks of the container itself.
_TRANSPARENT = (_W + "customXml", _W + "ins", _W + "moveTo")


def _iter_block_level(container: etree._Element, wanted: tuple[str, ...]
                      ) -> Iterator[etree._Element]:
    stack = [iter(container)]
    while stack:
        for child in stack[-1]:
            tag = child.tag
            if tag in wanted:
                yield child
            elif tag == _SDT:
                content = child.find(_W + "sdtContent")
                if content is not None:
                    stack.append(iter(content))
                    break
            elif tag in _TRANSPARENT:
                stack.append(iter(child))
                break
        else:
            stack.pop()


def iter_block_paragraphs(container: etree._Element) -> Iterator[etree._Element]:
    """Body-level paragraphs of a ``w:body``, ``w:hdr``, ``w:ftr``, ``w:tc`` …, looking
    through content controls and custom XML but not into tables."""
    return _iter_block_level(container, (_P,))


def iter_blocks(container: etree._Element) -> Iterator[etree._Element]:
    """Block-level ``w:p`` and ``w:tbl`` children of a ``w:body``, ``w:tc``, ``w:hdr`` …,
    in order, looking through content controls, custom XML and tracked insertions."""
    return _iter_block_level(container, (_P, _TBL))


def iter_story_paragraphs(container: etree._Element) -> Iterator[etree._Element]:
    """Every ``w:p`` under ``container`` in document order (tables and text boxes
    included), skipping deleted content and the VML fallback that repeats a DrawingML
    text box."""
    walker = etree.iterwalk(container, events=("start",))
    for _, el in walker:
        tag = el.tag
        if tag == _W + "p":
            yield el
        elif tag in (_MC_FALLBACK, _W + "del", _W + "moveFrom"):
            walker.skip_subtree()


_MC_FALLBACK = "{http://schemas.openxmlformats.org/markup-compatibility/2006}Fallback"


def all_text(container: etree._Element) -> str:
    """Text of every paragraph under ``container`` (tables and text boxes included), one
    line each."""
    return "\n".join(paragraph_text(p) for p in iter_story_paragraphs(container))


def field_instructions(container: etree._Element) -> list[str]:
    """Instructions of every simple and complex field under ``container`` (complex field
    instructions split over several runs are joined)."""
    out: list[str] = []
    for fs in container.iter(_W + "fldSimple"):
        out.append((fs.get(_W + "instr") or "").strip())
    current: list[str] | None = None
    depth = 0
    for el in container.iter(_W + "fldChar", _W + "instrText"):
        if el.tag == _W + "fldChar":
            kind = el.get(_W + "fldCharType")
            if kind == "begin":
                depth += 1
                if depth == 1:
                    current = []
            elif kind == "separate" and depth == 1 and current is not None:
                out.append("".join(current).strip())
                current = None
            elif kind == "end":
                if depth == 1 and current is not None:
                    out.append("".join(current).strip())
                    current = None
                depth = max(0, depth - 1)
        elif current is not None and depth == 1:
            current.append(el.text or "")
    return out
