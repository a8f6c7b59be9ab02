"""From changes to proposed criteria: one criterion per changed property group (a family of
properties, on the targets that changed the same way), each check with the comparator a
rubric author would pick, and the structure counted (tables, sheets, slides added)."""

from __future__ import annotations

import math
import re

from officeeval import apps
from officeeval.draft.anchors import Anchor, quote, safe_select
from officeeval.draft.changes import FORMULA_WRITTEN, Change, Diff, observe, shown
from officeeval.draft.criteria import (
    DraftCheck, DraftCriterion, describe, family_of, literal, make_check, skill_of,
)
from officeeval.draft.gone import Gone, read as read_gone, replace_all, selector as gone_selector
from officeeval.draft.instruction import prop_words
from officeeval.draft.policy import policy
from officeeval.draft.preservation import preservation_criteria
from officeeval.draft.ranges import range_selector, range_token, rectangles
from officeeval.draft.reads import FORMULA, HAS_FORMULA, PARAGRAPH_STYLE, TEXT
from officeeval.errors import OfficeEvalError
from officeeval.targets import Document


def _signature(changes: list[Change]) -> tuple:
    return tuple(sorted((c.prop, _sig_value(c)) for c in changes))


def _sig_value(c: Change) -> str:
    if c.vtype is None:
        return "formula:" + ",".join(_functions(c.anchor))
    if c.anchor.group == "cell" and c.prop == "cell.value":
        return "typed"          # typed values: a range of them is one edit
    if c.prop in ("cell.text", TEXT):
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
    if anchors[0].group == "paragraph" and PARAGRAPH_STYLE not in props:
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
        cands += _slide_ranges(ref, anchors)
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
        obs = observe(PARAGRAPH_STYLE, a.target)
    except (OfficeEvalError, LookupError):
        return None
    return str(obs.value) if obs and obs.value and "'" not in str(obs.value) else None


def section_names(words: str) -> dict[int, str]:
    """What the instruction calls its numbered sections: ``第 1 节为封面`` -> {1: 封面}."""
    out = {}
    for m in re.finditer(r"第\s*(\d+)\s*节\s*(?:为|是)\s*([^，,。；;、\s]{1,8})", words or ""):
        out[int(m.group(1))] = m.group(2)
    return out


def _positions(ref: Document, cache: dict[str, int]) -> dict[str, int]:
    """Word paragraphs' places among those that show text (as a step counts them)."""
    if not cache:
        n = 0
        for t in safe_select(ref, "paragraph"):
            if (t.predicate_value("text") or "").strip():
                n += 1
                cache[t.locator] = n
        cache.setdefault("", 0)
    return cache


def _section_of(ref: Document, t, cache: dict[str, int]) -> int | None:
    """The number of the section a Word paragraph lies in (``None`` for another target)."""
    if t.kind != "paragraph":
        return None
    if not cache:
        for i, sec in enumerate(safe_select(ref, "section"), start=1):
            for p in safe_select(ref, f"{sec.locator}/paragraph"):
                cache[p.locator] = i
        cache.setdefault("", 0)
    return cache.get(t.locator)


# How a step names Word's built-in styles.
_BUILTIN_ZH = (("heading ", "标题 "), ("toc ", "目录 "), ("normal", "正文"), ("caption", "题注"),
               ("title", "标题"))


def spoken_style(name: str) -> list[str]:
    """A built-in style's Chinese name as a step writes it (``heading 1`` -> ``标题 1``)."""
    low = name.lower()
    for en, zh in _BUILTIN_ZH:
        if low.startswith(en):
            return [zh + name[len(en):]]
    return []


def _merged(groups: dict[tuple, list[Anchor]], sig_changes: dict[tuple, list[Change]]):
    """(family, group, anchors, template changes) per criterion: the slide groups of one
    family over the same slides are one criterion again."""
    out: list[tuple] = []
    at: dict[tuple, int] = {}
    for key, anchors in groups.items():
        fam, group = key[0], key[1]
        if group != "slide":
            out.append((fam, group, anchors, sig_changes[key]))
            continue
        same = (fam, tuple(a.selector for a in anchors))
        if same in at:
            out[at[same]][3].extend(sig_changes[key])
        else:
            at[same] = len(out)
            out.append((fam, group, anchors, list(sig_changes[key])))
    return out


