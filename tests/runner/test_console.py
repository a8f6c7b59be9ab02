"""Progress without a terminal: a line when grading starts, then whenever ``every`` seconds
have passed or another tenth of the work is done, and one at the end; counts in the report's
terms."""

from __future__ import annotations

import io

from rich.console import Console

from officeeval.runner.console import LineProgress, RichProgress, progress_for


class Clock:
    def __init__(self) -> None:
        self.t = 100.0

    def __call__(self) -> float:
        return self.t


def _console() -> tuple[Console, io.StringIO]:
    buf = io.StringIO()
    return Console(file=buf, width=200, force_terminal=False), buf


def test_a_line_every_tenth_of_the_work_and_at_the_end():
    console, buf = _console()
    clock = Clock()
    prog = LineProgress(console, every=1000, clock=clock)
    prog.tasks("2 tasks from rubrics")
    prog.start(25, 5)
    outcomes = ["ok"] * 14 + ["exec_error", "exec_timeout", "no_output", None] + ["ok"] * 2
    for i, o in enumerate(outcomes):
        clock.t += 1
        prog.advance(o, 1 if i == 3 else 0)
    prog.stop()
    lines = buf.getvalue().splitlines()
    assert lines[0] == "tasks: 2 tasks from rubrics"
    assert lines[1] == "grading 20 of 25 generations (5 already stored)"
    # A tenth of the 20 to grade is 2: a line every 2 results, the last at 25/25.
    graded = [ln for ln in lines[2:]]
    assert [ln.split(" (")[0] for ln in graded] == [f"graded {n}/25" for n in range(7, 26, 2)]
    assert graded[-1] == ("graded 25/25 (100%): ok 16 · execution failures 3 · evaluator "
                          "errors 1 · not graded 1; 1.0/s")
    assert "failed" not in buf.getvalue()


def test_a_line_every_few_seconds_when_results_are_slow():
    console, buf = _console()
    clock = Clock()
    prog = LineProgress(console, every=10, clock=clock)
    prog.start(1000, 0)
    for _ in range(30):
        clock.t += 4
        prog.advance("ok", 0)
    graded = [ln for ln in buf.getvalue().splitlines() if ln.startswith("graded")]
    # 30 results 4 s apart, none reaching a tenth (100): a line each time 10 s have passed.
    assert [ln.split(" (")[0] for ln in graded] == [f"graded {n}/1000" for n in (3, 6, 9, 12, 15,
                                                                                18, 21, 24, 27,
                                                                                30)]
    # 3 in 12 s: 997 left at 0.25/s.
    assert graded[0] == ("graded 3/1000 (0%): ok 3 · execution failures 0; 0.2/s, about "
                         "1h06m left")


def test_nothing_to_grade_prints_no_progress():
    console, buf = _console()
    prog = LineProgress(console)
    prog.start(8, 8)
    prog.stop()
    assert buf.getvalue() == ""


def test_the_display_suits_the_console():
    assert isinstance(progress_for(Console(file=io.StringIO(), force_terminal=False)),
                      LineProgress)
    assert isinstance(progress_for(Console(file=io.StringIO(), force_terminal=True)),
                      RichProgress)
