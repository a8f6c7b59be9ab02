"""The outline of a PowerPoint presentation: slide size, the layouts on offer, then each
slide with its layout, title and shapes (kind, placeholder type, text)."""

from __future__ import annotations

from officeeval.outline.common import Lines, quoted, short, targets, value
from officeeval.targets import Document

MAX_SLIDES = 30
MAX_SHAPES = 12
MAX_LAYOUTS = 16


def ppt_outline(doc: Document, name: str, out: Lines) -> None:
    slides = targets(doc, "slide")
    size = value("presentation.slide_size", doc.root())
    out.add(f"{name}: PowerPoint presentation, {len(slides)} slide(s)"
            + (f", slide size {size}" if size else ""))
    layouts = [short(value("slide.layout", t), 30) for t in targets(doc, "layout")]
    layouts = [x for x in layouts if x]
    if layouts:
        more = f", … ({len(layouts) - MAX_LAYOUTS} more)" if len(layouts) > MAX_LAYOUTS else ""
        out.add("layouts: " + ", ".join(layouts[:MAX_LAYOUTS]) + more)
    for i, s in enumerate(slides[:MAX_SLIDES], start=1):
        layout = value("slide.layout", s)
        hidden = " (hidden)" if value("slide.hidden", s) is True else ""
        out.add(f"slide {i}{hidden}: layout '{layout or '?'}', title "
                f"{quoted(value('slide.title', s))}")
        shapes = targets(doc, f"slide[{i}]/shape")
        for sh in shapes[:MAX_SHAPES]:
            kind = value("shape.kind", sh)
            ph = value("shape.placeholder_type", sh)
            tags = ", ".join(str(x) for x in (kind, f"placeholder {ph}" if ph else None) if x)
            text = value("text", sh)
            out.add(f"  - {short(value('shape.name', sh), 30) or '?'} [{tags or 'shape'}]"
                    + (f": {quoted(text)}" if text else ""))
        if len(shapes) > MAX_SHAPES:
            out.add(f"  … {len(shapes) - MAX_SHAPES} more shape(s)")
    if len(slides) > MAX_SLIDES:
        out.add(f"… {len(slides) - MAX_SLIDES} more slide(s)")
