"""What real serving stacks do to the model loop, as a user meets it (``officeeval``
subprocesses, the real ``openai`` client, a server on 127.0.0.1): reasoning replies (an
inline ``<think>`` holding a longer draft; ``reasoning_content`` with null content; running
out of tokens while thinking), provider fields and headers reaching the server, the token
field, failures counted, resume with other prompts, the prompt's stated limits being the
enforced ones, and a run deadline."""

from __future__ import annotations

import json
import os
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest
from fake_server import Answer, ScriptedServer, completion, error, html
from gen_fixtures import GOOD, build_tasks

pytest.importorskip("openai")

# A draft in the reasoning: longer than GOOD, it crashes (the old rule took it).
DRAFT = ("```python\nfrom docx import Document\ndoc = Document('input.docx')\n"
         "# a first attempt, thought through at length\n" * 8 +
         "doc.paragraphs[0].alignment = doc.NO_SUCH_THING\ndoc.save('output.docx')\n```")
THINKING = f"<think>\nLet me draft it first.\n{DRAFT}\nNo: bold the runs instead.\n</think>\n\n"


def officeeval(*args: str, cwd: Path, env: dict | None = None) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "officeeval", *args], capture_output=True,
                          text=True, cwd=cwd, timeout=600,
                          env={**os.environ, **(env or {})})


def lines(path: Path) -> list[dict]:
    return [json.loads(x) for x in path.read_text(encoding="utf-8").splitlines() if x.strip()]


def case(body: dict) -> str:
    text = json.dumps(body["messages"][0]["content"] if body["messages"][0]["role"] == "user"
                      else body["messages"][1]["content"])
    return "rate" if "[case:rate]" in text else "repair"


@pytest.fixture
def workspace(tmp_path: Path) -> Path:
    build_tasks(tmp_path)
    res = officeeval("prompts", "gen-rate", "gen-repair", "-o", "prompts.jsonl", "--lang",
                     "en", cwd=tmp_path)
    assert res.returncode == 0, res.stderr
    return tmp_path


FAST = ["--model", "m", "--retry-delay", "0.001", "--request-timeout", "20"]


def test_a_reasoning_models_final_program_is_graded_never_its_draft(workspace):
    assert len(DRAFT) > len(GOOD)
    replies = {"rate": completion(THINKING + "Here it is:\n" + GOOD),          # inline
               "repair": completion(GOOD, reasoning_content=f"Drafting…\n{DRAFT}")}  # split
    with ScriptedServer(lambda body: replies[case(body)]) as server:
        res = officeeval("generate", "prompts.jsonl", "--base-url", server.base_url, *FAST,
                         "-o", "gens.jsonl", "--then-grade", "run", cwd=workspace)
    assert res.returncode == 0, res.stdout + res.stderr
    gens = {g["task"]: g for g in lines(workspace / "gens.jsonl")}
    assert gens["gen-rate"]["answer"].startswith("<think>")  # stored as the model wrote it
    assert "reasoning" not in gens["gen-rate"]
    assert gens["gen-repair"]["answer"] == GOOD and "NO_SUCH_THING" in \
        gens["gen-repair"]["reasoning"]  # kept apart, never graded
    db = sqlite3.connect(workspace / "run" / "results.sqlite")
    assert dict(db.execute("SELECT task, outcome FROM generations")) == \
        {"gen-rate": "ok", "gen-repair": "ok"}
    assert dict(db.execute("SELECT task, score FROM generations")) == \
        {"gen-rate": 100.0, "gen-repair": 100.0}


def test_reasoning_without_content_is_never_an_empty_success(workspace):
    """Null content: with the reply cut by the token limit it is a failure with its reason
    (exit 1, nothing written, asked again by the next run); when the model stopped, its
    reasoning is the answer, marked as such."""
    replies = {"rate": completion(None, reasoning_content=GOOD),
               "repair": completion(None, finish_reason="length", completion_tokens=2000,
                                    reasoning_content=f"Let me think.\n{DRAFT}\nHmm")}
    with ScriptedServer(lambda body: replies[case(body)]) as server:
        res = officeeval("generate", "prompts.jsonl", "--base-url", server.base_url, *FAST,
                         "--max-tokens", "2000", "-o", "gens.jsonl", cwd=workspace)
        assert res.returncode == 1, res.stdout + res.stderr
        assert sum(case(r["body"]) == "repair" for r in server.requests) == 1  # not retried
    assert "failed gen-repair sample 1: the reply ran out of tokens while reasoning" in \
        res.stdout
    assert "1 reply(ies) had no content, only reasoning" in res.stdout
    gens = {g["task"]: g for g in lines(workspace / "gens.jsonl")}
    assert set(gens) == {"gen-rate"}
    assert gens["gen-rate"]["answer"] == GOOD and gens["gen-rate"]["answer_source"] == \
        "reasoning"
    with ScriptedServer(lambda body: completion(GOOD)) as server:
        res = officeeval("generate", "prompts.jsonl", "--base-url", server.base_url, *FAST,
                         "--max-tokens", "2000", "-o", "gens.jsonl", cwd=workspace)
        assert res.returncode == 0 and len(server.requests) == 1


