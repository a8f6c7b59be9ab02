"""Fixture stores for the analysis tests (see synthetic.py)."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import pytest


def synthetic():
    """tests/analysis/synthetic.py, loaded by path so that tests/report can share it whatever
    the test-package layout (one module object per process)."""
    name = "officeeval_tests_synthetic"
    if name not in sys.modules:
        path = Path(__file__).resolve().parents[1] / "analysis" / "synthetic.py"
        spec = importlib.util.spec_from_file_location(name, path)
        mod = importlib.util.module_from_spec(spec)
        sys.modules[name] = mod
        spec.loader.exec_module(mod)
    return sys.modules[name]


@pytest.fixture(scope="session")
def small_outdir(tmp_path_factory) -> Path:
    return synthetic().small_store(tmp_path_factory.mktemp("small"))


@pytest.fixture(scope="session")
def rich_outdir(tmp_path_factory) -> Path:
    return synthetic().rich_store(tmp_path_factory.mktemp("rich"))
