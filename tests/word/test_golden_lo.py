"""LibreOffice as an independent reader of the golden documents: where a golden entry records
LibreOffice's value (``lo``) for a paragraph or table property, LibreOffice still reads it so
today and agrees with ours (lengths within 0.05 pt), unless the entry documents a
disagreement (``lo_note``), which must then still be one.

Needs soffice and the system python3 with python3-uno; skipped otherwise."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest

HERE = Path(__file__).parent
GOLDEN = sorted((HERE / "golden").glob("*.json"))
PARAGRAPH_FIELDS = {
    "font.name": "font", "font.east_asia": "font_asian", "font.size": "size",
    "font.bold": "bold", "font.italic": "italic", "paragraph.alignment": "align",
    "paragraph.numbering.label": "label", "paragraph.space_before": "before",
    "paragraph.space_after": "after", "paragraph.indent.left": "left",
    "paragraph.indent.first_line": "first_line", "paragraph.outline_level": "outline",
    "text": "text",
}


def _uno_python() -> str | None:
    py = shutil.which("python3", path="/usr/bin")
    if not py or not shutil.which("soffice"):
        return None
    ok = subprocess.run([py, "-I", "-c", "import uno"], capture_output=True)
    return py if ok.returncode == 0 else None


def _checks():
    for g in GOLDEN:
        data = json.loads(g.read_text(encoding="utf-8"))
        for c in data["checks"]:
            if "lo" not in c:
                continue
            sel, prop = c["select"], c["property"]
            if sel.startswith("paragraph[") and sel.endswith("]") and "/" not in sel \
                    and prop in PARAGRAPH_FIELDS:
                yield data["document"], ("paragraph", int(sel[10:-1]), PARAGRAPH_FIELDS[prop]), c
            elif sel.startswith("paragraph[") and "/run[1]" in sel and prop in PARAGRAPH_FIELDS:
                yield data["document"], ("paragraph", int(sel[10:sel.index("]")]),
                                         PARAGRAPH_FIELDS[prop]), c
            elif sel.startswith("table[") and prop in ("table.rows", "table.columns"):
                yield data["document"], ("table", int(sel[6:sel.index("]")]),
                                         prop.split(".")[1]), c


@pytest.mark.libreoffice
@pytest.mark.slow
def test_libreoffice_reads_the_golden_values_as_recorded(corpus):
    py = _uno_python()
    if py is None:
        pytest.skip("soffice with python3-uno is not available")
    checks = list(_checks())
    assert len(checks) >= 20
    docs = sorted({d for d, _, _ in checks})
    res = subprocess.run([py, str(HERE / "golden" / "lo_reader.py"),
                          *[str(corpus / "docx" / d) for d in docs]],
                         capture_output=True, text=True, timeout=900)
    assert res.returncode == 0, res.stderr[-2000:]
    lo = json.loads(res.stdout)
    problems = []
    for doc, (kind, index, field), c in checks:
        items = lo[doc]["paragraphs" if kind == "paragraph" else "tables"]
        got = items[index - 1].get(field)
        same = _same(c["value"], got)
        if c.get("lo_note"):
            # A documented disagreement: it must still be one (else the note is stale).
            if same:
                problems.append((doc, c["select"], c["property"], "documented as differing "
                                 "but LibreOffice now agrees", got))
            continue
        if got != c["lo"] or not same:
            problems.append((doc, c["select"], c["property"], "ours", c["value"],
                             "LibreOffice", got, "recorded", c["lo"]))
    assert not problems, problems


def _same(ours, got) -> bool:
    if ours is None:
        return got in (None, "")
    if isinstance(got, float) and isinstance(ours, str) and ours.endswith("pt"):
        return abs(float(ours[:-2]) - got) <= 0.05
    if isinstance(got, (int, float)) and isinstance(ours, (int, float, bool)):
        return float(got) == float(ours)
    return str(got).strip() == str(ours).strip()
