"""Regenerate ``expected.json`` from ``cases.py`` (run by hand after checking every changed
value against the presentation's XML; the test never writes it).

    .venv/bin/python tests/ppt/golden/make_expected.py
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from cases import CASES  # noqa: E402

from officeeval.formats import open_document  # noqa: E402
from officeeval.inspection import query  # noqa: E402

CORPUS = HERE.parents[2] / ".." / "shared" / "corpus" / "real" / "pptx"


def observe(path: Path) -> dict[str, list[list[str]]]:
    """The rows of every case of the corpus presentation at PATH (its name keys CASES)."""
    doc = open_document(path)
    try:
        out = {}
        for selector, prop in CASES[path.name]:
            rows = query(doc, selector, prop)
            out[f"{selector} | {prop}"] = [[r["target"], r.get("rendered", ""),
                                            r.get("source", "")] for r in rows]
        return out
    finally:
        doc.close()


def main() -> None:
    data = {name: observe(CORPUS / name) for name in CASES}
    (HERE / "expected.json").write_text(json.dumps(data, ensure_ascii=False, indent=1) + "\n",
                                        encoding="utf-8")


if __name__ == "__main__":
    main()
