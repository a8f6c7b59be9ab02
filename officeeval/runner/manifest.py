"""The batch manifest: JSON Lines, one generation per line.

A line is an object with ``task`` (id), ``model`` (name), ``sample`` (integer, default 1)
and exactly one of:

* ``code``: a single-turn generation, Python that turns the task's input into its output;
* ``answer``: the model's raw answer text; the program is extracted from it
  (``officeeval.runner.answers``), and an answer without code is outcome ``no_code``;
* ``output``: a document made elsewhere (e.g. by an agent), a path relative to the
  manifest's folder; it must resolve (links followed) inside that folder, or inside the
  ``outputs_root`` the batch was given: anything else is a bad line.

Optional: ``note`` (free text), ``hostile`` (``true``: the generation was written to
attack the grader, e.g. the sandbox tests of ``samples/hostile``; its model is left out of
the report's "(all)" headline unless ``report --headline-models`` names it), ``limits``
(per-generation overrides, see
``officeeval.runner.limits``), ``rubric`` (a rubric file relative to the manifest, for a
task not in the registry's directories). What ``officeeval generate`` adds is kept for the
report: ``usage`` (``prompt_tokens``, ``completion_tokens``), ``latency`` (seconds),
``attempts``, ``finish_reason``, ``request`` (the parameters sent), ``stated_limits`` (the
limits its prompt told the model, ``{"timeout": 60, "memory": 2147483648}``: the batch
grades the line under them, see ``runner.limits.enforce_stated``), and for the
execution-feedback loop ``turns``: the conversation's replies in order, each an object with
``answer`` (the reply) and optionally ``usage``, ``latency``, ``attempts``,
``finish_reason``, ``run`` (how its program ran when it was generated) and ``feedback``
(what the model was told). The line's ``answer`` is the program graded; every turn's
program is graded too, for the score by turn. What ``officeeval agent`` adds to its
``output`` lines is kept for the report too: ``agent`` (how the conversation went: its run
id, the model asked, why it ended, whether it submitted, steps, tool calls, tokens,
seconds, budgets) and ``steps`` (the trajectory: each reply's text, its tool calls and
their results). Other keys are ignored.

Bad lines — not JSON, not an object, missing or mistyped fields, an unknown task, a
duplicate (task, model, sample), an ``output`` outside its root — are returned as
``(line, message)`` issues and skipped; the rest still run. Blank lines and lines starting
with ``#`` are ignored.
"""

from __future__ import annotations

import hashlib
import json
import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from officeeval.errors import TaskError
from officeeval.runner.escaping import safe_text
from officeeval.runner.limits import parse_limits, parse_stated

SOURCES = ("code", "answer", "output")
MAX_LINE = 8 * 1024 * 1024  # a line longer than this is not a plausible generation
MAX_SAMPLE = 2 ** 63 - 1  # the store's integer


def inside(path: str | Path, root: str | Path) -> bool:
    """Whether ``path`` resolves (every link followed, ``..`` applied) inside ``root``
    (itself resolved). Never raises: a path that cannot be resolved is outside."""
    try:
        real, top = os.path.realpath(path), os.path.realpath(root)
        return os.path.commonpath([real, top]) == top
    except (OSError, ValueError):
        return False
MAX_TURNS = 64
_TURN_KEYS = ("usage", "latency", "attempts", "finish_reason", "run", "feedback")
MAX_STEPS = 1000  # steps of an agent's trajectory kept


@dataclass(frozen=True)
class ManifestLine:
    """One valid manifest line. ``payload`` is the code, the answer text, or the output
    path (resolved against the manifest's folder). ``key`` identifies the generation in the
    results store."""

    line: int
    task: str
    model: str
    sample: int
    source: str
    payload: str
    key: str
    note: str = ""
    limits: dict[str, Any] = field(default_factory=dict)
    rubric: str | None = None
    turns: tuple[dict[str, Any], ...] = ()
    info: dict[str, Any] = field(default_factory=dict)
    agent: dict[str, Any] = field(default_factory=dict)   # an agent's line: see above
    steps: tuple[dict[str, Any], ...] = ()                # its trajectory
    stated_limits: dict[str, Any] | None = None  # what its prompt told the model
    hostile: bool = False

    @property
    def turn_answers(self) -> tuple[str, ...]:
        return tuple(t["answer"] for t in self.turns)


