"""The audit on the fixture task: a sound rubric is clean; deliberately weak rubrics are
flagged for the right reason (vacuous check, wrong paragraph, typo in an expected value,
loose tolerance, an alternative that always passes, duplicated criteria, whitespace-sensitive
XPath)."""

from __future__ import annotations

import dataclasses
import json

import pytest

from officeeval.audit import audit
from officeeval.audit import model as M
from officeeval.audit.lint import lint
from officeeval.rubric import load_rubric
from officeeval.rubric.loader import load_rubric_text


@pytest.fixture(scope="module")
def good(fixture_task):
    return audit(fixture_task / "good.xml").rubrics[0]


def test_sound_rubric_is_clean(good):
    assert good.error == ""
    assert (good.reference_score, good.reference_total) == (100.0, 100.0)
    assert good.reference_ok and not good.reference_failures
    assert good.input_score == 2.0  # the text-preservation criterion only
    assert [c.id for c in good.criteria if c.input_status == "pass"] == ["c14"]
    assert good.input_offenders == []
    assert good.survivors == [] and good.over_strict == []
    assert good.detection_rate == 1.0 and len(good.breaking) >= 25
    assert not [m for m in good.mutants if m.verdict in (M.INVALID, M.INEFFECTIVE)]
    assert good.lint == []
    assert good.clean()


def test_every_criterion_of_the_sound_rubric_gets_a_caught_mutant(good):
    for c in good.criteria:
        assert c.mutants >= 1 and c.caught == c.mutants, c


def test_inherited_values_get_style_mutants(good):
    inherited = [m for m in good.mutants if m.operator.startswith("inherited:")]
    sources = " ".join(m.description for m in inherited)
    # Body text inherits from Normal, subheadings from Heading 1: both get mutated.
    assert "style:Normal" in sources and "style:Heading1" in sources
    assert all(m.verdict == M.CAUGHT for m in inherited)


def test_neutral_mutants_leave_every_verdict_alone(good):
    neutral = {m.operator: m.verdict for m in good.mutants if m.kind == "neutral"}
    assert set(neutral) >= {"neutral:xml-whitespace", "neutral:zip-order",
                            "neutral:unrelated-part", "neutral:unused-style",
                            "neutral:unread-property"}
    assert set(neutral.values()) == {M.NEUTRAL_OK}


def test_vacuous_checks_are_flagged(fixture_task):
    r = audit(fixture_task / "weak-vacuous.xml").rubrics[0]
    assert r.reference_ok
    # c02 asks for "not italic", which the untouched input already is.
    assert [c.id for c in r.input_offenders] == ["c02"]
    codes = {(w.code, w.criterion) for w in r.lint}
    assert ("vacuous-any", "c01") in codes and ("default-source", "c02") in codes
    # Deleting paragraph 5 goes unnoticed: the next paragraph is not italic either.
    assert any(m.operator == "delete:paragraph" and m.criteria == ["c02"] for m in r.survivors)
    assert not r.clean()


def test_wrong_paragraph_fails_the_reference_with_expected_and_actual(fixture_task):
    r = audit(fixture_task / "weak-wrong-paragraph.xml").rubrics[0]
    assert r.reference_score == 40.0 and not r.reference_ok
    (f,) = r.reference_failures
    assert (f.criterion, f.status) == ("c01", "fail")
    assert "22pt" in f.expected and "14pt" in f.actual
    # Mutants of a criterion that already fails cannot be judged: left out, not survivors.
    left_out = [m for m in r.mutants if m.criteria == ["c01"]]
    assert left_out and all(m.verdict == M.NOT_APPLICABLE for m in left_out)
    assert not r.clean()


def test_typo_in_expected_value_fails_the_reference(fixture_task):
    r = audit(fixture_task / "weak-typo.xml").rubrics[0]
    (f,) = r.reference_failures
    assert f.criterion == "c01" and f.expected == "黑休" and f.actual == "'黑体'"
    assert r.reference_score == 50.0


def test_loose_rubric_survivors_overlaps_and_over_strict(fixture_task):
    r = audit(fixture_task / "weak-loose.xml").rubrics[0]
    assert r.reference_ok
    by_crit = {}
    for m in r.survivors:
        for c in m.criteria:
            by_crit.setdefault(c, []).append(m)
    # c01: tolerance 5pt accepts 小一 for 二号.
    assert "tolerance 5pt accepts" in by_crit["c01"][0].explanation
    # c02: scoring="any" with an alternative (text contains 读书) that survives a bold mutant.
    assert any("scoring=\"any\"" in m.explanation for m in by_crit["c02"])
    (strict,) = r.over_strict
    assert strict.operator == "neutral:xml-whitespace" and list(strict.changed) == ["c06"]
    codes = {(w.code, w.criterion) for w in r.lint}
    assert ("overlap", "c03") in codes
    overlap = next(w for w in r.lint if w.code == "overlap")
    assert "c03, c04" in overlap.message
    assert ("text-no-normalize", "c05") in codes
    assert r.detection_rate is not None and r.detection_rate < 0.98
    assert not r.clean()


