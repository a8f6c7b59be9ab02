"""Where ``generate`` keeps what it has: the output manifest (one line per finished
generation, appended and flushed as each finishes) and, for ``--turns N``, a journal of
every turn as it happens (``OUT.turns.jsonl``), so that an interrupted run loses no reply:
the same command skips what the output holds and continues each conversation from its
last journaled turn. The journal is removed when a run leaves nothing unfinished.

A line cut short by a killed process (no newline at the end, not JSON) is dropped before
anything is appended, so the files always stay valid JSON Lines.
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
    """The output manifest. ``done`` maps each generation already there to its recorded
    request parameters."""

    def __init__(self, path: Path) -> None:
        _repair(path)
        self.done: dict[Identity, dict[str, Any]] = {}
        for obj in _objects(path):
            ident = _identity(obj)
            if ident is not None and ("answer" in obj or "code" in obj):
                self.done[ident] = obj.get("request") if isinstance(obj.get("request"),
                                                                     dict) else {}
        super().__init__(path)


def journal_path(out: Path) -> Path:
    return out.with_name(out.name + ".turns.jsonl")


class TurnJournal(AppendOnlyLines):
    """Every turn of unfinished conversations: ``{"event": "reply", task, model, sample,
    turn, reply…}`` when a reply arrives, ``{"event": "run", …, run, feedback}`` when its
    program has run. ``turns`` gives each conversation's turns so far (by turn number)."""

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
            elif obj.get("event") == "run" and "reply" in entry:
                entry["run"] = obj.get("run")
                entry["feedback"] = obj.get("feedback")
        super().__init__(path)

    def history(self, ident: Identity) -> list[dict[str, Any]]:
        """The journaled turns of a conversation, 1, 2, … without gaps (a turn after a gap
        is ignored: its context is lost)."""
        got = self.turns.get(ident, {})
        out = []
        n = 1
        while n in got and "reply" in got[n]:
            out.append(got[n])
            n += 1
        return out

    def remove(self) -> None:
        self.close()
        try:
            self.path.unlink()
        except FileNotFoundError:
            pass
