"""The agent's journal (``OUT.steps.jsonl``): every step of unfinished conversations,
appended and flushed as it happens, so that an interrupted run (Ctrl-C, a kill) asks no
answered step again: the same command continues each conversation from its last journaled
event. Finished conversations are lines of the output manifest (``AgentLines``); the
journal is removed when a run leaves nothing unfinished.

Events (JSON, one a line, each with ``task``, ``model`` (the label) and ``sample``):

* ``{"event": "start", "run": ID}``: the conversation began (its working folder is new);
* ``{"event": "reply", "step": N, "reply": {...}}``: the model's reply of step N (its
  text, tool calls, usage, latency), journaled before any of its calls runs;
* ``{"event": "tool", "step": N, "call": K, "result": {...}}``: call K of step N ran;
  ``result.state`` is the working folder's state after it (``workspace``).

A line cut short by a kill is dropped when the file is opened again.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from officeeval.generation.journal import AppendOnlyLines, Identity


def journal_path(out: Path) -> Path:
    return out.with_name(out.name + ".steps.jsonl")


def _objects(path: Path):
    try:
        f = open(path, encoding="utf-8", errors="replace")
    except FileNotFoundError:
        return
    with f:
        for text in f:
            try:
                obj = json.loads(text)
            except ValueError:
                continue
            if isinstance(obj, dict):
                yield obj


def _identity(obj: dict[str, Any]) -> Identity | None:
    task, model, sample = obj.get("task"), obj.get("model"), obj.get("sample")
    if isinstance(task, str) and isinstance(model, str) and isinstance(sample, int) and \
            not isinstance(sample, bool):
        return task, model, sample
    return None


class AgentLines(AppendOnlyLines):
    """The output manifest: ``done`` holds every conversation already written (an agent's
    line: ``output`` and ``agent``)."""

    def __init__(self, path: Path) -> None:
        super().__init__(path)  # drops a last line cut short
        self.done: set[Identity] = set()
        for obj in _objects(path):
            ident = _identity(obj)
            if ident is not None and "output" in obj and isinstance(obj.get("agent"), dict):
                self.done.add(ident)


class Conversation:
    """What the journal holds of one conversation: its run id, and per step the reply and
    the results of its calls so far."""

    def __init__(self) -> None:
        self.run: str | None = None
        self.steps: dict[int, dict[str, Any]] = {}

    def history(self) -> list[dict[str, Any]]:
        """Steps 1, 2, … without gaps, each ``{"reply": …, "results": {call: result}}``;
        a step after a gap is ignored (its context is lost)."""
        out, n = [], 1
        while n in self.steps and "reply" in self.steps[n]:
            out.append(self.steps[n])
            n += 1
        return out


class StepJournal(AppendOnlyLines):
    """The journal file, read on opening (``conversation``) and appended to."""

    def __init__(self, path: Path) -> None:
        self.conversations: dict[Identity, Conversation] = {}
        super().__init__(path)  # drops a last line cut short
        for obj in _objects(path):
            ident = _identity(obj)
            if ident is None:
                continue
            conv = self.conversations.setdefault(ident, Conversation())
            event, step = obj.get("event"), obj.get("step")
            if event == "start" and isinstance(obj.get("run"), str):
                # A conversation started again (its folder was made anew): forget the old.
                conv.run, conv.steps = obj["run"], {}
            elif event == "reply" and isinstance(step, int) and \
                    isinstance(obj.get("reply"), dict):
                conv.steps[step] = {"reply": obj["reply"], "results": {}}
            elif event == "tool" and isinstance(step, int) and step in conv.steps and \
                    isinstance(obj.get("call"), int) and isinstance(obj.get("result"), dict):
                conv.steps[step]["results"][obj["call"]] = obj["result"]

    def conversation(self, ident: Identity) -> Conversation | None:
        conv = self.conversations.get(ident)
        return conv if conv is not None and conv.run is not None else None

    def event(self, ident: Identity, event: str, **fields: Any) -> None:
        self.write({"event": event, "task": ident[0], "model": ident[1],
                    "sample": ident[2], **fields})

    def remove(self) -> None:
        self.close()
        try:
            self.path.unlink()
        except FileNotFoundError:
            pass
