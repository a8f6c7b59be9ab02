"""``score`` without a terminal (a pipe, a log: 80 columns) prints one line per criterion and
per check, never breaking a selector or property name; a wide terminal gets the table."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from officeeval.rubric import load_rubric

REPO = Path(__file__).resolve().parents[2]


def score(document: Path, rubric: Path, columns: int) -> str:
    res = subprocess.run([sys.executable, "-m", "officeeval", "score", str(document),
                          "--rubric", str(rubric)], capture_output=True, text=True,
                         timeout=180, cwd=REPO, env={**os.environ, "COLUMNS": str(columns)})
    assert res.returncode == 0, res.stderr
    return res.stdout


@pytest.mark.parametrize("task", ["word-l1-notice", "ppt-l2-report", "excel-l1-grades"])
def test_at_80_columns_no_selector_or_property_is_broken(task):
    rubric = REPO / "rubrics" / f"{task}.xml"
    r = load_rubric(rubric)
    out = score(REPO / r.files.input, rubric, 80)
    lines = out.splitlines()
    for c in r.criteria:
        assert any(ln.startswith(f"{c.id}  {c.skill}  ") for ln in lines), c.id
        for k in c.checks:
            if k.select:
                assert any(f" {k.select} · " in ln for ln in lines), k.select
            if k.property:
                assert any(f" · {k.property} {k.op}" in ln for ln in lines), k.property
    assert "┃" not in out and lines[-1].startswith("score ")


def test_a_wide_terminal_gets_the_table():
    out = score(REPO / "samples/word-l1-notice/input.docx",
                REPO / "rubrics/word-l1-notice.xml", 200)
    assert "┃ id " in out and "source / why" in out
