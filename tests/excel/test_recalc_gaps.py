"""Recalculated values that depend on a function the backend's LibreOffice lacks are
evaluator errors, never the candidate's: the tracing of ``excel.recalc_gaps`` and the whole
grading path with a stand-in backend that reports a version (no LibreOffice needed; the real
one is in test_excel_modern_functions.py)."""

from __future__ import annotations

import pytest

from officeeval.backends import Backends
from officeeval.excel.recalc_gaps import RecalcGaps, _calls_any
from officeeval.formats import open_document
from officeeval.rubric.loader import load_rubric_text
from officeeval.scoring import evaluate
from tests.excel.xlsx_builder import xlsx

V74 = "LibreOffice 7.4.7.2 40(Build:2)"
V252 = "LibreOffice 25.2.3.2 520(Build:2)"


def _c(ref: str, formula: str | None = None, value: str | None = None, t: str = "",
       extra: str = "") -> str:
    f = f"<f{extra}>{formula}</f>" if formula is not None else ""
    v = f"<v>{value}</v>" if value is not None else ""
    return f'<c r="{ref}"{f" t={chr(34)}{t}{chr(34)}" if t else ""}>{f}{v}</c>'


def _sheet(*cells: str) -> str:
    by_row: dict[int, list[str]] = {}
    for c in cells:
        ref = c.split('"')[1]
        by_row.setdefault(int("".join(ch for ch in ref if ch.isdigit())), []).append(c)
    return "<sheetData>" + "".join(f'<row r="{r}">{"".join(cs)}</row>'
                                   for r, cs in sorted(by_row.items())) + "</sheetData>"


DATA = [_c("A1", value="1"), _c("A2", value="2"), _c("A3", value="3"), _c("B1", value="10"),
        _c("B2", value="20"), _c("B3", value="30"), _c("D1", value="2")]


def _book(tmp_path, *formula_cells: str, other: tuple[str, ...] = (), names: str = "",
          cached: bool = False, name: str = "book.xlsx"):
    sheets = [("S", _sheet(*DATA, *formula_cells))]
    if other:
        sheets.append(("T", _sheet(*other)))
    return xlsx(tmp_path, sheets, defined_names=names, name=name,
                calc_pr="" if cached else '<calcPr fullCalcOnLoad="1"/>')


def _reasons(tmp_path, version, cells, **kw):
    """The reason (or ``None``) for each of E1:E6 of sheet S."""
    path = _book(tmp_path, *cells, **kw)
    doc = open_document(path, "excel")
    try:
        gaps = RecalcGaps(doc, version)
        sheet = doc.sheets[0]
        return {ref: gaps.reason(sheet, int(ref[1:]), ord(ref[0]) - 64)
                for ref in ("E1", "E2", "E3", "E4", "E5", "E6")}
    finally:
        doc.close()


def test_a_formula_calling_a_lacking_function_and_what_reads_it(tmp_path):
    got = _reasons(tmp_path, V74, [
        _c("E1", "_xlfn.XLOOKUP(D1,A1:A3,B1:B3)"), _c("E2", "E1*2"), _c("E3", "SUM(B1:B3)"),
        _c("E4", "SUM(E1:E3)"), _c("E5", "IFERROR(_xlfn.XMATCH(D1,A1:A3),0)"),
        _c("E6", "XLOOKUP(D1,A1:A3,B1:B3)")])
    assert got["E1"] == ("'S'!E1 uses XLOOKUP, which LibreOffice 7.4.7.2, the recalculation "
                         "backend, does not compute (LibreOffice computes XLOOKUP from 24.8); "
                         "its value is not graded")
    assert got["E2"].startswith("'S'!E2 depends on a formula using XLOOKUP, which "
                                "LibreOffice 7.4.7.2")
    assert got["E3"] is None  # reads only constants
    assert "depends on a formula using XLOOKUP" in got["E4"]  # through the range E1:E3
    assert got["E5"].startswith("'S'!E5 uses XMATCH")  # hidden by IFERROR: still not graded
    # Stored without its prefix, XLOOKUP is #NAME? in Excel too: the candidate's.
    assert got["E6"] is None


