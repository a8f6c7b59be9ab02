"""Commands that grade and check rubrics: ``score``, ``validate``, ``audit``, ``draft``."""

from __future__ import annotations

from pathlib import Path
from typing import Optional

import typer

from officeeval.cli.common import (
    EXIT_FAILED, EXIT_USAGE, EXIT_RUBRIC, EXIT_DOCUMENT, EXIT_EVAL_ERROR, app, console,
    log_output,
    _RECALC_HELP, _fail, _json, _existing_file, _load_rubric,
)
from officeeval.errors import PackageError, RubricError


@app.command()
def score(document: Path = typer.Argument(..., help="The document to grade."),
          rubric: Path = typer.Option(..., "--rubric", "-r", metavar="RUBRIC",
                                      help="Rubric XML."),
          input: Optional[Path] = typer.Option(None, "--input", metavar="DOCUMENT",
                                               help="The task's input document (for "
                                               "unchanged/changed checks and "
                                               "expected-from=\"input\"; default: the "
                                               "rubric's)."),
          reference: Optional[Path] = typer.Option(None, "--reference", metavar="DOCUMENT",
                                                   help="Reference output (for "
                                                   "expected-from=\"reference\"; default: "
                                                   "the rubric's)."),
          as_json: bool = typer.Option(False, "--json", help="Print the ScoreCard as JSON."),
          recalc: Optional[bool] = typer.Option(None, "--recalc/--no-recalc",
                                                help=_RECALC_HELP, show_default=False)
          ) -> None:
    """Grade DOCUMENT against a rubric and print its ScoreCard.

    With `officeeval recalc-server` running, the server grades it (the same code and
    rubric, everything loaded once; OFFICEEVAL_WARM_SCORE=0 turns this off); else the
    command grades on its own. Exit 0 when graded (whatever the score; a broken document is
    an invalid_package ScoreCard), 3 for an invalid rubric, 4 when a document is missing, 5
    when evaluator errors were left out."""
    _existing_file(document, "document")
    for given, what in ((input, "--input"), (reference, "--reference")):
        if given is not None:
            _existing_file(given, what)
    from officeeval.cli.warm_score import graded_by_server
    served = graded_by_server(document, rubric, input, reference, recalc)
    if served is not None:
        # The user's warm server graded it (same code, same rubric): nothing to load here.
        if as_json:
            _json(served)
        else:
            from officeeval.scoring.console import print_scorecard
            from officeeval.scoring.scorecard import ScoreCard
            print_scorecard(ScoreCard.from_dict(served), console,
                            lines=log_output(console) or None)
        if served.get("eval_errors"):
            raise typer.Exit(EXIT_EVAL_ERROR)
        return
    from officeeval.scoring.engine import evaluate
    r = _load_rubric(rubric)
    card = evaluate(r, document, input=input, reference=reference,
                    options={} if recalc is None else {"recalc": recalc})
    if as_json:
        _json(card.to_dict())
    else:
        from officeeval.scoring.console import print_scorecard
        print_scorecard(card, console, lines=log_output(console) or None)
    if card.eval_errors:
        raise typer.Exit(EXIT_EVAL_ERROR)


@app.command()
def validate(rubrics: list[Path] = typer.Argument(..., help="Rubric XML files.")) -> None:
    """Validate rubrics: structure (XSD) and meaning; every problem with its line.

    Exit 3 when one is invalid."""
    from officeeval.rubric import load_rubric
    bad = 0
    for path in rubrics:
        try:
            r = load_rubric(path)
        except RubricError as exc:
            bad += 1
            console.print(f"[red]✗[/] {exc}", markup=True, highlight=False)
            continue
        console.print(f"[green]✓[/] {path}: {r.id} ({r.app}), {len(r.criteria)} criteria, "
                      f"{sum(len(c.checks) for c in r.criteria)} checks, {r.total:g} points")
    if bad:
        raise typer.Exit(EXIT_RUBRIC)


@app.command()
def audit(rubrics: list[Path] = typer.Argument(..., help="Rubric XML files."),
          as_json: bool = typer.Option(False, "--json", help="Print the audit as JSON."),
          write_md: Optional[Path] = typer.Option(None, "--write-md", metavar="FILE",
                                                  help="Also write the audit as Markdown "
                                                  "(e.g. rubrics/AUDIT.md)."),
          min_detection: float = typer.Option(0.98, "--min-detection", metavar="SHARE",
                                              help="Pooled share of breaking mutants that "
                                              "must be caught."),
          jobs: int = typer.Option(0, "--jobs", "-j", metavar="N", show_default=False,
                                   help="Parallel processes. Default: one per CPU."),
          keep_mutants: Optional[Path] = typer.Option(None, "--keep-mutants", metavar="DIR",
                                                      help="Keep the mutant documents in "
                                                      "this directory."),
          recalc: Optional[bool] = typer.Option(None, "--recalc/--no-recalc",
                                                help=_RECALC_HELP, show_default=False),
          solutions: Optional[Path] = typer.Option(None, "--solutions", metavar="DIR",
                                                   help="Independent solutions to run and "
                                                   "grade: DIR/<rubric id>/*.py (or *.py for "
                                                   "one rubric). Default: each task's "
                                                   "solutions/ beside its input."),
          no_solutions: bool = typer.Option(False, "--no-solutions",
                                            help="Do not run independent solutions.")
          ) -> None:
    """Audit rubrics: references score full marks, mutants are caught.

    The reference scores full marks, the untouched input passes only preservation
    criteria, mutants of the reference are caught, neutral ones are not, no selector finds
    a created object by a literal only the reference has, and independent solutions score
    full marks or lose only what the task's NOTES explain. Exit 1 when not clean, 3 when
    a rubric is invalid."""
    from officeeval.audit import audit as run_audit, default_jobs
    from officeeval.audit.progress import TerminalProgress
    from officeeval.audit.render import console as print_audit, invocation, markdown
    progress = TerminalProgress()
    try:
        report = run_audit(rubrics, min_detection=min_detection, jobs=jobs or default_jobs(),
                           keep_mutants=keep_mutants, progress=progress,
                           options={} if recalc is None else {"recalc": recalc},
                           solutions=False if no_solutions else solutions)
    finally:
        progress.finish()
    if write_md is not None:
        write_md.write_text(markdown(report, invocation(rubrics, write_md)), encoding="utf-8")
    if as_json:
        _json(report.to_dict())
    else:
        print_audit(report, console)
    if any(r.error.startswith("invalid rubric") for r in report.rubrics):
        raise typer.Exit(EXIT_RUBRIC)
    if not report.clean:
        raise typer.Exit(EXIT_FAILED)


