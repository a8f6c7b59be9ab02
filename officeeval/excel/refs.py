"""A1 references: column letters, cell and range parsing, and the canonical text of a
reference used for comparisons (``'成绩'!$B$2:$B$31`` and ``成绩!B2:B31`` are the same range).

Rows and columns are 1-based. Parsers return ``None`` for text that is not a reference,
never raise: references come from hostile documents as often as from rubrics.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

MAX_ROW = 1_048_576
MAX_COL = 16_384

_CELL = re.compile(r"^\$?([A-Za-z]{1,3})\$?(\d{1,7})$")
_COL = re.compile(r"^\$?([A-Za-z]{1,3})$")
_ROW = re.compile(r"^\$?(\d{1,7})$")


def col_index(letters: str) -> int | None:
    """``A`` -> 1, ``XFD`` -> 16384; ``None`` when not a column within Excel's grid."""
    if not letters or len(letters) > 3 or not letters.isalpha() or not letters.isascii():
        return None
    n = 0
    for ch in letters.upper():
        n = n * 26 + (ord(ch) - 64)
    return n if 1 <= n <= MAX_COL else None


@lru_cache(maxsize=16384)  # a pure function of a small int, asked for every cell locator
def col_letters(index: int) -> str:
    """1 -> ``A``, 28 -> ``AB``. Raises ``ValueError`` for an index below 1."""
    if index < 1:
        raise ValueError(f"column index {index} is below 1")
    out = ""
    while index:
        index, rem = divmod(index - 1, 26)
        out = chr(65 + rem) + out
    return out


def parse_cell(text: str | None) -> tuple[int, int] | None:
    """``B12`` / ``$B$12`` -> ``(12, 2)`` (row, col); ``None`` when not a cell reference."""
    if not text:
        return None
    m = _CELL.match(text.strip())
    if not m:
        return None
    col = col_index(m.group(1))
    row = int(m.group(2))
    if col is None or not 1 <= row <= MAX_ROW:
        return None
    return row, col


def cell_ref(row: int, col: int) -> str:
    """(12, 2) -> ``B12``."""
    return f"{col_letters(col)}{row}"


@dataclass(frozen=True)
class Area:
    """A rectangle of cells (inclusive). Whole columns span all rows, whole rows all
    columns; ``kind`` remembers which form the text used (``cell``, ``range``, ``cols``,
    ``rows``)."""

    r1: int
    c1: int
    r2: int
    c2: int
    kind: str = "range"

    @property
    def rows(self) -> int:
        return self.r2 - self.r1 + 1

    @property
    def cols(self) -> int:
        return self.c2 - self.c1 + 1

    def contains(self, row: int, col: int) -> bool:
        return self.r1 <= row <= self.r2 and self.c1 <= col <= self.c2

    def intersect(self, other: "Area") -> "Area | None":
        r1, c1 = max(self.r1, other.r1), max(self.c1, other.c1)
        r2, c2 = min(self.r2, other.r2), min(self.c2, other.c2)
        if r1 > r2 or c1 > c2:
            return None
        return Area(r1, c1, r2, c2, self.kind)

    @property
    def top_left(self) -> str:
        return cell_ref(self.r1, self.c1)

    def __str__(self) -> str:
        if self.kind == "cols":
            return f"{col_letters(self.c1)}:{col_letters(self.c2)}"
        if self.kind == "rows":
            return f"{self.r1}:{self.r2}"
        if self.r1 == self.r2 and self.c1 == self.c2:
            return cell_ref(self.r1, self.c1)
        return f"{cell_ref(self.r1, self.c1)}:{cell_ref(self.r2, self.c2)}"


def parse_area(text: str | None) -> Area | None:
    """``B2``, ``B2:D31``, ``$C:$C``, ``3:5`` (``$`` ignored, either corner order) ->
    ``Area``; ``None`` when the text is not an A1 reference without a sheet."""
    if not text:
        return None
    if len(text) <= 64:  # a real reference; long hostile texts are not kept
        return _parse_area_memo(text)
    return _parse_area(text)


@lru_cache(maxsize=4096)  # Area is immutable; selectors parse the same few texts again
def _parse_area_memo(text: str) -> Area | None:
    return _parse_area(text)


def _parse_area(text: str) -> Area | None:
    t = text.strip()
    if ":" not in t:
        cell = parse_cell(t)
        return Area(cell[0], cell[1], cell[0], cell[1], "cell") if cell else None
    a, _, b = t.partition(":")
    ca, cb = parse_cell(a), parse_cell(b)
    if ca and cb:
        return Area(min(ca[0], cb[0]), min(ca[1], cb[1]), max(ca[0], cb[0]),
                    max(ca[1], cb[1]), "range")
    ma, mb = _COL.match(a.strip()), _COL.match(b.strip())
    if ma and mb:
        x, y = col_index(ma.group(1)), col_index(mb.group(1))
        if x and y:
            return Area(1, min(x, y), MAX_ROW, max(x, y), "cols")
        return None
    ra, rb = _ROW.match(a.strip()), _ROW.match(b.strip())
    if ra and rb:
        x, y = int(ra.group(1)), int(rb.group(1))
        if 1 <= x <= MAX_ROW and 1 <= y <= MAX_ROW:
            return Area(min(x, y), 1, max(x, y), MAX_COL, "rows")
    return None


def split_sheet(text: str) -> tuple[str | None, str]:
    """``'My Sheet'!A1:B2`` -> (``My Sheet``, ``A1:B2``); ``Sheet1!A1`` -> (``Sheet1``,
    ``A1``); ``A1`` -> (None, ``A1``). A doubled quote inside a quoted name is one quote."""
    t = text.strip()
    if t.startswith("'"):
        i, out = 1, []
        while i < len(t):
            ch = t[i]
            if ch == "'":
                if i + 1 < len(t) and t[i + 1] == "'":
                    out.append("'")
                    i += 2
                    continue
                rest = t[i + 1:]
                if rest.startswith("!"):
                    return "".join(out), rest[1:]
                return None, t
            out.append(ch)
            i += 1
        return None, t
    if "!" in t:
        sheet, _, ref = t.rpartition("!")
        return sheet, ref
    return None, t


def quote_sheet(name: str) -> str:
    """A sheet name as a formula would write it: quoted unless it is a plain identifier."""
    if re.fullmatch(r"[A-Za-z_\u4e00-\u9fff][A-Za-z0-9_.\u4e00-\u9fff]*", name) and \
            not parse_cell(name) and name.upper() not in ("TRUE", "FALSE"):
        return name
    return "'" + name.replace("'", "''") + "'"


def canonical_ref(text: str | None) -> str:
    """The comparison form of a reference or list of references: ``$`` removed, cell parts
    upper-cased, sheet names unquoted, areas separated by a single space (sqref style) or
    comma. Text that is not a reference is returned trimmed, unchanged otherwise."""
    if text is None:
        return ""
    t = text.strip().lstrip("=")
    if not t:
        return ""
    parts = re.split(r"\s*,\s*|\s+", t) if not t.startswith("'") else [t]
    if len(parts) > 1 and all(split_sheet(p)[1] for p in parts):
        sep = "," if "," in t else " "
        return sep.join(canonical_ref(p) for p in parts)
    sheet, ref = split_sheet(t)
    area = parse_area(ref)
    body = str(area) if area is not None else ref.replace("$", "")
    return f"{sheet}!{body}" if sheet is not None else body
