"""Word equivalent variants: the reference written another way a careful examiner grades the
same (the rewrites are Word's, ``officeeval.word.edit.equivalents`` and
``equivalent_values``). Each keeps what Word shows; the rubric must keep every criterion's
points. This module decides which variants a rubric gets: moving formatting between levels
is not equivalent for a rubric that reads where formatting is set, nor for paragraphs whose
style it reads.
"""

from __future__ import annotations

from officeeval.audit.mutators.base import Mutation, PlanContext, plans
from officeeval.audit.mutators.equivalent import equivalent
from officeeval.word.edit import equivalent_values as WV
from officeeval.word.edit import equivalents as WE


def _reads_direct(ctx: PlanContext) -> bool:
    return any(k.source == "direct" for c in ctx.rubric.criteria for k in c.checks)


def style_sensitive(ctx: PlanContext) -> set[str]:
    """Locators of paragraphs whose style the rubric reads (a property the audit breaks by
    restyling the paragraph, ``plan=Plan("paragraph_style")`` where it is defined; a style
    predicate in a selector): giving them another style changes what it asks about."""
    out: set[str] = set()
    for c in ctx.rubric.criteria:
        for k in c.checks:
            sel = k.select or ""
            restyled = any(p.kind == "paragraph_style" for p in plans(k.property or "", "word"))
            if restyled or "style" in sel:
                for t in ctx.targets(sel):
                    out.add(t.locator)
                    for p in getattr(t, "paragraphs", []) or []:
                        out.add(p.locator)
    return out


def _on(fn):
    return lambda ws, edit: fn(edit)


def plan_levels(ctx: PlanContext) -> list[Mutation]:
    if _reads_direct(ctx):
        return []  # the rubric asks where formatting is set: moving it is not equivalent
    out = [
        equivalent("word|char-style", "direct-to-character-style",
                   "run formatting set directly moved into character styles (toggles "
                   "compensated for the paragraph styles they combine with)",
                   _on(WE.direct_to_character_styles)),
        equivalent("word|para-style", "direct-to-paragraph-style",
                   "paragraph formatting set directly moved into new paragraph styles based "
                   "on the paragraphs' own",
                   _on(WE.direct_to_paragraph_styles(style_sensitive(ctx)))),
    ]
    if not any("style(" in (k.select or "") for c in ctx.rubric.criteria for k in c.checks):
        # (A style definition's own values inherit the defaults without the default
        # paragraph style: moving between the two changes what such a check reads.)
        out.append(equivalent("word|defaults", "style-to-docdefaults",
                              "the default paragraph style's fonts, sizes, colours and "
                              "languages moved to the document defaults (or the reverse)",
                              _on(WE.style_to_defaults)))
    return out


def plan_values(ctx: PlanContext) -> list[Mutation]:
    return [
        equivalent("word|chars-to-abs", "indent-chars-to-absolute",
                   "indents stored in characters written as the equivalent absolute length "
                   "(firstLineChars=200 -> firstLine=420 at 10.5 pt)",
                   _on(WV.units(WV.INDENTS, to_units=False))),
        equivalent("word|abs-to-chars", "indent-absolute-to-chars",
                   "absolute indents of whole or half characters also stored in characters",
                   _on(WV.units(WV.INDENTS, to_units=True))),
        equivalent("word|lines-to-pt", "spacing-lines-to-points",
                   "paragraph spacing stored in lines written in points (0.5 line = 6 pt "
                   "without a document grid)", _on(WV.units(WV.SPACINGS, to_units=False))),
        equivalent("word|pt-to-lines", "spacing-points-to-lines",
                   "paragraph spacing of whole or half lines also stored in lines",
                   _on(WV.units(WV.SPACINGS, to_units=True))),
        equivalent("word|rounded", "lengths-rounded",
                   "lengths rounded as other writers round: page setup two twips more, "
                   "paragraph and table lengths one, drawing extents 0.01 mm more",
                   _on(WV.rounded)),
        equivalent("word|empty-parts", "empty-header-part",
                   "an empty header and footer part where a section showed none",
                   _on(WV.empty_parts)),
        equivalent("word|rgb-to-theme", "colour-rgb-to-theme",
                   "colours equal to a theme colour written as that theme colour (000000 as "
                   "text1 …)", _on(WV.theme_colours(to_theme=True))),
        equivalent("word|theme-to-rgb", "colour-theme-to-rgb",
                   "theme colours written as the RGB they resolve to",
                   _on(WV.theme_colours(to_theme=False))),
        equivalent("word|split-runs", "run-split", "every run of plain text split in two "
                   "with the same formatting", _on(WV.split_runs)),
    ]
