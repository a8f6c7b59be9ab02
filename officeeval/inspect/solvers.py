"""The three settings as Inspect solvers, each the same as its officeeval command:

* ``single_turn()``: one reply (``officeeval generate``); the scorer grades its program;
* ``feedback_turns(turns)``: after each reply its program runs in the batch's sandbox on a
  fresh copy of the input and, unless it ran cleanly and wrote an output that opens, the
  model gets the template's feedback (``generate --turns``: ``generation.feedback``); the
  reply handed in is the last that held a program;
* ``office_agent(max_steps)``: tool calls (``python``, ``outline``, ``render``,
  ``submit``) in the sample's sandbox until it submits or its steps run out
  (``officeeval agent``); Inspect's own limits (``--token-limit``, ``--time-limit``) end a
  sample too. A reply without a tool call gets the agent's nudge.

What each solver did is kept in the sample's store (``officeeval_turns``,
``officeeval_agent``) for the log and the report.
"""

from __future__ import annotations

from typing import Any

import anyio
from inspect_ai.model import ChatMessageUser, execute_tools, get_model
from inspect_ai.solver import Generate, Solver, TaskState, solver

from officeeval.agent.prompt import NUDGE
from officeeval.inspect.sandbox import TASK_KEY, OfficeSandboxConfig
from officeeval.inspect.scorer import ANSWER
from officeeval.inspect.tools import SUBMITTED, office_tools
from officeeval.runner.tasks import TaskRegistry

TURNS = "officeeval_turns"
AGENT = "officeeval_agent"


@solver
def single_turn() -> Solver:
    """One reply; its program is graded."""
    async def solve(state: TaskState, generate: Generate) -> TaskState:
        state = await generate(state, tool_calls="none")
        state.store.set(ANSWER, state.output.completion)
        return state
    return solve


@solver
def feedback_turns(turns: int = 3, registry: TaskRegistry | None = None,
                   config: OfficeSandboxConfig | None = None) -> Solver:
    """Up to ``turns`` replies, each program run and its run reported back (see the
    module). ``registry``: where the samples' tasks are."""
    from officeeval.generation.feedback import no_code_report, render_feedback, run_program
    from officeeval.runner.answers import extract_code
    cfg = config or OfficeSandboxConfig()

    async def solve(state: TaskState, generate: Generate) -> TaskState:
        assert registry is not None, "feedback_turns needs the task registry"
        task = registry.require(str(state.metadata[TASK_KEY]))
        template = str(state.metadata.get("feedback_template") or "")
        # Its output goes back to the model: bubblewrap, as for the agent's commands.
        sandbox = await anyio.to_thread.run_sync(cfg.sample_sandbox)
        graded, record = "", []
        for n in range(1, turns + 1):
            state = await generate(state, tool_calls="none")
            text = state.output.completion
            found = extract_code(text)
            if found.code is None:
                report = no_code_report(found)
            else:
                graded = text
                report = await anyio.to_thread.run_sync(run_program, sandbox, task,
                                                        found.code, cfg.limits(),
                                                        found.method)
            feedback = None
            if not report.ok and n < turns and template:
                feedback = render_feedback(template, report, n, turns, task)
            record.append({"turn": n, "run": report.to_dict(), "feedback": feedback})
            if feedback is None:
                break
            state.messages.append(ChatMessageUser(content=feedback))
        state.store.set(ANSWER, graded or state.output.completion)
        state.store.set(TURNS, record)
        return state
    return solve


@solver
def office_agent(max_steps: int = 30, render: bool = False, lang: str = "en") -> Solver:
    """Tool calls until ``submit`` or ``max_steps`` replies (see the module)."""
    async def solve(state: TaskState, generate: Generate) -> TaskState:
        output_name = str(state.metadata.get("output") or "output.docx")
        tools = office_tools(output_name, render)
        model = get_model()
        steps, ended = 0, "steps"
        info: dict[str, Any] = {"max_steps": max_steps, "steps": 0, "ended": "started"}
        state.store.set(AGENT, info)
        while steps < max_steps:
            state.output = await model.generate(state.messages, tools)
            state.messages.append(state.output.message)
            steps += 1
            state.store.set(AGENT, {**info, "steps": steps, "ended": "running"})
            if state.output.message.tool_calls:
                result = await execute_tools(state.messages, tools)
                state.messages.extend(result.messages)
                if state.store.get(SUBMITTED) is not None:
                    ended = "submitted"
                    break
            else:
                state.messages.append(ChatMessageUser(content=NUDGE.get(lang, NUDGE["en"])))
        state.store.set(AGENT, {**info, "steps": steps, "ended": ended})
        return state
    return solve