def test_provider_fields_headers_and_the_token_field_reach_the_server(workspace):
    (workspace / "qwen3.json").write_text('{"chat_template_kwargs": {"enable_thinking": '
                                          'false}, "top_k": 20, "min_p": 0}')
    with ScriptedServer(lambda body: completion(GOOD)) as server:
        res = officeeval("generate", "prompts.jsonl", "--base-url", server.base_url, *FAST,
                         "--extra-body", "@qwen3.json", "--header", "X-Run: nightly",
                         "--header", "Authorization: Bearer sk-header-secret",
                         "--max-tokens", "300", "--max-tokens-field",
                         "max_completion_tokens", "-o", "gens.jsonl", cwd=workspace,
                         env={"OPENAI_API_KEY": "sk-env-secret"})
        assert res.returncode == 0, res.stdout + res.stderr
        for req in server.requests:
            body, headers = req["body"], {k.lower(): v for k, v in req["headers"].items()}
            assert body["chat_template_kwargs"] == {"enable_thinking": False}
            assert (body["top_k"], body["min_p"], body["max_completion_tokens"]) == \
                (20, 0, 300)
            assert "max_tokens" not in body
            assert headers["x-run"] == "nightly"
            assert headers["authorization"] == "Bearer sk-header-secret"
    text = (workspace / "gens.jsonl").read_text()
    assert "sk-header-secret" not in text and "sk-env-secret" not in text
    g = lines(workspace / "gens.jsonl")[0]
    assert g["request"] == {"model": "m", "max_completion_tokens": 300,
                            "chat_template_kwargs": {"enable_thinking": False}, "top_k": 20,
                            "min_p": 0, "headers": {"X-Run": "nightly",
                                                    "Authorization": "(redacted)"}}
    bad = officeeval("generate", "prompts.jsonl", "--base-url", "http://127.0.0.1:9/v1",
                     *FAST, "--extra-body", '{"seed": 1}', "-o", "x.jsonl", cwd=workspace)
    assert bad.returncode == 2 and "'seed' is set by --seed" in bad.stderr


def test_a_refused_max_tokens_switches_the_run_once(workspace):
    refused = error(400, "Unsupported parameter: 'max_tokens' is not supported with this "
                         "model. Use 'max_completion_tokens' instead.")
    with ScriptedServer(lambda body: refused if "max_tokens" in body else completion(GOOD)
                        ) as server:
        res = officeeval("generate", "prompts.jsonl", "--base-url", server.base_url, *FAST,
                         "--max-tokens", "300", "--concurrency", "1", "-o", "gens.jsonl",
                         cwd=workspace)
        assert res.returncode == 0, res.stdout + res.stderr
        assert len(server.requests) == 3  # one refused, then the new field for both
    assert "the run sent max_completion_tokens instead" in res.stdout
    assert all(g["request"]["max_completion_tokens"] == 300
               for g in lines(workspace / "gens.jsonl"))


def test_every_failed_request_is_counted_and_named(workspace):
    with ScriptedServer(lambda body: error(500, "boom")) as server:
        res = officeeval("generate", "prompts.jsonl", "--base-url", server.base_url, *FAST,
                         "-n", "3", "-o", "gens.jsonl", cwd=workspace)
        assert len(server.requests) == 42
    assert res.returncode == 1
    assert "42 request(s) sent: 0 answered, 42 failed (HTTP 500 ×42): 36 retried, 6 given " \
           "up" in res.stdout
    served = iter([html(), html(), completion(GOOD), completion(GOOD)])
    with ScriptedServer(lambda body: next(served)) as server:
        res = officeeval("generate", "prompts.jsonl", "--base-url", server.base_url, *FAST,
                         "--concurrency", "1", "-o", "gens2.jsonl", cwd=workspace)
    assert res.returncode == 0, res.stdout
    assert "4 request(s) sent: 2 answered, 2 failed (not JSON (text/html) ×2): 2 retried, " \
           "0 given up" in res.stdout


