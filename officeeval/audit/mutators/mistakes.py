"""Realistic mistakes to try, by value kind, given the reference's values (most realistic
first): the neighbouring named font size, the other truth value, a length forgotten (0) or
halved, a margin off by a centimetre. Format-neutral: each app's setters write them."""

from __future__ import annotations

from typing import Any, Callable

from officeeval.values import Measure

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
