"""PowerPoint properties read from LibreOffice's layout of the presentation
(``ppt.layout``): whether a shape's text fits its box. Source ``rendered (LibreOffice
<version>)``; without a layout backend, or when it fails or times out,
``UnverifiableValue`` (an ``eval_error``)."""

from __future__ import annotations

from officeeval.ppt.layout import rendered, text_fits
from officeeval.ppt.targets import ShapeTarget
from officeeval.properties import types as T
from officeeval.properties.define import PropertySet
from officeeval.properties.drafting import Drafting
from officeeval.values import Observation

PROPERTIES = PropertySet()
prop = PROPERTIES.prop


@prop("shape.text_fits", T.BOOL, kinds=("shape",),
      read_only="laid out by LibreOffice from the text, its size and the box: write those",
      draft=Drafting(asked="words", words=("适应", "自动调整"), from_layout=True))
def shape_text_fits(t, ctx):
    """Whether the shape's text fits inside its box at its size (no overflow below the
    box); a box that shrinks text on overflow or grows with its text fits. A shape
    without text has no value."""
    if not isinstance(t, ShapeTarget) or not (t.text or "").strip():
        return None
    layout = rendered(t.doc, getattr(ctx.backends, "layout", None))
    hit = text_fits(t.doc, layout, t.shape)
    if hit is None:
        return None
    return Observation(hit[0], layout.source, note=hit[1])
