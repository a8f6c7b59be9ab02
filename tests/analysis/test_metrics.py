"""The analysis numbers on a hand-summed store (tests/analysis/synthetic.py ``small_store``).

The fixture, per generation (task word-l1-a: c1 font 40, c2 paragraph 30, c3 page 30;
excel-l2-b: c1 formula 50, c2 chart 50):

sim-alpha  A1 word ok         c2 fail                      70/100  passed
           A2 word exec_error                               0/100
           A3 excel ok        c1 eval_error, c2 pass        50/50   passed (1 eval error)
           A4 word no_code                                  0/100
sim-beta   B1 word ok         c1 not_found, c3 fail 10/30   40/100
           B2 excel ok        c1, c2 eval_error             0/0     ungradable (2 eval errors)
           B3 excel exec_timeout                            0/100
           B4 word invalid_package                          0/100
           B5 word exec_killed                              0/100
           B6 excel no_output                               0/100
"""

from __future__ import annotations

import hashlib
import shutil
import sqlite3

import pytest
from pytest import approx

from officeeval import analysis as A

from tests.analysis import synthetic


def by(rows, **kw):
    out = [r for r in rows if all(r[k] == v for k, v in kw.items())]
    assert len(out) == 1, (kw, out)
    return out[0]


@pytest.fixture(scope="module")
def res(small_outdir):
    return A.load(small_outdir)


@pytest.mark.parametrize("model, n, gradable, sr, pass_rate, exec_ok, op, lost", [
    # SR: (0.7 + 0 + 1.0 + 0) / 4; pass 2/4; ok 2/4; op: A1 2 of 3 judged, A3 1 of 1.
    ("sim-alpha", 4, 4, (0.7 + 1.0) / 4, 2 / 4, 2 / 4, 3 / 4, (200, 0, 30)),
    # SR: 0.4 / 5 gradable (B2 ungradable); pass 0; ok 2/6 (B1, B2); op: B1 1 of 3.
    ("sim-beta", 6, 5, 0.4 / 5, 0.0, 2 / 6, 1 / 3, (400, 40, 20)),
    # all: SR 2.1 / 9; pass 2/9; ok 4/10; op 4/7.
    (A.ALL, 10, 9, 2.1 / 9, 2 / 9, 4 / 10, 4 / 7, (600, 40, 50)),
])
def test_headline_numbers_per_model(res, model, n, gradable, sr, pass_rate, exec_ok, op, lost):
    m = by(A.per_model(res), model=model)
    assert (m["generations"], m["gradable"], m["ungradable"]) == (n, gradable, n - gradable)
    assert m["sr"] == approx(sr)
    assert m["pass_rate"] == approx(pass_rate)
    assert m["exec_success"] == approx(exec_ok)
    assert m["op_accuracy"] == approx(op)
    assert (m["lost_execution"], m["lost_not_found"], m["lost_wrong"]) == lost
    assert m["lost_execution_per_gen"] == approx(lost[0] / n)


def test_outcomes_and_evaluator_errors_are_counted_apart(res):
    beta = by(A.per_model(res), model="sim-beta")
    assert beta["outcomes"] == {"ok": 2, "exec_error": 0, "exec_timeout": 1, "exec_killed": 1,
                                "no_code": 0, "no_output": 1, "invalid_package": 1,
                                "not_graded": 0}
    assert beta["eval_error_criteria"] == 2 and beta["eval_error_generations"] == 1
    assert beta["eval_points"] == 100
    ev = A.evaluator_errors(res)
    assert (ev["criteria"], ev["generations"], ev["ungradable"], ev["points"]) == (3, 2, 1, 150)
    assert ev["reasons"] == [{"task": "excel-l2-b", "criterion_id": "c1",
                              "property": "cell.value", "count": 1,
                              "detail": "formula without cached value; no recalculation "
                                        "backend"}]
    # Evaluator points are never lost points.
    everyone = by(A.per_model(res), model=A.ALL)
    assert everyone["lost_execution"] + everyone["lost_not_found"] + everyone["lost_wrong"] \
        == 690


