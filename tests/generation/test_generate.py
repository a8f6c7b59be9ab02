"""``generate`` is resumable: a line already answered is never asked again, a line cut short
by a kill is dropped, Ctrl-C keeps every finished answer, and a conversation of the
feedback loop continues from its journal after a failure."""

from __future__ import annotations

import json
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from fake_server import Answer, ScriptedServer, completion, error
from gen_fixtures import GOOD, ScriptedModel, build_tasks

pytest.importorskip("openai")


def officeeval(*args: str, cwd: Path) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "officeeval", *args], capture_output=True,
                          text=True, cwd=cwd, timeout=600)


def lines(path: Path) -> list[dict]:
    return [json.loads(x) for x in path.read_text(encoding="utf-8").splitlines() if x.strip()]


@pytest.fixture
def workspace(tmp_path: Path) -> Path:
    build_tasks(tmp_path)
    res = officeeval("prompts", "gen-rate", "gen-repair", "-o", "prompts.jsonl", "--lang",
                     "en", cwd=tmp_path)
    assert res.returncode == 0, res.stderr
    return tmp_path


FAST = ["--model", "m", "--retry-delay", "0.01", "--request-timeout", "5"]


def test_answered_lines_are_not_asked_again_and_a_torn_line_is_dropped(workspace):
    with ScriptedServer(lambda body: completion(GOOD)) as server:
        res = officeeval("generate", "prompts.jsonl", "--base-url", server.base_url, *FAST,
                         "-n", "3", "-o", "gens.jsonl", cwd=workspace)
        assert res.returncode == 0, res.stderr
        assert len(server.requests) == 6
        assert "6 answered now, 0 kept" in res.stdout
        out = workspace / "gens.jsonl"
        got = lines(out)
        assert sorted((g["task"], g["sample"]) for g in got) == \
            [(t, k) for t in ("gen-rate", "gen-repair") for k in (1, 2, 3)]
        assert all(g["request"] == {"model": "m"} for g in got)  # nothing else was set
        # A kill in the middle of writing the last line: cut it short.
        text = out.read_text(encoding="utf-8")
        out.write_text(text[:-40], encoding="utf-8")
        res = officeeval("generate", "prompts.jsonl", "--base-url", server.base_url, *FAST,
                         "-n", "3", "-o", "gens.jsonl", cwd=workspace)
        assert res.returncode == 0, res.stderr
        assert "1 answered now, 5 kept" in res.stdout
        assert len(server.requests) == 7
        assert len(lines(out)) == 6  # every line parses again
        # More samples later: only the new ones are asked.
        res = officeeval("generate", "prompts.jsonl", "--base-url", server.base_url, *FAST,
                         "-n", "4", "-o", "gens.jsonl", cwd=workspace)
        assert "2 answered now, 6 kept" in res.stdout
        assert len(server.requests) == 9


