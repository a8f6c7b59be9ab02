"""Formulas versus values with real recalculation (LibreOffice headless).

A workbook written by openpyxl has formulas without cached values. Graded as it is, its
value checks are recalculated (source ``recalculated``); graded after LibreOffice saved it
with every result cached, the same checks read the cache (source ``cached``). The verdicts
must be the same, check by check. Without a backend the same checks are evaluator errors,
never failures charged to the candidate. These tests skip only when soffice is absent.
"""

from __future__ import annotations

import datetime as dt
import os
import shutil

import openpyxl
import pytest

from officeeval import recalc
from officeeval.rubric.loader import load_rubric_text
from officeeval.scoring import evaluate

pytestmark = [pytest.mark.libreoffice,
              pytest.mark.skipif(not recalc.available(), reason="LibreOffice (soffice) absent")]

RUBRIC = """<rubric xmlns="urn:officeeval:rubric:1" id="recalc" app="excel" total="10">
  <criterion id="c01" skill="formula" points="1">
    <check select="'成绩'!E2:E6" property="cell.value" expected-from="reference"/></criterion>
  <criterion id="c02" skill="formula" points="1">
    <check select="'成绩'!E2" property="cell.value" expected="255"/></criterion>
  <criterion id="c03" skill="formula" points="1">
    <check select="'成绩'!F2" property="cell.display" expected="85.00"/></criterion>
  <criterion id="c04" skill="formula" points="1">
    <check select="'成绩'!G2:G6" property="cell.value" expected="及格" match="count>=3"/></criterion>
  <criterion id="c05" skill="formula" points="1">
    <check select="'成绩'!H2" property="cell.value" expected="2"/></criterion>
  <criterion id="c06" skill="formula" points="1">
    <check select="'成绩'!I2" property="cell.value" expected="3"/></criterion>
  <criterion id="c07" skill="formula" points="1">
    <check select="'成绩'!J2" property="cell.display" expected="2024年3月8日"/></criterion>
  <criterion id="c08" skill="formula" points="1">
    <check select="'成绩'!K2" property="cell.value" expected="#DIV/0!"/></criterion>
  <criterion id="c09" skill="formula" points="1">
    <check select="'成绩'!E3" property="cell.value" expected="999"/></criterion>
  <criterion id="c10" skill="formula" points="1">
    <check select="'成绩'!L2" property="cell.value" expected="TRUE"/></criterion>
</rubric>"""


def _workbook(path):
    wb = openpyxl.Workbook()
    ws = wb.active
    ws.title = "成绩"
    ws.append(["姓名", "语文", "数学", "英语", "总分", "平均", "等级", "名次", "及格人数",
               "日期", "错误", "判断"])
    data = [("甲", 90, 80, 85), ("乙", 55, 62, 48), ("丙", 70, 75, 72), ("丁", 95, 98, 91),
            ("戊", 60, 58, 66)]
    for i, (name, a, b, c) in enumerate(data, start=2):
        ws.append([name, a, b, c, f"=SUM(B{i}:D{i})", f"=AVERAGE(B{i}:D{i})",
                   f'=IF(F{i}>=60,"及格","不及格")', f"=RANK(E{i},$E$2:$E$6)"])
        ws[f"F{i}"].number_format = "0.00"
    ws["I2"] = '=COUNTIFS(B2:B6,">=60",C2:C6,">=60")'
    ws["J2"] = dt.datetime(2024, 3, 1)
    ws["J2"] = "=DATE(2024,3,1)+7"
    ws["J2"].number_format = 'yyyy"年"m"月"d"日"'
    ws["K2"] = "=1/0"
    ws["L2"] = '=VLOOKUP("丁",A2:E6,5,FALSE)>250'
    wb.save(path)
    return path


@pytest.fixture(scope="module")
def recalculation():
    # One owner's backend for the module, as a CLI command or a batch worker holds one.
    owner = recalc.Recalculation()
    yield owner
    owner.close()


@pytest.fixture(scope="module")
def files(tmp_path_factory, recalculation):
    d = tmp_path_factory.mktemp("recalc")
    plain = _workbook(d / "openpyxl.xlsx")
    cached = d / "libreoffice.xlsx"
    shutil.copy(recalculation.recalculate(plain), cached)
    return plain, cached


def _statuses(card):
    return [(c.id, c.status, [k.actual for k in c.checks]) for c in card.criteria]


