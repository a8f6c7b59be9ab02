"""A reward function for verl, backed by ``officeeval serve``.

verl calls a custom reward function as ``compute_score(data_source, solution_str,
ground_truth, extra_info)`` and takes a float, or a dict whose ``"score"`` is the reward
(its other numeric keys are logged). Point the trainer at this file::

    officeeval serve --tasks rubrics --jobs 8 --store runs/rl-1 &     # on the reward host
    python -m verl.trainer.main_ppo ... \\
        custom_reward_function.path=examples/verl_reward.py \\
        custom_reward_function.name=compute_score

For throughput, use verl's batch reward manager, which hands over a whole step's rollouts
at once; ``compute_score_batch`` sends them concurrently (``OFFICEEVAL_CONCURRENCY``
requests in flight, default 16; the server queues them and answers 429 beyond its queue,
which the client waits out)::

        reward_model.reward_manager=batch \\
        custom_reward_function.name=compute_score_batch

Give each training example the officeeval task id as its ``ground_truth`` (or as
``extra_info["officeeval_task"]``). ``solution_str`` is the model's raw answer: the service
extracts the program (the longest parsing fenced Python block), runs it in its sandbox on a
fresh copy of the task's input and grades the document it writes.

The reward is score / total (0..1): the exam's points, partial credit included. A program
that crashes or writes nothing scores 0 (its outcome is logged as ``exec_ok`` = 0). When the
service itself fails (unreachable, the worker died), the reward is 0 and
``service_error`` = 1 is logged, so such steps can be found and discounted.

Settings (environment): ``OFFICEEVAL_URL`` (default ``http://127.0.0.1:8000``),
``OFFICEEVAL_TOKEN`` (the bearer token, when the server requires one), ``OFFICEEVAL_MODEL``
(the name results are stored under, e.g. the run's name; ``officeeval report STORE`` then
shows the rewards like a batch).
"""

from __future__ import annotations

import os
import threading
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from officeeval.client import Client, ServiceError

_local = threading.local()


def _client() -> Client:
    # One client per thread: verl's reward managers may call from a thread pool.
    client = getattr(_local, "client", None)
    if client is None:
        client = _local.client = Client(
            os.environ.get("OFFICEEVAL_URL", "http://127.0.0.1:8000"),
            model=os.environ.get("OFFICEEVAL_MODEL") or None)
    return client


def _task_id(ground_truth: Any, extra_info: Any) -> str:
    if isinstance(extra_info, dict) and extra_info.get("officeeval_task"):
        return str(extra_info["officeeval_task"])
    if isinstance(ground_truth, dict) and ground_truth.get("task"):
        return str(ground_truth["task"])
    return str(ground_truth)


def compute_score(data_source: str, solution_str: str, ground_truth: Any,
                  extra_info: dict | None = None) -> dict[str, float]:
    """The reward of one rollout: ``{"score": score / total, ...}`` (see the module's
    docstring)."""
    task = _task_id(ground_truth, extra_info)
    try:
        got = _client().run(task, answer=solution_str, detail="summary")
    except ServiceError:
        return {"score": 0.0, "passed": 0.0, "exec_ok": 0.0, "service_error": 1.0}
    card = got["scorecard"]
    total = card.get("total") or 0.0
    return {"score": (card["score"] / total) if total else 0.0,
            "passed": float(bool(card.get("passed"))),
            "exec_ok": float(card.get("outcome") == "ok"),
            "service_error": 0.0}


def compute_score_batch(data_sources: list, solution_strs: list, ground_truths: list,
                        extra_infos: list | None = None, **_: Any) -> list[dict[str, float]]:
    """The rewards of a whole step's rollouts, in order, computed concurrently (verl's
    batch reward manager calls its function with these keyword arguments)."""
    extras = list(extra_infos) if extra_infos is not None else [None] * len(solution_strs)
    workers = max(1, int(os.environ.get("OFFICEEVAL_CONCURRENCY", "16")))
    with ThreadPoolExecutor(max_workers=workers) as pool:
        return list(pool.map(compute_score, data_sources, solution_strs, ground_truths,
                             extras))
