"""Markdown renderings of a batch summary (``summary.md``) and of a comparison
(``compare.md``): the same headline tables as the HTML pages, for terminals, PRs and issues.
Inputs are the plain structures of ``officeeval.analysis.summarize`` / ``compare``.
"""

from __future__ import annotations

from typing import Any, Iterable, Sequence

from officeeval.report.svg import interval, pct

ALL = "(all)"


def _cell(v: Any) -> str:
    # A pipe or a newline in a value (a model name, an actual value) would break the table.
    return str(v).replace("|", "\\|").replace("\n", " ").replace("\r", " ")


def table(header: Sequence[str], rows: Iterable[Sequence[Any]]) -> str:
    """A GitHub-flavoured Markdown table; numbers-looking columns are not special-cased."""
    out = ["| " + " | ".join(_cell(h) for h in header) + " |",
           "| " + " | ".join("---" for _ in header) + " |"]
    out += ["| " + " | ".join(_cell(v) for v in r) + " |" for r in rows]
    return "\n".join(out)


def rate(v: float | None, ci: Any = None) -> str:
    s = pct(v)
    return f"{s} {interval(ci)}".strip() if ci else s


def num(v: float | None) -> str:
    return "–" if v is None else f"{v:.2f}".rstrip("0").rstrip(".")


def _matrix(rows: list[dict[str, Any]], dim: str, models: list[str]) -> str:
    cells = {(r["model"], r[dim]): r for r in rows}
    values = sorted({r[dim] for r in rows})
    return table([dim] + models + [ALL],
                 [[v or "–"] + [pct(cells[(m, v)]["sr"]) if (m, v) in cells else "–"
                                for m in models + [ALL]] for v in values])


def headline_sentence(head: dict[str, Any] | None) -> str:
    """What "(all)" pools and what it leaves out, in one sentence (``""`` without a
    headline record, as in a summary written by an older officeeval)."""
    if not head:
        return ""
    said = f"{ALL} pools {', '.join(head['models']) or 'no model'}"
    if head["left_out"]:
        said += "; left out: " + ", ".join(f"{x['model']} ({x['why']})"
                                           for x in head["left_out"])
    how = "chosen with --headline-models" if head["chosen"] else \
        "choose them with `officeeval report --headline-models`"
    return f"{said} ({how})."


