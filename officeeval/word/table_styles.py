"""Table styles: which style a table uses, which of its conditional formats (first row,
banded rows, corner cells …) apply to a cell, and the formatting levels they contribute.

Conditional formats apply in this order, later ones winning (ISO 29500 17.7.6): whole table,
banded columns, banded rows, first/last column, first/last row, corner cells. ``w:tblLook``
switches the first/last row/column formats and banding on or off. As Word does, a table style
named "Normal Table" contributes nothing, and a table without ``w:tblStyle`` uses the
document's default table style.
"""

from __future__ import annotations

from dataclasses import dataclass

from lxml import etree

from officeeval.ooxml.ns import W
from officeeval.ooxml.units import to_int

_W = f"{{{W}}}"

# Highest priority first: the order levels are searched in.
PRIORITY = ("nwCell", "neCell", "swCell", "seCell", "firstRow", "lastRow", "firstCol",
            "lastCol", "band1Horz", "band2Horz", "band1Vert", "band2Vert", "wholeTable")

# tblLook hex bits (Word 2007 writes w:val only).
_LOOK_BITS = {"firstRow": 0x0020, "lastRow": 0x0040, "firstColumn": 0x0080,
              "lastColumn": 0x0100, "noHBand": 0x0200, "noVBand": 0x0400}


@dataclass(frozen=True)
class TableFormatting:
    """What a paragraph in a table cell inherits from its table: the table style (``None``
    for none) and the conditional formats that apply to its cell, highest priority first.
    Hashable: formatting chains are memoized on it."""

    style_id: str | None
    conditions: tuple[str, ...] = ()


@dataclass(frozen=True)
class Look:
    first_row: bool = False
    last_row: bool = False
    first_column: bool = False
    last_column: bool = False
    h_band: bool = False
    v_band: bool = False


def read_look(tbl_pr: etree._Element | None) -> Look:
    """``w:tblLook`` as flags; attributes win over the hex ``w:val``; absent: all off."""
    el = tbl_pr.find(_W + "tblLook") if tbl_pr is not None else None
    if el is None:
        return Look()
    bits = 0
    raw = el.get(_W + "val")
    if raw:
        try:
            bits = int(raw, 16)
        except ValueError:
            bits = 0
    flags = {}
    for name, bit in _LOOK_BITS.items():
        attr = el.get(_W + name)
        flags[name] = _on(attr) if attr is not None else bool(bits & bit)
    return Look(flags["firstRow"], flags["lastRow"], flags["firstColumn"], flags["lastColumn"],
                not flags["noHBand"], not flags["noVBand"])


def effective_style_id(doc, tbl_pr: etree._Element | None) -> str | None:
    """The table style in force: ``w:tblStyle`` when it names an existing style, else the
    default table style; ``None`` when there is neither."""
    el = tbl_pr.find(_W + "tblStyle") if tbl_pr is not None else None
    sid = el.get(_W + "val") if el is not None else None
    if sid and doc.styles.get(sid) is not None:
        return sid
    st = doc.styles.default("table")
    return st.id if st is not None else None


def style_chain(doc, style_id: str | None) -> tuple:
    """The table style and its ancestors, stopping at a style named "Normal Table" (Word
    ignores that style's formatting)."""
    out = []
    for st in doc.styles.chain(style_id):
        if st.name.strip().lower() == "normal table":
            break
        out.append(st)
    return tuple(out)


def band_sizes(doc, style_id: str | None) -> tuple[int, int]:
    rows = cols = 1
    for st in reversed(style_chain(doc, style_id)):
        tp = st.child("tblPr")
        if tp is None:
            continue
        r = to_int(_val(tp.find(_W + "tblStyleRowBandSize")))
        c = to_int(_val(tp.find(_W + "tblStyleColBandSize")))
        rows = r if r and r > 0 else rows
        cols = c if c and c > 0 else cols
    return rows, cols


def conditions(look: Look, row: int, last_row_index: int, col0: int, col1: int,
               last_col_index: int, band_rows: int = 1, band_cols: int = 1
               ) -> tuple[str, ...]:
    """Conditional formats that apply to a cell starting at ``row``/``col0`` and ending at
    ``col1`` (0-based grid columns), highest priority first."""
    found: set[str] = {"wholeTable"}
    fr = look.first_row and row == 0
    lr = look.last_row and row == last_row_index
    fc = look.first_column and col0 == 0
    lc = look.last_column and col1 == last_col_index
    for name, on in (("firstRow", fr), ("lastRow", lr), ("firstCol", fc), ("lastCol", lc),
                     ("nwCell", fr and fc), ("neCell", fr and lc), ("swCell", lr and fc),
                     ("seCell", lr and lc)):
        if on:
            found.add(name)
    if look.h_band and not fr and not lr:
        k = row - (1 if look.first_row else 0)
        found.add("band1Horz" if (k // max(band_rows, 1)) % 2 == 0 else "band2Horz")
    if look.v_band and not fc and not lc:
        k = col0 - (1 if look.first_column else 0)
        found.add("band1Vert" if (k // max(band_cols, 1)) % 2 == 0 else "band2Vert")
    return tuple(c for c in PRIORITY if c in found)


def conditional(style, cond: str, part: str) -> etree._Element | None:
    """``w:tblStylePr[@w:type=cond]/w:<part>`` of one style (``rPr``, ``pPr``, ``tcPr`` …)."""
    for el in style.el.findall(_W + "tblStylePr"):
        if el.get(_W + "type") == cond:
            return el.find(_W + part)
    return None


def levels(doc, fmt: TableFormatting, part: str) -> list[tuple[str, etree._Element]]:
    """``(source, element)`` of the table style's ``part`` (``rPr``/``pPr``/``tcPr``),
    conditional formats first in priority order, then the styles' own properties."""
    chain = style_chain(doc, fmt.style_id)
    out: list[tuple[str, etree._Element]] = []
    for cond in fmt.conditions:
        for st in chain:
            el = conditional(st, cond, part)
            if el is not None:
                out.append((f"style:{st.id}[{cond}]", el))
    for st in chain:
        el = st.child(part)
        if el is not None:
            out.append((f"style:{st.id}", el))
    return out


def _val(el: etree._Element | None) -> str | None:
    return el.get(_W + "val") if el is not None else None


def _on(v: str | None) -> bool:
    return (v or "").lower() in ("1", "true", "on")