def _slide_ranges(ref: Document, anchors: list[Anchor]) -> list[str]:
    """Slide selectors by position over exactly ``anchors``: all but the first
    (``slide[2..]``), all but the last, one contiguous run (``slide[3..6]``)."""
    order = [t.locator for t in safe_select(ref, "slide")]
    pos = sorted(order.index(a.target.locator) + 1 for a in anchors
                 if a.target.locator in order)
    if len(pos) != len(anchors) or not pos or pos != list(range(pos[0], pos[-1] + 1)):
        return []
    n = len(order)
    if pos[0] == 2 and pos[-1] == n:
        return ["slide[2..]"]
    if pos[0] == 1 and pos[-1] == n - 1:
        return ["slide[..-2]"]
    return [f"slide[{pos[0]}]" if pos[0] == pos[-1] else f"slide[{pos[0]}..{pos[-1]}]"]


# An instruction that speaks of pages (页数, 共 5 页, 第 3 页): where text lands is asked
# (``Drafting.page_result``).
PAGES_ASKED = re.compile(r"页数|共\s*\d+\s*页|第\s*\d+\s*页|占\s*\d+\s*页")


def propose(diff: Diff, inp: Document, ref: Document, words: str = "",
            steps: list | None = None) -> list[DraftCriterion]:
    """The proposed criteria (points not yet assigned; ``words``: the instruction's text,
    ``steps`` its steps)."""
    by_target: dict[str, list[Change]] = {}
    anchor_of: dict[str, Anchor] = {}
    pages = bool(PAGES_ASKED.search(words or ""))
    sec_names = section_names(words) if apps.app(ref.app).has_step("section") else {}
    sec_of: dict[str, int] = {}
    pos_of: dict[str, int] = {}
    first_n = [int(n) for n in re.findall(r"前\s*(\d+)\s*段", words or "")]
    gone = read_gone(diff.gone, diff.new, ref)
    replaced = replace_all(diff.changes, gone, ref)
    for c in _pruned(diff.changes):
        if id(c) in replaced:
            continue    # one replace-all, graded as one
        if policy(c.prop).page_result and not pages:
            continue
        if c.prop == TEXT and c.anchor.selector in gone.edited:
            continue    # the replace-all's criterion grades it
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
            # Slides: each value on the slides that have it (a step sets one thing on
            # "every slide", another step one more on one of them: one criterion each).
            for part in ([[c] for c in cs] if a.group == "slide" else [cs]):
                key = (fam, a.group, a.parent if a.group == "cell" else "",
                       _signature(part))
                groups.setdefault(key, []).append(a)
                sig_changes.setdefault(key, part)
    out: list[DraftCriterion] = []
    for fam, group, anchors, template in _merged(groups, sig_changes):
        selectors = _group_selectors(ref, anchors, {c.prop for c in template})
        checks: list[DraftCheck] = []
        tokens: list[str] = []
        for sel in selectors:
            for c in sorted(template, key=lambda c: c.prop):
                if c.prop == FORMULA_WRITTEN:
                    checks += _formula_checks(sel, c.anchor, ref)
                    tokens += _functions(c.anchor)
                    continue
                k = make_check(sel, c)
                if c.anchor.group == "cell" and c.prop == "cell.value" and ":" in sel:
                    k = DraftCheck(sel, c.prop, "equals", expected_from="reference",
                                   note="values typed as in the reference")
                checks.append(k)
                if k.expected == "true":
                    tokens += list(policy(c.prop).spoken_true)
                if k.expected:
                    tokens.append(k.expected)
                    tokens += spoken_style(k.expected) if c.prop == PARAGRAPH_STYLE else []
        sid, sname = skill_of(template[0].prop)
        labels = [a.label for a in anchors]
        what = "、".join(labels[:3]) + (f" 等 {len(labels)} 处" if len(labels) > 3 else "")
        desc = describe(what, checks)
        weight = 1 + math.log2(len(anchors)) + 0.15 * (len(template) - 1)
        evidence = [f"{a.selector}: " + "; ".join(
            f"{c.prop} {shown(c.inp, c.vtype) if c.vtype else ''} -> "
            f"{shown(c.ref, c.vtype) if c.vtype else 'formula'}" for c in by_target[a.selector]
            if family_of(c.prop) == fam)[:300] for a in anchors[:3]]
        labels = [a.label.strip("“”") for a in anchors]
        # A name the instruction gives a created object (名称为“返回首页”) is its step's.
        for a in anchors:
            tokens += [n for n in re.findall(r"name='([^']+)'", a.selector)
                       if len(n) >= 2 and n in (words or "")]
        # "前 4 段作为封面": paragraphs among the first N the step counts.
        if anchors[0].group == "paragraph":
            order = _positions(ref, pos_of)
            top = max((order.get(a.target.locator, 10 ** 6) for a in anchors), default=0)
            tokens += [f"前{n}段" for n in first_n if top <= n]
        # The name the instruction gives the section they lie in ("第 1 节为封面").
        names = {sec_names.get(_section_of(ref, a.target, sec_of)) for a in anchors}
        if len(names) == 1 and None not in names:
            tokens += list(names)
        # What a step quotes of a target: a slide's title, a paragraph's opening words.
        for a in anchors[:2] if len(anchors) <= 2 else []:
            for q in re.findall(r"“([^”]+?)…?”", a.label):
                labels += [q, q[:4]] if len(q) > 4 else [q]
                tokens += spoken_style(q) if a.group == "style" else []
        tokens += prop_words(c.prop for c in template)
        tokens += [range_token(s) for s in selectors]
        out.append(DraftCriterion("", sid, desc, checks, weight, evidence=evidence,
                                  tokens=[t for t in tokens if t],
                                  labels=[t for t in labels if t]))
        out[-1].skill_name = sname  # type: ignore[attr-defined]
    out += _structure(diff, inp, ref, gone)
    out += preservation_criteria(diff, inp, ref)
    return out