def test_same_verdicts_cached_and_recalculated(files):
    plain, cached = files
    rubric = load_rubric_text(RUBRIC)
    # evaluate() alone recalculates (a LibreOffice of its own, stopped when it returns).
    a = evaluate(rubric, plain, reference=cached, options={"recalc": "auto"})
    b = evaluate(rubric, cached, reference=cached, options={"recalc": "off"})
    assert a.eval_errors == 0 and b.eval_errors == 0
    assert _statuses(a) == _statuses(b)
    # c09 expects a wrong total: both fail it the same way; everything else passes.
    assert [c.status for c in a.criteria] == ["pass"] * 8 + ["fail", "pass"]
    assert a.value_sources["recalculated"] > 0 and a.value_sources["cached"] == 0
    assert b.value_sources["cached"] > 0 and b.value_sources["recalculated"] == 0
    assert {k.source for c in a.criteria for k in c.checks} == {"recalculated"}
    assert {k.source for c in b.criteria for k in c.checks} == {"cached"}


def test_without_backend_value_checks_are_evaluator_errors(files):
    plain, _ = files
    card = evaluate(load_rubric_text(RUBRIC), plain, options={"recalc": False})
    assert {c.status for c in card.criteria} == {"eval_error"}
    assert card.total == 0 and card.eval_errors == 10
    detail = card.criteria[1].checks[0].detail
    assert detail.startswith("formula not recalculated:") and "'成绩'!E2" in detail
    assert card.value_sources.get("unverifiable", 0) >= 1


def test_a_grader_uses_the_backend_it_was_handed(files, recalculation):
    from officeeval.backends import Backends
    from officeeval.scoring import Grader
    plain, cached = files
    backend = recalculation.own_backend()
    before = backend.recalculations
    with Grader(Backends(recalc=recalculation)) as grader:
        card = grader.grade(load_rubric_text(RUBRIC), plain, reference=cached)
    assert card.value_sources["recalculated"] > 0 and card.eval_errors == 0
    assert backend.recalculations == before    # recalculated for the fixture already
    # A Grader handed no backend recalculates nothing.
    with Grader() as grader:
        card = grader.grade(load_rubric_text(RUBRIC), plain, reference=cached)
    assert {c.status for c in card.criteria} == {"eval_error"}
    assert "no recalculation backend" in card.criteria[1].checks[0].detail


def test_backend_is_reused_and_caches_by_content(files, tmp_path, recalculation):
    plain, _ = files
    backend = recalculation.own_backend()
    assert backend is recalculation.backend() is recalculation.own_backend()
    before = backend.recalculations
    copy = tmp_path / "same.xlsx"
    shutil.copy(plain, copy)
    backend.recalculate(copy)                  # same bytes: no second recalculation
    assert backend.recalculations == before


def test_broken_file_is_a_recalc_error(tmp_path, recalculation):
    bad = tmp_path / "bad.xlsx"
    bad.write_bytes(b"PK\x03\x04 not really a zip")
    with pytest.raises(recalc.RecalcError):
        recalculation.recalculate(bad)


def test_no_libreoffice_outlives_a_killed_grader(files, tmp_path):
    plain, _ = files
    script = tmp_path / "die.py"
    script.write_text(
        "import os, sys\nfrom pathlib import Path\nfrom officeeval import recalc\n"
        "r = recalc.Recalculation()\nr.recalculate(Path(sys.argv[1]))\n"
        "b = r.own_backend()\n"
        "print(b._office.pid, b.workdir, flush=True)\nos._exit(0)\n", encoding="utf-8")
    import subprocess
    import sys
    import time
    out = subprocess.run([sys.executable, str(script), str(plain)], capture_output=True,
                         text=True, timeout=300)
    pid_text, workdir = out.stdout.strip().splitlines()[-1].split()
    pid = int(pid_text)
    for _ in range(100):
        try:
            os.killpg(pid, 0)
        except ProcessLookupError:
            # Its private profile goes too (os._exit ran no clean-up of the grader's own).
            for _ in range(50):
                if not os.path.exists(workdir):
                    return
                time.sleep(0.1)
            raise AssertionError(f"{workdir} was left behind")
        time.sleep(0.1)
    os.killpg(pid, 9)
    raise AssertionError("LibreOffice survived the process that started it")


def test_a_uno_folder_in_the_working_directory_does_not_hide_uno(tmp_path, monkeypatch):
    from officeeval.recalc.libreoffice import _uno_python
    if _uno_python() is None:
        pytest.skip("no Python with LibreOffice's uno module")
    decoy = tmp_path / "uno"
    decoy.mkdir()
    (decoy / "__init__.py").write_text("raise ImportError('a decoy uno package')\n")
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("PYTHONPATH", str(tmp_path))
    assert _uno_python() is not None
    # and a whole recalculation runs from there (the worker is started isolated too)
    from officeeval.recalc.libreoffice import LibreOfficeBackend, find_soffice
    backend = LibreOfficeBackend(find_soffice())
    try:
        out = backend.recalculate(_workbook(tmp_path / "book.xlsx"))
        assert out.is_file() and backend.mode == "uno"
    finally:
        backend.close()
