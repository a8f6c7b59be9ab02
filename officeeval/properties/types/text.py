"""Text-like values: plain text (with the ``normalize=`` options), style names and lists of
texts (functions used, series names, field lists)."""

from __future__ import annotations

import functools
import re
import unicodedata
from typing import Any

from officeeval import vocabulary
from officeeval.properties.types.base import CompareContext, ValueType


_PUNCT_MAP = str.maketrans({
    "，": ",", "。": ".", "；": ";", "：": ":", "？": "?", "！": "!", "（": "(", "）": ")",
    "【": "[", "】": "]", "“": '"', "”": '"', "‘": "'", "’": "'", "、": ",", "《": "<",
    "》": ">", "—": "-", "–": "-", "…": "...", "·": ".", "｛": "{", "｝": "}",
})


_WS = re.compile(r"\s+")


_CJK_SPACE = re.compile(r"(?<=[\u3000-\u9fff\uff00-\uffef]) (?=\S)|(?<=\S) (?=[\u3000-\u9fff\uff00-\uffef])")


def normalize_text(text: str, options: frozenset[str] = frozenset()) -> str:
    """Trim and NFC always; ``space`` collapses whitespace (and drops it beside CJK),
    ``case`` folds case, ``width`` folds full-width forms (NFKC), ``punct`` maps Chinese
    punctuation to ASCII, ``blank_lines`` drops empty lines, ``line_order`` sorts the lines
    (so their order does not count)."""
    # Short texts repeat (the expected value of a check, cell values of a range): memoized.
    # Long ones are not, so a hostile document cannot fill the cache with megabytes.
    if len(text) <= 256 and isinstance(options, frozenset):
        return _normalize_short(text, options)
    return _normalize(text, options)


@functools.lru_cache(maxsize=8192)
def _normalize_short(text: str, options: frozenset[str]) -> str:
    return _normalize(text, options)


def _normalize(text: str, options: frozenset[str]) -> str:
    t = unicodedata.normalize("NFC", text).strip()
    if "width" in options:
        t = unicodedata.normalize("NFKC", t)
    if "punct" in options:
        t = t.translate(_PUNCT_MAP)
    if "blank_lines" in options or "line_order" in options:
        lines = t.splitlines()
        if "blank_lines" in options:
            lines = [x for x in lines if x.strip()]
        if "line_order" in options:
            lines = sorted(lines)
        t = "\n".join(lines).strip()
    if "space" in options:
        t = _WS.sub(" ", t.replace("\u3000", " ")).strip()
        t = _CJK_SPACE.sub("", t)
    if "case" in options:
        t = t.casefold()
    return t


class TextType(ValueType):
    name = "text"
    description = "text (trimmed, NFC; more with normalize=)"
    document_free = True

    def render(self, value: Any) -> str:
        if value is None:
            return "(none)"
        s = str(value)
        return repr(s if len(s) <= 120 else s[:117] + "...")

    def equals(self, actual: Any, expected: Any, ctx: CompareContext) -> bool:
        if actual is None or expected is None:
            return False
        return normalize_text(str(actual), ctx.normalize) == normalize_text(str(expected),
                                                                           ctx.normalize)

    def first_difference(self, actual: Any, expected: Any, ctx: CompareContext) -> str | None:
        """Where two texts too long to show whole (the rendering cuts at 120 characters)
        first differ, after the comparison's normalization: the character and line, and a
        little of each around it; ``None`` for short or equal texts."""
        if actual is None or expected is None:
            return None
        a = normalize_text(str(actual), ctx.normalize)
        e = normalize_text(str(expected), ctx.normalize)
        if a == e or (len(a) <= 120 and len(e) <= 120):
            return None
        i = 0
        for x, y in zip(a, e):
            if x != y:
                break
            i += 1
        line = e.count("\n", 0, i) + 1
        start = max(0, i - 20)
        return (f"first difference at character {i + 1} (line {line}) of {len(e)} expected, "
                f"{len(a)} found: expected {e[start:i + 40]!r}, found {a[start:i + 40]!r}")

    def as_text(self, value: Any) -> str:
        return "" if value is None else str(value)


class StyleNameType(TextType):
    """Style names: built-in styles compare in either language without regard to case
    (``标题 1`` = ``heading 1``); custom names compare exactly."""

    name = "style_name"
    description = "a style name (built-in names in English or Chinese, any case)"

    def equals(self, actual: Any, expected: Any, ctx: CompareContext) -> bool:
        if actual is None or expected is None:
            return False
        return style_key(str(actual)) == style_key(str(expected))


style_key = vocabulary.style_key


class ListType(ValueType):
    """A list of texts (functions used, series names, field names). ``contains`` means "has
    this item"; equality is as an ordered sequence when ``ordered`` else as a set."""

    listy = True

    def __init__(self, name: str = "list", ordered: bool = False, fold_case: bool = False,
                 description: str = "a list: items separated by | (or commas)") -> None:
        self.name = name
        self.ordered = ordered
        self.fold_case = fold_case
        self.description = description

    def _k(self, item: Any) -> str:
        s = normalize_text(str(item))
        return s.casefold() if self.fold_case else s

    def parse(self, literal: str) -> list[str]:
        sep = "|" if "|" in literal else ","
        return [p.strip() for p in literal.split(sep) if p.strip()]

    def render(self, value: Any) -> str:
        if value is None:
            return "(none)"
        return "[" + ", ".join(str(v) for v in value) + "]"

    def equals(self, actual: Any, expected: Any, ctx: CompareContext) -> bool:
        if not isinstance(actual, (list, tuple)) or not isinstance(expected, (list, tuple)):
            return False
        a = [self._k(x) for x in actual]
        e = [self._k(x) for x in expected]
        return a == e if self.ordered else sorted(set(a)) == sorted(set(e))

    def items(self, value: Any) -> list | None:
        return [self._k(x) for x in value] if isinstance(value, (list, tuple)) else None

    def item_key(self, item: Any) -> str:
        return self._k(item)
