"""Grade one generation: run its program in the sandbox (or take its ready-made output),
classify how it ran, and score the document. This is the unit of work the executors (local
pool, Ray) send to their workers; everything in and out is picklable.
"""

from __future__ import annotations

import json
import os
import shutil
import time
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from officeeval import recalc
from officeeval.cache import ProcessMemo, ProcessSlot
from officeeval.rubric import Rubric, load_rubric
from officeeval.runner.answers import extract_code
from officeeval.runner.classify import classify
from officeeval.runner.escaping import safe_text, safe_tree
from officeeval.runner.limits import Limits
from officeeval.runner.manifest import inside
from officeeval.runner.sandbox import Sandbox, SandboxConfig, SandboxError
from officeeval.scoring import CriterionResult, Grader, ScoreCard, evaluate_outcome
from officeeval.scoring.criteria import MEMORY_EXHAUSTED
from officeeval.scoring.grader import unevaluable_card
from officeeval.scoring.outcomes import CriterionStatus, TaskOutcome


@dataclass(frozen=True)
class WorkItem:
    """One generation to grade, with everything a worker needs (no registry lookups)."""

    key: str
    task: str
    source: str                      # code | answer | output
    payload: str                     # the code, the answer text, or the output path
    rubric_path: str
    output_name: str
    files: tuple[str, ...] = ()      # copied into the work directory
    limits: Limits = field(default_factory=Limits)
    sandbox: SandboxConfig = field(default_factory=SandboxConfig)
    options: dict[str, Any] = field(default_factory=dict)
    keep_dir: str | None = None      # copy programs' outputs here (as <key><ext>)
    recalc_service: tuple[str, float] | None = None  # the batch's (address, wait), if any
    turns: tuple[str, ...] = ()      # the replies of a multi-turn generation, in order
    outputs_root: str | None = None  # an ``output`` must resolve inside this folder
    serialize: bool = True           # the card's JSON made here (serve may not need it)
    pages: str = "off"               # page images beside keep_dir: layout | all | off


@dataclass
class ItemResult:
    """What a worker sends back. ``error`` set means the item could not be graded for a
    reason that is ours (the sandbox could not start): the batch stores it as
    ``not_graded`` (``not_graded_card``) and grades it again on its next run."""

    key: str
    card: ScoreCard | None = None
    sandbox: dict[str, Any] | None = None
    error: str | None = None
    seconds: float = 0.0
    cpu: float = 0.0  # the worker's own CPU seconds (the program's are in the record)
    scorecard_json: str | None = None  # serialized here, in parallel, not by the writer
    turns: list[dict[str, Any]] | None = None  # per turn: program and its grade (turns.py)

    def __getstate__(self) -> dict[str, Any]:
        # Sent from a worker to the writing process: the card travels as plain tuples
        # (ScoreCard.to_tuples), a tenth of the pickling cost of its dataclass tree.
        state = dict(self.__dict__)
        if self.card is not None:
            state["card"] = ("tuples", self.card.to_tuples())
        return state

    def __setstate__(self, state: dict[str, Any]) -> None:
        card = state.get("card")
        if isinstance(card, tuple) and card and card[0] == "tuples":
            state = {**state, "card": ScoreCard.from_tuples(card[1])}
        self.__dict__.update(state)


# Loaded rubrics by (path, mtime), most recent last. Bounded: a server sent a new inline
# rubric per request must not grow its workers without end.
_RUBRICS: "ProcessMemo[Rubric]" = ProcessMemo("runner.rubrics", 64)
# One sandbox per configuration (a batch has one or two); never dropped while the worker
# lives, so the memo's size is far above what a batch uses.
_SANDBOXES: "ProcessMemo[Sandbox]" = ProcessMemo("runner.sandboxes", 256)
# The worker's Grader (it keeps the task's input and reference open between gradings) and
# the recalculation backend the worker owns for it (a client of the batch's service, or a
# LibreOffice of its own), made in the worker process on first use — never inherited by a
# forked child — and remade when the service or the recalc option changes.
_GRADER: "ProcessSlot[tuple[tuple, Grader]]" = ProcessSlot("runner.grader")


def _rubric(path: str) -> Rubric:
    """The rubric at ``path``, loaded once per worker (reloaded when the file changes)."""
    stamp = (path, os.stat(path).st_mtime_ns)
    return _RUBRICS.get_or_make(stamp, lambda: load_rubric(path))