def _named_size(changes: list[Change], c: Change, whole: str) -> bool:
    """Whether the paper size (property ``whole``) the target changed to has a name (A4,
    B5, Letter …): then its width and height restate it; a custom size is checked by
    width and height."""
    for x in changes:
        if x.anchor.selector == c.anchor.selector and x.prop == whole:
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
    restyled = {c.anchor.selector for c in changes if c.prop == PARAGRAPH_STYLE}
    style_changes = {(getattr(getattr(c.anchor.target, "style", None), "id", None), c.prop,
                      shown(c.ref, c.vtype)) for c in changes if c.anchor.group == "style"}
    # The default paragraph style's changes are graded on its paragraphs (below), so those
    # paragraphs keep the formatting it brings.
    default_ids = {getattr(getattr(c.anchor.target, "style", None), "id", None)
                   for c in changes if c.anchor.group == "style" and
                   getattr(getattr(c.anchor.target, "style", None), "is_default", False)}
    template_changed = {c.prop for c in changes if c.anchor.group in ("master", "master_shape",
                                                                      "layout")}
    style_props: dict[str, set[str]] = {}
    for c in changes:
        if c.anchor.group == "style":
            sid = getattr(getattr(c.anchor.target, "style", None), "id", None)
            style_props.setdefault(str(sid), set()).add(c.prop)
    direct: dict[str, set[str]] = {}
    for c in changes:
        if c.anchor.group == "paragraph" and not c.ref.source.startswith("style:"):
            direct.setdefault(c.anchor.selector, set()).add(c.prop)
    out = []
    for c in changes:
        # Paragraph formatting and fonts a modified (or newly applied) style brings: graded
        # on the style (the instruction says to modify it) and by the style the paragraphs
        # have; checked again on the paragraphs, a style written wrong cost two steps.
        if c.anchor.group in ("paragraph", "span") and \
                c.prop.startswith(("paragraph.", "font.")) and \
                c.prop != PARAGRAPH_STYLE and c.ref.source.startswith("style:") and (
                    (c.ref.source[6:], c.prop, shown(c.ref, c.vtype)) in style_changes
                    and c.ref.source[6:] not in default_ids
                    or c.anchor.selector in restyled):
            continue    # brought by the style: graded by the style and its application
        # Where a placeholder sits and how its text fits, when its layout says so: the
        # slide's layout (or the master) is the edit, graded there.
        if c.anchor.group == "shape" and policy(c.prop).from_layout \
                and any(w in c.ref.source for w in ("master", "layout")):
            continue
        # A paragraph that overrides what a modified style sets (the title's own font and
        # size over Normal's) is not that style's target: the style's other values reach
        # it by the way ("正文各段（标题以外）" asks Normal's Latin font of the body only).
        if c.anchor.group == "paragraph" and c.ref.source.startswith("style:"):
            sp = style_props.get(c.ref.source[6:], set())
            if c.prop in sp and direct.get(c.anchor.selector, set()) & sp:
                continue
        # What a slide shows from its master or layout, changed there: graded there once.
        if c.prop in template_changed and c.anchor.group not in (
                "master", "master_shape", "layout") and \
                any(w in c.ref.source for w in ("master", "layout")):
            continue
        side_of = policy(c.prop).side_of
        if side_of and side_of in props_of[c.anchor.selector] and (
                not policy(side_of).named_sizes or _named_size(changes, c, side_of)):
            continue    # one side of the borders set all round, a named paper's width
        st = getattr(c.anchor.target, "style", None)
        if c.anchor.group == "style" and getattr(st, "is_default", False) and \
                c.prop in para_props:
            continue
        out.append(c)
    return out


