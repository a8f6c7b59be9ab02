"""Word mutants: for one check, edits of the reference that break exactly the property it
reads, found with the engine's own selectors and targets and written by Word's writers
(``officeeval.word.edit``).

* Property mutants set a wrong value *directly* on the target (direct formatting overrides
  every style), and — when the reference's value is inherited — also change the style (or
  document defaults) it is inherited from.
* Text mutants put a typo in the middle of the text the check compares.
* Deletion mutants remove a selected paragraph, run, table, image … .
* Neutral mutants (``plan_neutral``) touch what no check reads: a paragraph no selector
  selects, a run property outside the catalog, an unused style.

This module is policy: which mistakes to try for which property (``MISTAKES``, and the
planners of ``word_more`` for properties whose mistake depends on the reference).
"""

from __future__ import annotations

import re

from officeeval.audit.mutators import word_more
from officeeval.audit.mutators.base import (
    Mutation, PlanContext, chosen_indexes, locators, refind, writer,
)
from officeeval.audit.mutators.mistakes import (
    CM, choices, flip, fonts, lengths, shift, sizes,
)
from officeeval.audit.mutators.plan import (
    Inherited, Policy, plan_check as plan, plan_forbidden, plan_typo, plan_values,
)
from officeeval.rubric.model import Check
from officeeval.targets import Target
from officeeval.values import Border, LineSpacing, Measure, PageSize, PAPER_SIZES, TabStop
from officeeval.word.edit import structure as WS

INHERITED = Inherited(
    skip=("direct", "direct:theme", "mixed", "default", "none", ""),
    key="inherited|{prop}|{source}|{shown}",
    description="{where}: {prop} {shown_ref} -> {shown} in {source}, where the reference "
                "inherits it from")
# Properties that read the text of their target: a typo is their mistake.
TEXT_PROPS = {"text", "cell.text", "shape.text", "footnote.text", "comment.text",
              "field.result"}


def _page_sizes(ref: list) -> list:
    landscape = any(isinstance(v, PageSize) and v.width > v.height for v in ref)
    out = []
    for name in ("A4", "B5", "Letter", "A3"):
        w, h = PAPER_SIZES[name]
        out.append(PageSize(h, w) if landscape else PageSize(w, h))
    return out


def _next_int(ref: list) -> list:
    n = next((int(v) for v in ref if isinstance(v, (int, float))), 0)
    return [n + 1, 1]


def _border_values(ref: list) -> list:
    shown = [r for r in ref if isinstance(r, Border) and r.style not in ("none", "nil")]
    if not shown:
        return [Border("single")]
    other = "double" if shown[0].style != "double" else "single"
    return [Border("none"), Border(other)]


def _drop_cap_lines(ref: list) -> list:
    n = next((int(v) for v in ref if isinstance(v, (int, float))), 3)
    return [n + 1 if n < 10 else n - 1]


def _tab_stop_values(ref: list) -> list:
    """Other tab stops: the reference's moved by 1 cm with the other alignment, or one
    right-aligned stop when it has none; and none at all."""
    stops = next((v for v in ref if isinstance(v, list) and v), None)
    if not stops:
        return [[TabStop("right", Measure(pt=15 * CM), "dot")]]
    moved = [TabStop("left" if s.alignment != "left" else "right",
                     Measure(pt=(s.position.points() or 0.0) + CM), s.leader)
             for s in stops if isinstance(s, TabStop)]
    return [moved, []]


