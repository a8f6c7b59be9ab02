"""Coverage-guided fuzzing with atheris (libFuzzer) for long local runs.

The fuzzer's bytes choose a corpus document and a list of XML-aware mutations (the same
``Op``s the hypothesis run uses); the engine's code is instrumented so libFuzzer keeps inputs
that reach new branches of officeeval. A finding is an ``EvaluatorCrash``: libFuzzer stops
and writes the input to ``<artifact_prefix>crash-…``; replay it by passing the file.

    .venv/bin/python tests/fuzz/atheris_harness.py -max_total_time=1800 \\
        -artifact_prefix=/tmp/oe-fuzz/ -rss_limit_mb=3000
    .venv/bin/python tests/fuzz/atheris_harness.py /tmp/oe-fuzz/crash-…   # replay one

Environment: ``OFFICEEVAL_FUZZ_APPS=word,excel,ppt`` (default: every app with a view and a
hostile rubric), ``OFFICEEVAL_FUZZ_MAX_BYTES`` (largest corpus file used, default 400000).
"""

from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path

import atheris

sys.path.insert(0, str(Path(__file__).resolve().parent))

with atheris.instrument_imports(include=["officeeval"]):
    import officeeval.formats  # noqa: F401
    import officeeval.inspection  # noqa: F401
    import officeeval.scoring  # noqa: F401
    from officeeval.catalog import catalog

    for _module in ("officeeval.word.document", "officeeval.excel.workbook",
                    "officeeval.ppt.presentation"):
        try:
            __import__(_module)
        except ModuleNotFoundError:
            pass
    catalog()

from fuzz_mutations import (  # noqa: E402
    HOSTILE_RUBRICS, HOSTILE_VALUES, OPS, EvaluatorCrash, Op, check_document, corpus_files,
    mutate, rubric_for, sample_rubrics,
)


def _apps() -> list[str]:
    wanted = os.environ.get("OFFICEEVAL_FUZZ_APPS")
    apps = wanted.split(",") if wanted else ["word", "excel", "ppt"]
    out = []
    for app in apps:
        module = {"word": "officeeval.word.document", "excel": "officeeval.excel.workbook",
                  "ppt": "officeeval.ppt.presentation"}[app]
        if module in sys.modules and (HOSTILE_RUBRICS / f"hostile-{app}.xml").exists():
            out.append(app)
    return out


MAX_BYTES = int(os.environ.get("OFFICEEVAL_FUZZ_MAX_BYTES", "400000"))
APPS = _apps()
CORPUS = (Path(__file__).resolve().parents[2] / ".." / "shared" / "corpus" / "real").resolve()
FILES = {app: [(p, p.read_bytes()) for p in corpus_files(CORPUS, app, MAX_BYTES)]
         for app in APPS}
RUBRICS = {app: [rubric_for(app), *sample_rubrics(app)] for app in APPS}
WORK = Path(tempfile.mkdtemp(prefix="oe-atheris-"))


def one_input(data: bytes) -> None:
    fdp = atheris.FuzzedDataProvider(data)
    app = APPS[fdp.ConsumeIntInRange(0, len(APPS) - 1)]
    path, original = FILES[app][fdp.ConsumeIntInRange(0, len(FILES[app]) - 1)]
    ops = []
    for _ in range(fdp.ConsumeIntInRange(1, 5)):
        value = (fdp.PickValueInList(list(HOSTILE_VALUES)) if fdp.ConsumeBool()
                 else fdp.ConsumeUnicodeNoSurrogates(24))
        ops.append(Op(fdp.PickValueInList(list(OPS)), fdp.ConsumeIntInRange(0, 40),
                      fdp.ConsumeIntInRange(0, 5000), fdp.ConsumeIntInRange(0, 10**6), value))
    mutant = WORK / f"mutant{path.suffix}"
    mutant.write_bytes(mutate(original, ops))
    try:
        check_document(mutant, app, RUBRICS[app])
    except EvaluatorCrash as exc:
        sys.stderr.write(f"\nFINDING on {path.name} with {ops}:\n{exc}\n")
        raise


def main() -> None:
    if not APPS:
        sys.exit("no app has both a view and a hostile rubric yet")
    sys.stderr.write(f"fuzzing {', '.join(f'{a}: {len(FILES[a])} files' for a in APPS)}\n")
    atheris.Setup(sys.argv, one_input)
    atheris.Fuzz()


if __name__ == "__main__":
    main()
