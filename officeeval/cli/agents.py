"""The ``agent`` command: a model works on each task through tool calls (``python``,
``outline``, ``render``, ``submit``) in a sandboxed working folder, and hands in its
document; the manifest it writes is graded by ``batch`` (or ``--then-grade``)."""

from __future__ import annotations

from pathlib import Path
from typing import Optional

import typer

from officeeval.cli.common import (
    EXIT_FAILED, EXIT_OK, EXIT_USAGE, REQUEST_TIMEOUT, RETRIES, RETRY_DELAY, TEMPERATURE, TOP_P,
    app, console, _fail,
)
from officeeval.errors import TaskError


@app.command()
def agent(task_ids: Optional[list[str]] = typer.Argument(None, help="Task ids (default: "
                                                         "every task)."),
          model: str = typer.Option(..., "--model", help="The model name the endpoint "
                                    "serves."),
          base_url: str = typer.Option(..., "--base-url", help="OpenAI-compatible API, "
                                       "e.g. http://localhost:8000/v1."),
          out: Path = typer.Option(..., "--out", "-o", help="The manifest to write "
                                   "(appended; resumable)."),
          api_key_env: Optional[str] = typer.Option(None, "--api-key-env", help="The "
                                                    "variable holding the API key."),
          samples: int = typer.Option(1, "--samples", "-n", help="Conversations per task."),
          label: Optional[str] = typer.Option(None, "--label", help="The model name written "
                                              "on the lines (default MODEL+agent)."),
          temperature: Optional[float] = TEMPERATURE,
          top_p: Optional[float] = TOP_P,
          max_tokens: Optional[int] = typer.Option(None, "--max-tokens", help="Per "
                                                   "request, sent when set."),
          seed: Optional[int] = typer.Option(None, "--seed", help="Base seed (sample k "
                                             "uses seed + k - 1)."),
          max_steps: int = typer.Option(30, "--max-steps", help="Replies per "
                                        "conversation."),
          token_budget: Optional[int] = typer.Option(None, "--token-budget", help="Tokens "
                                                     "(in + out, summed) per "
                                                     "conversation."),
          time_budget: Optional[float] = typer.Option(1800.0, "--time-budget",
                                                      help="Seconds of requests and tools "
                                                      "per conversation."),
          lang: str = typer.Option("zh", "--lang", help="zh or en: the instruction's "
                                   "language and the prompt's."),
          images: str = typer.Option("omit", "--images", help="inline (a vision model: "
                                     "the example pictures are shown, render is offered) "
                                     "or omit."),
          render: Optional[bool] = typer.Option(None, "--render/--no-render", help="Offer "
                                                "the render tool (default: with --images "
                                                "inline)."),
          outline_tokens: int = typer.Option(3000, "--outline-tokens", help="Budget of "
                                             "one outline call."),
          concurrency: int = typer.Option(4, "--concurrency", help="Conversations at once."),
          retries: int = RETRIES,
          retry_delay: float = RETRY_DELAY,
          request_timeout: float = REQUEST_TIMEOUT,
          task_dirs: Optional[list[Path]] = typer.Option(None, "--tasks", help="Rubric "
                                                         "directory or file (repeatable)."),
          jobs: int = typer.Option(0, "--jobs", "-j", help="Tool calls run at once "
                                   "(default: CPU count)."),
          timeout: Optional[float] = typer.Option(None, "--timeout", help="Wall-clock "
                                                  "seconds per python call (default 60)."),
          memory: Optional[str] = typer.Option(None, "--memory", help="Address-space "
                                               "limit per python call (default 2G)."),
          disk: Optional[str] = typer.Option(None, "--disk", help="What the working folder "
                                             "may hold beyond the task's files (default "
                                             "256M)."),
          isolation: str = typer.Option("auto", "--isolation", help="auto, bwrap or "
                                        "rlimits."),
          keep_work: bool = typer.Option(False, "--keep-work", help="Keep each working "
                                         "folder after its conversation."),
          then_grade: Optional[Path] = typer.Option(None, "--then-grade", help="Then grade "
                                                    "the manifest into this batch "
                                                    "directory (like `batch`).")) -> None:
    """Let a model work on each task with tools in a sandboxed working folder and hand in
    its document; write one manifest line per conversation (its trajectory on the line,
    resumable: run it again to finish). Exit 1 when some conversations failed, 2 for
    usage errors."""
    try:
        tasks = _tasks(task_ids or [], task_dirs)
    except TaskError as exc:
        _fail(EXIT_USAGE, str(exc))
    run_command(tasks, out, model=model, base_url=base_url, api_key_env=api_key_env,
                samples=samples, label=label, temperature=temperature, top_p=top_p,
                max_tokens=max_tokens, seed=seed, max_steps=max_steps,
                token_budget=token_budget, time_budget=time_budget, lang=lang,
                images=images, render=render, outline_tokens=outline_tokens,
                concurrency=concurrency, retries=retries, retry_delay=retry_delay,
                request_timeout=request_timeout, task_dirs=task_dirs, jobs=jobs,
                timeout=timeout, memory=memory, disk=disk, isolation=isolation,
                keep_work=keep_work, then_grade=then_grade)


