"""The generation tests' tasks and model: five small Word tasks (one rubric each, sharing an
input) whose instructions carry a case marker, and a scripted "model" that answers each case
the way the issue asks to exercise — a 429 then a reply, a timeout, malformed replies, a
reply with no code, and repairs of a traceback over three turns. Rubrics and the reference
carry secret markers that must never reach the model."""

from __future__ import annotations

import re
import threading
from pathlib import Path
from typing import Any

from docx import Document
from fake_server import Answer, completion, error

RUBRIC_SECRET = "SECRET-RUBRIC-DESCRIPTION-41c7"
REFERENCE_SECRET = "SECRET-REFERENCE-PARAGRAPH-9d2e"
CASES = ("rate", "timeout", "malformed", "nocode", "repair")

RUBRIC = """<?xml version="1.0" encoding="UTF-8"?>
<rubric xmlns="urn:officeeval:rubric:1" id="gen-{case}" app="word" level="1" total="100"
        pass="60">
  <title>generation test {case}</title>
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

GOOD = """```python
from docx import Document
from docx.enum.text import WD_ALIGN_PARAGRAPH
doc = Document("input.docx")
for run in doc.paragraphs[0].runs:
    run.font.bold = True
doc.paragraphs[1].alignment = WD_ALIGN_PARAGRAPH.CENTER
doc.save("output.docx")
```"""

CRASH = """Here is the program:

```python
from docx import Document
doc = Document("input.docx")
doc.paragraphs[0].alignment = doc.NO_SUCH_THING
doc.save("output.docx")
```"""

WRONG_NAME = """Fixed:

```python
from docx import Document
doc = Document("input.docx")
for run in doc.paragraphs[0].runs:
    run.font.bold = True
doc.save("result.docx")
```"""

NO_CODE = "I cannot open the file, so I will describe the steps instead: select the title, press Ctrl+B."


def build_tasks(root: Path) -> Path:
    """rubrics/gen-<case>.xml for every case, files/input.docx and files/reference.docx;
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
        (rubrics / f"gen-{case}.xml").write_text(
            RUBRIC.format(case=case, secret=RUBRIC_SECRET), encoding="utf-8")
    return rubrics


def forbidden(root: Path) -> list[str]:
    """Strings of the rubrics and the reference that must never be in a request: secret
    markers, selectors, property names, file names of the grader's side."""
    return [RUBRIC_SECRET, REFERENCE_SECRET, "paragraph[1]", "paragraph[2]", "font.bold",
            "paragraph.alignment", "reference.docx", "gen-rate.xml", "criterion",
            str(root / "rubrics"), "score", "rubric"]


class ScriptedModel:
    """The script of canned replies, by case (the marker in the first user message) and
    turn (assistant messages so far + 1); counts attempts per (case, turn, sample seed)."""

    def __init__(self) -> None:
        self.attempts: dict[tuple[str, int, Any], int] = {}
        self.lock = threading.Lock()
        self.problems: list[str] = []

    def __call__(self, body: dict[str, Any]) -> Answer:
        messages = body.get("messages") or []
        first_user = next((m["content"] for m in messages if m.get("role") == "user"), "")
        m = re.search(r"\[case:(\w+)\]", first_user)
        case = m.group(1) if m else "?"
        turn = sum(1 for x in messages if x.get("role") == "assistant") + 1
        key = (case, turn, body.get("seed"))
        with self.lock:
            self.attempts[key] = n = self.attempts.get(key, 0) + 1
        last = messages[-1]["content"] if messages else ""
        if case == "rate":
            return error(429, "slow down", retry_after=0) if n == 1 else completion(GOOD)
        if case == "timeout":
            return Answer(delay=3.0, body={}) if n == 1 else completion(GOOD)
        if case == "malformed":
            if n == 1:
                return Answer(raw=b"{this is not json")
            if n == 2:
                return Answer(body={"object": "chat.completion", "choices": []})
            return completion(GOOD)
        if case == "nocode":
            if turn == 1:
                return completion(NO_CODE)
            self._expect(case, turn, last, ["no python code"])
            return completion(GOOD)
        if case == "repair":
            if turn == 1:
                return completion(CRASH, prompt_tokens=300, completion_tokens=80)
            if turn == 2:
                self._expect(case, turn, last, ["Traceback", "AttributeError",
                                                 "NO_SUCH_THING", "status 1"])
                return completion(WRONG_NAME, prompt_tokens=500, completion_tokens=90)
            self._expect(case, turn, last, ["output.docx` was not written", "result.docx"])
            return completion(GOOD, prompt_tokens=700, completion_tokens=100)
        return error(400, f"unknown case {case}")

    def _expect(self, case: str, turn: int, feedback: str, needles: list[str]) -> None:
        for needle in needles:
            if needle.lower() not in feedback.lower():
                self.problems.append(f"{case} turn {turn}: feedback lacks {needle!r}:\n"
                                     f"{feedback}")