@dataclass
class Manifest:
    path: Path | None
    lines: list[ManifestLine]
    issues: list[tuple[int, str]]


def generation_key(task: str, model: str, sample: int, source: str, payload: str,
                   turns: tuple[str, ...] = ()) -> str:
    """The store key: a hash of task, model, sample and what the line carries (the code,
    the answer, or the output path as written, and the replies of its turns if any)."""
    parts: list[Any] = [task, model, sample, source, payload]
    if turns:
        parts.append(list(turns))
    blob = json.dumps(parts, ensure_ascii=False)
    # A lone surrogate (a "\\udcff" escape in the JSON) must not make the key unhashable.
    return hashlib.sha256(blob.encode("utf-8", "surrogatepass")).hexdigest()[:32]


def read_manifest(path: str | Path, known_task=None,
                  outputs_root: str | Path | None = None) -> Manifest:
    """Read a manifest file. ``known_task(id, line) -> str | None`` returns an error message
    for a task that cannot be graded (unknown id, invalid rubric), ``None`` when fine.
    ``outputs_root``: where ``output`` paths must resolve (default: the manifest's folder).
    Raises ``TaskError`` only when the file itself cannot be read."""
    p = Path(path)
    try:
        raw = p.read_bytes()
    except OSError as exc:
        raise TaskError(f"cannot read manifest {p}: {exc}") from exc
    return parse_manifest(raw.decode("utf-8", "replace").splitlines(), p, known_task,
                          outputs_root)


def parse_manifest(lines: list[str], path: Path | None = None, known_task=None,
                   outputs_root: str | Path | None = None) -> Manifest:
    """Parse manifest lines (see ``read_manifest``); never raises."""
    base = path.resolve().parent if path else Path.cwd()
    root = Path(outputs_root) if outputs_root else base
    good: list[ManifestLine] = []
    issues: list[tuple[int, str]] = []
    seen: dict[tuple[str, str, int], int] = {}
    for n, text in enumerate(lines, start=1):
        stripped = text.strip()
        if not stripped or stripped.startswith("#"):
            continue
        try:
            item = _parse_line(n, stripped, base, root)
            ident = (item.task, item.model, item.sample)
            if ident in seen:
                raise TaskError(f"duplicate generation: task {item.task!r}, model "
                                f"{item.model!r}, sample {item.sample} is already on line "
                                f"{seen[ident]}")
            if known_task is not None:
                problem = known_task(item)
                if problem:
                    raise TaskError(problem)
        except TaskError as exc:
            issues.append((n, str(exc)))
            continue
        seen[ident] = n
        good.append(item)
    return Manifest(path, good, issues)


