"""Commands that talk to models: ``prompts`` and ``generate`` (which can chain into
``batch``)."""

from __future__ import annotations

from pathlib import Path
from typing import Optional

import typer

from officeeval.cli.common import (
    EXIT_OK, EXIT_FAILED, EXIT_USAGE, EXIT_RUBRIC, REQUEST_TIMEOUT, RETRIES, RETRY_DELAY,
    TEMPERATURE, TOP_P, app, console, err_console, _fail,
)
from officeeval.errors import TaskError
from officeeval.cli.batching import batch


@app.command()
def prompts(task_ids: Optional[list[str]] = typer.Argument(None, help="Task ids (default: "
                                                           "every task)."),
            out: Path = typer.Option(..., "--out", "-o", help="Where to write the prompt "
                                     "lines (JSON Lines)."),
            task_dirs: Optional[list[Path]] = typer.Option(None, "--tasks", help="Rubric "
                                                           "directory or file (repeatable;"
                                                           " default: rubrics/)."),
            lang: str = typer.Option("zh", "--lang", help="zh or en: the instruction's "
                                     "language and the shipped template's."),
            template: Optional[Path] = typer.Option(None, "--template", help="A prompt "
                                                    "template file (docs/generation.md)."),
            with_outline: bool = typer.Option(False, "--outline", help="Add an outline of "
                                              "the input file."),
            outline_tokens: int = typer.Option(1500, "--outline-tokens", help="Budget of "
                                               "the outline in estimated tokens."),
            timeout: Optional[float] = typer.Option(None, "--timeout", help="The time limit "
                                                    "the prompt states (default 60 s); "
                                                    "generate and batch enforce it."),
            memory: Optional[str] = typer.Option(None, "--memory", help="The memory limit "
                                                 "the prompt states (default 2G); generate "
                                                 "and batch enforce it."),
            images: str = typer.Option("omit", "--images", help="The pictures the "
                                       "instruction refers to (example-1.png): 'inline' "
                                       "sends them as image parts (vision models), 'omit' "
                                       "says they are not shown (text-only).")) -> None:
    """Write one prompt line per task: the messages a model gets (instruction, program
    contract, pictures, optional outline) from a versioned template. Exit 2 for unknown
    tasks, tasks without an instruction or a picture refused, 3 for invalid rubrics (the
    other lines are written)."""
    from officeeval.generation.commands import make_prompts, registry_for
    from officeeval.generation.prompts import write_prompts
    from officeeval.generation.template import TemplateProblem
    from officeeval.runner.limits import Limits
    try:
        limits = Limits().merged({k: v for k, v in (("timeout", timeout),
                                                    ("memory", memory)) if v is not None})
        res = make_prompts(task_ids or [], registry_for(task_dirs), lang, template,
                           outline_tokens if with_outline else None, limits, images)
    except (TaskError, TemplateProblem) as exc:
        _fail(EXIT_USAGE, str(exc))
    n = write_prompts(res.lines, out)
    for problem in res.invalid_rubrics + res.problems:
        err_console.print(problem, markup=False, highlight=False)
    t = res.template
    pics = sum(len(x.get("pictures", [])) for x in res.lines)
    console.print(f"{n} prompt(s) written to {out} (template {t.id} version {t.version}, "
                  f"{lang}{', with outlines' if with_outline else ''}"
                  f"{f', {pics} picture(s) {images}' if pics else ''})", highlight=False)
    if res.invalid_rubrics:
        raise typer.Exit(EXIT_RUBRIC)
    if res.problems:
        raise typer.Exit(EXIT_USAGE)


