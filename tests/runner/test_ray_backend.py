"""The Ray backend produces the same results as the local pool on the same manifest
(skipped when Ray is not installed: pip install 'officeeval[ray]')."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

import pytest
from runner_fixtures import CRASH, GOOD, PARTIAL, WRONG_NAME

from officeeval.runner.batch import BatchOptions, run_batch
from officeeval.runner.limits import Limits

ray = pytest.importorskip("ray")


def table(out: Path) -> dict:
    con = sqlite3.connect(out / "results.sqlite")
    gens = {r[0]: r[1:] for r in con.execute(
        "SELECT key, model, sample, outcome, outcome_detail, score, total, passed "
        "FROM generations")}
    crits = sorted(con.execute("SELECT gen_key, criterion_id, status, earned FROM criteria"))
    checks = sorted(con.execute("SELECT gen_key, criterion_id, idx, actual, status FROM "
                                "checks"))
    return {"generations": gens, "criteria": crits, "checks": checks}


def test_local_and_ray_agree(task_root, tmp_path):
    lines = [{"task": "mini-word", "model": "sim-x", "sample": i, "code": c}
             for i, c in enumerate([GOOD, PARTIAL, CRASH, WRONG_NAME, "while True: pass"])]
    lines.append({"task": "mini-word", "model": "sim-y", "answer": "No code, sorry."})
    m = tmp_path / "m.jsonl"
    m.write_text("".join(json.dumps(x) + "\n" for x in lines))
    opts = dict(jobs=2, tasks=(str(task_root / "rubrics"),), limits=Limits(timeout=3),
                keep_outputs=False)
    run_batch(m, tmp_path / "local", BatchOptions(**opts))
    res = run_batch(m, tmp_path / "ray", BatchOptions(backend="ray", **opts))
    assert res.graded == 6 and res.errors == []
    local, remote = table(tmp_path / "local"), table(tmp_path / "ray")
    assert local == remote
    assert {g[2] for g in local["generations"].values()} == {
        "ok", "exec_error", "no_output", "exec_timeout", "no_code"}


@pytest.mark.libreoffice
def test_a_local_ray_cluster_shares_the_recalculation_service(tmp_path):
    from officeeval import recalc
    if not recalc.available():
        pytest.skip("LibreOffice (soffice) absent")
    repo = Path(__file__).resolve().parents[2]
    ref = repo / "samples" / "excel-l1-purchase" / "reference.xlsx"
    made = tmp_path / "made.xlsx"  # a copy: outputs live by the manifest, never the task's own
    made.write_bytes(ref.read_bytes())
    lines = [{"task": "excel-l1-purchase", "model": "m", "sample": i, "output": str(made)}
             for i in (1, 2, 3)]
    m = tmp_path / "m.jsonl"
    m.write_text("".join(json.dumps(x) + "\n" for x in lines))
    res = run_batch(m, tmp_path / "ray", BatchOptions(
        backend="ray", jobs=2, tasks=(str(repo / "rubrics"),), keep_outputs=False))
    assert res.graded == 3 and res.errors == [] and res.eval_errors == 0
    # The reference needs recalculating (openpyxl wrote it): the workers asked the service.
    assert res.recalc["recalculations"] >= 1 and res.recalc["instances"] == 1
