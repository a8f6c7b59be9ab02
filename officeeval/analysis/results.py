"""Reading a batch's results store into tidy DataFrames (``load``), read-only."""

from __future__ import annotations

import sqlite3
from dataclasses import dataclass
from pathlib import Path

import pandas as pd

from officeeval.errors import OfficeEvalError
from officeeval.runner.store import DB_NAME


ALL = "(all)"


OUTCOMES = ("ok", "exec_error", "exec_timeout", "exec_killed", "no_code", "no_output",
            "invalid_package", "not_graded")


JUDGED = ("pass", "fail", "not_found", "unevaluable")


LOST_KIND = {"skipped": "execution", "not_found": "not_found", "fail": "wrong",
             "unevaluable": "unevaluable"}


LOST_KINDS = ("execution", "not_found", "wrong", "unevaluable")


FAILED = ("fail", "not_found", "unevaluable")


_TASK_COLS = ["key", "task", "model", "sample", "app", "level", "source", "outcome",
              "outcome_detail", "score", "total", "rubric_total", "pass_mark", "passed",
              "eval_errors", "sandbox", "seconds", "finished_at"]


_CRIT_COLS = ["gen_key", "criterion_id", "skill", "points", "earned", "status",
              "failure_class", "preservation", "description"]


_CHECK_COLS = ["gen_key", "criterion_id", "idx", "select_expr", "property", "op", "expected",
               "actual", "source", "passed", "status", "detail"]


_TURN_COLS = ["gen_key", "turn", "extraction", "program_turn", "outcome", "score", "total",
              "passed", "eval_errors", "prompt_tokens", "completion_tokens", "latency",
              "attempts"]


_AGENT_COLS = ["gen_key", "base_model", "ended", "submitted", "steps", "prompt_tokens",
               "completion_tokens", "seconds"]


class StoreUnavailable(OfficeEvalError):
    """OUTDIR holds no readable results store (no ``results.sqlite``, or not that schema)."""


@dataclass(frozen=True)
class Results:
    """A batch read from its store. ``tasks``: one row per generation (``hostile``: the
    manifest marked it so); ``criteria``: one row per (generation, criterion); ``checks``:
    one row per check. Generation attributes (task, model, sample, app, level, outcome)
    are joined onto criteria and checks."""

    outdir: Path
    tasks: pd.DataFrame
    criteria: pd.DataFrame
    checks: pd.DataFrame
    meta: dict[str, str]
    manifest_issues: list[tuple[int, str]]
    turns: pd.DataFrame | None = None  # one row per (generation, turn); None: no turns table
    # One row per agent generation (``agent_runs`` joined with its generation); None: the
    # store has no agent_runs table.
    agents: pd.DataFrame | None = None


# ------------------------------------------------------------------------------ loading
def open_store(outdir: str | Path) -> sqlite3.Connection:
    """A read-only connection to OUTDIR's results store (reporting never changes or creates a
    store). Raises ``StoreUnavailable`` when there is none or it cannot be read."""
    outdir = Path(outdir)
    path = outdir / DB_NAME
    if not path.is_file():
        raise StoreUnavailable(f"no results store in {outdir} (expected {DB_NAME}; run "
                               f"`officeeval batch MANIFEST -o {outdir}` first)")
    try:
        conn = sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro", uri=True, timeout=30)
        conn.execute("SELECT count(*) FROM generations").fetchone()
    except sqlite3.Error as exc:
        raise StoreUnavailable(f"{path}: not a readable results store ({exc})") from exc
    return conn


def _columns(conn: sqlite3.Connection, table: str) -> list[str]:
    return [r[1] for r in conn.execute(f"PRAGMA table_info({table})")]


def _read(conn: sqlite3.Connection, table: str, wanted: list[str]) -> pd.DataFrame:
    have = set(_columns(conn, table))
    missing = [c for c in wanted if c not in have]
    if missing:
        raise StoreUnavailable(f"table {table} lacks columns {missing}: not schema 1")
    return pd.read_sql_query(f"SELECT {', '.join(wanted)} FROM {table}", conn)


def load(outdir: str | Path) -> Results:
    """Read a batch's store into tidy DataFrames (never writes to it).

    Raises ``StoreUnavailable`` when OUTDIR has no store or it lacks schema-1 columns.
    Columns added by later schema versions are ignored; missing values become "" (text),
    0 (counts) or False (flags), never an exception.
    """
    outdir = Path(outdir)
    conn = open_store(outdir)
    try:
        t = _read(conn, "generations", _TASK_COLS)
        c = _read(conn, "criteria", _CRIT_COLS)
        k = _read(conn, "checks", _CHECK_COLS)
        meta = dict(conn.execute("SELECT key, value FROM meta").fetchall()) \
            if "key" in _columns(conn, "meta") else {}
        issues = conn.execute("SELECT line, message FROM manifest_issues").fetchall() \
            if _columns(conn, "manifest_issues") else []
        turns = _read(conn, "turns", _TURN_COLS) if _columns(conn, "turns") else None
        agents = _read(conn, "agent_runs", _AGENT_COLS) if _columns(conn, "agent_runs") \
            else None
        marks = dict(conn.execute("SELECT gen_key, hostile FROM generation_marks")) \
            if _columns(conn, "generation_marks") else {}
    finally:
        conn.close()
    t["hostile"] = t["key"].map(lambda key: bool(marks.get(key))).astype(bool)
    tasks, crit, checks = _tidy(t, c, k)
    return Results(outdir, tasks, crit, checks, meta=meta, manifest_issues=issues,
                   turns=_tidy_turns(turns, tasks) if turns is not None else None,
                   agents=_tidy_agents(agents, tasks) if agents is not None else None)


