"""How a property is broken: realistic mistakes to try, by value kind, given the reference's
values (most realistic first): the neighbouring named font size, the other truth value, a
length forgotten (0) or halved, a margin off by a centimetre.

A property's resolver declares its mistakes where it is defined
(``@prop(..., breaks=flip)``, ``breaks=Breaks(lengths(...), tries=2)``); the rubric audit
reads them from the catalog's binding of the application and has each application's writer
put the values into a copy of the reference. Format-neutral: the functions here know values,
never XML.

A dialog setting is broken with one wrong value made from the reference's one value (the
other truth value, a typo, the next token, a list reordered): ``@prop(...,
plan=Plan("setting", mistake=cycled("stop", "warning")))``; such a mistake raises
``NotApplicable`` when the reference's value leaves no realistic mistake.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any, Callable

from officeeval.properties.writing import NotApplicable
from officeeval.values import Border, Measure, PAPER_SIZES, PageSize, TabStop

Mistakes = Callable[[list[Any]], list[Any]]


@dataclass(frozen=True)
class Breaks:
    """How the audit breaks a property: ``values(reference_values)`` gives the wrong values
    to try, most realistic first, of which the first ``tries`` that differ from the
    reference are made into mutants."""

    values: Mistakes
    tries: int = 1


@dataclass(frozen=True, init=False)
class Plan:
    """The audit plans this property's mistakes with the planner it registers as ``kind``,
    given ``options`` (data only: which part, which token), because the wrong value depends
    on more than the reference's values (what a header holds, which fields a document has):
    ``@prop(..., plan=Plan("hf_text", which="header"))``. A definition may list several
    (``plan=(Plan(...), Plan(...))``); the audit raises ``KeyError`` for a kind it does not
    know, so a misspelt kind fails the first audit of the property, never silently."""

    kind: str
    options: tuple[tuple[str, Any], ...]

    def __init__(self, kind: str, **options: Any) -> None:
        object.__setattr__(self, "kind", kind)
        object.__setattr__(self, "options", tuple(sorted(options.items())))

    @property
    def kwargs(self) -> dict[str, Any]:
        return dict(self.options)


def plans_of(spec: "Plan | tuple[Plan, ...] | None") -> tuple[Plan, ...]:
    """``spec`` as a tuple of ``Plan`` (``None``: none)."""
    if spec is None:
        return ()
    return (spec,) if isinstance(spec, Plan) else tuple(spec)


def breaks_of(spec: "Breaks | Mistakes | None") -> "Breaks | None":
    """``spec`` as a ``Breaks`` (a bare function tries one value); ``None`` stays ``None``."""
    if spec is None or isinstance(spec, Breaks):
        return spec
    return Breaks(spec)

# Named Chinese sizes in points, ascending (a realistic size mistake is the neighbour size).
SIZES = [5.0, 5.5, 6.5, 7.5, 9.0, 10.5, 12.0, 14.0, 15.0, 16.0, 18.0, 22.0, 24.0, 26.0, 36.0,
         42.0]
CM = 28.3465


def pt(v: Any) -> float | None:
    if isinstance(v, Measure):
        return v.points()
    if isinstance(v, (int, float)) and not isinstance(v, bool):
        return float(v)
    return None


def fonts(*names: str) -> Callable[[list[Any]], list[Any]]:
    return lambda ref: list(names)


def sizes(ref: list[Any]) -> list[Any]:
    pts = [p for p in (pt(v) for v in ref) if p is not None]
    base = pts[0] if pts else 12.0
    up = [s for s in SIZES if s > base + 0.01]
    down = [s for s in reversed(SIZES) if s < base - 0.01]
    return [Measure(up[0] if up else base + 2)] + ([Measure(down[0])] if down else [])


def flip(ref: list[Any]) -> list[Any]:
    vals = [v for v in ref if isinstance(v, bool)]
    return [not vals[0]] if vals else [True, False]


def choices(*tokens: Any) -> Callable[[list[Any]], list[Any]]:
    return lambda ref: list(tokens)


def lengths(zero_alt: Measure, absolute_only: bool = False) -> Callable[[list[Any]], list]:
    """Forgetting the setting (0), or half of it; from 0, ``zero_alt``."""
    def values(ref: list[Any]) -> list[Any]:
        m = next((v for v in ref if isinstance(v, Measure)), None)
        p = pt(ref[0]) if ref else None
        # A length stored in character or line units counts by its units (its absolute
        # twin may be 0: w:afterLines="100" w:after="0").
        units = (m.chars if m.chars is not None else m.lines) if m is not None else None
        if units is not None and not absolute_only:
            p = units * (m.unit_pt or 12.0)  # type: ignore[union-attr]
        if p is None or abs(p) < 0.05:
            return [zero_alt]
        if m is not None and m.chars is not None and not absolute_only:
            half = Measure(pt=None, chars=m.chars / 2)
        elif m is not None and m.lines is not None and not absolute_only:
            half = Measure(pt=None, lines=m.lines / 2)
        else:
            half = Measure(pt=p / 2)
        return [Measure(0.0), half]
    return values


def shift(delta_pt: float) -> Callable[[list[Any]], list[Any]]:
    """A length off by ``delta_pt`` (a margin set 1 cm wrong)."""
    def values(ref: list[Any]) -> list[Any]:
        p = next((q for q in (pt(v) for v in ref) if q is not None), 0.0)
        return [Measure(p + delta_pt)]
    return values


def page_sizes(ref: list) -> list:
    """The other common papers, in the reference's orientation."""
    landscape = any(isinstance(v, PageSize) and v.width > v.height for v in ref)
    out = []
    for name in ("A4", "B5", "Letter", "A3"):
        w, h = PAPER_SIZES[name]
        out.append(PageSize(h, w) if landscape else PageSize(w, h))
    return out


