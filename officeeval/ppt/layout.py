"""Whether a shape's text fits it at its size, from LibreOffice's layout: the height the
text needs (LibreOffice grows a copy of the shape to its text) against the shape's own.
A shape whose body shrinks text on overflow (``a:normAutofit``, PowerPoint's "shrink text
on overflow") or grows with it (``a:spAutoFit``) fits by definition; the setting is read
through the placeholder chain (slide, layout, master). The layout backend comes from the
grader (``ctx.backends.layout``); see ``rendered.obtain`` for what it raises.
"""

from __future__ import annotations

from typing import Any

from officeeval.ooxml.ns import A
from officeeval.ooxml.repack import package_bytes
from officeeval.ppt.markup import first_child
from officeeval.rendered import Rendered, obtain

_A = f"{{{A}}}"
TOLERANCE = 10  # 1/100 mm: LibreOffice's rounding of a grown shape


def rendered(doc, layouter: Any) -> Rendered:
    """The layout of the presentation view ``doc``."""
    return obtain(doc, layouter, lambda: package_bytes(doc.package), ".pptx")


def autofit(shape) -> str | None:
    """``shrink`` (normAutofit), ``grow`` (spAutoFit), ``none`` (noAutofit) or ``None``
    when no level says, from the shape's body and the placeholders it inherits."""
    from officeeval.ppt.sheets import inherited_placeholders
    for level in [shape, *inherited_placeholders(shape)]:
        body = level.tx_body
        pr = first_child(body, _A + "bodyPr") if body is not None else None
        if pr is None:
            continue
        for tag, kind in (("normAutofit", "shrink"), ("spAutoFit", "grow"),
                          ("noAutofit", "none")):
            if pr.find(_A + tag) is not None:
                return kind
    return None


def slide_number(doc, shape) -> int | None:
    """The 1-based show position of the slide holding ``shape``."""
    top = shape
    while top.parent is not None:
        top = top.parent
    for i, sheet in enumerate(doc.slide_sheets, start=1):
        if sheet is top.sheet:
            return i
    return None


def text_fits(doc, layout: Rendered, shape) -> tuple[bool, str] | None:
    """(fits, why) for a top-level shape with text; ``None`` when LibreOffice did not
    measure it (no text, a group member, a shape it could not find)."""
    if shape.parent is not None:
        return None
    number = slide_number(doc, shape)
    if number is None:
        return None
    siblings = shape.sheet.shapes
    index = siblings.index(shape) if shape in siblings else -1
    hit = layout.shape_fit(number, index, shape.name)
    if hit is None or hit[1] is None or hit[2] is None:
        return None
    fit = autofit(shape)
    if fit in ("shrink", "grow"):
        return True, f"the text box {'shrinks its text' if fit == 'shrink' else 'grows'} " \
                     f"to fit"
    needed, height = hit[2], hit[3]
    if needed <= height + TOLERANCE:
        return True, ""
    return False, f"the text needs {needed / 100:.1f} mm, the box is {height / 100:.1f} mm"
