"""The audit on the Excel fixture task (a reference written by openpyxl: formulas without
cached values): results are cached once so mutants grade without LibreOffice; formulas
pasted as values, wrong functions and wrong constants, formats through cloned cell
formats, sheets renamed/reordered/deleted, charts, conditional formats and validations."""

from __future__ import annotations

import shutil

import pytest

from officeeval.audit import audit
from officeeval.audit import model as M
from officeeval.formats import open_document
from officeeval.catalog import resolve
from officeeval.properties.registry import ResolveContext
from officeeval.selectors import select

pytestmark = pytest.mark.skipif(shutil.which("soffice") is None,
                                reason="LibreOffice (soffice) is needed to recalculate the "
                                       "openpyxl-written reference")


@pytest.fixture(scope="module")
def excel(fixture_task):
    return audit(fixture_task / "excel" / "excel-good.xml",
                 keep_mutants=fixture_task / "excel" / "mutants").rubrics[0]


def _mutant(excel, fixture_task, operator, criterion):
    m = next(m for m in excel.mutants if m.operator == operator and criterion in m.criteria)
    return m, fixture_task / "excel" / "mutants" / f"fixture-excel-good-{m.id}.xlsx"


def test_sound_excel_rubric_is_clean(excel):
    assert excel.error == "" and excel.reference_ok and excel.input_offenders == []
    assert excel.survivors == [] and excel.over_strict == [] and excel.lint == []
    assert not [m for m in excel.mutants if m.verdict in (M.INVALID, M.INEFFECTIVE)]
    assert all(c.mutants >= 1 and c.caught == c.mutants for c in excel.criteria)


def test_cached_results_grade_like_recalculated_ones(excel):
    (prepared,) = [m for m in excel.mutants if m.operator == "equivalent:cached-results"]
    assert prepared.kind == "equivalent" and prepared.verdict == M.EQUIVALENT_OK


def test_pasted_value_keeps_the_value_and_loses_the_formula(excel, fixture_task):
    m, path = _mutant(excel, fixture_task, "replace:formula->value", "c01")
    assert m.verdict == M.CAUGHT
    doc = open_document(path, "excel")
    try:
        t = select(doc, "'成绩'!D2")[0]
        assert resolve("cell.has_formula", t, ResolveContext()).value is False
        assert resolve("cell.value", t, ResolveContext()).value.value == 177
        # The other total cells keep their formulas.
        t3 = select(doc, "'成绩'!D3")[0]
        assert resolve("cell.formula", t3, ResolveContext()).value == "=SUM(B3:C3)"
    finally:
        doc.close()


def test_format_mutants_clone_the_cell_format(excel, fixture_task):
    m, path = _mutant(excel, fixture_task, "direct:cell.number_format", "c03")
    doc = open_document(path, "excel")
    try:
        e2 = resolve("cell.number_format", select(doc, "'成绩'!E2")[0], ResolveContext())
        e3 = resolve("cell.number_format", select(doc, "'成绩'!E3")[0], ResolveContext())
        assert (e2.value, e3.value) == ("General", "0.00")
    finally:
        doc.close()


def test_object_operators(excel):
    ops = {m.operator for m in excel.mutants}
    assert {"direct:cell.functions", "direct:cell.value", "delete:sheet", "reorder:sheet",
            "direct:sheet.freeze", "delete:conditional_format", "direct:cf.operator",
            "delete:validation", "direct:chart.type", "delete:chart",
            "neutral:unselected-cell"} <= ops
