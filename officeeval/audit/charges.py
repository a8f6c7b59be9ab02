"""One mistake, one charge: a single wrong value (a breaking mutant that edits one property
of one target) must not cost the criteria of two instruction steps.

A criterion grades the step its ``step=`` names; without one, the step whose words name
most of the criterion's values and targets (``rubric.instruction.match``), else a step of
its own. A deletion (the target gone) may cost every step about it and is not counted.
"""

from __future__ import annotations

import re
from dataclasses import asdict, dataclass, field
from typing import Any

from officeeval.audit.origins import selector_literals
from officeeval.rubric.instruction import match, steps
from officeeval.rubric.model import Criterion, Rubric


@dataclass
class DoubleCharge:
    """A mutant whose one edit cost criteria of different steps."""

    mutant: str
    description: str
    criteria: list[str] = field(default_factory=list)
    steps: list[str] = field(default_factory=list)
    lost: float = 0.0

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)


def criterion_steps(rubric: Rubric, instruction: str) -> dict[str, str]:
    """The step each criterion grades: its ``step=``, else the best-matching instruction
    step (``?cNN`` when none matches: a step of its own)."""
    all_steps = steps(instruction)
    out: dict[str, str] = {}
    for c in rubric.criteria:
        if c.step:
            out[c.id] = c.step
            continue
        hit = match(_tokens(c), all_steps) if all_steps else None
        out[c.id] = hit.number.split(".")[0] if hit is not None else f"?{c.id}"
    return out


def _tokens(c: Criterion) -> list[str]:
    """What a criterion mentions: its description's words, its expected literals and the
    texts and names its selectors find targets by."""
    toks = [t for t in re.split(r"[\s，。、；：:;,（）()“”\"'|/]+", c.description or "")
            if len(t) >= 2]
    for k in c.checks:
        if k.expected:
            toks += [x for x in k.expected.split("|") if x]
        toks += selector_literals(k.select)
    return toks


def double_charge(mutant_id: str, description: str, lost: dict[str, float],
                  steps_of: dict[str, str]) -> DoubleCharge | None:
    """The double charge of one breaking mutant whose criteria lost ``lost`` points each;
    ``None`` when they all grade one step (a criterion may name several: ``step="4,7"``)."""
    if len(lost) < 2:
        return None
    sets = [set(steps_of.get(cid, f"?{cid}").split(",")) for cid in lost]
    if set.intersection(*sets):
        return None
    touched = set().union(*sets)
    return DoubleCharge(mutant_id, description, sorted(lost),
                        sorted(touched, key=_step_key), round(sum(lost.values()), 3))


def _step_key(step: str) -> tuple:
    return tuple(int(x) if x.isdigit() else 10 ** 6 for x in re.split(r"[.,]", step))