def test_float_equals_and_empty_skill_lint(fixture_task):
    text = (fixture_task / "weak-typo.xml").read_text("utf-8").replace(
        'property="font.size" expected="二号"', 'property="font.scale" expected="99.5"')
    path = fixture_task / "weak-float.xml"
    path.write_text(text, "utf-8")
    r = audit(path, mutate=False).rubrics[0]
    assert ("float-equals", "c02") in {(w.code, w.criterion) for w in r.lint}
    assert r.mutants == []
    rubric = dataclasses.replace(load_rubric(path), skills={"font": "字体", "page": "页面"})
    warnings = lint(rubric, _card_stub(rubric), [], {}, None, {})
    assert [str(w) for w in warnings if w.code == "skill-empty"] == [
        "[skill-empty] skill 'page' has no criteria"]


def _card_stub(rubric):
    from officeeval.scoring import evaluate_outcome
    return evaluate_outcome(rubric, "ok")


def test_invalid_rubric_and_missing_files_are_errors_not_crashes(tmp_path, fixture_task):
    bad = tmp_path / "bad.xml"
    bad.write_text('<rubric xmlns="urn:officeeval:rubric:1" id="x" app="word">'
                   '<criterion id="c1" skill="s" points="5"><check select="paragrap[1]" '
                   'property="font.bold" expected="true"/></criterion></rubric>', "utf-8")
    r = audit(bad).rubrics[0]
    assert r.error.startswith("invalid rubric") and "paragrap" in r.error
    missing = tmp_path / "missing.xml"
    missing.write_text((fixture_task / "good.xml").read_text("utf-8").replace(
        'reference="reference.docx"', 'reference="nope.docx"'), "utf-8")
    r = audit(missing).rubrics[0]
    assert "missing reference" in r.error and not r.clean()


def test_overrides_and_json_contract(fixture_task):
    rubric = load_rubric_text((fixture_task / "weak-typo.xml").read_bytes(), "<memory>")
    report = audit(rubric, reference=fixture_task / "reference.docx",
                   input=fixture_task / "input.docx")
    d = json.loads(json.dumps(report.to_dict(), ensure_ascii=False))
    (r,) = d["rubrics"]
    assert d["clean"] is False and r["reference"]["score"] == 50.0
    assert r["reference"]["failures"][0]["expected"] == "黑休"
    assert {"breaking", "detected", "rate", "survivors", "over_strict"} <= set(r["mutation"])
    assert all({"id", "kind", "operator", "description", "verdict"} <= set(m)
               for m in r["mutants"])


def test_parallel_audit_matches_serial(fixture_task):
    paths = [fixture_task / "tiny.xml", fixture_task / "weak-typo.xml"]
    serial = audit(paths)
    parallel = audit(paths, jobs=2)
    strip = lambda rep: [(r.rubric, r.reference_score, r.input_score,  # noqa: E731
                          [(m.operator, m.verdict) for m in r.mutants]) for r in rep.rubrics]
    assert strip(serial) == strip(parallel)
    assert serial.breaking == parallel.breaking and serial.detected == parallel.detected


def test_equivalent_variants_of_the_sound_rubric_keep_full_marks(good):
    ops = {m.operator: m.verdict for m in good.mutants if m.kind == "equivalent"}
    assert {"equivalent:direct-to-character-style", "equivalent:direct-to-paragraph-style",
            "equivalent:indent-chars-to-absolute", "equivalent:spacing-lines-to-points",
            "equivalent:lengths-rounded", "equivalent:colour-theme-to-rgb",
            "equivalent:run-split", "equivalent:relationship-ids",
            "equivalent:part-names"} <= set(ops)
    assert set(ops.values()) <= {M.EQUIVALENT_OK, M.NOT_APPLICABLE}
    assert len(good.equivalents) >= 9 and good.false_fails == [] and good.false_fail_rate == 0


def test_checks_that_fail_a_correct_answer_written_another_way_are_false_fails(fixture_task):
    from officeeval.audit.render import markdown
    report = audit(fixture_task / "weak-equivalent.xml")
    r = report.rubrics[0]
    assert r.reference_ok
    failed = {m.operator: m for m in r.false_fails}
    assert "c01" in failed["equivalent:run-split"].explanation
    assert "c02" in failed["equivalent:direct-to-character-style"].explanation
    assert all("c03" not in m.explanation for m in r.false_fails)
    assert not r.clean() and not report.clean
    assert r.false_fail_rate == len(r.false_fails) / len(r.equivalents)
    d = r.to_dict()["equivalence"]
    assert d["false_fails"] == [m.id for m in r.false_fails] and d["rate"] == r.false_fail_rate
    md = markdown(report, "officeeval audit weak-equivalent.xml")
    assert "Equivalent variants that lost points (false fails)" in md
    assert f"| {len(r.equivalents)} | {len(r.false_fails)} |" in md
