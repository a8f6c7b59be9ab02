"""Audit one rubric: grade its reference and its untouched input, derive mutants of the
reference for every check (and neutral ones), grade each mutant, and judge the verdicts.

Raises nothing for a bad rubric or missing files: the ``RubricAudit`` then carries
``error``. Our own failures while building one mutant make that mutant ``invalid`` (listed,
never counted as caught or survived).
"""

from __future__ import annotations

import tempfile
import time
import zipfile
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from officeeval import apps
from officeeval.audit import model as M
from officeeval.audit.charges import criterion_steps, double_charge
from officeeval.audit.lint import lint
from officeeval.audit.mutators import equivalent, for_app, neutral
from officeeval.audit.mutators.other_answers import plan_other_answers
from officeeval.audit.mutators.base import Mutation, PlanContext
from officeeval.audit.origins import literal_origins
from officeeval.audit.parallel import map_forked
from officeeval.audit.progress import Progress, no_progress
from officeeval.audit.shared_results import SharedResults
from officeeval.audit.solutions import grade_solutions, read_notes, solution_folder
from officeeval.audit.workspace import NotApplicable, Workspace
from officeeval.backends import Backends
from officeeval.errors import OfficeEvalError, PackageError, RubricError
from officeeval.formats import open_document
from officeeval.rubric import load_rubric
from officeeval.rubric.instruction import task_instruction
from officeeval.rubric.model import Rubric
from officeeval.scoring import Grader
from officeeval.scoring.scorecard import CheckResult, ScoreCard


@dataclass
class _Planned:
    mutation: Mutation
    origins: list[tuple[str, int]] = field(default_factory=list)  # (criterion id, check #)


def audit_rubric(rubric: Rubric | str | Path, *, reference: str | Path | None = None,
                 input: str | Path | None = None, options: dict[str, Any] | None = None,
                 mutate: bool = True, keep_mutants: str | Path | None = None,
                 backends: Backends | None = None, jobs: int = 1,
                 progress: Progress | None = None,
                 solutions: str | Path | bool | None = None) -> M.RubricAudit:
    """Audit one rubric (a loaded ``Rubric`` or a path). ``reference`` / ``input`` override
    the rubric's files; ``keep_mutants`` names a directory to keep the mutant documents in
    (else they live in a temporary directory removed at the end). ``backends``: the
    recalculation backend to grade with (default: one of this audit's own, per
    ``options["recalc"]``, stopped at the end); documents LibreOffice cannot tell apart
    share one result (``shared_results``). ``jobs`` > 1 grades the mutants in that many
    forked processes (``parallel``); ``progress(stage, done, total)`` hears how far it is
    (``progress``). ``solutions``: the folder of independent solutions to grade
    (``None``: ``solutions/`` beside the input, when there is one; ``False``: none)."""
    from officeeval import recalc
    own = backends is None
    if backends is None:
        backends = recalc.backends((options or {}).get("recalc"))
    shared = SharedResults(backends)
    try:
        with Grader(shared.backends()) as grader:
            run = _Run(grader, backends, max(1, jobs), progress or no_progress, shared)
            return _audit_rubric(rubric, reference, input, options, mutate, keep_mutants,
                                 run, solutions)
    finally:
        if own:
            backends.close()


@dataclass
class _Run:
    """How one audit runs: its grader (over the shared results), the backends it stands on
    (closed by a forked worker for what that worker started), the processes for its
    mutants, whom to tell how far it is."""

    grader: Grader
    backends: Backends
    jobs: int
    progress: Progress
    shared: SharedResults