@pytest.mark.parametrize("model, skill, possible, earned, sr, lost, eval_points", [
    ("sim-alpha", "font", 120, 40, 1 / 3, (80, 0, 0), 0),        # A1 pass; A2, A4 skipped
    ("sim-alpha", "paragraph", 90, 0, 0.0, (60, 0, 30), 0),      # A1 fail
    ("sim-alpha", "formula", 0, 0, None, (0, 0, 0), 50),         # only A3: eval_error
    ("sim-alpha", "chart", 50, 50, 1.0, (0, 0, 0), 0),
    ("sim-beta", "font", 120, 0, 0.0, (80, 40, 0), 0),           # B1 not_found
    ("sim-beta", "page", 90, 10, 10 / 90, (60, 0, 20), 0),       # B1 fail, 10 of 30 partial
    ("sim-beta", "formula", 100, 0, 0.0, (100, 0, 0), 50),       # B2 eval; B3, B6 skipped
    (A.ALL, "font", 240, 40, 40 / 240, (160, 40, 0), 0),
])
def test_skill_breakdown(res, model, skill, possible, earned, sr, lost, eval_points):
    r = by(A.skill_breakdown(res), model=model, skill=skill)
    assert (r["possible"], r["earned"]) == (possible, earned)
    assert r["sr"] == (None if sr is None else approx(sr))
    assert (r["lost_execution"], r["lost_not_found"], r["lost_wrong"]) == lost
    assert r["eval_points"] == eval_points


def test_breakdown_by_app_and_level(res):
    rows = A.breakdown(res, "app")
    # sim-alpha word: A1 0.7, A2 0, A4 0; excel: A3 1.0.
    assert by(rows, model="sim-alpha", app="word")["sr"] == approx(0.7 / 3)
    assert by(rows, model="sim-alpha", app="excel")["sr"] == approx(1.0)
    # sim-beta excel: B2 ungradable, B3 and B6 at 0.
    excel_b = by(rows, model="sim-beta", app="excel")
    assert (excel_b["sr"], excel_b["ungradable"], excel_b["exec_success"]) == (0.0, 1,
                                                                               approx(1 / 3))
    # level 1 = the word task: A1 0.7, A2, A4 0; B1 0.4, B4, B5 0.
    assert by(A.breakdown(res, "level"), model=A.ALL, level="1")["sr"] == approx(1.1 / 6)
    with pytest.raises(KeyError):
        A.breakdown(res, "colour")


def test_top_failed_criteria_with_actual_values(res):
    top = A.top_failed(res)
    assert [(r["task"], r["criterion_id"], r["failed"], r["judged"]) for r in top] == [
        ("word-l1-a", "c1", 1, 2), ("word-l1-a", "c2", 1, 2), ("word-l1-a", "c3", 1, 2)]
    c1 = top[0]
    assert (c1["not_found"], c1["wrong"], c1["lost"]) == (1, 0, 40)
    assert c1["actuals"] == [{"property": "font.east_asia", "expected": "黑体",
                              "actual": "(nothing selected)", "count": 1}]
    assert top[2]["actuals"][0]["actual"] == "72pt"


def test_histogram(res):
    h = A.histogram(res)
    assert h["edges"][:3] == [0, 10, 20] and h["edges"][-1] == 100
    # sim-alpha rates 0.7, 0, 1.0, 0 -> bins 0 (x2), 70, 90 (100 % is in the last bin).
    assert h["models"]["sim-alpha"]["counts"] == [2, 0, 0, 0, 0, 0, 0, 1, 0, 1]
    assert h["models"]["sim-beta"] == {"counts": [4, 0, 0, 0, 1, 0, 0, 0, 0, 0],
                                       "ungradable": 1}


def test_bootstrap_is_seeded_and_sane():
    values = [0.0, 0.2, 0.5, 0.9, 1.0, 0.7, 0.4]
    a, b = A.bootstrap_ci(values, seed=3), A.bootstrap_ci(values, seed=3)
    assert a == b
    assert a != A.bootstrap_ci(values, seed=4)
    lo, hi = a
    assert 0.0 <= lo < sum(values) / len(values) < hi <= 1.0
    assert A.bootstrap_ci([0.25] * 9) == (approx(0.25), approx(0.25))
    assert A.bootstrap_ci([]) == (None, None)
    # A ratio of sums: 3 of 4 and 1 of 2 -> resamples are 1/2, 2/3, 3/4 ... within [.5, .75].
    lo, hi = A.bootstrap_ci([3, 1], [4, 2])
    assert 0.5 <= lo <= hi <= 0.75


