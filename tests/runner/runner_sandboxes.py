"""Sandbox helpers shared by the runner tests: one Sandbox per isolation mode (skipped
where the mode cannot run here), and a process-marker check."""

from __future__ import annotations

import os
import uuid
from pathlib import Path

import pytest

from officeeval.runner.grading import WorkItem, grade_item
from officeeval.runner.limits import Limits
from officeeval.runner.sandbox import Sandbox, SandboxConfig, SandboxError

# bwrap; rlimits-only (with a pids cgroup when the host allows it); rlimits-only without.
MODES = ["bwrap", "rlimits", "rlimits-nocg"]
_CACHE: dict[str, Sandbox | str] = {}


def config_for(mode: str) -> SandboxConfig:
    if mode == "rlimits-nocg":
        return SandboxConfig(isolation="rlimits", cgroups=False)
    return SandboxConfig(isolation=mode)


def sandbox_for(mode: str) -> Sandbox:
    """A sandbox in ``mode``; skips the test when that mode is unusable here."""
    if mode not in _CACHE:
        try:
            _CACHE[mode] = Sandbox(config_for(mode))
        except SandboxError as exc:
            _CACHE[mode] = str(exc)
    got = _CACHE[mode]
    if isinstance(got, str):
        pytest.skip(f"{mode} sandbox unavailable: {got}")
    return got


def marker() -> str:
    return f"officeeval-test-{uuid.uuid4().hex}"


def processes_with(text: str) -> list[int]:
    """Pids whose command line contains ``text``."""
    found = []
    for entry in os.scandir("/proc"):
        if not entry.name.isdigit() or int(entry.name) == os.getpid():
            continue
        try:
            cmd = Path(f"/proc/{entry.name}/cmdline").read_bytes()
        except OSError:
            continue
        if text.encode() in cmd:
            found.append(int(entry.name))
    return found


def grade(task_root: Path, code: str, mode: str, **limits) -> dict:
    """Grade ``code`` on the mini task in ``mode``; return the card and record as dicts."""
    sandbox_for(mode)
    rubrics = task_root / "rubrics"
    item = WorkItem(key="k", task="mini-word", source="code", payload=code,
                    rubric_path=str(rubrics / "mini-word.xml"), output_name="output.docx",
                    files=(str(task_root / "files" / "input.docx"),),
                    limits=Limits().merged(limits), sandbox=config_for(mode))
    res = grade_item(item)
    assert res.error is None, res.error
    return {"card": res.card, "sandbox": res.sandbox or {}}
