"""Text a program produced, made safe to store: every string encodable as UTF-8.

A program's exception message, the names of the files it wrote and its output are
arbitrary: a file name that is not UTF-8 reaches Python as lone surrogates
(``surrogateescape``), and so does ``b'\\xff'.decode('utf-8', 'surrogateescape')`` raised in
a message; JSON carries them as ``\\udcff`` escapes. SQLite (and every report writer) refuses
such strings with ``UnicodeEncodeError``. Here a byte smuggled as a surrogate becomes the
visible escape ``\\xff`` and any other lone surrogate ``\\ud800``; valid text is returned
unchanged (the same object, so the common case costs one check).
"""

from __future__ import annotations

import re
from typing import Any

_SURROGATE = re.compile("[\ud800-\udfff]")


def _escape(m: "re.Match[str]") -> str:
    code = ord(m.group())
    if 0xDC80 <= code <= 0xDCFF:
        return f"\\x{code - 0xDC00:02x}"
    return f"\\u{code:04x}"


def safe_text(text: str) -> str:
    """``text`` with lone surrogates escaped (see the module docstring); never raises."""
    if text.isascii():
        return text
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return _SURROGATE.sub(_escape, text)
    return text


def safe_tree(value: Any) -> Any:
    """``value`` (JSON-like: dicts, lists, tuples, strings, numbers) with every string,
    keys included, passed through ``safe_text``; other values are returned as they are."""
    if isinstance(value, str):
        return safe_text(value)
    if isinstance(value, dict):
        return {safe_tree(k): safe_tree(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return type(value)(safe_tree(v) for v in value)
    return value