def _tidy_agents(a: pd.DataFrame, t: pd.DataFrame) -> pd.DataFrame:
    """Agent rows joined with their generation (model, task, its rate and outcome); rows
    of generations no longer in the store are dropped."""
    for col in ("steps", "prompt_tokens", "completion_tokens", "seconds"):
        a[col] = pd.to_numeric(a[col], errors="coerce").astype(float)
    a["submitted"] = pd.to_numeric(a["submitted"], errors="coerce").fillna(0).astype(bool)
    for col in ("base_model", "ended"):
        a[col] = a[col].fillna("").astype(str)
    return a.merge(t[["key", "model", "task", "sample", "rate", "gradable", "passed",
                      "executed"]], left_on="gen_key", right_on="key",
                   how="inner").drop(columns="key")


def _tidy_turns(u: pd.DataFrame, t: pd.DataFrame) -> pd.DataFrame:
    """Turn rows joined with their generation's model (rows of generations no longer in
    the store are dropped)."""
    for col in ("score", "total", "latency"):
        u[col] = pd.to_numeric(u[col], errors="coerce").astype(float)
    u["score"] = u["score"].fillna(0.0)
    u["total"] = u["total"].fillna(0.0)
    for col in ("prompt_tokens", "completion_tokens", "attempts"):
        u[col] = pd.to_numeric(u[col], errors="coerce")
    u["turn"] = pd.to_numeric(u["turn"], errors="coerce").fillna(0).astype(int)
    u["passed"] = pd.to_numeric(u["passed"], errors="coerce").fillna(0).astype(bool)
    u["outcome"] = u["outcome"].fillna("").astype(str)
    u["gradable"] = u["total"] > 0
    u["rate"] = (u["score"] / u["total"]).where(u["gradable"])
    u["executed"] = u["outcome"] == "ok"
    return u.merge(t[["key", "model", "task", "sample"]], left_on="gen_key", right_on="key",
                   how="inner").drop(columns="key")


def _tidy(t: pd.DataFrame, c: pd.DataFrame, k: pd.DataFrame
          ) -> tuple[pd.DataFrame, pd.DataFrame, pd.DataFrame]:
    for col in ("task", "model", "app", "level", "source", "outcome", "outcome_detail"):
        t[col] = t[col].fillna("").astype(str)
    for col in ("score", "total", "rubric_total", "pass_mark", "seconds"):
        t[col] = pd.to_numeric(t[col], errors="coerce").fillna(0.0).astype(float)
    t["sample"] = pd.to_numeric(t["sample"], errors="coerce").fillna(0).astype(int)
    t["eval_errors"] = pd.to_numeric(t["eval_errors"], errors="coerce").fillna(0).astype(int)
    t["passed"] = pd.to_numeric(t["passed"], errors="coerce").fillna(0).astype(bool)
    t["gradable"] = t["total"] > 0
    t["rate"] = (t["score"] / t["total"]).where(t["gradable"])
    t["executed"] = t["outcome"] == "ok"
    t["known"] = t["outcome"] != "not_graded"  # the program's fate is known

    for col in ("skill", "status", "description", "failure_class"):
        c[col] = c[col].fillna("").astype(str)
    c.loc[c["skill"] == "", "skill"] = "(none)"
    for col in ("points", "earned"):
        c[col] = pd.to_numeric(c[col], errors="coerce").fillna(0.0).astype(float)
    c["preservation"] = pd.to_numeric(c["preservation"], errors="coerce").fillna(0).astype(bool)
    c["lost_kind"] = c["status"].map(LOST_KIND)
    c["lost"] = (c["points"] - c["earned"]).where(c["lost_kind"].notna(), 0.0).clip(lower=0)
    c["eval_points"] = c["points"].where(c["status"] == "eval_error", 0.0)
    c["possible"] = c["points"].where(c["status"] != "eval_error", 0.0)
    gen = t[["key", "task", "model", "sample", "app", "level", "outcome"]]
    c = c.merge(gen, left_on="gen_key", right_on="key", how="inner").drop(columns="key")
    c["executed"] = c["outcome"] == "ok"
    c["judged"] = c["executed"] & c["status"].isin(JUDGED)
    c["op_pass"] = c["judged"] & (c["status"] == "pass")

    for col in _CHECK_COLS[3:9] + ["status", "detail"]:
        k[col] = k[col].fillna("").astype(str)
    k["passed"] = pd.to_numeric(k["passed"], errors="coerce").fillna(0).astype(bool)
    k = k.merge(gen[["key", "task", "model", "sample"]], left_on="gen_key", right_on="key",
                how="inner").drop(columns="key")

    # Per-generation aggregates of its criteria, so that every generation-level statistic
    # (and its bootstrap) works on one row per generation.
    per = c.assign(**{f"lost_{kind}": c["lost"].where(c["lost_kind"] == kind, 0.0)
                      for kind in LOST_KINDS}
                   ).groupby("gen_key")[["op_pass", "judged", *(f"lost_{k}" for k in LOST_KINDS),
                                         "eval_points"]].sum()
    t = t.merge(per, left_on="key", right_index=True, how="left")
    for col in per.columns:
        t[col] = t[col].fillna(0).astype(float)
    return t, c, k
