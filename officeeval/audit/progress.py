"""How far an audit (or a draft's audit) has come: the stage, mutants graded of how many,
and the time left, for a person at a terminal or a log.

``Progress`` is the callback the runner calls (``progress(stage, done, total)``); the
stages are ``reference`` (grading the reference and the input), ``plan`` (deriving the
mutants), ``mutants`` (grading them: ``done`` of ``total``) and ``done``. ``TerminalProgress``
writes them to a stream: one line rewritten in place on a terminal, else a line at each
stage and every ``every`` seconds, so a CI log shows the audit moving without a line per
mutant. Writing never raises (a closed stream ends the reports, not the audit).
"""

from __future__ import annotations

import sys
import time
from typing import Callable, TextIO

Progress = Callable[[str, int, int], None]


def no_progress(stage: str, done: int, total: int) -> None:
    """The default: report nothing."""


class TerminalProgress:
    """Reports of one audit run (possibly many rubrics) to ``stream`` (stderr)."""

    def __init__(self, stream: TextIO | None = None, every: float = 10.0) -> None:
        self.stream = stream or sys.stderr
        self.every = every
        self.tty = bool(getattr(self.stream, "isatty", lambda: False)())
        self.label = ""
        self._began = time.monotonic()
        self._stage_began = self._began
        self._stage = ""
        self._last = 0.0

    def rubric(self, label: str) -> Progress:
        """The callback for the rubric (or draft) ``label``."""
        def report(stage: str, done: int, total: int) -> None:
            self.label = label
            self(stage, done, total)
        return report

    def __call__(self, stage: str, done: int, total: int) -> None:
        now = time.monotonic()
        if stage != self._stage:
            self._stage, self._stage_began = stage, now
        line = f"audit {self.label}: {stage}"
        if stage == "mutants" and total:
            line += f" {done}/{total}"
            elapsed = now - self._stage_began
            if 0 < done < total and elapsed > 1:
                line += f", about {_duration(elapsed / done * (total - done))} left"
        if stage == "done":
            line += f" in {_duration(now - self._began)}"
        try:
            if self.tty:
                end = "\n" if stage == "done" else ""
                self.stream.write("\r\033[K" + line + end)
                self.stream.flush()
            elif stage != "mutants" or done in (0, total) or now - self._last >= self.every:
                self._last = now
                self.stream.write(line + "\n")
                self.stream.flush()
        except (OSError, ValueError):
            pass

    def finish(self) -> None:
        """End the rewritten line on a terminal."""
        if self.tty and self._stage and self._stage != "done":
            try:
                self.stream.write("\n")
                self.stream.flush()
            except (OSError, ValueError):
                pass


def _duration(seconds: float) -> str:
    seconds = max(0, int(round(seconds)))
    return f"{seconds // 60}m{seconds % 60:02d}s" if seconds >= 60 else f"{seconds}s"
