"""Property-based fuzzing of whole documents: mutate real corpus files (XML-aware) and
require that grading and inspection never crash in our code.

The CI run is derandomized (a fixed seed, the same examples every run) and bounded
(``FUZZ_EXAMPLES`` per app, small corpus files). Longer runs: set ``OFFICEEVAL_FUZZ_EXAMPLES``
and ``OFFICEEVAL_FUZZ_SEED`` (see tests/fuzz/README.md), or use the atheris harness.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, seed, settings
from hypothesis import strategies as st

sys.path.insert(0, str(Path(__file__).resolve().parent))

from fuzz_mutations import (  # noqa: E402
    HOSTILE_RUBRICS, HOSTILE_VALUES, OPS, Op, check_document, corpus_files, mutate,
    rubric_for, sample_rubrics,
)

FUZZ_EXAMPLES = int(os.environ.get("OFFICEEVAL_FUZZ_EXAMPLES", "120"))
FUZZ_SEED = int(os.environ.get("OFFICEEVAL_FUZZ_SEED", "20240917"))
# CI fuzzes the smaller corpus files: the mutations matter more than the size.
MAX_CORPUS_BYTES = int(os.environ.get("OFFICEEVAL_FUZZ_MAX_BYTES", str(120_000)))

values = st.one_of(st.sampled_from(HOSTILE_VALUES),
                   st.text(max_size=40),
                   st.integers(-10**12, 10**12).map(str),
                   st.floats(allow_nan=True, allow_infinity=True).map(repr))

ops = st.builds(Op, kind=st.sampled_from(OPS), part=st.integers(0, 40),
                node=st.integers(0, 5000), arg=st.integers(0, 10**6), value=values)


def _apps() -> list[str]:
    from officeeval import apps
    found = [app for app in apps.names() if (HOSTILE_RUBRICS / f"hostile-{app}.xml").exists()]
    assert found == list(apps.names()), "every app has a hostile rubric"
    return found


@pytest.fixture(scope="module")
def workdir(tmp_path_factory) -> Path:
    return tmp_path_factory.mktemp("fuzz")


@pytest.mark.parametrize("app", _apps())
def test_mutated_corpus_documents_never_crash_the_evaluator(app: str, workdir: Path,
                                                           corpus: Path) -> None:
    files = corpus_files(corpus, app, MAX_CORPUS_BYTES)
    assert files, f"no {app} corpus files under {MAX_CORPUS_BYTES} bytes"
    originals = {p: p.read_bytes() for p in files}
    rubrics = [rubric_for(app), *sample_rubrics(app)]
    out = workdir / f"mutant{'.docx' if app == 'word' else '.xlsx' if app == 'excel' else '.pptx'}"
    seen: dict[str, int] = {}

    @seed(FUZZ_SEED)
    @settings(max_examples=FUZZ_EXAMPLES, deadline=None, derandomize=True, database=None,
              suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
    @given(index=st.integers(0, len(files) - 1), mutations=st.lists(ops, min_size=1,
                                                                     max_size=4))
    def run(index: int, mutations: list[Op]) -> None:
        path = files[index]
        out.write_bytes(mutate(originals[path], mutations))
        summary = check_document(out, app, rubrics)
        for o in summary["outcomes"]:
            seen[o] = seen.get(o, 0) + 1

    run()
    # The run exercised grading for real: some mutants still open and grade.
    assert seen.get("ok", 0) > 0, seen


@pytest.mark.parametrize("app", _apps())
def test_every_unmutated_small_corpus_document_passes_the_oracle(app: str,
                                                                 corpus: Path) -> None:
    """The oracle's baseline: the originals themselves grade and inspect cleanly."""
    rubrics = [rubric_for(app)]
    for path in corpus_files(corpus, app, MAX_CORPUS_BYTES):
        summary = check_document(path, app, rubrics)
        assert summary["outcomes"] == ["ok"], (path.name, summary)


def test_mutations_change_the_document(corpus: Path) -> None:
    """Each op kind really mutates (a fuzzer whose mutations are no-ops finds nothing)."""
    files = corpus_files(corpus, "word", MAX_CORPUS_BYTES)
    assert files, "no small Word documents in the corpus"
    data = files[0].read_bytes()
    baseline = mutate(data, [])
    changed = {kind for kind in OPS
               if mutate(data, [Op(kind, part=0, node=7, arg=5, value="NaN")]) != baseline}
    assert changed == set(OPS)
