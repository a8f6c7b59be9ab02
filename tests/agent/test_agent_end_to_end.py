"""agent -> batch -> report, as a user runs them (subprocesses), against an
OpenAI-compatible server on 127.0.0.1 answering with tool calls from a script: a model that
inspects, fails, fixes, renders and submits; one that never submits; one that overspends
its token budget; one that tries to read the rubric through the tools. Every request the
server saw is checked for rubric and reference content, and the grades of the handed-in
documents are checked against grading the same documents directly."""

from __future__ import annotations

import json
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tests.agent.agent_fixtures import CASES, ScriptedAgent, build_tasks, forbidden
from tests.generation.fake_server import ScriptedServer

pytest.importorskip("openai")

AGENT = ["--model", "scripted-agent", "--lang", "en", "--max-steps", "8",
         "--token-budget", "8000", "--render", "--retry-delay", "0.05", "--jobs", "2",
         "--concurrency", "4", "--seed", "3"]


def officeeval(*args: str, cwd: Path) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "officeeval", *args], capture_output=True,
                          text=True, cwd=cwd, timeout=900)


def lines(path: Path) -> dict[str, dict]:
    out = {}
    for x in path.read_text(encoding="utf-8").splitlines():
        if x.strip():
            d = json.loads(x)
            out[d["task"]] = d
    return out


def assert_no_leak(server: ScriptedServer, root: Path) -> None:
    """Nothing of the rubrics or the reference in any request: every message we wrote
    (system, user, tool results) and every other field. The model's own messages, sent back
    as assistant messages, hold what it tried (the rubric's path, which a tool may name
    back when it refuses it): a name the model itself wrote is not a leak, the secrets
    inside the files always are."""
    assert server.requests
    secrets = [n for n in forbidden(root) if n.startswith("SECRET")]
    for req in server.requests:
        body = json.loads(req["raw"])
        ours = [m.get("content") for m in body["messages"] if m["role"] != "assistant"]
        theirs = json.dumps([m for m in body["messages"] if m["role"] == "assistant"],
                            ensure_ascii=False).lower()
        rest = {k: v for k, v in body.items() if k != "messages"}
        text = json.dumps([ours, rest], ensure_ascii=False).lower()
        for needle in forbidden(root):
            if needle in secrets or needle.lower() not in theirs:
                assert needle.lower() not in text, (needle, text[:3000])


def test_agent_inspects_fails_fixes_renders_and_submits_then_batch_grades(tmp_path: Path):
    rubrics = build_tasks(tmp_path)
    model = ScriptedAgent(rubric_path=str(rubrics / "agent-snoop.xml"))
    with ScriptedServer(model) as server:
        res = officeeval("agent", "--base-url", server.base_url, *AGENT, "-o", "agent.jsonl",
                         "--then-grade", "run", cwd=tmp_path)
        assert res.returncode == 0, res.stdout + res.stderr
        assert_no_leak(server, tmp_path)
        asked = len(server.requests)
        again = officeeval("agent", "--base-url", server.base_url, *AGENT, "-o",
                           "agent.jsonl", cwd=tmp_path)
        assert again.returncode == 0, again.stderr
        assert len(server.requests) == asked  # everything finished: nothing asked again
    assert not model.problems, "\n\n".join(model.problems)
    assert all(n == 1 for n in model.asked.values()), model.asked
    assert not (tmp_path / "agent.jsonl.steps.jsonl").exists()  # nothing left unfinished

    got = lines(tmp_path / "agent.jsonl")
    assert set(got) == {f"agent-{c}" for c in CASES}
    fix = got["agent-fix"]
    assert fix["model"] == "scripted-agent+agent" and fix["sample"] == 1
    assert fix["request"] == {"model": "scripted-agent", "seed": 3}
    a = fix["agent"]
    assert (a["ended"], a["submitted"], a["steps"]) == ("submitted", True, 7)
    assert a["tool_calls"] == {"outline": 2, "python": 4, "render": 1, "submit": 1}
    assert (a["prompt_tokens"], a["completion_tokens"]) == (1400, 280)
    steps = fix["steps"]
    assert [len(s["calls"]) for s in steps] == [1, 1, 1, 1, 2, 0, 2]
    assert steps[1]["results"][0]["ok"] is False                 # the crash
    assert [s["results"][0]["state"] for s in steps[1:4]] == [1, 2, 3]  # a state per run
    assert steps[4]["results"][1]["image"]                       # the rendered page
    assert steps[6]["results"][1]["text"].startswith("not run")  # after submitting
    never, budget = got["agent-never"]["agent"], got["agent-budget"]["agent"]
    assert (never["ended"], never["submitted"], never["steps"]) == ("steps", False, 8)
    assert (budget["ended"], budget["submitted"], budget["steps"]) == ("tokens", False, 2)
    assert got["agent-snoop"]["agent"]["ended"] == "submitted"

    # Graded by batch as ready-made documents, as grading them directly does.
    from officeeval.rubric import load_rubric
    from officeeval.scoring import evaluate
    conn = sqlite3.connect(tmp_path / "run" / "results.sqlite")
    rows = {t: (o, s, tot, k) for k, t, o, s, tot in conn.execute(
        "SELECT key, task, outcome, score, total FROM generations")}
    assert rows["agent-fix"][:3] == ("ok", 100.0, 100.0)
    assert rows["agent-snoop"][:3] == ("ok", 70.0, 100.0)
    assert rows["agent-never"][0] == rows["agent-budget"][0] == "no_output"
    for task in ("agent-fix", "agent-snoop"):
        direct = evaluate(load_rubric(rubrics / f"{task}.xml"),
                          tmp_path / got[task]["output"])
        stored = {c: (st, e) for c, st, e in conn.execute(
            "SELECT criterion_id, status, earned FROM criteria WHERE gen_key = ?",
            (rows[task][3],))}
        assert stored == {c.id: (c.status, c.earned) for c in direct.criteria}
        assert direct.score == rows[task][1]
    runs = dict(conn.execute("SELECT g.task, r.ended FROM agent_runs r JOIN generations g "
                             "ON g.key = r.gen_key"))
    assert runs == {"agent-fix": "submitted", "agent-snoop": "submitted",
                    "agent-never": "steps", "agent-budget": "tokens"}
    assert conn.execute("SELECT count(*) FROM agent_steps WHERE gen_key = ?",
                        (rows["agent-fix"][3],)).fetchone()[0] == 7
    summary = json.loads((tmp_path / "run" / "report" / "summary.json").read_text())
    (agent,) = summary["agents"]
    assert agent["model"] == "scripted-agent+agent" and agent["base_model"] == "scripted-agent"
    assert agent["submitted"] == 0.5 and agent["steps_max"] == 8
    sheet = (tmp_path / "run" / "report" / "sheets" / f"{rows['agent-fix'][3]}.html") \
        .read_text(encoding="utf-8")
    assert "Conversation: 7 step(s), handed in" in sheet and "NO_SUCH_THING" in sheet
    assert 'src="data:image/png;base64,' in sheet  # the page the model was shown
    assert "### Agents" in (tmp_path / "run" / "report" / "summary.md").read_text()