def _grader(item: WorkItem) -> Grader:
    key = (item.recalc_service, item.options.get("recalc"))
    kept = _GRADER.get()
    if kept is not None and kept[0] == key:
        return kept[1]
    if kept is not None:
        kept[1].close()
        kept[1].backends.close()
    grader = Grader(recalc.backends(item.options.get("recalc"), item.recalc_service))
    _GRADER.set((key, grader))
    return grader


def _sandbox(config: SandboxConfig) -> Sandbox:
    return _SANDBOXES.get_or_make(config, lambda: Sandbox(config))


def grade_item(item: WorkItem) -> ItemResult:
    """Grade one generation. Never raises for anything the program or the document does;
    sandbox start-up failures come back as ``ItemResult.error``."""
    started, cpu = time.perf_counter(), time.process_time()
    rubric = _rubric(item.rubric_path)
    try:
        card, sandbox = _grade(item, rubric)
    except SandboxError as exc:
        return ItemResult(item.key, error=f"sandbox: {exc}",
                          seconds=time.perf_counter() - started)
    card.task = item.task
    try:
        turns = _turn_grades(item, rubric, card)
    except SandboxError as exc:
        return ItemResult(item.key, error=f"sandbox: {exc}",
                          seconds=time.perf_counter() - started)
    text = json.dumps(safe_tree(card.to_dict()), ensure_ascii=False) if item.serialize \
        else None
    return ItemResult(item.key, card, sandbox, seconds=time.perf_counter() - started,
                      cpu=time.process_time() - cpu, scorecard_json=text, turns=turns)


def _turn_grades(item: WorkItem, rubric: Rubric, card: ScoreCard
                 ) -> list[dict[str, Any]] | None:
    """Per turn of the generation: the program extracted from its reply and the grade of
    the program in force at that turn (the last one extracted so far: what the generation
    would have scored had it stopped there). A generation without turns is one turn: its
    own code or answer. Programs are run and graded once each; the one the line grades is
    ``card``. ``None`` for a ready-made output."""
    if item.source == "output":
        return None
    if item.source == "code":
        return [_turn_row(1, item.payload, "code", 1, card)]
    main = extract_code(item.payload).code
    answers = item.turns or (item.payload,)
    graded: dict[str | None, ScoreCard] = {}
    if main is not None:
        graded[main] = card
    rows = []
    current, current_turn = None, None
    for n, answer in enumerate(answers, start=1):
        found = extract_code(answer)
        if found.code is not None:
            current, current_turn = found.code, n
        if current not in graded:
            if current is None:
                graded[None] = evaluate_outcome(rubric, TaskOutcome.NO_CODE, "",
                                                "no Python code found in the answer")
            else:
                alone = replace(item, source="code", payload=current, keep_dir=None, turns=())
                graded[current] = _grade(alone, rubric)[0]
        rows.append(_turn_row(n, found.code, found.method, current_turn, graded[current]))
    return rows


def _turn_row(turn: int, program: str | None, extraction: str, program_turn: int | None,
              card: ScoreCard) -> dict[str, Any]:
    return {"turn": turn, "program": program, "extraction": extraction,
            "program_turn": program_turn, "outcome": card.outcome, "score": card.score,
            "total": card.total, "passed": bool(card.passed),
            "eval_errors": card.eval_errors}


def _grade(item: WorkItem, rubric: Rubric) -> tuple[ScoreCard, dict[str, Any] | None]:
    if item.source == "output":
        doc = Path(item.payload)
        if item.outputs_root and not inside(doc, Path(item.outputs_root)):
            # Checked when the manifest was read; a link made since is refused here.
            return evaluate_outcome(rubric, TaskOutcome.NO_OUTPUT, str(doc),
                                    f"the output named in the manifest resolves outside "
                                    f"{item.outputs_root}: not read"), None
        if not doc.is_file():
            return evaluate_outcome(rubric, TaskOutcome.NO_OUTPUT, str(doc),
                                    f"the output named in the manifest does not exist: "
                                    f"{doc}"), None
        return _score(item, rubric, doc), None
    code, extraction = item.payload, None
    if item.source == "answer":
        found = extract_code(item.payload)
        extraction = found.method
        if found.code is None:
            return evaluate_outcome(rubric, TaskOutcome.NO_CODE, "",
                                    f"no Python code found in the answer "
                                    f"({found.why_none()})"), \
                {"extraction": extraction}
        code = found.code
    sandbox = _sandbox(item.sandbox)
    with sandbox.run(code, [Path(f) for f in item.files], item.output_name,
                     item.limits) as run:
        run.record.extraction = extraction
        outcome, detail = classify(run.record, item.output_name)
        if outcome is not None:
            return evaluate_outcome(rubric, outcome, item.output_name, detail), \
                run.record.to_dict()
        assert run.output is not None
        return _score(item, rubric, run.output), run.record.to_dict()


