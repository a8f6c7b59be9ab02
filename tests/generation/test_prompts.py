"""The ``prompts`` command on the shipped sample tasks: one line per task with the messages
a model gets (instruction in Chinese or English, the program contract, the outline), from a
versioned template; and nothing of the rubric or the reference in them."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest
from docx import Document
from lxml import etree

from officeeval.generation.prompts import read_prompts

NS = {"r": "urn:officeeval:rubric:1"}


def officeeval(*args: str, cwd: Path) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "officeeval", *args], capture_output=True,
                          text=True, cwd=cwd, timeout=300)


def read(path: Path) -> dict[str, dict]:
    return {x["task"]: x for x in map(json.loads, path.read_text(encoding="utf-8")
                                       .splitlines())}


@pytest.fixture(scope="module")
def zh(repo, tmp_path_factory) -> dict[str, dict]:
    out = tmp_path_factory.mktemp("prompts") / "zh.jsonl"
    res = officeeval("prompts", "-o", str(out), "--outline", cwd=repo)
    assert res.returncode == 0, res.stderr
    n = len(list((repo / "rubrics").glob("*.xml")))
    assert f"{n} prompt(s) written" in res.stdout
    return read(out)


def test_every_sample_task_gets_a_prompt(zh, repo):
    assert sorted(zh) == sorted(p.stem for p in (repo / "rubrics").glob("*.xml"))
    # A task given partly by pictures names them among the files the program finds.
    assert zh["ppt-l2-farm"]["files"]["attachments"] == [f"example-{i}.png"
                                                         for i in range(1, 5)]
    line = zh["word-l2-merge"]
    assert line["template"]["id"] == "officeeval-default-zh" and line["lang"] == "zh"
    assert line["files"] == {"input": "input.docx", "attachments": ["嘉宾名单.xlsx"],
                             "output": "output.docx"}
    system, user = line["messages"]
    assert system["role"] == "system" and user["role"] == "user"
    assert user["content"].startswith("当前目录下有邀请函主文档 `input.docx`")
    assert "目录中只有这些文件：input.docx、嘉宾名单.xlsx" in user["content"]
    assert "保存为当前目录下的 `output.docx`" in user["content"]
    assert "不能联网" in user["content"] and "python-docx、openpyxl、python-pptx" in \
        user["content"]
    assert "## 输入文件概要" in user["content"]
    assert "input.docx: Word document, 8 body paragraph(s)" in user["content"]
    assert "=== feedback ===" not in line["feedback_template"] and \
        "{{ traceback }}" in line["feedback_template"]


def test_english_prompts_and_no_outline(repo, tmp_path):
    res = officeeval("prompts", "excel-l1-grades", "ppt-l1-travel", "--lang", "en",
                     "-o", str(tmp_path / "en.jsonl"), "--timeout", "30", "--memory", "1G",
                     cwd=repo)
    assert res.returncode == 0, res.stderr
    en = read(tmp_path / "en.jsonl")
    assert set(en) == {"excel-l1-grades", "ppt-l1-travel"}
    user = en["excel-l1-grades"]["messages"][-1]["content"]
    assert user.startswith("`input.xlsx` in the current directory is a class's")
    assert "Limits: 30 seconds, 1 GiB of memory." in user
    assert "Outline of the input" not in user and en["ppt-l1-travel"]["outline"] is False


def _rubric_strings(path: Path) -> list[str]:
    """Selectors with a step argument (a bare ``workbook`` is an English word), property
    names and criterion descriptions."""
    root = etree.parse(str(path)).getroot()
    out = [c.get("select") for c in root.iterfind(".//r:check", NS)
           if re.search(r"[\[(!'/]", c.get("select") or "")]
    out += [c.get("property") for c in root.iterfind(".//r:check", NS) if c.get("property")]
    out += [d.text.strip() for d in root.iterfind(".//r:description", NS)
            if d.text and len(d.text.strip()) >= 6]
    return out


def _reference_paragraphs(path: Path, inp: Path) -> set[str]:
    if path.suffix != ".docx":
        return set()
    seen = {p.text.strip() for p in Document(inp).paragraphs}
    return {p.text.strip() for p in Document(path).paragraphs
            if len(p.text.strip()) >= 4 and p.text.strip() not in seen}


def test_no_rubric_or_reference_content_in_any_prompt(zh, repo):
    for task, line in zh.items():
        ours = "\n".join(m["content"] for m in line["messages"]) + json.dumps(
            {k: v for k, v in line.items() if k != "messages"}, ensure_ascii=False)
        instruction = (repo / "samples" / task / "instruction.md").read_text(encoding="utf-8")
        rubric = repo / "rubrics" / f"{task}.xml"
        assert "reference." not in ours and "rubric" not in ours.lower()
        leaks = [s for s in _rubric_strings(rubric) if s not in instruction and s in ours]
        assert not leaks, (task, leaks)
        ref = repo / "samples" / task / f"reference{Path(line['files']['output']).suffix}"
        inp = repo / "samples" / task / line["files"]["input"]
        leaks = [p for p in _reference_paragraphs(ref, inp)
                 if p not in instruction and p in ours]
        assert not leaks, (task, leaks)


def test_a_template_file(repo, tmp_path):
    t = tmp_path / "mine.txt"
    t.write_text("id: mine\nversion: 2\n\n=== user ===\n{{ app_name }} task {{ task }}: "
                 "{{ instruction[:6] }} -> {{ output }}\n", encoding="utf-8")
    res = officeeval("prompts", "ppt-l1-campus", "--template", str(t), "-o",
                     str(tmp_path / "p.jsonl"), cwd=repo)
    assert res.returncode == 0, res.stderr
    line = read(tmp_path / "p.jsonl")["ppt-l1-campus"]
    assert line["messages"] == [{"role": "user", "content":
                                 "PowerPoint task ppt-l1-campus: 当前目录下的 -> output.pptx\n"}]
    assert line["template"]["id"] == "mine" and line["template"]["version"] == "2"
    assert "feedback_template" not in line


def test_problems_exit_2_and_the_rest_is_written(repo, tmp_path):
    res = officeeval("prompts", "word-l1-notise", "word-l1-notice", "-o",
                     str(tmp_path / "p.jsonl"), cwd=repo)
    assert res.returncode == 2
    assert "unknown task 'word-l1-notise'; did you mean 'word-l1-notice'?" in res.stderr
    assert set(read(tmp_path / "p.jsonl")) == {"word-l1-notice"}
    bad = tmp_path / "bad.txt"
    bad.write_text("id: x\n=== user ===\nhi\n")
    res = officeeval("prompts", "-o", str(tmp_path / "q.jsonl"), "--template", str(bad),
                     cwd=repo)
    assert res.returncode == 2 and "needs 'version" in res.stderr


def test_reading_prompts_back(tmp_path):
    p = tmp_path / "p.jsonl"
    good = {"task": "a", "messages": [{"role": "user", "content": "hi"}]}
    p.write_text("\n".join([json.dumps(good), "{not json", json.dumps({"task": "b"}),
                            json.dumps({**good, "id": "other"}),
                            json.dumps({"task": "c", "messages": [
                                {"role": "user", "content": "x"},
                                {"role": "assistant", "content": "y"}]})]) + "\n")
    prompts, issues = read_prompts(p)
    assert [x.id for x in prompts] == ["a"]
    assert [n for n, _ in issues] == [2, 3, 4, 5]
    assert re.search("already on line 1", issues[2][1])
    assert "last message must be the user's" in issues[3][1]