def _audit_rubric(rubric: Rubric | str | Path, reference: str | Path | None,
                  input: str | Path | None, options: dict[str, Any] | None, mutate: bool,
                  keep_mutants: str | Path | None, run: _Run,
                  solutions: str | Path | bool | None = None) -> M.RubricAudit:
    started = time.perf_counter()
    grader = run.grader
    if not isinstance(rubric, Rubric):
        try:
            rubric = load_rubric(rubric)
        except RubricError as exc:
            return M.RubricAudit(rubric=Path(str(rubric)).stem, path=str(rubric),
                                 error=f"invalid rubric: {exc}")
    result = M.RubricAudit(rubric=rubric.id, path=rubric.path, app=rubric.app)
    ref = str(reference) if reference else rubric.files.reference
    inp = str(input) if input else rubric.files.input
    missing = [f"{what} {p!r}" for what, p in (("reference", ref), ("input", inp))
               if not p or not Path(p).is_file()]
    if missing:
        result.error = "missing " + " and ".join(missing)
        result.seconds = time.perf_counter() - started
        return result
    options = dict(options or {})
    run.progress("reference", 0, 2)
    ref_card = grader.grade(rubric, ref, input=inp, reference=ref, options=options)
    in_card = grader.grade(rubric, inp, input=inp, reference=ref, options=options)
    if ref_card.outcome != "ok":
        result.error = f"the reference cannot be graded: {ref_card.outcome_detail}"
    result.reference_score, result.reference_total = ref_card.score, ref_card.total
    result.input_score = in_card.score
    result.reference_failures = _failures(ref_card)
    by_id_in = {c.id: c for c in in_card.criteria}
    audits = {}
    for c, rc in zip(rubric.criteria, ref_card.criteria):
        ic = by_id_in.get(c.id)
        audits[c.id] = M.CriterionAudit(
            c.id, c.skill, c.points, c.is_preservation, c.description, rc.earned, rc.status,
            ic.earned if ic else 0.0, ic.status if ic else "")
    result.criteria = list(audits.values())
    instruction = task_instruction(rubric.instruction, inp)
    result.steps = criterion_steps(rubric, instruction)
    if not result.error:
        result.origins = _origins(rubric, instruction, ref, inp, options, grader, in_card)
    cards: list[ScoreCard] = [in_card]
    target_counts: dict[str | None, int] = {}
    if mutate and not result.error:
        try:
            _mutate(rubric, ref, inp, options, ref_card, audits, result, cards, target_counts,
                    keep_mutants, run)
        except (OfficeEvalError, zipfile.BadZipFile, OSError) as exc:
            # The reference graded but cannot be taken apart (or the temp dir failed).
            result.error = f"mutation testing failed: {type(exc).__name__}: {exc}"
    result.lint = lint(rubric, ref_card, cards, target_counts, inp, audits)
    if solutions is not False and not result.error:
        folder = solution_folder(inp, solutions or None, rubric.id)
        if folder is not None:
            result.solutions = grade_solutions(rubric, folder, grader, ref, inp, options,
                                               read_notes(inp))
    result.seconds = time.perf_counter() - started
    run.progress("done", len(result.mutants), len(result.mutants))
    return result


def _origins(rubric: Rubric, instruction: str, ref: str, inp: str, options: dict,
             grader: Grader, in_card: ScoreCard) -> list:
    """Every literal's origin (``audit.origins``), with the documents opened for it; an
    unreadable document leaves its literals classified by the texts alone."""
    statuses = {(cr.id, j): k.status for cr in in_card.criteria
                for j, k in enumerate(cr.checks)}
    docs = []
    try:
        for path in (inp, ref):
            try:
                docs.append(open_document(path, rubric.app, options=options,
                                          backends=grader.backends))
            except (OfficeEvalError, OSError):
                docs.append(None)
        return literal_origins(rubric, instruction, docs[0], docs[1], statuses)
    finally:
        for d in docs:
            if d is not None:
                d.close()


def _failures(card: ScoreCard) -> list[M.CheckFailure]:
    out = []
    for cr in card.criteria:
        if cr.status == "pass" and cr.earned >= cr.points - 1e-9:
            continue
        for k in cr.checks:
            if k.status != "pass":
                out.append(M.CheckFailure(cr.id, f"{k.select or 'document'} {k.property} "
                                                 f"{k.op}", k.status, k.expected, k.actual,
                                          k.detail, k.line))
    return out


def _mutate(rubric: Rubric, ref: str, inp: str, options: dict, ref_card: ScoreCard,
            audits: dict[str, M.CriterionAudit], result: M.RubricAudit,
            cards: list[ScoreCard], target_counts: dict, keep: str | Path | None,
            run: _Run) -> None:
    grader = run.grader
    module = for_app(rubric.app)
    with tempfile.TemporaryDirectory(prefix="officeeval-audit-") as tmp:
        base = ref
        if module is not None and hasattr(module, "prepare"):
            base, _ = module.prepare(ref, options, Path(tmp), grader.backends)
        ws = Workspace(base, rubric.app, options, original=ref, backends=grader.backends)
        run.progress("plan", 0, 0)
        reads: dict[str | None, frozenset[str]] = {}
        planned = _plan(rubric, module, ws, options, audits, target_counts, reads=reads,
                        input_path=inp)
        _run_all(planned, ws, rubric, ref, inp, options, ref_card, audits, result, cards,
                 Path(keep) if keep else Path(tmp), keep is not None, run, reads)


