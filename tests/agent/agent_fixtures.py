"""The agent tests' tasks and scripted model: small Word tasks (one rubric each, sharing an
input) whose instructions carry a case marker, and a "model" that answers each case with
tool calls the way the issue asks to exercise — inspect, fail, fix, render and submit; never
submit; overspend its budget; try to read the rubric through the tools. Rubrics and the
reference carry secret markers that must never reach the model."""

from __future__ import annotations

import json
import re
import threading
import time
from pathlib import Path
from typing import Any

from docx import Document

from tests.generation.fake_server import Answer, error

RUBRIC_SECRET = "SECRET-RUBRIC-DESCRIPTION-77aa"
REFERENCE_SECRET = "SECRET-REFERENCE-PARAGRAPH-31bf"
CASES = ("fix", "never", "budget", "snoop")

RUBRIC = """<?xml version="1.0" encoding="UTF-8"?>
<rubric xmlns="urn:officeeval:rubric:1" id="agent-{case}" app="word" level="1" total="100"
        pass="60">
  <title>agent test {case}</title>
  <instruction>[case:{case}] Make the first paragraph bold and center the second one, then
save the document as output.docx.</instruction>
  <files input="../files/input.docx" reference="../files/reference.docx" output="output.docx"/>
  <criterion id="c1" skill="font" points="50">
    <description>{secret} bold title</description>
    <check select="paragraph[1]" property="font.bold" op="equals" expected="true"/>
  </criterion>
  <criterion id="c2" skill="paragraph" points="30">
    <description>{secret} centered body</description>
    <check select="paragraph[2]" property="paragraph.alignment" op="equals" expected="center"/>
  </criterion>
  <criterion id="c3" skill="text" points="20">
    <check select="paragraph[1]" property="text" op="equals" expected="Notice"/>
  </criterion>
</rubric>
"""

CRASH = """from docx import Document
doc = Document("input.docx")
doc.paragraphs[0].alignment = doc.NO_SUCH_THING
doc.save("output.docx")
"""

# Half the work, kept in the folder between calls: the next call builds on it.
BOLD = """from docx import Document
doc = Document("input.docx")
for run in doc.paragraphs[0].runs:
    run.font.bold = True
doc.save("step1.docx")
print("bold done")
"""

CENTER = """from docx import Document
from docx.enum.text import WD_ALIGN_PARAGRAPH
doc = Document("step1.docx")
doc.paragraphs[1].alignment = WD_ALIGN_PARAGRAPH.CENTER
doc.save("output.docx")
print("saved", sorted(__import__("os").listdir(".")))
"""


def build_tasks(root: Path) -> Path:
    """rubrics/agent-<case>.xml for every case, files/input.docx and files/reference.docx;
    returns the rubrics directory."""
    files = root / "files"
    files.mkdir(parents=True, exist_ok=True)
    doc = Document()
    doc.add_paragraph("Notice")
    doc.add_paragraph("The library opens at nine.")
    doc.save(files / "input.docx")
    ref = Document(files / "input.docx")
    for run in ref.paragraphs[0].runs:
        run.font.bold = True
    ref.paragraphs[1].alignment = 1
    ref.add_paragraph(REFERENCE_SECRET)
    ref.save(files / "reference.docx")
    rubrics = root / "rubrics"
    rubrics.mkdir(exist_ok=True)
    for case in CASES:
        (rubrics / f"agent-{case}.xml").write_text(
            RUBRIC.format(case=case, secret=RUBRIC_SECRET), encoding="utf-8")
    return rubrics


def forbidden(root: Path) -> list[str]:
    """What must never be in a request we send (our messages, tool results included):
    the secret markers, selectors, property names, the grader's file names and paths."""
    return [RUBRIC_SECRET, REFERENCE_SECRET, "paragraph[1]", "font.bold",
            "paragraph.alignment", "reference.docx", "criterion", str(root / "rubrics"),
            "<rubric"]


def tool_call(name: str, args: dict[str, Any] | None = None, call_id: str = "") -> dict:
    return {"id": call_id or f"c-{name}-{time.monotonic_ns()}", "type": "function",
            "function": {"name": name, "arguments": json.dumps(args or {})}}


def reply(calls: list[dict], text: str = "", prompt_tokens: int = 200,
          completion_tokens: int = 40) -> Answer:
    return Answer(body={
        "id": "chatcmpl-agent", "object": "chat.completion", "created": int(time.time()),
        "model": "scripted-agent",
        "choices": [{"index": 0, "finish_reason": "tool_calls" if calls else "stop",
                     "message": {"role": "assistant", "content": text or None,
                                 **({"tool_calls": calls} if calls else {})}}],
        "usage": {"prompt_tokens": prompt_tokens, "completion_tokens": completion_tokens,
                  "total_tokens": prompt_tokens + completion_tokens}})


def _text(content: Any) -> str:
    if isinstance(content, str):
        return content
    if isinstance(content, list):
        return "\n".join(p.get("text", "") for p in content if isinstance(p, dict))
    return ""


