"""prompts -> generate -> batch -> report, as a user runs them (subprocesses), against an
OpenAI-compatible server on 127.0.0.1 answering from a script: single turn and --turns 3.
Every request the server saw is checked for rubric and reference content."""

from __future__ import annotations

import json
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest
from fake_server import ScriptedServer
from gen_fixtures import CASES, ScriptedModel, build_tasks, forbidden

pytest.importorskip("openai")


def officeeval(*args: str, cwd: Path) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "officeeval", *args], capture_output=True,
                          text=True, cwd=cwd, timeout=600)


def lines(path: Path) -> list[dict]:
    return [json.loads(x) for x in path.read_text(encoding="utf-8").splitlines() if x.strip()]


def assert_no_leak(server: ScriptedServer, root: Path) -> None:
    """Nothing of the rubrics or the reference in any request: every message we wrote
    (system, user: prompt and feedback) and every other field. The model's own replies,
    sent back as assistant messages, are its code (``run.font.bold`` is not a leak)."""
    assert server.requests
    for req in server.requests:
        body = json.loads(req["raw"])
        ours = [m["content"] for m in body["messages"] if m["role"] != "assistant"]
        assert len(ours) == len(body["messages"]) - sum(m["role"] == "assistant"
                                                        for m in body["messages"])
        rest = {k: v for k, v in body.items() if k != "messages"}
        text = json.dumps([ours, rest], ensure_ascii=False) + "".join(
            f"{k}: {v}" for k, v in req["headers"].items())
        for needle in forbidden(root):
            assert needle.lower() not in text.lower(), (needle, text[:2000])


@pytest.fixture
def workspace(tmp_path: Path) -> Path:
    build_tasks(tmp_path)
    res = officeeval("prompts", "-o", "prompts.jsonl", "--lang", "en", "--outline",
                     cwd=tmp_path)
    assert res.returncode == 0, res.stderr
    assert len(lines(tmp_path / "prompts.jsonl")) == len(CASES)
    return tmp_path


GEN = ["--model", "scripted-model", "--retry-delay", "0.05", "--request-timeout", "1",
       "--seed", "7", "--temperature", "0.2", "--top-p", "0.9", "--max-tokens", "2000"]


def test_single_turn_prompts_generate_batch_report(workspace: Path):
    model = ScriptedModel()
    with ScriptedServer(model) as server:
        res = officeeval("generate", "prompts.jsonl", "--base-url", server.base_url, *GEN,
                         "-o", "gens.jsonl", "--then-grade", "run", cwd=workspace)
        assert res.returncode == 0, res.stdout + res.stderr
        assert_no_leak(server, workspace)
        # the 429, the timeout and the two malformed replies were retried, nothing else
        assert len(server.requests) == len(CASES) + 1 + 1 + 2
        again = officeeval("generate", "prompts.jsonl", "--base-url", server.base_url, *GEN,
                           "-o", "gens.jsonl", cwd=workspace)
        assert again.returncode == 0, again.stderr
        assert len(server.requests) == len(CASES) + 4  # resumed: nothing asked again
    assert not model.problems, model.problems
    gens = {g["task"]: g for g in lines(workspace / "gens.jsonl")}
    assert set(gens) == {f"gen-{c}" for c in CASES}
    g = gens["gen-rate"]
    assert g["model"] == "scripted-model" and g["sample"] == 1
    assert g["request"] == {"model": "scripted-model", "temperature": 0.2, "top_p": 0.9,
                            "max_tokens": 2000, "seed": 7}
    assert g["usage"] == {"prompt_tokens": 100, "completion_tokens": 50}
    assert g["attempts"] == 2 and g["latency"] > 0 and "turns" not in g
    assert gens["gen-malformed"]["attempts"] == 3
    assert gens["gen-timeout"]["attempts"] == 2
    assert server.requests[0]["body"]["max_tokens"] == 2000

    db = sqlite3.connect(workspace / "run" / "results.sqlite")
    got = dict(db.execute("SELECT task, outcome FROM generations"))
    assert got == {"gen-rate": "ok", "gen-timeout": "ok", "gen-malformed": "ok",
                   "gen-nocode": "no_code", "gen-repair": "exec_error"}
    turns = db.execute("SELECT count(*), sum(prompt_tokens), sum(completion_tokens) "
                       "FROM turns").fetchone()
    assert turns == (5, 4 * 100 + 300, 4 * 50 + 80)
    summary = json.loads((workspace / "run" / "report" / "summary.json").read_text())
    assert summary["by_turn"] == []
    usage = {u["model"]: u for u in summary["usage"]}["scripted-model"]
    assert (usage["requests"], usage["tokens_in"], usage["tokens_out"]) == (5, 700, 280)
    assert usage["latency_p50"] > 0
    index = (workspace / "run" / "report" / "index.html").read_text(encoding="utf-8")
    assert "Tokens and latency" in index and "By turn" not in index
    md = (workspace / "run" / "report" / "summary.md").read_text(encoding="utf-8")
    assert "Tokens and latency" in md