def _formula_checks(sel: str, a: Anchor, ref: Document) -> list[DraftCheck]:
    funcs = _functions(a)
    out = [DraftCheck(sel, HAS_FORMULA, "equals", "true")]
    if funcs:
        out.append(DraftCheck(sel, "cell.functions", "contains_all", "|".join(funcs)))
    # Not what it shows (the number format's criterion grades that: a missing ¥ would cost
    # two steps); an absolute range only where the step asks for one (asked.py).
    out.append(DraftCheck(sel, "cell.value", "equals", expected_from="reference"))
    try:
        formula = observe(FORMULA, a.target)
    except (OfficeEvalError, LookupError):
        formula = None
    m = re.search(r"\$[A-Z]{1,3}\$\d+:\$[A-Z]{1,3}\$\d+", str(formula.value if formula else ""))
    if m:
        out.append(DraftCheck(sel, FORMULA, "contains", m.group(0)))
    return out


def _default_style(doc: Document) -> str | None:
    for st in safe_select(doc, "style"):
        if getattr(getattr(st, "style", None), "is_default", False) and \
                getattr(getattr(st, "style", None), "type", "paragraph") == "paragraph":
            names = st.predicate_value("name") or []
            return names[-1] if isinstance(names, (list, tuple)) and names else names
    return None


# Collections whose number matters: a new chart, section, caption or slide is an edit.
COUNTED = {
    "word": ["section", "table", "image", "chart", "smartart", "caption", "toc",
             "footnote", "hyperlink", "textbox", "field[type='REF']"],
    "excel": ["sheet", "sheet/chart", "sheet/pivot", "sheet/conditional_format",
              "sheet/validation", "sheet/table"],
    "ppt": ["slide", "slide/smartart", "slide/chart", "slide/table", "slide/picture",
            "slide/animation", "layout"],
}


def _structure(diff: Diff, inp: Document, ref: Document, gone: Gone) -> list[DraftCriterion]:
    out = []
    has_toc = bool(safe_select(ref, "toc"))
    for sel in apps.by_app(COUNTED, ref.app):
        if sel == "hyperlink" and has_toc:
            continue    # a TOC's links are as many as its writer's update made
        n_ref, n_inp = len(safe_select(ref, sel)), len(safe_select(inp, sel))
        if n_ref != n_inp:
            out.append(DraftCriterion("", "structure", f"{sel} 的数量：{n_inp} → {n_ref}",
                                      [DraftCheck(sel, None, "count", str(n_ref),
                                                  note=f"input: {n_inp}")], 1.0,
                                      tokens=[sel.split("/")[-1]]))
    if apps.app(ref.app).has_step("style"):
        styles = {}
        for t in safe_select(ref, "paragraph"):
            try:
                obs = observe(PARAGRAPH_STYLE, t)
            except (OfficeEvalError, LookupError):
                continue
            if obs is not None and obs.value and "'" not in str(obs.value):
                styles[str(obs.value)] = styles.get(str(obs.value), 0) + 1
        restyled: dict[str, int] = {}
        for c in diff.changes:
            if c.prop == PARAGRAPH_STYLE and c.anchor.group == "paragraph":
                restyled[str(c.ref.value)] = restyled.get(str(c.ref.value), 0) + 1
        default = _default_style(ref)
        for name, n in styles.items():
            # The default style's count is how many empty lines a writer leaves; a count
            # every one of whose paragraphs has its style checked restates those checks.
            if name == default or restyled.get(name, 0) >= n or \
                    re.match(r"(toc|目录) ?\d", name, re.I):
                continue
            sel = f"paragraph[style={quote(name)}]"
            n_inp = len(safe_select(inp, sel))
            if n_inp != n and n <= 40:
                out.append(DraftCriterion("", "style", f"应用“{name}”样式的段落数：{n_inp} → {n}",
                                          [DraftCheck(sel, None, "count", str(n),
                                                      note=f"input: {n_inp}")], 1.0,
                                          tokens=[name]))
    for a in gone.deleted:
        out.append(DraftCriterion("", TEXT, f"删除 {a.label}",
                                  [DraftCheck(a.selector, None, "count", "0",
                                              note="present in the input")], 1.0,
                                  tokens=[a.label.strip("“”")]))
    for old, new in gone.replaced.items():
        out.append(DraftCriterion("", TEXT, f"“{old}”已全部改为“{new}”",
                                  [DraftCheck(gone_selector(old), None, "count", "0",
                                              note=f"replaced by {new!r} in the reference")],
                                  1.5, tokens=[old, new]))
    return out
