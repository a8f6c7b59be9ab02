"""Every hostile input, built at test time from text (no binary blobs are checked in).

A ``Case`` builds the bytes of one hostile document and says how grading it must end:
``outcome="invalid_package"`` with the failing ``stage``, or ``outcome="ok"`` with the
criteria its damage must turn into ``fail``/``not_found`` (every other criterion of the
hostile rubric of its app must still pass). ``max_inflated`` bounds the bytes the package
may inflate. The cases live per app in hostile_word.py, hostile_excel.py, hostile_ppt.py.

Run as a script to write every case into a directory for manual poking::

    .venv/bin/python tests/hostile/hostile_cases.py /tmp/hostile
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from hostile_common import RUBRICS, Case, Ctx  # noqa: E402,F401  (re-exported for tests)
from hostile_excel import excel_cases  # noqa: E402
from hostile_ppt import ppt_cases  # noqa: E402
from hostile_word import word_cases  # noqa: E402


def all_cases() -> list[Case]:
    """Every hostile case, for every app."""
    return word_cases() + excel_cases() + ppt_cases()


def write_all(out: Path, ctx: Ctx | None = None) -> list[Path]:
    """Write every case into ``out`` (for manual runs); returns the paths."""
    out.mkdir(parents=True, exist_ok=True)
    ctx = ctx or Ctx(str(out / "sentinel.fifo"), str(out / "secret.txt"), "SECRET",
                     "http://127.0.0.1:9/")
    paths = []
    for case in all_cases():
        p = out / case.filename
        p.write_bytes(case.build(ctx))
        paths.append(p)
    return paths


if __name__ == "__main__":
    for p in write_all(Path(sys.argv[1] if len(sys.argv) > 1 else "hostile-out")):
        print(p, p.stat().st_size)
