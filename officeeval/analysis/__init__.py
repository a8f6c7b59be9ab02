"""Analysis of a batch: the results store -> tidy DataFrames -> score rates, breakdowns, CIs.

The only package of officeeval that imports pandas. It reads the store written by
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
* **agents** per agent model: SR and pass rate with how its conversations went (handed in,
  steps, tokens and seconds per generation), next to the same model's other runs in the
  store (single-turn, feedback turns).
* "(all)" pools the headline's models (``headline``): every model none of whose
  generations the manifest marked ``hostile``, or those ``report --headline-models``
  names.
* 95% percentile bootstrap intervals resample generations (seeded per group label, so the
  same store always gives the same interval and adding a model does not move the others;
  "(all)" pooling one model is seeded as that model, so it has that model's interval;
  sorted first, so two stores holding the same results in another order agree).

Functions never return NaN inside JSON-bound structures: a rate with no denominator is None.
"""

from __future__ import annotations

from officeeval.analysis.results import (
    ALL, OUTCOMES, JUDGED, LOST_KIND, LOST_KINDS, FAILED, StoreUnavailable, Results, open_store,
    load,
)
from officeeval.analysis.stats import SEED, RESAMPLES, bootstrap_ci
from officeeval.analysis.headline import headline
from officeeval.analysis.metrics import (
    generation_metrics, per_model, breakdown, skill_breakdown, histogram, top_failed,
    evaluator_errors, generation_list, by_turn, usage, agents, summarize,
)
from officeeval.analysis.comparison import compare
from officeeval.analysis.export import export_tables

__all__ = [
    "ALL",
    "SEED",
    "RESAMPLES",
    "OUTCOMES",
    "JUDGED",
    "LOST_KIND",
    "LOST_KINDS",
    "FAILED",
    "StoreUnavailable",
    "Results",
    "open_store",
    "load",
    "bootstrap_ci",
    "headline",
    "generation_metrics",
    "per_model",
    "breakdown",
    "skill_breakdown",
    "histogram",
    "top_failed",
    "evaluator_errors",
    "generation_list",
    "by_turn",
    "usage",
    "agents",
    "summarize",
    "compare",
    "export_tables",
]
