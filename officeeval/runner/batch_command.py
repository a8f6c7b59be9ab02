"""What the ``batch`` command does between parsing its options and writing the report:
build the options, run the batch with a progress bar, print what went wrong, and say
which exit status the batch deserves."""

from __future__ import annotations


from dataclasses import replace
from pathlib import Path
from typing import Any

from rich.console import Console

from officeeval.runner.batch import BatchOptions, BatchResult, run_batch
from officeeval.runner.console import print_issues, print_summary, progress_for
from officeeval.runner.limits import Limits
from officeeval.runner.sandbox import SandboxConfig
from officeeval.runner.store import Store
from officeeval.runner.summary import summarize


def batch_options(*, jobs: int, backend: str, ray_address: str | None, rerun: bool,
                  limits: dict[str, Any], isolation: str, python: str | None,
                  tasks: list[Path] | None, recalc: bool | None, keep_outputs: bool,
                  outputs_root: Path | None = None, pages: str = "layout") -> BatchOptions:
    """Options from the command line; ``None`` limits keep their defaults (and yield to
    what a line's prompt stated), the others are ``given_limits``. Raises ``TaskError`` (a
    bad limit) or ``ValueError`` (a bad choice)."""
    if isolation not in ("auto", "bwrap", "rlimits"):
        raise ValueError(f"--isolation must be auto, bwrap or rlimits, not {isolation!r}")
    if backend not in ("local", "ray"):
        raise ValueError(f"--backend must be local or ray, not {backend!r}")
    if jobs < 0:
        raise ValueError("--jobs must be positive")
    if pages not in ("layout", "all", "off"):
        raise ValueError(f"--pages must be layout, all or off, not {pages!r}")
    lim = Limits().merged({k: v for k, v in limits.items() if v is not None})
    sandbox = SandboxConfig(isolation=isolation)
    if python:
        sandbox = replace(sandbox, python=python)
    return BatchOptions(jobs=jobs, backend=backend, ray_address=ray_address, rerun=rerun,
                        limits=lim, sandbox=sandbox, tasks=tuple(str(t) for t in tasks or ()),
                        recalc=recalc, keep_outputs=keep_outputs,
                        outputs_root=str(outputs_root.resolve()) if outputs_root else None,
                        pages=pages,
                        given_limits=frozenset(k for k, v in limits.items() if v is not None))


def start_batch(manifest: Path, out: Path, options: BatchOptions,
                console: Console) -> BatchResult:
    """Say how programs will be isolated, then run the batch with a progress bar."""
    from officeeval.runner.sandbox import Sandbox, SandboxError
    try:
        sandbox = Sandbox(options.sandbox)
    except SandboxError as exc:
        console.print(f"[red]sandbox unavailable[/]: {exc}", highlight=False)
    else:
        if sandbox.warning:
            console.print(f"[yellow]sandbox: {sandbox.mode}[/] — {sandbox.warning}",
                          highlight=False)
        else:
            console.print(f"sandbox: {sandbox.mode} (Python {sandbox.interp.version}, "
                          f"{sandbox.interp.executable})", highlight=False)
    return run_batch(manifest, out, options, progress_for(console))


def finish_batch(result: BatchResult, console: Console) -> str | None:
    """Print issues and counts; return ``"rubric"`` (an invalid rubric), ``"eval_error"``
    (an evaluator error, or items we could not grade) or ``None`` (exit 0)."""
    print_issues(result, console)
    console.print(f"{result.total} generation(s) in the manifest: {result.graded} graded now, "
                  f"{result.skipped} already in {result.outdir}"
                  + (f", {len(result.errors)} not graded" if result.errors else ""),
                  highlight=False)
    n, k = result.recalc.get("recalculations", 0), result.recalc.get("instances", 0)
    reused = result.recalc.get("reused", 0)
    said = []
    if n:
        who = result.recalc.get("version") or "LibreOffice"
        said.append(f"{who} recalculated {n} workbook{'s' * (n != 1)} for the workers "
                    f"({k} instance{'s' * (k != 1)})")
    if reused:
        said.append(f"{reused} recalculated workbook{'s' * (reused != 1)} taken from "
                    f"{result.outdir / 'recalc-cache'} (kept by an earlier run)")
    if said:
        console.print("; ".join(said), highlight=False)
    if result.rubric_errors:
        return "rubric"
    if result.eval_errors or result.errors:
        return "eval_error"
    return None


def print_store_summary(out: Path, console: Console) -> None:
    with Store(out) as store:
        print_summary(summarize(store.generations()), console)



