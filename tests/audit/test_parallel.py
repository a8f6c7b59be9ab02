"""One rubric's mutants graded by forked processes give the audit of one process, in the
same order; the progress reports say the stage, the count and what is left."""

from __future__ import annotations

import io
from pathlib import Path

import pytest

from officeeval.audit import parallel
from officeeval.audit.progress import TerminalProgress
from officeeval.audit.runner import audit_rubric
from officeeval.backends import Backends

REPO = Path(__file__).resolve().parents[2]


def _square(i: int) -> int:
    return i * i


def test_map_forked_keeps_the_order_and_runs_setup_once_per_worker():
    done = []
    out = parallel.map_forked(_square, 37, 3, on_done=done.append)
    assert out == [i * i for i in range(37)]
    assert done[-1] == 37 and done == sorted(done)
    assert parallel.map_forked(_square, 5, 1) == [0, 1, 4, 9, 16]


@pytest.mark.skipif(not parallel.can_fork(), reason="no fork here")
def test_forked_mutants_give_the_audit_of_one_process():
    rubric = REPO / "rubrics" / "word-l1-notice.xml"
    one = audit_rubric(rubric, backends=Backends(), jobs=1)
    reports = []
    two = audit_rubric(rubric, backends=Backends(), jobs=2,
                       progress=lambda *a: reports.append(a))
    assert not one.error and not two.error
    assert [m.to_dict() | {"seconds": 0} for m in two.mutants] == \
        [m.to_dict() | {"seconds": 0} for m in one.mutants]
    assert [w.__dict__ for w in two.lint] == [w.__dict__ for w in one.lint]
    assert [c.__dict__ for c in two.criteria] == [c.__dict__ for c in one.criteria]
    stages = [r[0] for r in reports]
    assert stages[0] == "reference" and stages[-1] == "done" and "plan" in stages
    counts = [r[1] for r in reports if r[0] == "mutants"]
    assert counts[0] == 0 and counts[-1] == len(two.mutants) == reports[-1][2]


def test_progress_in_a_log_is_a_line_per_stage_not_per_mutant():
    out = io.StringIO()
    progress = TerminalProgress(out, every=3600)
    report = progress.rubric("demo")
    report("reference", 0, 2)
    report("mutants", 0, 100)
    for n in range(1, 100):
        report("mutants", n, 100)
    report("mutants", 100, 100)
    report("done", 100, 100)
    lines = out.getvalue().splitlines()
    assert lines[0] == "audit demo: reference"
    assert lines[1:3] == ["audit demo: mutants 0/100", "audit demo: mutants 100/100"]
    assert lines[3].startswith("audit demo: done in ") and len(lines) == 4