def test_progress_lines_when_stdout_is_not_a_terminal(workspace):
    with ScriptedServer(lambda body: completion(GOOD)) as server:
        res = officeeval("generate", "prompts.jsonl", "--base-url", server.base_url, *FAST,
                         "-n", "5", "-o", "gens.jsonl", cwd=workspace)
    assert res.returncode == 0
    out = res.stdout.splitlines()
    assert out[0] == "asking for 10 of 10 generations"
    progress = [ln for ln in out if ln.startswith("generated ")]
    assert len(progress) >= 2 and progress[-1].startswith("generated 10/10 (100%): answered "
                                                           "10 · requests 10")


def test_a_quiet_run_says_what_it_waits_for(workspace):
    """In process, with short intervals: nothing finishes for a while, and the log says
    how many requests are in flight and for how long."""
    import asyncio
    import io

    from rich.console import Console

    from officeeval.generation.client import ChatClient, RetryPolicy
    from officeeval.generation.console import LineProgress
    from officeeval.generation.generate import GenerateOptions, generate
    from officeeval.generation.prompts import read_prompts
    from officeeval.generation.request import RequestParams

    prompts, _ = read_prompts(workspace / "prompts.jsonl")
    buffer = io.StringIO()
    progress = LineProgress(Console(file=buffer, width=300), every=60, quiet=1.0)
    with ScriptedServer(lambda body: Answer(delay=3.5, body=completion(GOOD).body)) as server:
        client = ChatClient(server.base_url, "k", RequestParams("m"), RetryPolicy(timeout=30))
        result = asyncio.run(generate(prompts, client, workspace / "g.jsonl",
                                      GenerateOptions(label="m"), progress=progress))
    assert result.answered == 2
    waiting = [ln for ln in buffer.getvalue().splitlines() if ln.startswith("waiting: ")]
    assert waiting and "2 request(s) in flight, the oldest for " in waiting[-1]
    assert "0/2 done" in waiting[-1]


def test_resume_keys_on_the_prompts_content(workspace):
    with ScriptedServer(lambda body: completion(GOOD)) as server:
        assert officeeval("generate", "prompts.jsonl", "--base-url", server.base_url, *FAST,
                          "-o", "gens.jsonl", cwd=workspace).returncode == 0
        first = {g["task"]: g["prompt_sha256"] for g in lines(workspace / "gens.jsonl")}
        # The same tasks in Chinese, into the same output.
        assert officeeval("prompts", "gen-rate", "gen-repair", "-o", "prompts.jsonl",
                          "--lang", "zh", cwd=workspace).returncode == 0
        res = officeeval("generate", "prompts.jsonl", "--base-url", server.base_url, *FAST,
                         "-o", "gens.jsonl", cwd=workspace)
        assert res.returncode == 2 and len(server.requests) == 2  # nothing asked
        assert "already holds 2 answer(s) asked with other prompts" in res.stderr
        assert "officeeval-default-en v2 → template officeeval-default-zh v2" in res.stderr
        res = officeeval("generate", "prompts.jsonl", "--base-url", server.base_url, *FAST,
                         "-o", "gens.jsonl", "--redo-changed", cwd=workspace)
        assert res.returncode == 0, res.stderr
        assert len(server.requests) == 4
        assert "2 line(s) asked with other prompts were moved to" in res.stdout
    now = lines(workspace / "gens.jsonl")
    assert len(now) == 2 and all(g["prompt_sha256"] != first[g["task"]] for g in now)
    assert len(lines(workspace / "gens.jsonl.replaced.jsonl")) == 2
    # And again: everything is kept, and said so.
    with ScriptedServer(lambda body: completion(GOOD)) as server:
        res = officeeval("generate", "prompts.jsonl", "--base-url", server.base_url, *FAST,
                         "-o", "gens.jsonl", cwd=workspace)
        assert res.returncode == 0 and not server.requests
    assert "0 answered now, 2 kept from gens.jsonl (asked with these prompts)" in res.stdout


SLOW = """```python
import time
time.sleep(4)
from docx import Document
Document("input.docx").save("output.docx")
```"""


