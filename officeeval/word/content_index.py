"""One walk over a story (the body, a header, a footnote …) that records what spans runs and
paragraphs: fields (simple and complex, nested, with instruction and result text),
bookmarks, hyperlinks, comment ranges, note references and drawings.

Deleted and moved-from content, and the VML fallback of ``mc:AlternateContent`` (it repeats
the DrawingML choice), are skipped. Text boxes are not entered: a drawing is recorded and its
content is a story of its own.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from lxml import etree

from officeeval.ooxml.ns import MC, W

_W = f"{{{W}}}"
_SKIP = {_W + "del", _W + "moveFrom", f"{{{MC}}}Fallback", _W + "rPr", _W + "pPr",
         _W + "sdtPr", _W + "tblPr", _W + "trPr", _W + "tcPr", _W + "sectPr"}
_DRAWINGS = {_W + "drawing", _W + "pict", _W + "object"}


@dataclass
class FieldInfo:
    """A field: ``kind`` is ``simple`` (``w:fldSimple``) or ``complex`` (``w:fldChar``).
    ``paragraph`` is the ``w:p`` where it begins; ``result_paragraphs`` those showing its
    result. ``sdt_gallery`` names the content control's building-block gallery it sits in
    (``Table of Contents``) or is empty."""

    kind: str
    paragraph: etree._Element | None
    instruction_parts: list[str] = field(default_factory=list)
    result_parts: list[str] = field(default_factory=list)
    result_paragraphs: list[etree._Element] = field(default_factory=list)
    state: str = "instr"
    depth: int = 0
    sdt_gallery: str = ""
    pos: int = 0
    # The paragraph the field's result last showed text in: when the field ends inside
    # that paragraph (a TOC whose end mark follows its last entry), the paragraph is part
    # of the result although the field is closed before the paragraph is.
    shown_in: etree._Element | None = field(default=None, repr=False, compare=False)

    @property
    def instruction(self) -> str:
        return "".join(self.instruction_parts).strip()

    @property
    def result(self) -> str:
        return "".join(self.result_parts).strip("\n")

    @property
    def tokens(self) -> list[str]:
        return split_instruction(self.instruction)

    @property
    def type(self) -> str:
        toks = self.tokens
        return toks[0].upper() if toks else ""

    @property
    def argument(self) -> str | None:
        """The first argument after the field type that is not a switch (or a switch's
        value): the merge field name, the hyperlink target, the SEQ identifier."""
        toks = self.tokens[1:]
        for i, t in enumerate(toks):
            if t.startswith("\\"):
                continue
            if i > 0 and toks[i - 1].startswith("\\"):
                continue  # the value of a switch: \o "1-3", \l "anchor", \* ARABIC
            return t
        return None

    def switch(self, name: str) -> str | None:
        """The value of switch ``\\name`` (``""`` for a bare switch); ``None`` if absent."""
        toks = self.tokens
        for i, t in enumerate(toks):
            if t.lower() == "\\" + name.lower():
                nxt = toks[i + 1] if i + 1 < len(toks) else ""
                return "" if nxt.startswith("\\") else nxt
        return None

    @property
    def switches(self) -> str:
        toks = self.tokens[1:]
        for i, t in enumerate(toks):
            if t.startswith("\\"):
                return " ".join(_requote(x) for x in toks[i:])
        return ""


def _requote(tok: str) -> str:
    return f'"{tok}"' if (" " in tok or tok == "") and not tok.startswith("\\") else tok


def split_instruction(text: str) -> list[str]:
    """Split a field instruction into tokens: whitespace separates, double quotes group
    (and are removed), a nested field code ``{ MERGEFIELD 性别 }`` is one token. Never
    raises: an unclosed quote or brace runs to the end."""
    t = text.replace("\u201c", '"').replace("\u201d", '"')
    tokens: list[str] = []
    i, n = 0, len(t)
    while i < n:
        ch = t[i]
        if ch.isspace():
            i += 1
            continue
        if ch == '"':
            j = t.find('"', i + 1)
            j = n if j < 0 else j
            tokens.append(t[i + 1:j])
            i = j + 1
            continue
        if ch == "{":
            depth, j = 0, i
            while j < n:
                if t[j] == "{":
                    depth += 1
                elif t[j] == "}":
                    depth -= 1
                    if depth == 0:
                        break
                j += 1
            tokens.append(t[i:j + 1].strip())
            i = j + 1
            continue
        j = i
        while j < n and not t[j].isspace() and t[j] not in '"{':
            j += 1
        tokens.append(t[i:j])
        i = j
    return tokens


@dataclass
class RangeInfo:
    """A named or numbered range (bookmark, comment, hyperlink) and the visible text in it."""

    key: str
    el: etree._Element | None = None
    parts: list[str] = field(default_factory=list)
    paragraph: etree._Element | None = None
    pos: int = 0

    @property
    def text(self) -> str:
        return "".join(self.parts).strip("\n")


@dataclass
class NoteRef:
    """A footnote/endnote/comment reference: ``before`` is the paragraph's visible text
    preceding the reference mark."""

    kind: str
    id: str
    paragraph: etree._Element | None
    before: str


@dataclass
class DrawingRef:
    el: etree._Element
    paragraph: etree._Element | None


@dataclass
class ContentIndex:
    fields: list[FieldInfo] = field(default_factory=list)
    bookmarks: dict[str, RangeInfo] = field(default_factory=dict)
    hyperlinks: list[RangeInfo] = field(default_factory=list)
    comments: dict[str, RangeInfo] = field(default_factory=dict)
    note_refs: list[NoteRef] = field(default_factory=list)
    drawings: list[DrawingRef] = field(default_factory=list)


def index_story(container: etree._Element | None) -> ContentIndex:
    """Walk ``container`` once; an absent container gives an empty index."""
    idx = ContentIndex()
    if container is None:
        return idx
    stack: list[FieldInfo] = []
    open_marks: dict[str, RangeInfo] = {}
    open_comments: dict[str, RangeInfo] = {}
    links: list[RangeInfo] = []
    sdt_galleries: list[str] = []
    paragraph: etree._Element | None = None
    para_text: list[str] = []
    bookmark_names: dict[str, str] = {}
    walker = etree.iterwalk(container, events=("start", "end"))
    pos = 0
    for event, el in walker:
        pos += 1
        tag = el.tag
        if not isinstance(tag, str):
            continue
        if event == "end":
            if tag == _W + "p":
                for f in stack:
                    if f.state == "result" and el not in f.result_paragraphs:
                        f.result_paragraphs.append(el)
                _emit(stack, open_marks, open_comments, links, "\n")
            elif tag == _W + "fldSimple" and stack and stack[-1].kind == "simple":
                _close_result(stack.pop(), paragraph)
            elif tag == _W + "hyperlink" and links:
                idx.hyperlinks.append(links.pop())
            elif tag == _W + "sdt" and sdt_galleries:
                sdt_galleries.pop()
            continue
        if tag in _SKIP:
            walker.skip_subtree()
            continue
        if tag in _DRAWINGS:
            idx.drawings.append(DrawingRef(el, paragraph))
            walker.skip_subtree()
            continue
        if tag == _W + "p":
            paragraph = el
            para_text = []
        elif tag == _W + "sdt":
            sdt_galleries.append(_gallery(el))
        elif tag == _W + "fldSimple":
            f = FieldInfo("simple", paragraph, [el.get(_W + "instr") or ""], state="result",
                          sdt_gallery=next((g for g in reversed(sdt_galleries) if g), ""),
                          pos=pos)
            f.depth = len(stack)
            idx.fields.append(f)
            stack.append(f)
        elif tag == _W + "fldChar":
            kind = el.get(_W + "fldCharType")
            if kind == "begin":
                f = FieldInfo("complex", paragraph, depth=len(stack),
                              sdt_gallery=next((g for g in reversed(sdt_galleries) if g), ""),
                              pos=pos)
                idx.fields.append(f)
                stack.append(f)
            elif kind == "separate":
                complex_ = [f for f in stack if f.kind == "complex"]
                if complex_:
                    complex_[-1].state = "result"
            elif kind == "end":
                for i in range(len(stack) - 1, -1, -1):
                    if stack[i].kind == "complex":
                        ended = stack[i]
                        del stack[i:]
                        _close_result(ended, paragraph)
                        # A field nested in an instruction reads as its code, as Word's
                        # field-code view shows it: { IF { MERGEFIELD 性别 } = "男" … }.
                        if stack and stack[-1].state == "instr":
                            stack[-1].instruction_parts.append(
                                "{ " + ended.instruction + " }")
                        break
        elif tag == _W + "instrText":
            for f in reversed(stack):
                if f.state == "instr":
                    f.instruction_parts.append(el.text or "")
                    break
        elif tag in (_W + "t", _W + "tab", _W + "br", _W + "cr", _W + "noBreakHyphen"):
            if tag == _W + "t":
                text = el.text or ""
            else:
                text = {_W + "tab": "\t", _W + "noBreakHyphen": "-"}.get(tag, "\n")
            if _emit(stack, open_marks, open_comments, links, text):
                para_text.append(text)
            for f in stack:
                if f.state == "result":
                    f.shown_in = paragraph
        elif tag == _W + "hyperlink":
            links.append(RangeInfo(str(len(idx.hyperlinks) + len(links)), el,
                                   paragraph=paragraph, pos=pos))
        elif tag == _W + "bookmarkStart":
            name = el.get(_W + "name") or ""
            bid = el.get(_W + "id") or ""
            if name and name not in idx.bookmarks:
                info = RangeInfo(name, el, paragraph=paragraph, pos=pos)
                idx.bookmarks[name] = info
                open_marks[bid] = info
                bookmark_names[bid] = name
        elif tag == _W + "bookmarkEnd":
            open_marks.pop(el.get(_W + "id") or "", None)
        elif tag == _W + "commentRangeStart":
            cid = el.get(_W + "id") or ""
            info = idx.comments.setdefault(cid, RangeInfo(cid, el, paragraph=paragraph))
            open_comments[cid] = info
        elif tag == _W + "commentRangeEnd":
            open_comments.pop(el.get(_W + "id") or "", None)
        elif tag in (_W + "footnoteReference", _W + "endnoteReference",
                     _W + "commentReference"):
            kind = {"footnoteReference": "footnote", "endnoteReference": "endnote",
                    "commentReference": "comment"}[etree.QName(el).localname]
            idx.note_refs.append(NoteRef(kind, el.get(_W + "id") or "", paragraph,
                                         "".join(para_text)))
    idx.hyperlinks.extend(links)
    return idx


def _close_result(f: FieldInfo, paragraph: etree._Element | None) -> None:
    """A field closing inside a paragraph its result showed text in keeps that paragraph
    among its result's paragraphs (only a paragraph's end adds it otherwise)."""
    if (f.state == "result" and paragraph is not None and f.shown_in is paragraph
            and paragraph not in f.result_paragraphs):
        f.result_paragraphs.append(paragraph)


def _emit(stack: list[FieldInfo], marks: dict[str, RangeInfo],
          comments: dict[str, RangeInfo], links: list[RangeInfo], text: str) -> bool:
    """Route visible text to open fields' results (or an instruction being built) and to
    open ranges. Returns whether the text is visible (not part of an instruction)."""
    through_result = False
    for f in reversed(stack):
        if f.state == "result":
            f.result_parts.append(text)
            through_result = True
            continue
        if not through_result:
            # Text typed straight into an instruction (not a nested field's result, which
            # the instruction shows as the nested code instead).
            f.instruction_parts.append(text if text != "\n" else " ")
        return False
    for r in marks.values():
        r.parts.append(text)
    for r in comments.values():
        r.parts.append(text)
    for r in links:
        r.parts.append(text)
    return True


def _gallery(sdt: etree._Element) -> str:
    pr = sdt.find(_W + "sdtPr")
    if pr is None:
        return ""
    g = pr.find(f"{_W}docPartObj/{_W}docPartGallery")
    if g is None:
        g = pr.find(f"{_W}docPartList/{_W}docPartGallery")
    return (g.get(_W + "val") or "") if g is not None else ""
