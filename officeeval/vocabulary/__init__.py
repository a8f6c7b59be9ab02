"""Enumeration vocabularies: every localized name a rubric author may write, mapped to one
canonical token. The tables are data (``common.py``, ``word.py``, ``excel.py``, ``ppt.py``) and
this module is the only code that reads them.

A lookup ignores case, surrounding space, inner spaces, hyphens and underscores, so
``Fly In``, ``fly_in`` and ``flyin`` are the same word; Chinese names match exactly after
removing spaces (``1.5 倍行距`` = ``1.5倍行距``).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from officeeval.cache import ProcessMemo

_FOLD = re.compile(r"[\s_\-]+")


def fold(text: str) -> str:
    """The lookup key of a name: lower case without spaces, hyphens or underscores."""
    return _FOLD.sub("", text.strip().lower())


@dataclass
class Vocabulary:
    """One enumeration: canonical tokens, each with its aliases (OOXML tokens, English and
    Chinese UI names). The first alias containing CJK is the Chinese display name."""

    name: str
    entries: dict[str, tuple[str, ...]]
    _index: dict[str, str] = field(default_factory=dict, repr=False)
    _chinese: dict[str, str | None] = field(default_factory=dict, repr=False)

    def __post_init__(self) -> None:
        for token, aliases in self.entries.items():
            for alias in (token, *aliases):
                key = fold(alias)
                prev = self._index.get(key)
                if prev is not None and prev != token:
                    raise ValueError(f"vocabulary {self.name}: {alias!r} names both "
                                     f"{prev!r} and {token!r}")
                self._index[key] = token

    def canonical(self, text: str | None) -> str | None:
        """The canonical token for any known spelling; ``None`` when unknown."""
        if text is None:
            return None
        return self._index.get(fold(text))

    def chinese(self, token: str) -> str | None:
        """The Chinese UI name of a token, ``None`` if the table has none."""
        # Every rendered enumeration value asks this: answered once per token (the tables
        # are fixed once defined).
        if token in self._chinese:
            return self._chinese[token]
        found = None
        for alias in self.entries.get(token, ()):
            if any("\u4e00" <= ch <= "\u9fff" for ch in alias):
                found = alias
                break
        if token in self.entries:
            self._chinese[token] = found
        return found

    def tokens(self) -> list[str]:
        return list(self.entries)

    def display(self, token: str) -> str:
        """``token (中文名)`` for reports."""
        zh = self.chinese(token)
        return f"{token} ({zh})" if zh else token


def style_key(name: str) -> str:
    """Comparison key of a style name: built-in styles compare in either language without
    regard to case (``标题 1`` = ``Heading 1`` = ``heading1``); custom names compare exactly
    (after NFC and trimming)."""
    import unicodedata
    builtin = get("builtin_style").canonical(name)
    return f"builtin:{builtin}" if builtin else unicodedata.normalize("NFC", name.strip())


_REGISTRY: dict[str, Vocabulary] = {}


def define(name: str, entries: dict[str, tuple[str, ...] | list[str]]) -> Vocabulary:
    """Register a vocabulary; a second definition of the same name raises ``ValueError``."""
    if name in _REGISTRY:
        raise ValueError(f"vocabulary {name!r} defined twice")
    if any(isinstance(v, str) for v in entries.values()):
        raise ValueError(f"vocabulary {name!r}: aliases must be tuples, not strings")
    vocab = Vocabulary(name, {k: tuple(v) for k, v in entries.items()})
    _REGISTRY[name] = vocab
    return vocab


def get(name: str) -> Vocabulary:
    """A vocabulary by name; raises ``KeyError`` for an unknown one."""
    _load()
    return _REGISTRY[name]


def all_vocabularies() -> dict[str, Vocabulary]:
    _load()
    return dict(_REGISTRY)


# The vocabularies are defined by importing their modules (``define`` at their top level),
# on first use: they import this module.
_LOADED: "ProcessMemo[bool]" = ProcessMemo("vocabulary.loaded", 1)


def _load() -> None:
    if "all" not in _LOADED:
        _LOADED.put("all", _import_all())


def _import_all() -> bool:
    from officeeval.vocabulary import common, excel, ppt, word  # noqa: F401
    return True
