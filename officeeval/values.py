"""What resolvers return: an ``Observation`` of a value with where it came from, and the small
value classes that plain Python types cannot express (lengths stored in character units, line
spacing rules, page sizes, borders, theme color references).

This module sits below every format: format layers build these, the properties layer parses
literals into them, comparators judge them.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True)
class Observation:
    """A resolved value and its provenance.

    ``source`` names where the value came from: ``direct``, ``style:<id>``, ``docDefaults``,
    ``theme``, ``layout``, ``master``, ``default`` (the application's built-in default),
    ``cached`` / ``recalculated`` (Excel formulas) or ``computed``. ``parts`` is non-empty for
    an aggregate target (a paragraph's or span's runs): the value holds only when it holds for
    every part, and ``value`` is then the common value or ``None`` when the parts differ.
    Resolvers return ``None`` instead of an Observation when there is no value anywhere.
    """

    value: Any
    source: str = "direct"
    parts: tuple[tuple[str, "Observation"], ...] = ()
    note: str = ""


_new = object.__new__


def observation(value: Any, source: str = "direct") -> Observation:
    """``Observation(value, source)``, the same (equal, hashing alike), built without the
    frozen dataclass's four ``object.__setattr__`` calls: about a third of the time, for
    the resolvers that make one per cell of a range."""
    obs = _new(Observation)
    d = obs.__dict__
    d["value"] = value
    d["source"] = source
    d["parts"] = ()
    d["note"] = ""
    return obs


def aggregate(parts: list[tuple[str, Observation]]) -> Observation | None:
    """Combine per-part observations (``(label, obs)``) of one aggregate target.

    ``None`` when there are no parts. When all parts agree the common value is kept and the
    source is the common source (or ``mixed``).
    """
    if not parts:
        return None
    if len(parts) == 1:
        return parts[0][1]
    values = [o.value for _, o in parts]
    first = values[0]
    same = all(_same(v, first) for v in values[1:])
    sources = {o.source for _, o in parts}
    return Observation(first if same else None,
                       next(iter(sources)) if len(sources) == 1 else "mixed",
                       parts=tuple(parts))


def _same(a: Any, b: Any) -> bool:
    try:
        return bool(a == b)
    except Exception:  # noqa: BLE001 - odd values from odd documents compare as different
        return False


def format_pt(points: float) -> str:
    """Render points compactly: ``10.5pt``, ``22pt``."""
    r = round(points, 2)
    return f"{int(r)}pt" if r == int(r) else f"{r:g}pt"


@dataclass(frozen=True)
class Measure:
    """A length in points that may have been stored in character or line units.

    ``pt`` is the absolute length (``None`` when only a unit count is stored and no conversion
    is possible). ``chars`` / ``lines`` are set when the document stored the value in those
    units (``w:firstLineChars="200"`` -> ``chars=2``). ``unit_pt`` is the size of one
    character or line unit in this context, for converting between the two.
    """

    pt: float | None
    chars: float | None = None
    lines: float | None = None
    unit_pt: float | None = None
    # An expected length written by a rubric author: the step (in points) it is compared
    # at, the examiner's precision (``ooxml.units.literal_precision_pt``); not part of
    # the value.
    precision: float | None = field(default=None, compare=False)

    def points(self) -> float | None:
        """The length in points, converting from units when needed; ``None`` if unknown."""
        if self.pt is not None:
            return self.pt
        count = self.chars if self.chars is not None else self.lines
        if count is not None and self.unit_pt:
            return count * self.unit_pt
        return None

    def __str__(self) -> str:
        if self.chars is not None:
            return f"{self.chars:g}char"
        if self.lines is not None:
            return f"{self.lines:g}line"
        return format_pt(self.pt) if self.pt is not None else "?"


@dataclass(frozen=True)
class TabStop:
    """A paragraph tab stop (制表位): its alignment (``left``, ``center``, ``right``,
    ``decimal``, ``bar``), its position from the text margin (a ``Measure``: points, with
    the examiner's precision when a rubric wrote it) and its leader (``none``, ``dot``,
    ``hyphen``, ``underscore``, ``heavy``, ``middleDot``; ``None`` in an expected stop that
    does not name one: then any leader matches)."""

    alignment: str
    position: Measure
    leader: str | None = "none"

    def __str__(self) -> str:
        out = f"{self.alignment} {self.position}"
        return out + (f" {self.leader}" if self.leader not in (None, "none") else "")


@dataclass(frozen=True)
class LineSpacing:
    """Paragraph line spacing: ``rule`` is ``multiple`` (``value`` in lines: 1.5), ``exact``
    or ``at_least`` (``value`` in points)."""

    rule: str
    value: float

    def __str__(self) -> str:
        if self.rule == "multiple":
            return f"{self.value:g}line"
        word = "exactly" if self.rule == "exact" else "at_least"
        return f"{word} {self.value:g}pt"


# Paper sizes in points (portrait width, height). Names include the Chinese 16K/32K sizes.
PAPER_SIZES = {
    "A3": (841.9, 1190.55), "A4": (595.3, 841.9), "A5": (419.55, 595.3),
    "A6": (297.65, 419.55), "B4": (708.65, 1000.6), "B5": (498.9, 708.65),
    "B5(ISO)": (498.9, 708.65), "B5(JIS)": (515.9, 728.5), "B4(JIS)": (728.5, 1031.8),
    "Letter": (612.0, 792.0), "Legal": (612.0, 1008.0), "Executive": (522.0, 756.0),
    "Tabloid": (792.0, 1224.0), "16K": (521.6, 737.0), "32K": (368.5, 521.6),
    "Big16K": (544.3, 765.35), "大16开": (544.3, 765.35), "16开": (521.6, 737.0),
    "32开": (368.5, 521.6),
}
PAPER_TOLERANCE_PT = 3.0


@dataclass(frozen=True)
class PageSize:
    """A page or slide size in points; ``name`` is the paper name it matches (either
    orientation), or ``""``."""

    width: float
    height: float

    @property
    def name(self) -> str:
        lo, hi = sorted((self.width, self.height))
        for name, (w, h) in PAPER_SIZES.items():
            if abs(lo - w) <= PAPER_TOLERANCE_PT and abs(hi - h) <= PAPER_TOLERANCE_PT:
                return name
        return ""

    def __str__(self) -> str:
        dims = f"{self.width * 2.54 / 72:.2f}cm x {self.height * 2.54 / 72:.2f}cm"
        return f"{self.name} ({dims})" if self.name else dims


@dataclass(frozen=True)
class Border:
    """One border line: ``style`` is the OOXML line style token (``single``, ``double``,
    ``none`` …), ``width`` in points, ``color`` an RGB hex or ``auto``."""

    style: str
    width: float | None = None
    color: str | None = None

    def __str__(self) -> str:
        bits = [self.style]
        if self.width is not None:
            bits.append(f"{self.width:g}pt")
        if self.color:
            bits.append(self.color if self.color == "auto" else f"#{self.color}")
        return " ".join(bits)


@dataclass(frozen=True)
class ThemeColorRef:
    """An expected color named by theme slot (``accent1``), resolved against the graded
    document's theme when compared. ``lum_mod``/``lum_off`` apply DrawingML-style transforms."""

    slot: str
    lum_mod: float = 1.0
    lum_off: float = 0.0

    def __str__(self) -> str:
        return self.slot


@dataclass(frozen=True)
class Comparison:
    """A count or number expectation with an operator, as in ``>=3``."""

    op: str
    value: float

    def __str__(self) -> str:
        return f"{self.op}{self.value:g}"


@dataclass(frozen=True)
class Range:
    """An inclusive range literal ``low..high`` (either end may be ``None``)."""

    low: Any
    high: Any

    def __str__(self) -> str:
        return f"{self.low}..{self.high}"


@dataclass
class CellValue:
    """A typed spreadsheet value: ``kind`` is ``number``, ``text``, ``bool``, ``date``,
    ``error`` or ``empty``."""

    kind: str
    value: Any = None
    extra: dict = field(default_factory=dict)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, CellValue):
            return NotImplemented
        return self.kind == other.kind and self.value == other.value

    def __hash__(self) -> int:
        return hash((self.kind, str(self.value)))

    def __str__(self) -> str:
        if self.kind == "empty":
            return "(empty)"
        if self.kind == "text":
            return repr(self.value)
        if self.kind == "bool":
            return "TRUE" if self.value else "FALSE"
        if self.kind == "number" and isinstance(self.value, float) and self.value.is_integer():
            return str(int(self.value))
        return str(self.value)


def cell_value(kind: str, value: Any = None, extra: dict | None = None) -> CellValue:
    """``CellValue(kind, value, extra)`` (``extra`` a new empty dict when not given), the
    same (equal, hashing alike), built without the dataclass's ``__init__``: every cell a
    grading reads makes one. (Attributes set one by one: asking a new object for its
    ``__dict__`` makes the dict Python 3.11 would otherwise not build, which costs more.)"""
    cv = _new(CellValue)
    cv.kind = kind
    cv.value = value
    cv.extra = {} if extra is None else extra
    return cv