def test_agent_resumes_after_ctrl_c_without_asking_answered_steps(tmp_path: Path):
    build_tasks(tmp_path)
    model = ScriptedAgent(hold={("fix", 4): 120.0})
    with ScriptedServer(model) as server:
        cmd = [sys.executable, "-m", "officeeval", "agent", "agent-fix", "--base-url",
               server.base_url, *AGENT, "-o", "agent.jsonl"]
        proc = subprocess.Popen(cmd, cwd=tmp_path, stdout=subprocess.PIPE,
                                stderr=subprocess.PIPE, text=True)
        deadline = time.monotonic() + 600
        while model.asked.get(("fix", 4)) != 1:  # steps 1-3 done, step 4 asked
            assert proc.poll() is None, proc.communicate()
            assert time.monotonic() < deadline
            time.sleep(0.2)
        proc.send_signal(signal.SIGINT)
        out, err = proc.communicate(timeout=120)
        assert proc.returncode == 130, out + err
        assert "resume" in err
        journal = tmp_path / "agent.jsonl.steps.jsonl"
        events = [json.loads(x) for x in journal.read_text().splitlines()]
        assert [e["event"] for e in events] == ["start"] + ["reply", "tool"] * 3
        model.hold = {}
        res = subprocess.run(cmd, cwd=tmp_path, capture_output=True, text=True, timeout=900)
        assert res.returncode == 0, res.stdout + res.stderr
        assert "1 conversation(s) continued from the journal" in res.stdout
    assert not model.problems, "\n\n".join(model.problems)
    # Steps answered before Ctrl-C were not asked again; the one cut short was.
    assert model.asked == {("fix", 1): 1, ("fix", 2): 1, ("fix", 3): 1, ("fix", 4): 2,
                           ("fix", 5): 1, ("fix", 6): 1, ("fix", 7): 1}
    line = lines(tmp_path / "agent.jsonl")["agent-fix"]
    assert (line["agent"]["ended"], line["agent"]["steps"]) == ("submitted", 7)
    # Step 4's program read step1.docx, written by step 3 before the interruption.
    assert "exit status 0" in line["steps"][3]["results"][0]["text"]
    assert (tmp_path / line["output"]).is_file()
    assert not journal.exists()


def test_generate_agent_takes_the_prompts_tasks_language_and_pictures(tmp_path: Path):
    rubrics = build_tasks(tmp_path)
    res = officeeval("prompts", "agent-snoop", "-o", "prompts.jsonl", "--lang", "en",
                     cwd=tmp_path)
    assert res.returncode == 0, res.stderr
    model = ScriptedAgent(rubric_path=str(rubrics / "agent-snoop.xml"))
    with ScriptedServer(model) as server:
        res = officeeval("generate", "prompts.jsonl", "--agent", "--model", "m",
                         "--base-url", server.base_url, "-o", "agent.jsonl",
                         "--retry-delay", "0.05", cwd=tmp_path)
        assert res.returncode == 0, res.stdout + res.stderr
        bad = officeeval("generate", "prompts.jsonl", "--agent", "--turns", "3", "--model",
                         "m", "--base-url", server.base_url, "-o", "x.jsonl", cwd=tmp_path)
        assert bad.returncode == 2 and "--turns does not go with --agent" in bad.stderr
        tools = {t["function"]["name"] for t in server.requests[0]["body"]["tools"]}
        assert tools == {"python", "outline", "submit"}  # text-only prompts: no render
        assert "## How you work" in server.requests[0]["body"]["messages"][1]["content"]
    line = lines(tmp_path / "agent.jsonl")["agent-snoop"]
    assert line["model"] == "m+agent" and line["agent"]["lang"] == "en"
    assert line["agent"]["images"] == "omit" and line["agent"]["ended"] == "submitted"
