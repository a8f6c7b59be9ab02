"""Grouped commits: several generations per transaction, all or none, same rows."""

from __future__ import annotations

import pytest

from officeeval.runner.batch import _Pending
from officeeval.runner.store import GenerationMeta, Store
from officeeval.scoring.scorecard import CheckResult, CriterionResult, ScoreCard


def _card(task: str, eval_errors: int = 0) -> ScoreCard:
    k = CheckResult("paragraph[1]", "font.size", "equals", "22pt", "21pt", "direct", False,
                    "fail", "expected 22pt")
    return ScoreCard(task, "word", "out.docx", "ok", 0.0, 100.0, 60.0, False, eval_errors,
                     [CriterionResult("c01", "font", 4, 0.0, "fail", "", [k])])


def _meta(key: str, sample: int) -> GenerationMeta:
    return GenerationMeta(key, "t1", "m", sample, "word", "l1", "output", sample)


def test_record_many_writes_every_generation_and_replaces_old_rows(tmp_path):
    with Store(tmp_path) as st:
        st.record(_meta("a", 1), _card("t1"), None)
        st.record_many([(_meta("a", 1), _card("t1", 1), None, None),
                        (_meta("b", 2), _card("t1"), {"mode": "x"}, '{"task": "t1"}')])
        assert st.identities() == {("t1", "m", 1): "a", ("t1", "m", 2): "b"}
        assert st.keys_with_eval_errors() == ["a"]
        n = st.conn.execute("SELECT COUNT(*) FROM checks WHERE gen_key = 'a'").fetchone()[0]
        assert n == 1  # replaced, not duplicated
        assert st.conn.execute("SELECT scorecard FROM generations WHERE key = 'b'"
                               ).fetchone()[0] == '{"task": "t1"}'


def test_record_many_is_all_or_none(tmp_path):
    with Store(tmp_path) as st:
        bad = ScoreCard("t1", "word", "d", "ok", 0.0, 100.0, 60.0, False, 0, [None])  # type: ignore[list-item]
        with pytest.raises(AttributeError):
            st.record_many([(_meta("a", 1), _card("t1"), None, None),
                            (_meta("b", 2), bad, None, None)])
        assert st.identities() == {}


def test_pending_commits_at_the_size_limit_and_on_flush(tmp_path):
    with Store(tmp_path) as st:
        pending = _Pending(st)
        for i in range(_Pending.MAX_RESULTS - 1):
            pending.add((_meta(f"k{i}", i), _card("t1"), None, None))
        assert st.identities() == {}
        pending.add((_meta("last", 99), _card("t1"), None, None))
        assert len(st.identities()) == _Pending.MAX_RESULTS
        pending.add((_meta("tail", 100), _card("t1"), None, None))
        pending.flush()
        assert len(st.identities()) == _Pending.MAX_RESULTS + 1
