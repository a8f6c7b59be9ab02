"""Word mutants of properties whose mistake depends on the reference: headers and footers,
the paragraph style, tables' size and style, lists, pictures, fields and tables of contents,
captions, document settings, style facts and hyperlinks. Each plans the wrong value from
what the reference shows and has Word's writer write it.

A property names its planner where it is defined, by kind, with its options
(``@prop(..., plan=Plan("numbering", change="start", ...))``); ``KINDS`` is the table of
planners by kind, each ``(ctx, check, targets, **options) -> mutations``. A planner takes
the property from the check (``check.property``), never from a name of its own."""

from __future__ import annotations

import re
from typing import Any

from typing import Callable

from officeeval.audit.mutators.base import (
    Mutation, NotApplicable, PlanContext, chosen_indexes, locators, mutation, refind,
    write_each, writer,
)
from officeeval.properties.mistakes import CM
from officeeval.audit.mutators.texts import put_typo, typo, typo_position, typo_text
from officeeval.rubric.model import Check
from officeeval.targets import Target
from officeeval.values import Measure
from officeeval.word.edit import parts as WP
from officeeval.word.edit import structure as WS



# ------------------------------------------------------------------ headers and footers
def plan_hf_text(ctx: PlanContext, check: Check, targets: list[Target], which: str
                 ) -> list[Mutation]:
    """A typo in the ``which`` part's text, and the part removed (its reference dropped)."""
    idx = chosen_indexes(check, len(targets))
    if idx is None or not any(WP.hf_parts(targets[i], which) for i in idx):
        return []
    literal = check.expected if check.op in ("equals", "contains", "starts_with",
                                             "ends_with") else None

    def typo_in(ws, edit) -> str:
        changed = ""
        for t in refind(edit, check.select, idx):
            changed = put_typo(WP.hf_text_nodes(edit, t, which), literal)
        return changed

    def unlink(ws, edit) -> None:
        for t in refind(edit, check.select, idx):
            WP.unlink(edit, t, which)

    where = locators(targets, idx)
    return [
        Mutation(key=f"hf-text|{which}|{check.select}|{idx}|{literal}",
                 operator=f"text:{which}", apply=typo_in,
                 description=f"{where}: one character of the {which} text changed"),
        Mutation(key=f"hf-delete|{which}|{check.select}|{idx}", operator=f"delete:{which}",
                 apply=unlink, scope="rubric",
                 description=f"{where}: the {which} removed (its reference dropped)"),
    ]


def _plan_page_field(ctx: PlanContext, check: Check, targets: list[Target], which: str
                     ) -> list[Mutation]:
    idx = chosen_indexes(check, len(targets))
    if idx is None:
        return []
    has = any(v is True for v in ctx.values(check, targets, idx))
    what = (f"the PAGE field in the {which} replaced by a DATE field" if has
            else f"a PAGE field added to the {which}")
    return [Mutation(key=f"page-field|{which}|{check.select}|{idx}",
                     operator=f"field:{which}.page_number",
                     apply=write_each(check, idx, check.property or "", "word", not has),
                     description=f"{locators(targets, idx)}: {what}")]


def _plan_visible(ctx: PlanContext, check: Check, targets: list[Target], which: str
                  ) -> list[Mutation]:
    """Whether the ``which`` part shows: a section that shows none gets one (the usual
    mistake: the body's header linked to every section, or text typed into its empty part);
    a section that shows one gets it emptied (one empty paragraph left)."""
    idx = chosen_indexes(check, len(targets))
    if idx is None:
        return []
    where = locators(targets, idx)
    prop = check.property or ""
    if any(v is True for v in ctx.values(check, targets, idx)):
        return [Mutation(key=f"hf-visible|{which}|{check.select}|{idx}|empty",
                         operator=f"empty:{which}",
                         apply=write_each(check, idx, prop, "word", False),
                         description=f"{where}: the {which} emptied (one empty "
                                     f"paragraph left in its part)")]
    if any(t.kind == which for t in targets):
        return []
    return [Mutation(key=f"hf-visible|{which}|{check.select}|{idx}|show",
                     operator=f"add:{which}", apply=write_each(check, idx, prop, "word",
                                                               True),
                     description=f"{where}: a {which} shown (linked to the document's "
                                 f"{which} or typed into its empty part)")]


