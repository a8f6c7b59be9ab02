"""From changes to proposed criteria: one criterion per changed property group (a family of
properties, on the targets that changed the same way), each check with the comparator a
rubric author would pick, and the structure counted (tables, sheets, slides added)."""

from __future__ import annotations

import math
import re

from officeeval.draft.anchors import Anchor, quote, safe_select
from officeeval.draft.changes import Change, Diff, observe, shown
from officeeval.draft.criteria import (
    DraftCheck, DraftCriterion, family_of, literal, make_check, skill_of,
)
from officeeval.draft.instruction import prop_words
from officeeval.draft.preservation import preservation_criteria
from officeeval.draft.ranges import range_selector, range_token, rectangles
from officeeval.errors import OfficeEvalError
from officeeval.targets import Document


def _signature(changes: list[Change]) -> tuple:
    return tuple(sorted((c.prop, _sig_value(c)) for c in changes))


def _sig_value(c: Change) -> str:
    if c.vtype is None:
        return "formula:" + ",".join(_functions(c.anchor))
    if c.anchor.group == "cell" and c.prop == "cell.value":
        return "typed"          # typed values: a range of them is one edit
    if c.prop in ("cell.text", "text"):
        return "typed"          # the cells of a new table, the edits of a replace-all
    return shown(c.ref, c.vtype)


def _functions(a: Anchor) -> list[str]:
    try:
        obs = observe("cell.functions", a.target)
    except (OfficeEvalError, LookupError):
        return []
    return list(obs.value or []) if obs else []


def _group_selectors(ref: Document, anchors: list[Anchor], props: set[str]) -> list[str]:
    """Selectors covering exactly ``anchors`` in ``ref``: one selector over all of them
    when one exists (a style, a range), else one per anchor."""
    if not anchors:
        return []
    if anchors[0].group == "cell":
        out = []
        by_sheet: dict[str, list[Anchor]] = {}
        for a in anchors:
            by_sheet.setdefault(a.parent, []).append(a)
        for ssel, cells in by_sheet.items():
            out += [range_selector(ssel, r) for r in rectangles(cells)]
        return out
    if len(anchors) == 1:
        return [anchors[0].selector]
    want = sorted(a.target.locator for a in anchors)
    cands: list[str] = []
    if anchors[0].group == "paragraph" and "paragraph.style" not in props:
        styles = {_style_name(a) for a in anchors}
        if len(styles) == 1 and None not in styles:
            cands.append(f"paragraph[style={quote(styles.pop())}]")
    if anchors[0].group == "paragraph":
        everything = safe_select(ref, "paragraph")
        chosen = {a.target.locator for a in anchors}
        rest = [t for t in everything if t.locator not in chosen]
        preds = []
        for t in rest:
            text = (t.predicate_value("text") or "").strip()
            if not text or "'" in text:
                preds = None
                break
            preds.append(f"[not(text={quote(text)})]" if len(text) <= 30
                         else f"[not(text^={quote(text[:12])})]")
        if preds is not None and len(preds) <= 3:
            cands.append("paragraph" + "".join(preds))
    if anchors[0].group == "slide":
        cands.append("slide")
    if anchors[0].group == "table_cell":
        cands.append(f"{anchors[0].parent}/cell")
    if anchors[0].group == "section":
        cands.append("section")
    for sel in cands:
        got = sorted(t.locator for t in safe_select(ref, sel))
        if got == want:
            return [sel]
    return [a.selector for a in anchors]


def _style_name(a: Anchor) -> str | None:
    try:
        obs = observe("paragraph.style", a.target)
    except (OfficeEvalError, LookupError):
        return None
    return str(obs.value) if obs and obs.value and "'" not in str(obs.value) else None


