"""Analysis of a batch: the results store -> tidy DataFrames -> score rates, breakdowns, CIs.

The only module of officeeval that imports pandas. It reads the store written by
``officeeval.runner.store`` (schema version 1, read-only) and returns plain numbers; the
report layer renders them and never touches a DataFrame.

The numbers (each per model and overall, and broken down by app, level and skill):

* **SR** (score rate): the mean over generations of ``score / total``. ``total`` is the
  gradable total (the rubric total minus the points of ``eval_error`` criteria); a
  generation whose total is 0 (everything was an evaluator error) is *ungradable*: it is left
  out of SR and pass rate and counted apart.
* **pass rate**: the share of gradable generations whose stored ``passed`` is true (score at
  or above the pass mark scaled to the gradable total).
* **execution success**: the share of generations whose outcome is ``ok`` (the program
  produced a readable document), among those whose program's fate is known (a
  ``not_graded`` generation — the evaluator could not grade it — is left out).
* **operation accuracy**: criteria passed among criteria judged (``pass``, ``fail``,
  ``not_found``, ``unevaluable``) in generations whose outcome is ``ok``; ``eval_error``
  criteria are excluded.
* **skill SR**: earned / possible points of a skill's criteria (``eval_error`` excluded).
* **lost points** of a criterion: ``points - earned`` for ``skipped`` (execution), ``not_found``
  and ``fail`` (logic: nothing there vs a wrong value) and ``unevaluable`` (the document
  defeated the evaluator: its recalculation timed out, a part exceeded a limit; charged).
  ``eval_error`` points are never lost points: they are counted apart as evaluator points
  (``eval_points``, per model too), the points a model had excluded from its total.
* **by turn** (execution-feedback runs): SR, pass rate and execution success of the program
  in force at turn k — a generation that stopped before turn k keeps its last program — so
  turn 1 is what the generations would have scored single-turn.
* **usage** per model: requests, tokens in and out (sums and per generation) and request
  latency percentiles (p50, p90, p99) from what the generator recorded.
* 95% percentile bootstrap intervals resample generations (seeded per group label, so the
  same store always gives the same interval and adding a model does not move the others;
  sorted first, so two stores holding the same results in another order agree).

Functions never return NaN inside JSON-bound structures: a rate with no denominator is None.
"""

from __future__ import annotations

import importlib.util
import math
import sqlite3
import zlib
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Iterator

import numpy as np
import pandas as pd

from officeeval.errors import OfficeEvalError
from officeeval.runner.store import DB_NAME

ALL = "(all)"
SEED = 20240607
RESAMPLES = 2000
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


class StoreUnavailable(OfficeEvalError):
    """OUTDIR holds no readable results store (no ``results.sqlite``, or not that schema)."""


@dataclass(frozen=True)
class Results:
    """A batch read from its store. ``tasks``: one row per generation; ``criteria``: one row
    per (generation, criterion); ``checks``: one row per check. Generation attributes (task,
    model, sample, app, level, outcome) are joined onto criteria and checks."""

    outdir: Path
    tasks: pd.DataFrame
    criteria: pd.DataFrame
    checks: pd.DataFrame
    meta: dict[str, str]
    manifest_issues: list[tuple[int, str]]
    turns: pd.DataFrame | None = None  # one row per (generation, turn); None: no turns table


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
    finally:
        conn.close()
    tasks, crit, checks = _tidy(t, c, k)
    return Results(outdir, tasks, crit, checks, meta=meta, manifest_issues=issues,
                   turns=_tidy_turns(turns, tasks) if turns is not None else None)


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


