"""Modern Excel functions, written as openpyxl and XlsxWriter write them, recalculated by the
machine's real LibreOffice and graded, on both sides of the line the backend draws:

* a function the backend computes, stored as Excel stores it (``_xlfn.XLOOKUP``), is graded
  like any formula: the right answer passes, a wrong one fails;
* a function the backend lacks (``excel.libreoffice_functions``) is an evaluator error naming
  the function and the backend's version, never the candidate's;
* a name Excel does not know is the candidate's ``#NAME?``: a misspelt ``XLOOKUPP``, and a
  future function stored without its ``_xlfn.`` prefix (openpyxl writes what it is given;
  Excel, like LibreOffice, shows ``#NAME?`` for it until the cell is edited).

Which functions fall on which side follows the installed version (``.ci/run`` installs
LibreOffice from bookworm-backports, 25.2 at the time of writing, where XLOOKUP … LET compute
and TEXTSPLIT, VSTACK, LAMBDA do not). Skipped without LibreOffice.
"""

from __future__ import annotations

import openpyxl
import pytest
import xlsxwriter
from openpyxl.worksheet.formula import ArrayFormula

from officeeval import recalc
from officeeval.excel.libreoffice_functions import lacks, parse_version
from officeeval.recalc.store import soffice_version
from officeeval.rubric.loader import load_rubric_text
from officeeval.scoring import evaluate

pytestmark = [pytest.mark.libreoffice,
              pytest.mark.skipif(not recalc.available(), reason="LibreOffice (soffice) absent")]

# function -> (formula without "=", the prefix Excel stores, its value); data in A1:C3, D1.
CASES = {
    "XLOOKUP": ("{p}XLOOKUP(D1,A1:A3,B1:B3)", "_xlfn.", "20"),
    "XMATCH": ("{p}XMATCH(D1,A1:A3)", "_xlfn.", "2"),
    "FILTER": ("INDEX({p}FILTER(B1:B3,A1:A3>1),2)", "_xlfn._xlws.", "30"),
    "SORT": ("INDEX({p}SORT(B1:B3,1,-1),1)", "_xlfn._xlws.", "30"),
    "UNIQUE": ("ROWS({p}UNIQUE(C1:C3))", "_xlfn.", "2"),
    "SEQUENCE": ("SUM({p}SEQUENCE(4))", "_xlfn.", "10"),
    "LET": ("{p}LET(_xlpm.x,D1,_xlpm.x*3)", "_xlfn.", "6"),
    "TEXTJOIN": ('{p}TEXTJOIN("-",TRUE,C1:C3)', "_xlfn.", "x-y-x"),
    "IFS": ("{p}IFS(D1>5,1,D1>1,2,TRUE,3)", "_xlfn.", "2"),
    # Functions LibreOffice 25.2 lacks (it computes them from 25.8, LAMBDA from 27.2).
    "TEXTSPLIT": ('INDEX({p}TEXTSPLIT("a,b,c",","),2)', "_xlfn.", "b"),
    "VSTACK": ("ROWS({p}VSTACK(A1:A3,A1:A2))", "_xlfn.", "5"),
    "LAMBDA": ("{p}LAMBDA(_xlpm.n,_xlpm.n*2)(D1)", "_xlfn.", "4"),
}


def _data(ws):
    for r, (a, b, c) in enumerate([(1, 10, "x"), (2, 20, "y"), (3, 30, "x")], start=1):
        ws.cell(r, 1, a)
        ws.cell(r, 2, b)
        ws.cell(r, 3, c)
    ws["D1"] = 2


def _rubric(checks: list[tuple[str, str, str]]) -> str:
    """One criterion per (id, cell, expected) on sheet S."""
    crits = "".join(f'<criterion id="{cid}" skill="formula" points="1"><check select="\'S\'!'
                    f'{cell}" property="cell.value" expected="{exp}"/></criterion>'
                    for cid, cell, exp in checks)
    return (f'<rubric xmlns="urn:officeeval:rubric:1" id="modern" app="excel" '
            f'total="{len(checks)}">{crits}</rubric>')


@pytest.fixture(scope="module")
def version():
    text = soffice_version(recalc.find_soffice())
    assert text and parse_version(text), text
    return text


@pytest.fixture(scope="module")
def openpyxl_card(tmp_path_factory):
    """One workbook: each function prefixed (E), prefixed with a wrong expected value (the
    same cell, checked twice), stored bare (F), plus a misspelt name and array formulas."""
    path = tmp_path_factory.mktemp("modern") / "openpyxl.xlsx"
    wb = openpyxl.Workbook()
    ws = wb.active
    ws.title = "S"
    _data(ws)
    checks = []
    for row, (fn, (formula, prefix, value)) in enumerate(CASES.items(), start=1):
        ws[f"E{row}"] = "=" + formula.format(p=prefix)
        ws[f"F{row}"] = "=" + formula.format(p="")
        checks += [(f"{fn}-prefixed", f"E{row}", value), (f"{fn}-wrong", f"E{row}", value + "9"),
                   (f"{fn}-bare", f"F{row}", value)]
    ws["G1"] = "=_xlfn.XLOOKUPP(D1,A1:A3,B1:B3)"
    ws["G2"] = "=XLOOKUPP(D1,A1:A3,B1:B3)"
    ws["H1"] = ArrayFormula("H1:H2", "=_xlfn._xlws.FILTER(B1:B3,A1:A3>1)")
    ws["I1"] = ArrayFormula("I1:I3", "=_xlfn._xlws.SORT(B1:B3,1,-1)")
    ws["J1"] = "=E1+1"          # reads a computed XLOOKUP
    ws["J2"] = "=LEN(E10)"      # reads TEXTSPLIT, which 25.2 lacks
    checks += [("typo-prefixed", "G1", "20"), ("typo-bare", "G2", "20"),
               ("filter-spill-1", "H1", "20"), ("filter-spill-2", "H2", "30"),
               ("sort-spill-3", "I3", "10"), ("reads-xlookup", "J1", "21"),
               ("reads-textsplit", "J2", "1")]
    wb.save(path)
    card = evaluate(load_rubric_text(_rubric(checks)), path)
    return card, {c.id: c for c in card.criteria}


