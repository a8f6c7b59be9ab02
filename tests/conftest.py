"""Shared pytest fixtures: paths to the repository, the shared corpus and sample tasks."""

from __future__ import annotations

from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
CORPUS = (REPO / ".." / "shared" / "corpus" / "real").resolve()


@pytest.fixture(scope="session")
def repo() -> Path:
    return REPO


@pytest.fixture(scope="session")
def corpus() -> Path:
    if not CORPUS.is_dir():
        pytest.skip("the shared corpus (../shared/corpus/real) is not present")
    return CORPUS


# Synthetic result stores (tests/analysis/synthetic.py), shared by the analysis and report
# tests; built once per session.
@pytest.fixture(scope="session")
def small_outdir(tmp_path_factory) -> Path:
    from tests.analysis import synthetic
    return synthetic.small_store(tmp_path_factory.mktemp("small"))


@pytest.fixture(scope="session")
def rich_outdir(tmp_path_factory) -> Path:
    from tests.analysis import synthetic
    return synthetic.rich_store(tmp_path_factory.mktemp("rich"))
