"""PowerPoint grading speed.

1. Grading: each PowerPoint sample's reference graded against its rubric (fresh open each
   time, input/reference documents re-opened as a real batch would).
2. Inspection: every bound property on every standard target of the largest corpus decks.

Baseline, measured in the same run on the same files: python-pptx opening the presentation
and reading the text of every shape on every slide (the minimum a python-pptx-based checker
does, and it resolves no inheritance). Prints seconds and ratios to that baseline.

    .venv/bin/python bench/ppt_bench.py [REPEATS]
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

from pptx import Presentation

from officeeval.formats import open_document
from officeeval.inspection import inspect
from officeeval.rubric import load_rubric
from officeeval.scoring import Grader

evaluate = Grader().grade  # one Grader for the run, as a batch worker holds one

ROOT = Path(__file__).resolve().parents[1]
CORPUS = ROOT / ".." / "shared" / "corpus" / "real" / "pptx"
BIG = ["poi__ca.ubc.cs.people__emhill_presentations_HowWeRefactor.pptx",
       "oxsdk__typical.pptx", "poi__aascu.org_workarea_downloadasset.aspx_id_5864.pptx",
       "poi__2411-Performance_Up.pptx"]


def timed(fn, repeats: int) -> float:
    best = float("inf")
    for _ in range(repeats):
        t = time.perf_counter()
        fn()
        best = min(best, time.perf_counter() - t)
    return best


def python_pptx_walk(path: Path) -> None:
    prs = Presentation(str(path))
    for slide in prs.slides:
        for shape in slide.shapes:
            if shape.has_text_frame:
                _ = shape.text_frame.text


def grade(task: str) -> None:
    card = evaluate(load_rubric(ROOT / "rubrics" / f"{task}.xml"),
                    ROOT / "samples" / task / "reference.pptx")
    assert card.score == 100, task


def inspect_all(path: Path) -> int:
    doc = open_document(path)
    try:
        return len(inspect(doc, limit=10**6))
    finally:
        doc.close()


def main(repeats: int) -> None:
    print(f"{'file':<44} {'baseline s':>10} {'ours s':>8} {'ours/base':>9} {'rows':>7}")
    tasks = sorted(p.name for p in (ROOT / "samples").glob("ppt-*") if p.is_dir())
    for task in tasks:
        path = ROOT / "samples" / task / "reference.pptx"
        base = timed(lambda: python_pptx_walk(path), repeats)
        ours = timed(lambda: grade(task), repeats)
        print(f"{'grade ' + task:<44} {base:>10.4f} {ours:>8.4f} {ours / base:>9.2f} "
              f"{'':>7}")
    for name in BIG:
        path = CORPUS / name
        if not path.is_file():
            continue
        base = timed(lambda: python_pptx_walk(path), repeats)
        rows = inspect_all(path)
        ours = timed(lambda: inspect_all(path), repeats)
        print(f"{'inspect ' + name[:36]:<44} {base:>10.4f} {ours:>8.4f} {ours / base:>9.2f} "
              f"{rows:>7}")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 3)