def _plan(rubric: Rubric, module, ws: Workspace, options: dict,
          audits: dict[str, M.CriterionAudit], target_counts: dict,
          equivalents: bool = True, reads: dict | None = None,
          input_path: str | None = None) -> dict[str, _Planned]:
    """Every mutation to make, deduplicated by key, with the checks each came from.
    ``reads`` gets, per selector, the locators of the targets it selects in the reference
    (which criteria a property mutant may reach); ``input_path`` is the untouched input
    (other answers compare the reference with it)."""
    doc = open_document(ws.reference, rubric.app, options=options, backends=ws.backends)
    planned: dict[str, _Planned] = {}
    try:
        ctx = PlanContext(rubric, doc, ws)
        for c in rubric.criteria:
            for j, k in enumerate(c.checks):
                found = ctx.targets(k.select)
                target_counts[k.select] = len(found)
                if reads is not None and k.select not in reads:
                    reads[k.select] = frozenset(t.locator for t in found)
                if module is None:
                    audits[c.id].unmutated_checks.append(f"{k.label()}: no {rubric.app} "
                                                         f"mutators yet")
                    continue
                try:
                    muts, note = module.plan_check(ctx, k)
                except NotApplicable as exc:
                    muts, note = [], str(exc)
                except Exception as exc:  # noqa: BLE001 - a planner bug costs this check's mutants only
                    muts, note = [], f"planner error: {type(exc).__name__}: {exc}"
                if not muts:
                    audits[c.id].unmutated_checks.append(f"{k.label()}: {note}")
                elif note and all(m.scope == "rubric" for m in muts):
                    # Deleting or moving the target reaches the check, its property does not.
                    audits[c.id].unmutated_checks.append(
                        f"{k.label()}: only deletion/reordering mutants ({note})")
                for m in muts:
                    origins = planned.setdefault(m.key, _Planned(m)).origins
                    if (c.id, j) not in origins:
                        origins.append((c.id, j))
        neutrals = list(module.plan_neutral(ctx)) if module is not None else []
        neutrals += neutral.plan_neutral(ctx)
        if equivalents:
            if module is not None and hasattr(module, "plan_equivalent"):
                neutrals += module.plan_equivalent(ctx)
            neutrals += equivalent.plan_equivalent(ctx)
            # Issue 36: other correct answers the instruction's words allow.
            neutrals += plan_other_answers(ctx, input_path)
        for m in neutrals:
            planned.setdefault(m.key, _Planned(m))
    finally:
        doc.close()
    return planned


def _run_all(planned: dict[str, _Planned], ws: Workspace, rubric: Rubric, ref: str, inp: str,
             options: dict, ref_card: ScoreCard, audits: dict[str, M.CriterionAudit],
             result: M.RubricAudit, cards: list[ScoreCard], out_dir: Path, keep: bool,
             run: _Run, reads: dict | None = None) -> None:
    ext = apps.app(rubric.app).extension
    out_dir.mkdir(parents=True, exist_ok=True)
    todo = list(planned.values())
    graders = [run.grader]  # a forked worker's own replaces it (see ``parallel``)

    def one(i: int) -> tuple[M.MutantResult, ScoreCard | None]:
        mid = f"m{i + 1:03d}"
        return _run_one(mid, todo[i], ws, out_dir / f"{rubric.id}-{mid}{ext}", rubric, ref,
                        inp, options, ref_card, keep, graders[0], reads or {})

    def in_worker() -> None:
        from multiprocessing.util import Finalize
        graders[0] = Grader(run.grader.backends)
        Finalize(None, run.backends.close, exitpriority=10)

    run.progress("mutants", 0, len(todo))
    done = map_forked(one, len(todo), run.jobs, setup=in_worker,
                      on_done=lambda n: run.progress("mutants", n, len(todo)))
    for p, (mr, card) in zip(todo, done):
        result.mutants.append(mr)
        if card is not None:
            cards.append(card)
        if mr.kind == "break" and p.mutation.scope == "criterion":
            lost = {cid: before - after for cid, (before, after) in mr.changed.items()
                    if after < before - 1e-9}
            dc = double_charge(mr.id, mr.description, lost, result.steps)
            if dc is not None:
                result.double_charges.append(dc)
        if mr.kind == "break" and mr.verdict in M.COUNTED:
            for cid in mr.criteria:
                audits[cid].mutants += 1
                if mr.verdict in M.DETECTED:
                    audits[cid].caught += 1
                else:
                    audits[cid].survivors.append(mr.id)


