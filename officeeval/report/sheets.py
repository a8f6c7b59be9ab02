"""Grade sheets: one HTML page per graded generation (``sheets/<key>.html``), streamed from
the store so that a batch of any size is never held in memory at once.
"""

from __future__ import annotations

import hashlib
import json
import re
import sqlite3
from collections import Counter
from pathlib import Path
from typing import Any, Iterator

from jinja2 import Environment

from officeeval.analysis import open_store
from officeeval.report.pages import page_views
from officeeval.report.palette import STATUS

MAX_TAIL = 20_000  # characters of a stored stdout/stderr tail shown on a sheet
# Sandbox fields shown first, in this order, whatever else the batch records.
# (officeeval.runner.sandbox_record.SandboxRecord names most of these.)
_FIRST = ("mode", "exit_code", "returncode", "exit_status", "signal", "timed_out",
          "memory_error", "exception_type", "exception", "exception_line", "traceback_last",
          "last_traceback_line", "wall_seconds", "cpu_seconds", "maxrss_kb", "output_found",
          "files_written", "seconds")
_LAST_LINE = ("exception_line", "traceback_last", "last_traceback_line")
_EXC_TYPE = ("exception_type", "exception")


def sheet_name(key: str) -> str:
    """The file name of a generation's sheet: the key when it is a plain token, else a safe
    form of it plus a short hash (two keys never share a file)."""
    safe = re.sub(r"[^A-Za-z0-9_.-]", "_", str(key))[:80].lstrip(".") or "_"
    if safe != key:
        safe += "-" + hashlib.sha256(str(key).encode("utf-8")).hexdigest()[:8]
    return safe + ".html"


def sandbox_view(sandbox: Any) -> dict[str, Any] | None:
    """Split a sandbox record into short ``fields`` and long text ``tails`` (stdout, stderr,
    or any multi-line value), and pick its ``exception`` (type) and ``last_line`` (the last
    traceback line) when recorded (else ""). None when there is no record; a record that is
    not an object is shown as one field."""
    if sandbox is None:
        return None
    if not isinstance(sandbox, dict):
        return {"fields": [("record", str(sandbox)[:MAX_TAIL])], "tails": [],
                "exception": "", "last_line": ""}
    order = [k for k in _FIRST if k in sandbox] + sorted(k for k in sandbox if k not in _FIRST)
    fields, tails = [], []
    for k in order:
        v = sandbox[k]
        if isinstance(v, str) and (("\n" in v.strip()) or any(
                t in str(k) for t in ("stdout", "stderr", "traceback_tail", "output_tail"))):
            if v.strip():
                tails.append((str(k), v[-MAX_TAIL:]))
            continue
        if v is None or v == [] or v == {} or v == "":
            continue  # "not known" or nothing: noise on a sheet (the JSON keeps it)
        text = v if isinstance(v, str) else json.dumps(v, ensure_ascii=False, default=str)
        fields.append((str(k), text[:2000]))
    pick = lambda keys: next((str(sandbox[k]) for k in keys if sandbox.get(k)), "")  # noqa
    return {"fields": fields, "tails": tails, "exception": pick(_EXC_TYPE)[:500],
            "last_line": pick(_LAST_LINE)[:2000]}


_TURN_SQL = ("SELECT turn, reply, program, extraction, program_turn, outcome, score, total, "
             "passed, run, feedback, prompt_tokens, completion_tokens, latency, attempts, "
             "finish_reason FROM turns WHERE gen_key = ? ORDER BY turn")


def turn_views(conn: Any, key: str) -> list[dict[str, Any]]:
    """The stored turns of a generation for its sheet (reply, extracted program, the run
    record of the feedback loop as a ``sandbox_view``, the feedback sent, the grade of the
    program in force); ``[]`` for a store without a ``turns`` table."""
    try:
        cur = conn.execute(_TURN_SQL, (key,))
    except sqlite3.OperationalError:  # a store written before the turns table existed
        return []
    cols = [d[0] for d in cur.description]
    out = []
    for row in cur:
        t = dict(zip(cols, row))
        run = _json(t.pop("run"))
        t["run"] = sandbox_view(run) if run is not None else None
        for col in ("reply", "program", "feedback"):
            if isinstance(t[col], str):
                t[col] = t[col][-MAX_TAIL * 5:]
        t["passed"] = bool(t["passed"])
        out.append(t)
    return out


MAX_RENDERS = 12  # rendered pages embedded in one sheet


