"""The rendered pages a grade sheet shows: thumbnails the batch kept beside the graded
document (``documents/<key>.pages/``: ``pages.json`` and one PNG per page, written by
``runner.pages``), embedded in the sheet as data URIs so the report stays one folder that
opens anywhere, with the targets of failed checks outlined.

``pages.json``: ``{"source": "rendered (LibreOffice …)", "pages": [{"n": 3, "file":
"page-3.png", "label": "page 3"}], "outlines": {"3": [[left, top, right, bottom, text], …]},
"substitutions": [{"font", "rendered_with", "metrics"}], "total": N}`` with outline boxes
as fractions of the page (top-left origin).
"""

from __future__ import annotations

import base64
import json
import re
from pathlib import Path
from typing import Any

MAX_IMAGE = 2 << 20  # bytes of one page image embedded
MAX_PAGES = 24


def pages_dir(outdir: Path, key: str) -> Path:
    """Where the batch keeps a generation's page images."""
    return Path(outdir) / "documents" / f"{key}.pages"


def page_views(outdir: Path, key: str) -> dict[str, Any] | None:
    """What the sheet shows of the pages kept for ``key``; ``None`` when none were kept or
    their record does not read. Never raises."""
    folder = pages_dir(outdir, key)
    try:
        record = json.loads((folder / "pages.json").read_text("utf-8"))
    except (OSError, ValueError):
        return None
    if not isinstance(record, dict) or not isinstance(record.get("pages"), list):
        return None
    outlines = record.get("outlines") if isinstance(record.get("outlines"), dict) else {}
    views = []
    for page in record["pages"][:MAX_PAGES]:
        if not isinstance(page, dict) or not isinstance(page.get("file"), str):
            continue
        name = page["file"]
        if not re.fullmatch(r"[A-Za-z0-9_.-]+\.png", name):
            continue  # only a file of the folder itself
        try:
            data = (folder / name).read_bytes()
        except OSError:
            continue
        if len(data) > MAX_IMAGE or not data.startswith(b"\x89PNG"):
            continue
        boxes = []
        for box in outlines.get(str(page.get("n")), []) or []:
            if (isinstance(box, list) and len(box) == 5
                    and all(isinstance(v, (int, float)) for v in box[:4])):
                left, top, right, bottom = (min(max(float(v), 0.0), 1.0) for v in box[:4])
                boxes.append({"left": left * 100, "top": top * 100,
                              "width": max(right - left, 0.005) * 100,
                              "height": max(bottom - top, 0.005) * 100,
                              "label": str(box[4])[:200]})
        views.append({"n": page.get("n"), "label": str(page.get("label") or "")[:60],
                      "uri": "data:image/png;base64," + base64.b64encode(data).decode(),
                      "outlines": boxes})
    if not views:
        return None
    subs = record.get("substitutions") if isinstance(record.get("substitutions"), list) else []
    return {"pages": views, "source": str(record.get("source") or "")[:100],
            "total": record.get("total") if isinstance(record.get("total"), int) else None,
            "substitutions": [s for s in subs if isinstance(s, dict)][:50],
            "unplaced": [str(u)[:200] for u in record.get("unplaced") or []][:50]}
