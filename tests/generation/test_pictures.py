"""Pictures travel with the task: the ``example-N.png`` files an instruction refers to go to
a vision model as image parts of the user message (``prompts --images inline``) and are
named as not shown for a text-only model (``--images omit``, the default); a picture over
the limits or not an image is refused; ``generate`` sends the parts unchanged, on every turn
of the feedback loop."""

from __future__ import annotations

import base64
import json
import subprocess
import sys
from pathlib import Path

import pytest
from fake_server import ScriptedServer, completion
from gen_fixtures import CRASH, GOOD, build_tasks
from PIL import Image

from officeeval.errors import TaskError
from officeeval.generation import pictures as pictures_mod
from officeeval.generation.commands import make_prompts, registry_for
from officeeval.generation.prompts import read_prompts
from officeeval.generation.template import load_template, parse_template
from officeeval.runner.limits import Limits

PICTURE_RUBRIC = """<?xml version="1.0" encoding="UTF-8"?>
<rubric xmlns="urn:officeeval:rubric:1" id="gen-picture" app="word" level="1" total="100"
        pass="60">
  <title>generation test picture</title>
  <instruction>[case:picture] Make the first paragraph bold as in `example-1.png`, then
save the chart as chart.png (not a picture of the task) and the document as
output.docx. The layout is shown in example-2.png.</instruction>
  <files input="../files/input.docx" reference="../files/reference.docx" output="output.docx">
    <attachment href="../files/example-1.png"/>
  </files>
  <criterion id="c1" skill="font" points="100">
    <check select="paragraph[1]" property="font.bold" op="equals" expected="true"/>
  </criterion>
</rubric>
"""


def officeeval(*args: str, cwd: Path) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "officeeval", *args], capture_output=True,
                          text=True, cwd=cwd, timeout=600)


def flat(text: str) -> str:
    """Console output without the terminal's line wrapping."""
    return " ".join(text.split())


def lines(path: Path) -> list[dict]:
    return [json.loads(x) for x in path.read_text(encoding="utf-8").splitlines() if x.strip()]


@pytest.fixture
def workspace(tmp_path: Path) -> Path:
    """The generation test tasks plus gen-picture: example-1.png is an attachment,
    example-2.png lies beside the input (not attached), chart.png exists nowhere."""
    rubrics = build_tasks(tmp_path)
    Image.new("RGB", (40, 30), (200, 30, 30)).save(tmp_path / "files" / "example-1.png")
    Image.new("RGB", (20, 10), (30, 30, 200)).save(tmp_path / "files" / "example-2.png")
    (rubrics / "gen-picture.xml").write_text(PICTURE_RUBRIC, encoding="utf-8")
    return tmp_path


def _prompt(root: Path, task: str, images: str, lang: str = "en", template=None) -> dict:
    res = make_prompts([task], registry_for([root / "rubrics"]), lang, template, None,
                       Limits(), images)
    assert not res.problems and not res.invalid_rubrics, res.problems
    return res.lines[0]


def test_omitted_pictures_are_named_as_not_shown(workspace):
    line = _prompt(workspace, "gen-picture", "omit")
    user = line["messages"][-1]["content"]
    assert isinstance(user, str)
    assert ("The example pictures the task refers to, example-1.png, example-2.png, are not "
            "shown to you (text-only setting)") in user
    assert "chart.png," not in user and "image_url" not in json.dumps(line)
    assert line["images"] == "omit"
    assert [(p["name"], p["shown"]) for p in line["pictures"]] == \
        [("example-1.png", False), ("example-2.png", False)]
    assert line["template"]["version"] == "2"
    zh = _prompt(workspace, "gen-picture", "omit", lang="zh")["messages"][-1]["content"]
    assert "题目提到的示例图 example-1.png、example-2.png 没有提供给你（纯文本设置）" in zh