def _run_one(mid: str, p: _Planned, ws: Workspace, path: Path, rubric: Rubric, ref: str,
             inp: str, options: dict, ref_card: ScoreCard, keep: bool, grader: Grader,
             reads: dict | None = None) -> tuple[M.MutantResult, ScoreCard | None]:
    m = p.mutation
    started = time.perf_counter()
    crit_ids = list(dict.fromkeys(cid for cid, _ in p.origins))
    mr = M.MutantResult(mid, m.kind, m.operator, m.description, crit_ids,
                        check="; ".join(f"{cid}#{j + 1}" for cid, j in p.origins))
    try:
        edit = ws.begin()
    except PackageError as exc:
        mr.verdict, mr.explanation = M.INVALID, f"the reference cannot be reopened: {exc}"
        return mr, None
    try:
        note = m.apply(ws, edit)
        if note:
            mr.description += f" [{note}]"
        ws.write(edit, path, pretty=m.pretty)
    except NotApplicable as exc:
        edit.doc.close()
        # An equivalent variant with nothing to rewrite in this reference does not apply;
        # any other mutant that cannot be made is a gap of ours.
        mr.verdict = (M.NOT_APPLICABLE if m.kind in ("equivalent", "other_answer")
                      else M.INVALID)
        mr.explanation = f"could not be made: {exc}"
        return mr, None
    except Exception as exc:  # noqa: BLE001 - a mutator bug spoils one mutant, not the audit
        edit.doc.close()
        mr.verdict = M.INVALID
        mr.explanation = f"mutator error: {type(exc).__name__}: {exc}"
        return mr, None
    card = grader.grade(_graded_part(rubric, m, crit_ids, reads), path, input=inp,
                        reference=ref, options=options)
    if not keep:
        path.unlink(missing_ok=True)
    mr.seconds = time.perf_counter() - started
    judge(mr, p, card, ref_card, rubric)
    return mr, card if card.outcome == "ok" else None


def _graded_part(rubric: Rubric, m: Mutation, crit_ids: list[str],
                 reads: dict | None = None) -> Rubric:
    """What a mutant is graded on. A property mutant edits one target's property: its own
    criteria and those reading the same selectors, any of their targets, or the property
    it edits (where a redundant criterion, or one charging the same mistake again, would
    show) are graded,
    the rest of the rubric keeps its reference verdict. Neutral and deletion mutants touch
    the whole document and are graded on the whole rubric."""
    if m.kind != "break" or m.scope != "criterion":
        return rubric
    reads = reads or {}
    selectors = {k.select for c in rubric.criteria if c.id in crit_ids for k in c.checks}
    touched = frozenset().union(*(reads.get(sel, frozenset()) for sel in selectors))
    # The property the mutant edits ("direct:font.color"), read elsewhere through
    # inheritance (a style's colour shows on its paragraphs).
    edited = m.operator.partition(":")[2]

    def reaches(k) -> bool:
        return (k.select in selectors or (edited and k.property == edited)
                or not touched.isdisjoint(reads.get(k.select, ())))

    keep = tuple(c for c in rubric.criteria
                 if c.id in crit_ids or any(reaches(k) for k in c.checks))
    if len(keep) == len(rubric.criteria):
        return rubric
    return replace(rubric, criteria=keep, total=sum(c.points for c in keep))