def test_the_same_workbook_on_a_backend_that_has_the_functions(tmp_path):
    got = _reasons(tmp_path, V252, [
        _c("E1", "_xlfn.XLOOKUP(D1,A1:A3,B1:B3)"), _c("E2", "E1*2"),
        _c("E3", '_xlfn.TEXTSPLIT("a,b",",")'), _c("E4", "LEN(E3)"), _c("E5", "_xlfn.XLOOKUPP(1)")])
    assert got["E1"] is None and got["E2"] is None
    assert got["E3"] == ("'S'!E3 uses TEXTSPLIT, which LibreOffice 25.2.3.2, the recalculation "
                         "backend, does not compute (LibreOffice computes TEXTSPLIT from 25.8); "
                         "its value is not graded")
    assert "depends on a formula using TEXTSPLIT" in got["E4"]
    assert got["E5"] is None  # a name Excel does not know: the candidate's #NAME?


def test_functions_no_release_computes_and_an_unknown_version(tmp_path):
    got = _reasons(tmp_path, V252, [_c("E1", "_xlfn.GROUPBY(A1:A3,B1:B3,1)"),
                                    _c("E2", '_xlfn.REGEXTEST("a","b")')])
    assert got["E1"].endswith("(no LibreOffice release is known to compute it); its value is "
                              "not graded")
    got = _reasons(tmp_path, None, [_c("E1", "_xlfn.IFS(A1>0,1)"), _c("E2", "SUM(A1:A3)")],
                   name="unknown.xlsx")
    assert "LibreOffice (version unknown), the recalculation backend" in got["E1"]
    assert got["E2"] is None


def test_dependencies_across_sheets_names_and_array_ranges(tmp_path):
    got = _reasons(
        tmp_path, V74,
        [_c("E1", "T!A1+1"), _c("E2", "Total*2"), _c("E3", "F1"),
         _c("F1", "_xlfn._xlws.SORT(B1:B3)", extra=' t="array" ref="F1:F3"'),
         _c("E4", "SUM(F2:F3)"), _c("E5", "'T'!B1"), _c("E6", "SUM(A1:B3)")],
        other=(_c("A1", "_xlfn.UNIQUE(S!A1:A3)"), _c("B1", value="5")),
        names='<definedName name="Total">T!$A$1</definedName>')
    assert "depends on a formula using UNIQUE" in got["E1"]   # another sheet
    assert "depends on a formula using UNIQUE" in got["E2"]   # a defined name
    assert got["E3"].startswith("'S'!E3 depends on a formula using SORT")
    assert "depends on a formula using SORT" in got["E4"]     # members of the array range
    assert got["E5"] is None and got["E6"] is None            # constants only


def test_inputs_that_cannot_be_followed_are_not_trusted(tmp_path):
    got = _reasons(tmp_path, V74, [
        _c("E1", "_xlfn.LET(_xlpm.x,2,_xlpm.x*3)"), _c("E2", 'INDIRECT("E1")'),
        _c("E3", "OFFSET(A1,0,4)"), _c("E4", "SUM(Table1[Amount])"), _c("E5", "SUM(A1:A3)")])
    for ref in ("E2", "E3", "E4"):
        assert got[ref].startswith(f"'S'!{ref} may depend (through a reference that cannot be "
                                   "followed) on a formula using LET"), got[ref]
    assert got["E5"] is None


def test_a_workbook_without_lacking_functions_costs_no_formula_reading(tmp_path):
    path = _book(tmp_path, _c("E1", "SUM(A1:A3)"), _c("E2", "XLOOKUP(D1,A1:A3,B1:B3)"))
    doc = open_document(path, "excel")
    try:
        gaps = RecalcGaps(doc, V74)
        assert gaps.reason(doc.sheets[0], 1, 5) is None
        assert gaps._formulas == {}  # the byte scan found no lacking function: nothing parsed
    finally:
        doc.close()


# ------------------------------------------------------------------ the grading path
class StandIn:
    """A recalculation backend that answers with a ready workbook and a version."""

    def __init__(self, result, version):
        self.result, self.version, self.calls = result, version, 0

    def recalculate(self, path):
        self.calls += 1
        return self.result


