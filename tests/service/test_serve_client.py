"""``officeeval.client.Client`` and the verl reward example against a real server."""

from __future__ import annotations

import importlib.util
import threading

import pytest
from serve_fixtures import INLINE_RUBRIC, REPO, RUBRICS, Server, sample, solution, word_text

from officeeval.client import Client, ServiceError


def test_client_scores_runs_and_lists(server, tmp_path):
    with Client(server.url) as c:
        card = c.score("word-l1-notice", sample("word-l1-notice", "reference.docx"))
        assert (card["score"], card["document"]) == (100, "reference.docx")
        assert c.score(None, word_text("Hello"), rubric=INLINE_RUBRIC,
                       detail="summary")["score"] == 100
        got = c.run("word-l1-notice", solution("word-l1-notice"), detail="criteria")
        assert got["scorecard"]["score"] == 100 and got["run"]["exit_code"] == 0
        answer = "```python\n" + solution("word-l1-notice") + "\n```"
        assert c.run("word-l1-notice", answer=answer)["scorecard"]["passed"] is True
        assert "word-l1-notice" in {t["id"] for t in c.tasks()}
        assert c.task("ppt-l1-campus")["app"] == "ppt"
        dest = c.download("word-l1-notice", "input.docx", tmp_path / "in.docx")
        assert dest.read_bytes() == sample("word-l1-notice", "input.docx").read_bytes()
        assert c.health()["status"] == "ok"
        assert "officeeval_requests_total" in c.metrics()
        with pytest.raises(ServiceError) as err:
            c.score("no-such-task", word_text("x"))
        assert (err.value.status, err.value.code) == (404, "unknown_task")
        with pytest.raises(ServiceError) as err:
            c.score(None, word_text("x"), rubric="<rubric/>")
        assert err.value.status == 422 and err.value.code == "invalid_rubric"
        with pytest.raises(ValueError):
            c.run("word-l1-notice")


def test_client_reports_an_unreachable_service():
    with Client("http://127.0.0.1:9", retries=0) as c:
        with pytest.raises(ServiceError) as err:
            c.health()
    assert err.value.status == 0 and err.value.code == "connection_failed"


def test_client_waits_out_a_full_queue():
    with Server("--tasks", str(RUBRICS), "--jobs", "1", "--queue", "0",
                "--no-recalc") as s:
        codes: list = []

        def one() -> None:
            with Client(s.url, retries=10, max_wait=2) as c:
                codes.append(c.run("word-l1-notice", "import time\ntime.sleep(1)\n",
                                   detail="summary")["scorecard"]["outcome"])
        threads = [threading.Thread(target=one) for _ in range(3)]
        for t in threads:
            t.start()
        for t in threads:
            t.join(120)
        assert codes == ["no_output"] * 3
        with Client(s.url) as c:
            text = c.metrics()
    refused = [ln for ln in text.splitlines()
               if ln.startswith('officeeval_requests_total{endpoint="/v1/run",status="429"}')]
    assert refused and float(refused[0].split()[-1]) >= 1


def test_verl_reward_function(server, monkeypatch):
    spec = importlib.util.spec_from_file_location("verl_reward",
                                                  REPO / "examples" / "verl_reward.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    monkeypatch.setenv("OFFICEEVAL_URL", server.url)
    answer = "I will format the notice.\n```python\n" + solution("word-l1-notice") + "```\n"
    good = module.compute_score("officeeval", answer, "word-l1-notice", {"index": 3})
    assert good == {"score": 1.0, "passed": 1.0, "exec_ok": 1.0, "service_error": 0.0}
    crash = module.compute_score("officeeval", "```python\nraise SystemExit(3)\n```", None,
                                 {"officeeval_task": "word-l1-notice"})
    assert crash == {"score": 0.0, "passed": 0.0, "exec_ok": 0.0, "service_error": 0.0}
    lost = module.compute_score("officeeval", answer, "no-such-task", None)
    assert lost["service_error"] == 1.0 and lost["score"] == 0.0
    batch = module.compute_score_batch(
        data_sources=["officeeval"] * 3, solution_strs=[answer, "no code here", answer],
        ground_truths=["word-l1-notice"] * 3, extra_infos=[{}, {}, {}])
    assert [r["score"] for r in batch] == [1.0, 0.0, 1.0]
