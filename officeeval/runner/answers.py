"""Extract the program from a model's raw answer, the way benchmark harnesses do.

Order of preference:

1. fenced blocks tagged as Python (```python, ```py, ```python3, also ~~~): among those that
   parse, the longest (on a tie, the last — models put the final version last); if none
   parses, the longest anyway (it will fail as ``exec_error`` with its SyntaxError, which is
   what a harness would record);
2. any other fenced block (untagged or tagged otherwise) that parses as Python, longest/last;
3. the whole text, if it parses as Python and holds at least one real statement (a bare
   word such as ``OK`` parses too, but is not a program).

Before any of this, the reply's reasoning is taken out (``split_reasoning``): reasoning
models (DeepSeek-R1, QwQ, Qwen3 …) served without a reasoning parser write their thinking
inline, ``<think>…</think>`` (also ``<thinking>``, ``<reasoning>``), often with a longer
draft program in it. The graded program must be the model's final answer, never a draft
from its reasoning, so only the text outside those blocks is searched. A reply that starts
mid-thought (the chat template opened ``<think>`` in the prompt, so the reply holds only
``…</think>``) loses everything up to the closing tag; a reasoning block never closed (the
reply ran out of tokens while thinking) loses everything after its opening tag, and the
extraction says so (``unfinished``).

A block whose closing fence is missing (a truncated answer) runs to the end of the text.
Nothing found is ``Extraction(None, "none")``: the batch records outcome ``no_code``.
Never raises. ``batch``, ``serve``'s ``/v1/run`` and ``generate``'s feedback loop all
extract through ``extract_code``.
"""

from __future__ import annotations

import ast
import re
import warnings
from dataclasses import dataclass, replace

PYTHON_TAGS = {"python", "py", "python3", "py3", "python2"}

# An opening fence: 3+ backticks or tildes at the start of a line, then an info string.
_OPEN = re.compile(r"^(?P<indent>[ \t]{0,3})(?P<fence>`{3,}|~{3,})[ \t]*(?P<info>[^\n`]*)$",
                   re.MULTILINE)


# Reasoning tags as models write them inline; case-insensitive, no attributes.
_REASONING_TAG = re.compile(r"<(/?)(think|thinking|reasoning)\s*>", re.IGNORECASE)


@dataclass(frozen=True)
class Extraction:
    """The code found in an answer (``None`` when there is none) and how it was found:
    ``fenced:python``, ``fenced:other``, ``whole_text`` or ``none``. ``reasoning``: the
    characters of reasoning taken out before searching (never searched); ``unfinished``:
    the reply ended inside a reasoning block (it ran out of tokens while thinking)."""

    code: str | None
    method: str
    blocks: int = 0
    reasoning: int = 0
    unfinished: bool = False

    def why_none(self) -> str:
        """Why no program was found, for an outcome's detail (``""`` when one was)."""
        if self.code is not None:
            return ""
        if self.unfinished:
            return "the reply ended inside its reasoning (<think> never closed): no final " \
                   "answer"
        said = f"{self.blocks} fenced block(s)"
        if self.reasoning:
            said += f"; {self.reasoning} characters of reasoning not searched"
        return said


@dataclass(frozen=True)
class Reasoning:
    """A reply split by ``split_reasoning``: ``final`` (the text outside reasoning
    blocks), ``reasoning`` (what was inside them, blocks joined by blank lines) and
    ``unfinished`` (a block was still open at the end)."""

    final: str
    reasoning: str
    unfinished: bool


def split_reasoning(text: str) -> Reasoning:
    """Take the inline reasoning out of a reply: closed ``<think>…</think>`` blocks
    (nested ones included), the head of a reply that starts mid-thought (a closing tag
    with no opening one: everything before it), and an unclosed block (everything after
    its opening tag). Never raises."""
    final: list[str] = []
    thought: list[str] = []
    depth, pos, opened = 0, 0, 0
    for m in _REASONING_TAG.finditer(text):
        closing = bool(m.group(1))
        if depth == 0:
            if closing:
                # Outside any block: the reply began inside one opened by the prompt.
                thought.extend(final)
                thought.append(text[pos:m.start()])
                final = []
            else:
                final.append(text[pos:m.start()])
                depth, opened = 1, m.end()
        elif closing:
            depth -= 1
            if depth == 0:
                thought.append(text[opened:m.start()])
        else:
            depth += 1
        pos = m.end()
    if depth:
        thought.append(text[opened:])
    else:
        final.append(text[pos:])
    return Reasoning("".join(final), "\n\n".join(t.strip() for t in thought if t.strip()),
                     bool(depth))


@dataclass(frozen=True)
class _Block:
    info: str
    body: str
    position: int


def fenced_blocks(text: str) -> list[_Block]:
    """Every fenced block of ``text`` in order (CommonMark-like: the closing fence uses the
    same character, at least as long, on its own line)."""
    blocks: list[_Block] = []
    pos = 0
    while True:
        m = _OPEN.search(text, pos)
        if not m:
            return blocks
        fence = m.group("fence")
        start = m.end() + 1
        close = re.compile(r"^[ \t]{0,3}" + re.escape(fence[0]) + "{" + str(len(fence)) +
                           r",}[ \t]*$", re.MULTILINE)
        c = close.search(text, start) if start <= len(text) else None
        body = text[start:c.start()] if c else text[start:]
        blocks.append(_Block(m.group("info").strip().lower(), body, m.start()))
        if not c:
            return blocks
        pos = c.end()


def parses(code: str) -> bool:
    """Whether ``code`` is syntactically valid Python (warnings silenced, never raises)."""
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            ast.parse(code)
    except (SyntaxError, ValueError, MemoryError, RecursionError):
        return False
    return True


def _is_program(code: str) -> bool:
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            tree = ast.parse(code)
    except (SyntaxError, ValueError, MemoryError, RecursionError):
        return False
    for node in tree.body:
        if isinstance(node, ast.Expr) and isinstance(node.value, (ast.Constant, ast.Name)):
            continue  # a bare word or string: prose that happens to parse
        return True
    return False


def _pick(blocks: list[_Block]) -> _Block:
    # Longest wins; on a tie the later one (max keeps the first maximum, so compare position).
    return max(blocks, key=lambda b: (len(b.body.strip()), b.position))


def extract_code(answer: object) -> Extraction:
    """The program in ``answer``'s final part, its reasoning taken out (see the module
    docstring). A non-string answer has no code."""
    if not isinstance(answer, str) or not answer.strip():
        return Extraction(None, "none")
    split = split_reasoning(answer.replace("\r\n", "\n"))
    found = _search(split.final)
    if split.reasoning or split.unfinished:
        found = replace(found, reasoning=len(split.reasoning), unfinished=split.unfinished)
    return found


def _search(text: str) -> Extraction:
    if not text.strip():
        return Extraction(None, "none")
    blocks = [b for b in fenced_blocks(text) if b.body.strip()]
    tagged = [b for b in blocks if b.info.split()[:1] and b.info.split()[0] in PYTHON_TAGS]
    if tagged:
        good = [b for b in tagged if parses(b.body)]
        return Extraction(_pick(good or tagged).body, "fenced:python", len(blocks))
    other = [b for b in blocks if b not in tagged and parses(b.body) and _is_program(b.body)]
    if other:
        return Extraction(_pick(other).body, "fenced:other", len(blocks))
    if _is_program(text):
        return Extraction(text, "whole_text", len(blocks))
    return Extraction(None, "none", len(blocks))