RUBRIC = """<rubric xmlns="urn:officeeval:rubric:1" id="gaps" app="excel" total="4">
  <criterion id="c1" skill="formula" points="1">
    <check select="'S'!E1" property="cell.value" expected="20"/></criterion>
  <criterion id="c2" skill="formula" points="1">
    <check select="'S'!E2" property="cell.value" expected="40"/></criterion>
  <criterion id="c3" skill="formula" points="1">
    <check select="'S'!E3" property="cell.value" expected="60"/></criterion>
  <criterion id="c4" skill="formula" points="1">
    <check select="'S'!E4" property="cell.value" expected="20"/></criterion>
</rubric>"""

CELLS = [("E1", "_xlfn.XLOOKUP(D1,A1:A3,B1:B3)", "20", ""), ("E2", "E1*2", "40", ""),
         ("E3", "SUM(B1:B3)", "60", ""), ("E4", "_xlfn.XLOOKUPP(D1,A1:A3,B1:B3)", "#NAME?", "e")]


def _grade(tmp_path, version):
    candidate = _book(tmp_path, *[_c(r, f) for r, f, _, _ in CELLS], name="candidate.xlsx")
    computed = _book(tmp_path, *[_c(r, f, v, t) for r, f, v, t in CELLS], cached=True,
                     name="computed.xlsx")
    return evaluate(load_rubric_text(RUBRIC), candidate,
                    backends=Backends(recalc=StandIn(computed, version)))


def test_an_older_backend_makes_xlookup_an_evaluator_error(tmp_path):
    card = _grade(tmp_path, V74)
    status = {c.id: c.status for c in card.criteria}
    assert status == {"c1": "eval_error", "c2": "eval_error", "c3": "pass", "c4": "fail"}
    detail = card.criteria[0].checks[0].detail
    assert "XLOOKUP" in detail and "LibreOffice 7.4.7.2" in detail and "24.8" in detail
    assert card.eval_errors == 2 and card.score == 1 and card.total == 2
    assert card.criteria[3].checks[0].actual == "#NAME?"  # the misspelt name: the candidate's
    assert card.backends == {"recalc": V74}
    assert card.value_sources == {"cached": 0, "recalculated": 2, "unverifiable": 2}
    assert card.to_dict()["backends"] == {"recalc": V74}


def test_a_current_backend_grades_xlookup(tmp_path):
    card = _grade(tmp_path, V252)
    assert {c.id: c.status for c in card.criteria} == {"c1": "pass", "c2": "pass",
                                                       "c3": "pass", "c4": "fail"}
    assert card.eval_errors == 0 and card.backends == {"recalc": V252}


def test_a_card_without_recalculation_names_no_backend(tmp_path):
    computed = _book(tmp_path, *[_c(r, f, v, t) for r, f, v, t in CELLS], cached=True)
    backend = StandIn(None, V74)
    card = evaluate(load_rubric_text(RUBRIC), computed, backends=Backends(recalc=backend))
    assert backend.calls == 0  # every value was cached: no recalculation
    assert card.backends == {} and card.eval_errors == 0
    assert [c.status for c in card.criteria] == ["pass", "pass", "pass", "fail"]


# ------------------------------------------------------------------ the literal prefilter
@pytest.mark.parametrize("formula, calls", [
    ("=_XLFN.TEXTSPLIT(A1)", True), ("=_XLFN.TEXTSPLIT (A1)", True),
    ("=X_XLFN.TEXTSPLIT(A1)", False), ("=SORTD(1)", False), ("=RTD(1)", True),
    ("=A.RTD(1)", False), ('=IF(1,RTD("x"),2)', True), ("=CUBEVALUES(1)", False),
    ('="RTD("', True),  # a false positive is fine: the tokenizer decides after it
    ("=_XLFN.XLOOKUP(A1,B:B,C:C)", False),
])
def test_the_prefilter_never_misses_a_call(formula, calls):
    names = ["_XLFN.TEXTSPLIT", "CUBEVALUE", "RTD"]
    assert _calls_any(formula, names) is calls
    assert _calls_any(formula.encode(), [n.encode() for n in names]) is calls
