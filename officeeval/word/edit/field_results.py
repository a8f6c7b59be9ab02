"""Field results as Word writes them when it updates the fields of a document (on open, or
F9 on everything): a table of contents regenerated from the headings, REF results set to
the text of the bookmark they name, SEQ numbers counted again, NUMPAGES / PAGE set to the
pages. The rubric audit grades such a document as another correct answer: a rubric that
reads an unfilled TOC's placeholder text or a stale result reads what no candidate's Word
shows.

What to write (the TOC's entries, the page numbers) is the caller's: these functions only
write it. Each edits the main document (and headers/footers for PAGE) through a session and
returns a note; ``NotApplicable`` when there is nothing of the kind to update.
"""

from __future__ import annotations

import copy
import re
from dataclasses import dataclass

from lxml import etree

from officeeval.ooxml.editing import XML_SPACE
from officeeval.ooxml.ns import W
from officeeval.properties.writing import NotApplicable, Session
from officeeval.word.content_index import index_story, split_instruction

_W = f"{{{W}}}"
DEFAULT_TAB = 8296  # twips: A4 with 3.17 cm margins, Word's default text width


@dataclass
class Field:
    """A complex field of a story: its ``begin`` / ``separate`` / ``end`` ``w:fldChar``
    elements (``separate`` ``None`` when it has no result) and its instruction."""

    begin: etree._Element
    instruction: str = ""
    separate: etree._Element | None = None
    end: etree._Element | None = None

    @property
    def tokens(self) -> list[str]:
        return split_instruction(self.instruction)

    @property
    def type(self) -> str:
        t = self.tokens
        return t[0].upper() if t else ""

    def switch(self, name: str) -> str | None:
        toks = self.tokens
        for i, t in enumerate(toks):
            if t.lower() == "\\" + name.lower():
                nxt = toks[i + 1] if i + 1 < len(toks) else ""
                return "" if nxt.startswith("\\") else nxt
        return None


def complex_fields(root: etree._Element) -> list[Field]:
    """The complex fields of a story in order of their beginning (nested ones included)."""
    out: list[Field] = []
    stack: list[Field] = []
    for el in root.iter(_W + "fldChar", _W + "instrText"):
        if el.tag == _W + "instrText":
            if stack and stack[-1].separate is None:
                stack[-1].instruction += el.text or ""
            continue
        kind = el.get(_W + "fldCharType")
        if kind == "begin":
            f = Field(el)
            out.append(f)
            stack.append(f)
        elif kind == "separate" and stack:
            stack[-1].separate = el
        elif kind == "end" and stack:
            stack.pop().end = el
    return [f for f in out if f.end is not None]


def _para(el: etree._Element) -> etree._Element | None:
    while el is not None and el.tag != _W + "p":
        el = el.getparent()
    return el


def _run(el: etree._Element) -> etree._Element:
    return el.getparent()


def _result_runs(f: Field) -> list[etree._Element] | None:
    """The runs showing a field's result when it lies within one paragraph's children (the
    common case); ``None`` otherwise."""
    if f.separate is None or f.end is None:
        return None
    sep, end = _run(f.separate), _run(f.end)
    if sep.getparent() is not end.getparent():
        return None
    out, el = [], sep.getnext()
    while el is not None and el is not end:
        out.append(el)
        el = el.getnext()
    return out if el is end else None


def set_result(f: Field, text: str) -> bool:
    """Write ``text`` as the field's result (its first result run takes it, the others are
    removed); ``False`` when the result spans paragraphs or the field has none."""
    runs = _result_runs(f)
    if runs is None:
        return False
    keep = next((r for r in runs if r.tag == _W + "r" and r.find(_W + "t") is not None), None)
    for r in runs:
        if r is not keep:
            r.getparent().remove(r)
    if keep is None:
        keep = etree.Element(_W + "r")
        rpr = _run(f.separate).find(_W + "rPr")
        if rpr is not None:
            keep.append(copy.deepcopy(rpr))
        _run(f.separate).addnext(keep)
    for t in keep.findall(_W + "t")[1:]:
        keep.remove(t)
    t = keep.find(_W + "t")
    if t is None:
        t = etree.SubElement(keep, _W + "t")
    t.text = text
    t.set(XML_SPACE, "preserve")
    return True


# ------------------------------------------------------------------ TOC
@dataclass(frozen=True)
class TocEntry:
    """One entry to write: the heading (``paragraph``, an index into the document's
    body-level paragraphs), its TOC ``level``, the numbering ``label`` it shows (``""``
    without one) and what follows it (``label_sep``: a tab or a space), its ``text`` and
    the ``page`` label (``""``: no page number)."""

    paragraph: int
    level: int
    label: str
    text: str
    page: str
    label_sep: str = "\t"


