"""The one benchmark command: grading against the floor and the peers, scaling, and the
phase breakdown with profiles; every number is measured against a baseline in the same run.

    .venv/bin/python bench/run_all.py            # run everything, print, update RESULTS.md
    .venv/bin/python bench/run_all.py --no-write # run and print only
    .venv/bin/python bench/run_all.py --quick    # fewer repetitions (a smoke run)

Writes the measured tables into bench/RESULTS.md between the ``run_all`` markers of the
"Hardening and speed" section (others' sections and the prose around the markers are left
as they are). Other teams' benchmark scripts (word_bench.py, excel_bench.py, …) are run by
their own commands and keep their own sections.
"""

from __future__ import annotations

import argparse
import datetime as dt
import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
RESULTS = HERE / "RESULTS.md"
BEGIN, END = "<!-- run_all:begin -->", "<!-- run_all:end -->"


def _run(script: str, *args: str) -> tuple[str, dict | None]:
    with tempfile.NamedTemporaryFile(suffix=".json", delete=False) as fh:
        out = Path(fh.name)
    cmd = [sys.executable, str(HERE / script), *args]
    if script != "profile_grading.py":
        cmd += ["--json", str(out)]
    env = dict(os.environ, OFFICEEVAL_SOFFICE=os.environ.get("OFFICEEVAL_SOFFICE", "none"))
    proc = subprocess.run(cmd, capture_output=True, text=True, env=env)
    sys.stdout.write(f"\n$ {' '.join(Path(c).name if i < 2 else c for i, c in enumerate(cmd))}\n")
    sys.stdout.write(proc.stdout)
    if proc.returncode != 0:
        sys.stdout.write(proc.stderr[-3000:])
        raise SystemExit(f"{script} failed")
    data = json.loads(out.read_text()) if out.exists() and out.stat().st_size else None
    out.unlink(missing_ok=True)
    return proc.stdout, data


def _md_grading(data: dict) -> str:
    lines = ["| task | doc | ours ms | floor ms | ours/floor | peer ms | peer/ours |",
             "| --- | --- | ---: | ---: | ---: | ---: | ---: |"]
    for r in data["rows"]:
        lines.append(f"| {r['task']} | {r['doc']} | {r['ours_ms']:.1f} | {r['floor_ms']:.1f} | "
                     f"{r['ours_over_floor']:.2f} | {r['peer_ms']:.1f} | "
                     f"{r['peer_over_ours']:.2f} |")
    lines.append("")
    lines.append("| app | docs | ours/floor median (worst) | peer/ours median (worst) |")
    lines.append("| --- | ---: | ---: | ---: |")
    for app, s in data["summary"].items():
        lines.append(f"| {app} | {s['docs']} | {s['ours_over_floor_median']:.2f} "
                     f"({s['ours_over_floor_max']:.2f}) | {s['peer_over_ours_median']:.2f} "
                     f"({s['peer_over_ours_min']:.2f}) |")
    return "\n".join(lines)


def _md_scaling(data: dict) -> str:
    units = {"word": "pages", "excel": "rows", "ppt": "slides"}
    lines = ["| app | size | file KB | CPU s | x smallest | peak MB | added by grading MB | "
             "floor s | x floor |",
             "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |"]
    first: dict = {}
    for r in data["rows"]:
        f = first.setdefault(r["app"], r)
        lines.append(f"| {r['app']} | {r['n']:,} {units[r['app']]} | {r['bytes'] // 1024:,} | "
                     f"{r['cpu_s']:.3f} | {r['cpu_s'] / f['cpu_s']:.1f} | "
                     f"{r['peak_kb'] / 1024:.0f} | {(r['peak_kb'] - r['base_kb']) / 1024:.0f} | "
                     + (f"{r['floor_cpu_s']:.3f} | {r['cpu_s'] / r['floor_cpu_s']:.2f} |"
                        if r.get("floor_cpu_s") else "| |"))
    lines.append("")
    for app, s in data["summary"].items():
        lines.append(f"- {app}: {s['from']:,} → {s['to']:,} {units[app]}: time ∝ "
                     f"n^{s['time_exponent']:.2f}, memory added by grading ∝ "
                     f"n^{s['memory_exponent']:.2f}")
    return "\n".join(lines)


def _md_phases(text: str) -> str:
    rows = [ln for ln in text.splitlines() if ln and not ln.startswith("profile of")]
    return "```\n" + "\n".join(rows) + "\n```"


def write_results(grading: dict, scaling: dict, phases: str) -> None:
    load = os.getloadavg()[0]
    block = "\n\n".join([
        f"Measured {dt.datetime.now():%Y-%m-%d %H:%M} by `bench/run_all.py`, load average "
        f"{load:.1f} on {os.cpu_count()} cores (CPU seconds, best of N).",
        "**(a, b) Grading per document** (`grading_bench.py`):", _md_grading(grading),
        "**(c) Scaling** (`scaling_bench.py`, each size in its own process):",
        _md_scaling(scaling),
        "**(d) Where the time goes** (`profile_grading.py`, CPU ms per graded document):",
        _md_phases(phases)])
    text = RESULTS.read_text("utf-8") if RESULTS.exists() else "# Benchmark results\n"
    if BEGIN in text and END in text:
        head, rest = text.split(BEGIN, 1)
        _, tail = rest.split(END, 1)
        text = f"{head}{BEGIN}\n{block}\n{END}{tail}"
    else:
        text = (text.rstrip() + "\n\n## Hardening and speed (`bench/run_all.py`)\n\n"
                f"{BEGIN}\n{block}\n{END}\n")
    RESULTS.write_text(text, "utf-8")


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--no-write", action="store_true")
    ap.add_argument("--quick", action="store_true")
    args = ap.parse_args()
    runs = ["--runs", "2"] if args.quick else []
    _, grading = _run("grading_bench.py", *runs)
    _, scaling = _run("scaling_bench.py", *(["--runs", "1"] if args.quick else []))
    phases, _ = _run("profile_grading.py", *runs)
    if not args.no_write and grading and scaling:
        write_results(grading, scaling, phases)
        print(f"\nwrote the measured tables into {RESULTS}")


if __name__ == "__main__":
    main()