# ------------------------------------------------------------------ styles and tables
def _other_style(ctx: PlanContext, targets: list[Target], idx: list[int], kind: str):
    styles = ctx.doc.styles  # type: ignore[attr-defined]
    current = {getattr(targets[i], "style_id", None) for i in idx}
    others = [s for s in styles.by_id.values() if s.type == kind and s.id not in current]
    # Forgetting to apply the style (Normal) is the usual mistake; else any other style.
    others.sort(key=lambda s: (not s.is_default, s.id))
    return others[0] if others else None


def _plan_style(ctx: PlanContext, check: Check, targets: list[Target]) -> list[Mutation]:
    """The paragraphs given another paragraph style (Normal first)."""
    idx = chosen_indexes(check, len(targets))
    if idx is None or any(targets[i].kind != "paragraph" for i in idx):
        return []
    new = _other_style(ctx, targets, idx, "paragraph")
    if new is None:
        return []
    prop = check.property or ""
    return [mutation(f"style|{check.select}|{idx}|{new.id}", f"direct:{prop}",
                     f"{locators(targets, idx)}: paragraph style set to {new.display_name!r}",
                     write_each(check, idx, prop, "word", new.id))]


def _plan_table_structure(ctx: PlanContext, check: Check, targets: list[Target],
                          shrink: str = "", restyle: bool = False) -> list[Mutation]:
    """The last ``shrink`` (``row``, ``column``) removed, another table style
    (``restyle``), the table replaced by a text box."""
    idx = chosen_indexes(check, len(targets))
    if idx is None or any(targets[i].kind != "table" for i in idx):
        return []
    prop = check.property or ""
    where = locators(targets, idx)
    out: list[Mutation] = []
    if shrink:
        sizes = [v for v in ctx.values(check, targets, idx)]
        out.append(mutation(f"table-shrink|{prop}|{where}", f"delete:{prop}",
                            f"{where}: last {shrink} removed",
                            write_each(check, idx, prop, "word",
                                       lambda n, t: sizes[n] - 1 if n < len(sizes) else 1)))
    elif restyle:
        new = _other_style(ctx, targets, idx, "table")
        out.append(mutation(f"table-style|{where}", f"direct:{prop}",
                            f"{where}: table style changed",
                            write_each(check, idx, prop, "word",
                                       new.id if new is not None else None)))
    return out + plan_table_to_textbox(ctx, check, targets)


def plan_table_to_textbox(ctx: PlanContext, check: Check, targets: list[Target]
                          ) -> list[Mutation]:
    idx = [0] if check.match == "all" else list(range(len(targets)))
    if not targets or any(targets[i].kind != "table" for i in idx):
        return []

    def apply(ws, edit) -> None:
        for t in refind(edit, check.select, idx):
            WS.table_to_textbox(edit, t)

    where = locators(targets, idx)
    return [mutation(f"table-textbox|{where}", "replace:table->textbox",
                     f"{where}: table replaced by a text box with its text", apply,
                     scope="rubric")]


def _plan_column_width(ctx: PlanContext, check: Check, targets: list[Target]
                       ) -> list[Mutation]:
    idx = chosen_indexes(check, len(targets))
    if idx is None or any(targets[i].kind not in ("column", "cell") for i in idx):
        return []
    widths = [ctx.values(check, targets, [i]) for i in idx]
    if not all(widths):
        return []
    wider = [Measure(w[0].points() + CM) for w in widths]
    prop = check.property or ""
    return [mutation(f"column-width|{check.select}|{idx}", f"direct:{prop}",
                     f"{locators(targets, idx)}: column 1 cm wider",
                     write_each(check, idx, prop, "word", lambda n, t: wider[n]))]