def test_inline_pictures_are_image_parts_after_the_text(workspace):
    line = _prompt(workspace, "gen-picture", "inline")
    parts = line["messages"][-1]["content"]
    assert [p["type"] for p in parts] == ["text", "text", "image_url", "text", "image_url"]
    assert "follow this message" in parts[0]["text"] and "not shown" not in parts[0]["text"]
    assert [parts[1]["text"], parts[3]["text"]] == ["example-1.png:", "example-2.png:"]
    for part, name in ((parts[2], "example-1.png"), (parts[4], "example-2.png")):
        head, data = part["image_url"]["url"].split(",", 1)
        assert head == "data:image/png;base64"
        assert base64.b64decode(data) == (workspace / "files" / name).read_bytes()
    assert line["pictures"][0] | {"sha256": None} == {
        "name": "example-1.png", "mime": "image/png", "width": 40, "height": 30,
        "bytes": (workspace / "files" / "example-1.png").stat().st_size, "sha256": None,
        "shown": True}
    # The system message stays text.
    assert isinstance(line["messages"][0]["content"], str)


def test_a_task_without_pictures_is_unchanged_by_the_option(workspace):
    omit = _prompt(workspace, "gen-rate", "omit")
    inline = _prompt(workspace, "gen-rate", "inline")
    assert omit["messages"] == inline["messages"]
    assert isinstance(omit["messages"][-1]["content"], str)
    assert "Example pictures" not in omit["messages"][-1]["content"]
    assert omit["pictures"] == inline["pictures"] == []


def test_a_template_that_says_nothing_of_pictures_gets_the_note(workspace):
    t = workspace / "plain.txt"
    t.write_text("id: plain\nversion: 1\nlang: zh\n=== user ===\n{{ instruction }}\n")
    user = _prompt(workspace, "gen-picture", "omit", template=t)["messages"][-1]["content"]
    assert user.rstrip().endswith("注意：题目提到的示例图 example-1.png, example-2.png 没有提供"
                                  "给你（纯文本设置），你看不到它们的内容。")


def test_a_picture_over_the_limits_or_not_an_image_is_refused(workspace, monkeypatch):
    monkeypatch.setattr(pictures_mod, "MAX_PICTURE_BYTES", 64)
    res = make_prompts(["gen-picture", "gen-rate"], registry_for([workspace / "rubrics"]),
                       "en", None, None, Limits(), "inline")
    assert len(res.lines) == 1 and res.lines[0]["task"] == "gen-rate"
    assert len(res.problems) == 1 and "example-1.png is" in res.problems[0] and \
        "over the limit of 64 bytes" in res.problems[0]
    # Omitted, a large picture is only named.
    assert _prompt(workspace, "gen-picture", "omit")["pictures"][0]["name"] == "example-1.png"
    monkeypatch.undo()
    monkeypatch.setattr(pictures_mod, "MAX_PICTURE_SIDE", 32)
    with pytest.raises(TaskError, match=r"40x30 pixels, over the limit of 32 pixels"):
        pictures_mod.load_picture(workspace / "files" / "example-1.png", "example-1.png")
    fake = workspace / "files" / "example-2.png"
    fake.write_text("not a picture", encoding="utf-8")
    with pytest.raises(TaskError, match="is not a PNG, JPEG, GIF or WebP image"):
        pictures_mod.load_picture(fake, "example-2.png")


def test_where_a_picture_is_mentioned():
    text = "参照示例图example-1.png（封面）和“example-2.png”，另存为 my1.png；不是 example-1.pngx。"
    at = pictures_mod.mentioned_at
    assert at("example-1.png", text) == 5
    assert at("example-2.png", text) == text.index("example-2.png")
    assert at("1.png", text) == -1            # only inside longer names
    assert at("example-3.png", text) == -1
    assert at("example-1.png", "见 example-1.pngx") == -1


