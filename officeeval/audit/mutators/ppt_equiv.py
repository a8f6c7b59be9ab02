"""PowerPoint equivalent variants: the reference written another way a careful examiner
grades the same (each must keep every criterion's points); the rewrites are PowerPoint's
(``officeeval.ppt.edit.equivalents``):

* run formatting every run of a shape's level shares, moved into the shape's list style
  (``a:lstStyle/a:lvlNpPr/a:defRPr``, the level a run inherits from first);
* runs split in two with the same formatting;
* colours equal to a theme accent written as that scheme colour, and the reverse;
* positions and sizes 360 EMU (0.01 mm, LibreOffice's unit) larger, as another writer
  rounds them;
* slide part names out of show order (``slide1.xml`` is the third slide).
"""

from __future__ import annotations

from officeeval.audit.mutators.base import Mutation, PlanContext
from officeeval.audit.mutators.equivalent import equivalent
from officeeval.ooxml import repackage as RP
from officeeval.ppt.edit import equivalents as PE


def _on(fn):
    return lambda ws, edit: fn(edit)


def _slide_names(ws, edit) -> str:
    temp, final, note = PE.slide_part_renames(edit.doc)
    edit.repackage = lambda members: RP.rename_parts(RP.rename_parts(members, temp), final)
    return note


def plan_equivalent(ctx: PlanContext) -> list[Mutation]:
    return [
        equivalent("ppt|list-style", "run-to-list-style",
                   "run formatting shared by every run of a shape's level moved into the "
                   "shape's list style", _on(PE.to_list_style)),
        equivalent("ppt|split-runs", "run-split", "every run split in two with the same "
                   "formatting", _on(PE.split_runs)),
        equivalent("ppt|rgb-to-scheme", "colour-rgb-to-theme", "colours equal to a theme "
                   "colour written as that scheme colour (000000 as tx1 …)",
                   _on(PE.colours(to_scheme=True))),
        equivalent("ppt|scheme-to-rgb", "colour-theme-to-rgb", "scheme colours written as "
                   "the RGB they resolve to", _on(PE.colours(to_scheme=False))),
        equivalent("ppt|rounded", "lengths-rounded", "positions and sizes 0.01 mm larger, "
                   "as another writer rounds them", _on(PE.rounded)),
        equivalent("ppt|slide-names", "slide-part-names", "slide part names out of show "
                   "order (the show order, p:sldIdLst, unchanged)", _slide_names),
    ]
