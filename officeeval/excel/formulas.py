"""Formula text: a tokenizer good enough to find functions and references, the display form
(``_xlfn.`` prefixes dropped, as Excel shows them), and shared-formula expansion (relative
references shifted from the master cell to each cell of the group).

The tokenizer never raises: an unterminated string or bracket simply ends the formula.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from officeeval.excel.refs import MAX_COL, MAX_ROW, canonical_ref, col_index, col_letters

_PREFIXES = ("_xlfn._xlws.", "_xlfn.", "_xlws.", "_xll.", "_xludf.", "com.microsoft.")
_WORD = re.compile(r"[A-Za-z_\\$\u00c0-\uffff][A-Za-z0-9_.$\\?\u00c0-\uffff]*")
_NUMBER = re.compile(r"\d+(?:\.\d*)?(?:[eE][-+]?\d+)?|\.\d+(?:[eE][-+]?\d+)?")
_ROWS = re.compile(r"\$?\d{1,7}:\$?\d{1,7}")
_CELL = re.compile(r"^(\$?)([A-Za-z]{1,3})(\$?)(\d{1,7})$")
_COLREF = re.compile(r"^(\$?)([A-Za-z]{1,3})$")
_ROWREF = re.compile(r"^(\$?)(\d{1,7})$")
_ERRORS = ("#NULL!", "#DIV/0!", "#VALUE!", "#REF!", "#NAME?", "#NUM!", "#N/A", "#SPILL!",
           "#CALC!", "#GETTING_DATA", "#FIELD!", "#BLOCKED!", "#UNKNOWN!", "#BUSY!")


@dataclass(frozen=True)
class Token:
    """``kind``: ``string``, ``func`` (text is the name), ``ref`` (``sheet`` set when
    qualified), ``structured`` (table references), ``name``, ``number``, ``bool``,
    ``error``, ``other`` (operators, separators, spaces)."""

    kind: str
    text: str
    start: int
    end: int
    sheet: str | None = None
    body: str = ""


def strip_prefix(name: str) -> str:
    """``_xlfn.RANK.EQ`` -> ``RANK.EQ``: the name Excel shows."""
    for p in _PREFIXES:
        if name.lower().startswith(p.lower()):
            return name[len(p):]
    return name


@lru_cache(maxsize=4096)
def tokenize(formula: str) -> tuple[Token, ...]:
    """Split a formula (with or without the leading ``=``) into tokens (cached: shared
    formulas tokenize their master once)."""
    return tuple(_tokenize(formula))


def _tokenize(formula: str) -> list[Token]:
    s = formula
    i, n = 0, len(s)
    out: list[Token] = []
    while i < n:
        ch = s[i]
        if ch == '"':
            j = i + 1
            while j < n:
                if s[j] == '"':
                    if j + 1 < n and s[j + 1] == '"':
                        j += 2
                        continue
                    break
                j += 1
            out.append(Token("string", s[i:j + 1], i, min(j + 1, n)))
            i = j + 1
            continue
        if ch == "'":
            j = i + 1
            while j < n:
                if s[j] == "'":
                    if j + 1 < n and s[j + 1] == "'":
                        j += 2
                        continue
                    break
                j += 1
            sheet = s[i + 1:j].replace("''", "'")
            if j + 1 < n and s[j + 1] == "!":
                tok, k = _ref_after_sheet(s, j + 2, i, sheet)
                out.append(tok)
                i = k
            else:
                out.append(Token("other", s[i:j + 1], i, min(j + 1, n)))
                i = j + 1
            continue
        if ch == "#":
            for e in _ERRORS:
                if s.upper().startswith(e, i):
                    out.append(Token("error", s[i:i + len(e)], i, i + len(e)))
                    i += len(e)
                    break
            else:
                out.append(Token("other", ch, i, i + 1))
                i += 1
            continue
        if ch == "[":
            j = _close_bracket(s, i)
            if j < n and s[j] == "!" or (j < n and (s[j].isalpha() or s[j] == "'")
                                         and _looks_external(s, j)):
                # [1]Sheet1!A1: an external workbook index; the sheet follows.
                start = i
                m = _WORD.match(s, j) if s[j] != "'" else None
                if m and m.end() < n and s[m.end()] == "!":
                    tok, k = _ref_after_sheet(s, m.end() + 1, start, s[i:m.end()])
                    out.append(tok)
                    i = k
                    continue
            out.append(Token("structured", s[i:j], i, j))
            i = j
            continue
        m = _ROWS.match(s, i) if (ch.isdigit() or ch == "$") else None
        if m and not (i > 0 and (s[i - 1].isalnum() or s[i - 1] in "._")):
            out.append(Token("ref", m.group(0), i, m.end(), None, m.group(0)))
            i = m.end()
            continue
        if ch.isdigit() or (ch == "." and i + 1 < n and s[i + 1].isdigit()):
            m = _NUMBER.match(s, i)
            end = m.end() if m else i + 1
            out.append(Token("number", s[i:end], i, end))
            i = end
            continue
        m = _WORD.match(s, i)
        if m:
            word = m.group(0)
            j = m.end()
            if j < n and s[j] == "!":
                tok, k = _ref_after_sheet(s, j + 1, i, word)
                out.append(tok)
                i = k
                continue
            if j < n and s[j] == ":" and _WORD.match(s, j + 1):
                # Sheet1:Sheet3!A1 (3-D) or A1:B2 / A:B written as one token.
                m2 = _WORD.match(s, j + 1)
                assert m2 is not None
                k = m2.end()
                if k < n and s[k] == "!":
                    tok, k2 = _ref_after_sheet(s, k + 1, i, s[i:k])
                    out.append(tok)
                    i = k2
                    continue
                whole = s[i:k]
                if _is_area(whole):
                    out.append(Token("ref", whole, i, k, None, whole))
                    i = k
                    continue
            if j < n and s[j] == "(":
                out.append(Token("func", word, i, j))
                i = j
                continue
            if j < n and s[j] == "[":
                k = _close_bracket(s, j)
                out.append(Token("structured", s[i:k], i, k))
                i = k
                continue
            if _is_area(word):
                out.append(Token("ref", word, i, j, None, word))
            elif word.upper() in ("TRUE", "FALSE"):
                out.append(Token("bool", word, i, j))
            else:
                out.append(Token("name", word, i, j))
            i = j
            continue
        out.append(Token("other", ch, i, i + 1))
        i += 1
    return out


def _looks_external(s: str, j: int) -> bool:
    m = _WORD.match(s, j)
    return bool(m and m.end() < len(s) and s[m.end()] == "!")


def _close_bracket(s: str, i: int) -> int:
    depth, j = 0, i
    while j < len(s):
        if s[j] == "[":
            depth += 1
        elif s[j] == "]":
            depth -= 1
            if depth == 0:
                return j + 1
        elif s[j] == "'" and j + 1 < len(s):
            j += 1  # an escaped character inside a structured reference
        j += 1
    return len(s)


def _ref_after_sheet(s: str, j: int, start: int, sheet: str) -> tuple[Token, int]:
    m = re.compile(r"\$?[A-Za-z]{1,3}\$?\d{1,7}(?::\$?[A-Za-z]{1,3}\$?\d{1,7})?"
                   r"|\$?[A-Za-z]{1,3}:\$?[A-Za-z]{1,3}|\$?\d{1,7}:\$?\d{1,7}"
                   r"|#REF!").match(s, j)
    if m and not (m.end() < len(s) and (s[m.end()].isalnum() or s[m.end()] in "_(")):
        return Token("ref", s[start:m.end()], start, m.end(), sheet, m.group(0)), m.end()
    m = _WORD.match(s, j)
    end = m.end() if m else j
    # Sheet1!Name: a sheet-scoped defined name.
    return Token("name", s[start:end], start, end, sheet, s[j:end]), end


def _is_area(text: str) -> bool:
    if ":" in text:
        a, _, b = text.partition(":")
        return bool((_CELL.match(a) and _CELL.match(b) and _valid_cell(a) and _valid_cell(b))
                    or (_COLREF.match(a) and _COLREF.match(b)
                        and col_index(a.lstrip("$")) and col_index(b.lstrip("$"))))
    return bool(_CELL.match(text)) and _valid_cell(text)


def _valid_cell(text: str) -> bool:
    m = _CELL.match(text)
    return bool(m and col_index(m.group(2)) and 1 <= int(m.group(4)) <= MAX_ROW)


# --------------------------------------------------------------------------- views
def display(formula: str) -> str:
    """The formula as Excel's formula bar shows it: leading ``=``, prefixes such as
    ``_xlfn.`` removed from function names."""
    if len(formula) <= 1024:  # memoized like tokenize; long hostile formulas not kept
        return _display_memo(formula)
    return _display(formula)


@lru_cache(maxsize=4096)
def _display_memo(formula: str) -> str:
    return _display(formula)


def _display(formula: str) -> str:
    body = formula[1:] if formula.startswith("=") else formula
    toks = tokenize(body)
    out, pos = [], 0
    for t in toks:
        if t.kind == "func":
            out.append(body[pos:t.start])
            out.append(strip_prefix(t.text))
            pos = t.end
    out.append(body[pos:])
    return "=" + "".join(out)


def functions(formula: str) -> list[str]:
    """Function names used, upper-case, prefixes removed, in first-use order, each once
    (a new list each call)."""
    if len(formula) <= 1024:  # memoized like display; long hostile formulas not kept
        return list(_functions_memo(formula))
    return list(_functions(formula))


@lru_cache(maxsize=4096)
def _functions_memo(formula: str) -> tuple[str, ...]:
    return _functions(formula)


def _functions(formula: str) -> tuple[str, ...]:
    seen: list[str] = []
    for t in tokenize(formula.lstrip("=")):
        if t.kind == "func":
            name = strip_prefix(t.text).upper()
            if name and name not in seen:
                seen.append(name)
    return tuple(seen)


def references(formula: str) -> list[str]:
    """Cell and range references used, in canonical form (``$`` removed, ``Sheet!A1``),
    each once; structured references (``表1[销售额]``) are kept as written."""
    seen: list[str] = []
    for t in tokenize(formula.lstrip("=")):
        if t.kind == "ref":
            ref = canonical_ref(t.body)
            if t.sheet is not None:
                ref = f"{t.sheet}!{ref}"
        elif t.kind == "structured":
            ref = t.text
        else:
            continue
        if ref not in seen:
            seen.append(ref)
    return seen


def normalize(formula: str) -> str:
    """Comparison form: no leading ``=``, no prefixes, no spaces outside strings, upper case
    outside strings (``$`` kept: absolute references are part of the answer)."""
    body = display(formula.strip())[1:]
    out = []
    for t in tokenize(body):
        if t.kind == "string":
            out.append(t.text)
        elif t.kind == "other" and t.text.isspace():
            continue
        else:
            out.append(t.text.upper())
    return "".join(out)


# --------------------------------------------------------------------------- shifting
def shift(formula: str, drow: int, dcol: int) -> str:
    """The formula of a shared-formula group member: every relative row/column part of each
    reference moved by (``drow``, ``dcol``); parts that fall off the grid become ``#REF!``."""
    if drow == 0 and dcol == 0:
        return formula
    toks = tokenize(formula)
    out, pos = [], 0
    for t in toks:
        if t.kind != "ref":
            continue
        prefix = t.text[: len(t.text) - len(t.body)]
        out.append(formula[pos:t.start])
        out.append(prefix + _shift_area(t.body, drow, dcol))
        pos = t.end
    out.append(formula[pos:])
    return "".join(out)


def _shift_area(body: str, drow: int, dcol: int) -> str:
    parts = body.split(":")
    shifted = [_shift_part(p, drow, dcol) for p in parts]
    if any(p is None for p in shifted):
        return "#REF!"
    return ":".join(shifted)  # type: ignore[arg-type]


def _shift_part(p: str, drow: int, dcol: int) -> str | None:
    m = _CELL.match(p)
    if m:
        cabs, col, rabs, row = m.groups()
        c = col_index(col) or 0
        r = int(row)
        if not cabs:
            c += dcol
        if not rabs:
            r += drow
        if not (1 <= c <= MAX_COL and 1 <= r <= MAX_ROW):
            return None
        return f"{cabs}{col_letters(c)}{rabs}{r}"
    m = _COLREF.match(p)
    if m:
        c = (col_index(m.group(2)) or 0) + (0 if m.group(1) else dcol)
        return f"{m.group(1)}{col_letters(c)}" if 1 <= c <= MAX_COL else None
    m = _ROWREF.match(p)
    if m:
        r = int(m.group(2)) + (0 if m.group(1) else drow)
        return f"{m.group(1)}{r}" if 1 <= r <= MAX_ROW else None
    return p