def propose(diff: Diff, inp: Document, ref: Document) -> list[DraftCriterion]:
    """The proposed criteria (points not yet assigned)."""
    by_target: dict[str, list[Change]] = {}
    anchor_of: dict[str, Anchor] = {}
    for c in _pruned(diff.changes):
        by_target.setdefault(c.anchor.selector, []).append(c)
        anchor_of[c.anchor.selector] = c.anchor
    # (family, anchor group, parent, signature) -> anchors
    groups: dict[tuple, list[Anchor]] = {}
    sig_changes: dict[tuple, list[Change]] = {}
    for sel, changes in by_target.items():
        fams: dict[str, list[Change]] = {}
        for c in changes:
            fams.setdefault(family_of(c.prop), []).append(c)
        for fam, cs in fams.items():
            a = anchor_of[sel]
            key = (fam, a.group, a.parent if a.group == "cell" else "", _signature(cs))
            groups.setdefault(key, []).append(a)
            sig_changes.setdefault(key, cs)
    out: list[DraftCriterion] = []
    for (fam, group, _, _sig), anchors in groups.items():
        template = sig_changes[(fam, group, _, _sig)]
        selectors = _group_selectors(ref, anchors, {c.prop for c in template})
        checks: list[DraftCheck] = []
        tokens: list[str] = []
        for sel in selectors:
            for c in sorted(template, key=lambda c: c.prop):
                if c.prop == "formula":
                    checks += _formula_checks(sel, c.anchor, ref)
                    tokens += _functions(c.anchor)
                    continue
                k = make_check(sel, c)
                if c.anchor.group == "cell" and c.prop == "cell.value" and ":" in sel:
                    k = DraftCheck(sel, c.prop, "equals", expected_from="reference",
                                   note="values typed as in the reference")
                checks.append(k)
                if k.expected:
                    tokens.append(k.expected)
        sid, sname = skill_of(template[0].prop)
        labels = [a.label for a in anchors]
        what = "、".join(labels[:3]) + (f" 等 {len(labels)} 处" if len(labels) > 3 else "")
        vals = "，".join(f"{k.prop or 'count'} {k.expected}" if k.expected else
                        f"{k.prop} 同参考" for k in checks[:4])
        desc = f"{what}：{vals}" + ("…" if len(checks) > 4 else "")
        weight = 1 + math.log2(len(anchors)) + 0.15 * (len(template) - 1)
        evidence = [f"{a.selector}: " + "; ".join(
            f"{c.prop} {shown(c.inp, c.vtype) if c.vtype else ''} -> "
            f"{shown(c.ref, c.vtype) if c.vtype else 'formula'}" for c in by_target[a.selector]
            if family_of(c.prop) == fam)[:300] for a in anchors[:3]]
        tokens += [a.label.strip("“”") for a in anchors]
        tokens += prop_words(c.prop for c in template)
        tokens += [range_token(s) for s in selectors]
        out.append(DraftCriterion("", sid, desc, checks, weight, evidence=evidence,
                                  tokens=[t for t in tokens if t]))
        out[-1].skill_name = sname  # type: ignore[attr-defined]
    out += _structure(diff, inp, ref)
    out += preservation_criteria(diff, inp, ref)
    return out


SIDES_OF_OUTER = {"table.border.top", "table.border.bottom", "table.border.left",
                  "table.border.right"}


SIDES_OF_INNER = {"table.border.inside_h", "table.border.inside_v"}


def _named_size(changes: list[Change], c: Change) -> bool:
    """Whether the paper size the target changed to has a name (A4, B5, Letter …): then
    its width and height restate it; a custom size is checked by width and height."""
    for x in changes:
        if x.anchor.selector == c.anchor.selector and x.prop == "page.size":
            lit = literal(x.vtype, x.ref.value, x.prop) or ""
            return bool(re.match(r"^(A\d|B\d|Letter|Legal|\d+开)", lit))
    return False


