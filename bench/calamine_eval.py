"""Should the value path of large sheets use a compiled reader? An evaluation of
python-calamine (Rust; the maintained compiled xlsx reader on PyPI) against the engine, on
the two conditions of issue 20: it must win in the benchmark and read every corpus workbook
the same.

(1) Speed, on the generated 200,000-row sheet of ``scaling_docs.py``, each in its own
    subprocess, CPU seconds: calamine reading every value of the sheet (``to_python``);
    the engine reading every value of the same rectangle (``cell.value`` on every cell,
    provenance included); and the floor, lxml parsing the sheet part whole.
(2) Sameness, on every worksheet of every corpus workbook (``../shared/corpus/real/xlsx``):
    each cell of the used range as the engine reads it (``cell.value``, recalculation off:
    a formula without a cached result reads as unverifiable) against calamine's value at
    the same position, compared as Python values (numbers as floats, text, booleans, dates
    as datetimes, errors as their text, empty as ``""``). Counted: cells compared, cells that
    differ (with the first few shown), workbooks calamine cannot open.

    .venv/bin/python bench/calamine_eval.py [--rows 200000] [--corpus DIR]

Needs the ``bench`` extra (``pip install -e '.[bench]'``).
"""

from __future__ import annotations

import argparse
import collections
import datetime as dt
import json
import os
import subprocess
import sys
import tempfile
import time
import zipfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
REPO = HERE.parent
sys.path.insert(0, str(HERE))
os.environ.setdefault("OFFICEEVAL_SOFFICE", "none")