_IND_ZERO_ALT = Measure(pt=None, chars=2.0)
SIDES = ("top", "left", "bottom", "right")
# Property -> (mistakes to try given the reference's values, how many to make).
MISTAKES = {
    "font.east_asia": (fonts("宋体", "黑体", "楷体", "仿宋", "微软雅黑"), 1),
    "font.name": (fonts("Arial", "Times New Roman", "Courier New"), 1),
    "font.size": (sizes, 1),
    **{p: (flip, 1) for p in ("font.bold", "font.italic", "font.strike", "font.double_strike",
                              "font.small_caps", "font.all_caps", "font.superscript",
                              "font.subscript")},
    "font.underline": (choices("none", "single", "double"), 1),
    "font.color": (choices("000000", "FF0000", "0000FF", "00B050"), 1),
    "font.highlight": (choices("yellow", "green", "none"), 1),
    "font.spacing": (choices(2.0, 0.0, -1.0), 1),
    "font.scale": (choices(150.0, 100.0), 1),
    "font.emphasis_mark": (choices("dot", "none", "comma"), 1),
    "font.shading": (choices("FFFF00", "none"), 1),
    "paragraph.alignment": (choices("left", "center", "right", "justify"), 1),
    **{f"paragraph.indent.{s}": (lengths(_IND_ZERO_ALT), 2)
       for s in ("left", "right", "first_line", "hanging")},
    "paragraph.space_before": (lengths(Measure(12.0)), 2),
    "paragraph.space_after": (lengths(Measure(12.0)), 2),
    "paragraph.line_spacing": (choices(LineSpacing("multiple", 1.0), LineSpacing("multiple", 1.5),
                                       LineSpacing("multiple", 2.0), LineSpacing("exact", 20.0)),
                               1),
    "paragraph.outline_level": (choices("body_text", "1", "2"), 1),
    "paragraph.keep_with_next": (flip, 1),
    "paragraph.page_break_before": (flip, 1),
    "paragraph.widow_control": (flip, 1),
    "paragraph.tab_stops": (_tab_stop_values, 1),
    "page.size": (_page_sizes, 1),
    "page.width": (shift(2 * CM), 1),
    "page.height": (shift(2 * CM), 1),
    "page.orientation": (choices("landscape", "portrait"), 1),
    **{f"page.margin.{s}": (shift(CM), 1) for s in ("top", "bottom", "left", "right",
                                                     "gutter")},
    "page.margin.gutter_position": (choices("left", "top"), 1),
    "page.header_distance": (shift(CM / 2), 1),
    "page.footer_distance": (shift(CM / 2), 1),
    "page.border": (lambda ref: [Border("single", 0.5), Border("none")], 1),
    "columns.count": (lambda ref: [2, 1, 3], 1),
    "columns.spacing": (shift(CM), 1),
    "columns.separator": (flip, 1),
    "section.start": (choices("nextPage", "continuous"), 1),
    "section.title_page": (flip, 1),
    "page_numbers.format": (choices("decimal", "upperRoman", "lowerRoman"), 1),
    "page_numbers.start": (_next_int, 1),
    "cell.shading": (choices("none", "FFFF00", "DDEBF7"), 1),
    "cell.vertical_alignment": (choices("top", "center", "bottom"), 1),
    "table.alignment": (choices("left", "center", "right"), 1),
    "table.width": (shift(2 * CM), 1),
    "table.header_repeat": (flip, 1),
    "table.border.outer": (_border_values, 1),
    "table.border.inner": (_border_values, 1),
    **{f"table.border.{s}": (_border_values, 1) for s in (*SIDES, "inside_h", "inside_v")},
    "row.height": (shift(10.0), 1),
    "row.height_rule": (choices("exact", "at_least"), 1),
    "paragraph.border": (_border_values, 1),
    **{f"paragraph.border.{s}": (_border_values, 1) for s in SIDES},
    "paragraph.shading": (choices("none", "FFFF00", "D9D9D9"), 1),
    "paragraph.numbering.suffix": (choices("tab", "space", "nothing"), 1),
    "chart.cache_matches_workbook": (flip, 1),
    "paragraph.drop_cap": (choices("margin", "drop"), 1),
    "paragraph.drop_cap.lines": (_drop_cap_lines, 1),
    "paragraph.drop_cap.distance": (shift(CM / 2), 1),
}


# ------------------------------------------------------------------ planning
def plan_check(ctx: PlanContext, check: Check) -> tuple[list[Mutation], str]:
    """Breaking mutations for one check, and a note when none could be derived."""
    return plan(ctx, check, POLICY)


def _count(ctx: PlanContext, check: Check, targets: list[Target]) -> list[Mutation]:
    if targets[0].kind == "section":
        return [Mutation(key="section-break", operator="delete:section",
                         description="a section break removed", scope="rubric",
                         apply=lambda ws, edit: WS.remove_section_break(edit))]
    return plan_delete(ctx, check, targets, force=True)


def _value(ctx: PlanContext, check: Check, targets: list[Target]
           ) -> tuple[list[Mutation], str]:
    prop = check.property or ""
    hf_text = prop in ("header.text", "footer.text") and targets[0].kind in ("header",
                                                                              "footer")
    if prop in TEXT_PROPS or hf_text:
        return plan_text(ctx, check, targets), ""
    if prop in word_more.PLANNERS:
        return word_more.PLANNERS[prop](ctx, check, targets), ""
    if prop in MISTAKES:
        mistakes, variants = MISTAKES[prop]
        return plan_values(ctx, check, targets, "word", mistakes, variants, INHERITED), ""
    return [], f"no Word mutator for {prop}"


def _structure(ctx: PlanContext, check: Check, targets: list[Target]) -> list[Mutation]:
    return plan_delete(ctx, check, targets)


POLICY = Policy("Word", _count, _value, _structure)