@app.command()
def draft(input_doc: Path = typer.Argument(..., metavar="INPUT", help="The task's input document."),
          reference: Path = typer.Argument(..., metavar="REFERENCE",
                                           help="The model answer (reference) document."),
          out: Path = typer.Option(..., "-o", "--out", metavar="RUBRIC.xml",
                                   help="Where to write the drafted rubric."),
          instruction: Optional[Path] = typer.Option(None, "--instruction", metavar="FILE",
                                                     help="The task's instruction (Markdown):"
                                                     " each criterion names the step it "
                                                     "most likely grades."),
          rubric_id: Optional[str] = typer.Option(None, "--id", help="Rubric id (default: "
                                                  "the output file's name)."),
          level: Optional[str] = typer.Option(None, "--level", help="The task's level."),
          run_audit: bool = typer.Option(True, "--audit/--no-audit",
                                         help="Audit the draft at once."),
          jobs: int = typer.Option(0, "--jobs", "-j", metavar="N", show_default=False,
                                   help="Processes grading the audit's mutants. Default: "
                                   "one per CPU."),
          recalc: Optional[bool] = typer.Option(None, "--recalc/--no-recalc",
                                                help=_RECALC_HELP, show_default=False)
          ) -> None:
    """Draft a rubric from a task's input and reference documents.

    Targets are paired by content (paragraph text, style and sheet names, cell addresses,
    slide titles, shape names); one criterion per changed property group, with evidence
    as comments. Exit 1 when the audited draft is not clean, 4 when a document cannot be
    read, 2 when the two are of different applications."""
    from officeeval import recalc as recalc_mod
    from officeeval.draft import draft as run_draft, title_of
    from officeeval.rubric import load_rubric
    for p, what in ((input_doc, "input"), (reference, "reference")):
        _existing_file(p, what)
    if instruction is not None:
        _existing_file(instruction, "instruction")
    if out.is_dir():
        _fail(EXIT_USAGE, f"-o {out} is a directory; name the rubric file")
    backends = recalc_mod.backends(recalc)
    try:
        try:
            d = run_draft(input_doc, reference, out, instruction=instruction,
                          rubric_id=rubric_id, level=level, backends=backends,
                          title=title_of(instruction) if instruction else None)
        except PackageError as exc:
            _fail(EXIT_DOCUMENT, f"cannot read a document: {exc}")
        except ValueError as exc:
            _fail(EXIT_USAGE, str(exc))
        out.parent.mkdir(parents=True, exist_ok=True)
        out.write_text(d.text, encoding="utf-8")
        r = load_rubric(out)
        console.print(f"wrote {out}: {len(r.criteria)} criteria, "
                      f"{sum(len(c.checks) for c in r.criteria)} checks, {r.total:g} points; "
                      f"reference {d.reference_score:g}, input {d.input_score:g}")
        for f in d.flags:
            console.print(f"  not drafted: {f}", highlight=False, markup=False)
        for s in d.unmatched_steps:
            console.print(f"  step with no criterion: {s}", highlight=False, markup=False)
        if not run_audit:
            return
        from officeeval.audit import default_jobs
        from officeeval.audit.progress import TerminalProgress
        from officeeval.audit.runner import audit_rubric
        progress = TerminalProgress()
        try:
            # A draft is audited on its mutants and variants; the task's independent
            # solutions and their NOTES belong to its reviewed rubric
            # (bench/draft_blind_bench.py grades them with a draft).
            a = audit_rubric(out, backends=backends, jobs=jobs or default_jobs(),
                             progress=progress.rubric(out.stem), solutions=False)
        finally:
            progress.finish()
    finally:
        backends.close()
    rate = a.detection_rate
    console.print(f"audit: {'clean' if a.clean() else 'NOT clean'}: reference "
                  f"{a.reference_score}, input {a.input_score}, mutants caught "
                  f"{'-' if rate is None else f'{rate:.1%}'}, false fails "
                  f"{len(a.false_fails)}" + (f", error: {a.error}" if a.error else ""),
                  highlight=False, markup=False)
    for m in a.survivors + a.false_fails:
        console.print(f"  {m.verdict}: {m.description[:100]} — {m.explanation[:160]}",
                      highlight=False, markup=False)
    for c in a.input_offenders:
        console.print(f"  {c.id} passes on the untouched input", highlight=False,
                      markup=False)
    if not a.clean():
        raise typer.Exit(EXIT_FAILED)
