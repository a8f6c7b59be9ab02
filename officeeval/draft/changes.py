"""Changes: what differs between the input and the reference, target by target.

Every reference anchor is looked up in the input with its own selector (the counterpart);
every catalog property bound to its kind is resolved on both and compared as rendered
values. A target the input lacks is *new*: only the values set on it (not inherited from an
application default) are changes. An input anchor the reference lacks is *gone* (a deleted
paragraph, a removed slide).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from officeeval import apps
from officeeval.cache import ProcessMemo
from officeeval.catalog import catalog, resolve
from officeeval.draft.anchors import Anchor, anchors, safe_select
from officeeval.draft.policy import policy
from officeeval.draft.reads import FORMULA, HAS_FORMULA, TEXT
from officeeval.errors import OfficeEvalError
from officeeval.excel.refs import cell_ref
from officeeval.properties.registry import ResolveContext
from officeeval.targets import Document, Target
from officeeval.values import Observation

# ``text`` is kept on targets whose text is the content of one place (a paragraph, a
# table cell, a shape, notes, a header); on containers it restates their parts.
TEXT_KINDS = {"paragraph", "cell", "shape", "notes", "header", "footer"}
# Theme and inherited layout values: on a new target these are the application's and the
# template's, not the author's.
INHERITED = ("default", "docDefaults", "theme", "master", "layout", "inherited")
# Word paragraph-level properties read on a container kind (a whole table, a header): the
# paragraphs under it carry them.
CONTAINER_PARA = {"table", "row", "column", "document", "section"}
# Word: a header or footer is the natural target of its fonts and of what
# ``Drafting.header_kinds`` puts there (its text, its alignment); the rest is left to its
# paragraphs, and its text is not compared again on its section.
HEADER_KINDS = ("header", "footer")


# The change of a cell to a formula (or to another formula): not a catalog property but the
# draft's own name for it; the proposal turns it into formula checks (``cell.formula``,
# ``cell.functions`` …), preservation counts it as a change of the cell's content.
FORMULA_WRITTEN = "formula"


@dataclass
class Change:
    """One property that differs on one anchored target. ``ref`` / ``inp`` are the
    observations (``inp`` is ``None`` for a new target or no value in the input)."""

    anchor: Anchor
    prop: str
    ref: Observation
    inp: Observation | None
    vtype: Any
    new: bool = False


@dataclass
class Diff:
    """Everything the drafter found: changes, new and gone anchors, and what could not be
    read (``unreadable``: (selector, property, error))."""

    changes: list[Change]
    new: list[Anchor]
    gone: list[Anchor]
    matched: list[tuple[Anchor, Target]]
    unreadable: list[tuple[str, str, str]]


def _ctx(doc: Document) -> ResolveContext:
    return ResolveContext(options=getattr(doc, "options", {}),
                          backends=getattr(doc, "backends", None) or _no_backends())


def _no_backends():
    from officeeval.backends import NO_BACKENDS
    return NO_BACKENDS


def observe(prop: str, t: Target) -> Observation | None:
    """The property on ``t``; raises ``OfficeEvalError`` / ``LookupError`` as ``resolve``."""
    return resolve(prop, t, _ctx(t.doc))


def shown(obs: Observation | None, vtype) -> str:
    """A comparable rendering of an observation (mixed parts included)."""
    if obs is None:
        return "(none)"
    if obs.value is None and obs.parts:
        return "mixed:" + "|".join(vtype.render(o.value) for _, o in obs.parts)
    return vtype.render(obs.value)


def properties_for(app: str, kind: str) -> list[str]:
    """The properties of ``app`` a draft compares on a target of ``kind`` (a new list; made
    once per app and kind: it depends on the catalog alone); raises ``KeyError`` for an
    unknown app."""
    known = _COMPARED.get((app, kind))
    if known is None:
        known = _COMPARED.put((app, kind), tuple(_properties_for(app, kind)))
    return list(known)


# What a draft compares per (app, target kind): a draft asks it once per anchor (thousands).
_COMPARED: "ProcessMemo[tuple[str, ...]]" = ProcessMemo("draft.compared", 256)


def _properties_for(app: str, kind: str) -> list[str]:
    reg = catalog()
    skipped = apps.by_app(SKIPPED, app)
    out = []
    for name in reg.names(app):
        if policy(name).volatile:
            continue
        b = reg.get(name).bindings[app]
        if kind not in b.kinds:
            continue
        if name == TEXT and (kind not in TEXT_KINDS or kind == "cell"):
            continue
        if skipped(kind, name, b.kinds):
            continue
        out.append(name)
    return out


def _word_skipped(kind: str, name: str, kinds: frozenset[str]) -> bool:
    return (kind in CONTAINER_PARA and (name.startswith(("font.", "paragraph."))
                                        or name == TEXT)
            or kind in HEADER_KINDS and not (name.startswith("font.")
                                             or kind in policy(name).header_kinds)
            or kind == "section" and bool(policy(name).header_kinds)
            or kind == "document" and bool(kinds & {"section", "toc"}))


def _excel_skipped(kind: str, name: str, kinds: frozenset[str]) -> bool:
    return kind == "cell" and policy(name).restates_value


def _ppt_skipped(kind: str, name: str, kinds: frozenset[str]) -> bool:
    return False


# Per app: whether property ``name``, bound to ``kinds``, is left out on a target of
# ``kind`` (another kind is its natural target, or another property restates it).
SKIPPED = {"word": _word_skipped, "excel": _excel_skipped, "ppt": _ppt_skipped}


def _formula(t: Target) -> bool:
    try:
        obs = observe(HAS_FORMULA, t)
    except (OfficeEvalError, LookupError):
        return False
    return bool(obs and obs.value)


def diff(inp: Document, ref: Document, words: str = "") -> Diff:
    """Compare ``inp`` with ``ref`` anchor by anchor (``words``: the instruction, which
    names the sections and created objects the anchors may use)."""
    ref_anchors = anchors(ref, inp, words)
    changes: list[Change] = []
    new: list[Anchor] = []
    matched: list[tuple[Anchor, Target]] = []
    unreadable: list[tuple[str, str, str]] = []
    sheets = apps.app(ref.app).has_step("sheet")
    renamed = _renamed_sheets(inp, ref_anchors) if sheets else {}
    shifts = _sheet_shifts(inp, ref_anchors, renamed) if sheets else {}
    formulas = HAS_FORMULA in catalog().names(ref.app)
    # One context per document (``observe`` makes one per call; a workbook's diff resolves
    # hundreds of thousands of values).
    ref_ctx, inp_ctx = _ctx(ref), _ctx(inp)
    for a in ref_anchors:
        sel_in = a.selector
        for was, now in renamed.items():
            if sel_in == was or sel_in.startswith(was + "/"):
                sel_in = now + sel_in[len(was):]
        if a.group == "cell" and shifts.get(a.parent, (0, 0)) != (0, 0):
            dr, dc = shifts[a.parent]
            r, c = a.extra["row"] - dr, a.extra["col"] - dc
            parent = renamed.get(a.parent, a.parent)
            sel_in = f"{parent}/{cell_ref(r, c)}" if r >= 1 and c >= 1 else ""
        got = safe_select(inp, sel_in) if sel_in else []
        counterpart = got[0] if len(got) == 1 else None
        if counterpart is None:
            new.append(a)
        else:
            matched.append((a, counterpart))
        props = properties_for(ref.app, a.target.kind)
        formula = formulas and a.target.kind == "cell" and _formula(a.target)
        if formula:
            a.extra["formula"] = True
            in_formula = counterpart is not None and _formula(counterpart)
            same = False
            if in_formula:
                try:
                    same = (shown(observe(FORMULA, a.target), _T)
                            == shown(observe(FORMULA, counterpart), _T))
                except (OfficeEvalError, LookupError):
                    same = False
            if not same:
                changes.append(Change(a, FORMULA_WRITTEN, Observation(True, "direct"), None,
                                      None, counterpart is None))
            props = [p for p in props if not policy(p).formula_shadowed]
        reg = catalog()
        for prop in props:
            vtype = reg.get(prop).type_for(ref.app)
            try:
                r = resolve(prop, a.target, ref_ctx)
            except (OfficeEvalError, LookupError) as exc:
                unreadable.append((a.selector, prop, f"{type(exc).__name__}: {exc}"))
                continue
            if r is None:
                continue
            if r.source == "default" and counterpart is not None:
                try:
                    i0 = resolve(prop, counterpart, inp_ctx)
                except (OfficeEvalError, LookupError):
                    i0 = None
                if i0 is None or i0.source == "default":
                    continue
            if counterpart is None and policy(prop).made:
                if r.value not in (None, "", (), []):
                    changes.append(Change(a, prop, r, None, vtype, True))
                continue
            if counterpart is None:
                if _inherited(r.source) or r.source.startswith("style:") and \
                        a.target.kind != "style":
                    continue
                if r.value in (None, False, "", (), []):
                    continue
                changes.append(Change(a, prop, r, None, vtype, True))
                continue
            try:
                i = resolve(prop, counterpart, inp_ctx)
            except (OfficeEvalError, LookupError):
                i = None
            if policy(prop).top_left_only and not str(r.value).startswith(
                    getattr(a.target, "ref", "") + ":"):
                continue    # a range is one change, on its top-left cell
            if (i is None or i.value is None and not i.parts) and r.value is False:
                continue    # nothing in the input, "no" in the reference: no edit
            if shown(r, vtype) != shown(i, vtype):
                if r.value is None and r.parts and a.group == "paragraph":
                    changes += _span_changes(ref, a, prop, r, i, vtype)
                else:
                    changes.append(Change(a, prop, r, i, vtype))
    gone = []
    ref_selectors = {a.selector for a in ref_anchors}
    for a in anchors(inp, ref):
        if a.group in ("paragraph", "slide", "sheet") and a.selector not in ref_selectors \
                and a.selector not in renamed.values() \
                and not safe_select(ref, a.selector):
            gone.append(a)
    return Diff(changes, new, gone, matched, unreadable)


def _inherited(source: str) -> bool:
    """Whether a value comes from the application, the theme or a template (not from
    anything the author set on the target or a style of theirs)."""
    return any(source == s or source.startswith(s + ":") or source.endswith(":" + s)
               for s in INHERITED) or "theme" in source


def _renamed_sheets(inp: Document, ref_anchors: list[Anchor]) -> dict[str, str]:
    """Reference sheet selector -> input sheet selector for sheets the task renamed: a
    reference sheet whose name the input lacks takes the input sheet at its position when
    that sheet's name is gone from the reference."""
    from officeeval.draft.anchors import quote
    ref_sheets = [a for a in ref_anchors if a.group == "sheet"]
    ref_names = {a.target.predicate_value("name") for a in ref_sheets}
    in_sheets = safe_select(inp, "sheet")
    in_names = [t.predicate_value("name") for t in in_sheets]
    out = {}
    for i, a in enumerate(ref_sheets):
        if a.target.predicate_value("name") in in_names or i >= len(in_sheets):
            continue
        if in_names[i] not in ref_names:
            out[a.selector] = f"sheet({quote(in_names[i])})"
    return out


