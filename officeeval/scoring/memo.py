"""What judging remembers, each in one place with one owner (``scoring/__init__.py`` lists
them all): the key under which two observations judge alike, the verdicts of one check's
targets on one graded document (``Verdicts``: the caller's, for that one judging), and what
is remembered with a kept input or reference document between the gradings of a batch
(``KeptMemo``: its observations, its values said for people, verdicts against them).

Two observations judge alike when they have the same ``alike_key``: the value type's
``identity_key`` of their value (``properties/types``), or the one key of "no value".
Nothing here is module state: every table belongs to an object its owner holds and drops.
"""

from __future__ import annotations

from typing import Any, Callable

from officeeval.comparators.registry import Verdict, render_expected
from officeeval.properties.types import ValueType
from officeeval.rubric.model import Check
from officeeval.values import Observation

NO_VALUE_KEY = ("<no value>",)
# Entries per table of a kept document: a batch grades many documents against the same
# kept input, whose ranges may hold hundreds of thousands of cells.
KEPT_MAX = 200_000
MISSING = object()  # ``KeptMemo.observed``: nothing remembered (``None`` is an observation)
_SELF = object()    # the verdict key of a kept observation judged against itself


def alike_key(obs: Observation | None, vtype: ValueType) -> Any:
    """A key under which ``obs`` judges like every other observation with that key, for a
    check whose values are of ``vtype`` (``ValueType.identity_key``); ``None`` when it must
    be judged on its own (a value made of parts, or one its type cannot key)."""
    if obs is None:
        return NO_VALUE_KEY
    if obs.parts:
        return None
    return vtype.identity_key(obs.value)


class Verdicts:
    """The verdicts of one check's targets on one graded document against one expected
    value: ``judge(obs)`` once per ``alike_key`` (targets repeat values: a column's number
    format, a range's font). Held by the judge that made it, for that judging only."""

    __slots__ = ("_judge", "_vtype", "_by_key", "_by_id")

    def __init__(self, judge: Callable[[Observation | None], Verdict], vtype: ValueType
                 ) -> None:
        self._judge = judge
        self._vtype = vtype
        self._by_key: dict[Any, Verdict] = {}
        self._by_id: dict[int, Verdict] = {}

    def of(self, obs: Observation | None) -> Verdict:
        """The verdict of ``obs``; raises what ``judge`` raises."""
        key = alike_key(obs, self._vtype)
        return self._judge(obs) if key is None else self._keyed(key, obs)

    def _keyed(self, key: Any, obs: Observation | None) -> Verdict:
        v = self._by_key.get(key)
        if v is None:
            v = self._by_key[key] = self._judge(obs)
        return v

    def of_held(self, obs: Observation | None) -> Verdict:
        """``of``, for an observation the caller holds until it is done with this memo:
        found by identity first, without building its key (cells of one style share one
        observation object: the per-style resolvers' memo). Held, no two share an id."""
        v = self._by_id.get(id(obs))
        if v is None:
            key = alike_key(obs, self._vtype)
            if key is None:
                return self._judge(obs)
            v = self._by_id[id(obs)] = self._keyed(key, obs)
        return v


class KeptMemo:
    """What is remembered with one kept input or reference document between gradings: the
    observations its targets resolved to (by property, direct, target), its values said for
    people (by observation and display type) and verdicts of values against them (by check,
    observation, display type and ``alike_key``). Owned by the Grader's entry for the
    document (``grading.KeptDocument``) and dropped with it; each table bounded by
    ``KEPT_MAX``. An entry pins the objects whose ids key it, so no id is reused while it
    lives; the kept document's targets live as long as the document."""

    __slots__ = ("_observed", "_said", "_verdicts")

    def __init__(self) -> None:
        self._observed: dict[tuple, Observation | None] = {}
        self._said: dict[tuple, tuple] = {}
        self._verdicts: dict[tuple, tuple] = {}

    def observed(self, key: tuple) -> Any:
        """The observation remembered under ``key``, or ``MISSING``."""
        return self._observed.get(key, MISSING)

    def keep_observed(self, key: tuple, obs: Observation | None) -> None:
        """Remember ``obs`` (``None`` included: no value) under ``key``, while there is
        room."""
        if len(self._observed) < KEPT_MAX:
            self._observed[key] = obs

    def said(self, other_obs: Observation, vtype: ValueType, expected: Any) -> str:
        """``render_expected(expected, vtype)`` for ``expected`` taken from the kept
        ``other_obs``, said once per kept observation (a batch judges every graded
        document against the same ones)."""
        key = (id(other_obs), id(vtype))
        hit = self._said.get(key)
        if hit is None or hit[0] is not other_obs or hit[1] is not vtype:
            hit = (other_obs, vtype, render_expected(expected, vtype))
            if len(self._said) < KEPT_MAX:
                self._said[key] = hit
        return hit[2]

    def verdict(self, check: Check, vtype: ValueType, obs: Observation,
                other_obs: Observation) -> Verdict | None:
        """The verdict remembered (``keep_verdict``) of ``obs`` (a graded document's, not
        made of parts) against the kept ``other_obs`` for this check, or ``None``. ``obs``
        that is ``other_obs`` itself (a target that took its counterpart's observation) is
        found by identity, without building its key."""
        pin = (id(check), id(other_obs), id(vtype))
        if obs is other_obs:
            hit = self._verdicts.get((*pin, _SELF))
            if hit is not None and hit[0] is check and hit[1] is obs and hit[2] is vtype:
                return hit[3]
        vkey = alike_key(obs, vtype)
        hit = self._verdicts.get((*pin, vkey)) if vkey is not None else None
        if hit is None or hit[0] is not check or hit[1] is not other_obs or \
                hit[2] is not vtype:
            return None
        if obs is other_obs:
            self._keep(_SELF, pin, check, other_obs, vtype, hit[3])
        return hit[3]

    def keep_verdict(self, check: Check, vtype: ValueType, obs: Observation,
                     other_obs: Observation, v: Verdict) -> None:
        """Remember ``v`` as the verdict of ``obs`` against the kept ``other_obs`` for this
        check: only for a ``document_free`` type (its verdicts never read the graded
        document), by ``obs``'s ``alike_key`` (not when it has none)."""
        pin = (id(check), id(other_obs), id(vtype))
        vkey = alike_key(obs, vtype)
        if vkey is not None:
            self._keep(vkey, pin, check, other_obs, vtype, v)
        if obs is other_obs:
            self._keep(_SELF, pin, check, other_obs, vtype, v)

    def _keep(self, vkey: Any, pin: tuple, check: Check, other_obs: Observation,
              vtype: ValueType, v: Verdict) -> None:
        if len(self._verdicts) < KEPT_MAX:
            self._verdicts[(*pin, vkey)] = (check, other_obs, vtype, v)