def next_int(ref: list) -> list:
    """The next number, and 1."""
    n = next((int(v) for v in ref if isinstance(v, (int, float))), 0)
    return [n + 1, 1]


def next_level(ref: list) -> list:
    """An outline level one deeper (one higher at the deepest, 9)."""
    n = next((int(v) for v in ref if isinstance(v, (int, float))), 1)
    return [n + 1 if n < 9 else n - 1]


def border_values(ref: list) -> list:
    """No border and the other line style; a single line where the reference has none."""
    shown = [r for r in ref if isinstance(r, Border) and r.style not in ("none", "nil")]
    if not shown:
        return [Border("single")]
    other = "double" if shown[0].style != "double" else "single"
    return [Border("none"), Border(other)]


def drop_cap_lines(ref: list) -> list:
    """A drop cap one line taller (shorter at 10)."""
    n = next((int(v) for v in ref if isinstance(v, (int, float))), 3)
    return [n + 1 if n < 10 else n - 1]


def tab_stop_values(ref: list) -> list:
    """Other tab stops: the reference's moved by 1 cm with the other alignment, or one
    right-aligned stop when it has none; and none at all."""
    stops = next((v for v in ref if isinstance(v, list) and v), None)
    if not stops:
        return [[TabStop("right", Measure(pt=15 * CM), "dot")]]
    moved = [TabStop("left" if s.alignment != "left" else "right",
                     Measure(pt=(s.position.points() or 0.0) + CM), s.leader)
             for s in stops if isinstance(s, TabStop)]
    return [moved, []]


# A first-line or left indent forgotten from nothing: the exam's 首行缩进 2 字符.
INDENT_CHARS = Measure(pt=None, chars=2.0)


# ------------------------------------------------------------------ typos
def typo(ch: str) -> str:
    """A different character of the same class."""
    if "\u4e00" <= ch <= "\u9fff":
        return "某" if ch != "某" else "甲"
    if ch.isdigit():
        return str((int(ch) + 1) % 10)
    if ch.isalpha():
        return "x" if ch.lower() != "x" else "y"
    return "#" if ch != "#" else "*"


def typo_position(text: str, expected: str | None) -> int | None:
    """Where a typo breaks what the check compares: the middle of the expected literal's
    first occurrence, else the middle non-space character of the text."""
    if expected:
        i = text.find(expected.strip())
        if i >= 0 and expected.strip():
            return i + len(expected.strip()) // 2
    spots = [i for i, c in enumerate(text) if not c.isspace()]
    return spots[len(spots) // 2] if spots else None


# ------------------------------------------------------------------ one setting's mistake
# A function of the reference's one value giving the wrong value (``Plan("setting",
# mistake=...)``); ``NotApplicable`` when the value leaves no realistic mistake.
Mistake = Callable[[Any], Any]


def flipped(cur: Any) -> bool:
    """The other truth value."""
    return not bool(cur)


def mistyped(cur: Any) -> str:
    """One character of the text mistyped (``错误`` for no text)."""
    text = str(cur or "")
    pos = typo_position(text, None)
    return text[:pos] + typo(text[pos]) + text[pos + 1:] if pos is not None else "错误"


def cycled(*tokens: str) -> Mistake:
    """The next token after the reference's (the first when it is none of them)."""
    def wrong(cur: Any) -> str:
        s = str(cur)
        return tokens[(tokens.index(s) + 1) % len(tokens)] if s in tokens else tokens[0]
    return wrong


def reordered(cur: Any) -> list:
    """The items reversed (the first dropped when reversing keeps them as they are)."""
    items = list(cur or [])
    if len(items) < 2:
        raise NotApplicable("one item keeps its order")
    return items[::-1] if items[::-1] != items else items[1:]


def first_cell_dropped(cur: Any) -> list:
    """The cells a rule formats without the first."""
    items = list(cur or [])
    if len(items) < 2:
        raise NotApplicable("a rule formatting one cell")
    return items[1:]


def on_first(change: Mistake) -> Mistake:
    """``change`` applied to the first item of a list, the others kept."""
    def wrong(cur: Any) -> list:
        items = list(cur or [])
        if not items:
            raise NotApplicable("nothing to change")
        return [change(items[0]), *items[1:]]
    return wrong


def no_custom_lists(cur: Any) -> list:
    """The custom sort lists forgotten."""
    if not cur:
        raise NotApplicable("no custom list to forget")
    return []


def rows_off(cur: Any) -> str:
    """The first number of a range one larger (``A1:B3`` -> ``A2:B3``)."""
    return re.sub(r"\d+", lambda m: str(int(m.group()) + 1), str(cur or ""), count=1)


def other_line_width(cur: Any) -> Measure:
    """A hairline 0.75 pt for a line wider than 1.5 pt (or none), else 3 pt."""
    pt = cur.points() if isinstance(cur, Measure) else None
    return Measure(0.75 if pt is None or pt > 1.5 else 3.0)


def other_show_slides(cur: Any) -> str:
    """A slide show of the first slide only instead of every slide, and every slide
    instead of a range."""
    return "1-1" if str(cur) == "all" else "all"
