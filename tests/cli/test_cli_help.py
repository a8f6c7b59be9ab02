"""The help a user reads: no type placeholders (``<bool>``, ``<path>``, ``{document}``),
every option and argument described, ``--recalc/--no-recalc`` on every command that grades,
and one stated default for ``--jobs``."""

from __future__ import annotations

import os
import re
import subprocess
import sys

import pytest
import typer

from officeeval import cli

COMMANDS = sorted(typer.main.get_command(cli.app).commands)
GRADING = ("score", "audit", "batch")


def help_text(*args: str) -> str:
    res = subprocess.run([sys.executable, "-m", "officeeval", *args, "--help"],
                         capture_output=True, text=True, timeout=60,
                         env={**os.environ, "COLUMNS": "200", "NO_COLOR": "1"})
    assert res.returncode == 0, res.stderr
    return res.stdout


def test_the_commands_are_all_here():
    assert {"score", "validate", "audit", "query", "inspect", "properties", "comparators",
            "report", "tasks", "batch"} <= set(COMMANDS)


@pytest.mark.parametrize("name", [None, *COMMANDS])
def test_help_has_no_type_placeholders(name):
    text = help_text(*([name] if name else []))
    assert not re.search(r"<(bool|path|str|int|float|list\[[^]]*\])>", text), text
    assert "{" not in text and "}" not in text, text
    usage = next(line for line in text.splitlines() if "Usage:" in line)
    assert re.fullmatch(r"\s*Usage: officeeval( [\w-]+)? \[OPTIONS\]( [A-Z_. \[\]]+)?\s*",
                        usage), usage


@pytest.mark.parametrize("name", COMMANDS)
def test_every_option_and_argument_is_described(name):
    command = typer.main.get_command(cli.app).commands[name]
    assert (command.help or "").strip()
    for param in command.params:
        assert (getattr(param, "help", "") or "").strip(), f"{name} {param.name}"


@pytest.mark.parametrize("name", GRADING)
def test_recalc_and_no_recalc_on_every_command_that_grades(name):
    text = help_text(name)
    assert "--recalc" in text and "--no-recalc" in text
    command = typer.main.get_command(cli.app).commands[name]
    recalc = next(p for p in command.params if p.name == "recalc")
    assert recalc.default is None  # neither: when LibreOffice is installed


@pytest.mark.parametrize("name", ["batch", "audit"])
def test_jobs_states_one_default(name):
    text = " ".join(help_text(name).split())
    assert "Default: one per CPU" in text
    jobs = text[text.index("--jobs"):]
    jobs = jobs[:jobs.index("--", 3)]
    assert "[default" not in jobs and "CPU count" not in jobs, jobs
