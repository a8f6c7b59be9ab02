"""Code extraction from raw answers: table-driven, one row per harness rule."""

from __future__ import annotations

import pytest

from officeeval.runner.answers import extract_code, split_reasoning

FENCE = "```"

CASES = [
    # (answer, expected code (stripped) or None, method)
    (f"Here:\n{FENCE}python\nprint(1)\n{FENCE}\nDone.", "print(1)", "fenced:python"),
    (f"{FENCE}py\nx = 1\n{FENCE}", "x = 1", "fenced:python"),
    # the longest python block wins
    (f"{FENCE}python\nimport os\n{FENCE}\ntext\n{FENCE}python\nimport os\nprint(os.sep)\n"
     f"{FENCE}", "import os\nprint(os.sep)", "fenced:python"),
    # equal length: the last one (the model's final version)
    (f"{FENCE}python\nx = 1\n{FENCE}\n{FENCE}python\nx = 2\n{FENCE}", "x = 2",
     "fenced:python"),
    # a python block that parses beats a longer one that does not
    (f"{FENCE}python\nthis is not python at all, is it\n{FENCE}\n{FENCE}python\nx = 1\n"
     f"{FENCE}", "x = 1", "fenced:python"),
    # only broken python blocks: the longest is still taken (it fails as exec_error)
    (f"{FENCE}python\ndef f(:\n{FENCE}", "def f(:", "fenced:python"),
    # an untagged block that parses
    (f"Try this:\n{FENCE}\nimport docx\ndocx.Document()\n{FENCE}",
     "import docx\ndocx.Document()", "fenced:other"),
    # a bash block is not a program; the python one is taken
    (f"{FENCE}bash\npip install python-docx\n{FENCE}\n{FENCE}python\nimport docx\n{FENCE}",
     "import docx", "fenced:python"),
    # tildes
    ("~~~python\ny = 2\n~~~", "y = 2", "fenced:python"),
    # truncated answer: the open block runs to the end
    (f"Sure!\n{FENCE}python\nfrom docx import Document\ndoc = Document('input.docx')\n",
     "from docx import Document\ndoc = Document('input.docx')", "fenced:python"),
    # no fences, the whole text is a program
    ("from docx import Document\nDocument('input.docx').save('output.docx')\n",
     "from docx import Document\nDocument('input.docx').save('output.docx')",
     "whole_text"),
    # prose that happens to parse is not a program
    ("OK", None, "none"),
    ("'just a string'", None, "none"),
    # a refusal
    ("I'm sorry, but I can't edit Word files directly.", None, "none"),
    # only a non-Python block
    (f"{FENCE}bash\nlibreoffice --convert input.docx\n{FENCE}", None, "none"),
    ("", None, "none"),
    ("   \n  ", None, "none"),
]


@pytest.mark.parametrize("answer,code,method", CASES)
def test_extraction(answer, code, method):
    got = extract_code(answer)
    assert got.method == method
    assert (got.code.strip() if got.code is not None else None) == code


@pytest.mark.parametrize("odd", [None, 42, ["```python\nx=1\n```"], {"a": 1}])
def test_non_text_answers_have_no_code(odd):
    assert extract_code(odd).code is None


def test_crlf_and_fence_count():
    got = extract_code("a\r\n```python\r\nx = 1\r\n```\r\n```\r\nnotes\r\n```")
    assert got.code.strip() == "x = 1" and got.blocks == 2


# --- reasoning replies: the graded program is the final answer's, never a draft ----------

DRAFT = (f"{FENCE}python\nfrom docx import Document\ndoc = Document('input.docx')\n"
         f"doc.paragraphs[0].alignment = doc.NO_SUCH_THING  # draft, longer than the final\n"
         f"for p in doc.paragraphs:\n    print(p.text)\ndoc.save('output.docx')\n{FENCE}")
FINAL = f"{FENCE}python\nfrom docx import Document\nDocument('input.docx').save('output.docx')\n{FENCE}"


@pytest.mark.parametrize("tag", ["think", "thinking", "reasoning", "THINK"])
def test_a_longer_draft_inside_the_reasoning_is_not_taken(tag):
    reply = f"<{tag}>\nLet me try:\n{DRAFT}\nHmm, simpler.\n</{tag}>\n\nHere it is:\n{FINAL}"
    got = extract_code(reply)
    assert got.method == "fenced:python"
    assert got.code == "from docx import Document\nDocument('input.docx').save('output.docx')\n"
    assert got.reasoning > len(DRAFT) and not got.unfinished
    # the same draft outside any reasoning block is the longest, and taken (the old rule)
    assert "NO_SUCH_THING" in extract_code(f"{DRAFT}\n{FINAL}").code


def test_a_reply_that_starts_mid_thought_loses_its_head():
    """The chat template opened <think> in the prompt: the reply holds only its end."""
    got = extract_code(f"Okay, so the user wants…\n{DRAFT}\n</think>\n\n{FINAL}")
    assert "NO_SUCH_THING" not in got.code and "save('output.docx')" in got.code


def test_an_unclosed_reasoning_block_has_no_final_answer():
    got = extract_code(f"<think>\nFirst attempt:\n{DRAFT}\nWait, that attribute does not")
    assert got.code is None and got.method == "none" and got.unfinished
    assert "ended inside its reasoning" in got.why_none()


def test_code_only_inside_the_reasoning_is_no_code():
    got = extract_code(f"<think>{DRAFT}</think>\nI am done.")
    assert got.code is None and not got.unfinished and got.reasoning > 0
    assert "reasoning not searched" in got.why_none()


def test_nested_and_several_blocks():
    reply = (f"<think>a <think>b</think> {DRAFT} </think>between\n{FINAL}\n"
             f"<thinking>{DRAFT}</thinking>")
    split = split_reasoning(reply)
    assert "between" in split.final and "NO_SUCH_THING" not in split.final
    assert split.reasoning.count("NO_SUCH_THING") == 2 and not split.unfinished
    assert "save('output.docx')" in extract_code(reply).code


def test_a_reply_without_reasoning_is_unchanged():
    split = split_reasoning(FINAL)
    assert (split.final, split.reasoning, split.unfinished) == (FINAL, "", False)
    got = extract_code(FINAL)
    assert (got.reasoning, got.unfinished) == (0, False)

