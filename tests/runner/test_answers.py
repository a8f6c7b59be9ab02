"""Code extraction from raw answers: table-driven, one row per harness rule."""

from __future__ import annotations

import pytest

from officeeval.runner.answers import extract_code

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