def test_bootstrap_interval_narrows_with_more_generations():
    import random
    rng = random.Random(1)
    small = [rng.random() for _ in range(20)]
    big = small * 25
    w_small = A.bootstrap_ci(small)[1] - A.bootstrap_ci(small)[0]
    w_big = A.bootstrap_ci(big)[1] - A.bootstrap_ci(big)[0]
    assert w_big < w_small / 3  # sqrt(25) = 5 in theory


def test_model_ci_does_not_move_when_a_model_is_added(tmp_path, small_outdir):
    before = by(A.per_model(A.load(small_outdir)), model="sim-alpha")["sr_ci"]
    shutil.copy(small_outdir / "results.sqlite", tmp_path / "results.sqlite")
    s = synthetic
    from officeeval.runner.store import GenerationMeta, Store
    with Store(tmp_path) as store:
        store.record(GenerationMeta("extra", "word-l1-a", "sim-gamma", 1, "word", "1", "code"),
                     s.make_card("word-l1-a", "word", "ok", s.WORD_A), None)
    after = A.load(tmp_path)
    assert by(A.per_model(after), model="sim-alpha")["sr_ci"] == before
    assert by(A.per_model(after), model="sim-gamma")["sr"] == 1.0


def test_load_never_writes_to_the_store(small_outdir):
    db = small_outdir / "results.sqlite"
    digest = hashlib.sha256(db.read_bytes()).hexdigest()
    A.summarize(A.load(small_outdir))
    assert hashlib.sha256(db.read_bytes()).hexdigest() == digest


def test_missing_or_foreign_store(tmp_path):
    with pytest.raises(A.StoreUnavailable, match="no results store"):
        A.load(tmp_path)
    (tmp_path / "results.sqlite").write_bytes(b"this is not sqlite at all" * 100)
    with pytest.raises(A.StoreUnavailable, match="not a readable results store"):
        A.load(tmp_path)
    other = tmp_path / "other"
    other.mkdir()
    conn = sqlite3.connect(other / "results.sqlite")
    conn.executescript("CREATE TABLE generations (key TEXT, task TEXT);"
                       "CREATE TABLE criteria (gen_key TEXT); CREATE TABLE checks (gen_key);"
                       "CREATE TABLE meta (key TEXT, value TEXT);")
    conn.close()
    with pytest.raises(A.StoreUnavailable, match="lacks columns"):
        A.load(other)


def test_odd_stored_values_are_no_value_not_a_crash(tmp_path, small_outdir):
    shutil.copy(small_outdir / "results.sqlite", tmp_path / "results.sqlite")
    conn = sqlite3.connect(tmp_path / "results.sqlite")
    conn.execute("UPDATE generations SET score = 'lots', level = NULL, passed = NULL "
                 "WHERE model = 'sim-alpha' AND outcome = 'no_code'")
    conn.execute("UPDATE criteria SET skill = NULL, points = 'x' WHERE criterion_id = 'c3'")
    conn.commit()
    conn.close()
    res = A.load(tmp_path)
    s = A.summarize(res)
    assert "(none)" in {r["skill"] for r in s["by_skill"]}
    assert by(s["models"], model="sim-alpha")["generations"] == 4


