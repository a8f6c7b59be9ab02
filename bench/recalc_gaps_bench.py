"""What the check for Excel functions the recalculation backend lacks (``excel.recalc_gaps``)
costs, against reading every cell of the same workbook with the engine, in the same run.

A generated sheet of ``--rows`` rows (two numbers, two formulas each: 2 x rows formulas) is
graded twice: as written (no function LibreOffice 25.2 lacks: the gaps check is one literal
scan of the sheet part), and with one cell calling ``_xlfn.TEXTSPLIT`` (25.2 lacks it: every
formula is read once, then each checked cell's inputs are traced). Measured per case:

* ``scan``: ruling the workbook out (no lacking function) or in (the first traced cell);
* ``per cell``: tracing 1,000 further cells (each a SUM over the row's cells), per cell.

Baseline: opening the workbook and reading every cell (``sheet.store.all_cells()``), which a
grading that recalculates has to pay for anyway. CPU seconds (``time.process_time``), best
of ``--repeat``; the machine is shared.

    python bench/recalc_gaps_bench.py [--rows 20000] [--repeat 3]
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

V252 = "LibreOffice 25.2.3.2 520(Build:2)"


def _book(path: Path, rows: int, lacking: bool) -> Path:
    import openpyxl
    wb = openpyxl.Workbook()
    ws = wb.active
    ws.title = "S"
    for r in range(1, rows + 1):
        ws.cell(r, 1, r)
        ws.cell(r, 2, r * 2)
        ws.cell(r, 3, f"=A{r}+B{r}")
        ws.cell(r, 4, f"=SUM(A{r}:C{r})")
    if lacking:
        ws["E1"] = '=_xlfn.TEXTSPLIT("a,b",",")'
    wb.save(path)
    return path


def _best(fn, repeat: int) -> float:
    best = float("inf")
    for _ in range(repeat):
        t = time.process_time()
        fn()
        best = min(best, time.process_time() - t)
    return best


def measure(path: Path, repeat: int, rows: int) -> dict[str, float]:
    from officeeval.excel.recalc_gaps import RecalcGaps
    from officeeval.formats import open_document

    def baseline():
        doc = open_document(path, "excel", options={"recalc": False})
        try:
            sum(1 for _ in doc.sheets[0].store.all_cells())
        finally:
            doc.close()

    def scan():
        doc = open_document(path, "excel", options={"recalc": False})
        try:
            RecalcGaps(doc, V252).reason(doc.sheets[0], rows, 4)
        finally:
            doc.close()

    def per_cell():
        doc = open_document(path, "excel", options={"recalc": False})
        try:
            gaps = RecalcGaps(doc, V252)
            gaps.reason(doc.sheets[0], rows, 4)
            t = time.process_time()
            for r in range(1, 1001):
                gaps.reason(doc.sheets[0], r, 4)
            return (time.process_time() - t) / 1000
        finally:
            doc.close()

    return {"baseline": _best(baseline, repeat), "scan": _best(scan, repeat),
            "per_cell": min(per_cell() for _ in range(repeat))}


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--rows", type=int, default=20000)
    ap.add_argument("--repeat", type=int, default=3)
    args = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        print(f"| case | rows | baseline s | scan s | scan/base | per cell ms |")
        print("| --- | ---: | ---: | ---: | ---: | ---: |")
        for lacking in (False, True):
            path = _book(Path(tmp) / f"book{int(lacking)}.xlsx", args.rows, lacking)
            got = measure(path, args.repeat, args.rows)
            name = "one TEXTSPLIT" if lacking else "no lacking function"
            print(f"| {name} | {args.rows} | {got['baseline']:.3f} | {got['scan']:.3f} | "
                  f"{got['scan'] / got['baseline']:.2f} | {got['per_cell'] * 1000:.3f} |")


if __name__ == "__main__":
    main()