def summary_markdown(s: dict[str, Any]) -> str:
    """summary.md: headline numbers per model, breakdowns by app, level, skill and task, lost
    points (execution vs logic), most failed criteria and evaluator errors."""
    models = [m["model"] for m in s["models"] if m["model"] != ALL]
    c, ev = s["counts"], s["eval_errors"]
    parts = [f"# officeeval batch report\n\nStore: `{s['outdir']}` · {c['generations']} "
             f"generations · {c['models']} model(s) · {c['tasks']} task(s) · "
             f"{c['manifest_issues']} rejected manifest line(s)."
             + (f" Formulas recalculated by {s['meta']['recalc_backend']}."
                if (s.get("meta") or {}).get("recalc_backend") else "") + "\n",
             "SR = mean of score ÷ gradable total over generations; pass = score ≥ pass mark "
             "scaled to the gradable total; exec success = outcome ok; op. accuracy = criteria "
             "passed among executed tasks. Intervals: 95% bootstrap (seeded). "
             + headline_sentence(s.get("headline")) + "\n",
             "## Per model\n",
             table(["model", "generations", "SR", "pass rate", "exec success", "op. accuracy",
                    "mean score", "ungradable", "eval errors", "points excluded",
                    "unevaluable pts"],
                   [[m["model"], m["generations"], rate(m["sr"], m.get("sr_ci")),
                     rate(m["pass_rate"], m.get("pass_ci")), pct(m["exec_success"]),
                     pct(m["op_accuracy"]), num(m["mean_score"]), m["ungradable"],
                     m["eval_error_criteria"], num(m.get("eval_points")),
                     num(m.get("lost_unevaluable"))] for m in s["models"]]),
             "\n*Points excluded*: left out of a model's totals because the evaluator "
             "failed (`eval_error`, ours). *Unevaluable*: lost because the document "
             "defeated the grader (recalculation timed out or was killed, a part over a "
             "limit), charged.\n",
             *_generation_parts(s),
             "\n## Outcomes\n",
             table(["model"] + list(s["models"][-1]["outcomes"]),
                   [[m["model"]] + list(m["outcomes"].values()) for m in s["models"]]),
             "\n## By app\n", _matrix(s["by_app"], "app", models),
             "\n## By level\n", _matrix(s["by_level"], "level", models),
             "\n## By skill (earned ÷ possible points)\n", _matrix(s["by_skill"], "skill",
                                                                  models),
             "\n## Lost points per generation: execution vs logic\n",
             table(["model", "execution", "logic: not found", "logic: wrong value",
                    "unevaluable"],
                   [[m["model"], num(m["lost_execution_per_gen"]),
                     num(m["lost_not_found_per_gen"]), num(m["lost_wrong_per_gen"]),
                     num(m.get("lost_unevaluable_per_gen"))]
                    for m in s["models"]]),
             "\n### Per skill (all models; points lost in total)\n",
             table(["skill", "possible", "earned", "execution", "not found", "wrong value",
                    "unevaluable", "evaluator points"],
                   [[r["skill"], num(r["possible"]), num(r["earned"]),
                     num(r["lost_execution"]), num(r["lost_not_found"]), num(r["lost_wrong"]),
                     num(r.get("lost_unevaluable")), num(r["eval_points"])]
                    for r in s["by_skill"] if r["model"] == ALL]),
             "\n## Per task\n", _matrix(s["by_task"], "task", models),
             "\n## Criteria most often failed (executed tasks)\n",
             table(["task", "criterion", "skill", "failed", "rate", "common actual values"],
                   [[r["task"], r["criterion_id"], r["skill"], f"{r['failed']}/{r['judged']}",
                     pct(r["fail_rate"], 0),
                     "; ".join(f"{a['expected']} → {a['actual'] or '(empty)'} ×{a['count']}"
                               for a in r["actuals"])] for r in s["top_failed"]])
             if s["top_failed"] else "None.",
             f"\n## Evaluator errors\n\n{ev['criteria']} criteria in {ev['generations']} "
             f"generation(s), {num(ev['points'])} points excluded, {ev['ungradable']} "
             f"ungradable generation(s). Never charged to the candidate.\n"]
    if ev["reasons"]:
        parts.append(table(["task", "criterion", "property", "detail", "count"],
                           [[r["task"], r["criterion_id"], r["property"], r["detail"],
                             r["count"]] for r in ev["reasons"]]))
    return "\n".join(parts) + "\n"


