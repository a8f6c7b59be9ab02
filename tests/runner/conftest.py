"""Fixtures of the runner tests (helpers live in runner_fixtures / runner_sandboxes)."""

from __future__ import annotations

from pathlib import Path

import pytest
from runner_fixtures import build_task


@pytest.fixture
def task_root(tmp_path: Path) -> Path:
    """A temporary directory holding rubrics/mini-word.xml and files/input.docx."""
    build_task(tmp_path)
    return tmp_path
