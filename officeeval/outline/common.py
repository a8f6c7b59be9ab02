"""What the three outlines share: reading one property of one target without raising,
selecting without raising, shortening text, and the token budget."""

from __future__ import annotations

import math
import re
from dataclasses import dataclass, field
from typing import Any

from officeeval.errors import OfficeEvalError
from officeeval.catalog import resolve
from officeeval.properties.registry import ResolveContext
from officeeval.selectors import select
from officeeval.targets import Document, Target

TEXT_CHARS = 60  # characters of a paragraph's or shape's text shown
_CJK = re.compile(r"[\u2e80-\u9fff\uac00-\ud7af\uf900-\ufaff\uff00-\uffef]")
_SPACE = re.compile(r"\s+")


@dataclass
class Lines:
    """The outline's lines in order (priority order too: the budget keeps the first)."""

    items: list[str] = field(default_factory=list)

    def add(self, text: str) -> None:
        self.items.append(text)


def value(prop: str, target: Target) -> Any:
    """The effective value of ``prop`` on ``target``; ``None`` when there is none or it
    cannot be read (an outline shows what it can, a damaged part is not an error here)."""
    try:
        obs = resolve(prop, target, ResolveContext())
    except (OfficeEvalError, LookupError, KeyError, ValueError):
        return None
    return None if obs is None else obs.value


def targets(doc: Document, selector: str) -> list[Target]:
    """The targets of ``selector``; ``[]`` when the step does not exist for this document
    or a damaged part behind it cannot be read."""
    try:
        return select(doc, selector)
    except (OfficeEvalError, LookupError):
        return []


def short(text: Any, limit: int = TEXT_CHARS) -> str:
    """``text`` on one line (runs of white space made one space), cut to ``limit``
    characters with an ellipsis; ``""`` for ``None``."""
    if text is None:
        return ""
    s = _SPACE.sub(" ", str(text)).strip()
    return s if len(s) <= limit else s[:limit - 1] + "…"


def quoted(text: Any, limit: int = TEXT_CHARS) -> str:
    s = short(text, limit)
    return f"“{s}”" if s else "(empty)"


def estimate_tokens(text: str) -> int:
    """A tokenizer-free estimate of the tokens of ``text``: one per CJK character, one per
    four other characters (close to what BPE tokenizers give for such text)."""
    cjk = len(_CJK.findall(text))
    return cjk + math.ceil((len(text) - cjk) / 4)


def cut_to_budget(lines: list[str], budget: int) -> str:
    """The first lines that fit in ``budget`` estimated tokens, and a last line saying how
    many were left out when some were."""
    kept: list[str] = []
    used = 0
    for i, line in enumerate(lines):
        cost = estimate_tokens(line) + 1
        if used + cost > budget:
            kept.append(f"… (outline cut to about {budget} tokens: {len(lines) - i} more "
                        f"line(s) not shown)")
            break
        kept.append(line)
        used += cost
    return "\n".join(kept)
