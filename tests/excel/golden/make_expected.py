"""Regenerate ``expected.json`` candidates from the engine (review each change against its
XML before committing). Run: ``python tests/excel/golden/make_expected.py``."""

from __future__ import annotations

import json
import re
import sys
import zipfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(HERE.parents[2]))

from cases import CASES  # noqa: E402

from officeeval.formats import open_document  # noqa: E402
from officeeval.inspection import observe  # noqa: E402
from officeeval.selectors import select  # noqa: E402

CORPUS = (HERE.parents[2] / ".." / "shared" / "corpus" / "real" / "xlsx").resolve()


def observe_case(doc, selector: str, prop: str) -> list[dict]:
    return [{k: r.get(k) for k in ("target", "value", "source")}
            for r in (observe(prop, t) for t in select(doc, selector))]


def cell_xml(path: Path, doc, target: str) -> str | None:
    m = re.match(r"^'(.*)'!([A-Z]+\d+)$", target)
    if not m:
        return None
    sheet = doc.sheet(m.group(1).replace("''", "'"))
    if sheet is None or sheet.part is None:
        return None
    text = zipfile.ZipFile(path).read(sheet.part).decode("utf-8", "replace")
    hit = re.search(r'<c r="%s"[^>]*?(?:/>|>.*?</c>)' % m.group(2), text)
    return hit.group(0)[:400] if hit else "(no c element)"


def main() -> None:
    out_path = HERE / "expected.json"
    old = json.loads(out_path.read_text("utf-8")) if out_path.exists() else {}
    result: dict = {}
    for name, cases in CASES.items():
        path = CORPUS / name
        doc = open_document(path, options={"recalc": False})
        entries = []
        for selector, prop in cases:
            rows = observe_case(doc, selector, prop)
            for r in rows:
                xml = cell_xml(path, doc, r["target"])
                if xml:
                    r["xml"] = xml
            prev = {(e["select"], e["property"]): e for e in old.get(name, [])}
            note = prev.get((selector, prop), {}).get("note", "")
            entries.append({"select": selector, "property": prop, "rows": rows, "note": note})
        result[name] = entries
        doc.close()
    out_path.write_text(json.dumps(result, ensure_ascii=False, indent=1) + "\n", "utf-8")
    print(f"wrote {out_path}")


if __name__ == "__main__":
    main()