def _sheet_shifts(inp: Document, ref_anchors: list[Anchor],
                  renamed: dict[str, str]) -> dict[str, tuple[int, int]]:
    """Per sheet, the (rows, columns) the reference's content moved by against the input
    (a title row inserted above a table moves every cell down one): the offset under which
    the most non-empty cell texts agree, (0, 0) on a tie."""
    by_sheet: dict[str, dict[tuple[int, int], str]] = {}
    for a in ref_anchors:
        if a.group == "cell":
            t = a.target.predicate_value("text")
            if t not in (None, ""):
                by_sheet.setdefault(a.parent, {})[(a.extra["row"], a.extra["col"])] = str(t)
    out: dict[str, tuple[int, int]] = {}
    for ssel, cells in by_sheet.items():
        rows = [r for r, _ in cells]
        cols = [c for _, c in cells]
        box = f"{cell_ref(max(1, min(rows) - 4), max(1, min(cols) - 4))}:" \
              f"{cell_ref(max(rows) + 4, max(cols) + 4)}"
        have: dict[tuple[int, int], str] = {}
        for t in safe_select(inp, f"{renamed.get(ssel, ssel)}/{box}"):
            v = t.predicate_value("text")
            if v not in (None, ""):
                have[(t.row, t.col)] = str(v)  # type: ignore[attr-defined]
        best, best_n = (0, 0), sum(1 for k, v in cells.items() if have.get(k) == v)
        for dr in range(-4, 5):
            for dc in range(-4, 5):
                n = sum(1 for (r, c), v in cells.items() if have.get((r - dr, c - dc)) == v)
                if n > best_n:
                    best, best_n = (dr, dc), n
        out[ssel] = best
    return out


