"""CheckResult.to_dict is written out by hand: it must say exactly what asdict said."""

from __future__ import annotations

from dataclasses import asdict

from officeeval.scoring.scorecard import CheckResult, TargetResult


def _asdict_form(k: CheckResult) -> dict:
    d = asdict(k)
    if not k.targets:
        d.pop("targets")
    return d


def test_to_dict_matches_asdict_with_and_without_targets():
    bare = CheckResult("paragraph[1]", "font.size", "equals", "22pt", "21pt", "style:Title",
                       False, "fail", "expected 22pt", 17)
    with_targets = CheckResult("cell(A1:A2)", "number.format", "equals", "0.00", "0.0",
                               "direct", False, "fail", "", None,
                               [TargetResult("Sheet1!A1", "0.0", "direct", False),
                                TargetResult("Sheet1!A2", "0.00", "style", True)])
    for k in (bare, with_targets):
        assert k.to_dict() == _asdict_form(k)
        assert list(k.to_dict()) == list(_asdict_form(k))
    assert with_targets.to_dict()["targets"][1] == {"locator": "Sheet1!A2", "actual": "0.00",
                                                    "source": "style", "passed": True}
    assert "targets" not in bare.to_dict()


def test_to_tuples_round_trips_every_field():
    import pickle

    from officeeval.runner.grading import ItemResult
    from officeeval.scoring.scorecard import CriterionResult, ScoreCard
    k1 = CheckResult("paragraph[1]", "font.size", "equals", "22pt", "21pt", "style:Title",
                     False, "fail", "expected 22pt", 17)
    k2 = CheckResult(None, None, "exists", "", "", "", True, "pass", "", None,
                     [TargetResult("Sheet1!A1", "0.0", "direct", True)])
    card = ScoreCard("t1", "word", "out.docx", "ok", 4.0, 96.0, 60.0, False, 1,
                     [CriterionResult("c01", "font", 4, 0.0, "fail", "字号", [k1, k2], True),
                      CriterionResult("c02", "page", 4, 0.0, "eval_error", "", [], False)],
                     "detail", 100.0, "abc", "0.1", {"direct": 3}, 0.25)
    back = ScoreCard.from_tuples(card.to_tuples())
    assert back == card
    assert back.to_dict() == card.to_dict()
    res = ItemResult("key1", card, {"mode": "bwrap"}, None, 1.5, 0.5, '{"x": 1}')
    again = pickle.loads(pickle.dumps(res))
    assert again.card == card and again.sandbox == {"mode": "bwrap"}
    assert (again.key, again.seconds, again.cpu, again.scorecard_json) == \
        ("key1", 1.5, 0.5, '{"x": 1}')
    assert pickle.loads(pickle.dumps(ItemResult("k2", error="sandbox: no"))).card is None
