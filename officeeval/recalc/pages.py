"""What the rendered pages show: header and footer text per page, thumbnails, and where a
text sits on a page, read from the PDF LibreOffice exported (``pypdfium2``).

``finish_layout(folder, facts)`` completes the worker's facts (``uno_layout``) with what
only the rendered page has — for Word, each page's header and footer text as printed, its
fields evaluated (``第 3 页``, ``- 3 -``) — and writes ``folder/layout.json``:

``{"format": FORMAT, "app": "word"|"excel"|"ppt", "pdf_pages": N, "missing_fonts": [...],``
Word: ``"pages": N, "page_info": [{"number", "numbering", "style", "header_text",
"footer_text", geometry in 1/100 mm}], "marks": {"<index>": [first page, last page,
starts the page]}``; Excel: ``"sheets": [{"name", "pages", "overflow": {"B7": [needed mm,
room mm, text]}, "checked", "complete"}]``; PowerPoint: ``"slides": [[[name, fits,
needed, height], …], …]``.

Nothing here raises on a PDF it cannot read: the texts are then absent (``None``).
"""

from __future__ import annotations

import json
from pathlib import Path

FORMAT = 1  # bump when the facts change meaning
MM100_PER_PT = 2540 / 72


def _open_pdf(path: Path):
    try:
        import pypdfium2 as pdfium
        return pdfium.PdfDocument(str(path))
    except Exception:  # noqa: BLE001 - pdfium raises its own errors on a bad file
        return None


def finish_layout(folder: Path, facts: dict) -> dict:
    """Add the rendered facts to ``facts``, write ``layout.json`` into ``folder`` and
    return the facts."""
    facts = dict(facts)
    facts["format"] = FORMAT
    pdf = _open_pdf(folder / "document.pdf")
    facts["pdf_pages"] = len(pdf) if pdf is not None else 0
    if pdf is not None:
        try:
            # Only a layout with page geometry (Word's ``page_info``) has bands to read.
            _bands(pdf, facts.get("page_info") or [])
        finally:
            pdf.close()
    (folder / "layout.json").write_text(json.dumps(facts, ensure_ascii=False), "utf-8")
    return facts


def _bands(pdf, pages: list[dict]) -> None:
    """Each page's header and footer text: what is printed in the band above the body
    (top margin and header) and below it."""
    for i, info in enumerate(pages):
        if i >= len(pdf):
            break
        page = pdf[i]
        try:
            width, height = page.get_size()
            text = page.get_textpage()
            top = (float(info.get("top") or 0) + float(info.get("header") or 0)) / MM100_PER_PT
            bottom = (float(info.get("bottom") or 0) + float(info.get("footer") or 0)) \
                / MM100_PER_PT
            info["header_text"] = _clean(text.get_text_bounded(0, height - top, width, height))
            info["footer_text"] = _clean(text.get_text_bounded(0, 0, width, bottom))
            text.close()
        finally:
            page.close()


def _clean(text: str) -> str:
    lines = [" ".join(line.split()) for line in text.replace("\r", "\n").split("\n")]
    return "\n".join(line for line in lines if line)


def render_pages(pdf_path: Path, out_dir: Path, pages: list[int], width: int = 420,
                 prefix: str = "page") -> dict[int, Path]:
    """PNG thumbnails of ``pages`` (1-based), ``width`` pixels wide, written as
    ``out_dir/<prefix>-<n>.png`` (64 colours: a page of text is a few tens of kB);
    ``{page: path}`` of those written (none when the PDF cannot be read)."""
    pdf = _open_pdf(pdf_path)
    if pdf is None:
        return {}
    out: dict[int, Path] = {}
    try:
        out_dir.mkdir(parents=True, exist_ok=True)
        for n in pages:
            if not 1 <= n <= len(pdf):
                continue
            page = pdf[n - 1]
            try:
                scale = width / max(page.get_width(), 1)
                image = page.render(scale=scale).to_pil()
                target = out_dir / f"{prefix}-{n}.png"
                image.convert("RGB").quantize(64).save(target, optimize=True)
                out[n] = target
            finally:
                page.close()
    except Exception:  # noqa: BLE001 - pdfium/PIL errors: the pages made so far stand
        return out
    finally:
        pdf.close()
    return out


def locate(pdf_path: Path, page: int, needles: list[str]) -> list[float] | None:
    """Where the first of ``needles`` found on ``page`` (1-based) is printed, as fractions
    of the page ``[left, top, right, bottom]`` (top-left origin), widened to the whole
    line; ``None`` when none is found."""
    pdf = _open_pdf(pdf_path)
    if pdf is None or not 1 <= page <= len(pdf):
        return None
    try:
        p = pdf[page - 1]
        width, height = p.get_size()
        text = p.get_textpage()
        try:
            for needle in needles:
                needle = needle.strip()[:40]
                if not needle:
                    continue
                found = text.search(needle, match_case=True).get_next()
                if not found:
                    continue
                start, count = found
                boxes = [text.get_charbox(k) for k in range(start, start + count)]
                left = min(b[0] for b in boxes)
                right = max(b[2] for b in boxes)
                bottom = min(b[1] for b in boxes)
                top = max(b[3] for b in boxes)
                pad = 2.0
                return [max(0.0, (left - pad) / width), max(0.0, (height - top - pad) / height),
                        min(1.0, (right + pad) / width), min(1.0, (height - bottom + pad) / height)]
        finally:
            text.close()
            p.close()
    except Exception:  # noqa: BLE001 - a page pdfium cannot read places nothing
        return None
    finally:
        pdf.close()
    return None