# ------------------------------------------------------------------ lists
def _plan_numbering(ctx: PlanContext, check: Check, targets: list[Target], change: str,
                    numbering: str, level_text: str = "") -> list[Mutation]:
    """Numbering removed (``numbering``: the property of the list's number format), or a
    paragraph made a list item when it has none and the check reads that format
    (``change="format"``); and the ``change`` itself: the number ``format``, the level's
    ``text`` (written through ``level_text``), the ``start``, the ``level``."""
    idx = chosen_indexes(check, len(targets))
    if idx is None or any(t.kind not in ("paragraph", "style") for t in targets):
        return []
    prop = check.property or ""
    where = locators(targets, idx)
    fmts = ctx.values(check, targets, idx, numbering)
    if not fmts or all(f == "none" for f in fmts):
        if change != "format":
            return []
        return [mutation(f"number|{where}", f"direct:{numbering}",
                         f"{where}: made a list item",
                         write_each(check, idx, numbering, "word", "decimal"))]
    out = [mutation(f"unnumber|{where}", f"direct:{prop}", f"{where}: numbering removed",
                    write_each(check, idx, numbering, "word", "none"))]
    if change == "text":
        texts = [ctx.values(check, targets, [i], level_text) for i in idx]
        new = [(t[0] + "." if not t[0].endswith(".") else t[0][:-1] + "、") if t else ""
               for t in texts]
        out.append(mutation(f"numbering|{prop}|{where}", f"direct:{prop}",
                            f"{where}: list level text changed",
                            write_each(check, idx, level_text, "word",
                                       lambda n, t: new[n])))
    elif change == "format":
        new = ["upperRoman" if f != "upperRoman" else "decimal" for f in fmts]
        out.append(mutation(f"numbering|{prop}|{where}", f"direct:{prop}",
                            f"{where}: list number format changed",
                            write_each(check, idx, prop, "word", lambda n, t: new[n])))
    elif change == "start":
        starts = [ctx.values(check, targets, [i], prop) for i in idx]
        out.append(mutation(f"numbering|{prop}|{where}", f"direct:{prop}",
                            f"{where}: list start changed",
                            write_each(check, idx, prop, "word",
                                       lambda n, t: (starts[n][0] if starts[n] else 1) + 1)))
    elif change == "level":
        levels = [ctx.values(check, targets, [i], prop) for i in idx]

        def other(n: int, t: Target) -> int:
            lv = (levels[n][0] if levels[n] else 1) - 1
            return (lv + 1 if lv < 8 else lv - 1) + 1
        out.append(mutation(f"numbering|{prop}|{where}", f"direct:{prop}",
                            f"{where}: list level changed",
                            write_each(check, idx, prop, "word", other)))
    return out


# ------------------------------------------------------------------ pictures
def _plan_image(ctx: PlanContext, check: Check, targets: list[Target], change: str
                ) -> list[Mutation]:
    """The picture's ``wrap`` changed (inline <-> square), or its ``size`` 1 cm larger."""
    idx = chosen_indexes(check, len(targets))
    if idx is None or any(getattr(t, "frame", None) is None for t in targets):
        return []
    prop = check.property or ""
    where = locators(targets, idx)
    if change == "wrap":
        wraps = [getattr(targets[i], "wrap", None) for i in idx]
        return [mutation(f"image-wrap|{check.select}|{idx}", f"direct:{prop}",
                         f"{where}: wrapping changed",
                         write_each(check, idx, prop, "word",
                                    lambda n, t: "square" if wraps[n] == "inline"
                                    else "inline"))]
    sizes = [ctx.values(check, targets, [i]) for i in idx]
    if not all(sizes):
        return []
    larger = [Measure(s[0].points() + CM) for s in sizes]
    return [mutation(f"image|{prop}|{check.select}|{idx}", f"direct:{prop}",
                     f"{where}: {prop} 1 cm larger",
                     write_each(check, idx, prop, "word", lambda n, t: larger[n]))]


# ------------------------------------------------------------------ document settings
def _plan_document(ctx: PlanContext, check: Check, targets: list[Target], mistake: str,
                   what: str, to: str = "", otherwise: str = "", fold: bool = False
                   ) -> list[Mutation]:
    """A document setting's ``mistake`` (described as ``what``): ``swap`` (the value ``to``,
    or ``otherwise`` when it already is, compared upper-cased with ``fold``), ``typo`` (a
    character of the trimmed text), ``typo_at`` (a character where the check's literal is),
    ``typo_stem`` (the character before the extension)."""
    prop = check.property or ""
    ref = ctx.values(check, targets, [0])
    cur = str(ref[0]) if ref else ""
    literal = check.expected if check.op in ("contains", "equals", "starts_with",
                                             "ends_with") else None
    if mistake == "swap":
        value = to if (cur.upper() if fold else cur) != to else otherwise
    elif mistake == "typo":
        value = typo_text(cur.strip()) if cur.strip() else None
    elif mistake == "typo_at":
        i = typo_position(cur, literal) or 0
        value = cur[:i] + typo(cur[i]) + cur[i + 1:] if cur else None
    elif mistake == "typo_stem":
        dot = cur.rfind(".")
        cut = dot if dot > 0 else len(cur)
        value = cur[:cut - 1] + typo(cur[cut - 1]) + cur[cut:] if cut > 0 else None
    else:
        raise ValueError(f"no document mistake {mistake!r}")
    if value is None:
        return []
    return [mutation(f"document|{prop}", f"direct:{prop}", f"document: {what}",
                     write_each(Check(check.select, prop, "equals"), [0], prop, "word",
                                value))]


