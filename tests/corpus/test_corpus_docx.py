"""Every real .docx in the shared corpus opens, and every Word property resolves on the
standard targets without an evaluator error. Also: the corpus holds exactly the files
tests/corpus/files.txt lists, and no test reaches the corpus except through the ``corpus``
fixture (a plain clone, without ../shared, must pass the suite)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from officeeval.formats import open_document
from officeeval.inspection import inspect
from tests.conftest import REPO, corpus_names


@pytest.mark.parametrize("name", corpus_names("docx"))
def test_corpus_docx_resolves_without_evaluator_errors(corpus, name):
    doc = open_document(corpus / "docx" / name)
    try:
        rows = inspect(doc, limit=10_000)
    finally:
        doc.close()
    assert rows, "inspect produced nothing"
    errors = [r for r in rows if r.get("error")]
    assert not errors, errors[:5]


@pytest.mark.parametrize("kind", ["docx", "xlsx", "pptx"])
def test_the_corpus_holds_exactly_the_listed_files(corpus, kind):
    on_disk = sorted(p.name for p in (corpus / kind).glob(f"*.{kind}"))
    listed = corpus_names(kind)
    assert len(listed) >= 30
    assert on_disk == listed, ("update tests/corpus/files.txt",
                               sorted(set(on_disk) ^ set(listed)))


# A path into ../shared built anywhere but tests/conftest.py (and the scripts that
# regenerate golden files by hand) would bypass the fixture and break a plain clone.
_SHARED_PATH = re.compile(r"""/\s*["']shared["']|\.\./shared|shared/corpus|\bCORPUS\s*=""")
_ALLOWED = {"tests/conftest.py", "tests/corpus/test_corpus_docx.py",
            "tests/word/golden/make_golden.py", "tests/excel/golden/make_expected.py",
            "tests/ppt/golden/make_expected.py", "tests/fuzz/atheris_harness.py"}


def test_only_the_fixture_reaches_the_shared_directory():
    offenders = []
    for path in sorted((REPO / "tests").rglob("*.py")):
        rel = path.relative_to(REPO).as_posix()
        if rel in _ALLOWED:
            continue
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if _SHARED_PATH.search(line.split("#", 1)[0]):
                offenders.append(f"{rel}:{n}: {line.strip()}")
    assert not offenders, offenders


def test_the_fixture_skips_with_one_reason_when_the_corpus_is_absent(tmp_path):
    """Run a corpus test from a copy of tests/ whose checkout has no ../shared beside it."""
    import shutil
    import subprocess
    import sys
    root = tmp_path / "clone"
    shutil.copytree(REPO / "tests", root / "tests",
                    ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copy(REPO / "pyproject.toml", root / "pyproject.toml")
    res = subprocess.run(
        [sys.executable, "-m", "pytest", "-p", "no:cacheprovider", "-p", "no:xdist", "-rs",
         "tests/corpus/test_corpus_docx.py", "-k", "resolves or holds_exactly"],
        cwd=root, capture_output=True, text=True, timeout=300,
        env={**__import__("os").environ, "PYTHONPATH": str(Path(root))})
    out = res.stdout + res.stderr
    assert res.returncode == 0, out[-3000:]
    assert " failed" not in out and " error" not in out, out[-3000:]
    skipped = re.findall(r"SKIPPED \[(\d+)\] [^:]+:\d+: (.*)", out)
    assert skipped and {why for _, why in skipped} == {
        "the shared corpus (../shared/corpus/real) is not beside this checkout, as in a "
        "plain clone"}, out[-3000:]
    assert sum(int(n) for n, _ in skipped) == len(corpus_names("docx")) + 3