class ScriptedAgent:
    """Replies by case (the marker in the first user message) and step (assistant
    messages so far + 1); checks what the tools returned before going on (``problems``),
    counts requests per (case, step) and can hold a step back (``hold``: seconds)."""

    def __init__(self, rubric_path: str = "", hold: dict[tuple[str, int], float] | None = None
                 ) -> None:
        self.rubric_path = rubric_path
        self.hold = hold or {}
        self.asked: dict[tuple[str, int], int] = {}
        self.problems: list[str] = []
        self.lock = threading.Lock()

    def __call__(self, body: dict[str, Any]) -> Answer:
        messages = body.get("messages") or []
        first = next((_text(m["content"]) for m in messages if m.get("role") == "user"), "")
        m = re.search(r"\[case:(\w+)\]", first)
        case = m.group(1) if m else "?"
        step = sum(1 for x in messages if x.get("role") == "assistant") + 1
        with self.lock:
            self.asked[(case, step)] = self.asked.get((case, step), 0) + 1
        if (case, step) in self.hold:
            time.sleep(self.hold[(case, step)])
        tools = {t["function"]["name"] for t in body.get("tools") or []}
        if not {"python", "outline", "submit"} <= tools:
            self.problems.append(f"{case} step {step}: tools offered {sorted(tools)}")
        last = "\n".join(_text(x.get("content")) for x in messages[-3:]
                         if x.get("role") in ("tool", "user"))
        return getattr(self, f"_{case}", self._unknown)(step, last, messages)

    def _expect(self, where: str, text: str, needles: list[str]) -> None:
        for needle in needles:
            if needle.lower() not in text.lower():
                self.problems.append(f"{where}: lacks {needle!r} in:\n{text[:1500]}")

    def _unknown(self, step: int, last: str, messages: list) -> Answer:
        return error(400, "unknown case")

    def _fix(self, step: int, last: str, messages: list) -> Answer:
        if step == 1:
            return reply([tool_call("outline", {"path": "input.docx"})], "Let me look.")
        if step == 2:
            self._expect("fix 2", last, ["Notice", "The library opens at nine."])
            return reply([tool_call("python", {"code": CRASH})])
        if step == 3:
            self._expect("fix 3", last, ["exit status 1", "AttributeError", "NO_SUCH_THING",
                                         ])
            return reply([tool_call("python", {"code": BOLD})])
        if step == 4:
            self._expect("fix 4", last, ["exit status 0", "bold done", "step1.docx"])
            return reply([tool_call("python", {"code": CENTER})])
        if step == 5:
            self._expect("fix 5", last, ["exit status 0", "output.docx", "step1.docx"])
            return reply([tool_call("outline", {"path": "/sandbox/output.docx"}),
                          tool_call("render", {"path": "output.docx", "page": 1})])
        if step == 6:
            self._expect("fix 6", last, ["Notice", "page 1 of 1 of output.docx"])
            images = [p for x in messages[-2:] if isinstance(x.get("content"), list)
                      for p in x["content"] if p.get("type") == "image_url"]
            if not images or not images[0]["image_url"]["url"].startswith(
                    "data:image/png;base64,"):
                self.problems.append("fix 6: no rendered page came back as an image")
            return reply([], "It looks right. Submitting.")  # no call: nudged
        if step == 7:
            self._expect("fix 7", last, ["submit"])
            return reply([tool_call("submit"), tool_call("python", {"code": "print(1)"})])
        self.problems.append(f"fix: asked again after submitting (step {step})")
        return reply([], "done")

    def _never(self, step: int, last: str, messages: list) -> Answer:
        return reply([tool_call("python", {"code": f"print('still thinking {step}')"})])

    def _budget(self, step: int, last: str, messages: list) -> Answer:
        code = BOLD.replace("step1.docx", "output.docx")
        return reply([tool_call("python", {"code": code})], prompt_tokens=4000,
                     completion_tokens=500)

    def _snoop(self, step: int, last: str, messages: list) -> Answer:
        rubric = self.rubric_path
        if step == 1:
            code = ("import os, glob\n"
                    f"for p in [{rubric!r}, '../rubrics/agent-snoop.xml', "
                    "'/rubrics/agent-snoop.xml', '../files/reference.docx']:\n"
                    "    try:\n"
                    "        print(p, open(p).read()[:200])\n"
                    "    except OSError as e:\n"
                    "        print(p, 'refused', type(e).__name__)\n"
                    "print(sorted(os.listdir('/')))\n"
                    "print(glob.glob('/tmp/**/*.xml', recursive=True), glob.glob('/opt/**/*.xml', recursive=True))\n"
                    f"os.symlink({rubric!r}, 'rubric.docx')\n"
                    "os.symlink('/etc/passwd', 'passwd.docx')\n")
            return reply([tool_call("python", {"code": code})])
        if step == 2:
            self._expect("snoop 2", last, ["refused", "not kept", "rubric.docx"])
            return reply([tool_call("outline", {"path": rubric}),
                          tool_call("outline", {"path": "../rubrics/agent-snoop.xml"}),
                          tool_call("outline", {"path": "rubric.docx"}),
                          tool_call("render", {"path": "/sandbox/../" + rubric, "page": 1}),
                          tool_call("outline", {"path": "../files/reference.docx"})])
        if step == 3:
            for needle in ("outside the working folder", "leaves the working folder",
                           "no such file: rubric.docx"):
                self._expect("snoop 3", "\n".join(
                    _text(x.get("content")) for x in messages[-5:]), [needle])
            code = BOLD.replace("step1.docx", "output.docx")
            return reply([tool_call("python", {"code": code}), tool_call("submit")])
        return reply([], "done")