@app.command()
def generate(prompts_file: Path = typer.Argument(..., help="Prompt lines (officeeval "
                                                 "prompts)."),
             model: str = typer.Option(..., "--model", help="The model name the endpoint "
                                       "serves."),
             base_url: str = typer.Option(..., "--base-url", help="OpenAI-compatible API, "
                                          "e.g. http://localhost:8000/v1."),
             out: Path = typer.Option(..., "--out", "-o", help="The manifest to write "
                                      "(appended; resumable)."),
             api_key_env: Optional[str] = typer.Option(None, "--api-key-env", help="The "
                                                       "variable holding the API key "
                                                       "(default OPENAI_API_KEY, optional)."),
             samples: int = typer.Option(1, "--samples", "-n", help="Samples per prompt."),
             label: Optional[str] = typer.Option(None, "--label", help="The model name "
                                                 "written on the lines (default --model)."),
             temperature: Optional[float] = TEMPERATURE,
             top_p: Optional[float] = TOP_P,
             max_tokens: Optional[int] = typer.Option(None, "--max-tokens", help="Sent when "
                                                      "set."),
             max_tokens_field: str = typer.Option("auto", "--max-tokens-field",
                                                  help="The field that carries --max-tokens: "
                                                  "max_tokens, max_completion_tokens (OpenAI's "
                                                  "reasoning models), or auto (max_tokens, "
                                                  "switched when the endpoint refuses it by "
                                                  "name)."),
             seed: Optional[int] = typer.Option(None, "--seed", help="Base seed (sample k "
                                                "uses seed + k - 1)."),
             extra_body: Optional[str] = typer.Option(None, "--extra-body", metavar="JSON",
                                                      help="Provider fields merged into every "
                                                      "request: a JSON object, or @FILE "
                                                      "holding one (chat_template_kwargs, "
                                                      "reasoning_effort, top_k, min_p, "
                                                      "repetition_penalty …; "
                                                      "docs/generation.md)."),
             headers: Optional[list[str]] = typer.Option(None, "--header", metavar="HEADER",
                                                         help="An extra HTTP header, 'Name: "
                                                         "value' (repeatable; values of "
                                                         "secret-looking names are not "
                                                         "recorded)."),
             turns: int = typer.Option(1, "--turns", help="Replies per generation: after "
                                       "each, the program runs and the model sees how."),
             concurrency: int = typer.Option(8, "--concurrency", help="Requests at once."),
             retries: int = RETRIES,
             retry_delay: float = RETRY_DELAY,
             request_timeout: float = REQUEST_TIMEOUT,
             request_budget: float = typer.Option(1800.0, "--request-budget",
                                                  help="Seconds one request may take over "
                                                  "all its attempts and waits (0: no cap)."),
             deadline: Optional[str] = typer.Option(None, "--deadline", help="Wall time for "
                                                    "the whole run (e.g. 90m, 4h); what is "
                                                    "unfinished then is left for the next "
                                                    "run."),
             redo_changed: bool = typer.Option(False, "--redo-changed", help="Ask again the "
                                               "lines of -o that were asked with other "
                                               "prompts (moved to OUT.replaced.jsonl)."),
             task_dirs: Optional[list[Path]] = typer.Option(None, "--tasks", help="Rubric "
                                                            "directory or file (for --turns "
                                                            "and --then-grade)."),
             jobs: int = typer.Option(0, "--jobs", "-j", help="Programs run at once "
                                      "(default: CPU count)."),
             timeout: Optional[float] = typer.Option(None, "--timeout", help="Wall-clock "
                                                     "seconds per program (default: what "
                                                     "the prompts state; must equal it)."),
             memory: Optional[str] = typer.Option(None, "--memory", help="Address-space "
                                                  "limit per program (default: what the "
                                                  "prompts state; must equal it)."),
             isolation: str = typer.Option("auto", "--isolation", help="auto, bwrap or "
                                           "rlimits."),
             then_grade: Optional[Path] = typer.Option(None, "--then-grade", help="Then "
                                                       "grade the manifest into this batch "
                                                       "directory (like `batch`)."),
             agent: bool = typer.Option(False, "--agent", help="Run the prompts' tasks as "
                                        "agent conversations instead (`officeeval agent`: "
                                        "tools in a sandboxed working folder).")) -> None:
    """Ask an OpenAI-compatible endpoint for every prompt x sample and write the answers as
    a batch manifest (resumable: run it again to finish). With --turns N, each program runs
    in the sandbox and the model may repair it. Progress is a bar on a terminal, a line
    every few seconds otherwise. Exit 1 when some requests still failed or the deadline
    left some unfinished, 2 for usage errors (including an endpoint that refuses every
    request, answers to other prompts in -o, and limits other than the prompts')."""
    if agent:  # the agent's own command does the work (officeeval.cli.agents)
        from officeeval.cli.agents import from_generate
        if turns != 1:
            _fail(EXIT_USAGE, "--turns does not go with --agent (an agent has --max-steps: "
                              "see `officeeval agent`)")
        from_generate(prompts_file, out, model=model, base_url=base_url,
                      api_key_env=api_key_env, samples=samples, label=label,
                      temperature=temperature, top_p=top_p, max_tokens=max_tokens, seed=seed,
                      concurrency=concurrency, retries=retries, retry_delay=retry_delay,
                      request_timeout=request_timeout, task_dirs=task_dirs, jobs=jobs,
                      timeout=timeout, memory=memory, isolation=isolation,
                      then_grade=then_grade)
        return
    from officeeval.generation.client import EndpointUnusable, RetryPolicy
    from officeeval.generation.commands import api_key, request_params, run_generate
    from officeeval.generation.console import print_result, progress_for
    from officeeval.generation.generate import GenerateOptions
    from officeeval.generation.template import TemplateProblem
    from officeeval.runner.batch_command import batch_options
    from officeeval.runner.limits import LimitMismatch, parse_seconds
    from officeeval.runner.sandbox import SandboxError
    if samples < 1 or turns < 1 or concurrency < 1 or retries < 0:
        _fail(EXIT_USAGE, "--samples, --turns and --concurrency must be at least 1, "
                          "--retries at least 0")
    if request_timeout <= 0 or request_budget < 0:
        _fail(EXIT_USAGE, "--request-timeout must be positive, --request-budget at least 0")
    run_deadline = None
    if deadline is not None:
        run_deadline = parse_seconds(deadline)
        if run_deadline is None:
            _fail(EXIT_USAGE, f"--deadline {deadline!r}: give seconds or a time such as "
                              f"90m or 4h (at most a week)")
    given = {"timeout": timeout, "memory": memory}
    try:
        key = api_key(api_key_env)
        params = request_params(model, temperature=temperature, top_p=top_p,
                                max_tokens=max_tokens, seed=seed,
                                max_tokens_field=max_tokens_field, extra_body=extra_body,
                                headers=headers)
        sandboxing = batch_options(
            jobs=jobs, backend="local", ray_address=None, rerun=False,
            limits=given, isolation=isolation,
            python=None, tasks=task_dirs, recalc=False, keep_outputs=True)
    except (TaskError, ValueError) as exc:
        _fail(EXIT_USAGE, str(exc))
    options = GenerateOptions(label=label or model, samples=samples, turns=turns,
                              concurrency=concurrency, jobs=jobs, limits=sandboxing.limits,
                              sandbox=sandboxing.sandbox,
                              given_limits=frozenset(k for k, v in given.items()
                                                     if v is not None),
                              deadline=run_deadline, redo_changed=redo_changed)
    try:
        result = run_generate(
            prompts_file, out, base_url=base_url, key=key, params=params,
            policy=RetryPolicy(retries, retry_delay, timeout=request_timeout,
                               budget=request_budget or None),
            options=options, tasks=task_dirs, progress=progress_for(console))
    except KeyboardInterrupt:
        _fail(130, f"interrupted: every finished answer is in {out}; run the same command "
                   f"again to resume")
    except LimitMismatch as exc:
        _fail(EXIT_USAGE, f"error: {limit_mismatch(exc, prompts_file)}")
    except (TaskError, TemplateProblem, EndpointUnusable, SandboxError) as exc:
        _fail(EXIT_USAGE, f"error: {exc}")
    print_result(result, console)
    code = EXIT_FAILED if result.failed or result.unfinished else EXIT_OK
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


def limit_mismatch(exc, where: Path) -> str:  # noqa: ANN001 - a runner.limits.LimitMismatch
    """What to say when a limit given differs from what the prompts told the model."""
    from officeeval.runner.limits import describe
    flag = f"--{exc.name}"
    return (f"{flag} {describe(exc.name, exc.given)} differs from the "
            f"{describe(exc.name, exc.stated)} the prompts in {where} told the model "
            f"(`officeeval prompts {flag}`): programs would run under other limits than "
            f"the model was promised. Leave {flag} out (the prompts' limits are used), or "
            f"make the prompts again with {flag} {_flag_value(exc.name, exc.given)}")


def _flag_value(name: str, value: float) -> str:
    from officeeval.runner.limits import describe
    return describe(name, value).replace(" ", "") if name == "memory" else f"{value:g}"
