"""The job a grading worker runs for the service: grade (``runner.grading.grade_item``, the
batch's unit of work), write the result to the results store when the server keeps one,
and render the JSON answer at the detail the client asked for.

This runs in the worker processes, never in the server: the document and the program are
hostile. Everything in and out is picklable; the answer travels back already serialized, so
the server process only copies bytes.
"""

from __future__ import annotations

import fcntl
import json
import os
import shutil
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from officeeval.cache import ProcessMemo, ProcessSlot
from officeeval.errors import RubricError
from officeeval.rubric import load_rubric
from officeeval.rubric.patterns import rubric_hazards
from officeeval.runner.escaping import safe_tree
from officeeval.runner.grading import ItemResult, WorkItem, grade_item
from officeeval.runner.manifest import ManifestLine
from officeeval.runner.store import GenerationMeta, Store
from officeeval.runner.turns import turn_rows
from officeeval.scoring.criteria import MEMORY_EXHAUSTED
from officeeval.scoring.grader import unevaluable_card
from officeeval.service.memory import address_space, bound, peak_rss

# This worker's store connections by folder (a child makes its own: a connection and a
# lock descriptor are not shared across fork), and the inline rubrics it checked (their
# files are content-named).
_STORES: "ProcessSlot[dict[str, tuple[Store, int]]]" = ProcessSlot("service.stores")
_INLINE: "ProcessMemo[tuple[str, str, str] | str]" = ProcessMemo("service.inline_rubrics", 256)


@dataclass(frozen=True)
class Job:
    """One request for a worker. ``kind``: ``score`` or ``run``; ``detail``: ``summary``,
    ``criteria`` or ``checks``; ``shown``: the document name the ScoreCard shows;
    ``inline``: the rubric came with the request (it may not name files); ``store``: the
    results directory, with ``meta`` the row's identity; ``keep``: copy the graded
    document into ``store/documents``; ``expose``: the client may see the rubric
    (``--expose-rubrics``, or its own inline rubric): criteria keep their descriptions;
    ``memory``: the worker's address-space limit (``service.memory``); ``recycle_rss``:
    past this peak resident size the worker asks to be replaced after the job;
    ``exhausted``: a worker grading this job held more than ``memory`` and was ended (the
    pool's watchdog): the document is answered as one that exhausted the grader's memory,
    without reading it again."""

    item: WorkItem
    kind: str
    detail: str
    shown: str
    inline: bool = False
    store: str | None = None
    meta: GenerationMeta | None = None
    keep: bool = False
    expose: bool = False
    memory: int | None = None
    recycle_rss: int | None = None
    exhausted: bool = False


@dataclass(frozen=True)
class Reply:
    """What comes back. ``status``: ``ok``, ``invalid_rubric`` (the inline rubric; the body
    lists its problems) or ``sandbox_error`` (the sandbox could not start: ours, not
    stored). ``body``: the JSON answer. The other fields feed the server's metrics."""

    status: str
    body: bytes
    app: str = ""
    outcome: str = ""
    eval_errors: int = 0
    recalculated: int = 0
    stored: bool = False
    retire: bool = False


def serve_job(job: Job) -> Reply:
    """Run one job, in a worker whose address space is limited to ``job.memory``. Never
    raises for anything the document or the program does (the engine and the sandbox
    classify that, a document over the memory limit included); a fault of ours raises and
    the pool reports it. The reply asks for the worker to be replaced (``retire``) when its
    peak resident size passed ``job.recycle_rss``."""
    bound(address_space(job.memory))
    reply = _serve(job)
    if job.recycle_rss is not None and peak_rss() > job.recycle_rss:
        reply = replace(reply, retire=True)
    return reply