# ------------------------------------------------------------------------------ statistics
def bootstrap_ci(num: Any, den: Any = None, *, resamples: int = RESAMPLES,
                 level: float = 0.95, seed: int = SEED) -> tuple[float | None, float | None]:
    """Percentile bootstrap interval of ``sum(num) / sum(den)`` over units resampled with
    replacement (``den`` omitted: the mean of ``num``). Deterministic for a given seed, and
    a function of the set of units only: they are sorted before resampling, so the order a
    store returns its rows in (insertion order, which differs between two runs of the same
    batch) never moves the interval.

    Returns ``(None, None)`` when there are no units; never raises for empty input.
    """
    num = np.asarray(num, dtype=float)
    den = np.ones_like(num) if den is None else np.asarray(den, dtype=float)
    n = len(num)
    if n == 0:
        return None, None
    order = np.lexsort((den, num))
    num, den = num[order], den[order]
    rng = np.random.default_rng(seed)
    chunk = max(1, min(resamples, 2_000_000 // n))  # bound memory: chunk x n indices
    stats = []
    for start in range(0, resamples, chunk):
        idx = rng.integers(0, n, size=(min(chunk, resamples - start), n))
        with np.errstate(invalid="ignore", divide="ignore"):
            stats.append(num[idx].sum(axis=1) / den[idx].sum(axis=1))
    s = np.concatenate(stats)
    s = s[np.isfinite(s)]
    if not len(s):
        return None, None
    alpha = (1 - level) / 2
    lo, hi = np.quantile(s, [alpha, 1 - alpha])
    return float(lo), float(hi)


def _seed(label: str, seed: int = SEED) -> int:
    return seed ^ zlib.crc32(label.encode("utf-8"))


def _num(x: Any) -> float | None:
    """A JSON-safe number: NaN / inf / missing become None."""
    if x is None:
        return None
    x = float(x)
    return None if math.isnan(x) or math.isinf(x) else x


def _mean(values: Any) -> float | None:
    """The mean, exactly rounded (``math.fsum``), so that it does not depend on the order of
    the rows; None when there are none."""
    vals = [float(v) for v in values]
    return _num(math.fsum(vals) / len(vals)) if vals else None


def _ratio(num: float, den: float) -> float | None:
    return float(num / den) if den else None


def generation_metrics(g: pd.DataFrame, label: str = ALL, ci: bool = True) -> dict[str, Any]:
    """The headline numbers of a set of generations (rows of ``Results.tasks``): counts, SR,
    pass rate, execution success, operation accuracy (each with a bootstrap CI when ``ci``),
    mean score, outcome counts, lost points per generation and evaluator errors.
    Rates are None when their denominator is empty."""
    n = len(g)
    gr = g[g["gradable"]]
    out: dict[str, Any] = {
        "generations": n, "gradable": len(gr), "ungradable": n - len(gr),
        "sr": _mean(gr["rate"]),
        "pass_rate": _mean(gr["passed"]),
        "exec_success": _mean(g.loc[g["known"], "executed"]),
        "op_accuracy": _ratio(g["op_pass"].sum(), g["judged"].sum()),
        "criteria_judged": int(g["judged"].sum()), "criteria_passed": int(g["op_pass"].sum()),
        "mean_score": _mean(gr["score"]),
        "eval_error_criteria": int(g["eval_errors"].sum()),
        "eval_error_generations": int((g["eval_errors"] > 0).sum()),
        "eval_points": float(g["eval_points"].sum()),
        "outcomes": {o: int((g["outcome"] == o).sum()) for o in OUTCOMES},
    }
    extra = sorted(set(g["outcome"]) - set(OUTCOMES))  # a newer store's outcome kinds
    out["outcomes"].update({o: int((g["outcome"] == o).sum()) for o in extra})
    for kind in LOST_KINDS:
        total = float(g[f"lost_{kind}"].sum())
        out[f"lost_{kind}"] = total
        out[f"lost_{kind}_per_gen"] = total / n if n else None
    if ci:
        s = _seed(label)
        out["sr_ci"] = bootstrap_ci(gr["rate"], seed=s)
        out["pass_ci"] = bootstrap_ci(gr["passed"].astype(float), seed=s + 1)
        out["exec_ci"] = bootstrap_ci(g.loc[g["known"], "executed"].astype(float), seed=s + 2)
        ex = g[g["judged"] > 0]
        out["op_ci"] = bootstrap_ci(ex["op_pass"], ex["judged"], seed=s + 3)
    return out


def _with_all(df: pd.DataFrame) -> pd.DataFrame:
    return pd.concat([df, df.assign(model=ALL)], ignore_index=True)


def _groups(df: pd.DataFrame, by: list[str]
            ) -> Iterator[tuple[dict[str, Any], pd.DataFrame]]:
    for keys, g in df.groupby(by, sort=True, dropna=False):
        keys = keys if isinstance(keys, tuple) else (keys,)
        yield dict(zip(by, keys)), g


def per_model(res: Results, ci: bool = True) -> list[dict[str, Any]]:
    """Headline numbers per model, then one row for all models (``model == "(all)"``)."""
    rows = [{"model": k["model"], **generation_metrics(g, k["model"], ci)}
            for k, g in _groups(res.tasks, ["model"])]
    return rows + [{"model": ALL, **generation_metrics(res.tasks, ALL, ci)}]


def breakdown(res: Results, dim: str, ci: bool = False) -> list[dict[str, Any]]:
    """Generation-level numbers per (model, ``dim``) with ``dim`` a generation column
    (``app``, ``level``, ``task``), models and ``(all)``. Raises KeyError for another dim."""
    if dim not in res.tasks.columns:
        raise KeyError(dim)
    return [{**k, **generation_metrics(g, f"{k['model']}|{k[dim]}", ci)}
            for k, g in _groups(_with_all(res.tasks), ["model", dim])]


def skill_breakdown(res: Results, ci: bool = True) -> list[dict[str, Any]]:
    """Per (model, skill) and (``(all)``, skill): possible and earned points, skill SR with a
    bootstrap CI over generations, operation accuracy, lost points by kind (sums and per
    generation holding that skill) and evaluator points."""
    rows = []
    for k, g in _groups(_with_all(res.criteria), ["model", "skill"]):
        per_gen = g.groupby("gen_key")[["earned", "possible"]].sum()
        n = len(per_gen)
        row = {**k, "generations": n, "criteria": len(g),
               "possible": float(g["possible"].sum()), "earned": float(g["earned"].sum()),
               "sr": _ratio(g["earned"].sum(), g["possible"].sum()),
               "op_accuracy": _ratio(g["op_pass"].sum(), g["judged"].sum()),
               "eval_error_criteria": int((g["status"] == "eval_error").sum()),
               "eval_points": float(g["eval_points"].sum())}
        for kind in LOST_KINDS:
            lost = float(g.loc[g["lost_kind"] == kind, "lost"].sum())
            row[f"lost_{kind}"] = lost
            row[f"lost_{kind}_per_gen"] = lost / n if n else None
        if ci:
            row["sr_ci"] = bootstrap_ci(per_gen["earned"], per_gen["possible"],
                                        seed=_seed(f"{k['model']}|skill|{k['skill']}"))
        rows.append(row)
    return rows


def histogram(res: Results, bins: int = 10) -> dict[str, Any]:
    """Score-rate distribution per model: counts of gradable generations in ``bins`` equal
    bins over 0..100 % (the last bin includes 100 %), plus the ungradable count."""
    edges = np.linspace(0, 100, bins + 1)
    out = {"edges": [float(e) for e in edges], "models": {}}
    for k, g in _groups(_with_all(res.tasks), ["model"]):
        counts, _ = np.histogram(g["rate"].dropna() * 100, bins=edges)
        out["models"][k["model"]] = {"counts": [int(x) for x in counts],
                                     "ungradable": int((~g["gradable"]).sum())}
    return out


def top_failed(res: Results, n: int = 15, values: int = 3) -> list[dict[str, Any]]:
    """The criteria most often failed among executed generations (``fail``, ``not_found``
    or ``unevaluable`` with outcome ``ok``), most failures first, each with the most common
    actual values of its failing checks (``values`` of them, with counts)."""
    c = res.criteria[res.criteria["judged"]]
    if c.empty:
        return []
    keys = ["task", "criterion_id"]
    agg = c.groupby(keys).agg(
        skill=("skill", "first"), description=("description", "first"),
        judged=("status", "size"),
        failed=("status", lambda s: int(s.isin(FAILED).sum())),
        not_found=("status", lambda s: int((s == "not_found").sum())),
        wrong=("status", lambda s: int((s == "fail").sum())),
        unevaluable=("status", lambda s: int((s == "unevaluable").sum())),
        lost=("lost", "sum")).reset_index()
    agg = agg[agg["failed"] > 0]
    agg["fail_rate"] = agg["failed"] / agg["judged"]
    agg = agg.sort_values(["failed", "fail_rate", "task", "criterion_id"],
                          ascending=[False, False, True, True]).head(n)
    k = res.checks[~res.checks["passed"] & res.checks["status"].isin(FAILED)]
    k = k.merge(agg[keys], on=keys)
    common = (k.groupby(keys + ["property", "expected", "actual"]).size()
              .rename("count").reset_index()
              .sort_values(["count", "actual"], ascending=[False, True]))
    out = []
    for row in agg.to_dict("records"):
        m = common[(common["task"] == row["task"])
                   & (common["criterion_id"] == row["criterion_id"])].head(values)
        row["actuals"] = [{"property": r["property"], "expected": r["expected"],
                           "actual": r["actual"], "count": int(r["count"])}
                          for r in m.to_dict("records")]
        row.update(judged=int(row["judged"]), lost=float(row["lost"]),
                   fail_rate=float(row["fail_rate"]), unevaluable=int(row["unevaluable"]))
        out.append(row)
    return out


def evaluator_errors(res: Results, n: int = 20) -> dict[str, Any]:
    """Evaluator errors, counted apart from the candidate's lost points: criteria and
    generations affected, ungradable generations, excluded points, and the commonest
    reasons (task, criterion, property, detail) with counts."""
    c = res.criteria[res.criteria["status"] == "eval_error"]
    k = res.checks[res.checks["status"] == "eval_error"]
    reasons = (k.groupby(["task", "criterion_id", "property", "detail"]).size()
               .rename("count").reset_index()
               .sort_values(["count", "task", "criterion_id"], ascending=[False, True, True])
               .head(n))
    return {"criteria": len(c), "generations": int(c["gen_key"].nunique()),
            "ungradable": int((~res.tasks["gradable"]).sum()),
            "points": float(c["points"].sum()),
            "reasons": [{**r, "count": int(r["count"])} for r in reasons.to_dict("records")]}


def generation_list(res: Results) -> list[dict[str, Any]]:
    """One plain row per generation (for the grade-sheet index), by model, task, sample."""
    t = res.tasks.sort_values(["model", "task", "sample"])
    cols = ["key", "task", "model", "sample", "app", "level", "outcome", "outcome_detail",
            "score", "total", "passed", "eval_errors", "lost_execution", "lost_not_found",
            "lost_wrong", "lost_unevaluable", "eval_points"]
    rows = t[cols].to_dict("records")
    for r, rate in zip(rows, t["rate"]):
        r["rate"] = _num(rate)
        r["passed"] = bool(r["passed"])
    return rows


def by_turn(res: Results) -> list[dict[str, Any]]:
    """Per model (and ``(all)``) and turn k = 1 … the most turns any generation of it took:
    SR, pass rate and execution success of the program in force at turn k (a generation
    that stopped earlier counts with its last turn), with how many generations were still
    going at turn k. ``[]`` when no generation took more than one turn."""
    u = res.turns
    if u is None or u.empty or int(u["turn"].max()) < 2:
        return []
    rows = []
    for k, g in _groups(_with_all(u), ["model"]):
        most = int(g["turn"].max())
        last = g.groupby("gen_key")["turn"].transform("max")
        for turn in range(1, most + 1):
            # Each generation's row at min(turn, its last turn).
            at = g[(g["turn"] == turn) | ((g["turn"] == last) & (last < turn))]
            gr = at[at["gradable"]]
            ci = bootstrap_ci(gr["rate"], seed=_seed(f"{k['model']}|turn|{turn}"))
            rows.append({"model": k["model"], "turn": turn, "generations": len(at),
                         "still_going": int((last >= turn).groupby(g["gen_key"]).first()
                                            .sum()),
                         "sr": _num(gr["rate"].mean()) if len(gr) else None, "sr_ci": ci,
                         "pass_rate": _num(gr["passed"].mean()) if len(gr) else None,
                         "exec_success": _num(at["executed"].mean()) if len(at) else None})
    return sorted(rows, key=lambda r: (r["model"] == ALL, r["model"], r["turn"]))


def _percentile(values: pd.Series, q: float) -> float | None:
    v = values.dropna()
    return _num(np.percentile(v, q)) if len(v) else None


def usage(res: Results) -> list[dict[str, Any]]:
    """Per model (and ``(all)``): requests, tokens in and out (sums, per generation) and
    request latency percentiles, from what the generator recorded on each turn. ``[]``
    when nothing was recorded (hand-written manifests)."""
    u = res.turns
    if u is None or u.empty or (u["prompt_tokens"].isna().all()
                                and u["latency"].isna().all()):
        return []
    rows = []
    for k, g in _groups(_with_all(u), ["model"]):
        gens = g["gen_key"].nunique()
        tin, tout = g["prompt_tokens"].sum(min_count=1), g["completion_tokens"].sum(min_count=1)
        rows.append({"model": k["model"], "generations": int(gens),
                     "requests": int(g["latency"].notna().sum()),
                     "tokens_in": _num(tin), "tokens_out": _num(tout),
                     "tokens_in_per_gen": _num(tin / gens) if gens else None,
                     "tokens_out_per_gen": _num(tout / gens) if gens else None,
                     "latency_p50": _percentile(g["latency"], 50),
                     "latency_p90": _percentile(g["latency"], 90),
                     "latency_p99": _percentile(g["latency"], 99),
                     "retried": int((g["attempts"].fillna(1) > 1).sum())})
    return sorted(rows, key=lambda r: (r["model"] == ALL, r["model"]))


def summarize(res: Results) -> dict[str, Any]:
    """Everything the reports show, as JSON-safe plain data (this is ``summary.json``)."""
    t = res.tasks
    return {
        "outdir": str(res.outdir), "meta": res.meta,
        "counts": {"generations": len(t), "models": int(t["model"].nunique()),
                   "tasks": int(t["task"].nunique()),
                   "criteria": len(res.criteria), "checks": len(res.checks),
                   "manifest_issues": len(res.manifest_issues)},
        "manifest_issues": [{"line": ln, "message": m} for ln, m in res.manifest_issues],
        "models": per_model(res), "by_app": breakdown(res, "app"),
        "by_level": breakdown(res, "level"), "by_task": breakdown(res, "task"),
        "by_skill": skill_breakdown(res), "histogram": histogram(res),
        "top_failed": top_failed(res), "eval_errors": evaluator_errors(res),
        "generations": generation_list(res), "by_turn": by_turn(res), "usage": usage(res),
    }


# ------------------------------------------------------------------------------ comparing
def compare(a: Results, b: Results, n_flips: int = 200) -> dict[str, Any]:
    """What changed from batch A to batch B: per model and per skill, SR (and pass rate)
    in both with their CIs and the delta B - A; criteria that flipped between pass and not
    pass in generations present in both (matched on task, model, sample)."""
    ma = {r["model"]: r for r in per_model(a)}
    mb = {r["model"]: r for r in per_model(b)}
    models = []
    for m in sorted(set(ma) | set(mb), key=lambda x: (x == ALL, x)):
        ra, rb = ma.get(m), mb.get(m)
        models.append({"model": m, "a": ra, "b": rb,
                       "sr_delta": _delta(ra, rb, "sr"),
                       "pass_delta": _delta(ra, rb, "pass_rate"),
                       "exec_delta": _delta(ra, rb, "exec_success"),
                       "op_delta": _delta(ra, rb, "op_accuracy")})
    sa = {(r["model"], r["skill"]): r for r in skill_breakdown(a)}
    sb = {(r["model"], r["skill"]): r for r in skill_breakdown(b)}
    skills = [{"model": key[0], "skill": key[1], "a": sa.get(key), "b": sb.get(key),
               "sr_delta": _delta(sa.get(key), sb.get(key), "sr")}
              for key in sorted(set(sa) | set(sb), key=lambda x: (x[0] == ALL, x))]
    match = ["task", "model", "sample"]
    ga, gb = a.tasks[match + ["key"]], b.tasks[match + ["key"]]
    both = ga.merge(gb, on=match, suffixes=("_a", "_b"))
    ca = a.criteria[["gen_key", "criterion_id", "skill", "status", "earned", "points"]]
    cb = b.criteria[["gen_key", "criterion_id", "status", "earned"]]
    pairs = (both.merge(ca, left_on="key_a", right_on="gen_key")
             .merge(cb, left_on=["key_b", "criterion_id"], right_on=["gen_key", "criterion_id"],
                    suffixes=("_a", "_b")))
    flipped = pairs[(pairs["status_a"] == "pass") != (pairs["status_b"] == "pass")].copy()
    flipped["direction"] = np.where(flipped["status_b"] == "pass", "gained", "lost")
    grouped = []
    for (task, cid), g in flipped.groupby(["task", "criterion_id"], sort=True):
        grouped.append({"task": task, "criterion_id": cid, "skill": g["skill"].iloc[0],
                        "gained": int((g["direction"] == "gained").sum()),
                        "lost": int((g["direction"] == "lost").sum()),
                        "matched": int(((pairs["task"] == task)
                                        & (pairs["criterion_id"] == cid)).sum())})
    grouped.sort(key=lambda r: (-(r["gained"] + r["lost"]), r["task"], r["criterion_id"]))
    cols = ["task", "model", "sample", "criterion_id", "skill", "status_a", "status_b",
            "earned_a", "earned_b", "points", "direction", "key_a", "key_b"]
    flips = flipped.sort_values(["task", "criterion_id", "model", "sample"])[cols]
    return {"a": str(a.outdir), "b": str(b.outdir), "models": models, "skills": skills,
            "matched_generations": len(both), "only_a": len(ga) - len(both),
            "only_b": len(gb) - len(both), "matched_criteria": len(pairs),
            "flipped_total": len(flipped),
            "gained": int((flipped["direction"] == "gained").sum()),
            "lost": int((flipped["direction"] == "lost").sum()),
            "flipped_criteria": grouped, "flips": flips.head(n_flips).to_dict("records")}


def _delta(ra: dict | None, rb: dict | None, key: str) -> float | None:
    if not ra or not rb or ra.get(key) is None or rb.get(key) is None:
        return None
    return rb[key] - ra[key]


# ------------------------------------------------------------------------------ export
def export_tables(res: Results, directory: str | Path) -> list[Path]:
    """Write tasks.csv, criteria.csv, checks.csv (and turns.csv when the batch has turns;
    UTF-8 with BOM so spreadsheet programs
    read Chinese text), and the same as Parquet when pyarrow is importable. Returns the
    paths written. Raises OSError when DIRECTORY is not writable."""
    d = Path(directory)
    d.mkdir(parents=True, exist_ok=True)
    parquet = importlib.util.find_spec("pyarrow") is not None
    written = []
    tables = [("tasks", res.tasks), ("criteria", res.criteria), ("checks", res.checks)]
    if res.turns is not None and not res.turns.empty:
        tables.append(("turns", res.turns))
    for name, df in tables:
        path = d / f"{name}.csv"
        df.to_csv(path, index=False, encoding="utf-8-sig")
        written.append(path)
        if parquet:
            df.to_parquet(d / f"{name}.parquet", index=False)
            written.append(d / f"{name}.parquet")
    return written
