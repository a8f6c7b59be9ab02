"""The execution-feedback loop's observation: run a reply's program in the same sandbox as
``batch`` (a fresh copy of the task's input and attachments, the same limits) and report
what a developer at a terminal would see — how it ended, the last lines of the traceback,
the ends of stdout and stderr, and whether ``output.<ext>`` was written and opens as a
document of the task's app (the package check, never the rubric).

Nothing here reads the rubric's criteria, the reference output or a score: a
``RunReport`` is built from the sandbox record and the package check alone.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Any

from officeeval.errors import PackageError
from officeeval.generation.template import render_text
from officeeval.runner.answers import Extraction
from officeeval.runner.classify import classify
from officeeval.runner.limits import Limits
from officeeval.runner.sandbox import Sandbox
from officeeval.runner.tasks import Task
from officeeval.scoring.outcomes import TaskOutcome

TRACEBACK_LINES, TRACEBACK_CHARS = 25, 3000
TAIL_LINES, TAIL_CHARS = 20, 2000
_TB_HEAD = "Traceback (most recent call last):"


@dataclass
class RunReport:
    """What running one reply's program showed. ``ok``: it ran cleanly and wrote an output
    that opens (the loop stops there)."""

    no_code: bool = False
    extraction: str = "none"
    status: str = ""
    exit_code: int | None = None
    signal: str | None = None
    timed_out: bool = False
    exception: str | None = None
    traceback: str = ""
    stderr: str = ""
    stdout: str = ""
    seconds: float | None = None
    output_written: bool = False
    output_size: int | None = None
    output_opens: bool = False
    output_problem: str = ""
    files_written: list[str] = field(default_factory=list)
    sandbox_mode: str = ""

    @property
    def ok(self) -> bool:
        return not self.no_code and self.exit_code == 0 and self.output_opens

    def to_dict(self) -> dict[str, Any]:
        return {**asdict(self), "ok": self.ok}


def _tail(text: str, lines: int, chars: int) -> str:
    kept = text.rstrip().splitlines()[-lines:]
    out = "\n".join(kept)
    return out if len(out) <= chars else "…" + out[-chars:]


def split_stderr(stderr: str, has_exception: bool) -> tuple[str, str]:
    """``(traceback, rest)`` of a program's stderr: the traceback is the text from the last
    ``Traceback (most recent call last):`` (or, for an exception Python prints without that
    header, such as a SyntaxError, the last lines), the rest what came before it."""
    text = stderr.rstrip()
    at = text.rfind(_TB_HEAD)
    if at >= 0:
        return (_tail(text[at:], TRACEBACK_LINES, TRACEBACK_CHARS),
                _tail(text[:at], TAIL_LINES, TAIL_CHARS))
    if has_exception and text:
        lines = text.splitlines()
        return (_tail("\n".join(lines[-8:]), TRACEBACK_LINES, TRACEBACK_CHARS),
                _tail("\n".join(lines[:-8]), TAIL_LINES, TAIL_CHARS))
    return "", _tail(text, TAIL_LINES, TAIL_CHARS)


def no_code_report(extraction: Extraction) -> RunReport:
    why = " (the reply ended inside its reasoning: no final answer)" \
        if extraction.unfinished else ""
    return RunReport(no_code=True, extraction=extraction.method,
                     status=f"no Python code found in the answer{why}")


def run_program(sandbox: Sandbox, task: Task, code: str, limits: Limits,
                extraction: str = "fenced:python") -> RunReport:
    """Run ``code`` for ``task`` and report what it showed. Raises ``SandboxError`` only
    when the sandbox itself cannot start (not the program's doing)."""
    output = task.output_name
    with sandbox.run(code, task.sandbox_files(), output, limits) as run:
        rec = run.record
        outcome, detail = classify(rec, output)
        report = RunReport(extraction=extraction, exit_code=rec.exit_code, signal=rec.signal,
                           timed_out=rec.timed_out, exception=rec.exception_line,
                           seconds=rec.wall_seconds, sandbox_mode=rec.mode,
                           files_written=[f for f in rec.files_written if f != output][:20])
        report.traceback, report.stderr = split_stderr(rec.stderr_tail,
                                                       bool(rec.exception_type))
        report.stdout = _tail(rec.stdout_tail, TAIL_LINES, TAIL_CHARS)
        report.status = _status(rec.exit_code, outcome, detail)
        if run.output is not None:
            report.output_written = True
            report.output_size = run.output.stat().st_size
            report.output_problem = _package_problem(run.output, task.app)
            report.output_opens = not report.output_problem
    return report


def _status(exit_code: int | None, outcome: TaskOutcome | None, detail: str) -> str:
    if outcome in (TaskOutcome.EXEC_TIMEOUT, TaskOutcome.EXEC_KILLED):
        return f"killed: {detail}"
    if exit_code is None:
        return "ended without an exit status"
    return f"exited with status {exit_code}"


def _package_problem(path, app: str) -> str:
    """``""`` when the file opens as a document of ``app``, else why not (the package
    check a user would make by opening the file; nothing is graded)."""
    from officeeval.formats import open_document
    try:
        open_document(path, app=app, options={"recalc": False}).close()
    except PackageError as exc:
        return str(exc)[:500]
    except Exception as exc:  # noqa: BLE001 - a view's bug is still "does not open" here
        return f"{type(exc).__name__}: {exc}"[:500]
    return ""


def feedback_variables(report: RunReport, turn: int, turns: int, task: Task
                       ) -> dict[str, Any]:
    """The variables of a template's ``feedback`` section."""
    from officeeval.generation.prompts import app_title
    v = asdict(report)
    v.update(turn=turn, turns=turns, remaining=max(0, turns - turn), task=task.id,
             app=task.app, app_name=app_title(task.app), output=task.output_name,
             input=task.input.name if task.input else "",
             seconds=f"{report.seconds:.1f}" if report.seconds is not None else "?")
    return v


def render_feedback(source: str, report: RunReport, turn: int, turns: int,
                    task: Task) -> str:
    """The message the model gets after turn ``turn``. Raises ``TemplateProblem``."""
    return render_text(source, feedback_variables(report, turn, turns, task),
                       f"feedback of task {task.id}")