def _serve(job: Job) -> Reply:
    if job.inline:
        found = _inline_rubric(job.item.rubric_path)
        if isinstance(found, str):
            return Reply("invalid_rubric", found.encode("utf-8"))
        tid, app, level = found
        job = replace(job, item=replace(job.item, task=tid),
                      meta=replace(job.meta, task=tid, app=app, level=level)
                      if job.meta is not None else None)
    if job.keep and job.store and job.item.source == "output":
        job = _keep_upload(job)
    result = _exhausted(job) if job.exhausted else grade_item(job.item)
    if result.error or result.card is None:
        body = {"error": "sandbox_unavailable", "detail": result.error or "no result"}
        return Reply("sandbox_error", _dumps(body))
    card = result.card
    full = result.scorecard_json  # made by the worker only when stored or asked for
    if job.item.source == "output" or not job.keep:
        # The card names the spooled copy or the sandbox's output: show the client's name.
        if full is not None:
            full = _renamed(full, card.document, job.shown)
        card.document = job.shown
    stored = False
    if job.store and job.meta is not None:
        store, lock = _store(job.store)
        # The workers take turns through a lock that wakes the next one at once; SQLite's
        # own busy handler would let a waiting worker sleep 1-100 ms between its tries.
        fcntl.flock(lock, fcntl.LOCK_EX)
        try:
            store.record_many([(job.meta, card, result.sandbox, full,
                                _turns(job, result.turns))])
        finally:
            fcntl.flock(lock, fcntl.LOCK_UN)
        stored = True
    if job.detail == "checks":
        card_text = full or _dumps_text(card.to_dict())
    else:
        card_text = _dumps_text(at_detail(card, job.detail, job.expose))
    if job.kind == "run":
        run = _dumps_text(result.sandbox)
        text = f'{{"scorecard": {card_text}, "run": {run}}}'
    else:
        text = card_text
    return Reply("ok", text.encode("utf-8"), card.app, card.outcome, card.eval_errors,
                 int(card.value_sources.get("recalculated", 0) or 0), stored)


def _exhausted(job: Job) -> ItemResult:
    """The result of a job whose worker passed the memory limit: every criterion
    ``unevaluable`` (the candidate's loss, kept in the total; never a dead server, never
    points), nothing read again. A ``run`` job's program report is not kept (``run`` is
    null in the answer)."""
    rubric = load_rubric(job.item.rubric_path)
    limit = f" ({(job.memory or 0) // (1024 * 1024)} MiB resident)" if job.memory else ""
    card = unevaluable_card(rubric, job.shown, MEMORY_EXHAUSTED + limit, job.item.task)
    return ItemResult(job.item.key, card=card)


def _turns(job: Job, grades: list[dict[str, Any]] | None) -> list[dict[str, Any]]:
    """The ``turns`` rows of a run (one turn: its program or answer), as ``batch`` stores
    them for a manifest line; none for a scored document."""
    meta = job.meta
    assert meta is not None
    line = ManifestLine(0, meta.task, meta.model, meta.sample, job.item.source,
                        job.item.payload, meta.key)
    return turn_rows(line, grades)


def at_detail(card: Any, detail: str, expose: bool) -> dict[str, Any]:
    """The card's JSON at ``detail``: ``checks`` (all of it), ``criteria`` (no checks) or
    ``summary`` (no criteria). A criterion shows its id, skill, points, earned points,
    whether it passed and its failure class (``logic``, ``execution``, ``evaluator``,
    ``unevaluable``); its status, description (which states the expected value in words)
    and whether it is a preservation check only when ``expose``."""
    if detail == "checks":
        return card.to_dict()
    d = _head(card)
    if detail == "criteria":
        d["criteria"] = [_criterion(c, expose) for c in card.criteria]
    return d


def _criterion(c: Any, expose: bool) -> dict[str, Any]:
    out = {"id": c.id, "skill": c.skill, "points": c.points, "earned": c.earned,
           "passed": c.status == "pass", "failure_class": c.failure_class}
    if expose:
        out.update(status=c.status.value, description=c.description,
                   preservation=c.preservation)
    return out