def judge(mr: M.MutantResult, p: _Planned, card: ScoreCard, ref_card: ScoreCard,
          rubric: Rubric) -> None:
    """Set ``mr.verdict`` / ``changed`` / ``explanation`` from the mutant's ScoreCard."""
    if card.outcome != "ok":
        mr.verdict = M.INVALID
        mr.explanation = f"the mutant is not gradable ({card.outcome}: {card.outcome_detail})"
        return
    ref_by = {c.id: c for c in ref_card.criteria}
    mut_by = {c.id: c for c in card.criteria}
    for cid, rc in ref_by.items():
        mc = mut_by.get(cid)
        if mc is not None and (abs(mc.earned - rc.earned) > 1e-9 or mc.status != rc.status):
            mr.changed[cid] = (rc.earned, mc.earned)
    if mr.kind == "neutral":
        mr.verdict = M.OVER_STRICT if mr.changed else M.NEUTRAL_OK
        if mr.changed:
            mr.explanation = "; ".join(_why_changed(cid, ref_by[cid], mut_by[cid])
                                       for cid in mr.changed)
        return
    if mr.kind in ("equivalent", "other_answer"):
        # A correct answer written another way (or another correct answer): no criterion
        # may lose points (one the reference already fails is the reference's problem,
        # reported there).
        lost = [cid for cid, (before, after) in mr.changed.items() if after < before - 1e-9]
        ok = M.EQUIVALENT_OK if mr.kind == "equivalent" else M.OTHER_OK
        mr.verdict = M.FALSE_FAIL if lost else ok
        if lost:
            mr.explanation = "; ".join(_why_changed(cid, ref_by[cid], mut_by[cid])
                                       for cid in lost)
        return
    live = [cid for cid in mr.criteria if ref_by[cid].status == "pass"]
    if not live:
        mr.verdict = M.NOT_APPLICABLE
        mr.explanation = "its criterion already fails on the reference"
        return

    def dropped(cid: str) -> bool:
        mc = mut_by[cid]
        return mc.earned < ref_by[cid].earned - 1e-9 and mc.status != "eval_error"

    if any(dropped(cid) for cid in live):
        mr.verdict = M.CAUGHT
        return
    others = [cid for cid in mr.changed if cid not in mr.criteria and dropped(cid)]
    if p.mutation.scope == "rubric" and others:
        mr.verdict = M.CAUGHT_ELSEWHERE
        mr.explanation = f"noticed by {', '.join(others)}"
        return
    effective = p.mutation.scope == "rubric" or any(
        _signature(ref_by[cid].checks[j]) != _signature(mut_by[cid].checks[j])
        for cid, j in p.origins if cid in live)
    if not effective:
        mr.verdict = M.INEFFECTIVE
        mr.explanation = "the edit did not change what the check observes (a mutator gap)"
        return
    mr.verdict = M.SURVIVED
    mr.explanation = explain_survivor(p, ref_by, mut_by, rubric)


def _signature(k: CheckResult) -> tuple:
    return (k.status, k.actual, tuple((t.locator, t.actual) for t in k.targets))


def _why_changed(cid: str, rc, mc) -> str:
    bad = next((k for k in mc.checks if k.status != "pass"), None)
    what = f"{cid} {rc.earned:g} -> {mc.earned:g} ({mc.status})"
    if bad is not None:
        what += (f": {bad.select or 'document'} {bad.property} expected {bad.expected}, "
                 f"got {bad.actual}")
    return what


def explain_survivor(p: _Planned, ref_by: dict, mut_by: dict, rubric: Rubric) -> str:
    """Why a breaking mutant went unnoticed, in the rubric's terms."""
    crit = {c.id: c for c in rubric.criteria}
    reasons = []
    for cid, j in p.origins:
        c = crit[cid]
        check = c.checks[j]
        mk = mut_by[cid].checks[j]
        rk = ref_by[cid].checks[j]
        bits = [f"{cid} check {j + 1} ({check.label()})"]
        if mut_by[cid].status == "eval_error":
            bits.append("became an evaluator error instead of a logic failure")
        elif mk.status == "pass":
            bits.append(f"still passes: observed {rk.actual} -> {mk.actual}")
            if check.match != "all":
                bits.append(f"match={check.match} lets other targets carry it")
            if check.tolerance:
                bits.append(f"tolerance {check.tolerance} accepts the new value")
            if check.op not in ("equals", "unchanged") and check.expected_value is not None:
                bits.append(f"op={check.op} {check.expected!r} accepts it")
        else:
            bits.append(f"now {mk.status}")
            if c.scoring == "any":
                bits.append("but scoring=\"any\": another alternative still passes")
        reasons.append(", ".join(bits))
    return "; ".join(reasons)
