"""Slide sizes as rubric authors name them: aspect ratios (``16:9``, ``4:3``, ``16:10``,
宽屏, 标准), PowerPoint's paper sizes (``A4`` = "A4 Paper (210x297 mm)", which PowerPoint
makes a 26 cm x 19.05 cm slide), and exact dimensions (``25.4cm x 19.05cm``).

``parse_slide_size`` turns a literal into a ``SizeSpec``; ``size_matches`` judges a document's
``SlideSize`` against it. Ratios compare within 1 % (both PowerPoint's 13.333 x 7.5 in
"Widescreen" and the older 10 x 5.625 in "On-screen Show (16:9)" are 16:9); paper sizes match
the stored ``p:sldSz/@type`` or PowerPoint's dimensions for that paper in either orientation;
exact sizes match within 1 pt.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import TYPE_CHECKING

from officeeval.ooxml.units import parse_length_literal

if TYPE_CHECKING:
    from officeeval.ppt.presentation import SlideSize

RATIOS = {"16:9": 16 / 9, "4:3": 4 / 3, "16:10": 16 / 10, "3:2": 3 / 2, "1:1": 1.0,
          "9:16": 9 / 16, "3:4": 3 / 4}
_RATIO_ALIASES = {"宽屏": "16:9", "widescreen": "16:9", "标准": "4:3", "standard": "4:3",
                  "screen16x9": "16:9", "screen4x3": "4:3", "screen16x10": "16:10",
                  "全屏显示(16:9)": "16:9", "全屏显示(4:3)": "4:3", "全屏显示(16:10)": "16:10",
                  "onscreenshow(16:9)": "16:9", "onscreenshow(4:3)": "4:3",
                  "onscreenshow(16:10)": "16:10"}

# PowerPoint's slide size for each paper choice (points, landscape) and its sldSz type.
PAPER = {
    "A4": ("A4", 780.0, 540.0), "A3": ("A3", 1133.9, 850.4), "Letter": ("letter", 720.0, 540.0),
    "Ledger": ("ledger", 959.0, 719.25), "B4(ISO)": ("B4ISO", 841.9, 631.4),
    "B5(ISO)": ("B5ISO", 597.6, 448.2), "B4(JIS)": ("B4JIS", 860.1, 645.1),
    "B5(JIS)": ("B5JIS", 607.0, 455.4), "35mm": ("35mm", 810.0, 540.0),
    "Overhead": ("overhead", 720.0, 540.0), "Banner": ("banner", 576.0, 72.0),
    "Hagaki": ("hagakiCard", 283.5, 419.5),
}
_PAPER_ALIASES = {"a4": "A4", "a4纸张": "A4", "a4paper": "A4", "a3": "A3", "a3纸张": "A3",
                  "letter": "Letter", "信纸": "Letter", "letterpaper": "Letter",
                  "ledger": "Ledger", "b4": "B4(ISO)", "b4iso": "B4(ISO)", "b4(iso)": "B4(ISO)",
                  "b5": "B5(ISO)", "b5iso": "B5(ISO)", "b5(iso)": "B5(ISO)",
                  "b4jis": "B4(JIS)", "b4(jis)": "B4(JIS)", "b5jis": "B5(JIS)",
                  "b5(jis)": "B5(JIS)", "35mm": "35mm", "35毫米幻灯片": "35mm",
                  "overhead": "Overhead", "投影机": "Overhead", "banner": "Banner",
                  "横幅": "Banner", "hagaki": "Hagaki", "hagakicard": "Hagaki"}
_TYPE_TO_PAPER = {v[0].lower(): k for k, v in PAPER.items()}
_TYPE_TO_RATIO = {"screen16x9": "16:9", "screen4x3": "4:3", "screen16x10": "16:10"}


@dataclass(frozen=True)
class SizeSpec:
    """A parsed expected slide size: ``kind`` is ``ratio`` (``ratio`` set), ``paper``
    (``paper`` set) or ``exact`` (``width``/``height`` in points)."""

    kind: str
    label: str
    ratio: float | None = None
    paper: str | None = None
    width: float | None = None
    height: float | None = None

    def __str__(self) -> str:
        return self.label


def parse_slide_size(literal: str) -> SizeSpec | None:
    """``16:9``, ``4:3``, ``宽屏``, ``A4``, ``25.4cm x 19.05cm``; ``None`` when the literal is
    none of these."""
    t = literal.strip().replace("：", ":").replace("×", "x")
    key = re.sub(r"\s+", "", t).lower().replace("（", "(").replace("）", ")")
    m = re.fullmatch(r"(\d+(?:\.\d+)?)[:/](\d+(?:\.\d+)?)", key)
    if m and float(m.group(2)) > 0:
        label = f"{m.group(1)}:{m.group(2)}"
        return SizeSpec("ratio", label, ratio=float(m.group(1)) / float(m.group(2)))
    if key in _RATIO_ALIASES:
        label = _RATIO_ALIASES[key]
        return SizeSpec("ratio", label, ratio=RATIOS[label])
    if key in _PAPER_ALIASES:
        name = _PAPER_ALIASES[key]
        return SizeSpec("paper", name, paper=name)
    m = re.match(r"^(.+?)\s*[x*]\s*(.+)$", t, re.I)
    if m:
        w, h = parse_length_literal(m.group(1)), parse_length_literal(m.group(2))
        if w and h and w[1] in ("", "pt") and h[1] in ("", "pt") and w[0] > 0 and h[0] > 0:
            return SizeSpec("exact", t, width=w[0], height=h[0])
    return None


def size_matches(size: "SlideSize", spec: SizeSpec, tolerance_pt: float = 1.0) -> bool:
    """Whether the document's slide size is the expected one (see the module docstring)."""
    if spec.kind == "ratio" and spec.ratio:
        actual = size.width / size.height
        return abs(actual - spec.ratio) <= 0.01 * spec.ratio
    if spec.kind == "paper" and spec.paper:
        stored, w, h = PAPER[spec.paper]
        declared = size.type.lower()
        if declared == stored.lower():
            return True
        if declared and declared != "custom":
            return False  # declared as another size (Letter and Overhead share dimensions)
        lo, hi = sorted((size.width, size.height))
        plo, phi = sorted((w, h))
        return abs(lo - plo) <= 3.0 and abs(hi - phi) <= 3.0
    if spec.kind == "exact" and spec.width and spec.height:
        return abs(size.width - spec.width) <= tolerance_pt and abs(
            size.height - spec.height) <= tolerance_pt
    return False


def size_name(size: "SlideSize") -> str:
    """The name a person would give the size: the paper named by ``type``, else the
    aspect ratio when it is a common one, else ``""``."""
    if size.type:
        t = size.type.lower()
        if t in _TYPE_TO_RATIO:
            return _TYPE_TO_RATIO[t]
        if t in _TYPE_TO_PAPER:
            return _TYPE_TO_PAPER[t]
    actual = size.width / size.height
    for label, ratio in RATIOS.items():
        if abs(actual - ratio) <= 0.01 * ratio:
            return label
    return ""


def describe(size: "SlideSize") -> str:
    dims = f"{size.width * 2.54 / 72:.2f}cm x {size.height * 2.54 / 72:.2f}cm"
    name = size_name(size)
    return f"{name} ({dims})" if name else dims