def _tasks(task_ids: list[str], task_dirs: Optional[list[Path]], near: Path | None = None):
    from officeeval.agent.commands import choose_tasks
    from officeeval.generation.commands import registry_for
    return choose_tasks(task_ids, registry_for(task_dirs, near))


def from_generate(prompts_file: Path, out: Path, **options) -> None:  # noqa: ANN003
    """``generate --agent``: the agent on the tasks, language and picture setting of a
    prompts file, with ``generate``'s options (and the agent's defaults for the rest)."""
    from officeeval.agent.commands import from_prompts
    try:
        ids, lang, images = from_prompts(prompts_file)
        tasks = _tasks(ids, options.get("task_dirs"), prompts_file)
    except TaskError as exc:
        _fail(EXIT_USAGE, str(exc))
    run_command(tasks, out, lang=lang, images=images, **options)


def run_command(tasks, out: Path, *, model: str, base_url: str,  # noqa: ANN001
                api_key_env: Optional[str], samples: int, label: Optional[str],
                temperature: Optional[float], top_p: Optional[float],
                max_tokens: Optional[int], seed: Optional[int], lang: str, images: str,
                concurrency: int, retries: int, retry_delay: float, request_timeout: float,
                task_dirs: Optional[list[Path]], jobs: int, timeout: Optional[float],
                memory: Optional[str], isolation: str, then_grade: Optional[Path],
                max_steps: int = 30, token_budget: Optional[int] = None,
                time_budget: Optional[float] = 1800.0, render: Optional[bool] = None,
                outline_tokens: int = 3000, disk: Optional[str] = None,
                keep_work: bool = False) -> None:
    from officeeval.agent.commands import run
    from officeeval.agent.console import RichProgress, print_result
    from officeeval.agent.prompt import Budgets
    from officeeval.agent.run import AgentOptions
    from officeeval.cli.batching import batch
    from officeeval.generation.client import EndpointUnusable, RequestParams, RetryPolicy
    from officeeval.generation.commands import api_key
    from officeeval.runner.batch_command import batch_options
    from officeeval.runner.sandbox import SandboxError
    if samples < 1 or max_steps < 1 or concurrency < 1 or retries < 0:
        _fail(EXIT_USAGE, "--samples, --max-steps and --concurrency must be at least 1, "
                          "--retries at least 0")
    if (token_budget is not None and token_budget < 1) or \
            (time_budget is not None and time_budget <= 0):
        _fail(EXIT_USAGE, "--token-budget and --time-budget must be positive")
    try:
        key = api_key(api_key_env)
        sandboxing = batch_options(
            jobs=jobs, backend="local", ray_address=None, rerun=False,
            limits={"timeout": timeout, "memory": memory, "disk": disk},
            isolation=isolation, python=None, tasks=task_dirs, recalc=False,
            keep_outputs=True)
    except (TaskError, ValueError) as exc:
        _fail(EXIT_USAGE, str(exc))
    options = AgentOptions(label=label or f"{model}+agent", samples=samples,
                           concurrency=concurrency, jobs=jobs, limits=sandboxing.limits,
                           sandbox=sandboxing.sandbox,
                           budgets=Budgets(max_steps, token_budget, time_budget),
                           lang=lang, images=images, render=render,
                           outline_tokens=outline_tokens, keep_work=keep_work)
    try:
        result = run(tasks, out, base_url=base_url, key=key,
                     params=RequestParams(model, temperature, top_p, max_tokens, seed),
                     policy=RetryPolicy(retries, retry_delay, timeout=request_timeout),
                     options=options, progress=RichProgress(console))
    except KeyboardInterrupt:
        _fail(130, f"interrupted: every finished step is journaled beside {out}; run the "
                   f"same command again to resume")
    except (TaskError, EndpointUnusable, SandboxError) as exc:
        _fail(EXIT_USAGE, f"error: {exc}")
    print_result(result, console)
    code = EXIT_FAILED if result.failed else EXIT_OK
    if then_grade is not None:
        console.print(f"grading {out} into {then_grade}", highlight=False)
        try:
            batch(manifest=out, out=then_grade, task_dirs=task_dirs, jobs=jobs,
                  backend="local", ray_address=None, rerun=False, timeout=timeout, cpu=None,
                  memory=memory, file_size=None, processes=None, disk=None, files=None,
                  outputs_root=None, isolation=isolation, python=None, recalc=None,
                  pages="layout", keep_outputs=True, make_report=True)
        except typer.Exit as exc:
            code = exc.exit_code or code
    if code:
        raise typer.Exit(code)