def _parse_line(n: int, text: str, base: Path, root: Path) -> ManifestLine:
    if len(text) > MAX_LINE:
        raise TaskError(f"line is longer than {MAX_LINE} characters")
    try:
        obj = json.loads(text)
    except (ValueError, RecursionError) as exc:
        raise TaskError(f"not JSON: {exc}") from None
    if not isinstance(obj, dict):
        raise TaskError("not a JSON object")
    task, model = obj.get("task"), obj.get("model")
    for name, value in (("task", task), ("model", model)):
        if not isinstance(value, str) or not value.strip():
            raise TaskError(f"missing or empty {name!r}")
    task, model = safe_text(task), safe_text(model)
    sample = obj.get("sample", 1)
    if isinstance(sample, bool) or not isinstance(sample, int) or not 0 <= sample <= MAX_SAMPLE:
        raise TaskError(f"'sample' must be a non-negative integer below 2**63, got "
                        f"{str(sample)[:40]}")
    present = [s for s in SOURCES if s in obj]
    if len(present) != 1:
        raise TaskError("a line carries exactly one of 'code', 'answer', 'output' "
                        f"(found {', '.join(present) or 'none'})")
    source = present[0]
    payload = obj[source]
    if not isinstance(payload, str):
        raise TaskError(f"{source!r} must be a string")
    if source == "output":
        if not payload.strip():
            raise TaskError("'output' is an empty path")
        if "\0" in payload:
            raise TaskError("'output' holds a NUL character")
        out = Path(payload)
        resolved = str(out if out.is_absolute() else base / out)
        if not inside(resolved, root):
            raise TaskError(f"'output' {payload[:200]!r} resolves outside {root} (outputs "
                            f"must stay inside the manifest's folder or --outputs-root): "
                            f"refused")
    else:
        resolved = payload
    limits = obj.get("limits") or {}
    parse_limits(limits)  # raises TaskError naming the bad key
    try:
        stated = parse_stated(obj.get("stated_limits"))
    except TaskError as exc:
        raise TaskError(f"'stated_limits': {exc}") from None
    rubric = obj.get("rubric")
    if rubric is not None:
        if not isinstance(rubric, str) or not rubric:
            raise TaskError("'rubric' must be a path")
        rp = Path(rubric)
        rubric = str(rp if rp.is_absolute() else base / rp)
    note = obj.get("note", "")
    hostile = obj.get("hostile", False)
    if not isinstance(hostile, bool):
        raise TaskError("'hostile' must be true or false")
    turns = _turns(obj.get("turns"), source)
    answers = tuple(t["answer"] for t in turns)
    agent, steps = _agent(obj, source)
    if agent.get("run"):
        # A new conversation hands in under the same path: it is a new generation.
        answers = (f"agent:{agent['run']}",)
    return ManifestLine(n, task.strip(), model.strip(), sample, source, resolved,
                        generation_key(task.strip(), model.strip(), sample, source, payload,
                                       answers),
                        note if isinstance(note, str) else "", dict(limits), rubric, turns,
                        _info(obj), agent, steps, stated, hostile)


def _agent(obj: dict[str, Any], source: str) -> tuple[dict[str, Any],
                                                       tuple[dict[str, Any], ...]]:
    """An agent line's ``agent`` record and ``steps`` (kept as given when they are objects:
    the report reads them defensively); nothing for other lines."""
    agent, steps = obj.get("agent"), obj.get("steps")
    if source != "output" or not isinstance(agent, dict):
        return {}, ()
    kept = tuple(s for s in steps[:MAX_STEPS] if isinstance(s, dict)) \
        if isinstance(steps, list) else ()
    return dict(agent), kept


def _turns(raw: Any, source: str) -> tuple[dict[str, Any], ...]:
    if raw is None:
        return ()
    if source != "answer":
        raise TaskError("'turns' goes with an 'answer' (the reply whose program is graded)")
    if not isinstance(raw, list) or not raw:
        raise TaskError("'turns' must be a non-empty list")
    if len(raw) > MAX_TURNS:
        raise TaskError(f"'turns' holds more than {MAX_TURNS} turns")
    out = []
    for i, t in enumerate(raw, start=1):
        if not isinstance(t, dict) or not isinstance(t.get("answer"), str):
            raise TaskError(f"turn {i} must be an object with a string 'answer'")
        out.append({"answer": t["answer"], **{k: t[k] for k in _TURN_KEYS if k in t}})
    return tuple(out)


def _info(obj: dict[str, Any]) -> dict[str, Any]:
    """What a generator recorded about the request (kept for the report, never checked
    beyond its shape: a bad value is dropped, not an error)."""
    out: dict[str, Any] = {}
    usage = obj.get("usage")
    if isinstance(usage, dict):
        out["usage"] = {k: usage[k] for k in ("prompt_tokens", "completion_tokens")
                        if _count(usage.get(k))}
    for key in ("latency", "attempts"):
        if _number(obj.get(key)):
            out[key] = obj[key]
    for key in ("finish_reason", "prompt_id"):
        if isinstance(obj.get(key), str):
            out[key] = obj[key][:200]
    for key in ("request", "template"):
        if isinstance(obj.get(key), dict):
            out[key] = obj[key]
    return out


def _count(v: Any) -> bool:
    return isinstance(v, int) and not isinstance(v, bool) and v >= 0


def _number(v: Any) -> bool:
    return isinstance(v, (int, float)) and not isinstance(v, bool) and v >= 0