def _sigint_at_default() -> None:
    """Run in the child before exec: Ctrl-C from a terminal reaches a program whose SIGINT
    is at its default. A test process left with SIGINT ignored would pass that on, and
    Python then installs no KeyboardInterrupt handler: the interrupt would never arrive."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def test_ctrl_c_keeps_every_finished_answer(workspace):
    def slow(body):  # gen-rate answers at once, gen-repair never in time
        if "[case:rate]" in body["messages"][-1]["content"]:
            return completion(GOOD)
        return Answer(delay=30.0, body=completion(GOOD).body)
    with ScriptedServer(slow) as server:
        proc = subprocess.Popen([sys.executable, "-m", "officeeval", "generate",
                                 "prompts.jsonl", "--base-url", server.base_url, *FAST,
                                 "--request-timeout", "60", "-n", "2", "--concurrency", "4",
                                 "-o", "gens.jsonl"], cwd=workspace, stdout=subprocess.PIPE,
                                stderr=subprocess.PIPE, text=True,
                                preexec_fn=_sigint_at_default)
        out = workspace / "gens.jsonl"
        deadline = time.monotonic() + 120
        while time.monotonic() < deadline and (not out.exists() or
                                               len(lines(out)) < 2 or len(server.requests) < 4):
            time.sleep(0.1)
        proc.send_signal(signal.SIGINT)
        stdout, stderr = proc.communicate(timeout=60)
        assert proc.returncode == 130, stderr
        assert "interrupted" in stderr
        kept = {(g["task"], g["sample"]) for g in lines(out)}
        assert kept == {("gen-rate", 1), ("gen-rate", 2)}
    with ScriptedServer(lambda body: completion(GOOD)) as server:
        res = officeeval("generate", "prompts.jsonl", "--base-url", server.base_url, *FAST,
                         "-n", "2", "-o", "gens.jsonl", cwd=workspace)
        assert res.returncode == 0, res.stderr
        asked = [r["body"]["messages"][-1]["content"] for r in server.requests]
        assert len(asked) == 2 and all("[case:repair]" in a for a in asked)
    assert len(lines(out)) == 4


def test_a_failed_conversation_continues_from_its_journal(workspace):
    model = ScriptedModel()
    broken = {"on": True}

    def script(body):
        turn = sum(m["role"] == "assistant" for m in body["messages"]) + 1
        if broken["on"] and turn == 3:
            return error(503, "overloaded")
        return model(body)

    with ScriptedServer(script) as server:
        res = officeeval("generate", "prompts.jsonl", "--base-url", server.base_url, *FAST,
                         "--retries", "1", "--turns", "3", "-o", "gens.jsonl",
                         cwd=workspace)
        assert res.returncode == 1, res.stdout + res.stderr
        assert "failed gen-repair sample 1" in res.stdout and "503" in res.stdout
        journal = workspace / "gens.jsonl.turns.jsonl"
        events = [(e["event"], e["turn"]) for e in lines(journal)
                  if e["task"] == "gen-repair"]
        assert events == [("reply", 1), ("run", 1), ("reply", 2), ("run", 2)]
        assert {g["task"] for g in lines(workspace / "gens.jsonl")} == {"gen-rate"}
        before = len(server.requests)
        broken["on"] = False
        res = officeeval("generate", "prompts.jsonl", "--base-url", server.base_url, *FAST,
                         "--turns", "3", "-o", "gens.jsonl", cwd=workspace)
        assert res.returncode == 0, res.stdout + res.stderr
        assert "1 conversation(s) continued from the journal" in res.stdout
        new = server.requests[before:]
        assert len(new) == 1  # only turn 3: turns 1 and 2 came from the journal
        assert sum(m["role"] == "assistant" for m in new[0]["body"]["messages"]) == 2
    assert not model.problems, model.problems
    assert not journal.exists()
    repair = {g["task"]: g for g in lines(workspace / "gens.jsonl")}["gen-repair"]
    assert [t["run"]["ok"] for t in repair["turns"]] == [False, False, True]


def test_the_feedback_loop_needs_a_feedback_section(workspace):
    t = workspace / "plain.txt"
    t.write_text("id: plain\nversion: 1\n=== user ===\n{{ instruction }}\n")
    assert officeeval("prompts", "gen-rate", "--template", str(t), "-o", "p2.jsonl",
                      cwd=workspace).returncode == 0
    res = officeeval("generate", "p2.jsonl", "--base-url", "http://127.0.0.1:9/v1", *FAST,
                     "--turns", "2", "-o", "g.jsonl", cwd=workspace)
    assert res.returncode == 2 and "no feedback template" in res.stderr


def test_a_named_key_variable_must_be_set(workspace):
    res = officeeval("generate", "prompts.jsonl", "--base-url", "http://127.0.0.1:9/v1",
                     *FAST, "--api-key-env", "OFFICEEVAL_TEST_NO_SUCH_KEY", "-o", "g.jsonl",
                     cwd=workspace)
    assert res.returncode == 2 and "OFFICEEVAL_TEST_NO_SUCH_KEY" in res.stderr