def test_three_turns_feedback_loop(workspace: Path):
    model = ScriptedModel()
    with ScriptedServer(model) as server:
        res = officeeval("generate", "prompts.jsonl", "--base-url", server.base_url, *GEN,
                         "--turns", "3", "-o", "gens.jsonl", "--label", "scripted-fb",
                         cwd=workspace)
        assert res.returncode == 0, res.stdout + res.stderr
        assert_no_leak(server, workspace)
    assert not model.problems, model.problems
    assert not (workspace / "gens.jsonl.turns.jsonl").exists()  # finished: journal removed
    gens = {g["task"]: g for g in lines(workspace / "gens.jsonl")}
    repair = gens["gen-repair"]
    assert [t["run"]["ok"] for t in repair["turns"]] == [False, False, True]
    assert "AttributeError" in repair["turns"][0]["feedback"]
    assert repair["turns"][0]["run"]["exit_code"] == 1
    assert repair["turns"][1]["run"]["output_written"] is False
    assert repair["turns"][1]["run"]["files_written"] == ["result.docx"]
    assert repair["turns"][2]["feedback"] is None and repair["answer"] == \
        repair["turns"][2]["answer"]
    assert len(gens["gen-rate"]["turns"]) == 1  # ran cleanly at once: no second turn
    assert [t["extraction"] for t in gens["gen-nocode"]["turns"]] == ["none",
                                                                       "fenced:python"]
    assert repair["usage"] == {"prompt_tokens": 1500, "completion_tokens": 270}

    res = officeeval("batch", "gens.jsonl", "-o", "run", cwd=workspace)
    assert res.returncode == 0, res.stdout + res.stderr
    db = sqlite3.connect(workspace / "run" / "results.sqlite")
    assert dict(db.execute("SELECT task, outcome FROM generations")) == \
        {f"gen-{c}": "ok" for c in CASES}
    rows = db.execute("SELECT t.turn, t.outcome, t.score, t.program_turn FROM turns t JOIN "
                      "generations g ON g.key = t.gen_key WHERE g.task = 'gen-repair' "
                      "ORDER BY t.turn").fetchall()
    assert rows == [(1, "exec_error", 0.0, 1), (2, "no_output", 0.0, 2), (3, "ok", 100.0, 3)]
    summary = json.loads((workspace / "run" / "report" / "summary.json").read_text())
    by_turn = {(r["model"], r["turn"]): r for r in summary["by_turn"]}
    assert [round(by_turn[("scripted-fb", k)]["sr"], 4) for k in (1, 2, 3)] == [0.6, 0.8, 1.0]
    assert [by_turn[("scripted-fb", k)]["exec_success"] for k in (1, 2, 3)] == [0.6, 0.8, 1.0]
    assert [by_turn[("scripted-fb", k)]["still_going"] for k in (1, 2, 3)] == [5, 2, 1]
    report = workspace / "run" / "report"
    assert "By turn" in (report / "index.html").read_text(encoding="utf-8")
    key = db.execute("SELECT key FROM generations WHERE task = 'gen-repair'").fetchone()[0]
    sheet = (report / "sheets" / f"{key}.html").read_text(encoding="utf-8")
    assert "Conversation: 3 turns" in sheet and "NO_SUCH_THING" in sheet
    assert "Feedback sent to the model" in sheet and "result.docx" in sheet
