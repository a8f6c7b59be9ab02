"""Judging a check's whole cell range at once (``Grading.resolve_all`` through the bulk
resolvers, pairing with a kept selection keyed once or by position, the counterparts
resolved first, verdicts found by observation identity)
gives the score card judging target by target gives: every status, value, source, detail
and the card's value sources — including the checks that fail with an error half way."""

from __future__ import annotations

import pytest

from officeeval.excel.targets import CellRange
from officeeval.rubric import load_rubric_text
from officeeval.scoring import Grader
from officeeval.scoring import counterparts
from officeeval.scoring import grading as grading_module
from tests.excel.xlsx_builder import styles_xml, xlsx

STYLES = styles_xml(
    fonts='<font><b/><sz val="12"/><name val="宋体"/></font>',
    borders='<border><left style="thin"/><right style="thin"/><top style="thin"/>'
            '<bottom style="thin"/><diagonal/></border>',
    xfs='<xf numFmtId="0" fontId="1" fillId="0" borderId="1"/>'
        '<xf numFmtId="14" fontId="0" fillId="0" borderId="1"/>')


def sheet(values: list[list[str]]) -> str:
    """Rows of cells; a value ``=F`` is a formula without a cached value, ``c:N`` a formula
    ``N`` with its cached value, ``s:`` a bold bordered text cell, ``d:`` a date-formatted
    number."""
    out = []
    for r, row in enumerate(values, start=1):
        cells = []
        for c, v in enumerate(row):
            ref = f"{'ABCDEFGH'[c]}{r}"
            if v.startswith("="):
                cells.append(f'<c r="{ref}"><f>{v[1:]}</f></c>')
            elif v.startswith("c:"):
                cells.append(f'<c r="{ref}"><f>{v[2:]}</f><v>{v[2:]}</v></c>')
            elif v.startswith("s:"):
                cells.append(f'<c r="{ref}" s="1" t="inlineStr"><is><t>{v[2:]}</t></is></c>')
            elif v.startswith("d:"):
                cells.append(f'<c r="{ref}" s="2"><v>{v[2:]}</v></c>')
            elif v:
                cells.append(f'<c r="{ref}"><v>{v}</v></c>')
        out.append(f'<row r="{r}">{"".join(cells)}</row>')
    return "<sheetData>" + "".join(out) + "</sheetData>"


INPUT = [["s:姓名", "s:数量", "s:单价", "d:45659"], ["a", "1", "2", "d:45660"],
         ["b", "3", "4", "d:45661"], ["c", "5", "6", "d:45662"]]


def rubric(input_path, reference_path):
    checks = [
        ('A1:D1', 'font.bold', 'expected="true"'),
        ('A1:D4', 'cell.border.top', 'expected="thin"'),
        ('A1:D4', 'cell.value', 'op="unchanged"'),
        ('B2:C4', 'cell.value', 'op="changed" match="any"'),
        ('A2:D4', 'cell.value', 'expected-from="reference"'),
        ('A1:E5', 'cell.value', 'expected-from="reference"'),
        ('B2:B4', 'cell.has_formula', 'expected="false"'),
        ('A2:C4', 'cell.value', 'op="exists" match="count>=3"'),
        ('D1:D4', 'cell.number_format', 'expected="yyyy/m/d" match="count>=2"'),
        ('A1:E4', 'cell.display', 'expected-from="reference"'),
        ('A1:D4', 'cell.display', 'op="unchanged"'),
    ]
    crits = "".join(
        f'<criterion id="c{i}" skill="s" points="1"><check select="sheet(1)/{sel}" '
        f'property="{prop}" {rest}/></criterion>' for i, (sel, prop, rest) in enumerate(checks))
    return load_rubric_text(
        f'<rubric xmlns="urn:officeeval:rubric:1" id="t" app="excel" total="{len(checks)}">'
        f'<files input="{input_path}" reference="{reference_path}"/>{crits}</rubric>')