def _plan_style_fact(ctx: PlanContext, check: Check, targets: list[Target], mistake: str
                     ) -> list[Mutation]:
    """A style definition's ``mistake``: ``other_base`` (based on another style of its
    type), ``flip`` (custom or not), ``other_type`` (character <-> paragraph), ``other_style``
    (Normal, or Heading1 for Normal)."""
    idx = chosen_indexes(check, len(targets))
    if idx is None or any(t.kind != "style" for t in targets):
        return []
    prop = check.property or ""

    def value(n: int, t: Target) -> Any:
        st = t.style  # type: ignore[attr-defined]
        if mistake == "other_base":
            others = [s.id for s in t.doc.styles.by_id.values()  # type: ignore[attr-defined]
                      if s.type == st.type and s.id != st.id and s.id != st.based_on]
            if not others:
                raise NotApplicable("no other style to base on")
            return others[0]
        if mistake == "flip":
            return not st.custom
        if mistake == "other_type":
            return "character" if st.type != "character" else "paragraph"
        return "Normal" if st.id != "Normal" else "Heading1"

    return [mutation(f"style-fact|{prop}|{check.select}|{idx}", f"direct:{prop}",
                     f"{locators(targets, idx)}: {prop} changed",
                     write_each(check, idx, prop, "word", value))]


# ------------------------------------------------------------------ fields
def _plan_field(ctx: PlanContext, check: Check, targets: list[Target], mistake: str,
                what: str) -> list[Mutation]:
    """A field's ``mistake`` (described as ``what``): ``other_type`` (REF, or SET for a
    REF), ``typo_argument`` (its argument mistyped), ``typo_instruction`` /
    ``typo_switches`` (that text mistyped where the check's literal or pattern is)."""
    idx = chosen_indexes(check, len(targets))
    if idx is None or any(t.kind not in ("field", "toc") for t in targets):
        return []
    prop = check.property or ""

    def value(n: int, t: Target) -> Any:
        info = t.info  # type: ignore[attr-defined]
        if mistake == "other_type":
            return "REF" if info.type != "REF" else "SET"
        if mistake == "typo_argument":
            arg = info.argument or ""
            if not arg:
                raise NotApplicable("no argument")
            mid = len(arg) // 2
            return arg[:mid] + typo(arg[mid]) + arg[mid + 1:]
        text = info.instruction if mistake == "typo_instruction" else info.switches
        span = None
        if check.op == "matches" and check.expected_value is not None:
            m = check.expected_value.search(text)
            span = (m.start(), m.end()) if m else None
        elif check.expected:
            i = text.find(check.expected)
            span = (i, i + len(check.expected)) if i >= 0 else None
        if span is None:
            m = re.search(r"\S+", text)
            span = (m.start(), m.end()) if m else (0, len(text))
        mid = (span[0] + span[1]) // 2
        while mid < span[1] and text[mid].isspace():
            mid += 1
        if mid >= len(text):
            raise NotApplicable("no instruction text")
        return text[:mid] + typo(text[mid]) + text[mid + 1:]

    return [mutation(f"field|{prop}|{check.select}|{idx}", f"direct:{prop}",
                     f"{locators(targets, idx)}: {what}",
                     write_each(check, idx, prop, "word", value))]


def _plan_toc(ctx: PlanContext, check: Check, targets: list[Target], mistake: str,
              what: str) -> list[Mutation]:
    """A table of contents' ``mistake`` (described as ``what``): ``levels`` (one level
    fewer, or more from 1), ``flip`` (a switch)."""
    idx = chosen_indexes(check, len(targets))
    if idx is None or any(t.kind not in ("toc", "field") for t in targets):
        return []
    prop = check.property or ""
    ref = [ctx.values(check, targets, [i]) for i in idx]

    def value(n: int, t: Target) -> Any:
        if not ref[n]:
            raise NotApplicable(f"no {prop} to change")
        if mistake == "levels":
            hi = int(ref[n][0])
            return hi - 1 if hi > 1 else hi + 1
        return not ref[n][0]

    return [mutation(f"field|{prop}|{check.select}|{idx}", f"direct:{prop}",
                     f"{locators(targets, idx)}: {what}",
                     write_each(check, idx, prop, "word", value))]