def agent_view(conn: Any, key: str, document: str = "") -> dict[str, Any] | None:
    """An agent generation's conversation for its sheet: the run (how it ended, steps,
    tokens, seconds, budgets) and every step (the reply, each tool call with its arguments
    and the result the model read, and the pages it was shown, embedded when they are still
    in ``renders/`` beside the handed-in ``document``, as ``officeeval agent`` leaves
    them); ``None`` for a generation that is no agent's or a store without the agent
    tables."""
    try:
        run = conn.execute("SELECT base_model, ended, submitted, steps, tool_calls, "
                           "prompt_tokens, completion_tokens, seconds, budgets, setting "
                           "FROM agent_runs WHERE gen_key = ?", (key,)).fetchone()
        if run is None:
            return None
        cur = conn.execute("SELECT step, text, calls, results, prompt_tokens, "
                           "completion_tokens, latency, finish_reason FROM agent_steps "
                           "WHERE gen_key = ? ORDER BY step", (key,))
    except sqlite3.OperationalError:  # a store written before the agent tables existed
        return None
    cols = ["base_model", "ended", "submitted", "steps", "tool_calls", "prompt_tokens",
            "completion_tokens", "seconds", "budgets", "setting"]
    view = dict(zip(cols, run))
    for col in ("tool_calls", "budgets", "setting"):
        got = _json(view[col])
        view[col] = got if isinstance(got, dict) else {}
    view["submitted"] = bool(view["submitted"])
    steps, shown = [], 0
    for row in cur:
        step = dict(zip(["step", "text", "calls", "results", "prompt_tokens",
                         "completion_tokens", "latency", "finish_reason"], row))
        calls = _json(step["calls"])
        results = _json(step["results"])
        calls = [c for c in calls if isinstance(c, dict)] if isinstance(calls, list) else []
        results = [r for r in results if isinstance(r, dict)] \
            if isinstance(results, list) else []
        step["pairs"] = [(c, results[i] if i < len(results) else None, _arguments(c))
                         for i, c in enumerate(calls)]
        for _, r, _ in step["pairs"]:
            if r is not None and shown < MAX_RENDERS:
                r["image_uri"] = _render_uri(document, r.get("image"))
                shown += bool(r["image_uri"])
        if isinstance(step["text"], str):
            step["text"] = step["text"][-MAX_TAIL:]
        steps.append(step)
    view["trajectory"] = steps
    return view


def _render_uri(document: str, image: Any) -> str:
    """A rendered page as a data URI, or ``""`` when it is not a PNG file of ``renders/``
    beside the document (a name with a folder in it is never followed)."""
    if not document or not isinstance(image, str) or \
            not re.fullmatch(r"[A-Za-z0-9_.-]+\.png", image):
        return ""
    from officeeval.report.pages import MAX_IMAGE
    try:
        data = (Path(document).parent / "renders" / image).read_bytes()
    except OSError:
        return ""
    if len(data) > MAX_IMAGE or not data.startswith(b"\x89PNG"):
        return ""
    import base64
    return "data:image/png;base64," + base64.b64encode(data).decode()


def _arguments(call: dict[str, Any]) -> list[tuple[str, str]]:
    """A call's arguments as (name, text) pairs (a program shown as it was written); the
    raw text when they are not a JSON object."""
    raw = call.get("arguments")
    got = _json(raw) if isinstance(raw, str) else raw
    if isinstance(got, dict):
        return [(str(k), v if isinstance(v, str) else json.dumps(v, ensure_ascii=False))
                for k, v in got.items()]
    return [("arguments", str(raw or "")[:MAX_TAIL])] if raw else []


# Outcomes whose document was read (ok) or at least written and opened (invalid_package).
_READ = ("ok", "invalid_package")


def document_note(outcome: str, card: dict[str, Any] | None, sandbox: Any) -> tuple[str, str]:
    """What a sheet says about the graded document: ``(name, note)``. The name only when a
    document was written (an execution failure's ScoreCard names the file the program had
    to write, which it may never have written); the note says what happened to it."""
    name = str(card.get("document") or "") if card else ""
    if outcome in _READ:
        return name, "" if outcome == "ok" else "written but not a readable package"
    written = isinstance(sandbox, dict) and bool(sandbox.get("output_found"))
    if written and name:
        return name, "written, but not graded: the program failed"
    return "", f"no document written{f' (expected {name})' if name else ''}"


def _records(outdir: Path) -> Iterator[dict[str, Any]]:
    conn = open_store(outdir)
    try:
        cur = conn.execute("SELECT key, task, model, sample, app, level, outcome, "
                           "outcome_detail, score, total, pass_mark, passed, eval_errors, "
                           "sandbox, scorecard FROM generations ORDER BY model, task, sample")
        cols = [d[0] for d in cur.description]
        for row in cur:
            yield dict(zip(cols, row))
    finally:
        conn.close()


def _json(text: Any) -> Any:
    if not text:
        return None
    try:
        return json.loads(text)
    except (TypeError, ValueError):
        return None


def write_sheets(env: Environment, outdir: Path, reportdir: Path,
                 context: dict[str, Any]) -> dict[str, str]:
    """Write every grade sheet under REPORTDIR/sheets; returns key -> file name. Stored JSON
    that does not parse is shown as "no record", never an exception."""
    template = env.get_template("sheet.html.j2")
    sheets = reportdir / "sheets"
    sheets.mkdir(parents=True, exist_ok=True)
    names = {}
    conn = open_store(outdir)  # a second connection: _records streams from the first
    try:
        _write_all(template, outdir, sheets, names, conn, context)
    finally:
        conn.close()
    return names


def _write_all(template: Any, outdir: Path, sheets: Path, names: dict[str, str], conn: Any,
               context: dict[str, Any]) -> None:
    for g in _records(outdir):
        card = _json(g.pop("scorecard"))
        card = card if isinstance(card, dict) else None
        for col in ("score", "total", "pass_mark"):
            g[col] = float(g[col] or 0)
        g["passed"] = bool(g["passed"])
        crits = card.get("criteria", []) if card else []
        counts = Counter(c.get("status", "") for c in crits if isinstance(c, dict))
        status_counts = [(s, counts[s]) for s in STATUS if counts[s]]
        name = sheet_name(g["key"])
        raw = _json(g["sandbox"])
        document, document_said = document_note(g["outcome"], card, raw)
        html = template.render(g=g, card=card, sandbox=sandbox_view(raw),
                               status_counts=status_counts, turns=turn_views(conn, g["key"]),
                               agent=agent_view(conn, g["key"],
                                                str((card or {}).get("document") or "")),
                               document=document, document_note=document_said,
                               pages=page_views(outdir, g["key"]), **context)
        (sheets / name).write_text(html, encoding="utf-8")
        names[g["key"]] = name