def _pruned(changes: list[Change]) -> list[Change]:
    """Drop restatements: page width and height when the paper size changed; a default
    paragraph style's change when the paragraphs using it show it (they are what the
    instruction names)."""
    props_of: dict[str, set[str]] = {}
    for c in changes:
        props_of.setdefault(c.anchor.selector, set()).add(c.prop)
    para_props = {c.prop for c in changes if c.anchor.group in ("paragraph", "span")}
    restyled = {c.anchor.selector for c in changes if c.prop == "paragraph.style"}
    style_changes = {(getattr(getattr(c.anchor.target, "style", None), "id", None), c.prop,
                      shown(c.ref, c.vtype)) for c in changes if c.anchor.group == "style"}
    # The default paragraph style's changes are graded on its paragraphs (below), so those
    # paragraphs keep the formatting it brings.
    default_ids = {getattr(getattr(c.anchor.target, "style", None), "id", None)
                   for c in changes if c.anchor.group == "style" and
                   getattr(getattr(c.anchor.target, "style", None), "is_default", False)}
    out = []
    for c in changes:
        # Paragraph formatting a modified style brings: graded on the style (the instruction
        # says to modify it); the paragraphs' fonts are still checked as shown.
        if c.anchor.group == "paragraph" and c.prop.startswith("paragraph.") and \
                c.prop != "paragraph.style" and c.ref.source.startswith("style:") and (
                    (c.ref.source[6:], c.prop, shown(c.ref, c.vtype)) in style_changes
                    and c.ref.source[6:] not in default_ids
                    or c.anchor.selector in restyled):
            continue    # brought by the style: graded by the style and its application
        if c.prop in ("page.width", "page.height") and \
                "page.size" in props_of[c.anchor.selector] and _named_size(changes, c):
            continue
        if c.prop in SIDES_OF_OUTER and "table.border.outer" in props_of[c.anchor.selector]:
            continue
        if c.prop in SIDES_OF_INNER and "table.border.inner" in props_of[c.anchor.selector]:
            continue
        st = getattr(c.anchor.target, "style", None)
        if c.anchor.group == "style" and getattr(st, "is_default", False) and \
                c.prop in para_props:
            continue
        out.append(c)
    return out


def _formula_checks(sel: str, a: Anchor, ref: Document) -> list[DraftCheck]:
    funcs = _functions(a)
    out = [DraftCheck(sel, "cell.has_formula", "equals", "true")]
    if funcs:
        out.append(DraftCheck(sel, "cell.functions", "contains_all", "|".join(funcs)))
    out.append(DraftCheck(sel, "cell.value", "equals", expected_from="reference"))
    try:
        fmt = observe("cell.number_format", a.target)
        formula = observe("cell.formula", a.target)
    except (OfficeEvalError, LookupError):
        fmt = formula = None
    if fmt is not None and fmt.value and str(fmt.value).lower() != "general":
        out.append(DraftCheck(sel, "cell.display", "equals", expected_from="reference"))
    m = re.search(r"\$[A-Z]{1,3}\$\d+:\$[A-Z]{1,3}\$\d+", str(formula.value if formula else ""))
    if m:
        out.append(DraftCheck(sel, "cell.formula", "contains", m.group(0)))
    return out


# Collections whose number matters: a new chart, section, caption or slide is an edit.
COUNTED = {
    "word": ["section", "table", "image", "chart", "smartart", "caption", "toc",
             "footnote", "hyperlink", "textbox", "field[type='REF']"],
    "excel": ["sheet", "sheet/chart", "sheet/pivot", "sheet/conditional_format",
              "sheet/validation", "sheet/table"],
    "ppt": ["slide", "slide/smartart", "slide/chart", "slide/table", "slide/picture",
            "slide/animation", "layout"],
}


def _structure(diff: Diff, inp: Document, ref: Document) -> list[DraftCriterion]:
    out = []
    for sel in COUNTED.get(ref.app, []):
        n_ref, n_inp = len(safe_select(ref, sel)), len(safe_select(inp, sel))
        if n_ref != n_inp:
            out.append(DraftCriterion("", "structure", f"{sel} 的数量：{n_inp} → {n_ref}",
                                      [DraftCheck(sel, None, "count", str(n_ref),
                                                  note=f"input: {n_inp}")], 1.0,
                                      tokens=[sel.split("/")[-1]]))
    if ref.app == "word":
        styles = {}
        for t in safe_select(ref, "paragraph"):
            try:
                obs = observe("paragraph.style", t)
            except (OfficeEvalError, LookupError):
                continue
            if obs is not None and obs.value and "'" not in str(obs.value):
                styles[str(obs.value)] = styles.get(str(obs.value), 0) + 1
        for name, n in styles.items():
            sel = f"paragraph[style={quote(name)}]"
            n_inp = len(safe_select(inp, sel))
            if n_inp != n and n <= 40:
                out.append(DraftCriterion("", "style", f"应用“{name}”样式的段落数：{n_inp} → {n}",
                                          [DraftCheck(sel, None, "count", str(n),
                                                      note=f"input: {n_inp}")], 1.0,
                                          tokens=[name]))
    for a in diff.gone:
        out.append(DraftCriterion("", "text", f"删除 {a.label}",
                                  [DraftCheck(a.selector, None, "count", "0",
                                              note="present in the input")], 1.0,
                                  tokens=[a.label.strip("“”")]))
    return out