# ------------------------------------------------------------------ speed (child processes)
def child(op: str, path: str, rows: int) -> dict:
    import resource
    t = time.process_time()
    if op == "calamine":
        import python_calamine
        wb = python_calamine.CalamineWorkbook.from_path(path)
        values = wb.get_sheet_by_name("Data").to_python()
        total = sum(r[4] for r in values[1:])
    elif op == "engine":
        from officeeval.catalog import resolve
        from officeeval.formats import open_document
        from officeeval.selectors import select
        doc = open_document(path, options={"recalc": False})
        total = 0.0
        for target in select(doc, f"'Data'!A1:F{rows + 1}"):
            obs = resolve("cell.value", target)
            if target.col == 5 and target.row > 1:
                total += obs.value.value
        doc.close()
    else:
        from lxml import etree
        with zipfile.ZipFile(path) as zf:
            etree.fromstring(zf.read("xl/worksheets/sheet1.xml"))
        total = 0.0
    cpu = time.process_time() - t
    return {"op": op, "cpu_s": cpu, "total": total,
            "peak_mb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024}


def speed(rows: int) -> dict:
    from scaling_docs import build
    with tempfile.TemporaryDirectory(prefix="calamine-eval-") as tmp:
        doc = build("excel", rows, Path(tmp))
        out = {}
        for op in ("floor", "calamine", "engine"):
            proc = subprocess.run([sys.executable, __file__, "--child", op, str(doc), str(rows)],
                                  capture_output=True, text=True, check=True)
            out[op] = json.loads(proc.stdout.strip().splitlines()[-1])
    return out


# ------------------------------------------------------------------ sameness
def _ours(value) -> object:
    """The engine's ``CellValue`` as a plain Python value, as calamine gives it."""
    if value is None or value.kind == "empty":
        return ""
    if value.kind == "number":
        return float(value.value)
    if value.kind == "date":
        return value.value
    return value.value


def _theirs(v) -> object:
    if isinstance(v, bool):
        return v
    if isinstance(v, int):
        return float(v)
    if isinstance(v, dt.date) and not isinstance(v, dt.datetime):
        return dt.datetime(v.year, v.month, v.day)
    if isinstance(v, dt.time):
        return dt.datetime(1899, 12, 31, v.hour, v.minute, v.second, v.microsecond)
    return v


def _same(a, b) -> bool:
    if isinstance(a, float) and isinstance(b, float):
        return a == b or abs(a - b) <= 1e-9 * max(1.0, abs(a))
    if isinstance(a, dt.datetime) and isinstance(b, dt.timedelta):
        return False
    return a == b


def sameness(corpus: Path) -> dict:
    import python_calamine
    from officeeval.errors import OfficeEvalError
    from officeeval.excel.cells import cell_value
    from officeeval.formats import open_document

    stats: collections.Counter = collections.Counter()
    examples: list[str] = []
    per_book: dict[str, int] = {}
    for path in sorted(corpus.glob("*.xlsx")):
        try:
            wb = python_calamine.CalamineWorkbook.from_path(str(path))
        except Exception as exc:  # noqa: BLE001 - counted: a workbook it cannot open
            stats["calamine cannot open"] += 1
            examples.append(f"{path.name}: calamine: {type(exc).__name__}: {exc}"[:160])
            continue
        try:
            doc = open_document(path, options={"recalc": False})
        except OfficeEvalError:
            stats["engine cannot open"] += 1
            continue
        diffs = 0
        for sheet in doc.sheets:
            if sheet.kind != "worksheet" or sheet.store is None:
                continue
            try:
                used = sheet.used_area()
                theirs = wb.get_sheet_by_name(sheet.name).to_python(skip_empty_area=False)
            except Exception as exc:  # noqa: BLE001 - counted below
                stats["sheet not comparable"] += 1
                examples.append(f"{path.name}!{sheet.name}: {type(exc).__name__}: {exc}"[:160])
                continue
            if used is None:
                continue
            for r in range(used.r1, used.r2 + 1):
                for c in range(used.c1, used.c2 + 1):
                    try:
                        mine = _ours(cell_value(sheet, r, c)[0])
                    except OfficeEvalError:
                        stats["engine: unverifiable (formula without a cached result)"] += 1
                        continue
                    row = theirs[r - 1] if r - 1 < len(theirs) else []
                    other = _theirs(row[c - 1]) if c - 1 < len(row) else ""
                    stats["cells compared"] += 1
                    if not _same(mine, other):
                        stats["cells that differ"] += 1
                        diffs += 1
                        if diffs <= 3:
                            examples.append(f"{path.name}!{sheet.name}!R{r}C{c}: engine "
                                            f"{mine!r} calamine {other!r}"[:160])
        per_book[path.name] = diffs
        doc.close()
    stats["workbooks"] = len(per_book)
    stats["workbooks with a difference"] = sum(1 for d in per_book.values() if d)
    return {"stats": dict(stats), "examples": examples}


def main() -> None:
    if len(sys.argv) > 1 and sys.argv[1] == "--child":
        print(json.dumps(child(sys.argv[2], sys.argv[3], int(sys.argv[4]))))
        return
    ap = argparse.ArgumentParser()
    ap.add_argument("--rows", type=int, default=200_000)
    ap.add_argument("--corpus", type=Path, default=REPO.parent / "shared" / "corpus" / "real"
                    / "xlsx")
    args = ap.parse_args()
    sp = speed(args.rows)
    print(f"(1) every value of a {args.rows:,}-row sheet, CPU s (peak MB):")
    for op in ("floor", "calamine", "engine"):
        r = sp[op]
        print(f"    {op:<9} {r['cpu_s']:7.2f}  ({r['peak_mb']:.0f} MB)  "
              f"x floor {r['cpu_s'] / sp['floor']['cpu_s']:.2f}")
    print(f"    same column E total: {sp['calamine']['total'] == sp['engine']['total']}")
    if args.corpus.is_dir():
        res = sameness(args.corpus)
        print("(2) corpus:", json.dumps(res["stats"], ensure_ascii=False))
        for line in res["examples"][:25]:
            print("    " + line)
    else:
        print(f"(2) corpus not found at {args.corpus}: sameness not measured")


if __name__ == "__main__":
    main()
