"""Shared pytest fixtures: paths to the repository, the shared corpus and sample tasks.

The shared corpus of real documents sits at ``../shared/corpus/real`` beside a developer's
checkout and in CI, but not beside a user's plain clone. Every test that reads it takes the
``corpus`` fixture, which skips with one reason when it is absent; tests over its files are
parametrized by ``corpus_names`` (a list kept in the project), so they are collected the same
either way. Nothing else in tests/ builds the corpus path (tests/corpus/test_corpus_docx.py
checks that).
"""

from __future__ import annotations

from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
CORPUS = (REPO / ".." / "shared" / "corpus" / "real").resolve()
CORPUS_ABSENT = ("the shared corpus (../shared/corpus/real) is not beside this checkout, as "
                 "in a plain clone")
CORPUS_LIST = REPO / "tests" / "corpus" / "files.txt"


def corpus_names(kind: str) -> list[str]:
    """The corpus's file names in folder ``kind`` (``docx``, ``xlsx``, ``pptx``), sorted, from
    tests/corpus/files.txt (the same whether or not the corpus is present). Raises KeyError
    for a folder the list does not have."""
    folders: dict[str, list[str]] = {}
    current = None
    for line in CORPUS_LIST.read_text(encoding="utf-8").splitlines():
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        if line.startswith("[") and line.endswith("]"):
            current = folders.setdefault(line[1:-1], [])
        elif current is not None:
            current.append(line)
    return sorted(folders[kind])


@pytest.fixture(scope="session")
def repo() -> Path:
    return REPO


@pytest.fixture(scope="session")
def corpus() -> Path:
    """The corpus directory (holding docx/, xlsx/, pptx/); skips the test when absent."""
    if not CORPUS.is_dir():
        pytest.skip(CORPUS_ABSENT)
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