def test_prompt_lines_with_parts_are_read_back_and_checked(tmp_path):
    good = {"task": "t", "messages": [
        {"role": "system", "content": "s"},
        {"role": "user", "content": [{"type": "text", "text": "hi"},
                                     {"type": "image_url",
                                      "image_url": {"url": "data:image/png;base64,AAAA",
                                                    "detail": "high"}}]}]}
    bad_role = {"task": "u", "messages": [{"role": "system", "content": [
        {"type": "text", "text": "x"}]}, {"role": "user", "content": "y"}]}
    bad_part = {"task": "v", "messages": [{"role": "user", "content": [
        {"type": "image_url", "image_url": {"url": "file:///etc/passwd"}}]}]}
    empty = {"task": "w", "messages": [{"role": "user", "content": []}]}
    p = tmp_path / "p.jsonl"
    p.write_text("\n".join(json.dumps(x) for x in (good, bad_role, bad_part, empty)) + "\n")
    got, issues = read_prompts(p)
    assert [g.task for g in got] == ["t"]
    assert got[0].messages[1]["content"][1] == {
        "type": "image_url", "image_url": {"url": "data:image/png;base64,AAAA",
                                           "detail": "high"}}
    assert [n for n, _ in issues] == [2, 3, 4]
    assert "a system message's 'content' must be a string" in issues[0][1]
    assert "'image_url'" in issues[1][1] and "is empty" in issues[2][1]


def test_the_shipped_templates_name_pictures_in_both_settings():
    for lang in ("zh", "en"):
        t = load_template(None, lang)
        assert t.version == "2" and "omitted_pictures" in t.sections["user"] and \
            "pictures" in t.sections["user"]
    assert parse_template("id: x\nversion: 1\n=== user ===\nhi\n").version == "1"


def test_cli_images_option(workspace):
    res = officeeval("prompts", "gen-picture", "--images", "inline", "-o", "p.jsonl",
                     cwd=workspace)
    assert res.returncode == 0, res.stderr
    assert "1 prompt(s) written" in res.stdout and "2 picture(s) inline" in flat(res.stdout)
    content = lines(workspace / "p.jsonl")[0]["messages"][-1]["content"]
    assert sum(p["type"] == "image_url" for p in content) == 2
    res = officeeval("prompts", "gen-picture", "-o", "q.jsonl", cwd=workspace)
    assert res.returncode == 0 and "2 picture(s) omit" in flat(res.stdout)
    assert isinstance(lines(workspace / "q.jsonl")[0]["messages"][-1]["content"], str)
    res = officeeval("prompts", "gen-picture", "--images", "both", "-o", "r.jsonl",
                     cwd=workspace)
    assert res.returncode == 2 and \
        "--images must be inline or omit, not 'both'" in flat(res.stderr)
    (workspace / "files" / "example-1.png").write_bytes(b"GIF89a-but-not-really")
    res = officeeval("prompts", "gen-picture", "gen-rate", "--images", "inline",
                     "-o", "s.jsonl", cwd=workspace)
    assert res.returncode == 2 and "example-1.png: not a readable image" in flat(res.stderr)
    assert [x["task"] for x in lines(workspace / "s.jsonl")] == ["gen-rate"]


def test_generate_sends_the_image_parts_on_every_turn(workspace):
    pytest.importorskip("openai")
    res = officeeval("prompts", "gen-picture", "--images", "inline", "-o", "p.jsonl",
                     cwd=workspace)
    assert res.returncode == 0, res.stderr
    sent = lines(workspace / "p.jsonl")[0]["messages"]

    def script(body):
        turn = sum(m["role"] == "assistant" for m in body["messages"]) + 1
        return completion(CRASH if turn == 1 else GOOD)

    with ScriptedServer(script) as server:
        res = officeeval("generate", "p.jsonl", "--base-url", server.base_url, "--model", "m",
                         "--retry-delay", "0.01", "--turns", "2", "-o", "g.jsonl",
                         cwd=workspace)
        assert res.returncode == 0, res.stdout + res.stderr
        bodies = [r["body"] for r in server.requests]
    assert len(bodies) == 2
    for body in bodies:
        assert body["messages"][:2] == sent      # system and user, parts byte for byte
    assert [m["role"] for m in bodies[1]["messages"]] == ["system", "user", "assistant",
                                                          "user"]
    assert "Traceback" in bodies[1]["messages"][-1]["content"]
    urls = [p["image_url"]["url"] for p in bodies[0]["messages"][1]["content"]
            if p["type"] == "image_url"]
    assert base64.b64decode(urls[0].split(",", 1)[1]) == \
        (workspace / "files" / "example-1.png").read_bytes()
    got = lines(workspace / "g.jsonl")
    assert len(got) == 1 and [t["run"]["ok"] for t in got[0]["turns"]] == [False, True]
