"""Two batches side by side: per-model deltas and the criteria whose verdict flipped."""

from __future__ import annotations

from typing import Any

import numpy as np

from officeeval.analysis.metrics import per_model, skill_breakdown
from officeeval.analysis.results import ALL, Results


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
