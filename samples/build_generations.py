"""Build samples/generations.jsonl, the manifest of the README's first command.

It concatenates every sample task's ``samples/<task>/generations.jsonl`` (task folders in
name order) and then ``samples/hostile/*.jsonl`` (file name order), keeping each file's line
order, and validates the result against the tasks in ``rubrics/``: every line must parse,
name a known task with a valid rubric, and be unique by (task, model, sample). An ``output``
path is rewritten relative to samples/. All generations are SIMULATED (made-up models
named sim-*); each line's "note" says what it imitates.

    python samples/build_generations.py           # write samples/generations.jsonl
    python samples/build_generations.py --check   # exit 1 if the file is not up to date
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
REPO = HERE.parent
OUT = HERE / "generations.jsonl"


def sources() -> list[Path]:
    tasks = sorted(p / "generations.jsonl" for p in HERE.iterdir()
                   if p.is_dir() and p.name != "hostile" and (p / "generations.jsonl").is_file())
    return tasks + sorted((HERE / "hostile").glob("*.jsonl"))


def build() -> tuple[str, list[str]]:
    """The manifest text and the problems found (empty when valid)."""
    sys.path.insert(0, str(REPO))
    from officeeval.runner.manifest import parse_manifest
    from officeeval.runner.tasks import TaskRegistry

    registry = TaskRegistry.scan([REPO / "rubrics"])
    problems = list(registry.issues)
    out: list[str] = []
    for src in sources():
        for n, raw in enumerate(src.read_text(encoding="utf-8").splitlines(), start=1):
            if not raw.strip() or raw.lstrip().startswith("#"):
                continue
            try:
                obj = json.loads(raw)
            except ValueError as exc:
                problems.append(f"{src.relative_to(REPO)}:{n}: not JSON: {exc}")
                continue
            if isinstance(obj, dict) and isinstance(obj.get("output"), str):
                p = Path(obj["output"])
                if not p.is_absolute():
                    obj["output"] = str((src.parent / p).resolve().relative_to(HERE))
            out.append(json.dumps(obj, ensure_ascii=False))

    def known(line) -> str | None:
        task = registry.get(line.task)
        if task is None:
            return f"unknown task {line.task!r}"
        if task.error is not None:
            return f"task {line.task!r} has an invalid rubric"
        if not line.model.startswith("sim-"):
            return f"model {line.model!r}: sample models are made up and named sim-*"
        return None

    manifest = parse_manifest(out, OUT, known)
    problems += [f"generations.jsonl line {n}: {msg}" for n, msg in manifest.issues]
    models = {ln.model for ln in manifest.lines}
    if len(models) < 3:
        problems.append(f"only {len(models)} model(s); the samples show at least three")
    return "".join(line + "\n" for line in out), problems


def main(argv: list[str]) -> int:
    text, problems = build()
    for p in problems:
        print(p, file=sys.stderr)
    if problems:
        return 1
    if "--check" in argv:
        current = OUT.read_text(encoding="utf-8") if OUT.exists() else ""
        if current != text:
            print(f"{OUT.relative_to(REPO)} is out of date: run python "
                  f"samples/build_generations.py", file=sys.stderr)
            return 1
        return 0
    OUT.write_text(text, encoding="utf-8")
    print(f"wrote {OUT.relative_to(REPO)}: {text.count(chr(10))} generations from "
          f"{len(sources())} file(s)")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
