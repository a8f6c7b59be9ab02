"""Anchors of a Word document: paragraphs by their text (or the shortest unique prefix),
sections by the number the instruction gives them or a snippet of body text only they hold,
tables by their first cell, styles by name, created objects by kind and order. A paragraph
of a table of contents' result gets none: a candidate's TOC shows what its own update
wrote."""

from __future__ import annotations

import re

from officeeval.draft.anchors import (
    Anchor, by_name, by_order, clean, created, in_words, numbered, quote, safe_select,
    selects_exactly, short, text_anchor,
)
from officeeval.targets import Document, Target


def toc_paragraphs(doc: Document) -> set:
    """The ``w:p`` elements a table of contents' field shows its result in (its entries or
    an unfilled TOC's placeholder): what a candidate's update writes there is its own."""
    out: set = set()
    for toc in safe_select(doc, "toc"):
        info = getattr(toc, "info", None)
        if info is None:
            continue
        out |= {id(p) for p in info.result_paragraphs}
        if info.paragraph is not None:
            out.add(id(info.paragraph))
    return out


def _section_snippet(doc: Document, s: Target, stexts: list[str]) -> str | None:
    """``section[text*='…']`` by the opening of the longest body paragraphs first: a
    heading's text is also in a filled-in TOC (in another section), body text never."""
    paras = safe_select(doc, f"{s.locator}/paragraph")
    lines = [(p.predicate_value("text") or "", p.predicate_value("style")) for p in paras]
    ranked = sorted(lines, key=lambda x: (_heading_like(x[1]), -len(clean(x[0]))))
    for line, _ in ranked or [(x, None) for x in (s.predicate_value("text") or "").split("\n")]:
        snip = clean(line)[:12]
        if len(snip) >= 2 and "'" not in snip and sum(1 for o in stexts if snip in o) == 1:
            cand = f"section[text*={quote(snip)}]"
            if selects_exactly(doc, cand, s):
                return cand
    return None


def _heading_like(style) -> bool:
    names = style if isinstance(style, (list, tuple)) else [style]
    return any(n and re.search(r"heading|标题|toc|目录|title", str(n), re.I) for n in names)



def _flat(values) -> set:
    out: set = set()
    for v in values:
        if isinstance(v, (list, tuple, set)):
            out |= {x for x in v if x}
        elif v:
            out.add(v)
    return out


def word_anchors(doc: Document, other: Document | None = None,
                 words: str = "") -> list[Anchor]:
    """Every anchorable target of a Word document (``other``: the input, to tell created
    objects; ``words``: the instruction)."""
    out = [Anchor(doc.root(), "document", "document", "文档")]
    paras = safe_select(doc, "paragraph")
    texts = [p.predicate_value("text") or "" for p in paras]
    in_toc = toc_paragraphs(doc)
    for p, t in zip(paras, texts):
        if id(getattr(p, "el", None)) in in_toc:
            continue
        sel = text_anchor(doc, "paragraph", p, t, texts)
        if sel:
            out.append(Anchor(p, sel, "paragraph", f"“{short(t)}”"))
    sections = safe_select(doc, "section")
    sec_sel: dict[str, str] = {}
    given = numbered(words, "节")
    if len(sections) == 1:
        sec_sel[sections[0].locator] = "section"
        out.append(Anchor(sections[0], "section", "section", "节"))
    else:
        stexts = [clean(s.predicate_value("text")) for s in sections]
        for i, s in enumerate(sections, start=1):
            sel = f"section[{i}]" if i in given and \
                selects_exactly(doc, f"section[{i}]", s) else None
            sel = sel or _section_snippet(doc, s, stexts) or s.locator
            sec_sel[s.locator] = sel
            out.append(Anchor(s, sel, "section", f"第 {i} 节"))
    for kind in ("header", "footer"):
        for h in safe_select(doc, kind):
            sec, _, rest = h.locator.partition("/")
            sel = f"{sec_sel.get(sec, sec)}/{rest}" if rest else h.locator
            if selects_exactly(doc, sel, h):
                out.append(Anchor(h, sel, kind, f"{sec} 的{'页眉' if kind == 'header' else '页脚'}"))
    used = [p.predicate_value("style") for p in paras]
    for st in safe_select(doc, "style"):
        names = st.predicate_value("name") or []
        name = names[-1] if isinstance(names, (list, tuple)) and names else None
        if not name or "'" in name:
            continue
        ids = set(names) if isinstance(names, (list, tuple)) else {names}
        custom = getattr(getattr(st, "style", None), "custom", False)
        if not (ids & _flat(used)) and not custom:
            continue
        sel = f"style({quote(name)})"
        if selects_exactly(doc, sel, st):
            out.append(Anchor(st, sel, "style", f"样式“{name}”"))
    tables = safe_select(doc, "table")
    ttexts = [t.predicate_value("text") or "" for t in tables]
    for tb, tt in zip(tables, ttexts):
        first = clean(tt.split("\t")[0].split("\n")[0])
        sel = None
        if first and "'" not in first and sum(1 for o in ttexts if clean(o).startswith(first)) == 1:
            cand = f"table[text^={quote(first)}]"
            sel = cand if selects_exactly(doc, cand, tb) else None
        sel = sel or tb.locator
        out.append(Anchor(tb, sel, "table", f"表格（{short(first, 8)}）"))
        for rw in safe_select(doc, f"{tb.locator}/row"):
            rest = rw.locator.rpartition("/")[2]
            out.append(Anchor(rw, f"{sel}/{rest}", "table_row", f"表格{rest}", parent=sel))
        for c in safe_select(doc, f"{tb.locator}/cell"):
            rest = c.locator.rpartition("/")[2]
            out.append(Anchor(c, f"{sel}/{rest}", "table_cell", f"表格单元格 {rest}",
                              parent=sel))
    for step in ("image", "chart", "smartart", "textbox", "shape"):
        for t in safe_select(doc, step):
            sel = by_name(doc, step, t)
            if created(other, sel) and not in_words(t.predicate_value("name"), words):
                sel = by_order(doc, step, t) or sel
            out.append(Anchor(t, sel, step, f"{step} {t.predicate_value('name') or ''}"))
    for t in safe_select(doc, "toc"):
        out.append(Anchor(t, t.locator, "toc", "目录"))
    return out