def _run_el(text: str | None = None, tab: bool = False) -> etree._Element:
    r = etree.Element(_W + "r")
    if tab:
        etree.SubElement(r, _W + "tab")
    if text is not None:
        t = etree.SubElement(r, _W + "t")
        t.text = text
        t.set(XML_SPACE, "preserve")
    return r


def _fld_runs(instruction: str, result: str) -> list[etree._Element]:
    begin, instr, sep, res, end = (etree.Element(_W + "r") for _ in range(5))
    etree.SubElement(begin, _W + "fldChar").set(_W + "fldCharType", "begin")
    it = etree.SubElement(instr, _W + "instrText")
    it.text = f" {instruction} "
    it.set(XML_SPACE, "preserve")
    etree.SubElement(sep, _W + "fldChar").set(_W + "fldCharType", "separate")
    t = etree.SubElement(res, _W + "t")
    t.text = result
    etree.SubElement(end, _W + "fldChar").set(_W + "fldCharType", "end")
    return [begin, instr, sep, res, end]


def toc_style_ids(session: Session, levels: set[int]) -> dict[int, str]:
    """The style ids of the ``toc N`` paragraph styles for ``levels``, each added (based on
    the default paragraph style, indented two characters a level) when the document lacks
    it."""
    doc = session.doc
    name = doc.package.related_one(doc.main, "styles")  # type: ignore[attr-defined]
    if not name:
        raise NotApplicable("the document has no styles part")
    root = session.part(name)
    found: dict[int, str] = {}
    ids = set()
    default = None
    for st in root.findall(_W + "style"):
        sid = st.get(_W + "styleId") or ""
        ids.add(sid)
        n = st.find(_W + "name")
        m = re.fullmatch(r"toc ([1-9])", (n.get(_W + "val") or "").lower()) \
            if n is not None else None
        if st.get(_W + "type") == "paragraph" and m:
            found.setdefault(int(m.group(1)), sid)
        if st.get(_W + "type") == "paragraph" and st.get(_W + "default") in ("1", "true"):
            default = sid
    for lvl in sorted(levels - set(found)):
        sid = f"TOC{lvl}"
        while sid in ids:
            sid += "x"
        st = etree.SubElement(root, _W + "style", {_W + "type": "paragraph",
                                                   _W + "styleId": sid})
        etree.SubElement(st, _W + "name").set(_W + "val", f"toc {lvl}")
        if default:
            etree.SubElement(st, _W + "basedOn").set(_W + "val", default)
            etree.SubElement(st, _W + "next").set(_W + "val", default)
        etree.SubElement(st, _W + "uiPriority").set(_W + "val", "39")
        etree.SubElement(st, _W + "unhideWhenUsed")
        ppr = etree.SubElement(st, _W + "pPr")
        if lvl > 1:
            ind = etree.SubElement(ppr, _W + "ind")
            ind.set(_W + "leftChars", str(200 * (lvl - 1)))
            ind.set(_W + "left", str(420 * (lvl - 1)))
        found[lvl] = sid
        ids.add(sid)
    return found


def _bookmark(heading: etree._Element, taken: set[str], next_id: list[int]) -> str:
    """The heading's ``_Toc`` bookmark, added around its content when it has none."""
    for b in heading.iter(_W + "bookmarkStart"):
        if (b.get(_W + "name") or "").startswith("_Toc"):
            return b.get(_W + "name") or ""
    n = 900000000 + next_id[0]
    name = f"_Toc{n}"
    while name in taken:
        n += 1
        name = f"_Toc{n}"
    taken.add(name)
    bid = str(next_id[0])
    next_id[0] += 1
    start = etree.Element(_W + "bookmarkStart", {_W + "id": bid, _W + "name": name})
    ppr = heading.find(_W + "pPr")
    if ppr is not None:
        ppr.addnext(start)
    else:
        heading.insert(0, start)
    heading.append(etree.Element(_W + "bookmarkEnd", {_W + "id": bid}))
    return name