def _score(item: WorkItem, rubric: Rubric, doc: Path) -> ScoreCard:
    shown = str(doc)
    if item.keep_dir and item.source != "output":  # a ready-made output is kept already
        kept = Path(item.keep_dir) / f"{item.key}{Path(item.output_name).suffix}"
        try:
            kept.parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(doc, kept)
            shown = str(kept)
        except OSError:
            pass  # keeping a copy is a convenience; grading goes on
    try:
        card = _grader(item).grade(rubric, doc, task=item.task, options=dict(item.options))
    except MemoryError:  # outside the checks (the card itself): the document's, charged
        card = unevaluable_card(rubric, shown, MEMORY_EXHAUSTED, item.task)
    except Exception as exc:  # noqa: BLE001 - our bug: never charged to the candidate
        card = _evaluator_failed(rubric, f"{type(exc).__name__}: {exc}")
    card.document = shown
    _keep_pages(item, rubric, card, doc)
    return card


def _keep_pages(item: WorkItem, rubric: Rubric, card: ScoreCard, doc: Path) -> None:
    """Page images of the graded document for its grade sheet (``runner.pages``), when the
    batch asks for them: ``layout`` only for a document a layout check laid out (the
    backend's cache answers again for free), ``all`` for every one. Never raises."""
    if item.pages not in ("layout", "all") or not item.keep_dir:
        return
    if item.pages == "layout" and not card.layout:
        return
    grader = _grader(item)
    layouter = grader.backends.layout
    if layouter is None:
        return
    from officeeval.formats import open_document
    from officeeval.runner.pages import keep_pages
    try:
        view = open_document(doc, rubric.app, options=dict(item.options),
                             backends=grader.backends)
    except Exception:  # noqa: BLE001 - page images are a convenience: none for this one
        return
    try:
        keep_pages(view, card, layouter, Path(item.keep_dir) / f"{item.key}.pages")
    except Exception:  # noqa: BLE001 - page images are a convenience: none for this one
        pass
    finally:
        view.close()


def not_graded_card(rubric: Rubric, why: str, task: str | None = None) -> ScoreCard:
    """The card of a generation the evaluator could not grade for a reason of its own (the
    sandbox did not start, the worker died or passed its deadline, the result could not be
    stored): outcome ``not_graded``, every criterion ``eval_error`` (left out of earned and
    possible points, counted: the batch exits 5), so the failure is a stored result that
    reports show, never a silent gap; the next run of the batch grades it again."""
    card = evaluate_outcome(rubric, TaskOutcome.NOT_GRADED, "", safe_text(why)[:2000], task)
    card.criteria = [CriterionResult(c.id, c.skill, c.points, 0.0,
                                     CriterionStatus.EVAL_ERROR, c.description, [],
                                     c.preservation) for c in card.criteria]
    card.total = 0.0
    card.passed = False
    card.eval_errors = len(card.criteria)
    return card


def _evaluator_failed(rubric: Rubric, why: str) -> ScoreCard:
    """The card of a document the engine crashed on: the program did its job (outcome
    ``ok``) and every criterion is ``eval_error`` (left out of earned and possible
    points, counted, and the batch exits 5)."""
    card = evaluate_outcome(rubric, TaskOutcome.OK, "", f"evaluator error: {why}")
    card.criteria = [CriterionResult(c.id, c.skill, c.points, 0.0,
                                     CriterionStatus.EVAL_ERROR, c.description, [],
                                     c.preservation) for c in card.criteria]
    card.total = 0.0
    card.passed = False
    card.eval_errors = len(card.criteria)
    return card
