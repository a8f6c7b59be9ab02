"""docs/generation.md's "Serving stacks": each section's ``officeeval generate`` command, as
written there, run against the test server behaving as that stack does — vLLM and SGLang
with a reasoning parser (``reasoning`` / ``reasoning_content``, thinking switched by
``chat_template_kwargs``), Ollama (``reasoning``, ``reasoning_effort: none``), OpenAI's
reasoning models (refusing ``max_tokens`` and a temperature, wanting the key), and a
reasoning model served without a parser (inline thinking that starts mid-thought). Only the
URL and the output file are replaced. Checked: the command runs, every documented field
reaches the server, and the program graded is the final answer's, never the draft in the
reasoning."""

from __future__ import annotations

import json
import os
import re
import shlex
import subprocess
import sys
from pathlib import Path
from typing import Any, Callable

import pytest
from fake_server import Answer, ScriptedServer, completion, error
from gen_fixtures import GOOD, build_tasks

from officeeval.runner.answers import extract_code

pytest.importorskip("openai")

DOCS = Path(__file__).resolve().parents[2] / "docs" / "generation.md"
DRAFT = ("```python\nfrom docx import Document\ndoc = Document('input.docx')\n"
         + "# thinking it through, at length\n" * 10
         + "doc.paragraphs[0].alignment = doc.NO_SUCH_THING\n```")
THOUGHT = f"The user wants the title bold. A first try:\n{DRAFT}\nThat attribute is wrong."
FINAL = extract_code(GOOD).code
KEY = "sk-test-key-7f3e"


def sections() -> dict[str, str]:
    """Each '### ' section of '## Serving stacks', by its heading."""
    text = DOCS.read_text(encoding="utf-8")
    part = text[text.index("## Serving stacks"):]
    found = re.split(r"^### (.+)$", part, flags=re.MULTILINE)
    return {found[i].strip(): found[i + 1] for i in range(1, len(found) - 1, 2)}


def generate_command(section: str) -> list[str]:
    """The section's one ``officeeval generate`` command, continuation lines joined."""
    block = re.search(r"```bash\n(.*?)```", section, re.DOTALL).group(1)
    joined = block.replace("\\\n", " ")
    lines = [ln for ln in joined.splitlines() if ln.strip().startswith("officeeval generate")]
    assert len(lines) == 1, block
    return shlex.split(lines[0], comments=True)


def _thinking_off(body: dict[str, Any]) -> bool:
    return (body.get("chat_template_kwargs") or {}).get("enable_thinking") is False


def vllm(body: dict[str, Any]) -> Answer:
    if _thinking_off(body):
        return completion(GOOD)
    return completion(GOOD, reasoning=THOUGHT)  # vLLM's --reasoning-parser field


def sglang(body: dict[str, Any]) -> Answer:
    if _thinking_off(body):
        return completion(GOOD)
    if body.get("separate_reasoning"):
        return completion(GOOD, reasoning_content=THOUGHT)
    return completion(f"<think>\n{THOUGHT}\n</think>\n\n{GOOD}")


def ollama(body: dict[str, Any]) -> Answer:
    if body.get("reasoning_effort") == "none":
        return completion(GOOD)
    return completion(GOOD, reasoning=THOUGHT)


def openai_reasoning(body: dict[str, Any]) -> Answer:
    if "max_tokens" in body:
        return error(400, "Unsupported parameter: 'max_tokens' is not supported with this "
                          "model. Use 'max_completion_tokens' instead.")
    if body.get("temperature", 1) != 1:
        return error(400, "Unsupported value: 'temperature' does not support "
                          f"{body['temperature']} with this model. Only the default (1) "
                          "value is supported.")
    if body.get("reasoning_effort") not in ("low", "medium", "high"):
        return error(400, "reasoning_effort must be low, medium or high")
    return completion(GOOD)


def no_parser(body: dict[str, Any]) -> Answer:
    # The chat template opened <think> in the prompt: the reply starts mid-thought.
    return completion(f"{THOUGHT}\n</think>\n\nHere is the program:\n{GOOD}",
                      completion_tokens=3000)


STACKS: dict[str, Callable[[dict[str, Any]], Answer]] = {
    "vLLM": vllm, "SGLang": sglang, "Ollama": ollama, "A hosted API (OpenAI)": openai_reasoning,
    "A reasoning model without a reasoning parser": no_parser}


def test_every_stack_has_its_section():
    assert set(sections()) == set(STACKS)


@pytest.fixture(scope="module")
def workspace(tmp_path_factory) -> Path:
    root = tmp_path_factory.mktemp("stacks")
    build_tasks(root)
    res = subprocess.run([sys.executable, "-m", "officeeval", "prompts", "gen-rate", "-o",
                          "prompts.jsonl", "--outline"], capture_output=True, text=True,
                         cwd=root, timeout=300)
    assert res.returncode == 0, res.stderr
    return root


@pytest.mark.parametrize("stack", list(STACKS))
def test_the_documented_command_works_against_the_stack(stack, workspace):
    cmd = generate_command(sections()[stack])
    out = f"gens-{re.sub(r'[^a-z]+', '-', stack.lower())}.jsonl"
    with ScriptedServer(STACKS[stack]) as server:
        args = cmd[2:]
        args[args.index("--base-url") + 1] = server.base_url
        args[args.index("-o") + 1] = out
        res = subprocess.run([sys.executable, "-m", "officeeval", "generate", *args],
                             capture_output=True, text=True, cwd=workspace, timeout=600,
                             env={**os.environ, "OPENAI_API_KEY": KEY})
        assert res.returncode == 0, res.stdout + res.stderr
        requests = list(server.requests)
    samples = int(args[args.index("-n") + 1])
    assert len(requests) == samples  # nothing refused, nothing retried
    extra = json.loads(args[args.index("--extra-body") + 1]) if "--extra-body" in args else {}
    field = args[args.index("--max-tokens-field") + 1] if "--max-tokens-field" in args \
        else "max_tokens"
    for req in requests:
        body = req["body"]
        assert {k: body[k] for k in extra} == extra
        assert body[field] == int(args[args.index("--max-tokens") + 1])
        assert body["model"] == args[args.index("--model") + 1]
        if "--api-key-env" in args:
            headers = {k.lower(): v for k, v in req["headers"].items()}
            assert headers["authorization"] == f"Bearer {KEY}"
    text = (workspace / out).read_text(encoding="utf-8")
    assert KEY not in text
    gens = [json.loads(x) for x in text.splitlines()]
    assert len(gens) == samples
    for g in gens:
        found = extract_code(g["answer"])
        assert found.code.strip() == FINAL.strip(), (stack, g["answer"][:300])
        assert "NO_SUCH_THING" not in found.code
        assert g["request"] == {k: v for k, v in requests[0]["body"].items()
                                if k not in ("messages", "seed")} | (
            {"seed": g["request"]["seed"]} if "seed" in g["request"] else {})
    if stack in ("vLLM", "SGLang", "Ollama") and not _thinking_off(extra) and \
            extra.get("reasoning_effort") != "none":
        assert all("NO_SUCH_THING" in g["reasoning"] for g in gens)  # kept, not graded
