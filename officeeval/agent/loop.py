"""One agent conversation: ask the model, run the tool calls it asks for, give it their
results, until it submits or a budget is used up (steps, tokens, wall time); every reply
and every result journaled before the next thing happens.

Resuming rebuilds the messages from the journal (the assistant messages with their calls,
the tool messages, the pictures of rendered pages, the nudges after replies without a
call) and runs the calls of the last step that have no result yet, on the working
folder's state the last result named; no answered step is asked again.

The trajectory kept on the manifest line is every step: the reply's text, its calls and
each call's result (the text the model read, the picture's file, the seconds, the folder's
state after it), with the usage and latency of the request.
"""

from __future__ import annotations

import base64
import uuid
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable

from officeeval.agent.chat import ToolReply, complete_with_tools
from officeeval.agent.journal import StepJournal
from officeeval.agent.prompt import NUDGE, Budgets
from officeeval.agent.tools import ToolResult, Toolbox
from officeeval.agent.workspace import Workspace
from officeeval.generation.client import ChatClient
from officeeval.generation.journal import Identity

MAX_TEXT = 20_000  # characters of a reply or a tool's text kept per step on the line
SUBMITTED_BEFORE = "not run: the output was already handed in"


@dataclass
class Spent:
    """What a conversation has used so far."""

    steps: int = 0
    prompt_tokens: int = 0
    completion_tokens: int = 0
    seconds: float = 0.0          # requests (with retry waits) and tools
    requests: int = 0
    attempts: int = 0
    latency: float = 0.0

    @property
    def tokens(self) -> int:
        return self.prompt_tokens + self.completion_tokens

    def add_reply(self, reply: ToolReply) -> None:
        self.steps += 1
        self.requests += 1
        self.attempts += reply.attempts
        self.prompt_tokens += reply.usage.get("prompt_tokens") or 0
        self.completion_tokens += reply.usage.get("completion_tokens") or 0
        self.latency += reply.latency
        self.seconds += reply.latency + reply.waited


def over_budget(spent: Spent, budgets: Budgets) -> str | None:
    """Which budget is used up (``steps``, ``tokens``, ``time``), or ``None``."""
    if spent.steps >= budgets.steps:
        return "steps"
    if budgets.tokens is not None and spent.tokens >= budgets.tokens:
        return "tokens"
    if budgets.seconds is not None and spent.seconds >= budgets.seconds:
        return "time"
    return None


@dataclass
class Conversation:
    """The state of one conversation while it runs."""

    ident: Identity
    run: str
    messages: list[dict[str, Any]]
    workspace: Workspace
    toolbox: Toolbox
    spent: Spent = field(default_factory=Spent)
    steps: list[dict[str, Any]] = field(default_factory=list)  # the trajectory
    submitted: bool = False
    resumed: bool = False
    # The last journaled step when some of its calls have no result yet (resumed).
    pending: list[tuple[ToolReply, dict[int, ToolResult]]] = field(default_factory=list)


@dataclass
class Environment:
    """What the conversations of a run share: the client and its tools, the journal, the
    thread pool that runs tool calls, the budgets, and how a new working folder and its
    toolbox are made for a conversation (``make_toolbox(ident, workspace)``)."""

    client: ChatClient
    tools: list[dict[str, Any]]
    journal: StepJournal
    budgets: Budgets
    run_tool: Callable[..., Any]   # async: (function, *args) -> result, in the pool
    lang: str = "en"
    on_reply: Callable[[ToolReply], None] = lambda reply: None


def tool_messages(calls: list[dict[str, Any]], results: list[ToolResult], renders: Path,
                  lang: str) -> list[dict[str, Any]]:
    """The messages that answer a step's calls: one tool message per call, then, when a
    call rendered a page, one user message with the pictures (a tool message carries text
    only in the chat-completions format)."""
    out: list[dict[str, Any]] = []
    pictures: list[dict[str, Any]] = []
    for call, result in zip(calls, results):
        out.append({"role": "tool", "tool_call_id": call["id"], "content": result.text})
        if result.image:
            try:
                data = (renders / result.image).read_bytes()
            except OSError:
                continue
            url = "data:image/png;base64," + base64.b64encode(data).decode("ascii")
            pictures += [{"type": "text", "text": f"{result.text} ({call['id']})"},
                         {"type": "image_url", "image_url": {"url": url}}]
    if pictures:
        out.append({"role": "user", "content": pictures})
    return out


