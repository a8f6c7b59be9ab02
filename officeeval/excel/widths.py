"""Column widths in Excel's UI character units.

A stored ``col/@width`` includes the cell padding Excel adds (5 pixels at the default font's
maximum digit width): Excel saves a column shown as 12 as ``12.7109375``. Programs such as
openpyxl store the number they are given (``width = 12``), which Excel then shows as 11.29.
A ``ColumnWidth`` keeps both readings; the comparison in ``definitions_excel`` accepts an
expected width that matches either, so both ways of asking for "width 12" pass.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

# Maximum digit width in pixels of common default fonts at 11 pt (Excel's measurement).
_MDW = {"calibri": 7, "arial": 7, "等线": 7, "dengxian": 7, "宋体": 8, "simsun": 8,
        "microsoft yahei": 8, "微软雅黑": 8, "times new roman": 7, "cambria": 7}


def max_digit_width(font_name: str | None, size: float | None) -> float:
    """Pixels of the widest digit for the workbook's default font (7 for Calibri 11)."""
    base = _MDW.get((font_name or "").strip().lower(), 7)
    if size and size > 0:
        return max(1.0, round(base * size / 11.0))
    return float(base)


@dataclass(frozen=True)
class ColumnWidth:
    """``stored``: the file's width; ``ui``: what Excel's column-width box shows."""

    stored: float
    ui: float

    def __str__(self) -> str:
        if abs(self.stored - self.ui) < 0.005:
            return f"{self.ui:g}"
        return f"{self.ui:g} (stored {self.stored:g})"


def from_stored(stored: float, mdw: float) -> ColumnWidth:
    """The UI width of a stored width: the 5-pixel padding removed, two decimals as the UI
    rounds (whole characters shown exactly)."""
    pixels = math.trunc(((256 * stored + math.trunc(128 / mdw)) / 256) * mdw)
    ui = (pixels - 5) / mdw
    ui = round(ui * 100 + 1e-9) / 100 if ui > 0 else 0.0
    return ColumnWidth(stored, max(0.0, ui))


def default_width(base_col_width: float | None, default_col_width: float | None,
                  mdw: float) -> ColumnWidth:
    """Width of a column without a ``col`` entry: ``defaultColWidth`` when given, else
    ``baseColWidth`` (8) characters plus padding, rounded up to a multiple of 8 pixels as
    Excel does (8.43 at Calibri 11)."""
    if default_col_width is not None and default_col_width > 0:
        return from_stored(default_col_width, mdw)
    base = base_col_width if base_col_width is not None and 0 <= base_col_width <= 255 else 8.0
    pixels = math.ceil((base * mdw + 5) / 8) * 8
    return from_stored(math.trunc(pixels / mdw * 256) / 256, mdw)
