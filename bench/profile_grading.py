"""Where grading time goes: a phase breakdown per sample task (opening and parsing, selecting
targets, resolving properties, judging, aggregating: CPU time per graded document), and a
pyinstrument profile of grading every sample of one app, written to
``bench/profiles/<app>.txt``.

    .venv/bin/python bench/profile_grading.py [--app word|excel|ppt|all] [--runs N]

The phase breakdown wraps the scoring engine's internal steps (``open_document``,
``select``, ``_resolve``, ``_verdict``, ``_aggregate``) with CPU timers; "other" is the rest of
``evaluate`` (the per-target loop, input/reference pairing, building the ScoreCard).
"""

from __future__ import annotations

import argparse
import collections
import os
import time
from pathlib import Path

os.environ.setdefault("OFFICEEVAL_SOFFICE", "none")

from officeeval.rubric import load_rubric  # noqa: E402
from officeeval.scoring import Grader, counterparts, grader, grading  # noqa: E402
from officeeval.scoring import judges, literal, verdicts  # noqa: E402

REPO = Path(__file__).resolve().parents[1]
OUT = REPO / "bench" / "profiles"
# (namespace, name) -> phase: module functions, or the per-kind verdict table of the judges.
PHASES = [(grader, "open_document", "open+parse"), (judges, "select", "select"),
          (counterparts, "select", "select"), (grading, "resolve", "resolve"),
          (literal, "aggregate", "aggregate"), (counterparts, "aggregate", "aggregate"),
          *((verdicts.VERDICTS, kind, "judge") for kind in verdicts.VERDICTS)]
evaluate = Grader().grade  # one Grader for the run: input/reference documents held open


def _get(where, name):
    return where[name] if isinstance(where, dict) else getattr(where, name)


def _set(where, name, value) -> None:
    if isinstance(where, dict):
        where[name] = value
    else:
        setattr(where, name, value)


def samples(app: str) -> list[tuple[object, str, str]]:
    out = []
    for path in sorted((REPO / "rubrics").glob("*.xml")):
        r = load_rubric(path)
        if app not in ("all", r.app):
            continue
        for which in ("reference", "input"):
            doc = getattr(r.files, which)
            if doc and Path(doc).is_file():
                out.append((r, which, doc))
    return out


def phases(jobs, runs: int) -> list[dict]:
    acc: collections.Counter = collections.Counter()
    originals = [(where, name, label, _get(where, name)) for where, name, label in PHASES]
    depth = [0]

    def timed(label, fn):
        def wrapper(*args, **kwargs):
            # Only the outermost timed call counts (select inside resolve is not counted
            # twice).
            if depth[0]:
                return fn(*args, **kwargs)
            depth[0] += 1
            t = time.process_time()
            try:
                return fn(*args, **kwargs)
            finally:
                acc[label] += time.process_time() - t
                depth[0] -= 1
        return wrapper

    rows = []
    for rubric, which, doc in jobs:
        evaluate(rubric, doc)  # warm: input/reference documents held open
        for where, name, label, fn in originals:
            _set(where, name, timed(label, fn))
        acc.clear()
        t = time.process_time()
        try:
            for _ in range(runs):
                evaluate(rubric, doc)
        finally:
            for where, name, _, fn in originals:
                _set(where, name, fn)
        total = (time.process_time() - t) / runs
        row = {"task": rubric.id, "doc": which, "total_ms": total * 1000}
        labels = list(dict.fromkeys(label for _, _, label in PHASES))
        for label in labels:
            row[label] = acc[label] / runs * 1000
        row["other"] = row["total_ms"] - sum(row[label] for label in labels)
        rows.append(row)
    return rows


def profile(app: str, jobs, runs: int) -> Path:
    from pyinstrument import Profiler
    for rubric, _, doc in jobs:
        evaluate(rubric, doc)
    prof = Profiler(interval=0.0005)
    prof.start()
    for _ in range(runs):
        for rubric, _, doc in jobs:
            evaluate(rubric, doc)
    prof.stop()
    OUT.mkdir(exist_ok=True)
    path = OUT / f"{app}.txt"
    path.write_text(prof.output_text(unicode=False, color=False), "utf-8")
    return path


def print_phases(rows: list[dict]) -> None:
    cols = ["open+parse", "select", "resolve", "judge", "aggregate", "other"]
    print(f"{'task':<20} {'doc':<9} {'total ms':>8} " + " ".join(f"{c:>10}" for c in cols))
    for r in rows:
        print(f"{r['task']:<20} {r['doc']:<9} {r['total_ms']:>8.1f} "
              + " ".join(f"{r[c]:>10.1f}" for c in cols))


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--app", default="all")
    ap.add_argument("--runs", type=int, default=5)
    args = ap.parse_args()
    jobs = samples(args.app)
    print_phases(phases(jobs, args.runs))
    for app in (["word", "excel", "ppt"] if args.app == "all" else [args.app]):
        mine = [j for j in jobs if j[0].app == app]
        if mine:
            print(f"profile of grading every {app} sample: {profile(app, mine, args.runs)}")


if __name__ == "__main__":
    main()