def _nudge(lang: str) -> dict[str, Any]:
    return {"role": "user", "content": NUDGE.get(lang, NUDGE["en"])}


def _step_record(n: int, reply: ToolReply, results: list[ToolResult]) -> dict[str, Any]:
    return {"step": n, "text": _clip(reply.text),
            "calls": [c.to_dict() for c in reply.calls],
            "results": [{**r.to_dict(), "text": _clip(r.text)} for r in results],
            "usage": reply.usage, "latency": reply.latency, "attempts": reply.attempts,
            "finish_reason": reply.finish_reason}


def _clip(text: str) -> str:
    return text if len(text) <= MAX_TEXT else text[:MAX_TEXT] + "\n… (cut)"


def restore(env: Environment, conv: Conversation, history: list[dict[str, Any]]
            ) -> list[tuple[ToolReply, dict[int, ToolResult]]]:
    """Replay the journaled steps into ``conv`` (messages, spent, trajectory); returns
    the last step's reply and results when some of its calls have no result yet."""
    pending = []
    for n, entry in enumerate(history, start=1):
        reply = ToolReply.from_dict(entry["reply"])
        results = {k: ToolResult.from_dict(v) for k, v in entry["results"].items()}
        conv.spent.add_reply(reply)
        conv.spent.seconds += sum(r.seconds for r in results.values())
        conv.messages.append(reply.message())
        if reply.calls and len(results) < len(reply.calls):
            pending = [(reply, results)]
            break  # only the last step can be unfinished
        _close_step(env, conv, n, reply, [results[k] for k in range(len(reply.calls))])
    return pending


def _close_step(env: Environment, conv: Conversation, n: int, reply: ToolReply,
                results: list[ToolResult]) -> None:
    calls = [c.to_dict() for c in reply.calls]
    if calls:
        conv.messages += tool_messages(calls, results, conv.toolbox.renders, env.lang)
    else:
        conv.messages.append(_nudge(env.lang))
    conv.submitted = conv.submitted or any(r.submitted for r in results)
    conv.steps.append(_step_record(n, reply, results))


async def run_calls(env: Environment, conv: Conversation, n: int, reply: ToolReply,
                     done: dict[int, ToolResult]) -> None:
    """Run the calls of step ``n`` that have no result yet, journal each, close the step."""
    already = any(r.submitted for r in done.values())
    for k, call in enumerate(reply.calls):
        if k in done:
            continue
        if already:
            result = ToolResult(call.name, SUBMITTED_BEFORE, ok=False,
                                state=conv.workspace.state)
        else:
            left = None if env.budgets.seconds is None else \
                max(0.0, env.budgets.seconds - conv.spent.seconds)
            result = await env.run_tool(conv.toolbox.call, call.name, call.arguments,
                                        f"step-{n}-{k + 1}", left)
        conv.spent.seconds += result.seconds
        env.journal.event(conv.ident, "tool", step=n, call=k, result=result.to_dict())
        conv.workspace.settle()
        done[k] = result
        already = already or result.submitted
    _close_step(env, conv, n, reply, [done[k] for k in range(len(reply.calls))])


async def converse(env: Environment, conv: Conversation, sample: int) -> str:
    """Run the calls a resumed conversation left without a result, then go on until the
    output is handed in or a budget is used up; returns why it ended (``submitted``,
    ``steps``, ``tokens``, ``time``). Raises ``RequestFailed``, ``EndpointUnusable``,
    ``SandboxError`` (the conversation stays in the journal)."""
    while conv.pending:
        reply, done = conv.pending.pop()
        await run_calls(env, conv, conv.spent.steps, reply, done)
    while True:
        if conv.submitted:
            return "submitted"
        ended = over_budget(conv.spent, env.budgets)
        if ended:
            return ended
        n = conv.spent.steps + 1
        reply = await complete_with_tools(env.client, conv.messages, env.tools, sample, n)
        env.on_reply(reply)
        env.journal.event(conv.ident, "reply", step=n, reply=reply.to_dict())
        conv.spent.add_reply(reply)
        conv.messages.append(reply.message())
        await run_calls(env, conv, n, reply, {})


def new_run_id() -> str:
    return uuid.uuid4().hex[:16]


__all__ = ["Conversation", "Environment", "Spent", "converse",
           "new_run_id", "over_budget", "restore", "run_calls", "tool_messages"]