def _head(card: Any) -> dict[str, Any]:
    return {"task": card.task, "app": card.app, "document": card.document,
            "outcome": card.outcome, "outcome_detail": card.outcome_detail,
            "score": card.score, "total": card.total, "pass_mark": card.pass_mark,
            "passed": card.passed, "eval_errors": card.eval_errors,
            "rubric_total": card.rubric_total, "rubric_sha256": card.rubric_sha256,
            "engine_version": card.engine_version, "value_sources": card.value_sources,
            "seconds": round(card.seconds, 4), "backends": card.backends}


def _renamed(text: str, old: str, new: str) -> str:
    """``text`` (a ScoreCard's JSON) with its ``document`` field set to ``new``: one
    targeted replacement instead of serializing the card a second time."""
    key = '"document": '
    before, after = key + json.dumps(old, ensure_ascii=False), \
        key + json.dumps(new, ensure_ascii=False)
    return text.replace(before, after, 1) if before in text else text


def _inline_rubric(path: str) -> tuple[str, str, str] | str:
    """``(id, app, level)`` of the inline rubric at ``path`` when it loads, names no files
    and has no regular expression whose time can explode (``rubric.patterns``); else the
    JSON error answer. A rubric sent over HTTP may not name files: its paths would be read
    on the server (a reference named ``/etc/...`` would be graded and its values shown)."""
    if path in _INLINE:
        return _INLINE.get(path)
    found: tuple[str, str, str] | str
    try:
        rubric = load_rubric(path)
    except RubricError as exc:
        found = _invalid(f"{len(exc.issues)} problem(s)", [str(i) for i in exc.issues])
    else:
        files = rubric.files
        named = [n for n, v in (("input", files.input), ("reference", files.reference),
                                ("attachments", files.attachments)) if v]
        hazards = rubric_hazards(rubric)
        if named:
            found = _invalid(f"a rubric sent with the request may not name files "
                             f"({', '.join(named)}); serve it as a task (--tasks) instead")
        elif hazards:
            found = _invalid(f"{len(hazards)} regular expression(s) whose matching time can "
                             "grow exponentially with the text; rewrite them",
                             [f"line {line}: {why}: {pattern}"
                              for line, pattern, why in hazards])
        else:
            found = (rubric.id, rubric.app, rubric.level)
    return _INLINE.put(path, found)


def _invalid(detail: str, issues: list[str] | None = None) -> str:
    return _dumps_text({"error": "invalid_rubric", "detail": detail, "issues": issues or []})


def _keep_upload(job: Job) -> Job:
    """Copy the uploaded document to ``store/documents/<key><ext>`` (what the report's
    grade sheets link to) and grade that copy."""
    assert job.store is not None and job.meta is not None
    src = Path(job.item.payload)
    kept = Path(job.store) / "documents" / f"{job.meta.key}{src.suffix}"
    try:
        kept.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(src, kept)
    except OSError:
        return job  # keeping a copy is a convenience; grading goes on
    return replace(job, item=replace(job.item, payload=str(kept)), shown=str(kept))


def _store(directory: str) -> tuple[Store, int]:
    """This worker's connection to the results store (one per process), and the file
    descriptor of the lock the service's workers write under."""
    stores = _STORES.get_or_make(dict)
    if directory not in stores:
        store = Store(directory)
        lock = os.open(str(store.path) + ".serve-lock", os.O_RDWR | os.O_CREAT, 0o600)
        stores[directory] = (store, lock)
    return stores[directory]


def _dumps(obj: Any) -> bytes:
    return _dumps_text(obj).encode("utf-8")


def _dumps_text(obj: Any) -> str:
    # Whatever a program printed or raised is escaped (runner.escaping): a lone surrogate
    # in an exception message must not make the answer unencodable.
    return json.dumps(safe_tree(obj), ensure_ascii=False)