@pytest.fixture()
def task(tmp_path):
    inp = xlsx(tmp_path, [("数据", sheet(INPUT))], styles=STYLES, name="input.xlsx")
    ref = xlsx(tmp_path, [("数据", sheet([r[:] for r in INPUT]))], styles=STYLES,
               name="reference.xlsx")
    changed = [r[:] for r in INPUT]
    changed[2][1] = "1"  # B2 holds 1 in the input: the same value against another
    broken = [r[:] for r in INPUT]
    broken[2][2] = "=NOW()"   # no cached value, recalculation off: an error half way
    broken[3][0] = "=TODAY()"
    short = [r[:3] for r in INPUT[:3]]  # fewer cells: deleted targets, missing expected
    # A value where the reference has none (E1: expected-from stops there, an error), then
    # a cached formula result only that check reads (E2): a card that resolved past the
    # stop would name E2 among its cached values.
    extra = [r[:] + [v] for r, v in zip(INPUT, ["9", "c:5", "", ""])]
    outputs = [xlsx(tmp_path, [("数据", sheet(rows))], styles=STYLES, name=f"out{i}.xlsx")
               for i, rows in enumerate([INPUT, changed, broken, short, extra])]
    return rubric(inp, ref), outputs


def cards(r, outputs, one_by_one: bool, monkeypatch) -> list[dict]:
    with monkeypatch.context() as m:
        if one_by_one:
            m.setattr(grading_module, "bulk_resolver", lambda name, targets: None)
            m.setattr(counterparts, "_keyed", lambda doc, others: None)
            # Nor paired by position, nor the counterparts resolved first.
            m.setattr(counterparts, "_counterparts_resolved", lambda run, pairs, is_input: None)
            m.setattr(CellRange, "same_places", lambda self, other: False)
            # Nor any target taken from its counterpart, nor anything remembered with the
            # kept documents (their values said, verdicts against them).
            m.setattr(grading_module, "alike_resolver", lambda name, targets: None)
            m.setattr(grading_module.Grading, "kept_memo", lambda self, doc: None)
        with Grader() as g:
            out = []
            for _ in range(2):  # the second round meets everything the first one kept
                for path in outputs:
                    d = g.grade(r, path, options={"recalc": False}).to_dict()
                    d.pop("seconds")
                    out.append(d)
    return out


def test_bulk_judging_gives_the_cards_of_one_by_one(task, monkeypatch):
    r, outputs = task
    bulk = cards(r, outputs, False, monkeypatch)
    plain = cards(r, outputs, True, monkeypatch)
    assert bulk == plain
    # The cases the comparison is about are there: passes, a change, errors half way,
    # cells the output lacks.
    statuses = {c["status"] for card in bulk for c in card["criteria"]}
    assert {"pass", "fail", "eval_error"} <= statuses
    broken = bulk[2]["criteria"]
    assert "formula not recalculated" in broken[2]["checks"][0]["detail"]
    # Cells the short output lacks have no value: unchanged fails on them.
    assert bulk[3]["criteria"][2]["status"] == "fail"
    assert "9 of 16 targets pass" in bulk[3]["criteria"][2]["checks"][0]["detail"]
    assert [card["criteria"][3]["status"] for card in bulk[:2]] == ["fail", "pass"]  # changed
    assert bulk[0]["criteria"][2]["status"] == "pass"
    stopped = bulk[4]["criteria"][5]["checks"][0]
    assert stopped["status"] == "eval_error" and "has no value" in stopped["detail"]
    assert bulk[4]["value_sources"]["cached"] == 0  # E2 never read


def test_untouched_cells_take_their_counterparts_observation(task, monkeypatch):
    # What the first test compares is there: an untouched cell of ``unchanged`` is not
    # resolved (its counterpart says its value); a changed one is.
    r, outputs = task
    said: list[tuple[str, list[bool] | None]] = []
    real = grading_module.Grading.alike

    def spy(self, check, targets, others):
        got = real(self, check, targets, others)
        said.append((f"{check.select} {check.property} {check.op}", got))
        return got

    monkeypatch.setattr(grading_module.Grading, "alike", spy)
    with Grader() as g:
        for path in outputs[:2]:
            g.grade(r, path, options={"recalc": False})
    unchanged = [got for sel, got in said if sel == "sheet(1)/A1:D4 cell.value unchanged"]
    assert unchanged[0] == [True] * 16
    assert unchanged[1] == [True] * 9 + [False] + [True] * 6  # B3 changed to 1


