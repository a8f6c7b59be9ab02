"""The outline of a Word document: sections (page size, orientation, columns), tables
(size and first row), objects, then body paragraphs with the style in force."""

from __future__ import annotations

from officeeval.outline.common import Lines, quoted, short, targets, value
from officeeval.targets import Document

MAX_PARAGRAPHS = 80
MAX_TABLES = 10
MAX_CELLS = 8
_OBJECTS = (("image", "image(s)"), ("chart", "chart(s)"), ("textbox", "text box(es)"),
            ("smartart", "SmartArt"), ("field", "field(s)"), ("footnote", "footnote(s)"))


def word_outline(doc: Document, name: str, out: Lines) -> None:
    paragraphs = targets(doc, "paragraph")
    tables = targets(doc, "table")
    sections = targets(doc, "section")
    out.add(f"{name}: Word document, {len(paragraphs)} body paragraph(s), {len(tables)} "
            f"table(s), {len(sections)} section(s)")
    for i, s in enumerate(sections, start=1):
        bits = [str(v) for v in (value("page.size", s), value("page.orientation", s))
                if v is not None]
        cols = value("columns.count", s)
        if isinstance(cols, int) and cols > 1:
            bits.append(f"{cols} columns")
        out.add(f"section {i}: " + (", ".join(bits) or "page setup not readable"))
    objects = [f"{len(found)} {label}" for step, label in _OBJECTS
               if (found := targets(doc, step))]
    if objects:
        out.add("objects: " + ", ".join(objects))
    for i, t in enumerate(tables[:MAX_TABLES], start=1):
        rows, cols = value("table.rows", t), value("table.columns", t)
        first = [short(value("text", c), 20) for c in targets(doc, f"table[{i}]/row[1]/cell")]
        more = " | …" if len(first) > MAX_CELLS else ""
        out.add(f"table {i}: {rows} row(s) × {cols} column(s); row 1: "
                + (" | ".join(first[:MAX_CELLS]) + more if first else "(empty)"))
    if len(tables) > MAX_TABLES:
        out.add(f"… {len(tables) - MAX_TABLES} more table(s)")
    if paragraphs:
        out.add("paragraphs (number, style in force, text):")
    for i, p in enumerate(paragraphs[:MAX_PARAGRAPHS], start=1):
        style = value("paragraph.style", p)
        out.add(f"[{i}] {style or '?'}: {quoted(value('text', p))}")
    if len(paragraphs) > MAX_PARAGRAPHS:
        out.add(f"… {len(paragraphs) - MAX_PARAGRAPHS} more paragraph(s)")
