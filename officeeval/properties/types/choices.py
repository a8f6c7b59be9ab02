"""Values chosen from a closed set: booleans (``true``, ``是``, ``on`` …) and enumerations
backed by a vocabulary (``center`` / ``居中``), compared by canonical token."""

from __future__ import annotations

from typing import Any

from officeeval import vocabulary
from officeeval.errors import ValueParseError
from officeeval.properties.types.base import CompareContext, ValueType


class BoolType(ValueType):
    name = "bool"
    description = "true/false (also yes/no, 是/否, on/off, 1/0)"
    document_free = True

    def parse(self, literal: str) -> bool:
        from officeeval.vocabulary.common import BOOL_FALSE, BOOL_TRUE
        t = literal.strip().lower()
        if t in BOOL_TRUE:
            return True
        if t in BOOL_FALSE:
            return False
        raise ValueParseError(f"{literal!r} is not a boolean (true/false, 是/否, yes/no)")

    def render(self, value: Any) -> str:
        return "(none)" if value is None else ("true" if value else "false")

    def equals(self, actual: Any, expected: Any, ctx: CompareContext) -> bool:
        return isinstance(actual, bool) and isinstance(expected, bool) and actual == expected


class EnumType(ValueType):
    """An enumeration backed by a vocabulary: compares canonical tokens."""

    def __init__(self, vocab: str, name: str | None = None) -> None:
        self.vocab_name = vocab
        self.name = name or vocab

    @property
    def vocab(self) -> vocabulary.Vocabulary:
        return vocabulary.get(self.vocab_name)

    @property
    def description(self) -> str:  # type: ignore[override]
        return "one of: " + ", ".join(self.vocab.display(t) for t in self.vocab.tokens())

    def parse(self, literal: str) -> str:
        tok = self.vocab.canonical(literal)
        if tok is None:
            raise ValueParseError(f"{literal!r} is not a known {self.name} "
                                  f"({', '.join(self.vocab.tokens()[:12])}…)")
        return tok

    def render(self, value: Any) -> str:
        return "(none)" if value is None else self.vocab.display(str(value))

    def equals(self, actual: Any, expected: Any, ctx: CompareContext) -> bool:
        if actual is None or expected is None:
            return False
        a = self.vocab.canonical(str(actual)) or str(actual)
        return a == expected

    def as_text(self, value: Any) -> str:
        return "" if value is None else str(value)
