"""Commands over many documents: ``batch``, ``report``, ``tasks``, ``serve``."""

from __future__ import annotations

from pathlib import Path
from typing import Optional

import typer

from officeeval.cli.common import (
    EXIT_USAGE, EXIT_RUBRIC, EXIT_EVAL_ERROR, EXIT_INTERNAL, app, console, err_console,
    _JSON_HELP, _RECALC_HELP, _fail, _json, _output_dir,
)
from officeeval.errors import TaskError


@app.command()
def report(outdirs: list[Path] = typer.Argument(..., metavar="OUTDIR", help="A batch output "
                                                "directory (holding results.sqlite); give "
                                                "two, A then B, to compare them."),
           output: Optional[Path] = typer.Option(None, "--output", "-o", metavar="DIR",
                                                 help="Where to write. Default: "
                                                 "OUTDIR/report, or B/report when "
                                                 "comparing."),
           inspect_logs: Optional[list[Path]] = typer.Option(
               None, "--inspect-log", metavar="LOG", help="An Inspect log (or a folder of "
               "them) of `inspect eval officeeval/ncre`: its samples are read into "
               "OUTDIR's store first (repeatable; pip install 'officeeval[inspect]')."),
           headline_models: Optional[list[str]] = typer.Option(
               None, "--headline-models", metavar="MODEL", help="The models the '(all)' "
               "headline pools (repeatable, or comma-separated). Default: every model "
               "whose lines are not marked hostile in the manifest.")) -> None:
    """Write a batch's report, or compare two batches.

    One directory: index.html, grade sheets, summary.md/json, CSV. Two (A then B):
    compare.html, compare.md. Exit 2 when a directory holds no results store, the output
    directory cannot be written, or a headline model is not in the batch."""
    from officeeval.analysis import StoreUnavailable
    from officeeval.report.console import print_report_summary
    if len(outdirs) > 2:
        _fail(EXIT_USAGE, "give one batch directory, or two (A then B) to compare")
    if output is not None:
        _output_dir(output, "-o")
    if inspect_logs:
        _import_inspect_logs(inspect_logs, outdirs[-1])
    chosen = [m.strip() for value in headline_models or [] for m in value.split(",")
              if m.strip()]
    if chosen and len(outdirs) != 1:
        _fail(EXIT_USAGE, "--headline-models goes with one batch directory")
    try:
        if len(outdirs) == 1:
            from officeeval.report.html import write_report
            path = write_report(outdirs[0], output, chosen or None)
        else:
            from officeeval.report.compare import write_compare
            path = write_compare(outdirs[0], outdirs[1], output)
    except (StoreUnavailable, ValueError) as exc:
        _fail(EXIT_USAGE, str(exc))
    print_report_summary(path, console)


def _import_inspect_logs(logs: list[Path], outdir: Path) -> None:
    """Read Inspect logs into OUTDIR's results store (``officeeval.inspect.logs``)."""
    try:
        from officeeval.inspect.logs import import_logs
    except ImportError:
        _fail(EXIT_USAGE, "reading Inspect logs needs inspect-ai: pip install "
                          "'officeeval[inspect]'")
    try:
        got = import_logs(logs, outdir)
    except TaskError as exc:
        _fail(EXIT_USAGE, str(exc))
    console.print(f"{got.samples} sample(s) of {got.logs} Inspect log(s) read into "
                  f"{outdir}" + (f"; {len(got.skipped)} without an officeeval score"
                                 if got.skipped else ""), highlight=False)


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
                                                help=_RECALC_HELP),
          header_timeout: float = typer.Option(10.0, "--header-timeout", help="Seconds a "
                                               "connection may take to send a request head "
                                               "(then it is closed)."),
          max_connections: int = typer.Option(1000, "--max-connections", help="Connections "
                                              "kept open; one more evicts the one waiting "
                                              "longest for its request head."),
          graceful_timeout: float = typer.Option(30.0, "--graceful-timeout", help="Seconds "
                                                 "requests in flight may take to finish "
                                                 "after SIGTERM (then 503)."),
          worker_memory: str = typer.Option("2G", "--worker-memory", help="Resident memory "
                                            "a grading worker may hold; a document needing "
                                            "more is unevaluable."),
          recycle_rss: str = typer.Option("1G", "--recycle-rss", help="Replace a worker "
                                          "after a job that took its resident memory past "
                                          "this."),
          recycle_jobs: int = typer.Option(500, "--recycle-jobs", help="Replace a worker "
                                           "after this many jobs."),
          inline_timeout: float = typer.Option(15.0, "--inline-timeout", help="Seconds a "
                                               "worker may grade against a rubric sent with "
                                               "the request (504 beyond)."),
          body_budget: Optional[str] = typer.Option(None, "--body-budget", help="Request "
                                                    "body bytes held at once (default: 8 x "
                                                    "--max-body; 503 beyond).")) -> None:
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
            isolation=isolation, python=python, recalc=recalc,
            graceful_timeout=graceful_timeout, header_timeout=header_timeout,
            max_connections=max_connections, worker_memory=worker_memory,
            recycle_rss=recycle_rss, recycle_jobs=recycle_jobs,
            inline_timeout=inline_timeout, body_budget=body_budget)
        code = run_server(options)
    except (OptionsError, TaskError) as exc:
        _fail(EXIT_USAGE, str(exc))
    raise typer.Exit(code)


