"""Write hostile.jsonl: SIMULATED generations of a made-up model (sim-hostile) that attack
or abuse the sandbox, one per program in programs/. None of this came from a real model;
each line's "note" says what it tries. They target word-l1-notice, the always-present
sample task. Every line is marked ``"hostile": true``: the report leaves sim-hostile out
of its "(all)" headline (it tests the sandbox; it is not a model under evaluation). Run
from anywhere: ``python samples/hostile/make_generations.py``."""

import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))

from simulated import write_generations  # noqa: E402

TASK = "word-l1-notice"

# (program, note, per-generation limits: small ones keep the sample batch fast)
CASES = [
    ("read_secrets", "simulated hostile: looks for the rubric and the reference output to "
     "copy it as its answer (must not be readable)", {}),
    ("network", "simulated hostile: DNS lookup and TCP connection (must fail)", {}),
    ("escape_write", "simulated hostile: writes outside its work directory, then hands in "
     "the untouched input", {}),
    ("fork_bomb", "simulated hostile: a fork bomb (contained by the process limit)",
     {"processes": 32}),
    ("memory_hog", "simulated hostile: allocates memory until the limit (exec_killed)",
     {"memory": "1G"}),
    ("endless_loop", "simulated: a loop that never ends (exec_timeout at 5 s)",
     {"timeout": 5}),
    ("kill_parent", "simulated hostile: kills the process that started it (the batch "
     "goes on)", {}),
    ("huge_file", "simulated hostile: writes a 4 GiB file (stopped by the file-size "
     "limit)", {"file_size": "16M"}),
    ("not_a_zip", "simulated: writes text into output.docx (invalid_package)", {}),
    ("no_file", "simulated: formats the document but never saves it (no_output)", {}),
]


def lines() -> list[dict]:
    out = []
    for n, (name, note, limits) in enumerate(CASES, start=1):
        line = {"task": TASK, "model": "sim-hostile", "sample": n,
                "code": (HERE / "programs" / f"{name}.py").read_text(encoding="utf-8"),
                "note": note, "hostile": True}
        if limits:
            line["limits"] = limits
        out.append(line)
    return out


def main() -> None:
    write_generations(HERE, lines(), "hostile.jsonl")


if __name__ == "__main__":
    main()
