"""Fixtures of the service tests: one shared server on the shipped tasks (no
LibreOffice: these tests do not need Excel recalculation)."""

from __future__ import annotations

import pytest
from serve_fixtures import RUBRICS, Server


@pytest.fixture(scope="module")
def server():
    with Server("--tasks", str(RUBRICS), "--jobs", "2", "--no-recalc") as s:
        yield s


@pytest.fixture
def http(server):
    with server.client() as c:
        yield c
