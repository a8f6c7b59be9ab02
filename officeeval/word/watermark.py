"""Watermarks: what Word's 水印 dialog writes into the headers, in either form.

* VML (every Word version's dialog): a ``v:shape`` with a ``v:textpath`` (text watermark,
  ``PowerPlusWaterMarkObject…``) or with ``v:imagedata`` (picture watermark,
  ``WordPictureWatermark…``), positioned behind the text.
* DrawingML: an anchored object in a header placed behind the text (``behindDoc="1"``) or
  named as a watermark: a shape/text box with text is a text watermark, a picture a picture
  watermark.

The first watermark found in the shown headers of the sections, in order, is the document's.
"""

from __future__ import annotations

from dataclasses import dataclass

from officeeval.ooxml.ns import V, WP
from officeeval.word.drawings import DrawingTarget, drawings_of, vml_color, vml_style
from officeeval.word.headers import shown

_V = f"{{{V}}}"
_WP = f"{{{WP}}}"


@dataclass(frozen=True)
class Watermark:
    """``kind`` is ``text`` or ``picture``; ``layout`` ``diagonal`` or ``horizontal``."""

    kind: str
    text: str | None
    font: str | None
    color: str | None
    layout: str
    part: str


def is_watermark(t: DrawingTarget) -> bool:
    """Whether a drawing is a watermark (a header object behind the text, or named so)."""
    if t.fmt == "vml":
        sid = (t.el.get("id") or "").lower()
        if "watermark" in sid:
            return True
        return t.textpath is not None and t.wrap == "behind"
    name = (t.name or "").lower()
    if "watermark" in name or "水印" in name:
        return True
    return t.frame is not None and t.frame.tag == _WP + "anchor" and t.wrap == "behind"


def _rotation(t: DrawingTarget) -> float:
    if t.fmt == "vml":
        raw = vml_style(t.el).get("rotation", "0")
        try:
            return float(raw.rstrip("fd"))
        except ValueError:
            return 0.0
    xfrm = t.el.find(".//{http://schemas.openxmlformats.org/drawingml/2006/main}xfrm")
    try:
        return int(xfrm.get("rot") or 0) / 60000.0 if xfrm is not None else 0.0
    except ValueError:
        return 0.0


def _describe(t: DrawingTarget) -> Watermark | None:
    rot = _rotation(t) % 180
    layout = "horizontal" if rot < 1 or rot > 179 else "diagonal"
    if t.kind == "image":
        return Watermark("picture", None, None, None, layout, t.part)
    text = t.text.strip() if t.text else ""
    if not text:
        return None
    font = color = None
    if t.fmt == "vml":
        tp = t.el.find(_V + "textpath")
        font = vml_style(tp).get("font-family") if tp is not None else None
        color = vml_color(t.el.get("fillcolor"))
    else:
        runs = [r for p in t.paragraphs for r in p.text_runs()]
        if runs:
            chain = runs[0].chain()
            got = chain.font("eastAsia") or chain.font("ascii")
            font = got.value if got else None
            from officeeval.word.runs import color as run_color
            c = run_color(chain)
            color = c.value if c and c.value != "auto" else None
    return Watermark("text", text, font, color, layout, t.part)


def find_watermark(doc) -> Watermark | None:
    """The document's watermark, or ``None``."""
    found = watermark_drawing(doc)
    return found[1] if found is not None else None


def watermark_drawing(doc) -> tuple[DrawingTarget, Watermark] | None:
    """The drawing that is the document's watermark and what it shows, or ``None``."""
    for section in doc.sections:
        for hf in shown(section, "header"):
            if not hf.defined:
                continue
            refs = doc.story_index(hf.part).drawings
            for step in ("shape", "image"):
                for t in drawings_of(doc, hf.part, refs, f"{hf.locator}/", step):
                    if is_watermark(t):
                        wm = _describe(t)
                        if wm is not None:
                            return t, wm
    return None
