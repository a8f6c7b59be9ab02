"""The results store: SQLite in the batch output directory; a generation's rows are written
in one transaction (alone, or with other generations that finished close together), so an
interrupted batch (Ctrl-C or ``kill -9``) resumes without duplicating a result.

Schema (version 1) — the contract with ``officeeval.analysis``:

* ``meta(key, value)``: ``schema_version``, ``engine_version``, ``created_at``, and
  ``recalc_backend`` once a stored ScoreCard used a recalculation (the LibreOffice versions
  met, ``; ``-separated; each card's own is in its ``backends``).
* ``generations``: one row per generation, keyed by ``key`` (a hash of task, model, sample
  and the code or output it carries). Columns: task, model, sample, app, level, source
  (``code`` | ``answer`` | ``output``), outcome, outcome_detail, score, total, rubric_total,
  pass_mark, passed (0/1), eval_errors, rubric_sha256, engine_version, sandbox (JSON: mode,
  exit status, exception type, last traceback line, stdout/stderr tails, limits, seconds),
  scorecard (the ScoreCard JSON), seconds (grading), finished_at (ISO UTC), manifest_line.
* ``criteria``: (gen_key, criterion_id) -> skill, points, earned, status, failure_class,
  preservation, description.
* ``checks``: (gen_key, criterion_id, idx) -> select_expr, property, op, expected, actual,
  source, passed, status, detail.
* ``manifest_issues``: bad manifest lines (line, message), refreshed per run.
* ``turns`` (added within version 1; readers treat a store without it as having no turns):
  (gen_key, turn) -> reply (the model's text), program (extracted), extraction (how),
  program_turn (the turn whose program was in force), outcome, score, total, passed,
  eval_errors (the grade of that program: what the generation would have scored had it
  stopped at this turn), run (JSON: how the program ran when it was generated, the
  execution-feedback loop's record), feedback (what the model was told), prompt_tokens,
  completion_tokens, latency, attempts, finish_reason (of the request). A single-turn
  generation has one row; a ready-made output none.
* ``agent_runs`` and ``agent_steps`` (added within version 1; readers treat a store
  without them as having no agents): an agent's generation (``officeeval agent``, or an
  Inspect log's agent sample), ``agent_runs(gen_key)`` -> base_model (the model asked),
  ended (``submitted``, ``steps``, ``tokens``, ``time`` …), submitted (0/1), steps,
  tool_calls (JSON: calls per tool), prompt_tokens, completion_tokens, seconds (requests
  and tools), budgets (JSON), setting (JSON); ``agent_steps(gen_key, step)`` -> text (the
  reply), calls (JSON), results (JSON: what each call returned), prompt_tokens,
  completion_tokens, latency, finish_reason.
* ``generation_marks`` (added within version 1; a store without it marks nothing):
  gen_key -> hostile (0/1), from the manifest line's ``hostile``, refreshed for every
  line of the manifest at each run (a mark added later needs no regrading).

Everything a program produced is stored as given when it is valid text; a lone surrogate
(a file name or exception message that was not UTF-8) is stored escaped (``\\xff``, see
``escaping``), never refused. One generation never stops the others: a group that cannot be
written together is written one by one, and a generation whose rows cannot be written at
all gets a ``not_graded`` row saying why (``sqlite3.Error`` — the file itself is broken or
unwritable — still propagates).
"""

from __future__ import annotations

import json
import sqlite3
from dataclasses import dataclass
from datetime import datetime, timezone
from pathlib import Path
from typing import Any, Iterator

from officeeval.version import __version__
from officeeval.runner.escaping import safe_text, safe_tree
from officeeval.scoring.scorecard import ScoreCard

SCHEMA_VERSION = 1
DB_NAME = "results.sqlite"
NOT_GRADED = "not_graded"  # TaskOutcome.NOT_GRADED