def regenerate_toc(session: Session, entries: list[TocEntry], tab_pos: int = DEFAULT_TAB
                   ) -> str:
    """The document's first TOC field's result replaced by ``entries``: one paragraph per
    entry in its ``toc N`` style, a hyperlink to the heading's ``_Toc`` bookmark (added to
    the heading) when the field has ``\\h``, and a PAGEREF with the page after a dotted
    right tab at ``tab_pos`` twips. The field's code stays in the first entry's paragraph
    and its end in the last one's, which also takes a section break the old result's
    paragraph carried."""
    doc = session.doc
    body = doc.body  # type: ignore[attr-defined]
    toc = next((f for f in complex_fields(body) if f.type == "TOC"), None)
    if toc is None or toc.separate is None or toc.end is None:
        raise NotApplicable("the document has no TOC field with a result")
    if not entries:
        raise NotApplicable("no heading for the TOC to list")
    p_begin, p_end = _para(toc.begin), _para(toc.end)
    if p_begin is None or p_end is None or p_begin.getparent() is not p_end.getparent():
        raise NotApplicable("the TOC field does not begin and end in one container")
    heads = list(doc.paragraphs)  # type: ignore[attr-defined]
    styles = toc_style_ids(session, {e.level for e in entries})
    taken = {b.get(_W + "name") or "" for b in body.iter(_W + "bookmarkStart")}
    next_id = [max([int(b.get(_W + "id")) for b in body.iter(_W + "bookmarkStart")
                    if (b.get(_W + "id") or "").isdigit()] + [0]) + 1]
    links = toc.switch("h") is not None
    new_ps: list[etree._Element] = []
    for e in entries:
        if e.paragraph >= len(heads):
            raise NotApplicable(f"heading #{e.paragraph + 1} is not in the document")
        mark = _bookmark(heads[e.paragraph].el, taken, next_id)
        p = etree.Element(_W + "p")
        ppr = etree.SubElement(p, _W + "pPr")
        etree.SubElement(ppr, _W + "pStyle").set(_W + "val", styles[e.level])
        if e.page:
            tabs = etree.SubElement(ppr, _W + "tabs")
            tab = etree.SubElement(tabs, _W + "tab")
            tab.set(_W + "val", "right")
            tab.set(_W + "leader", "dot")
            tab.set(_W + "pos", str(tab_pos))
        runs: list[etree._Element] = []
        if e.label:
            runs.append(_run_el(e.label))
            runs.append(_run_el(tab=True) if e.label_sep == "\t" else _run_el(e.label_sep))
        runs.append(_run_el(e.text))
        if e.page:
            runs.append(_run_el(tab=True))
            runs += _fld_runs(f"PAGEREF {mark} \\h", e.page)
        holder = p
        if links:
            holder = etree.SubElement(p, _W + "hyperlink", {_W + "anchor": mark,
                                                            _W + "history": "1"})
        for r in runs:
            holder.append(r)
        new_ps.append(p)
    session.touch(body)
    # The field's code runs open the first entry; its end closes the last.
    code = []
    el = _run(toc.begin)
    while el is not None:
        code.append(el)
        if el is _run(toc.separate):
            break
        el = el.getnext()
    if not code or code[-1] is not _run(toc.separate) or _run(toc.begin).getparent() \
            is not p_begin:
        raise NotApplicable("the TOC's code is not a run sequence of one paragraph")
    before = [c for c in p_begin if c.tag != _W + "pPr" and c not in code
              and _precedes(c, code[0])]
    end_run = _run(toc.end)
    after = [c for c in p_end if _follows(c, end_run)] if end_run.getparent() is p_end else []
    sect = _sect_pr(p_begin) if p_begin is p_end else _sect_pr(p_end)
    first = new_ps[0]
    anchor = first.find(_W + "pPr")
    for r in reversed(code):
        anchor.addnext(r)
    new_ps[-1].append(end_run)
    container = p_begin.getparent()
    pos = container.index(p_begin)
    old = container[pos:container.index(p_end) + 1]
    kept_before = None
    if before:
        kept_before = etree.Element(_W + "p")
        ppr = p_begin.find(_W + "pPr")
        if ppr is not None:
            kept_before.append(copy.deepcopy(ppr))
            s = kept_before.find(f"{_W}pPr/{_W}sectPr")
            if s is not None:
                s.getparent().remove(s)
        for c in before:
            kept_before.append(c)
    tail = None
    if after:
        tail = etree.Element(_W + "p")
        for c in after:
            tail.append(c)
    for o in old:
        container.remove(o)
    seq = ([kept_before] if kept_before is not None else []) + new_ps + \
        ([tail] if tail is not None else [])
    if sect is not None:
        last_ppr = seq[-1].find(_W + "pPr")
        if last_ppr is None:
            last_ppr = etree.Element(_W + "pPr")
            seq[-1].insert(0, last_ppr)
        last_ppr.append(sect)
    for k, p in enumerate(seq):
        container.insert(pos + k, p)
    return f"TOC of {len(entries)} entries"