def _batch_report(out: Path, console, make_report: bool) -> bool:  # noqa: ANN001 - a Console
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


@app.command("recalc-server")
def recalc_server(socket_path: Optional[Path] = typer.Option(
                      None, "--socket", metavar="PATH",
                      help="Where to listen. Default: the socket score, query, inspect, "
                      "audit and draft look for ($OFFICEEVAL_RECALC_SOCKET, else "
                      "$XDG_RUNTIME_DIR/officeeval/recalc.sock or "
                      "/tmp/officeeval-UID/recalc.sock)."),
                  instances: int = typer.Option(1, "--instances", metavar="N",
                                                help="LibreOffice instances at most (another "
                                                "starts only while requests wait)."),
                  prestart: bool = typer.Option(True, "--prestart/--no-prestart",
                                                help="Start LibreOffice, and recalculate a "
                                                "workbook of its own, before listening "
                                                "(rather than on the first request).")) -> None:
    """Keep LibreOffice and a grader running for this user's commands: score, query,
    inspect, audit and draft find it and recalculate and lay documents out through it (each
    falls back to a LibreOffice of its own if it stops), and score has it grade (with the
    same code, else it grades on its own), so grading documents one by one from a shell pays
    LibreOffice's start and the grader's imports once. Stops on Ctrl-C or SIGTERM. Exit 2
    when the socket cannot be used or a server already answers on it."""
    import signal
    import socket
    import threading

    from officeeval import recalc
    from officeeval.recalc.libreoffice import find_soffice
    from officeeval.recalc.server import serve
    from officeeval.recalc.service import RecalcService
    from officeeval.recalc.warm_socket import private_folder, socket_path as default_socket
    path = socket_path or default_socket()
    if path is None:
        _fail(EXIT_USAGE, "OFFICEEVAL_RECALC_SOCKET is none: give --socket PATH")
    soffice = find_soffice()
    if soffice is None:
        _fail(EXIT_USAGE, "LibreOffice is not installed (libreoffice-calc, "
                          "libreoffice-writer, libreoffice-impress, python3-uno)")
    try:
        private_folder(path)
    except OSError as exc:
        _fail(EXIT_USAGE, f"--socket {path}: {exc}")
    if path.exists():
        probe = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        try:
            probe.connect(str(path))
            _fail(EXIT_USAGE, f"a recalculation server already answers on {path}")
        except OSError:
            path.unlink()  # a server that ended without removing it
        finally:
            probe.close()
    service = RecalcService(soffice, timeout=recalc.timeout(), instances=max(1, instances))
    if prestart:
        # Listening only once warm: the user's next command is the one that must be fast.
        from officeeval.recalc.warm_up import warm_up
        err_console.print("recalc-server: starting LibreOffice …", markup=False,
                          highlight=False)
        if not warm_up(service):
            err_console.print("recalc-server: LibreOffice did not start; each request will "
                              "try again", markup=False, highlight=False)
    stop = threading.Event()
    for sig in (signal.SIGINT, signal.SIGTERM):
        signal.signal(sig, lambda *_: stop.set())
    err_console.print(f"recalc-server: listening on {path}; Ctrl-C stops it", markup=False,
                      highlight=False)

    def until() -> None:
        while not stop.wait(0.5):
            pass
    # ``score`` asks it to grade too (scoring.warm): the grader, every application's
    # readers and the catalog loaded once, here, before the first request.
    from officeeval.backends import Backends
    from officeeval.catalog import catalog
    from officeeval.recalc.layouter import Layouter
    from officeeval.scoring.warm import OP, WarmGrading
    catalog()
    grading = WarmGrading(Backends(recalc=service, layout=Layouter(lambda: service)))
    try:
        serve(str(path), service, until=until, ops={OP: grading.answer})
    finally:
        grading.close()
        path.unlink(missing_ok=True)