def _json_text(text: str) -> str:
    """A JSON document safe to store: unchanged when it is valid text, else re-serialized
    with its strings escaped (escaping the serialized text would break its syntax)."""
    if text.isascii():
        return text
    try:
        text.encode("utf-8")
        return text
    except UnicodeEncodeError:
        return json.dumps(safe_tree(json.loads(text)), ensure_ascii=False)


def _opt_text(value: Any) -> Any:
    return safe_text(value) if isinstance(value, str) else value


def _sample(value: Any) -> int:
    return value if isinstance(value, int) and -2 ** 63 <= value < 2 ** 63 else -1


def _database_failed(exc: BaseException) -> bool:
    """Whether ``exc`` is the database's own failure (locked, full, read-only, corrupt),
    not one generation's values."""
    return isinstance(exc, sqlite3.OperationalError) or type(exc) is sqlite3.DatabaseError


def _why() -> str:
    import sys
    exc = sys.exc_info()[1]
    return safe_text(f"{type(exc).__name__}: {exc}")

_SCHEMA = """
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT);
CREATE TABLE IF NOT EXISTS generations (
    key TEXT PRIMARY KEY, task TEXT NOT NULL, model TEXT NOT NULL, sample INTEGER NOT NULL,
    app TEXT, level TEXT, source TEXT, outcome TEXT NOT NULL, outcome_detail TEXT,
    score REAL, total REAL, rubric_total REAL, pass_mark REAL, passed INTEGER,
    eval_errors INTEGER, rubric_sha256 TEXT, engine_version TEXT, sandbox TEXT,
    scorecard TEXT, seconds REAL, finished_at TEXT, manifest_line INTEGER);
CREATE TABLE IF NOT EXISTS criteria (
    gen_key TEXT NOT NULL, criterion_id TEXT NOT NULL, skill TEXT, points REAL,
    earned REAL, status TEXT, failure_class TEXT, preservation INTEGER, description TEXT,
    PRIMARY KEY (gen_key, criterion_id));
CREATE TABLE IF NOT EXISTS checks (
    gen_key TEXT NOT NULL, criterion_id TEXT NOT NULL, idx INTEGER NOT NULL,
    select_expr TEXT, property TEXT, op TEXT, expected TEXT, actual TEXT, source TEXT,
    passed INTEGER, status TEXT, detail TEXT,
    PRIMARY KEY (gen_key, criterion_id, idx));
CREATE TABLE IF NOT EXISTS manifest_issues (line INTEGER, message TEXT);
CREATE TABLE IF NOT EXISTS turns (
    gen_key TEXT NOT NULL, turn INTEGER NOT NULL, reply TEXT, program TEXT, extraction TEXT,
    program_turn INTEGER, outcome TEXT, score REAL, total REAL, passed INTEGER,
    eval_errors INTEGER, run TEXT, feedback TEXT, prompt_tokens INTEGER,
    completion_tokens INTEGER, latency REAL, attempts INTEGER, finish_reason TEXT,
    PRIMARY KEY (gen_key, turn));
CREATE TABLE IF NOT EXISTS agent_runs (
    gen_key TEXT PRIMARY KEY, base_model TEXT, ended TEXT, submitted INTEGER,
    steps INTEGER, tool_calls TEXT, prompt_tokens INTEGER, completion_tokens INTEGER,
    seconds REAL, budgets TEXT, setting TEXT);
CREATE TABLE IF NOT EXISTS agent_steps (
    gen_key TEXT NOT NULL, step INTEGER NOT NULL, text TEXT, calls TEXT, results TEXT,
    prompt_tokens INTEGER, completion_tokens INTEGER, latency REAL, finish_reason TEXT,
    PRIMARY KEY (gen_key, step));
CREATE TABLE IF NOT EXISTS generation_marks (gen_key TEXT PRIMARY KEY, hostile INTEGER);
CREATE INDEX IF NOT EXISTS generations_model ON generations(model);
CREATE INDEX IF NOT EXISTS criteria_skill ON criteria(skill);
"""