def test_compare_flips(tmp_path, small_outdir):
    shutil.copy(small_outdir / "results.sqlite", tmp_path / "results.sqlite")
    s = synthetic
    from officeeval.runner.store import GenerationMeta, Store
    # Run B: sim-alpha word sample 1 now gets c2 right but loses c1 (not found); nothing else
    # changes.
    card = s.make_card("word-l1-a", "word", "ok", s.WORD_A, {"c1": ("not_found", 0.0)})
    with Store(tmp_path) as store:
        store.record(GenerationMeta(s.key_of("word-l1-a", "sim-alpha", 1), "word-l1-a",
                                    "sim-alpha", 1, "word", "1", "code"), card, None)
    cmp = A.compare(A.load(small_outdir), A.load(tmp_path))
    assert (cmp["matched_generations"], cmp["only_a"], cmp["only_b"]) == (10, 0, 0)
    assert (cmp["flipped_total"], cmp["gained"], cmp["lost"]) == (2, 1, 1)
    assert [(f["criterion_id"], f["status_a"], f["status_b"], f["direction"])
            for f in cmp["flips"]] == [("c1", "pass", "not_found", "lost"),
                                       ("c2", "fail", "pass", "gained")]
    alpha = by(cmp["models"], model="sim-alpha")
    # A1 goes from 70 to 60: SR delta -0.1 / 4 generations.
    assert alpha["sr_delta"] == approx(-0.1 / 4)
    assert by(cmp["models"], model="sim-beta")["sr_delta"] == 0
    font = by(cmp["skills"], model="sim-alpha", skill="font")
    assert (font["a"]["earned"], font["b"]["earned"]) == (40, 0)
    assert font["sr_delta"] == approx(-40 / 120)


# --- which models "(all)" pools ------------------------------------------------------------

def _copy(tmp_path, small_outdir):
    shutil.copy(small_outdir / "results.sqlite", tmp_path / "results.sqlite")
    return tmp_path


def test_a_hostile_model_is_left_out_of_the_headline(tmp_path, small_outdir):
    """sim-beta marked hostile (as the manifest's ``hostile`` marks it): "(all)" is then
    sim-alpha's numbers alone, everywhere an "(all)" row is, and the summary says why."""
    from officeeval.runner.store import Store
    out = _copy(tmp_path, small_outdir)
    res = A.load(out)
    with Store(out) as store:
        store.set_marks({k: m == "sim-beta" for k, m in zip(res.tasks["key"],
                                                            res.tasks["model"])})
    s = A.summarize(A.load(out))
    assert s["headline"] == {"models": ["sim-alpha"], "chosen": False,
                             "left_out": [{"model": "sim-beta",
                                           "why": "marked hostile in the manifest"}]}
    alpha, everyone = by(s["models"], model="sim-alpha"), by(s["models"], model=A.ALL)
    assert everyone["generations"] == 4 and everyone["sr"] == approx((0.7 + 1.0) / 4)
    assert by(s["by_app"], model=A.ALL, app="excel")["generations"] == 1
    assert by(s["by_skill"], model=A.ALL, skill="font")["generations"] == 3
    assert s["histogram"]["models"][A.ALL] == s["histogram"]["models"]["sim-alpha"]
    for k in ("sr_ci", "pass_ci", "exec_ci", "op_ci"):
        assert everyone[k] == alpha[k], k
    # Named explicitly, the hostile model is pooled again.
    both = A.summarize(A.load(out), ["sim-alpha", "sim-beta"])
    assert by(both["models"], model=A.ALL)["generations"] == 10
    assert both["headline"]["chosen"] and not both["headline"]["left_out"]


def test_all_pooling_one_model_has_that_models_interval(small_outdir):
    """Same seeded bootstrap over the same generations: the same interval, in the headline,
    the breakdowns and the skills (it used to be seeded as "(all)" and differ)."""
    res = A.load(small_outdir)
    s = A.summarize(res, ["sim-beta"])
    beta, everyone = by(s["models"], model="sim-beta"), by(s["models"], model=A.ALL)
    assert everyone["sr_ci"] == beta["sr_ci"] and everyone["sr_ci"][0] is not None
    assert everyone["sr_ci"] != by(A.per_model(res), model=A.ALL)["sr_ci"]
    for skill in ("font", "formula"):
        assert by(s["by_skill"], model=A.ALL, skill=skill)["sr_ci"] == \
            by(s["by_skill"], model="sim-beta", skill=skill)["sr_ci"]
    with pytest.raises(ValueError, match="no model 'sim-omega'"):
        A.summarize(res, ["sim-omega"])