def _span_changes(ref: Document, a: Anchor, prop: str, r: Observation,
                  i: Observation | None, vtype) -> list[Change]:
    """A paragraph whose runs differ: one change per run text whose value is not the
    input's, on ``…/span('text')`` (every occurrence of that text)."""
    from officeeval.draft.anchors import quote
    base = shown(i, vtype) if i is not None else "(none)"
    out: list[Change] = []
    seen: set[str] = set()
    for label, part in r.parts:
        if shown(part, vtype) == base:
            continue
        runs = safe_select(ref, label.split(" ", 1)[0])
        text = (runs[0].predicate_value("text") or "").strip() if runs else ""
        if not text or text in seen or "'" in text or len(text) > 30:
            continue
        seen.add(text)
        sel = f"{a.selector}/span({quote(text)})"
        spans = safe_select(ref, sel)
        if not spans:
            continue
        try:
            obs = observe(prop, spans[0])
        except (OfficeEvalError, LookupError):
            continue
        if obs is None or obs.value is None:
            continue
        sa = Anchor(spans[0], sel, "span", f"“{text}”", parent=a.selector)
        out.append(Change(sa, prop, obs, i, vtype))
    return out


class _Text:
    def render(self, v):
        return "(none)" if v is None else str(v)


_T = _Text()