def _generation_parts(s: dict[str, Any]) -> list[str]:
    """Tokens and latency per model next to SR, SR by turn of the execution-feedback loop,
    and the agents' conversations next to the same model's other runs, when the batch has
    them (manifests written by ``officeeval generate`` and ``officeeval agent``)."""
    parts: list[str] = []
    sr = {m["model"]: m for m in s["models"]}
    if s.get("usage"):
        def tokens(v: float | None) -> str:
            return "–" if v is None else f"{v:,.0f}"
        parts += ["\n### Tokens and latency (as the generator recorded them)\n",
                  table(["model", "SR", "requests", "tokens in", "tokens out",
                         "in / generation", "out / generation", "latency p50", "p90", "p99"],
                        [[u["model"], rate(sr.get(u["model"], {}).get("sr"),
                                           sr.get(u["model"], {}).get("sr_ci")),
                          u["requests"], tokens(u["tokens_in"]), tokens(u["tokens_out"]),
                          num(u["tokens_in_per_gen"]), num(u["tokens_out_per_gen"]),
                          f"{num(u['latency_p50'])} s", f"{num(u['latency_p90'])} s",
                          f"{num(u['latency_p99'])} s"] for u in s["usage"]])]
    if s.get("by_turn"):
        parts += ["\n### By turn (execution feedback)\n",
                  "The program in force at each turn, graded: turn 1 is the single-turn "
                  "score; a generation that stopped earlier keeps its last program.\n",
                  table(["model", "turn", "SR", "pass rate", "exec success", "still going"],
                        [[r["model"], r["turn"], rate(r["sr"], r.get("sr_ci")),
                          pct(r["pass_rate"]), pct(r["exec_success"]), r["still_going"]]
                         for r in s["by_turn"]])]
    if s.get("agents"):
        parts += ["\n### Agents\n",
                  "Conversations with tools in a sandboxed working folder, graded once on "
                  "the document handed in (none handed in: no_output). Steps are model "
                  "replies; tokens and seconds are per generation. *Same model*: the "
                  "store's other runs of the model the agent asked.\n",
                  table(["model", "asked", "SR", "pass rate", "handed in", "steps (mean / "
                         "most)", "tokens in / gen", "tokens out / gen", "seconds / gen",
                         "ended", "same model"],
                        [[a["model"], a["base_model"] or "–", rate(a["sr"], a.get("sr_ci")),
                          pct(a["pass_rate"]), pct(a["submitted"]),
                          f"{num(a['steps_mean'])} / {num(a['steps_max'])}",
                          num(a["tokens_in_per_gen"]), num(a["tokens_out_per_gen"]),
                          num(a["seconds_per_gen"]),
                          ", ".join(f"{k} {v}" for k, v in a["ended"].items()),
                          "; ".join(f"{o['model']} ({o['setting']}): SR {pct(o['sr'])}"
                                    for o in a["same_model"]) or "–"]
                         for a in s["agents"]])]
    return parts


def _delta(d: float | None) -> str:
    return "–" if d is None else f"{d * 100:+.1f} pts"


def compare_markdown(cmp: dict[str, Any]) -> str:
    """compare.md: per model and per skill SR in A and B with CIs and the delta, and the
    criteria that flipped between pass and not pass."""
    def side(r: dict | None, key: str, ci: str) -> str:
        return rate(r.get(key), r.get(ci)) if r else "–"
    parts = [f"# officeeval comparison\n\nA: `{cmp['a']}`  \nB: `{cmp['b']}`\n\n"
             f"{cmp['matched_generations']} generations in both (matched on task, model, "
             f"sample); {cmp['only_a']} only in A, {cmp['only_b']} only in B. "
             f"{cmp['flipped_total']} criterion results flipped ({cmp['gained']} now pass, "
             f"{cmp['lost']} no longer pass).\n", "## Per model\n",
             table(["model", "SR A", "SR B", "Δ SR", "pass A", "pass B", "Δ pass"],
                   [[r["model"], side(r["a"], "sr", "sr_ci"), side(r["b"], "sr", "sr_ci"),
                     _delta(r["sr_delta"]), side(r["a"], "pass_rate", "pass_ci"),
                     side(r["b"], "pass_rate", "pass_ci"), _delta(r["pass_delta"])]
                    for r in cmp["models"]]),
             "\n## Per skill (all models)\n",
             table(["skill", "SR A", "SR B", "Δ SR"],
                   [[r["skill"], side(r["a"], "sr", "sr_ci"), side(r["b"], "sr", "sr_ci"),
                     _delta(r["sr_delta"])] for r in cmp["skills"] if r["model"] == ALL]),
             "\n## Criteria that flipped\n",
             table(["task", "criterion", "skill", "now pass", "no longer pass", "matched"],
                   [[r["task"], r["criterion_id"], r["skill"], r["gained"], r["lost"],
                     r["matched"]] for r in cmp["flipped_criteria"]])
             if cmp["flipped_criteria"] else "None: every matched criterion kept its verdict."]
    return "\n".join(parts) + "\n"
