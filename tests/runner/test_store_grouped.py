"""Grouped commits: several generations per transaction, the same rows as one by one; a
generation whose rows cannot be written becomes a ``not_graded`` row of its own; the
committer thread commits within its window whatever the batch does."""

from __future__ import annotations

import sqlite3
import time

import pytest

from officeeval.runner.committer import Committer
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


def test_an_unwritable_generation_is_stored_as_not_graded_and_the_rest_as_they_are(tmp_path):
    with Store(tmp_path) as st:
        bad = ScoreCard("t1", "word", "d", "ok", 0.0, 100.0, 60.0, False, 0, [None])  # type: ignore[list-item]
        st.record_many([(_meta("a", 1), _card("t1"), None, None),
                        (_meta("b", 2), bad, None, None)])
        rows = dict(st.conn.execute("SELECT key, outcome FROM generations"))
        assert rows == {"a": "ok", "b": "not_graded"}
        detail = st.conn.execute("SELECT outcome_detail, eval_errors, total FROM generations "
                                 "WHERE key = 'b'").fetchone()
        assert detail[0].startswith("its result could not be stored: AttributeError")
        assert detail[1:] == (1, 0.0)
        # no partial rows of the failed generation
        assert st.conn.execute("SELECT COUNT(*) FROM criteria WHERE gen_key = 'b'"
                               ).fetchone()[0] == 0
        assert st.keys_not_graded() == {"b"}


def test_text_that_is_not_utf8_is_stored_escaped(tmp_path):
    lone = b"\xff".decode("utf-8", "surrogateescape")
    card = _card("t1")
    card.outcome_detail = f"RuntimeError: {lone}"
    card.criteria[0].checks[0].actual = f"x{lone}\ud800"
    with Store(tmp_path) as st:
        st.record_many([(_meta("a", 1), card, {"files_written": [f"{lone}.txt"]},
                         None)])
        row = st.conn.execute("SELECT outcome_detail, sandbox, scorecard FROM generations"
                              ).fetchone()
        assert row[0] == "RuntimeError: \\xff"
        assert '"\\\\xff.txt"' in row[1]  # JSON of the escape, still valid JSON
        assert st.conn.execute("SELECT actual FROM checks").fetchone()[0] == "x\\xff\\ud800"
        assert st.scorecard("a").criteria[0].checks[0].actual == "x\\xff\\ud800"


def test_a_broken_database_still_raises(tmp_path):
    with Store(tmp_path) as st:
        st.conn.execute("DROP TABLE checks")
        with pytest.raises(sqlite3.OperationalError):
            st.record_many([(_meta("a", 1), _card("t1"), None, None)])


def test_the_committer_commits_within_its_window_while_the_batch_waits(tmp_path):
    committer = Committer(tmp_path)
    try:
        committer.add((_meta("a", 1), _card("t1"), None, None))
        # The batch does nothing more (the next program runs for a long time): the result
        # is committed anyway, by the thread, once it has waited MAX_WAIT.
        deadline = time.monotonic() + 5
        found = False
        while time.monotonic() < deadline and not found:
            with sqlite3.connect(tmp_path / "results.sqlite") as con:
                found = con.execute("SELECT COUNT(*) FROM generations").fetchone()[0] == 1
            time.sleep(0.02)
        assert found
        assert committer.latencies and committer.latencies[0] < Committer.MAX_WAIT + 0.5
    finally:
        committer.close()


def test_the_committer_groups_and_commits_the_rest_on_close(tmp_path):
    committer = Committer(tmp_path)
    for i in range(Committer.MAX_RESULTS + 3):
        committer.add((_meta(f"k{i}", i), _card("t1"), None, None))
    committer.close()
    with Store(tmp_path) as st:
        assert len(st.identities()) == Committer.MAX_RESULTS + 3
    assert len(committer.latencies) == Committer.MAX_RESULTS + 3
