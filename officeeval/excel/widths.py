"""Column widths in Excel's UI character units.

A stored ``col/@width`` includes the cell padding Excel adds (5 pixels at the default font's
maximum digit width): Excel saves a column shown as 12 as ``12.7109375``. Programs such as
openpyxl store the number they are given (``width = 12``), which Excel then shows as 11.29.
A ``ColumnWidth`` keeps both readings; the comparison in ``excel.value_types`` accepts an
expected width that matches either, so both ways of asking for "width 12" pass.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

# Width of the widest digit as a fraction of the font size (em), measured from Excel's own
# results: Calibri 11 -> 7 px, Arial 10 -> 7 px, Arial 11 -> 8 px, 宋体 11 -> 8 px (the
# zh-CN default column 8.38 = 72 px), 等线 11 -> 7 px.
_DIGIT_EM = {"calibri": 0.48, "arial": 0.55, "等线": 0.48, "dengxian": 0.48, "宋体": 0.545,
             "simsun": 0.545, "新宋体": 0.545, "microsoft yahei": 0.55, "微软雅黑": 0.55,
             "times new roman": 0.5, "cambria": 0.5, "tahoma": 0.55, "verdana": 0.6}


def max_digit_width(font_name: str | None, size: float | None) -> float:
    """Pixels of the widest digit of the workbook's default font at 96 dpi (7 for Calibri
    11); unknown fonts are measured like Calibri."""
    ratio = _DIGIT_EM.get((font_name or "").strip().lower(), 0.48)
    pt = size if size and 1 <= size <= 409 else 11.0
    return float(max(1, round(pt * 96 / 72 * ratio)))


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