# Every table holding a generation's rows (deleted together with it).
_TABLES = (("checks", "gen_key"), ("criteria", "gen_key"), ("turns", "gen_key"),
           ("agent_runs", "gen_key"), ("agent_steps", "gen_key"), ("generations", "key"))


@dataclass(frozen=True)
class GenerationMeta:
    """What identifies a generation and where it came from."""

    key: str
    task: str
    model: str
    sample: int
    app: str
    level: str
    source: str
    manifest_line: int | None = None


class Store:
    """One results database. Safe to open from several processes (WAL); writes are
    serialized by SQLite. Raises ``sqlite3.Error`` only for a corrupt or unwritable file."""

    def __init__(self, outdir: str | Path) -> None:
        self.path = Path(outdir) / DB_NAME
        self.path.parent.mkdir(parents=True, exist_ok=True)
        self.conn = sqlite3.connect(str(self.path), timeout=60, isolation_level=None)
        self.conn.execute("PRAGMA journal_mode=WAL")
        self.conn.execute("PRAGMA synchronous=NORMAL")
        self.conn.executescript(_SCHEMA)
        self._meta_defaults()
        row = self.conn.execute("SELECT value FROM meta WHERE key = 'recalc_backend'"
                                ).fetchone()
        self._recalc_backends = [v for v in (row[0] if row else "").split("; ") if v]

    def _meta_defaults(self) -> None:
        now = datetime.now(timezone.utc).isoformat(timespec="seconds")
        for k, v in (("schema_version", str(SCHEMA_VERSION)), ("created_at", now)):
            self.conn.execute("INSERT OR IGNORE INTO meta VALUES (?, ?)", (k, v))
        self.conn.execute("INSERT OR REPLACE INTO meta VALUES ('engine_version', ?)",
                          (__version__,))

    def done_keys(self) -> set[str]:
        return {r[0] for r in self.conn.execute("SELECT key FROM generations")}

    def record(self, meta: GenerationMeta, card: ScoreCard, sandbox: dict[str, Any] | None,
               scorecard_json: str | None = None) -> None:
        """Store one graded generation atomically (replacing an earlier row of the same
        key, for ``--rerun``). ``scorecard_json``: the card already serialized (batch
        workers do it, so the single writing process does not)."""
        self.record_many([(meta, card, sandbox, scorecard_json)])

    def record_many(self, entries: list[tuple]) -> None:
        """Store several graded generations in one transaction (all or none), each like
        ``record``: ``(meta, card, sandbox, scorecard_json[, turns[, agent]])`` with
        ``turns`` the rows of the ``turns`` table (``officeeval.runner.turns``) and
        ``agent`` an agent's rows (``officeeval.runner.trajectories``). A commit costs about as
        much as the rows of a whole generation, so the batch commits the results that
        finished close together at once. A generation whose rows cannot be written (a
        value SQLite refuses) is stored as ``not_graded`` with the reason, the others as
        they are; raises ``sqlite3.Error`` only when the database itself fails."""
        if not entries:
            return
        try:
            self._transaction(lambda: [self._insert(*e) for e in entries])
        except Exception as exc:  # noqa: BLE001 - sorted below: the database's, or one entry's
            if _database_failed(exc):
                raise
            if len(entries) == 1:
                meta = entries[0][0]
                why = f"its result could not be stored: {_why()}"
                self._transaction(lambda: self._insert_failure(meta, why))
                return
            for entry in entries:
                self.record_many([entry])

    def _transaction(self, work) -> None:  # noqa: ANN001 - a callable of no arguments
        c = self.conn
        c.execute("BEGIN IMMEDIATE")
        try:
            work()
            c.execute("COMMIT")
        except BaseException:
            c.execute("ROLLBACK")
            raise

    def _delete_rows(self, key: str) -> None:
        c = self.conn
        # Criteria and checks rows only ever exist with their generation row (both are
        # written and deleted in one transaction), so a new key has nothing to delete.
        if c.execute("SELECT 1 FROM generations WHERE key = ?", (key,)).fetchone():
            for table, col in _TABLES:
                c.execute(f"DELETE FROM {table} WHERE {col} = ?", (key,))

    def _insert(self, meta: GenerationMeta, card: ScoreCard, sandbox: dict[str, Any] | None,
                scorecard_json: str | None, turns: list[dict[str, Any]] | None = None,
                agent: dict[str, Any] | None = None) -> None:
        c = self.conn
        self._delete_rows(meta.key)
        t = safe_text
        c.execute(
            "INSERT INTO generations VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)",
            (meta.key, t(meta.task), t(meta.model), meta.sample, t(meta.app), t(meta.level),
             t(meta.source), t(card.outcome), t(card.outcome_detail or ""), card.score,
             card.total, card.rubric_total, card.pass_mark, int(card.passed),
             card.eval_errors, card.rubric_sha256, card.engine_version,
             json.dumps(safe_tree(sandbox), ensure_ascii=False)
             if sandbox is not None else None,
             _json_text(scorecard_json) if scorecard_json is not None else
             json.dumps(safe_tree(card.to_dict()), ensure_ascii=False), card.seconds,
             datetime.now(timezone.utc).isoformat(timespec="seconds"), meta.manifest_line))
        self._note_backend(card)
        c.executemany("INSERT INTO criteria VALUES (?,?,?,?,?,?,?,?,?)",
                      [(meta.key, t(cr.id), t(cr.skill), cr.points, cr.earned, t(cr.status),
                        cr.failure_class, int(cr.preservation), t(cr.description or ""))
                       for cr in card.criteria])
        c.executemany("INSERT INTO checks VALUES (?,?,?,?,?,?,?,?,?,?,?,?)",
                      [(meta.key, t(cr.id), i, t(k.select or ""), t(k.property or ""),
                        t(k.op or ""), t(k.expected or ""), t(k.actual or ""),
                        t(k.source or ""), int(k.passed), t(k.status), t(k.detail or ""))
                       for cr in card.criteria for i, k in enumerate(cr.checks)])
        self._insert_turns(meta.key, turns)
        self._insert_agent(meta.key, agent)

    def _insert_agent(self, key: str, agent: dict[str, Any] | None) -> None:
        if not agent:
            return
        t = _opt_text
        r = agent["run"]
        self.conn.execute(
            "INSERT OR REPLACE INTO agent_runs VALUES (?,?,?,?,?,?,?,?,?,?,?)",
            (key, t(r.get("base_model")), t(r.get("ended")), r.get("submitted"),
             r.get("steps"), t(r.get("tool_calls")), r.get("prompt_tokens"),
             r.get("completion_tokens"), r.get("seconds"), t(r.get("budgets")),
             t(r.get("setting"))))
        self.conn.executemany(
            "INSERT OR REPLACE INTO agent_steps VALUES (?,?,?,?,?,?,?,?,?)",
            [(key, s["step"], t(s.get("text")), t(s.get("calls")), t(s.get("results")),
              s.get("prompt_tokens"), s.get("completion_tokens"), s.get("latency"),
              t(s.get("finish_reason"))) for s in agent.get("steps") or []])

    def _note_backend(self, card: ScoreCard) -> None:
        version = (getattr(card, "backends", None) or {}).get("recalc")
        if isinstance(version, str) and version not in self._recalc_backends:
            self._recalc_backends.append(safe_text(version))
            self.conn.execute("INSERT OR REPLACE INTO meta VALUES ('recalc_backend', ?)",
                              ("; ".join(self._recalc_backends),))

    def _insert_failure(self, meta: GenerationMeta, why: str) -> None:
        """The row of a generation whose result could not be written: ``not_graded``, no
        criteria, counted as an evaluator error (and graded again by the next run)."""
        self._delete_rows(meta.key)
        t = safe_text
        self.conn.execute(
            "INSERT INTO generations VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)",
            (meta.key, t(meta.task), t(meta.model), _sample(meta.sample), t(meta.app),
             t(meta.level), t(meta.source), NOT_GRADED, t(why)[:2000], 0.0, 0.0, None, None,
             0, 1, None, __version__, None, None, None,
             datetime.now(timezone.utc).isoformat(timespec="seconds"), meta.manifest_line))

    def keys_not_graded(self) -> set[str]:
        """Keys of stored generations the evaluator could not grade (graded again by the
        next run)."""
        return {r[0] for r in self.conn.execute(
            "SELECT key FROM generations WHERE outcome = ?", (NOT_GRADED,))}

    def _insert_turns(self, key: str, rows: list[dict[str, Any]] | None) -> None:
        if not rows:
            return
        t = _opt_text
        self.conn.executemany(
            "INSERT OR REPLACE INTO turns VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)",
            [(key, r["turn"], t(r.get("reply")), t(r.get("program")), t(r.get("extraction")),
              r.get("program_turn"), t(r.get("outcome")), r.get("score"), r.get("total"),
              int(bool(r.get("passed"))), r.get("eval_errors"),
              json.dumps(safe_tree(r["run"]), ensure_ascii=False)
              if r.get("run") is not None else None,
              t(r.get("feedback")), r.get("prompt_tokens"), r.get("completion_tokens"),
              r.get("latency"), r.get("attempts"), t(r.get("finish_reason"))) for r in rows])

    def identities(self) -> dict[tuple[str, str, int], str]:
        """(task, model, sample) -> key of every stored generation."""
        return {(t, m, s): k for k, t, m, s in
                self.conn.execute("SELECT key, task, model, sample FROM generations")}

    def delete(self, keys: list[str]) -> None:
        """Remove generations (and their criteria and checks) in one transaction: a
        generation whose code changed in the manifest is graded afresh, never kept twice."""
        if not keys:
            return

        def work() -> None:
            for key in keys:
                self._delete_rows(key)
                # Marks outlive a regrading (they come from the manifest), not a deletion.
                self.conn.execute("DELETE FROM generation_marks WHERE gen_key = ?", (key,))
        self._transaction(work)

    def set_marks(self, hostile: dict[str, bool]) -> None:
        """Mark generations (by key) as hostile or not, in one transaction."""
        if not hostile:
            return
        self._transaction(lambda: self.conn.executemany(
            "INSERT OR REPLACE INTO generation_marks VALUES (?, ?)",
            [(k, int(v)) for k, v in hostile.items()]))

    def set_manifest_issues(self, issues: list[tuple[int, str]]) -> None:
        def write() -> None:
            self.conn.execute("DELETE FROM manifest_issues")
            self.conn.executemany("INSERT INTO manifest_issues VALUES (?, ?)",
                                  [(n, safe_text(m)) for n, m in issues])
        self._transaction(write)

    def generations(self) -> Iterator[dict[str, Any]]:
        cur = self.conn.execute("SELECT * FROM generations ORDER BY model, task, sample")
        cols = [d[0] for d in cur.description]
        for row in cur:
            yield dict(zip(cols, row))

    def keys_with_eval_errors(self) -> list[str]:
        """Keys of stored generations with at least one ``eval_error`` criterion."""
        return [r[0] for r in self.conn.execute(
            "SELECT key FROM generations WHERE eval_errors > 0")]

    def scorecard(self, key: str) -> ScoreCard | None:
        row = self.conn.execute("SELECT scorecard FROM generations WHERE key = ?",
                                (key,)).fetchone()
        return ScoreCard.from_dict(json.loads(row[0])) if row and row[0] else None

    def close(self) -> None:
        self.conn.close()

    def __enter__(self) -> "Store":
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
