"""Where a task's instruction comes from: the sample tasks' instruction.md (Chinese and
English sections), else the rubric's <instruction>; never the rubric's checks."""

from __future__ import annotations

from pathlib import Path

import pytest
from gen_fixtures import build_tasks

from officeeval.errors import TaskError
from officeeval.generation.instructions import pick_language, task_instruction
from officeeval.runner.tasks import TaskRegistry


@pytest.fixture(scope="module")
def samples(repo) -> TaskRegistry:
    return TaskRegistry.scan([repo / "rubrics"])


def test_every_sample_task_has_both_languages(samples, repo):
    tasks = samples.all()
    assert sorted(t.id for t in tasks) == sorted(p.stem for p in (repo / "rubrics").glob("*.xml"))
    for task in tasks:
        zh, where = task_instruction(task, "zh")
        en, _ = task_instruction(task, "en")
        assert where.endswith(f"{task.id}/instruction.md")
        assert task.output_name in zh and task.output_name in en
        assert "## " not in zh and "## " not in en  # one section, not the file
        assert "Task (English" not in zh and "题目" not in en


def test_the_chinese_and_english_texts(samples):
    zh, _ = task_instruction(samples.require("word-l2-merge"), "zh")
    en, _ = task_instruction(samples.require("word-l2-merge"), "en")
    assert zh.startswith("当前目录下有邀请函主文档 `input.docx`")
    assert en.startswith("The current directory holds the letter `input.docx`")
    assert "嘉宾名单.xlsx" in zh and "嘉宾名单.xlsx" in en


def test_the_rubric_instruction_when_there_is_no_file(tmp_path):
    reg = TaskRegistry.scan([build_tasks(tmp_path)])
    text, where = task_instruction(reg.require("gen-rate"), "en")
    assert text.startswith("[case:rate] Make the first paragraph bold")
    assert where.endswith("gen-rate.xml <instruction>")


def test_no_instruction_anywhere(tmp_path):
    rubrics = build_tasks(tmp_path)
    p = rubrics / "gen-rate.xml"
    p.write_text(p.read_text().replace("<instruction>", "<!--").replace("</instruction>",
                                                                         "-->"))
    reg = TaskRegistry.scan([rubrics])
    with pytest.raises(TaskError, match="has no instruction"):
        task_instruction(reg.require("gen-rate"), "zh")


def test_language_sections():
    text = "# title\n\n## 题目（中文）\n\n中文题目\n\n## Task (English translation)\n\nEnglish\n"
    assert pick_language(text, "zh", "f") == "中文题目"
    assert pick_language(text, "en", "f") == "English"
    assert pick_language("# title\n\nonly one text\n", "en", "f") == "only one text"
    with pytest.raises(TaskError, match="no 'en' section"):
        pick_language("## 题目（中文）\n\n中文\n", "en", "f.md")
    with pytest.raises(TaskError, match="unknown language"):
        pick_language(text, "fr", "f")


def test_an_instruction_file_next_to_the_input_wins(tmp_path):
    rubrics = build_tasks(tmp_path)
    Path(tmp_path / "files" / "instruction.md").write_text(
        "## 题目（中文）\n\n把标题加粗。\n\n## Task (English translation)\n\nBold the title.\n",
        encoding="utf-8")
    reg = TaskRegistry.scan([rubrics])
    assert task_instruction(reg.require("gen-rate"), "zh")[0] == "把标题加粗。"