def test_the_limits_a_prompt_states_are_the_limits_enforced(workspace):
    assert officeeval("prompts", "gen-rate", "-o", "p2.jsonl", "--lang", "en", "--timeout",
                      "2", cwd=workspace).returncode == 0
    prompt = lines(workspace / "p2.jsonl")[0]
    assert prompt["limits"]["timeout"] == 2
    assert "Limits: 2 seconds" in prompt["messages"][-1]["content"]
    with ScriptedServer(lambda body: completion(SLOW)) as server:
        res = officeeval("generate", "p2.jsonl", "--base-url", server.base_url, *FAST,
                         "--timeout", "5", "-o", "g.jsonl", cwd=workspace)
        assert res.returncode == 2 and not server.requests
        assert "--timeout 5 s differs from the 2 s the prompts in p2.jsonl told the model" \
            in res.stderr
        # Without --timeout: the feedback loop and the batch use the stated 2 s.
        res = officeeval("generate", "p2.jsonl", "--base-url", server.base_url, *FAST,
                         "--turns", "2", "-o", "g.jsonl", "--then-grade", "run",
                         cwd=workspace)
        assert res.returncode == 0, res.stdout + res.stderr
    g = lines(workspace / "g.jsonl")[0]
    assert g["stated_limits"] == {"timeout": 2.0, "memory": 2 * 1024 ** 3}
    assert "wall-clock limit of 2 s" in g["turns"][0]["feedback"]
    db = sqlite3.connect(workspace / "run" / "results.sqlite")
    outcome, sandbox = db.execute("SELECT outcome, sandbox FROM generations").fetchone()
    assert outcome == "exec_timeout" and json.loads(sandbox)["limits"]["timeout"] == 2.0
    res = officeeval("batch", "g.jsonl", "-o", "run2", "--timeout", "60", cwd=workspace)
    assert res.returncode == 2 and "--timeout 60 s differs from the 2 s the prompt told " \
        "the model on 1 line(s)" in res.stderr
    # A stated limit above the batch's default is used too (what the model was told).
    assert officeeval("prompts", "gen-rate", "-o", "p3.jsonl", "--timeout", "90",
                      cwd=workspace).returncode == 0
    with ScriptedServer(lambda body: completion(GOOD)) as server:
        assert officeeval("generate", "p3.jsonl", "--base-url", server.base_url, *FAST,
                          "-o", "g3.jsonl", cwd=workspace).returncode == 0
    assert officeeval("batch", "g3.jsonl", "-o", "run3", cwd=workspace).returncode == 0
    db = sqlite3.connect(workspace / "run3" / "results.sqlite")
    sandbox = db.execute("SELECT sandbox FROM generations").fetchone()[0]
    assert json.loads(sandbox)["limits"]["timeout"] == 90.0


def test_a_run_deadline_ends_a_hung_run_cleanly_and_it_resumes(workspace):
    def hangs_on_repair(body):
        return Answer(delay=900.0, body={}) if case(body) == "repair" else completion(GOOD)
    with ScriptedServer(hangs_on_repair) as server:
        started = time.monotonic()
        res = officeeval("generate", "prompts.jsonl", "--base-url", server.base_url,
                         "--model", "m", "--request-timeout", "1200", "--deadline", "4",
                         "-o", "gens.jsonl", cwd=workspace)
        took = time.monotonic() - started
        assert sum(case(r["body"]) == "repair" for r in server.requests) == 1
    assert res.returncode == 1, res.stdout + res.stderr
    assert took < 300  # the request alone would have held it 900 s (loose: a loaded CI)
    assert "deadline of 4s reached: 1 generation(s) not finished" in res.stdout
    assert {g["task"] for g in lines(workspace / "gens.jsonl")} == {"gen-rate"}
    with ScriptedServer(lambda body: completion(GOOD)) as server:
        res = officeeval("generate", "prompts.jsonl", "--base-url", server.base_url, *FAST,
                         "-o", "gens.jsonl", cwd=workspace)
        assert res.returncode == 0 and len(server.requests) == 1
    assert {g["task"] for g in lines(workspace / "gens.jsonl")} == {"gen-rate", "gen-repair"}


def test_an_endpoint_that_never_answers_is_reported_within_its_timeouts(workspace):
    with ScriptedServer(lambda body: Answer(delay=60.0, body={})) as server:
        res = officeeval("generate", "prompts.jsonl", "--base-url", server.base_url,
                         "--model", "m", "--request-timeout", "1", "--retry-delay", "0.01",
                         "--concurrency", "1", "-n", "3", "-o", "gens.jsonl", cwd=workspace)
        # 3 attempts, then it stops: not 6 generations x 7 attempts of the timeout
        assert len(server.requests) == 3
    assert res.returncode == 2
    assert "accepts requests but answered none: 3 timed out in a row after 1 s" in res.stderr
