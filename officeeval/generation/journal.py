"""Where ``generate`` keeps what it has: the output manifest (one line per finished
generation, appended and flushed as each finishes) and, for ``--turns N``, a journal of
every turn as it happens (``OUT.turns.jsonl``), so that an interrupted run loses no reply:
the same command skips what the output holds and continues each conversation from its
last journaled turn. The journal is removed when a run leaves nothing unfinished.

A line cut short by a killed process (no newline at the end, not JSON) is dropped before
anything is appended, so the files always stay valid JSON Lines.

Both key what they hold on the prompt's content too (``prompt_sha256``, the digest of the
messages and feedback section): a generation asked with other prompts is not the answer
to these (``generate`` says so, and ``move_lines`` sets such lines aside when they are to
be asked again), and a journaled conversation of another prompt is not continued.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any, Iterator

Identity = tuple[str, str, int]  # (task, model label, sample)


def _repair(path: Path) -> None:
    """Drop a last line without a newline that is not JSON (a write cut short)."""
    try:
        size = path.stat().st_size
    except FileNotFoundError:
        return
    if not size:
        return
    with open(path, "rb+") as f:
        f.seek(max(0, size - 1))
        if f.read(1) == b"\n":
            return
        f.seek(0)
        data = f.read()
        cut = data.rfind(b"\n") + 1
        try:
            json.loads(data[cut:].decode("utf-8"))
        except (ValueError, UnicodeDecodeError):
            f.truncate(cut)
            return
        f.seek(0, os.SEEK_END)
        f.write(b"\n")


def _objects(path: Path) -> Iterator[dict[str, Any]]:
    try:
        f = open(path, encoding="utf-8", errors="replace")
    except FileNotFoundError:
        return
    with f:
        for text in f:
            if not text.strip() or text.lstrip().startswith("#"):
                continue
            try:
                obj = json.loads(text)
            except ValueError:
                continue
            if isinstance(obj, dict):
                yield obj


def _identity(obj: dict[str, Any]) -> Identity | None:
    task, model, sample = obj.get("task"), obj.get("model"), obj.get("sample", 1)
    if isinstance(task, str) and isinstance(model, str) and isinstance(sample, int):
        return task, model, sample
    return None


class AppendOnlyLines:
    """A JSON Lines file opened for appending; every line is flushed as it is written (a
    Ctrl-C or a crash keeps every finished line)."""

    def __init__(self, path: Path) -> None:
        self.path = path
        _repair(path)
        path.parent.mkdir(parents=True, exist_ok=True)
        self.f = open(path, "a", encoding="utf-8")

    def write(self, obj: dict[str, Any]) -> None:
        self.f.write(json.dumps(obj, ensure_ascii=False) + "\n")
        self.f.flush()

    def close(self) -> None:
        self.f.close()


class AnswerFile(AppendOnlyLines):
    """The output manifest. ``done`` maps each generation already there to what it
    recorded of how it was asked: ``request`` (the parameters, ``{}`` when none),
    ``prompt_sha256`` and ``template`` (``None`` when not recorded)."""

    def __init__(self, path: Path) -> None:
        _repair(path)
        self.done: dict[Identity, dict[str, Any]] = {}
        for obj in _objects(path):
            ident = _identity(obj)
            if ident is not None and ("answer" in obj or "code" in obj):
                self.done[ident] = {
                    "request": obj["request"] if isinstance(obj.get("request"), dict)
                    else {},
                    "prompt_sha256": obj.get("prompt_sha256")
                    if isinstance(obj.get("prompt_sha256"), str) else None,
                    "template": obj.get("template") if isinstance(obj.get("template"), dict)
                    else None}
        super().__init__(path)


def move_lines(path: Path, idents: set[Identity], to: Path) -> int:
    """Move the lines of ``idents`` from ``path`` to the end of ``to`` (the others stay, in
    order; ``path`` is replaced atomically). Returns how many moved. Raises OSError."""
    _repair(path)
    keep: list[str] = []
    moved: list[str] = []
    with open(path, encoding="utf-8", errors="surrogateescape") as f:
        for text in f:
            try:
                obj = json.loads(text)
            except ValueError:
                obj = None
            ident = _identity(obj) if isinstance(obj, dict) else None
            (moved if ident in idents else keep).append(text)
    if not moved:
        return 0
    with open(to, "a", encoding="utf-8", errors="surrogateescape") as f:
        f.writelines(moved)
        f.flush()
        os.fsync(f.fileno())
    tmp = path.with_name(path.name + ".tmp")
    with open(tmp, "w", encoding="utf-8", errors="surrogateescape") as f:
        f.writelines(keep)
        f.flush()
        os.fsync(f.fileno())
    os.replace(tmp, path)
    return len(moved)


def journal_path(out: Path) -> Path:
    return out.with_name(out.name + ".turns.jsonl")


class TurnJournal(AppendOnlyLines):
    """Every turn of unfinished conversations: ``{"event": "reply", task, model, sample,
    turn, prompt_sha256, reply…}`` when a reply arrives, ``{"event": "run", …, run,
    feedback}`` when its program has run. ``turns`` gives each conversation's turns so far
    (by turn number)."""

    def __init__(self, path: Path) -> None:
        _repair(path)
        self.turns: dict[Identity, dict[int, dict[str, Any]]] = {}
        for obj in _objects(path):
            ident, turn = _identity(obj), obj.get("turn")
            if ident is None or not isinstance(turn, int) or turn < 1:
                continue
            entry = self.turns.setdefault(ident, {}).setdefault(turn, {})
            if obj.get("event") == "reply" and isinstance(obj.get("reply"), dict):
                entry.clear()
                entry["reply"] = obj["reply"]
                entry["prompt_sha256"] = obj.get("prompt_sha256")
            elif obj.get("event") == "run" and "reply" in entry:
                entry["run"] = obj.get("run")
                entry["feedback"] = obj.get("feedback")
        super().__init__(path)

    def history(self, ident: Identity, digest: str | None = None) -> list[dict[str, Any]]:
        """The journaled turns of a conversation, 1, 2, … without gaps (a turn after a gap
        is ignored: its context is lost), asked with the prompt of ``digest`` (turns
        journaled with another prompt's are not these; a turn that recorded none is
        taken)."""
        got = self.turns.get(ident, {})
        out = []
        n = 1
        while n in got and "reply" in got[n]:
            mark = got[n].get("prompt_sha256")
            if digest is not None and mark is not None and mark != digest:
                break
            out.append({k: v for k, v in got[n].items() if k != "prompt_sha256"})
            n += 1
        return out

    def remove(self) -> None:
        self.close()
        try:
            self.path.unlink()
        except FileNotFoundError:
            pass