# ------------------------------------------------------------------ text
def plan_text(ctx: PlanContext, check: Check, targets: list[Target]) -> list[Mutation]:
    idx = chosen_indexes(check, len(targets))
    if idx is None or not any(WS.text_nodes(targets[i]) for i in idx):
        return []
    if check.op in ("not_contains", "not_equals") and check.expected:
        return [plan_forbidden(check, targets, idx, WS.text_nodes)]
    literal = check.expected if check.op in ("equals", "contains", "starts_with",
                                             "ends_with", "approx") else None
    return [plan_typo(check, targets, idx, WS.text_nodes, literal,
                      key=f"text|{check.select}|{idx}|{literal}", operator="text:typo",
                      description=f"{locators(targets, idx)}: one character of the text "
                                  f"changed" + (f" inside {literal!r}" if literal else ""))]


# ------------------------------------------------------------------ deletion
def plan_delete(ctx: PlanContext, check: Check, targets: list[Target], force: bool = False
                ) -> list[Mutation]:
    """Remove the (first, or every for ``match="any"``) selected target."""
    kinds = {t.kind for t in targets}
    if not kinds <= WS.DELETABLE:
        return []
    idx = [0] if (check.match == "all" or force) else list(range(len(targets)))
    t0 = targets[idx[0]]
    if t0.kind == "paragraph" and WS.holds_section(t0):
        return []

    def apply(ws, edit) -> None:
        for t in refind(edit, check.select, idx):
            WS.delete(edit, t)

    return [Mutation(key=f"delete|{locators(targets, idx)}", operator=f"delete:{t0.kind}",
                     description=f"{locators(targets, idx)} deleted", apply=apply,
                     scope="rubric")]


# ------------------------------------------------------------------ neutral mutants
def plan_neutral(ctx: PlanContext) -> list[Mutation]:
    """Edits no check should notice: formatting of a paragraph no selector selects, a run
    property outside the catalog on a selected paragraph, an unused style."""
    selected: set[int] = set()
    first_selected: tuple[str | None, int] | None = None
    uses_all_styles = False
    for c in ctx.rubric.criteria:
        for k in c.checks:
            if k.select and re.search(r"(^|/)style(?![\w(])", k.select):
                uses_all_styles = True
            for i, t in enumerate(ctx.targets(k.select)):
                p = _paragraph_of(t)
                if p is not None:
                    selected.add(id(p.el))
                    if first_selected is None and t.kind == "paragraph":
                        first_selected = (k.select, i)
    out: list[Mutation] = []
    paragraphs = list(getattr(ctx.doc, "paragraphs", []))
    free = [i for i, p in enumerate(paragraphs) if id(p.el) not in selected and p.text_runs()]
    if free:
        out.append(_unselected_paragraph(free[0], paragraphs[free[0]].locator))
    if first_selected is not None:
        out.append(_unread_property(*first_selected))
    if not uses_all_styles and getattr(ctx.doc.styles, "by_id", None) is not None:
        out.append(Mutation(key="neutral|unused-style", operator="neutral:unused-style",
                            description="a bold 36 pt paragraph style that no paragraph "
                                        "uses added to styles.xml",
                            apply=lambda ws, edit: WS.add_unused_style(edit), kind="neutral"))
    return out


def _paragraph_of(t: Target):
    if t.kind == "paragraph":
        return t
    if t.kind in ("run", "span"):
        return t.paragraph  # type: ignore[attr-defined]
    return None


def _unselected_paragraph(index: int, where: str) -> Mutation:
    def apply(ws, edit) -> None:
        p = edit.doc.paragraphs[index]  # type: ignore[attr-defined]
        writer("font.italic", "word").write(edit, p, True)
        writer("font.color", "word").write(edit, p, "7030A0")

    return Mutation(key=f"neutral|unselected|{index}", operator="neutral:unselected-paragraph",
                    description=f"{where} (selected by no check) made italic and purple",
                    apply=apply, kind="neutral")


def _unread_property(selector: str | None, index: int) -> Mutation:
    def apply(ws, edit) -> None:
        WS.mark_language(edit, refind(edit, selector, [index])[0])

    return Mutation(key=f"neutral|unread|{selector}|{index}", operator="neutral:unread-property",
                    description=f"{selector} target {index + 1}: language and proofing marks "
                                f"(read by no catalog property) added to its runs",
                    apply=apply, kind="neutral")


def plan_equivalent(ctx: PlanContext) -> list[Mutation]:
    """The reference written another way a careful examiner grades the same
    (``word_equiv``)."""
    from officeeval.audit.mutators import word_equiv
    return word_equiv.plan_levels(ctx) + word_equiv.plan_values(ctx)
