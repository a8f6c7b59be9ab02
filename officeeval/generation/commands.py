"""What the ``prompts`` and ``generate`` commands do between parsing their options and
printing: choose the tasks, build the prompt lines, set up the client and the run."""

from __future__ import annotations

import asyncio
import difflib
import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from officeeval.errors import TaskError
from officeeval.generation.client import ChatClient, RetryPolicy
from officeeval.generation.request import (RequestParams, check_token_field, parse_extra_body,
                                           parse_headers)
from officeeval.generation.generate import GenerateOptions, GenerateResult, Progress, generate
from officeeval.generation.pictures import DEFAULT_MODE, MODES
from officeeval.generation.prompts import build_prompt, read_prompts
from officeeval.generation.template import PromptTemplate, TemplateProblem, load_template
from officeeval.runner.limits import Limits
from officeeval.runner.tasks import TaskRegistry, default_locations


@dataclass
class PromptsResult:
    lines: list[dict[str, Any]] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)
    invalid_rubrics: list[str] = field(default_factory=list)
    template: PromptTemplate | None = None


def registry_for(locations: list[Path] | None, near: Path | None = None) -> TaskRegistry:
    """The task registry of ``--tasks`` locations, else the default ones (``rubrics/`` in
    the current directory and next to ``near``)."""
    locs = [str(p) for p in locations or []] or \
        [str(p) for p in default_locations(near)]
    return TaskRegistry.scan(locs)


def make_prompts(task_ids: list[str], registry: TaskRegistry, lang: str,
                 template_path: Path | None, outline_budget: int | None,
                 limits: Limits, images: str = DEFAULT_MODE) -> PromptsResult:
    """Prompt lines of the given tasks (all tasks when none is given). Unknown tasks,
    invalid rubrics, tasks without an instruction and pictures refused (``images``
    ``inline``) are problems, the others still get their line. Raises
    ``TemplateProblem`` for a bad template, ``TaskError`` for an unknown ``images``."""
    if images not in MODES:
        raise TaskError(f"--images must be {' or '.join(MODES)}, not {images!r}")
    template = load_template(template_path, lang)
    res = PromptsResult(template=template)
    wanted = task_ids or sorted(registry.tasks)
    for tid in wanted:
        task = registry.get(tid)
        if task is None:
            hint = difflib.get_close_matches(tid, list(registry.tasks), n=1)
            res.problems.append(f"unknown task {tid!r}" + (f"; did you mean {hint[0]!r}?"
                                                           if hint else ""))
            continue
        if task.error is not None:
            res.invalid_rubrics.append(f"task {tid!r}: its rubric {task.path} is invalid")
            continue
        try:
            res.lines.append(build_prompt(task, template, lang, outline_budget, limits,
                                          images))
        except (TaskError, TemplateProblem) as exc:
            res.problems.append(str(exc))
    return res


def api_key(variable: str | None) -> str:
    """The API key from ``variable`` (default ``OPENAI_API_KEY``, and then none is needed:
    local servers such as vLLM accept any key). Raises ``TaskError`` when a variable was
    named and is not set."""
    if variable is None:
        return os.environ.get("OPENAI_API_KEY", "") or "EMPTY"
    value = os.environ.get(variable)
    if not value:
        raise TaskError(f"the environment variable {variable} (--api-key-env) is not set")
    return value


def request_params(model: str, *, temperature: float | None, top_p: float | None,
                   max_tokens: int | None, seed: int | None, max_tokens_field: str,
                   extra_body: str | None, headers: list[str] | None) -> RequestParams:
    """The request parameters of the ``generate`` flags. Raises ``TaskError`` for a bad
    ``--extra-body``, ``--header`` or ``--max-tokens-field``."""
    return RequestParams(model, temperature, top_p, max_tokens, seed,
                         max_tokens_field=check_token_field(max_tokens_field),
                         extra_body=parse_extra_body(extra_body),
                         headers=parse_headers(headers))


def run_generate(prompts_path: Path, out: Path, *, base_url: str, key: str,
                 params: RequestParams, policy: RetryPolicy, options: GenerateOptions,
                 tasks: list[Path] | None, progress: Progress) -> GenerateResult:
    """Read the prompts and run ``generate``. Raises ``TaskError`` (unreadable or empty
    prompts, a task the feedback loop cannot find), ``EndpointUnusable``, ``SandboxError``
    and ``KeyboardInterrupt``."""
    try:
        import openai  # noqa: F401 - the optional dependency, checked before any work
    except ImportError:
        raise TaskError("generate needs the openai client: pip install "
                        "'officeeval[generate]'") from None
    prompts, issues = read_prompts(prompts_path)
    if issues:
        raise TaskError("; ".join(f"{prompts_path} line {n}: {why}" for n, why in issues[:10]))
    if not prompts:
        raise TaskError(f"{prompts_path} holds no prompt")
    registry = registry_for(tasks, prompts_path) if options.turns > 1 else None
    client = ChatClient(base_url, key, params, policy)
    return asyncio.run(generate(prompts, client, out, options, registry, progress))