def test_a_failing_comparison_resolves_every_target(task, monkeypatch):
    r, outputs = task
    want = cards(r, outputs, True, monkeypatch)

    def failing(self, check, targets, others):
        raise RuntimeError("comparison failed")

    monkeypatch.setattr(grading_module.Grading, "alike", failing)
    assert cards(r, outputs, False, monkeypatch) == want


def test_a_failing_bulk_read_is_judged_one_by_one(task, monkeypatch):
    # When the bulk read raises, the check is judged target by target, as before: the
    # error it reports is the one the first failing target raises in that order.
    r, outputs = task
    want = cards(r, outputs, True, monkeypatch)
    calls = []

    def failing(self, check, targets):
        calls.append(check.property)
        raise RuntimeError("bulk read failed")

    monkeypatch.setattr(grading_module.Grading, "resolve_all", failing)
    got = cards(r, outputs, False, monkeypatch)
    assert calls and got == want


def test_a_kept_selection_is_keyed_once_and_only_for_itself(tmp_path):
    doc_a, doc_b = object.__new__(_Doc), object.__new__(_Doc)
    one, two = [_T(("s", 1, 1)), _T(("s", 1, 2))], [_T(("s", 2, 1))]
    k1 = counterparts._keyed(doc_a, one)
    assert k1 == {("s", 1, 1): one[0], ("s", 1, 2): one[1]}
    assert counterparts._keyed(doc_a, one) is k1             # kept
    assert counterparts._keyed(doc_a, two) == {("s", 2, 1): two[0]}
    assert counterparts._keyed(doc_b, one) is not k1         # another document's table


class _Doc:
    pass


class _T:
    def __init__(self, key):
        self.pair_key = key


def test_a_cell_without_a_value_in_both_documents_is_unchanged(tmp_path, monkeypatch):
    # The rubric language: when neither document has a value they are equal, for
    # ``unchanged`` as for ``expected-from`` (B2 is blank in the input).
    inp = xlsx(tmp_path, [("数据", sheet([["a", "1"], ["b", ""], ["c", "3"]]))], name="in.xlsx")
    outputs = [xlsx(tmp_path, [("数据", sheet(rows))], name=f"o{i}.xlsx") for i, rows in
               enumerate([[["a", "1"], ["b", ""], ["c", "3"]],     # left blank
                          [["a", "1"], ["b", "2"], ["c", "3"]],    # filled in
                          [["a", "1"], ["b", ""], ["c", ""]]])]    # B3 deleted
    checks = [("A1:B3", 'op="unchanged"'), ("B2", 'op="unchanged"'), ("B2", 'op="changed"'),
              ("B1:B3", 'op="changed" match="any"')]
    crits = "".join(
        f'<criterion id="c{i}" skill="s" points="1"><check select="sheet(1)/{sel}" '
        f'property="cell.value" {rest}/></criterion>' for i, (sel, rest) in enumerate(checks))
    r = load_rubric_text(
        f'<rubric xmlns="urn:officeeval:rubric:1" id="t" app="excel" total="{len(checks)}">'
        f'<files input="{inp}"/>{crits}</rubric>')
    got = cards(r, outputs, False, monkeypatch)
    assert got == cards(r, outputs, True, monkeypatch)
    statuses = [[c["status"] for c in card["criteria"]] for card in got[:3]]
    # (B2 ``changed`` fails as not_found: the graded cell has no value.)
    assert statuses == [["pass", "pass", "not_found", "fail"],
                        ["fail", "fail", "pass", "pass"],
                        ["fail", "pass", "not_found", "pass"]]  # deleting B3 is a change
    left = got[0]["criteria"][2]["checks"][0]
    assert left["actual"] == "(none)" and "neither has a value" in left["detail"]
    deleted = got[2]["criteria"][0]["checks"][0]
    assert "A1:B3" not in deleted["detail"] and "no value, where the input has one" in \
        deleted["detail"]
