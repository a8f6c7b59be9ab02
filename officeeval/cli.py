"""The command line: thin commands over the library, and the one error -> exit-code map.

Exit codes (documented in the README):
  0  the command did its job (``score`` graded the document, whatever the score)
  1  the job found failures it was asked to find (``audit`` not clean, ``validate`` issues;
     ``generate``: some requests still failed after retries)
  2  usage error (bad arguments; typer's own)
  3  a rubric is invalid
  4  a document cannot be read (``query`` / ``inspect``) or is missing (``score``)
  5  grading finished with evaluator errors (our bugs or unverifiable values)
 70  internal error
"""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path
from typing import Optional

import typer
from rich.console import Console
from typer.core import TyperCommand, TyperGroup

from officeeval.errors import OfficeEvalError, PackageError, RubricError, SelectorSyntaxError, \
    TaskError

EXIT_OK, EXIT_FAILED, EXIT_USAGE, EXIT_RUBRIC, EXIT_DOCUMENT, EXIT_EVAL_ERROR = 0, 1, 2, 3, 4, 5
EXIT_INTERNAL = 70


class _Params:
    """Help without type placeholders (mixed into typer's command and group classes): a
    flag shows no value, an option or argument without a metavar of its own shows its name
    in capitals, and the usage line names arguments plainly (``DOCUMENT``, not
    ``{document}``)."""

    def get_params(self, ctx):  # noqa: ANN001, ANN201 - click's types
        params = super().get_params(ctx)  # type: ignore[misc]
        for p in params:
            if p.metavar is None:
                flag = getattr(p, "is_flag", False) or getattr(p, "count", False)
                p.metavar = "" if flag else (p.name or "").upper()
            if getattr(p, "param_type_name", "") == "argument" and \
                    hasattr(p, "display_type_rich"):
                # Newer typer prints an argument's Python type (<path>) beside its name.
                p.display_type_rich = lambda ctx: None  # noqa: ARG005
        return params

    def collect_usage_pieces(self, ctx):  # noqa: ANN001, ANN201
        return [re.sub(r"^\{([A-Z_]+)\}(\.\.\.)?$", r"\1\2", piece)
                for piece in super().collect_usage_pieces(ctx)]  # type: ignore[misc]


class _Command(_Params, TyperCommand):
    pass


class _Group(_Params, TyperGroup):
    pass


class _App(typer.Typer):
    """Every command of this app, however declared, gets the help of ``_Params``."""

    def command(self, *args, cls=None, **kwargs):  # noqa: ANN001, ANN002, ANN003, ANN201
        return super().command(*args, cls=cls or _Command, **kwargs)


app = _App(cls=_Group, add_completion=False, no_args_is_help=True,
           pretty_exceptions_enable=False, help="Grade Office documents against exam rubrics.")
console = Console()
err_console = Console(stderr=True)

_JSON_HELP = "Print JSON instead of a table."
_RECALC_HELP = ("Recalculate formulas that have no cached value, and lay documents out for "
                "layout checks, with LibreOffice; --no-recalc never starts it (layout "
                "checks are then eval_errors). Default: when LibreOffice is installed.")


def _fail(code: int, message: str) -> None:
    """Print MESSAGE as one line (never wrapped at the terminal's width) and exit CODE."""
    err_console.print(message, markup=False, highlight=False, soft_wrap=True)
    raise typer.Exit(code)


def _json(obj) -> None:
    sys.stdout.write(json.dumps(obj, ensure_ascii=False, indent=2, default=str) + "\n")


def _existing_file(path: Path, what: str) -> None:
    """Exit 4 with one line when PATH (a document to read) is missing or not a file."""
    if not path.exists():
        _fail(EXIT_DOCUMENT, f"cannot read {what} {path}: no such file")
    if not path.is_file():
        _fail(EXIT_DOCUMENT, f"cannot read {what} {path}: not a file")


def _output_dir(path: Path, flag: str) -> None:
    """Exit 2 with one line unless PATH is a directory we can write in, or one we can
    create (nothing is created here)."""
    import os
    if path.exists() and not path.is_dir():
        _fail(EXIT_USAGE, f"{flag} {path}: that is an existing file; give a directory")
    existing = path
    while not existing.exists() and existing.parent != existing:
        existing = existing.parent
    if not existing.is_dir():
        _fail(EXIT_USAGE, f"{flag} {path}: cannot create the directory ({existing} is a "
                          f"file)")
    if not os.access(existing, os.W_OK | os.X_OK):
        what = "the directory is" if existing == path else f"{existing} is"
        _fail(EXIT_USAGE, f"{flag} {path}: {what} not writable")


