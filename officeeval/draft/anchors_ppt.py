"""Anchors of a presentation: slides by title, placeholders by their role (``title``,
``placeholder[type='ftr']``), created charts, SmartArt, tables and pictures by kind and
order, other shapes by the name the instruction gives them, their text or their name."""

from __future__ import annotations

from officeeval import vocabulary
from officeeval.draft.anchors import (
    EXACT_MAX, Anchor, by_order, clean, created, in_words, quote, safe_select,
    selects_exactly, short, text_anchor,
)
from officeeval.errors import OfficeEvalError
from officeeval.targets import Document, Target


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
        if in_words(name, words):
            cands.insert(0, named)
        text = clean(t.predicate_value("text"))
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
    titles = [clean(s.predicate_value("title")) for s in slides]
    slide_sel: dict[str, str] = {}
    for i, (s, t) in enumerate(zip(slides, titles), start=1):
        sel = None
        if t and "'" not in t and titles.count(t) == 1:
            cand = f"slide[title={quote(t)}]"
            sel = cand if selects_exactly(doc, cand, s) else None
        sel = sel or s.locator
        slide_sel[s.locator] = sel
        out.append(Anchor(s, sel, "slide", f"幻灯片 {i}" + (f"“{short(t)}”" if t else "")))
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
                out.append(Anchor(p, sel, "slide_paragraph", f"“{short(pt)}”"))
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


