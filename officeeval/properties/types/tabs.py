"""Tab stops (制表位): a paragraph's effective list, each stop ``ALIGN POSITION [LEADER]``
(``right 6in``, ``left 2cm dot``, ``右对齐 15厘米 点``), positions compared at the examiner's
precision for the unit written (as lengths are)."""

from __future__ import annotations

import functools
import re
from typing import Any

from officeeval import vocabulary
from officeeval.errors import ValueParseError
from officeeval.ooxml.units import format_length, format_pt
from officeeval.properties.types.base import CompareContext, Tolerance, ValueType
from officeeval.properties.types.lengths import LengthType
from officeeval.values import Measure, TabStop

_POSITION = LengthType(name="tab position", allow_units=())
# Stops in a list literal: separated by |, ; or a comma followed by a space ("2,5cm" in a
# position is not a separator).
_SEPARATORS = re.compile(r"\s*(?:\||;|,\s)\s*")


class TabStopsType(ValueType):
    """A list of tab stops in position order. ``equals``: the same stops (alignment,
    position at the examiner's precision, leader when the expected stop names one);
    ``contains``: has that stop; ``subset_of`` / ``same_set`` as for lists.
    ``tolerance=`` (a length) replaces the precision of positions."""

    name = "tab_stops"
    listy = True
    tolerant = True
    description = ("tab stops: ALIGN POSITION [LEADER] separated by |, e.g. 'right 6in' or "
                   "'left 2cm dot | right 15cm' (left/center/right/decimal/bar; leader "
                   "none/dot/hyphen/underscore/heavy/middleDot); 'none' for no stops")
    display_unit: str | None = None

    def parse(self, literal: str) -> list[TabStop]:
        t = literal.strip()
        if t.lower() in ("none", "无", "[]", ""):
            return []
        return sorted((self.parse_item(x) for x in _SEPARATORS.split(t) if x.strip()),
                      key=_position)

    def parse_item(self, literal: str) -> TabStop:
        align_vocab, leader_vocab = vocabulary.get("tab_alignment"), vocabulary.get("tab_leader")
        alignment = leader = None
        position: Measure | None = None
        for tok in literal.split():
            if alignment is None and align_vocab.canonical(tok):
                alignment = align_vocab.canonical(tok)
            elif leader is None and leader_vocab.canonical(tok):
                leader = leader_vocab.canonical(tok)
            elif position is None:
                try:
                    position = _POSITION.parse(tok)
                except ValueParseError as exc:
                    if tok[:1].isdigit() or tok[:1] in ".-+":
                        raise ValueParseError(f"{literal!r}: {exc}") from None
                    raise ValueParseError(f"{literal!r}: {tok!r} is not a tab alignment, a "
                                          f"position or a leader") from None
            else:
                raise ValueParseError(f"{literal!r}: {tok!r} is one word too many (a stop is "
                                      f"ALIGN POSITION [LEADER])")
        if position is None:
            raise ValueParseError(f"{literal!r} names no position (e.g. 'right 6in')")
        if alignment is None:
            raise ValueParseError(f"{literal!r} names no alignment (left, center, right, "
                                  f"decimal, bar)")
        return TabStop(alignment, position, leader)

    def parse_tolerance(self, literal: str) -> Tolerance:
        return _POSITION.parse_tolerance(literal)

    def render(self, value: Any) -> str:
        if value is None:
            return "(none)"
        if isinstance(value, TabStop):
            return self._stop(value)
        if isinstance(value, (list, tuple)):
            return "[" + ", ".join(self._stop(s) for s in value) + "]" if value else "[]"
        return str(value)

    def _stop(self, s: Any) -> str:
        if not isinstance(s, TabStop):
            return str(s)
        pts = s.position.points()
        pos = "?" if pts is None else (format_length(pts, self.display_unit)
                                       if self.display_unit else format_pt(pts))
        leader = f" {s.leader}" if s.leader not in (None, "none") else ""
        return f"{s.alignment} {pos}{leader}"

    def in_unit(self, unit: str | None) -> "TabStopsType":
        """This type rendering positions in UNIT (the unit the rubric's literal used)."""
        return self if unit is None else _in_unit(self, unit)

    def items(self, value: Any) -> list | None:
        return list(value) if isinstance(value, (list, tuple)) else None

    def item_key(self, item: Any) -> Any:
        if not isinstance(item, TabStop):
            return item
        pts = item.position.points()
        return (item.alignment, None if pts is None else round(pts * 20), item.leader)

    def same_item(self, item: Any, expected: Any, ctx: CompareContext) -> bool:
        if not isinstance(item, TabStop) or not isinstance(expected, TabStop):
            return False
        if item.alignment != expected.alignment:
            return False
        if expected.leader is not None and (item.leader or "none") != expected.leader:
            return False
        return _POSITION.equals(item.position, expected.position, ctx)

    def equals(self, actual: Any, expected: Any, ctx: CompareContext) -> bool:
        if not isinstance(actual, (list, tuple)) or not isinstance(expected, (list, tuple)):
            return False
        a, e = sorted(actual, key=_position), sorted(expected, key=_position)
        return len(a) == len(e) and all(self.same_item(x, y, ctx) for x, y in zip(a, e))

    def approx_tolerance(self, expected: Any) -> Tolerance | None:
        return None  # positions already compare at the examiner's precision

    def as_text(self, value: Any) -> str:
        if isinstance(value, (list, tuple)):
            return " | ".join(self._stop(s) for s in value)
        return self.render(value)


def _position(s: Any) -> float:
    p = s.position.points() if isinstance(s, TabStop) else None
    return p if p is not None else 0.0


@functools.lru_cache(maxsize=16)
def _in_unit(vtype: TabStopsType, unit: str) -> TabStopsType:
    import copy
    clone = copy.copy(vtype)
    clone.display_unit = unit
    return clone
