"""How `officeeval draft` grades answers nobody on the task wrote: for each task folder
(input.*, reference.*, instruction.md, example pictures, and independent solutions in
solutions/*.py written from the prompt alone), draft a rubric straight from the input,
the reference and the instruction (no review), run every solution in the batch's sandbox
and grade it with the drafted rubric. Prints, per task and solution, the drafted rubric's
score, and each lost criterion with its description, so a person can read every lost point
as an examiner would (a text-only solution rightly loses what only a picture gives).

    python bench/draft_blind_bench.py samples/word-l2-annual samples/ppt-l2-farm …
    python bench/draft_blind_bench.py /path/to/heldout/*      # tasks the project never saw

Exit 0; the numbers go to bench/RESULTS.md by hand with the date and the commit.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import tempfile
from pathlib import Path


def _draft(folder: Path, out: Path, backends) -> Path:
    """The drafted rubric of ``folder``, written to ``out`` with the task's files and
    pictures named absolutely (its program gets the pictures beside its input)."""
    import re

    from officeeval.draft import draft
    inp = next(p for p in folder.glob("input.*") if p.suffix in (".docx", ".xlsx", ".pptx"))
    ref = folder / f"reference{inp.suffix}"
    path = out / f"{folder.name}.xml"
    made = draft(str(inp), str(ref), path, instruction=str(folder / "instruction.md"),
                 rubric_id=folder.name, level="2", backends=backends)
    text = made.text
    pictures = "".join(f'<attachment href="{p.resolve()}"/>'
                       for p in sorted(folder.glob("*.png")))
    text = re.sub(r"<files [^>]*/>", f'<files input="{inp.resolve()}" '
                  f'reference="{ref.resolve()}" output="output{inp.suffix}">{pictures}</files>',
                  text, count=1)
    path.write_text(text, "utf-8")
    return path


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("tasks", nargs="+", type=Path)
    ap.add_argument("--json", action="store_true", help="print the results as JSON")
    args = ap.parse_args(argv)
    from officeeval import recalc
    from officeeval.rubric import load_rubric
    from officeeval.runner.classify import classify
    from officeeval.runner.sandbox import Sandbox
    from officeeval.runner.tasks import Task
    from officeeval.scoring import Grader, evaluate_outcome
    rows = []
    backends = recalc.backends()
    sandbox = Sandbox()
    with tempfile.TemporaryDirectory() as tmp, Grader(backends) as grader:
        for folder in args.tasks:
            programs = sorted((folder / "solutions").glob("*.py"))
            if not programs:
                print(f"{folder.name}: no solutions/*.py", file=sys.stderr)
                continue
            rubric = load_rubric(_draft(folder, Path(tmp), backends))
            task = Task(rubric.id, Path(rubric.path), rubric)
            for program in programs:
                with sandbox.run(program.read_text("utf-8"), task.sandbox_files(),
                                 task.output_name) as run:
                    outcome, detail = classify(run.record, task.output_name)
                    card = evaluate_outcome(rubric, outcome, task.output_name, detail) \
                        if outcome is not None else grader.grade(rubric, run.output)
                lost = [(c.id, round(c.points - c.earned, 2), c.description)
                        for c in card.criteria if c.earned < c.points - 1e-9]
                rows.append({"task": folder.name, "solution": program.name,
                             "score": card.score, "total": card.total, "lost": lost})
    backends.close()
    if args.json:
        print(json.dumps(rows, ensure_ascii=False, indent=1))
        return 0
    for r in rows:
        print(f"{r['task']:28} {r['solution']:16} {r['score']:6.1f}/{r['total']:g}")
        for cid, pts, desc in r["lost"]:
            print(f"    {cid} -{pts:g}  {' '.join(desc.split())[:110]}")
    if rows:
        print(f"mean {statistics.mean(r['score'] / r['total'] * 100 for r in rows):.1f} "
              f"over {len(rows)} solution(s) of {len({r['task'] for r in rows})} task(s)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
