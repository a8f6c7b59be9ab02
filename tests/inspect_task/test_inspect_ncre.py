"""The benchmark inside Inspect AI, driven by Inspect's own mock model (``mockllm/model``
with scripted outputs): the ncre task in its three settings, the engine as scorer, the
officeeval sandbox under the agent's tools. Scores must be what grading the same
documents directly gives, nothing of the rubric may reach the model, and ``officeeval
report --inspect-log`` must read the logs into the same report as batches."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("inspect_ai")

from inspect_ai import eval as inspect_eval  # noqa: E402
from inspect_ai.model import ModelOutput, ModelUsage, get_model  # noqa: E402

from officeeval.inspect.task import ncre  # noqa: E402
from officeeval.rubric import load_rubric  # noqa: E402
from officeeval.scoring import evaluate  # noqa: E402
from tests.agent.agent_fixtures import (BOLD, CENTER, CRASH, build_tasks,  # noqa: E402
                                        forbidden)

GOOD = "```python\n" + BOLD.replace("step1.docx", "tmp.docx") + \
    CENTER.replace("step1.docx", "tmp.docx") + "```"
HALF = BOLD.replace("step1.docx", "output.docx")


class Script:
    """A scripted model: replies by case (the marker in the first user message), setting
    and step; keeps what it was shown."""

    def __init__(self, setting: str, rubric_path: str = "") -> None:
        self.setting, self.rubric_path = setting, rubric_path
        self.seen: list[list[Any]] = []

    def __call__(self, messages, tools, tool_choice, config) -> ModelOutput:
        self.seen.append(list(messages))
        first = next(m.text for m in messages if m.role == "user")
        case = re.search(r"\[case:(\w+)\]", first).group(1)
        step = sum(1 for m in messages if m.role == "assistant") + 1
        out = self.reply(case, step, messages)
        out.usage = ModelUsage(input_tokens=300, output_tokens=50, total_tokens=350)
        return out

    def reply(self, case: str, step: int, messages) -> ModelOutput:
        m = "mockllm/model"
        if self.setting == "single":
            return ModelOutput.from_content(m, GOOD if case == "fix" else
                                            "```python\n" + CRASH + "```")
        if self.setting == "turns":
            return ModelOutput.from_content(m, "```python\n" + CRASH + "```" if step == 1
                                            else GOOD)
        plan = {"fix": [("outline", {"path": "input.docx"}), ("python", {"code": BOLD}),
                        ("python", {"code": CENTER}),
                        ("render", {"path": "output.docx", "page": 1}), ("submit", {})],
                "snoop": [("outline", {"path": self.rubric_path}),
                          ("python", {"code": f"print(open({self.rubric_path!r}).read())"}),
                          ("outline", {"path": "../rubrics/agent-snoop.xml"}),
                          ("python", {"code": HALF}), ("submit", {})]}
        if case == "never":
            return ModelOutput.for_tool_call(m, "python", {"code": f"print({step})"})
        name, args = plan[case][step - 1]
        return ModelOutput.for_tool_call(m, name, args)


def run(root: Path, setting: str, ids: str, **args: Any):
    script = Script(setting, str(root / "rubrics" / "agent-snoop.xml"))
    (log,) = inspect_eval(ncre(tasks=str(root / "rubrics"), setting=setting, lang="en",
                               ids=ids, keep=str(root / "kept"), **args),
                          model=get_model("mockllm/model", custom_outputs=script),
                          log_dir=str(root / "logs"), display="none")
    assert log.status == "success", log.error
    return log, script, {s.id: s for s in log.samples}


def score_of(sample) -> Any:
    (score,) = sample.scores.values()
    return score


def assert_graded_as_directly(root: Path, task: str, score: Any) -> None:
    """The score is what grading its document directly gives, criterion by criterion."""
    meta = score.metadata
    direct = evaluate(load_rubric(root / "rubrics" / f"{task}.xml"),
                      meta["scorecard"]["document"])
    assert {c["id"]: (c["status"], c["earned"]) for c in meta["criteria"]} == \
        {c.id: (c.status.value, c.earned) for c in direct.criteria}
    assert score.value == pytest.approx(direct.score / direct.total)


@pytest.fixture(scope="module")
def root(tmp_path_factory) -> Path:
    root = tmp_path_factory.mktemp("ncre")
    build_tasks(root)
    return root


@pytest.fixture(scope="module")
def evals(root: Path) -> dict[str, tuple]:
    """One eval per setting, written to ROOT/logs (the report test reads them all)."""
    return {"single": run(root, "single", "agent-fix,agent-never"),
            "turns": run(root, "turns", "agent-fix", turns=3),
            "agent": run(root, "agent", "agent-fix,agent-never,agent-snoop", max_steps=5,
                         render=True)}


def test_single_turn_and_feedback_turns_are_scored_by_the_engine(root: Path, evals):
    log, script, samples = evals["single"]
    fix, never = score_of(samples["agent-fix"]), score_of(samples["agent-never"])
    assert fix.value == 1.0 and fix.metadata["outcome"] == "ok"
    assert_graded_as_directly(root, "agent-fix", fix)
    assert never.value == 0.0 and never.metadata["outcome"] == "exec_error"
    assert never.metadata["lost"]["execution"] == 100.0
    assert {c["failure_class"] for c in never.metadata["criteria"]} == {"execution"}
    metrics = log.results.scores[0].metrics
    assert metrics["mean"].value == 0.5 and metrics["pass_rate"].value == 0.5
    assert metrics["execution_success"].value == 0.5

    log, script, samples = evals["turns"]
    sample = samples["agent-fix"]
    turns = sample.store["officeeval_turns"]
    assert [t["turn"] for t in turns] == [1, 2]
    assert "NO_SUCH_THING" in turns[0]["feedback"] and turns[1]["run"]["ok"]
    assert score_of(sample).value == 1.0
    assert_graded_as_directly(root, "agent-fix", score_of(sample))
    fed = script.seen[1][-1].text  # what the model read before its second reply
    assert "Traceback" in fed and "attempt" in fed.lower()


def test_the_agent_in_the_officeeval_sandbox(root: Path, evals):
    log, script, samples = evals["agent"]
    fix = samples["agent-fix"]
    assert fix.store["officeeval_agent"]["ended"] == "submitted"
    assert score_of(fix).value == 1.0
    assert_graded_as_directly(root, "agent-fix", score_of(fix))
    tools = [m for m in fix.messages if m.role == "tool"]
    assert "[1] Normal: “Notice”" in tools[0].text             # outline of the input
    assert "files written: step1.docx" in tools[1].text        # the folder persists ...
    assert "exit status 0" in tools[2].text                    # ... into the next call
    assert any(c.type == "image" for c in tools[3].content)    # the rendered page
    never = samples["agent-never"]
    assert never.store["officeeval_agent"] == {"max_steps": 5, "steps": 5,
                                               "ended": "steps"}
    assert score_of(never).metadata["outcome"] == "no_output"
    snoop = samples["agent-snoop"]
    said = [m.text for m in snoop.messages if m.role == "tool"]
    assert "outside the working folder" in said[0]
    assert "FileNotFoundError" in said[1]
    assert "leaves the working folder" in said[2]
    assert score_of(snoop).value == pytest.approx(0.7)
    assert_graded_as_directly(root, "agent-snoop", score_of(snoop))
    # What the model was shown: nothing of the rubric or the reference.
    secrets = forbidden(root)
    for messages in script.seen:
        ours = json.dumps([m.model_dump() for m in messages if m.role != "assistant"],
                          ensure_ascii=False).lower()
        theirs = json.dumps([m.model_dump() for m in messages if m.role == "assistant"],
                            ensure_ascii=False).lower()
        for needle in secrets:
            if needle.startswith("SECRET") or needle.lower() not in theirs:
                assert needle.lower() not in ours, needle


def test_report_reads_inspect_logs_beside_a_batch(root: Path, evals):
    logs = root / "logs"
    assert len(list(logs.glob("*.eval"))) == 3
    (root / "batch.jsonl").write_text(json.dumps(
        {"task": "agent-fix", "model": "by-hand", "answer": GOOD}) + "\n")
    res = subprocess.run([sys.executable, "-m", "officeeval", "batch", "batch.jsonl", "-o",
                          "out", "--no-report"], cwd=root, capture_output=True, text=True,
                         timeout=600)
    assert res.returncode == 0, res.stdout + res.stderr
    res = subprocess.run([sys.executable, "-m", "officeeval", "report", "out",
                          "--inspect-log", str(logs)], cwd=root, capture_output=True,
                         text=True, timeout=600)
    assert res.returncode == 0, res.stdout + res.stderr
    assert "Inspect log(s) read into out" in res.stdout
    summary = json.loads((root / "out" / "report" / "summary.json").read_text())
    models = {m["model"]: m for m in summary["models"]}
    assert set(models) == {"by-hand", "mockllm/model", "mockllm/model+turns3",
                           "mockllm/model+agent", "(all)"}
    assert models["by-hand"]["sr"] == models["mockllm/model+turns3"]["sr"] == 1.0
    (agent,) = summary["agents"]
    assert agent["model"] == "mockllm/model+agent" and agent["generations"] == 3
    assert agent["ended"] == {"steps": 1, "submitted": 2}
    assert {o["model"] for o in agent["same_model"]} >= {"mockllm/model",
                                                         "mockllm/model+turns3"}
    again = subprocess.run([sys.executable, "-m", "officeeval", "report", "out",
                            "--inspect-log", str(logs)], cwd=root, capture_output=True,
                           text=True, timeout=600)
    assert again.returncode == 0
    summary = json.loads((root / "out" / "report" / "summary.json").read_text())
    assert summary["counts"]["generations"] == 7  # the same samples, not added twice


BY_NAME = """
import sys
from inspect_ai import eval
from inspect_ai.model import ModelOutput, ModelUsage, get_model
def answer(*args):
    out = ModelOutput.from_content("mockllm/model", sys.argv[2])
    out.usage = ModelUsage(input_tokens=10, output_tokens=10, total_tokens=20)
    return out
(log,) = eval("officeeval/ncre", task_args={"tasks": sys.argv[1], "ids": "agent-fix",
                                            "lang": "en"},
              model=get_model("mockllm/model", custom_outputs=answer), log_dir="by-name",
              display="none")
print(log.status, log.samples[0].scores["officeeval_scorer"].value)
"""


def test_inspect_finds_the_task_by_its_name(root: Path):
    """``officeeval/ncre`` resolves through the entry point, as ``inspect eval`` resolves
    it (run from a folder without the checkout on the path: a checkout's egg-info would
    hide the editable install Inspect names packages by)."""
    (root / "by_name.py").write_text(BY_NAME)
    res = subprocess.run([sys.executable, "by_name.py", str(root / "rubrics"), GOOD],
                         cwd=root, capture_output=True, text=True, timeout=600)
    assert res.returncode == 0, res.stdout + res.stderr
    assert res.stdout.split()[-2:] == ["success", "1.0"]