@pytest.mark.parametrize("fn", list(CASES))
def test_openpyxl_prefixed_functions_are_graded_or_an_evaluator_error(openpyxl_card, version,
                                                                      fn):
    card, by_id = openpyxl_card
    right, wrong = by_id[f"{fn}-prefixed"], by_id[f"{fn}-wrong"]
    if lacks(fn, parse_version(version)):
        for crit in (right, wrong):
            detail = crit.checks[0].detail
            assert crit.status == "eval_error", (fn, crit.status, detail)
            assert fn in detail and version.split()[1] in detail, detail
    else:
        assert right.status == "pass", (fn, right.checks[0].actual, right.checks[0].detail)
        assert right.checks[0].source == "recalculated"
        assert wrong.status == "fail", (fn, wrong.checks[0].actual)
        assert wrong.checks[0].actual == right.checks[0].actual


@pytest.mark.parametrize("fn", list(CASES))
def test_a_future_function_stored_without_its_prefix_is_the_candidates_name_error(
        openpyxl_card, fn):
    _, by_id = openpyxl_card
    crit = by_id[f"{fn}-bare"]
    # LAMBDA(...)(D1) stored bare is a call of an unknown name's result: #VALUE! there.
    assert crit.status == "fail" and crit.checks[0].actual == (
        "#VALUE!" if fn == "LAMBDA" else "#NAME?"), crit.checks[0]


def test_a_misspelt_name_is_the_candidates_name_error(openpyxl_card):
    _, by_id = openpyxl_card
    for cid in ("typo-prefixed", "typo-bare"):
        assert by_id[cid].status == "fail" and by_id[cid].checks[0].actual == "#NAME?"


def test_libreoffice_25_2_is_on_the_line_the_issue_draws(openpyxl_card, version):
    """On the backend .ci/run installs (25.2 or later), XLOOKUP … IFS are graded and the
    array formulas spill; TEXTSPLIT is refused until 25.8."""
    v = parse_version(version)
    if v < (24, 8):
        pytest.skip(f"{version} predates XLOOKUP; .ci/run installs a newer one")
    card, by_id = openpyxl_card
    for cid in ("filter-spill-1", "filter-spill-2", "sort-spill-3", "reads-xlookup"):
        assert by_id[cid].status == "pass", (cid, by_id[cid].checks[0].actual)
    if v < (25, 8):
        assert by_id["reads-textsplit"].status == "eval_error"
        assert "depends on a formula using TEXTSPLIT" in by_id["reads-textsplit"].checks[0].detail
    assert card.backends == {"recalc": version}
    assert card.eval_errors == sum(1 for c in card.criteria if c.status == "eval_error")


def test_xlsxwriter_prefixes_and_dynamic_arrays(tmp_path, version):
    """XlsxWriter stores the prefixes itself (dynamic-array functions always, the others with
    ``use_future_functions``) and marks dynamic arrays; every one is graded."""
    path = tmp_path / "xlsxwriter.xlsx"
    wb = xlsxwriter.Workbook(str(path), {"use_future_functions": True})
    ws = wb.add_worksheet("S")
    for r, (a, b, c) in enumerate([(1, 10, "x"), (2, 20, "y"), (3, 30, "x")]):
        ws.write_row(r, 0, [a, b, c])
    ws.write("D1", 2)
    ws.write_formula("E1", "=XLOOKUP(D1,A1:A3,B1:B3)")
    ws.write_dynamic_array_formula("F1:F2", "=FILTER(B1:B3,A1:A3>1)")
    ws.write_formula("G1", '=TEXTJOIN("-",TRUE,C1:C3)')
    ws.write_formula("H1", "=IFS(D1>5,1,TRUE,2)")
    ws.write_formula("I1", "=LET(x,D1,x*3)")
    ws.write_dynamic_array_formula("J1:J2", "=UNIQUE(C1:C3)")
    wb.close()
    checks = [("xlookup", "E1", "20"), ("filter", "F2", "30"), ("textjoin", "G1", "x-y-x"),
              ("ifs", "H1", "2"), ("let", "I1", "6"), ("unique", "J2", "y")]
    card = evaluate(load_rubric_text(_rubric(checks)), path)
    v = parse_version(version)
    for crit, fn in zip(card.criteria, ["XLOOKUP", "FILTER", "TEXTJOIN", "IFS", "LET", "UNIQUE"]):
        want = "eval_error" if lacks(fn, v) else "pass"
        assert crit.status == want, (fn, crit.checks[0].actual, crit.checks[0].detail)
    assert card.backends == {"recalc": version}
