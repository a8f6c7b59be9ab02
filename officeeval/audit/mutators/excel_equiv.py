"""Excel equivalent variants: the reference written another way a careful examiner grades
the same (each must keep every criterion's points); the rewrites are Excel's
(``officeeval.excel.edit.equivalents``):

* the workbook with its formula results cached (as Excel saves it) instead of none (as
  openpyxl writes it), or without the cache it had (then graded by recalculation);
* colours as the theme colour they equal, and theme colours as plain RGB;
* shared strings written as inline strings, and inline strings as shared ones;
* built-in number formats written as custom formats with the same code;
* worksheet part names out of tab order (the tab order, ``workbook.xml``, unchanged).
"""

from __future__ import annotations

from officeeval.audit.mutators.base import Mutation, PlanContext
from officeeval.audit.mutators.equivalent import equivalent
from officeeval.excel.edit import equivalents as XE
from officeeval.ooxml import repackage as RP


def _on(fn):
    return lambda ws, edit: fn(edit)


def _sheet_names(ws, edit) -> str:
    temp, final, note = XE.sheet_part_renames(edit.doc)
    edit.repackage = lambda members: RP.rename_parts(RP.rename_parts(members, temp), final)
    return note


def plan_equivalent(ctx: PlanContext) -> list[Mutation]:
    out = []
    if ctx.ws.reference != ctx.ws.original:
        out.append(equivalent("excel|cached", "cached-results",
                              "the workbook with its formula results cached (as Excel saves "
                              "it); the reference had none", lambda ws, edit: None))
    elif ctx.ws.backends.recalc is not None and ctx.ws.options.get("recalc") is not False:
        out.append(equivalent("excel|uncached", "uncached-results",
                              "the workbook without its cached formula results (as openpyxl "
                              "writes it), graded by recalculation", _on(XE.uncached)))
    return out + [
        equivalent("excel|rgb-to-theme", "colour-rgb-to-theme", "colours equal to a theme "
                   "colour written as that theme colour", _on(XE.colours(to_theme=True))),
        equivalent("excel|theme-to-rgb", "colour-theme-to-rgb", "theme colours written as "
                   "the RGB they resolve to", _on(XE.colours(to_theme=False))),
        equivalent("excel|inline-strings", "inline-strings", "shared strings written as "
                   "inline strings", _on(XE.inline_strings)),
        equivalent("excel|shared-strings", "shared-strings", "inline strings written as "
                   "shared strings", _on(XE.shared_strings)),
        equivalent("excel|custom-formats", "number-format-custom", "built-in number formats "
                   "written as custom formats with the same code", _on(XE.custom_formats)),
        equivalent("excel|sheet-names", "sheet-part-names", "worksheet part names out of "
                   "tab order (the tab order unchanged)", _sheet_names),
    ]
