"""Word mutants of properties whose mistake depends on the reference: headers and footers,
the paragraph style, tables' size and style, lists, pictures, fields and tables of contents,
captions, document settings, style facts and hyperlinks. Each plans the wrong value from
what the reference shows and has Word's writer write it."""

from __future__ import annotations

import re
from typing import Any

from officeeval.audit.mutators.base import (
    Mutation, NotApplicable, PlanContext, Planner, chosen_indexes, locators, mutation, refind,
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
def _plan_hf_text(which: str) -> Planner:
    def plan(ctx: PlanContext, check: Check, targets: list[Target]) -> list[Mutation]:
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
    return plan


def _plan_page_field(which: str) -> Planner:
    def plan(ctx: PlanContext, check: Check, targets: list[Target]) -> list[Mutation]:
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
    return plan


def _plan_visible(which: str) -> Planner:
    """``header.visible`` / ``footer.visible``: a section that shows none gets one (the
    usual mistake: the body's header linked to every section, or text typed into its empty
    part); a section that shows one gets it emptied (one empty paragraph left)."""
    def plan(ctx: PlanContext, check: Check, targets: list[Target]) -> list[Mutation]:
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
    return plan


# ------------------------------------------------------------------ styles and tables
def _other_style(ctx: PlanContext, targets: list[Target], idx: list[int], kind: str):
    styles = ctx.doc.styles  # type: ignore[attr-defined]
    current = {getattr(targets[i], "style_id", None) for i in idx}
    others = [s for s in styles.by_id.values() if s.type == kind and s.id not in current]
    # Forgetting to apply the style (Normal) is the usual mistake; else any other style.
    others.sort(key=lambda s: (not s.is_default, s.id))
    return others[0] if others else None


def _plan_style(ctx: PlanContext, check: Check, targets: list[Target]) -> list[Mutation]:
    idx = chosen_indexes(check, len(targets))
    if idx is None or any(targets[i].kind != "paragraph" for i in idx):
        return []
    new = _other_style(ctx, targets, idx, "paragraph")
    if new is None:
        return []
    return [mutation(f"style|{check.select}|{idx}|{new.id}", "direct:paragraph.style",
                     f"{locators(targets, idx)}: paragraph style set to {new.display_name!r}",
                     write_each(check, idx, "paragraph.style", "word", new.id))]


def _plan_table_structure(ctx: PlanContext, check: Check, targets: list[Target]
                          ) -> list[Mutation]:
    """The last row or column removed, another table style, the table replaced by a text
    box (for ``table.rows`` / ``table.columns`` / ``table.style`` checks)."""
    idx = chosen_indexes(check, len(targets))
    if idx is None or any(targets[i].kind != "table" for i in idx):
        return []
    prop = check.property or ""
    where = locators(targets, idx)
    out: list[Mutation] = []
    if prop in ("table.rows", "table.columns"):
        rows = prop == "table.rows"
        sizes = [v for v in ctx.values(check, targets, idx)]
        out.append(mutation(f"table-shrink|{prop}|{where}", f"delete:{prop}",
                            f"{where}: last {'row' if rows else 'column'} removed",
                            write_each(check, idx, prop, "word",
                                       lambda n, t: sizes[n] - 1 if n < len(sizes) else 1)))
    elif prop == "table.style":
        new = _other_style(ctx, targets, idx, "table")
        out.append(mutation(f"table-style|{where}", "direct:table.style",
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
    return [mutation(f"column-width|{check.select}|{idx}", "direct:column.width",
                     f"{locators(targets, idx)}: column 1 cm wider",
                     write_each(check, idx, "column.width", "word", lambda n, t: wider[n]))]


# ------------------------------------------------------------------ lists
def _plan_numbering(ctx: PlanContext, check: Check, targets: list[Target]) -> list[Mutation]:
    idx = chosen_indexes(check, len(targets))
    if idx is None or any(t.kind not in ("paragraph", "style") for t in targets):
        return []
    prop = check.property or ""
    where = locators(targets, idx)
    fmts = ctx.values(check, targets, idx, "paragraph.numbering")
    if not fmts or all(f == "none" for f in fmts):
        if prop != "paragraph.numbering":
            return []
        return [mutation(f"number|{where}", "direct:paragraph.numbering",
                         f"{where}: made a list item",
                         write_each(check, idx, "paragraph.numbering", "word", "decimal"))]
    out = [mutation(f"unnumber|{where}", f"direct:{prop}", f"{where}: numbering removed",
                    write_each(check, idx, "paragraph.numbering", "word", "none"))]
    if prop in ("paragraph.numbering.text", "paragraph.numbering.label"):
        texts = [ctx.values(check, targets, [i], "paragraph.numbering.text") for i in idx]
        new = [(t[0] + "." if not t[0].endswith(".") else t[0][:-1] + "、") if t else ""
               for t in texts]
        out.append(mutation(f"numbering|{prop}|{where}", f"direct:{prop}",
                            f"{where}: list level text changed",
                            write_each(check, idx, "paragraph.numbering.text", "word",
                                       lambda n, t: new[n])))
    elif prop == "paragraph.numbering":
        new = ["upperRoman" if f != "upperRoman" else "decimal" for f in fmts]
        out.append(mutation(f"numbering|{prop}|{where}", f"direct:{prop}",
                            f"{where}: list number format changed",
                            write_each(check, idx, prop, "word", lambda n, t: new[n])))
    elif prop == "paragraph.numbering.start":
        starts = [ctx.values(check, targets, [i], prop) for i in idx]
        out.append(mutation(f"numbering|{prop}|{where}", f"direct:{prop}",
                            f"{where}: list start changed",
                            write_each(check, idx, prop, "word",
                                       lambda n, t: (starts[n][0] if starts[n] else 1) + 1)))
    elif prop == "paragraph.numbering.level":
        levels = [ctx.values(check, targets, [i], prop) for i in idx]

        def other(n: int, t: Target) -> int:
            lv = (levels[n][0] if levels[n] else 1) - 1
            return (lv + 1 if lv < 8 else lv - 1) + 1
        out.append(mutation(f"numbering|{prop}|{where}", f"direct:{prop}",
                            f"{where}: list level changed",
                            write_each(check, idx, prop, "word", other)))
    return out


# ------------------------------------------------------------------ pictures
def _plan_image(ctx: PlanContext, check: Check, targets: list[Target]) -> list[Mutation]:
    idx = chosen_indexes(check, len(targets))
    if idx is None or any(getattr(t, "frame", None) is None for t in targets):
        return []
    prop = check.property or ""
    where = locators(targets, idx)
    if prop == "image.wrap":
        wraps = [getattr(targets[i], "wrap", None) for i in idx]
        return [mutation(f"image-wrap|{check.select}|{idx}", "direct:image.wrap",
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
def _plan_document(ctx: PlanContext, check: Check, targets: list[Target]) -> list[Mutation]:
    prop = check.property or ""
    ref = ctx.values(check, targets, [0])
    cur = str(ref[0]) if ref else ""
    literal = check.expected if check.op in ("contains", "equals", "starts_with",
                                             "ends_with") else None
    if prop == "background.color":
        value, what = ("FF0000" if cur.upper() != "FF0000" else "0000FF"), \
            "page background recolored"
    elif prop.startswith("core."):
        value, what = typo_text(cur.strip()) if cur.strip() else None, \
            f"{prop.split('.', 1)[1]} mistyped"
    elif prop == "mail_merge.main_type":
        value, what = ("catalog" if cur != "catalog" else "formLetters"), \
            "main document type changed"
    elif prop in ("mail_merge.query", "mail_merge.destination"):
        i = typo_position(cur, literal) or 0
        value = cur[:i] + typo(cur[i]) + cur[i + 1:] if cur else None
        what = "query mistyped" if prop.endswith("query") else "destination changed"
    elif prop in ("mail_merge.data_source", "mail_merge.data_file"):
        dot = cur.rfind(".")
        cut = dot if dot > 0 else len(cur)
        value = cur[:cut - 1] + typo(cur[cut - 1]) + cur[cut:] if cut > 0 else None
        what = "data source mistyped"
    else:
        return []
    if value is None:
        return []
    return [mutation(f"document|{prop}", f"direct:{prop}", f"document: {what}",
                     write_each(Check(check.select, prop, "equals"), [0], prop, "word",
                                value))]


def _plan_style_fact(ctx: PlanContext, check: Check, targets: list[Target]
                     ) -> list[Mutation]:
    idx = chosen_indexes(check, len(targets))
    if idx is None or any(t.kind != "style" for t in targets):
        return []
    prop = check.property or ""

    def value(n: int, t: Target) -> Any:
        st = t.style  # type: ignore[attr-defined]
        if prop == "style.based_on":
            others = [s.id for s in t.doc.styles.by_id.values()  # type: ignore[attr-defined]
                      if s.type == st.type and s.id != st.id and s.id != st.based_on]
            if not others:
                raise NotApplicable("no other style to base on")
            return others[0]
        if prop == "style.custom":
            return not st.custom
        if prop == "style.type":
            return "character" if st.type != "character" else "paragraph"
        return "Normal" if st.id != "Normal" else "Heading1"

    return [mutation(f"style-fact|{prop}|{check.select}|{idx}", f"direct:{prop}",
                     f"{locators(targets, idx)}: {prop} changed",
                     write_each(check, idx, prop, "word", value))]


# ------------------------------------------------------------------ fields
def _plan_field(ctx: PlanContext, check: Check, targets: list[Target]) -> list[Mutation]:
    idx = chosen_indexes(check, len(targets))
    if idx is None or any(t.kind not in ("field", "toc") for t in targets):
        return []
    prop = check.property or ""

    def value(n: int, t: Target) -> Any:
        info = t.info  # type: ignore[attr-defined]
        if prop == "field.type":
            return "REF" if info.type != "REF" else "SET"
        if prop == "field.argument":
            arg = info.argument or ""
            if not arg:
                raise NotApplicable("no argument")
            mid = len(arg) // 2
            return arg[:mid] + typo(arg[mid]) + arg[mid + 1:]
        text = info.instruction if prop == "field.instruction" else info.switches
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

    what = {"field.argument": "field name mistyped", "field.type": "another field type",
            "field.instruction": "field instruction mistyped",
            "field.switches": "field instruction mistyped"}[prop]
    return [mutation(f"field|{prop}|{check.select}|{idx}", f"direct:{prop}",
                     f"{locators(targets, idx)}: {what}",
                     write_each(check, idx, prop, "word", value))]


def _plan_toc(ctx: PlanContext, check: Check, targets: list[Target]) -> list[Mutation]:
    idx = chosen_indexes(check, len(targets))
    if idx is None or any(t.kind not in ("toc", "field") for t in targets):
        return []
    prop = check.property or ""
    ref = [ctx.values(check, targets, [i]) for i in idx]

    def value(n: int, t: Target) -> Any:
        if not ref[n]:
            raise NotApplicable(f"no {prop} to change")
        if prop == "toc.levels":
            hi = int(ref[n][0])
            return hi - 1 if hi > 1 else hi + 1
        return not ref[n][0]

    what = {"toc.levels": "outline levels changed", "toc.hyperlinks": "hyperlink switch flipped",
            "toc.page_numbers": "page-number switch flipped"}[prop]
    return [mutation(f"field|{prop}|{check.select}|{idx}", f"direct:{prop}",
                     f"{locators(targets, idx)}: {what}",
                     write_each(check, idx, prop, "word", value))]


def _plan_caption(ctx: PlanContext, check: Check, targets: list[Target]) -> list[Mutation]:
    """The caption's SEQ identifier changed (图 <-> 表), or the caption moved to the other
    side of its object."""
    idx = chosen_indexes(check, len(targets))
    if idx is None or any(t.kind != "paragraph" for t in targets):
        return []
    prop = check.property or ""
    ref = [ctx.values(check, targets, [i]) for i in idx]
    where = locators(targets, idx)
    if prop == "caption.label":
        return [mutation(f"caption-label|{check.select}|{idx}", "direct:caption.label",
                         f"{where}: caption label changed",
                         write_each(check, idx, prop, "word",
                                    lambda n, t: "图" if (ref[n] or [""])[0] != "图" else "表"))]
    return [mutation(f"caption-position|{check.select}|{idx}", "direct:caption.position",
                     f"{where}: caption moved to the other side of its object",
                     write_each(check, idx, prop, "word",
                                lambda n, t: "above" if (ref[n] or [""])[0] == "below"
                                else "below"))]


def _plan_merge_fields(ctx: PlanContext, check: Check, targets: list[Target]
                       ) -> list[Mutation]:
    """The first merge field of the body given a mistyped name (``mail_merge.fields``)."""
    got = ctx.values(Check(check.select, "mail_merge.fields", "equals"), targets, [0])
    names = list(got[0]) if got else []
    if not names:
        return []
    first = str(names[0])
    mid = len(first) // 2
    new = [first[:mid] + typo(first[mid]) + first[mid + 1:], *names[1:]] if first else None
    if new is None:
        return []
    return [mutation("merge-fields", "direct:mail_merge.fields",
                     "the first merge field's name mistyped",
                     write_each(Check(check.select, "mail_merge.fields", "equals"), [0],
                                "mail_merge.fields", "word", new))]


def plan_hyperlink(ctx: PlanContext, check: Check, targets: list[Target], app: str = "word"
                   ) -> list[Mutation]:
    """The link's relationship target given a typo (a mistyped URL)."""
    idx = chosen_indexes(check, len(targets))
    if idx is None:
        return []
    refs = [ctx.values(check, targets, [i]) for i in idx]
    if not all(refs):
        return []

    def value(n: int, t: Target) -> str:
        cut = str(refs[n][0]).rstrip("/")
        return cut[:-1] + ("x" if cut[-1:] != "x" else "y") if cut else "x"

    w = writer("hyperlink.target", app)

    def apply(ws, edit) -> str:
        note = ""
        for n, t in enumerate(refind(edit, check.select, idx)):
            note = w.write(edit, t, value(n, t))
        return note

    return [mutation(f"link|{check.select}|{idx}", "direct:hyperlink.target",
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


PLANNERS: dict[str, Planner] = {
    "header.text": _plan_hf_text("header"),
    "footer.text": _plan_hf_text("footer"),
    "header.has_page_number": _plan_page_field("header"),
    "footer.has_page_number": _plan_page_field("footer"),
    "header.visible": _plan_visible("header"),
    "footer.visible": _plan_visible("footer"),
    "paragraph.style": _plan_style,
    "table.rows": _plan_table_structure, "table.columns": _plan_table_structure,
    "table.style": _plan_table_structure, "column.width": _plan_column_width,
    **{p: _plan_numbering for p in ("paragraph.numbering", "paragraph.numbering.text",
                                    "paragraph.numbering.label", "paragraph.numbering.start",
                                    "paragraph.numbering.level")},
    "image.width": _plan_image, "image.height": _plan_image, "image.wrap": _plan_image,
    **{p: _plan_document for p in ("background.color", "core.title", "core.author",
                                   "core.subject", "core.keywords", "mail_merge.main_type",
                                   "mail_merge.query", "mail_merge.destination",
                                   "mail_merge.data_source", "mail_merge.data_file")},
    **{p: _plan_style_fact for p in ("style.based_on", "style.custom", "style.type",
                                     "style.next")},
    "mail_merge.fields": _plan_merge_fields,
    **{p: _plan_field for p in ("field.argument", "field.type", "field.instruction",
                                "field.switches")},
    **{p: _plan_toc for p in ("toc.levels", "toc.hyperlinks", "toc.page_numbers")},
    "caption.label": _plan_caption, "caption.position": _plan_caption,
    "hyperlink.target": plan_hyperlink,
}