def _plan_caption(ctx: PlanContext, check: Check, targets: list[Target], change: str
                  ) -> list[Mutation]:
    """The caption's SEQ identifier changed (图 <-> 表, ``change="label"``), or the caption
    moved to the other side of its object (``change="position"``)."""
    idx = chosen_indexes(check, len(targets))
    if idx is None or any(t.kind != "paragraph" for t in targets):
        return []
    prop = check.property or ""
    ref = [ctx.values(check, targets, [i]) for i in idx]
    where = locators(targets, idx)
    if change == "label":
        return [mutation(f"caption-label|{check.select}|{idx}", f"direct:{prop}",
                         f"{where}: caption label changed",
                         write_each(check, idx, prop, "word",
                                    lambda n, t: "图" if (ref[n] or [""])[0] != "图" else "表"))]
    return [mutation(f"caption-position|{check.select}|{idx}", f"direct:{prop}",
                     f"{where}: caption moved to the other side of its object",
                     write_each(check, idx, prop, "word",
                                lambda n, t: "above" if (ref[n] or [""])[0] == "below"
                                else "below"))]


def _plan_merge_fields(ctx: PlanContext, check: Check, targets: list[Target]
                       ) -> list[Mutation]:
    """The first merge field of the body given a mistyped name."""
    prop = check.property or ""
    got = ctx.values(Check(check.select, prop, "equals"), targets, [0])
    names = list(got[0]) if got else []
    if not names:
        return []
    first = str(names[0])
    mid = len(first) // 2
    new = [first[:mid] + typo(first[mid]) + first[mid + 1:], *names[1:]] if first else None
    if new is None:
        return []
    return [mutation("merge-fields", f"direct:{prop}",
                     "the first merge field's name mistyped",
                     write_each(Check(check.select, prop, "equals"), [0], prop, "word",
                                new))]


def plan_hyperlink(ctx: PlanContext, check: Check, targets: list[Target], app: str = "word"
                   ) -> list[Mutation]:
    """The link's relationship target (the check's property) given a typo (a mistyped
    URL), written by ``app``'s writer."""
    idx = chosen_indexes(check, len(targets))
    if idx is None:
        return []
    refs = [ctx.values(check, targets, [i]) for i in idx]
    if not all(refs):
        return []

    def value(n: int, t: Target) -> str:
        cut = str(refs[n][0]).rstrip("/")
        return cut[:-1] + ("x" if cut[-1:] != "x" else "y") if cut else "x"

    prop = check.property or ""
    w = writer(prop, app)

    def apply(ws, edit) -> str:
        note = ""
        for n, t in enumerate(refind(edit, check.select, idx)):
            note = w.write(edit, t, value(n, t))
        return note

    return [mutation(f"link|{check.select}|{idx}", f"direct:{prop}",
                     f"{locators(targets, idx)}: link target mistyped", apply)]


def plan_chart(ctx: PlanContext, check: Check, targets: list[Target]) -> list[Mutation]:
    """A chart in the document: the mistake Excel and PowerPoint charts get (another type,
    a title or series name mistyped, a series dropped, a reference one row short, the legend
    moved …), written into the chart part by Word's chart writers."""
    from officeeval.audit.mutators.chart_mistakes import chart_mistake
    idx = chosen_indexes(check, len(targets))
    if idx is None or any(t.kind != "chart" for t in targets):
        return []
    got = chart_mistake(ctx, check, targets, idx, "word")
    return [got] if got is not None else []


# The planners by kind: a definition's ``plan=Plan(kind, **options)`` names one (with the
# text planners, ``word.KINDS``).
KINDS: dict[str, Callable[..., list[Mutation]]] = {
    "page_field": _plan_page_field, "hf_visible": _plan_visible,
    "paragraph_style": _plan_style, "table": _plan_table_structure,
    "column_width": _plan_column_width, "numbering": _plan_numbering, "image": _plan_image,
    "document": _plan_document, "style_fact": _plan_style_fact,
    "merge_fields": _plan_merge_fields, "field": _plan_field, "toc": _plan_toc,
    "caption": _plan_caption, "hyperlink": plan_hyperlink,
}
