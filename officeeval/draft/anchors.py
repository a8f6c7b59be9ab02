"""Anchors: the targets of a reference document, each with a selector that finds it by
content, so that the same selector finds its counterpart in the input (and in a candidate's
output) whatever was inserted before it.

Word paragraphs are found by their text (``paragraph[text='调查背景']``, or the shortest
unique prefix), sections by the number the instruction gives them (``第 3 节`` ->
``section[3]``) or else by a snippet of body text only they hold, tables by their first
cell, styles by name; Excel cells by sheet name and address; PowerPoint slides by title,
placeholders by their role (``title``, ``placeholder[type='ftr']``). A target with no
content to anchor on (an empty paragraph) gets no anchor, and neither does a paragraph of a
table of contents' result (an unfilled TOC's placeholder, or entries: a candidate's TOC
shows what its own update wrote).

An object the task creates (it is in the reference, not in ``other``, the input) is found
by its kind and order under its parent (``chart[1]``, ``slide[8]/smartart[1]``), never by
a name only the reference has: a name the instruction gives (``名称为“返回首页”``, in
``words``) is kept. Every selector is verified: it must select exactly its target in the
reference.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from officeeval import vocabulary
from officeeval.errors import OfficeEvalError
from officeeval.selectors import select
from officeeval.targets import Document, Target

PREFIX_MIN = 6     # characters of a text prefix before it is worth trying
PREFIX_MAX = 24    # longer than this and the anchor is no longer readable
EXACT_MAX = 30     # texts up to this long are anchored whole


@dataclass
class Anchor:
    """A reference target and the selector that finds it by content. ``group`` names the
    family of targets it belongs to (``paragraph``, ``style``, ``cell`` …); ``label`` is a
    short human name for descriptions; ``parent`` the anchor selector of its container."""

    target: Target
    selector: str
    group: str
    label: str
    parent: str = ""
    extra: dict = field(default_factory=dict)


def quote(text: str) -> str:
    """A selector string literal for ``text`` (single quotes; a quote inside is doubled
    by switching to the other quote when possible)."""
    if "'" not in text:
        return f"'{text}'"
    return f'"{text}"'


def _clean(text: str | None) -> str:
    return re.sub(r"\s+", " ", (text or "")).strip()


def selects_exactly(doc: Document, selector: str, target: Target | None) -> bool:
    """Whether ``selector`` selects exactly ``target`` (by locator) in ``doc``; with
    ``target=None``, whether it selects exactly one target."""
    try:
        got = select(doc, selector)
    except (OfficeEvalError, LookupError, ValueError):
        return False
    if len(got) != 1:
        return False
    return target is None or got[0].locator == target.locator


def safe_select(doc: Document, selector: str) -> list[Target]:
    """``select`` that answers ``[]`` for a selector this document cannot evaluate."""
    try:
        return select(doc, selector)
    except (OfficeEvalError, LookupError, ValueError):
        return []


def text_anchor(doc: Document, step: str, target: Target, text: str,
                others: list[str], prefix: str = "") -> str | None:
    """``step[text='…']`` or ``step[text^='…']`` that picks ``target`` out of its siblings
    (``others`` are all the siblings' texts); ``None`` when no text of it is unique."""
    # The text with its white space collapsed, then as written: a full-width space
    # (“校团委\u3000图书馆”) is white space to the first but part of the text to a selector.
    for t, cleaned in ((_clean(text), [_clean(o) for o in others]),
                       ((text or "").strip(), [(o or "").strip() for o in others])):
        if not t or any(q in t for q in ("'",)) and '"' in t:
            return None
        if len(t) <= EXACT_MAX and cleaned.count(t) == 1:
            sel = f"{prefix}{step}[text={quote(t)}]"
            if selects_exactly(doc, sel, target):
                return sel
        for n in range(PREFIX_MIN, min(len(t), PREFIX_MAX) + 1):
            head = t[:n]
            if head[-1].isspace():
                continue
            if sum(1 for o in cleaned if o.startswith(head)) == 1:
                sel = f"{prefix}{step}[text^={quote(head)}]"
                if selects_exactly(doc, sel, target):
                    return sel
        if t == (text or "").strip():
            break
    return None


def _short(text: str | None, n: int = 12) -> str:
    t = _clean(text)
    return t if len(t) <= n else t[:n] + "…"


def _named(doc: Document, step: str, t: Target, prefix: str = "") -> str:
    """``step[name='…']`` when the name is unique, else the target's own locator."""
    name = t.predicate_value("name")
    if isinstance(name, (list, tuple)):
        name = name[0] if name else None
    if isinstance(name, str) and name and "'" not in name:
        sel = f"{prefix}{step}[name={quote(name)}]"
        if selects_exactly(doc, sel, t):
            return sel
    return t.locator


_CN_DIGITS = {c: i for i, c in enumerate("零一二三四五六七八九十", start=0)}


def numbered(words: str, unit: str) -> set[int]:
    """The numbers ``words`` gives things of ``unit`` (``第 3 节``, ``第三节`` -> 3)."""
    out = set()
    for m in re.finditer(rf"第\s*([0-9]+|[一二三四五六七八九十]+)\s*{unit}", words or ""):
        n = m.group(1)
        if n.isdigit():
            out.add(int(n))
        elif len(n) == 1:
            out.add(_CN_DIGITS[n])
        elif n.startswith("十"):
            out.add(10 + _CN_DIGITS.get(n[1:], 0))
    return out


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
    ranked = sorted(lines, key=lambda x: (_heading_like(x[1]), -len(_clean(x[0]))))
    for line, _ in ranked or [(x, None) for x in (s.predicate_value("text") or "").split("\n")]:
        snip = _clean(line)[:12]
        if len(snip) >= 2 and "'" not in snip and sum(1 for o in stexts if snip in o) == 1:
            cand = f"section[text*={quote(snip)}]"
            if selects_exactly(doc, cand, s):
                return cand
    return None


def _heading_like(style) -> bool:
    names = style if isinstance(style, (list, tuple)) else [style]
    return any(n and re.search(r"heading|标题|toc|目录|title", str(n), re.I) for n in names)


def created(other: Document | None, selector: str) -> bool:
    """Whether the target ``selector`` finds is one the task creates: ``other`` (the
    input) has nothing there. ``False`` without an ``other``."""
    return other is not None and not safe_select(other, selector)


def _in_words(name, words: str) -> bool:
    return isinstance(name, str) and len(name) >= 2 and name in (words or "")


def by_order(doc: Document, step: str, t: Target, prefix: str = "") -> str | None:
    """``prefix step[k]``: the target as the k-th of its kind under its parent, when that
    selects exactly it."""
    got = safe_select(doc, f"{prefix}{step}")
    ids = [x.locator for x in got]
    if t.locator not in ids:
        return None
    sel = f"{prefix}{step}[{ids.index(t.locator) + 1}]"
    return sel if selects_exactly(doc, sel, t) else None


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
            out.append(Anchor(p, sel, "paragraph", f"“{_short(t)}”"))
    sections = safe_select(doc, "section")
    sec_sel: dict[str, str] = {}
    given = numbered(words, "节")
    if len(sections) == 1:
        sec_sel[sections[0].locator] = "section"
        out.append(Anchor(sections[0], "section", "section", "节"))
    else:
        stexts = [_clean(s.predicate_value("text")) for s in sections]
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
        first = _clean(tt.split("\t")[0].split("\n")[0])
        sel = None
        if first and "'" not in first and sum(1 for o in ttexts if _clean(o).startswith(first)) == 1:
            cand = f"table[text^={quote(first)}]"
            sel = cand if selects_exactly(doc, cand, tb) else None
        sel = sel or tb.locator
        out.append(Anchor(tb, sel, "table", f"表格（{_short(first, 8)}）"))
        for rw in safe_select(doc, f"{tb.locator}/row"):
            rest = rw.locator.rpartition("/")[2]
            out.append(Anchor(rw, f"{sel}/{rest}", "table_row", f"表格{rest}", parent=sel))
        for c in safe_select(doc, f"{tb.locator}/cell"):
            rest = c.locator.rpartition("/")[2]
            out.append(Anchor(c, f"{sel}/{rest}", "table_cell", f"表格单元格 {rest}",
                              parent=sel))
    for step in ("image", "chart", "smartart", "textbox", "shape"):
        for t in safe_select(doc, step):
            sel = _named(doc, step, t)
            if created(other, sel) and not _in_words(t.predicate_value("name"), words):
                sel = by_order(doc, step, t) or sel
            out.append(Anchor(t, sel, step, f"{step} {t.predicate_value('name') or ''}"))
    for t in safe_select(doc, "toc"):
        out.append(Anchor(t, t.locator, "toc", "目录"))
    return out


def _flat(values) -> set:
    out: set = set()
    for v in values:
        if isinstance(v, (list, tuple, set)):
            out |= {x for x in v if x}
        elif v:
            out.add(v)
    return out


def excel_anchors(doc: Document, other: Document | None = None,
                  words: str = "") -> list[Anchor]:
    """Every anchorable target of a workbook: cells by sheet name and address over the
    union of this document's and ``other``'s used ranges; a created table, chart or pivot
    table by its order on its sheet unless the instruction (``words``) names it."""
    from officeeval.catalog import resolve
    out = [Anchor(doc.root(), "workbook", "workbook", "工作簿")]
    for sh in safe_select(doc, "sheet"):
        name = sh.predicate_value("name")
        ssel = f"sheet({quote(name)})"
        out.append(Anchor(sh, ssel, "sheet", f"工作表“{name}”"))
        areas = []
        for d in (doc, other):
            if d is None:
                continue
            for t in safe_select(d, ssel):
                try:
                    obs = resolve("sheet.used_range", t)
                except (OfficeEvalError, LookupError, KeyError):
                    obs = None
                if obs is not None and obs.value:
                    areas.append(str(obs.value))
        box = _bounding(areas)
        if box:
            for c in safe_select(doc, f"{ssel}/{box}"):
                out.append(Anchor(c, f"{ssel}/{c.ref}", "cell", f"{name}!{c.ref}",
                                  parent=ssel, extra={"sheet": name, "row": c.row,
                                                      "col": c.col}))
        for step in ("column", "row"):
            for t in safe_select(doc, f"{ssel}/{step}"):
                rest = t.locator.rpartition("/")[2]
                out.append(Anchor(t, f"{ssel}/{rest}", step, f"{name} {rest}", parent=ssel))
        for step in ("chart", "pivot", "table", "conditional_format", "validation"):
            for t in safe_select(doc, f"{ssel}/{step}"):
                rest = t.locator.rpartition("/")[2]
                sel = f"{ssel}/{rest}"
                oname = t.predicate_value("name")
                oname = oname[-1] if isinstance(oname, (list, tuple)) and oname else oname
                if created(other, sel) and not _in_words(oname, words):
                    sel = by_order(doc, step, t, ssel + "/") or sel
                out.append(Anchor(t, sel, step, f"{name} {rest}", parent=ssel))
    for t in safe_select(doc, "name"):
        out.append(Anchor(t, t.locator, "name", t.locator))
    return out


def _bounding(areas: list[str]) -> str | None:
    from officeeval.excel.refs import parse_area
    boxes = []
    for a in areas:
        try:
            ar = parse_area(a.split("!")[-1].replace("$", ""))
        except (ValueError, OfficeEvalError):
            continue
        if ar is not None:
            boxes.append(ar)
    if not boxes:
        return None
    from officeeval.excel.refs import cell_ref
    r1 = min(b.r1 for b in boxes)
    c1 = min(b.c1 for b in boxes)
    r2 = max(b.r2 for b in boxes)
    c2 = max(b.c2 for b in boxes)
    return f"{cell_ref(r1, c1)}:{cell_ref(r2, c2)}"


# Placeholder types as a step writes them, in the order a type list names them.
_PH_TYPES = ("subTitle", "ftr", "sldNum", "dt", "body")
# Kinds of shapes a slide's steps reach by kind (``slide[3]/chart[1]``).
_SHAPE_STEPS = ("chart", "smartart", "table", "picture")


def shape_selector(doc: Document, base: str, t: Target, other: Document | None,
                    words: str) -> str:
    """A slide shape's selector: a title as ``title``, another placeholder by its type, a
    created chart, SmartArt, table or picture by kind and order, a created shape by the
    name the instruction gives it or its text; else by name (the input's own names)."""
    prefix = base + "/"
    types = t.predicate_value("type") or []
    types = list(types) if isinstance(types, (list, tuple)) else [types]
    cands: list[str] = []
    kind = getattr(getattr(t, "shape", None), "kind", "") or ""
    if kind in _SHAPE_STEPS and created(other, f"{prefix}{kind}"):
        # A chart or SmartArt the task puts in a placeholder ("将正文转换为 SmartArt"): a
        # candidate's may be no placeholder at all; the slide's first of its kind is it.
        cands += [c for c in (f"{prefix}{kind}[1]", by_order(doc, kind, t, prefix)) if c]
    if "title" in types or "ctrTitle" in types:
        cands.append(f"{prefix}title")
    for ph in _PH_TYPES:
        if ph in types:
            by = by_order(doc, f"placeholder[type={quote(ph)}]", t, prefix)
            # A body by its order: a layout the task switches to may add an empty one.
            cands += [by, f"{prefix}placeholder[type={quote(ph)}]"] if ph == "body" else \
                [f"{prefix}placeholder[type={quote(ph)}]", by]
            cands = [c for c in cands if c]
            break
    named = f"{prefix}shape[name={quote(t.predicate_value('name') or '')}]"
    if created(other, named):
        if kind in _SHAPE_STEPS:
            cands.append(f"{prefix}{kind}[1]")
            by = by_order(doc, kind, t, prefix)
            if by:
                cands.append(by)
        name = t.predicate_value("name")
        if _in_words(name, words):
            cands.insert(0, named)
        text = _clean(t.predicate_value("text"))
        if text and len(text) <= EXACT_MAX and "'" not in text:
            cands.append(f"{prefix}shape[text={quote(text)}]")
        geometry = _geometry(t)
        token = vocabulary.get("shape_geometry").canonical(geometry) if geometry else None
        if token and token.startswith("actionButton"):
            # Any action button: which one is a check of its own (or the writer's choice),
            # so a different button loses that check, not its click action too.
            cands.append(f"{prefix}shape[shape.geometry^='actionButton']")
        if geometry:
            kind = f"shape[shape.geometry={quote(geometry)}]"
            cands += [c for c in (f"{prefix}{kind}", by_order(doc, kind, t, prefix)) if c]
    for sel in cands:
        if selects_exactly(doc, sel, t):
            return sel
    return named if selects_exactly(doc, named, t) else t.locator


def _geometry(t: Target) -> str | None:
    """A shape's preset geometry as a rubric literal (圆角矩形), ``None`` without one."""
    from officeeval.catalog import catalog, resolve
    from officeeval.draft.criteria import literal   # criteria reads changes, which reads us
    try:
        obs = resolve("shape.geometry", t)
        vtype = catalog().get("shape.geometry").type_for("ppt")
        lit = literal(vtype, obs.value, "shape.geometry") if obs is not None else None
        if lit:
            vtype.parse(lit)
    except (OfficeEvalError, LookupError, ValueError, KeyError):
        return None
    return lit if lit and "'" not in lit else None


def ppt_anchors(doc: Document, other: Document | None = None,
                words: str = "") -> list[Anchor]:
    """Every anchorable target of a presentation: slides by title, shapes by role, kind
    or name (``other``: the input, to tell created shapes; ``words``: the instruction)."""
    out = [Anchor(doc.root(), "presentation", "presentation", "演示文稿")]
    slides = safe_select(doc, "slide")
    titles = [_clean(s.predicate_value("title")) for s in slides]
    slide_sel: dict[str, str] = {}
    for i, (s, t) in enumerate(zip(slides, titles), start=1):
        sel = None
        if t and "'" not in t and titles.count(t) == 1:
            cand = f"slide[title={quote(t)}]"
            sel = cand if selects_exactly(doc, cand, s) else None
        sel = sel or s.locator
        slide_sel[s.locator] = sel
        out.append(Anchor(s, sel, "slide", f"幻灯片 {i}" + (f"“{_short(t)}”" if t else "")))
    def rebase(t: Target) -> str:
        head, _, rest = t.locator.partition("/")
        return f"{slide_sel.get(head, head)}/{rest}" if rest else t.locator
    shape_sel: dict[str, str] = {}
    for t in safe_select(doc, "slide/shape"):
        head = t.locator.partition("/")[0]
        sel = shape_selector(doc, slide_sel.get(head, head), t, other, words)
        shape_sel[t.locator] = sel
        out.append(Anchor(t, sel, "shape", sel))

    def under_shape(t: Target) -> str:
        for loc, sel in shape_sel.items():
            if t.locator.startswith(loc + "/"):
                return sel + t.locator[len(loc):]
        return rebase(t)
    for step, group in (("slide/animation", "animation"), ("slide/table/cell", "slide_cell"),
                        ("slide/smartart", "smartart")):
        for t in safe_select(doc, step):
            sel = under_shape(t)
            if group == "smartart" and t.locator in shape_sel:
                sel = shape_sel[t.locator]
            if selects_exactly(doc, sel, t):
                out.append(Anchor(t, sel, group, sel))
    for t in safe_select(doc, "slide/shape"):
        if getattr(getattr(t, "shape", None), "kind", "") in ("table", "chart", "smartart"):
            continue  # their text lives in cells and nodes, anchored on their own
        base = shape_sel.get(t.locator) or rebase(t)
        paras = safe_select(doc, f"{t.locator}/paragraph")
        if len(paras) < 2:
            continue
        ptexts = [p.predicate_value("text") or "" for p in paras]
        for p, pt in zip(paras, ptexts):
            sel = text_anchor(doc, "paragraph", p, pt, ptexts, prefix=base + "/")
            if sel:
                out.append(Anchor(p, sel, "slide_paragraph", f"“{_short(pt)}”"))
    for t in safe_select(doc, "master"):
        out.append(Anchor(t, t.locator, "master", "母版"))
        for ph in ("title", "placeholder[type='body']"):
            for x in safe_select(doc, f"{t.locator}/{ph}"):
                sel = f"{t.locator}/{ph}"
                if selects_exactly(doc, sel, x):
                    out.append(Anchor(x, sel, "master_shape", f"母版{ph}"))
    for t in safe_select(doc, "custom_show"):
        name = t.predicate_value("name")
        sel = f"custom_show({quote(name)})" if isinstance(name, str) and name else t.locator
        if selects_exactly(doc, sel, t):
            out.append(Anchor(t, sel, "custom_show", f"自定义放映“{name}”"))
    for t in safe_select(doc, "layout"):
        names = t.predicate_value("name") or []
        name = names[0] if isinstance(names, (list, tuple)) and names else None
        sel = f"layout({quote(name)})" if name and "'" not in name else t.locator
        if selects_exactly(doc, sel, t):
            out.append(Anchor(t, sel, "layout", f"版式“{name}”"))
    return out


def anchors(doc: Document, other: Document | None = None, words: str = "") -> list[Anchor]:
    """The anchors of ``doc`` for its app (``other``: the document it is compared with,
    the input when ``doc`` is the reference; ``words``: the instruction's text)."""
    if doc.app == "word":
        return word_anchors(doc, other, words)
    if doc.app == "excel":
        return excel_anchors(doc, other, words)
    return ppt_anchors(doc, other, words)
