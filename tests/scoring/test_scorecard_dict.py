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
