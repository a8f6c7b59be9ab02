"""Word benchmark: grading the Word samples and inspecting large corpus documents, each as a
ratio to a baseline measured in the same run on the same file.

(1) ``evaluate`` of each Word sample's reference against its rubric (open, select, resolve
through styles/numbering/table styles/theme, compare; input/reference opened when a check
needs them). (2) ``inspect`` — every bound Word property on the standard targets, at most 50
targets per selector — on the largest corpus documents. Baseline: python-docx opening the
file and reading the text of every paragraph, tables included (what a python-docx checker
does at minimum, resolving no inheritance). Best of 3, CPU seconds of this process (the
machine is shared; wall times are printed too).

    .venv/bin/python bench/word_bench.py
"""

from __future__ import annotations

import time
from pathlib import Path

import docx

from officeeval.formats import open_document
from officeeval.inspection import inspect
from officeeval.rubric import load_rubric
from officeeval.scoring import evaluate

REPO = Path(__file__).resolve().parents[1]
CORPUS = (REPO / ".." / "shared" / "corpus" / "real" / "docx").resolve()
TASKS = ["word-l1-notice", "word-l1-article", "word-l2-report", "word-l2-merge"]
LARGE = ["poi__bug65649.docx", "oxsdk__632399964516872542_1.docx",
         "oxsdk__Business_Plan_for_a_Startup_Business_July.docx", "poi__stress011.docx"]


def best(fn, runs: int = 3) -> tuple[float, float]:
    cpu, wall = [], []
    for _ in range(runs):
        c, w = time.process_time(), time.perf_counter()
        fn()
        cpu.append(time.process_time() - c)
        wall.append(time.perf_counter() - w)
    return min(cpu), min(wall)


def baseline(path: Path) -> None:
    d = docx.Document(str(path))
    texts = [p.text for p in d.paragraphs]
    for t in d.tables:
        for row in t.rows:
            for cell in row.cells:
                texts.extend(p.text for p in cell.paragraphs)


def main() -> None:
    print(f"{'file':<52} {'base cpu':>9} {'ours cpu':>9} {'ratio':>6} {'ours wall':>9}  rows")
    for task in TASKS:
        rubric_path = REPO / "rubrics" / f"{task}.xml"
        if not rubric_path.is_file():
            continue
        rubric = load_rubric(rubric_path)
        ref = Path(rubric.files.reference)
        b, _ = best(lambda: baseline(ref))
        o, ow = best(lambda: evaluate(rubric, ref))
        print(f"{'grade ' + task:<52} {b:9.4f} {o:9.4f} {o / b:6.2f} {ow:9.4f}  "
              f"{len(rubric.criteria)} criteria")
    for name in LARGE:
        path = CORPUS / name
        if not path.is_file():
            continue
        rows: list = []

        def run(path=path):
            doc = open_document(path)
            try:
                rows[:] = inspect(doc, limit=50)
            finally:
                doc.close()
        b, _ = best(lambda: baseline(path))
        o, ow = best(run)
        print(f"{'inspect ' + name[:44]:<52} {b:9.4f} {o:9.4f} {o / b:6.2f} {ow:9.4f}  "
              f"{len(rows)}")


if __name__ == "__main__":
    main()