def _load_rubric(path: Path):
    from officeeval.rubric import load_rubric
    try:
        return load_rubric(path)
    except RubricError as exc:
        _fail(EXIT_RUBRIC, str(exc))


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

    Exit 0 when graded (whatever the score; a broken document is an invalid_package
    ScoreCard), 3 for an invalid rubric, 4 when a document is missing, 5 when evaluator
    errors were left out."""
    from officeeval.report.console import print_scorecard
    from officeeval.scoring import evaluate
    _existing_file(document, "document")
    for given, what in ((input, "--input"), (reference, "--reference")):
        if given is not None:
            _existing_file(given, what)
    r = _load_rubric(rubric)
    card = evaluate(r, document, input=input, reference=reference,
                    options={} if recalc is None else {"recalc": recalc})
    if as_json:
        _json(card.to_dict())
    else:
        print_scorecard(card, console)
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
                                                help=_RECALC_HELP, show_default=False)
          ) -> None:
    """Audit rubrics: references score full marks, mutants are caught.

    The reference scores full marks, the untouched input passes only preservation
    criteria, mutants of the reference are caught, neutral ones are not. Exit 1 when not
    clean, 3 when a rubric is invalid."""
    from officeeval.audit import audit as run_audit, default_jobs
    from officeeval.audit.render import console as print_audit, invocation, markdown
    report = run_audit(rubrics, min_detection=min_detection, jobs=jobs or default_jobs(),
                       keep_mutants=keep_mutants,
                       options={} if recalc is None else {"recalc": recalc})
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
        from officeeval.audit.runner import audit_rubric
        a = audit_rubric(out, backends=backends)
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


def _open(document: Path):
    """The document, with a recalculation backend of this command's own (nothing started
    unless a formula value needs it); ``_close`` closes both."""
    from officeeval import recalc
    from officeeval.formats import open_document
    backends = recalc.backends()
    try:
        return open_document(document, backends=backends)
    except PackageError as exc:
        backends.close()
        _fail(EXIT_DOCUMENT, f"cannot read {document}: {exc}")


def _close(doc) -> None:
    try:
        doc.close()
    finally:
        doc.backends.close()


@app.command()
def query(document: Path = typer.Argument(..., help="The document to read."),
          select: Optional[str] = typer.Option(None, "--select", "-s", metavar="SELECTOR",
                                               help="Which targets, e.g. \"paragraph[1]\" "
                                               "(see docs/rubrics.md). Default: the "
                                               "document itself."),
          prop: str = typer.Option(..., "--property", "-p", metavar="PROPERTY",
                                   help="Property name (officeeval properties lists them)."),
          direct: bool = typer.Option(False, "--direct", help="Only values set directly on "
                                      "the target (not inherited from styles or defaults)."),
          as_json: bool = typer.Option(False, "--json", help=_JSON_HELP)) -> None:
    """Print every selected target's value of a property, with where it came from.

    Exit 2 for a bad selector or property, or when the selector selects nothing (saying
    why); 4 when the document cannot be read."""
    from officeeval.inspection import query as run_query
    from officeeval.catalog import catalog
    from officeeval.report.console import print_rows
    from officeeval.selectors import explain_empty, validate_selector
    doc = _open(document)
    try:
        if catalog().get(prop) is None:
            hint = catalog().suggest(prop, doc.app)
            _fail(EXIT_USAGE, f"unknown property {prop!r}"
                  + (f"; did you mean {hint!r}?" if hint else
                     f" (officeeval properties --app {doc.app} lists them)"))
        if select and select.strip():
            issues, _ = validate_selector(select, doc.app)
            if issues:
                _fail(EXIT_USAGE, f"--select {select!r}: " + "; ".join(
                    f"column {col}: {msg}" for col, msg in issues))
        try:
            rows = run_query(doc, select, prop, direct)
        except SelectorSyntaxError as exc:
            _fail(EXIT_USAGE, f"--select {select!r}: {exc}")
        except (KeyError, LookupError) as exc:
            _fail(EXIT_USAGE, f"--select {select!r}: {exc.args[0] if exc.args else exc}")
        if not rows:
            _fail(EXIT_USAGE, f"--select {select!r} selects nothing: "
                              f"{explain_empty(doc, select or '')}")
    finally:
        _close(doc)
    if as_json:
        _json(rows)
    else:
        print_rows(rows, console)


@app.command()
def inspect(document: Path = typer.Argument(..., help="The document to read."),
            limit: int = typer.Option(50, "--limit", metavar="N",
                                      help="At most this many targets per selector."),
            as_json: bool = typer.Option(False, "--json", help=_JSON_HELP)) -> None:
    """Resolve every catalog property on the standard targets of a document.

    Exit 4 when the document cannot be read."""
    from officeeval.inspection import inspect as run_inspect
    from officeeval.report.console import print_rows
    doc = _open(document)
    try:
        rows = run_inspect(doc, limit)
    finally:
        _close(doc)
    if as_json:
        _json(rows)
    else:
        print_rows(rows, console)


@app.command()
def properties(app_name: Optional[str] = typer.Option(None, "--app", metavar="APP",
                                                      help="Only the properties of word, "
                                                      "excel or ppt. Default: all."),
               as_json: bool = typer.Option(False, "--json", help=_JSON_HELP),
               as_markdown: bool = typer.Option(False, "--markdown",
                                                help="The whole catalog as Markdown (what "
                                                "docs/properties.md holds).")) -> None:
    """List the property catalog: name, apps, value type, unit, description.

    Exit 2 for an unknown app."""
    from rich.table import Table

    from officeeval import apps as app_specs
    from officeeval.catalog import catalog, markdown
    if as_markdown:
        sys.stdout.write(markdown() + "\n")
        return
    APPS = app_specs.names()
    if app_name is not None and app_name not in APPS:
        import difflib
        hint = difflib.get_close_matches(app_name, APPS, n=1)
        _fail(EXIT_USAGE, f"unknown app {app_name!r}: give word, excel or ppt"
              + (f" (did you mean {hint[0]!r}?)" if hint else ""))
    rows = []
    for p in catalog().all():
        apps = p.apps() if p.name != "count" else list(APPS)
        if app_name and app_name not in apps:
            continue
        types = {a: p.type_for(a) for a in apps} or {"": p.vtype}
        rows.append({"name": p.name, "apps": apps,
                     "type": ", ".join(sorted({t.name for t in types.values()})),
                     "unit": ", ".join(sorted({t.unit for t in types.values() if t.unit})),
                     "targets": {a: sorted(p.bindings[a].kinds) for a in p.bindings},
                     "description": p.doc, "values": types[next(iter(types))].description})
    if as_json:
        _json(rows)
        return
    table = Table(header_style="bold")
    for col in ("property", "apps", "type", "unit", "description"):
        table.add_column(col, overflow="fold")
    for r in rows:
        table.add_row(r["name"], ",".join(r["apps"]) or "-", r["type"], r["unit"],
                      r["description"])
    console.print(table)


@app.command()
def comparators(as_json: bool = typer.Option(False, "--json", help=_JSON_HELP)) -> None:
    """List the comparators."""
    from officeeval.comparators import all_comparators
    rows = [{"name": c.name, "needs_expected": c.needs_expected, "kind": c.kind,
             "description": c.doc} for c in all_comparators()]
    if as_json:
        _json(rows)
        return
    for r in rows:
        console.print(f"[bold]{r['name']}[/]  {r['description']}")


@app.command()
def report(outdirs: list[Path] = typer.Argument(..., metavar="OUTDIR", help="A batch output "
                                                "directory (holding results.sqlite); give "
                                                "two, A then B, to compare them."),
           output: Optional[Path] = typer.Option(None, "--output", "-o", metavar="DIR",
                                                 help="Where to write. Default: "
                                                 "OUTDIR/report, or B/report when "
                                                 "comparing.")) -> None:
    """Write a batch's report, or compare two batches.

    One directory: index.html, grade sheets, summary.md/json, CSV. Two (A then B):
    compare.html, compare.md. Exit 2 when a directory holds no results store or the output
    directory cannot be written."""
    from officeeval.analysis import StoreUnavailable
    from officeeval.report.console import print_report_summary
    if len(outdirs) > 2:
        _fail(EXIT_USAGE, "give one batch directory, or two (A then B) to compare")
    if output is not None:
        _output_dir(output, "-o")
    try:
        if len(outdirs) == 1:
            from officeeval.report.html import write_report
            path = write_report(outdirs[0], output)
        else:
            from officeeval.report.compare import write_compare
            path = write_compare(outdirs[0], outdirs[1], output)
    except StoreUnavailable as exc:
        _fail(EXIT_USAGE, str(exc))
    print_report_summary(path, console)


@app.command()
def tasks(dirs: Optional[list[Path]] = typer.Argument(None, metavar="DIR", help="More rubric "
                                                      "directories or files. ./rubrics is "
                                                      "always listed (or, without one, the "
                                                      "rubrics/ of the officeeval "
                                                      "checkout)."),
          as_json: bool = typer.Option(False, "--json", help=_JSON_HELP)) -> None:
    """List the known tasks: id, app, level, criteria, and each file present or missing.

    Exit 2 when no task is found (saying where it looked), 3 when a rubric is invalid."""
    from officeeval.runner.tasks_listing import print_tasks, task_rows
    rows, issues, locations = task_rows([str(d) for d in dirs or []])
    if not rows:
        where = ", ".join(locations) or "no rubrics/ directory here"
        _fail(EXIT_USAGE, "no tasks found (looked in: " + where + ")"
              + "".join(f"; {i}" for i in issues)
              + "; give a rubric directory: officeeval tasks DIR")
    if as_json:
        _json({"tasks": rows, "issues": issues, "locations": locations})
    else:
        print_tasks(rows, issues, console, locations)
    if any(r["error"] for r in rows):
        raise typer.Exit(EXIT_RUBRIC)


@app.command()
def batch(manifest: Path = typer.Argument(..., help="Manifest (JSON Lines: task, model, "
                                          "sample and code, answer or output)."),
          out: Path = typer.Option(..., "--out", "-o", metavar="DIR",
                                   help="Output directory (results store; the report goes "
                                   "to DIR/report)."),
          task_dirs: Optional[list[Path]] = typer.Option(None, "--tasks", metavar="DIR",
                                                         help="Rubric directory or file "
                                                         "(repeatable). Default: rubrics/ "
                                                         "next to the manifest or above it, "
                                                         "else ./rubrics, else the "
                                                         "checkout's; the batch says which."),
          jobs: int = typer.Option(0, "--jobs", "-j", metavar="N", show_default=False,
                                   help="Parallel workers. Default: one per CPU."),
          backend: str = typer.Option("local", "--backend", metavar="NAME",
                                      help="local or ray."),
          ray_address: Optional[str] = typer.Option(None, "--ray-address", metavar="ADDRESS",
                                                    help="Ray cluster (default: start a "
                                                    "local one)."),
          rerun: bool = typer.Option(False, "--rerun", help="Grade everything again."),
          timeout: Optional[float] = typer.Option(None, "--timeout", metavar="SECONDS",
                                                  help="Wall-clock seconds per program "
                                                  "(default 60)."),
          cpu: Optional[float] = typer.Option(None, "--cpu", metavar="SECONDS",
                                              help="CPU seconds per program (default 60)."),
          memory: Optional[str] = typer.Option(None, "--memory", metavar="SIZE",
                                               help="Address-space limit per program, e.g. "
                                               "1G (default 2G)."),
          file_size: Optional[str] = typer.Option(None, "--file-size", metavar="SIZE",
                                                  help="Largest file a program may write, "
                                                  "e.g. 16M (default 64M)."),
          processes: Optional[int] = typer.Option(None, "--processes", metavar="N",
                                                  help="Processes per program (default "
                                                  "64)."),
          disk: Optional[str] = typer.Option(None, "--disk", metavar="SIZE",
                                             help="Disk quota per program: bytes it may "
                                             "write, e.g. 64M (default 256M)."),
          files: Optional[int] = typer.Option(None, "--files", metavar="N",
                                              help="Disk quota per program: files and "
                                              "folders it may create (default 10000)."),
          outputs_root: Optional[Path] = typer.Option(None, "--outputs-root", metavar="DIR",
                                                      help="Folder that manifest 'output' "
                                                      "paths must stay in (default: the "
                                                      "manifest's)."),
          isolation: str = typer.Option("auto", "--isolation", metavar="MODE",
                                        help="auto (bubblewrap when usable), bwrap "
                                        "(required) or rlimits."),
          python: Optional[str] = typer.Option(None, "--python", metavar="PATH",
                                               help="Interpreter for the programs (default: "
                                               "this one)."),
          recalc: Optional[bool] = typer.Option(None, "--recalc/--no-recalc",
                                                help=_RECALC_HELP, show_default=False),
          keep_outputs: bool = typer.Option(True, "--keep-outputs/--no-keep-outputs",
                                            help="Keep graded documents in DIR/documents."),
          pages: str = typer.Option("layout", "--pages", metavar="WHICH",
                                    help="Page images in the grade sheets (LibreOffice): "
                                    "layout (documents a layout check laid out), all "
                                    "(every kept document, about a second each), off."),
          make_report: bool = typer.Option(True, "--report/--no-report", help="Write the "
                                           "report at the end.")) -> None:
    """Grade a manifest of generations in sandboxes, in parallel, and report.

    Results go to DIR's results store (resumable: run the same command again to finish an
    interrupted batch) and the report to DIR/report. Progress is a bar on a terminal, a
    line every few seconds otherwise. Exit 0 when finished, 2 when there is nothing to grade
    (no tasks, every line rejected: the reason is printed) or DIR cannot be written, 3 if
    a rubric is invalid, 5 if any evaluator error."""
    _output_dir(out, "-o")
    if backend == "local":
        from officeeval.runner.pool import prewarm
        prewarm()  # the workers' preload overlaps the imports and planning below
    from officeeval.runner.batch_command import batch_options, finish_batch, start_batch
    try:
        options = batch_options(
            jobs=jobs, backend=backend, ray_address=ray_address, rerun=rerun,
            limits={"timeout": timeout, "cpu": cpu, "memory": memory,
                    "file_size": file_size, "processes": processes, "disk": disk,
                    "files": files},
            isolation=isolation, python=python, tasks=task_dirs, recalc=recalc,
            keep_outputs=keep_outputs, outputs_root=outputs_root, pages=pages)
    except (TaskError, ValueError) as exc:
        _fail(EXIT_USAGE, str(exc))
    try:
        result = start_batch(manifest, out, options, console)
    except KeyboardInterrupt:
        _fail(130, "interrupted: what finished is stored; run the same command again to "
                   "resume")
    except TaskError as exc:
        _fail(EXIT_USAGE, str(exc))
    verdict = finish_batch(result, console)
    reported = _batch_report(out, console, make_report)
    if verdict:
        raise typer.Exit({"rubric": EXIT_RUBRIC, "eval_error": EXIT_EVAL_ERROR}[verdict])
    if not reported:
        raise typer.Exit(EXIT_INTERNAL)


@app.command()
def serve(task_dirs: Optional[list[Path]] = typer.Option(None, "--tasks", help="Rubric "
                                                         "directory or file (repeatable; "
                                                         "default: rubrics/)."),
          host: str = typer.Option("127.0.0.1", "--host", help="Address to listen on "
                                   "(not loopback: --token-env is required)."),
          port: int = typer.Option(8000, "--port", help="Port (0: any free one, printed "
                                   "when ready)."),
          jobs: int = typer.Option(2, "--jobs", "-j", help="Grading worker processes."),
          queue: int = typer.Option(32, "--queue", help="Requests that may wait for a "
                                    "worker; beyond that, 429 with Retry-After."),
          max_body: str = typer.Option("32M", "--max-body", help="Largest request body "
                                       "(413 beyond)."),
          read_timeout: float = typer.Option(30.0, "--read-timeout", help="Seconds a "
                                             "client may take to send its body (408)."),
          grade_timeout: float = typer.Option(120.0, "--grade-timeout", help="Seconds a "
                                              "worker may grade one document, plus the "
                                              "program's time limit for /v1/run (504)."),
          token_env: Optional[str] = typer.Option(None, "--token-env", help="Environment "
                                                  "variable holding the bearer token "
                                                  "every request must carry."),
          expose_rubrics: bool = typer.Option(False, "--expose-rubrics", help="Show checks, "
                                              "expected values and the reference in "
                                              "/v1/tasks."),
          store: Optional[Path] = typer.Option(None, "--store", help="Write every graded "
                                               "request to DIR/results.sqlite (officeeval "
                                               "report DIR)."),
          keep_documents: bool = typer.Option(False, "--keep-documents", help="Keep graded "
                                              "documents in STORE/documents."),
          timeout: Optional[float] = typer.Option(None, "--timeout", help="Wall-clock "
                                                  "seconds per program (default 60)."),
          cpu: Optional[float] = typer.Option(None, "--cpu", help="CPU seconds per program "
                                              "(default 60)."),
          memory: Optional[str] = typer.Option(None, "--memory", help="Address-space limit "
                                               "per program, e.g. 2G (default)."),
          isolation: str = typer.Option("auto", "--isolation", help="auto, bwrap or "
                                        "rlimits."),
          python: Optional[str] = typer.Option(None, "--python", help="Interpreter for the "
                                               "programs (default: this one)."),
          recalc: Optional[bool] = typer.Option(None, "--recalc/--no-recalc",
                                                help=_RECALC_HELP)) -> None:
    """Serve grading over HTTP for RL and agent loops: POST /v1/score, POST /v1/run,
    GET /v1/tasks, /healthz, /metrics, /openapi.json. Stops on Ctrl-C or SIGTERM."""
    try:
        from officeeval.service.options import OptionsError
        from officeeval.service.server import run_server, serve_options
    except ImportError as exc:
        _fail(EXIT_USAGE, f"serve needs the serve extra ({exc.name} is missing): "
                          "pip install 'officeeval[serve]'")
    try:
        options = serve_options(
            tasks=task_dirs, host=host, port=port, jobs=jobs, queue=queue,
            max_body=max_body, read_timeout=read_timeout, grade_timeout=grade_timeout,
            token_env=token_env, expose_rubrics=expose_rubrics, store=store,
            keep_documents=keep_documents,
            limits={"timeout": timeout, "cpu": cpu, "memory": memory},
            isolation=isolation, python=python, recalc=recalc)
        code = run_server(options)
    except (OptionsError, TaskError) as exc:
        _fail(EXIT_USAGE, str(exc))
    raise typer.Exit(code)


@app.command()
def outline(document: Path = typer.Argument(..., help="A .docx, .xlsx or .pptx file."),
            tokens: int = typer.Option(1500, "--tokens", help="Budget in estimated "
                                       "tokens.")) -> None:
    """Print the compact outline of a document that `prompts --outline` gives a model:
    paragraphs with styles, tables, sections; sheets with used range and first rows; slides
    with layouts, titles and shapes. Exit 4 when the document cannot be read."""
    from officeeval.outline import outline as make_outline
    try:
        text = make_outline(document, tokens)
    except PackageError as exc:
        _fail(EXIT_DOCUMENT, f"cannot read {document}: {exc}")
    sys.stdout.write(text + "\n")


@app.command()
def prompts(task_ids: Optional[list[str]] = typer.Argument(None, help="Task ids (default: "
                                                           "every task)."),
            out: Path = typer.Option(..., "--out", "-o", help="Where to write the prompt "
                                     "lines (JSON Lines)."),
            task_dirs: Optional[list[Path]] = typer.Option(None, "--tasks", help="Rubric "
                                                           "directory or file (repeatable;"
                                                           " default: rubrics/)."),
            lang: str = typer.Option("zh", "--lang", help="zh or en: the instruction's "
                                     "language and the shipped template's."),
            template: Optional[Path] = typer.Option(None, "--template", help="A prompt "
                                                    "template file (docs/generation.md)."),
            with_outline: bool = typer.Option(False, "--outline", help="Add an outline of "
                                              "the input file."),
            outline_tokens: int = typer.Option(1500, "--outline-tokens", help="Budget of "
                                               "the outline in estimated tokens."),
            timeout: Optional[float] = typer.Option(None, "--timeout", help="The time limit "
                                                    "the prompt states (default 60 s)."),
            memory: Optional[str] = typer.Option(None, "--memory", help="The memory limit "
                                                 "the prompt states (default 2G)."),
            images: str = typer.Option("omit", "--images", help="The pictures the "
                                       "instruction refers to (example-1.png): 'inline' "
                                       "sends them as image parts (vision models), 'omit' "
                                       "says they are not shown (text-only).")) -> None:
    """Write one prompt line per task: the messages a model gets (instruction, program
    contract, pictures, optional outline) from a versioned template. Exit 2 for unknown
    tasks, tasks without an instruction or a picture refused, 3 for invalid rubrics (the
    other lines are written)."""
    from officeeval.generation.commands import make_prompts, registry_for
    from officeeval.generation.prompts import write_prompts
    from officeeval.generation.template import TemplateProblem
    from officeeval.runner.limits import Limits
    try:
        limits = Limits().merged({k: v for k, v in (("timeout", timeout),
                                                    ("memory", memory)) if v is not None})
        res = make_prompts(task_ids or [], registry_for(task_dirs), lang, template,
                           outline_tokens if with_outline else None, limits, images)
    except (TaskError, TemplateProblem) as exc:
        _fail(EXIT_USAGE, str(exc))
    n = write_prompts(res.lines, out)
    for problem in res.invalid_rubrics + res.problems:
        err_console.print(problem, markup=False, highlight=False)
    t = res.template
    pics = sum(len(x.get("pictures", [])) for x in res.lines)
    console.print(f"{n} prompt(s) written to {out} (template {t.id} version {t.version}, "
                  f"{lang}{', with outlines' if with_outline else ''}"
                  f"{f', {pics} picture(s) {images}' if pics else ''})", highlight=False)
    if res.invalid_rubrics:
        raise typer.Exit(EXIT_RUBRIC)
    if res.problems:
        raise typer.Exit(EXIT_USAGE)


@app.command()
def generate(prompts_file: Path = typer.Argument(..., help="Prompt lines (officeeval "
                                                 "prompts)."),
             model: str = typer.Option(..., "--model", help="The model name the endpoint "
                                       "serves."),
             base_url: str = typer.Option(..., "--base-url", help="OpenAI-compatible API, "
                                          "e.g. http://localhost:8000/v1."),
             out: Path = typer.Option(..., "--out", "-o", help="The manifest to write "
                                      "(appended; resumable)."),
             api_key_env: Optional[str] = typer.Option(None, "--api-key-env", help="The "
                                                       "variable holding the API key "
                                                       "(default OPENAI_API_KEY, optional)."),
             samples: int = typer.Option(1, "--samples", "-n", help="Samples per prompt."),
             label: Optional[str] = typer.Option(None, "--label", help="The model name "
                                                 "written on the lines (default --model)."),
             temperature: Optional[float] = typer.Option(None, "--temperature",
                                                         help="Sent when set (else the "
                                                         "server's default)."),
             top_p: Optional[float] = typer.Option(None, "--top-p", help="Sent when set."),
             max_tokens: Optional[int] = typer.Option(None, "--max-tokens", help="Sent when "
                                                      "set."),
             seed: Optional[int] = typer.Option(None, "--seed", help="Base seed (sample k "
                                                "uses seed + k - 1)."),
             turns: int = typer.Option(1, "--turns", help="Replies per generation: after "
                                       "each, the program runs and the model sees how."),
             concurrency: int = typer.Option(8, "--concurrency", help="Requests at once."),
             retries: int = typer.Option(6, "--retries", help="Retries of a request (429, "
                                         "5xx, timeouts, malformed replies)."),
             retry_delay: float = typer.Option(1.0, "--retry-delay", help="First backoff, "
                                               "seconds (doubled each retry)."),
             request_timeout: float = typer.Option(600.0, "--request-timeout",
                                                   help="Seconds per request attempt."),
             task_dirs: Optional[list[Path]] = typer.Option(None, "--tasks", help="Rubric "
                                                            "directory or file (for --turns "
                                                            "and --then-grade)."),
             jobs: int = typer.Option(0, "--jobs", "-j", help="Programs run at once "
                                      "(default: CPU count)."),
             timeout: Optional[float] = typer.Option(None, "--timeout", help="Wall-clock "
                                                     "seconds per program (default 60)."),
             memory: Optional[str] = typer.Option(None, "--memory", help="Address-space "
                                                  "limit per program (default 2G)."),
             isolation: str = typer.Option("auto", "--isolation", help="auto, bwrap or "
                                           "rlimits."),
             then_grade: Optional[Path] = typer.Option(None, "--then-grade", help="Then "
                                                       "grade the manifest into this batch "
                                                       "directory (like `batch`).")) -> None:
    """Ask an OpenAI-compatible endpoint for every prompt x sample and write the answers as
    a batch manifest (resumable: run it again to finish). With --turns N, each program runs
    in the sandbox and the model may repair it. Exit 1 when some requests still failed,
    2 for usage errors (including an endpoint that refuses every request)."""
    from officeeval.generation.client import EndpointUnusable, RequestParams, RetryPolicy
    from officeeval.generation.commands import api_key, run_generate
    from officeeval.generation.console import RichProgress, print_result
    from officeeval.generation.generate import GenerateOptions
    from officeeval.generation.template import TemplateProblem
    from officeeval.runner.batch_command import batch_options
    from officeeval.runner.sandbox import SandboxError
    if samples < 1 or turns < 1 or concurrency < 1 or retries < 0:
        _fail(EXIT_USAGE, "--samples, --turns and --concurrency must be at least 1, "
                          "--retries at least 0")
    try:
        key = api_key(api_key_env)
        sandboxing = batch_options(
            jobs=jobs, backend="local", ray_address=None, rerun=False,
            limits={"timeout": timeout, "memory": memory}, isolation=isolation,
            python=None, tasks=task_dirs, recalc=False, keep_outputs=True)
    except (TaskError, ValueError) as exc:
        _fail(EXIT_USAGE, str(exc))
    options = GenerateOptions(label=label or model, samples=samples, turns=turns,
                              concurrency=concurrency, jobs=jobs, limits=sandboxing.limits,
                              sandbox=sandboxing.sandbox)
    try:
        result = run_generate(
            prompts_file, out, base_url=base_url, key=key,
            params=RequestParams(model, temperature, top_p, max_tokens, seed),
            policy=RetryPolicy(retries, retry_delay, timeout=request_timeout),
            options=options, tasks=task_dirs, progress=RichProgress(console))
    except KeyboardInterrupt:
        _fail(130, f"interrupted: every finished answer is in {out}; run the same command "
                   f"again to resume")
    except (TaskError, TemplateProblem, EndpointUnusable, SandboxError) as exc:
        _fail(EXIT_USAGE, f"error: {exc}")
    print_result(result, console)
    code = EXIT_FAILED if result.failed else EXIT_OK
    if then_grade is not None:
        console.print(f"grading {out} into {then_grade}", highlight=False)
        try:
            batch(manifest=out, out=then_grade, task_dirs=task_dirs, jobs=jobs,
                  backend="local", ray_address=None, rerun=False, timeout=timeout, cpu=None,
                  memory=memory, file_size=None, processes=None, disk=None, files=None,
                  outputs_root=None, isolation=isolation, python=None, recalc=None,
                  pages="layout", keep_outputs=True, make_report=True)
        except typer.Exit as exc:
            code = exc.exit_code or code
    if code:
        raise typer.Exit(code)


def _batch_report(out: Path, console: Console, make_report: bool) -> bool:
    """The report writer when it is installed, else the per-model summary table. ``False``
    when the writer failed (the results are stored; ``officeeval report OUT`` retries)."""
    try:
        from officeeval.report.console import print_report_summary
        from officeeval.report.html import write_report
    except ImportError:
        write_report = None
    if make_report and write_report is not None:
        try:
            print_report_summary(write_report(out, out / "report"), console)
            return True
        except Exception as exc:  # noqa: BLE001 - the batch is stored; say so and go on
            err_console.print(f"the report could not be written ({type(exc).__name__}: "
                              f"{exc}); the results are stored in {out}", markup=False)
    from officeeval.runner.batch_command import print_store_summary
    print_store_summary(out, console)
    return write_report is None or not make_report


def main() -> None:
    try:
        app(prog_name="officeeval")  # also under ``python -m officeeval``
    except OfficeEvalError as exc:  # a library error no command mapped: still no traceback
        err_console.print(f"error: {exc}", markup=False)
        sys.exit(EXIT_INTERNAL)


if __name__ == "__main__":
    main()
