"""The results store: SQLite in the batch output directory; a generation's rows are written
in one transaction (alone, or with other generations that finished close together), so an
interrupted batch (Ctrl-C or ``kill -9``) resumes without duplicating a result.

Schema (version 1) — the contract with ``officeeval.analysis``:

* ``meta(key, value)``: ``schema_version``, ``engine_version``, ``created_at``.
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
"""

from __future__ import annotations

import json
import sqlite3
from dataclasses import dataclass
from datetime import datetime, timezone
from pathlib import Path
from typing import Any, Iterator

from officeeval import __version__
from officeeval.scoring.scorecard import ScoreCard

SCHEMA_VERSION = 1
DB_NAME = "results.sqlite"

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
CREATE INDEX IF NOT EXISTS generations_model ON generations(model);
CREATE INDEX IF NOT EXISTS criteria_skill ON criteria(skill);
"""


# Every table holding a generation's rows (deleted together with it).
_TABLES = (("checks", "gen_key"), ("criteria", "gen_key"), ("turns", "gen_key"),
           ("generations", "key"))


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
        ``record``: ``(meta, card, sandbox, scorecard_json[, turns])`` with ``turns`` the
        rows of the ``turns`` table (``officeeval.runner.turns``). A commit costs about as
        much as the rows of a whole generation, so the batch commits the results that
        finished close together at once."""
        if not entries:
            return
        c = self.conn
        c.execute("BEGIN IMMEDIATE")
        try:
            for meta, card, sandbox, scorecard_json, *turns in entries:
                self._insert(meta, card, sandbox, scorecard_json)
                self._insert_turns(meta.key, turns[0] if turns else None)
            c.execute("COMMIT")
        except BaseException:
            c.execute("ROLLBACK")
            raise

    def _insert(self, meta: GenerationMeta, card: ScoreCard, sandbox: dict[str, Any] | None,
                scorecard_json: str | None) -> None:
        c = self.conn
        # Criteria and checks rows only ever exist with their generation row (both are
        # written and deleted in one transaction), so a new key has nothing to delete.
        if c.execute("SELECT 1 FROM generations WHERE key = ?", (meta.key,)).fetchone():
            for table, col in _TABLES:
                c.execute(f"DELETE FROM {table} WHERE {col} = ?", (meta.key,))
        c.execute(
            "INSERT INTO generations VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)",
            (meta.key, meta.task, meta.model, meta.sample, meta.app, meta.level,
             meta.source, card.outcome, card.outcome_detail, card.score, card.total,
             card.rubric_total, card.pass_mark, int(card.passed), card.eval_errors,
             card.rubric_sha256, card.engine_version,
             json.dumps(sandbox, ensure_ascii=False) if sandbox is not None else None,
             scorecard_json if scorecard_json is not None else
             json.dumps(card.to_dict(), ensure_ascii=False), card.seconds,
             datetime.now(timezone.utc).isoformat(timespec="seconds"), meta.manifest_line))
        c.executemany("INSERT INTO criteria VALUES (?,?,?,?,?,?,?,?,?)",
                      [(meta.key, cr.id, cr.skill, cr.points, cr.earned, cr.status,
                        cr.failure_class, int(cr.preservation), cr.description)
                       for cr in card.criteria])
        c.executemany("INSERT INTO checks VALUES (?,?,?,?,?,?,?,?,?,?,?,?)",
                      [(meta.key, cr.id, i, k.select, k.property, k.op, k.expected,
                        k.actual, k.source, int(k.passed), k.status, k.detail)
                       for cr in card.criteria for i, k in enumerate(cr.checks)])

    def _insert_turns(self, key: str, rows: list[dict[str, Any]] | None) -> None:
        if not rows:
            return
        self.conn.executemany(
            "INSERT OR REPLACE INTO turns VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)",
            [(key, r["turn"], r.get("reply"), r.get("program"), r.get("extraction"),
              r.get("program_turn"), r.get("outcome"), r.get("score"), r.get("total"),
              int(bool(r.get("passed"))), r.get("eval_errors"),
              json.dumps(r["run"], ensure_ascii=False) if r.get("run") is not None else None,
              r.get("feedback"), r.get("prompt_tokens"), r.get("completion_tokens"),
              r.get("latency"), r.get("attempts"), r.get("finish_reason")) for r in rows])

    def identities(self) -> dict[tuple[str, str, int], str]:
        """(task, model, sample) -> key of every stored generation."""
        return {(t, m, s): k for k, t, m, s in
                self.conn.execute("SELECT key, task, model, sample FROM generations")}

    def delete(self, keys: list[str]) -> None:
        """Remove generations (and their criteria and checks) in one transaction: a
        generation whose code changed in the manifest is graded afresh, never kept twice."""
        if not keys:
            return
        c = self.conn
        c.execute("BEGIN IMMEDIATE")
        try:
            for key in keys:
                for table, col in _TABLES:
                    c.execute(f"DELETE FROM {table} WHERE {col} = ?", (key,))
            c.execute("COMMIT")
        except BaseException:
            c.execute("ROLLBACK")
            raise

    def set_manifest_issues(self, issues: list[tuple[int, str]]) -> None:
        c = self.conn
        c.execute("BEGIN IMMEDIATE")
        c.execute("DELETE FROM manifest_issues")
        c.executemany("INSERT INTO manifest_issues VALUES (?, ?)", issues)
        c.execute("COMMIT")

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
