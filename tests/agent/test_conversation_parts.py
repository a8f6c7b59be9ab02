"""The pieces of an agent conversation that need no model: budgets, the messages that
answer a step (pictures after every tool message), the assistant message sent back, and
the journal read back after a kill cut its last line."""

from __future__ import annotations

import json
from pathlib import Path

from officeeval.agent.chat import ToolCall, ToolReply
from officeeval.agent.journal import AgentLines, StepJournal
from officeeval.agent.loop import Spent, over_budget, tool_messages
from officeeval.agent.prompt import Budgets
from officeeval.agent.tools import ToolResult


def reply(tokens: int = 100, latency: float = 1.0, calls: int = 1) -> ToolReply:
    return ToolReply("", [ToolCall(f"c{i}", "python", "{}") for i in range(calls)],
                     {"prompt_tokens": tokens, "completion_tokens": 10}, latency)


def test_budgets_end_a_conversation_by_steps_tokens_or_time():
    spent = Spent()
    assert over_budget(spent, Budgets(steps=2, tokens=250, seconds=10)) is None
    spent.add_reply(reply(tokens=100))
    assert over_budget(spent, Budgets(steps=1)) == "steps"
    spent.add_reply(reply(tokens=100))
    assert over_budget(spent, Budgets(steps=5, tokens=220)) == "tokens"
    assert over_budget(spent, Budgets(steps=5, tokens=None, seconds=2)) == "time"
    assert over_budget(spent, Budgets(steps=5, tokens=None, seconds=None)) is None
    assert (spent.steps, spent.tokens, spent.requests) == (2, 220, 2)


def test_pictures_follow_every_tool_message(tmp_path: Path):
    (tmp_path / "p.png").write_bytes(b"\x89PNG fake")
    calls = [{"id": "a"}, {"id": "b"}, {"id": "c"}]
    results = [ToolResult("render", "page 1 of 2 of x.docx:", image="p.png"),
               ToolResult("python", "exit status 0"),
               ToolResult("render", "page 2 of 2 of x.docx:", image="missing.png")]
    out = tool_messages(calls, results, tmp_path, "en")
    assert [m["role"] for m in out] == ["tool", "tool", "tool", "user"]
    assert [m.get("tool_call_id") for m in out[:3]] == ["a", "b", "c"]
    parts = out[3]["content"]
    assert [p["type"] for p in parts] == ["text", "image_url"]
    assert parts[1]["image_url"]["url"].startswith("data:image/png;base64,")


def test_the_assistant_message_carries_its_calls():
    msg = reply(calls=2).message()
    assert msg["role"] == "assistant" and msg["content"] is None
    assert [c["function"]["name"] for c in msg["tool_calls"]] == ["python", "python"]
    assert ToolReply.from_dict(reply().to_dict()).calls[0].id == "c0"


def test_the_journal_after_a_kill(tmp_path: Path):
    path = tmp_path / "a.jsonl.steps.jsonl"
    ident = {"task": "t", "model": "m+agent", "sample": 1}
    lines = [{"event": "start", "run": "r1", **ident},
             {"event": "reply", "step": 1, "reply": reply().to_dict(), **ident},
             {"event": "tool", "step": 1, "call": 0, "result": {"name": "python",
                                                                  "text": "ok", "state": 1},
              **ident},
             {"event": "reply", "step": 2, "reply": reply(calls=2).to_dict(), **ident},
             {"event": "tool", "step": 2, "call": 0, "result": {"name": "python",
                                                                  "text": "ok", "state": 2},
              **ident}]
    path.write_text("".join(json.dumps(x) + "\n" for x in lines) + '{"event": "tool", "st')
    journal = StepJournal(path)
    conv = journal.conversation(("t", "m+agent", 1))
    assert conv is not None and conv.run == "r1"
    history = conv.history()
    assert len(history) == 2 and list(history[1]["results"]) == [0]  # call 1 of step 2 left
    journal.event(("t", "m+agent", 1), "start", run="r2")            # started over
    journal.close()
    again = StepJournal(path)
    assert again.conversation(("t", "m+agent", 1)).history() == []
    assert path.read_text().endswith("\n")                          # the cut line is gone
    again.close()
    manifest = tmp_path / "a.jsonl"
    manifest.write_text(json.dumps({**ident, "output": "x.docx", "agent": {}}) + "\n" +
                        json.dumps({"task": "u", "model": "m", "answer": "…"}) + "\n")
    assert AgentLines(manifest).done == {("t", "m+agent", 1)}