def _sect_pr(p: etree._Element) -> etree._Element | None:
    ppr = p.find(_W + "pPr")
    s = ppr.find(_W + "sectPr") if ppr is not None else None
    if s is not None:
        ppr.remove(s)
    return s


def _precedes(a: etree._Element, b: etree._Element) -> bool:
    parent = b.getparent()
    return a.getparent() is parent and parent.index(a) < parent.index(b)


def _follows(a: etree._Element, b: etree._Element) -> bool:
    parent = b.getparent()
    return a.getparent() is parent and parent.index(a) > parent.index(b)


# ------------------------------------------------------------------ SEQ, REF, pages
def renumber_seq(session: Session) -> int:
    """SEQ results counted again per identifier in document order (``\\r n`` restarts,
    ``\\c`` repeats, ``\\h`` hides); a SEQ with another number format is left alone.
    Returns how many results changed."""
    body = session.doc.body  # type: ignore[attr-defined]
    counters: dict[str, int] = {}
    changed = 0
    for f in complex_fields(body):
        if f.type != "SEQ" or len(f.tokens) < 2:
            continue
        ident = f.tokens[1]
        fmt = (f.switch("*") or "arabic").lower()
        if fmt not in ("arabic", "mergeformat"):
            continue
        if f.switch("r") is not None and (f.switch("r") or "").isdigit():
            counters[ident] = int(f.switch("r") or "1")
        elif f.switch("c") is None:
            counters[ident] = counters.get(ident, 0) + 1
        text = "" if f.switch("h") is not None else str(counters.get(ident, 0))
        runs = _result_runs(f)
        old = "".join(t.text or "" for r in (runs or []) for t in r.iter(_W + "t"))
        if old != text and set_result(f, text):
            changed += 1
    if changed:
        session.touch(body)
    return changed


def update_refs(session: Session) -> int:
    """REF results set to the text of the bookmark each names (a REF with ``\\n``, ``\\r``,
    ``\\w``, ``\\p`` or ``\\f`` shows a number or a note and is left alone). Returns how
    many results changed."""
    body = session.doc.body  # type: ignore[attr-defined]
    marks = index_story(body).bookmarks
    changed = 0
    for f in complex_fields(body):
        toks = f.tokens
        if f.type not in ("REF",) and not (f.type.startswith("_REF")) or len(toks) < 2:
            continue
        if any(f.switch(s) is not None for s in ("n", "r", "w", "p", "f")):
            continue
        name = toks[1] if f.type == "REF" else toks[0]
        info = marks.get(name)
        if info is None:
            continue
        runs = _result_runs(f)
        old = "".join(t.text or "" for r in (runs or []) for t in r.iter(_W + "t"))
        text = info.text.split("\n")[0]
        if old != text and set_result(f, text):
            changed += 1
    if changed:
        session.touch(body)
    return changed


def set_page_fields(session: Session, numpages: str | None, page_by_part: dict[str, str]
                    ) -> int:
    """NUMPAGES results (every story) set to ``numpages``, and PAGE results of the header
    and footer parts in ``page_by_part`` set to the page each shows first. Returns how many
    results changed."""
    doc = session.doc
    parts = [doc.main] + [p for p in doc.package.part_names()  # type: ignore[attr-defined]
                          if re.fullmatch(r"word/(header|footer)\d*\.xml", p)]
    changed = 0
    for part in parts:
        root = doc.body if part == doc.main else doc.package.xml(part)  # type: ignore
        for f in complex_fields(root):
            new = numpages if f.type in ("NUMPAGES",) else \
                page_by_part.get(part) if f.type == "PAGE" else None
            if new is None:
                continue
            runs = _result_runs(f)
            old = "".join(t.text or "" for r in (runs or []) for t in r.iter(_W + "t"))
            if old.strip() != new and set_result(f, new):
                changed += 1
                session.touch(root)
    return changed


# ------------------------------------------------------------------ pages without a layout
def page_break_inside(p: etree._Element) -> bool:
    """Whether the paragraph holds an explicit page break (``w:br w:type="page"``)."""
    return any(br.get(_W + "type") == "page" for br in p.iter(_W + "br"))


def story_references(sect_pr: etree._Element) -> list[tuple[str, str]]:
    """(kind, relationship id) of a section's header and footer references: ``kind`` is
    ``default``, ``first`` or ``even``."""
    out = []
    for ref in sect_pr:
        if ref.tag in (_W + "headerReference", _W + "footerReference"):
            rid = ref.get("{http://schemas.openxmlformats.org/officeDocument/2006/"
                          "relationships}id")
            if rid:
                out.append((ref.get(_W + "type") or "default", rid))
    return out
