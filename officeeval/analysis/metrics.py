"""The numbers of a batch: SR, pass rate, execution success and operation accuracy per
model and breakdown, skills, score histogram, most failed checks, evaluator errors, by turn,
usage, and the whole summary."""

from __future__ import annotations

from typing import Any, Iterator

import numpy as np
import pandas as pd

from officeeval.analysis.headline import headline, seed_label
from officeeval.analysis.results import ALL, FAILED, LOST_KINDS, OUTCOMES, Results
from officeeval.analysis.stats import (
    bootstrap_ci, label_seed, mean_or_none, number_or_none, ratio_or_none,
)


def generation_metrics(g: pd.DataFrame, label: str = ALL, ci: bool = True) -> dict[str, Any]:
    """The headline numbers of a set of generations (rows of ``Results.tasks``): counts, SR,
    pass rate, execution success, operation accuracy (each with a bootstrap CI when ``ci``),
    mean score, outcome counts, lost points per generation and evaluator errors.
    Rates are None when their denominator is empty."""
    n = len(g)
    gr = g[g["gradable"]]
    out: dict[str, Any] = {
        "generations": n, "gradable": len(gr), "ungradable": n - len(gr),
        "sr": mean_or_none(gr["rate"]),
        "pass_rate": mean_or_none(gr["passed"]),
        "exec_success": mean_or_none(g.loc[g["known"], "executed"]),
        "op_accuracy": ratio_or_none(g["op_pass"].sum(), g["judged"].sum()),
        "criteria_judged": int(g["judged"].sum()), "criteria_passed": int(g["op_pass"].sum()),
        "mean_score": mean_or_none(gr["score"]),
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
        s = label_seed(label)
        out["sr_ci"] = bootstrap_ci(gr["rate"], seed=s)
        out["pass_ci"] = bootstrap_ci(gr["passed"].astype(float), seed=s + 1)
        out["exec_ci"] = bootstrap_ci(g.loc[g["known"], "executed"].astype(float), seed=s + 2)
        ex = g[g["judged"] > 0]
        out["op_ci"] = bootstrap_ci(ex["op_pass"], ex["judged"], seed=s + 3)
    return out


def _pooled(res: Results, pooled: list[str] | None) -> list[str]:
    """The models the "(all)" rows pool (``None``: the default headline's)."""
    return headline(res)["models"] if pooled is None else pooled


def _with_all(df: pd.DataFrame, pooled: list[str]) -> pd.DataFrame:
    """The rows, then those of the pooled models again as model "(all)"."""
    return pd.concat([df, df[df["model"].isin(pooled)].assign(model=ALL)],
                     ignore_index=True)


def _groups(df: pd.DataFrame, by: list[str]
            ) -> Iterator[tuple[dict[str, Any], pd.DataFrame]]:
    for keys, g in df.groupby(by, sort=True, dropna=False):
        keys = keys if isinstance(keys, tuple) else (keys,)
        yield dict(zip(by, keys)), g


def per_model(res: Results, ci: bool = True, pooled: list[str] | None = None
              ) -> list[dict[str, Any]]:
    """Headline numbers per model, then one row for the ``pooled`` models (``model ==
    "(all)"``; ``None``: the default headline's, see ``headline``)."""
    pooled = _pooled(res, pooled)
    rows = [{"model": k["model"], **generation_metrics(g, k["model"], ci)}
            for k, g in _groups(res.tasks, ["model"])]
    mine = res.tasks[res.tasks["model"].isin(pooled)]
    return rows + [{"model": ALL, **generation_metrics(mine, seed_label(ALL, pooled), ci)}]


def breakdown(res: Results, dim: str, ci: bool = False, pooled: list[str] | None = None
              ) -> list[dict[str, Any]]:
    """Generation-level numbers per (model, ``dim``) with ``dim`` a generation column
    (``app``, ``level``, ``task``), models and ``(all)`` (the ``pooled`` models). Raises
    KeyError for another dim."""
    if dim not in res.tasks.columns:
        raise KeyError(dim)
    pooled = _pooled(res, pooled)
    return [{**k, **generation_metrics(g, f"{seed_label(k['model'], pooled)}|{k[dim]}", ci)}
            for k, g in _groups(_with_all(res.tasks, pooled), ["model", dim])]


def skill_breakdown(res: Results, ci: bool = True, pooled: list[str] | None = None
                    ) -> list[dict[str, Any]]:
    """Per (model, skill) and (``(all)``, skill): possible and earned points, skill SR with a
    bootstrap CI over generations, operation accuracy, lost points by kind (sums and per
    generation holding that skill) and evaluator points. "(all)" pools the ``pooled``
    models."""
    pooled = _pooled(res, pooled)
    rows = []
    for k, g in _groups(_with_all(res.criteria, pooled), ["model", "skill"]):
        per_gen = g.groupby("gen_key")[["earned", "possible"]].sum()
        n = len(per_gen)
        row = {**k, "generations": n, "criteria": len(g),
               "possible": float(g["possible"].sum()), "earned": float(g["earned"].sum()),
               "sr": ratio_or_none(g["earned"].sum(), g["possible"].sum()),
               "op_accuracy": ratio_or_none(g["op_pass"].sum(), g["judged"].sum()),
               "eval_error_criteria": int((g["status"] == "eval_error").sum()),
               "eval_points": float(g["eval_points"].sum())}
        for kind in LOST_KINDS:
            lost = float(g.loc[g["lost_kind"] == kind, "lost"].sum())
            row[f"lost_{kind}"] = lost
            row[f"lost_{kind}_per_gen"] = lost / n if n else None
        if ci:
            label = seed_label(k["model"], pooled)
            row["sr_ci"] = bootstrap_ci(per_gen["earned"], per_gen["possible"],
                                        seed=label_seed(f"{label}|skill|{k['skill']}"))
        rows.append(row)
    return rows


def histogram(res: Results, bins: int = 10, pooled: list[str] | None = None
              ) -> dict[str, Any]:
    """Score-rate distribution per model and "(all)" (the ``pooled`` models): counts of
    gradable generations in ``bins`` equal bins over 0..100 % (the last bin includes
    100 %), plus the ungradable count."""
    edges = np.linspace(0, 100, bins + 1)
    out = {"edges": [float(e) for e in edges], "models": {}}
    for k, g in _groups(_with_all(res.tasks, _pooled(res, pooled)), ["model"]):
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
        r["rate"] = number_or_none(rate)
        r["passed"] = bool(r["passed"])
    return rows


def by_turn(res: Results, pooled: list[str] | None = None) -> list[dict[str, Any]]:
    """Per model (and ``(all)``, the ``pooled`` models) and turn k = 1 … the most turns
    any generation of it took: SR, pass rate and execution success of the program in force
    at turn k (a generation that stopped earlier counts with its last turn), with how many
    generations were still going at turn k. ``[]`` when no generation took more than one
    turn."""
    u = res.turns
    if u is None or u.empty or int(u["turn"].max()) < 2:
        return []
    pooled = _pooled(res, pooled)
    rows = []
    for k, g in _groups(_with_all(u, pooled), ["model"]):
        most = int(g["turn"].max())
        last = g.groupby("gen_key")["turn"].transform("max")
        for turn in range(1, most + 1):
            # Each generation's row at min(turn, its last turn).
            at = g[(g["turn"] == turn) | ((g["turn"] == last) & (last < turn))]
            gr = at[at["gradable"]]
            label = seed_label(k["model"], pooled)
            ci = bootstrap_ci(gr["rate"], seed=label_seed(f"{label}|turn|{turn}"))
            rows.append({"model": k["model"], "turn": turn, "generations": len(at),
                         "still_going": int((last >= turn).groupby(g["gen_key"]).first()
                                            .sum()),
                         "sr": number_or_none(gr["rate"].mean()) if len(gr) else None, "sr_ci": ci,
                         "pass_rate": number_or_none(gr["passed"].mean()) if len(gr) else None,
                         "exec_success": (number_or_none(at["executed"].mean()) if len(at)
                                          else None)})
    return sorted(rows, key=lambda r: (r["model"] == ALL, r["model"], r["turn"]))


def _percentile(values: pd.Series, q: float) -> float | None:
    v = values.dropna()
    return number_or_none(np.percentile(v, q)) if len(v) else None


def usage(res: Results, pooled: list[str] | None = None) -> list[dict[str, Any]]:
    """Per model (and ``(all)``, the ``pooled`` models): requests, tokens in and out
    (sums, per generation) and request latency percentiles, from what the generator
    recorded on each turn. ``[]`` when nothing was recorded (hand-written manifests)."""
    u = res.turns
    if u is None or u.empty or (u["prompt_tokens"].isna().all()
                                and u["latency"].isna().all()):
        return []
    rows = []
    for k, g in _groups(_with_all(u, _pooled(res, pooled)), ["model"]):
        gens = g["gen_key"].nunique()
        tin, tout = g["prompt_tokens"].sum(min_count=1), g["completion_tokens"].sum(min_count=1)
        rows.append({"model": k["model"], "generations": int(gens),
                     "requests": int(g["latency"].notna().sum()),
                     "tokens_in": number_or_none(tin), "tokens_out": number_or_none(tout),
                     "tokens_in_per_gen": number_or_none(tin / gens) if gens else None,
                     "tokens_out_per_gen": number_or_none(tout / gens) if gens else None,
                     "latency_p50": _percentile(g["latency"], 50),
                     "latency_p90": _percentile(g["latency"], 90),
                     "latency_p99": _percentile(g["latency"], 99),
                     "retried": int((g["attempts"].fillna(1) > 1).sum())})
    return sorted(rows, key=lambda r: (r["model"] == ALL, r["model"]))


def agents(res: Results) -> list[dict[str, Any]]:
    """Per agent model (``officeeval agent`` or an Inspect agent solver): SR and pass rate
    with how the conversations went — handed in, steps used (mean and most), tokens in and
    out and seconds per generation — next to the same model's other runs (``same_model``:
    every other label of the store that is the asked model's name, or that name followed
    by ``+`` and a setting as ``agent`` and Inspect logs label theirs, or whose agent asked
    the same model; its SR and pass rate). ``[]`` without agents."""
    a = res.agents
    if a is None or a.empty:
        return []
    t = res.tasks
    asked = _asked_models(res)
    rows = []
    for (model,), g in a.groupby(["model"], sort=True):
        base = next((b for b in g["base_model"] if b), "")
        gr = g[g["gradable"]]
        same = []
        for other, og in t[t["model"] != model].groupby("model", sort=True):
            if base and (other == base or other.startswith(base + "+")
                         or asked.get(other) == base):
                ot = og[og["gradable"]]
                same.append({"model": other, "generations": len(og),
                             "setting": "agent" if other in set(a["model"]) else
                             ("turns" if _multi_turn(res, other) or "+turns" in other
                              else "single-turn"),
                             "sr": number_or_none(ot["rate"].mean()) if len(ot) else None,
                             "pass_rate": number_or_none(ot["passed"].mean())
                             if len(ot) else None})
        n = len(g)
        rows.append({
            "model": model, "base_model": base, "generations": n,
            "sr": number_or_none(gr["rate"].mean()) if len(gr) else None,
            "sr_ci": bootstrap_ci(gr["rate"], seed=label_seed(f"{model}|agent")),
            "pass_rate": number_or_none(gr["passed"].mean()) if len(gr) else None,
            "submitted": number_or_none(g["submitted"].mean()),
            "ended": {str(k): int(v) for k, v in g["ended"].value_counts().sort_index()
                      .items()},
            "steps_mean": number_or_none(g["steps"].mean()),
            "steps_max": number_or_none(g["steps"].max()),
            "tokens_in_per_gen": number_or_none(g["prompt_tokens"].mean()),
            "tokens_out_per_gen": number_or_none(g["completion_tokens"].mean()),
            "seconds_per_gen": number_or_none(g["seconds"].mean()),
            "same_model": same})
    return rows


def _asked_models(res: Results) -> dict[str, str]:
    """Label -> the model its generations asked for, where the store knows it (an agent's
    ``base_model``)."""
    a = res.agents
    if a is None or a.empty:
        return {}
    return {m: b for m, b in zip(a["model"], a["base_model"]) if b}


def _multi_turn(res: Results, model: str) -> bool:
    u = res.turns
    return u is not None and not u.empty and bool((u[u["model"] == model]["turn"] > 1).any())


def summarize(res: Results, headline_models: list[str] | None = None) -> dict[str, Any]:
    """Everything the reports show, as JSON-safe plain data (this is ``summary.json``).
    ``headline_models``: the models the "(all)" rows pool (default: see ``headline``);
    ``headline`` in the result says which were pooled and which left out. Raises
    ``ValueError`` for a model the batch does not hold."""
    t = res.tasks
    head = headline(res, headline_models)
    pooled = head["models"]
    return {
        "outdir": str(res.outdir), "meta": res.meta,
        "counts": {"generations": len(t), "models": int(t["model"].nunique()),
                   "tasks": int(t["task"].nunique()),
                   "criteria": len(res.criteria), "checks": len(res.checks),
                   "manifest_issues": len(res.manifest_issues)},
        "manifest_issues": [{"line": ln, "message": m} for ln, m in res.manifest_issues],
        "headline": head,
        "models": per_model(res, pooled=pooled),
        "by_app": breakdown(res, "app", pooled=pooled),
        "by_level": breakdown(res, "level", pooled=pooled),
        "by_task": breakdown(res, "task", pooled=pooled),
        "by_skill": skill_breakdown(res, pooled=pooled),
        "histogram": histogram(res, pooled=pooled),
        "top_failed": top_failed(res), "eval_errors": evaluator_errors(res),
        "generations": generation_list(res), "by_turn": by_turn(res, pooled),
        "usage": usage(res, pooled), "agents": agents(res),
    }
