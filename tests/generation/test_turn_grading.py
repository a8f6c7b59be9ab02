"""The last program rule: a conversation whose last reply holds no code is graded on the
last program it did write, at every turn after it too; the generator writes that reply
as the line's ``answer``."""

from __future__ import annotations

import asyncio
import json
import sqlite3

import pytest
from fake_server import ScriptedServer, completion
from gen_fixtures import CRASH, GOOD, NO_CODE, build_tasks

from officeeval.generation.client import ChatClient, RequestParams, RetryPolicy
from officeeval.generation.generate import GenerateOptions, generate
from officeeval.generation.prompts import PromptLine
from officeeval.runner.batch import BatchOptions, run_batch
from officeeval.runner.tasks import TaskRegistry

pytest.importorskip("openai")


def test_the_answer_is_the_last_reply_with_a_program(tmp_path):
    registry = TaskRegistry.scan([build_tasks(tmp_path)])
    replies = iter([CRASH, NO_CODE])
    prompt = PromptLine(1, "gen-repair", "gen-repair",
                        ({"role": "user", "content": "[case:repair] do it"},),
                        "{{ status }} / no code: {{ no_code }}")
    with ScriptedServer(lambda body: completion(next(replies))) as server:
        client = ChatClient(server.base_url, "k", RequestParams("m"), RetryPolicy(delay=0))
        result = asyncio.run(generate([prompt], client, tmp_path / "g.jsonl",
                                      GenerateOptions(label="m", turns=2), registry))
        second = server.requests[1]["body"]["messages"]
    assert result.answered == 1 and not result.failed
    assert [m["role"] for m in second] == ["user", "assistant", "user"]
    assert second[2]["content"] == "exited with status 1 / no code: False\n"
    line = json.loads((tmp_path / "g.jsonl").read_text())
    assert line["answer"] == CRASH
    assert [t["extraction"] for t in line["turns"]] == ["fenced:python", "none"]
    assert line["turns"][1]["run"]["no_code"] is True and line["turns"][1]["feedback"] is None

    res = run_batch(tmp_path / "g.jsonl", tmp_path / "run",
                    BatchOptions(jobs=1, tasks=(str(tmp_path / "rubrics"),)))
    assert res.graded == 1 and not res.errors
    db = sqlite3.connect(tmp_path / "run" / "results.sqlite")
    rows = db.execute("SELECT turn, outcome, program_turn, program IS NULL, reply FROM turns "
                      "ORDER BY turn").fetchall()
    assert [r[:4] for r in rows] == [(1, "exec_error", 1, 0), (2, "exec_error", 1, 1)]
    assert rows[1][4] == NO_CODE
    assert db.execute("SELECT outcome FROM generations").fetchone() == ("exec_error",)


def test_a_code_line_is_one_turn_and_a_changed_conversation_is_graded_again(tmp_path):
    rubrics = build_tasks(tmp_path)
    manifest = tmp_path / "m.jsonl"
    base = {"task": "gen-rate", "model": "m", "sample": 1, "answer": GOOD}
    manifest.write_text(json.dumps({**base, "turns": [{"answer": NO_CODE},
                                                      {"answer": GOOD}]}) + "\n" +
                        json.dumps({"task": "gen-rate", "model": "m", "sample": 2,
                                    "code": GOOD.strip("`\n").removeprefix("python\n")}) + "\n")
    opts = BatchOptions(jobs=1, tasks=(str(rubrics),))
    assert run_batch(manifest, tmp_path / "run", opts).graded == 2
    db = sqlite3.connect(tmp_path / "run" / "results.sqlite")
    got = db.execute("SELECT g.sample, t.turn, t.outcome, t.score, t.extraction FROM turns t "
                     "JOIN generations g ON g.key = t.gen_key ORDER BY 1, 2").fetchall()
    assert got == [(1, 1, "no_code", 0.0, "none"), (1, 2, "ok", 100.0, "fenced:python"),
                   (2, 1, "ok", 100.0, "code")]
    # The same final answer after another conversation: a new key, graded again, one row.
    manifest.write_text(json.dumps({**base, "turns": [{"answer": CRASH},
                                                      {"answer": GOOD}]}) + "\n")
    assert run_batch(manifest, tmp_path / "run2", opts).graded == 1
    res = run_batch(manifest, tmp_path / "run", opts)
    assert res.graded == 1
    assert db.execute("SELECT count(*) FROM turns WHERE turn = 1 AND outcome = 'no_code'"
                      ).fetchone() == (0,)
