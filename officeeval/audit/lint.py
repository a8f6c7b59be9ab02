"""Rubric lint: warnings with reasons, from the rubric, the reference's ScoreCard and the
scores of the input and every mutant.

Codes:

* ``vacuous-any`` — ``match="any"`` (or ``count>=1``) over many targets: one stray target
  that happens to have the value earns the points.
* ``text-no-normalize`` — a literal text comparison with punctuation and no
  ``normalize="punct"`` / ``width`` while the instruction uses full-width punctuation: a
  candidate who types ``,`` for ``，`` fails for nothing.
* ``overlap`` — criteria that pass and fail together on the input and on every mutant: one
  mistake is charged twice (or one of them is redundant).
* ``skill-empty`` — a declared skill with no criteria, or criteria of an undeclared skill.
* ``default-source`` — the reference's value comes only from the application's built-in
  default (nothing in the document sets it): fragile, and an untouched document has it too.
* ``float-equals`` — ``equals`` on a non-integer number without a tolerance: a value
  recomputed by another engine differs in the last digits; use ``approx``.
* ``selector-implies`` — the check compares the very property its selector filters on
  (``field[type='MERGEFIELD']`` with ``field.type equals MERGEFIELD``): it can only pass or
  find nothing, never see a wrong value.
* ``regex-hazard`` — a regular expression (``matches``, a ``~=`` predicate) whose matching
  time can grow exponentially with the text (``rubric.patterns``): a candidate's document
  can hold the grader until its deadline (``serve`` refuses such an inline rubric).
"""

from __future__ import annotations

import re
from pathlib import Path

from officeeval.audit.model import CriterionAudit, LintWarning
from officeeval.catalog import catalog
from officeeval.properties.types import CellValueType, NumberType, TextType
from officeeval.rubric.model import Rubric
from officeeval.rubric.patterns import check_patterns, hazard
from officeeval.scoring.scorecard import ScoreCard
from officeeval.values import CellValue

MANY_TARGETS = 3
_FULL_PUNCT = re.compile(r"[\u3000-\u303f\uff00-\uffef“”‘’…—]")
_ANY_PUNCT = re.compile(r"[\u3000-\u303f\uff00-\uffef“”‘’…—!-/:-@\[-`{-~]")
_NUMBER = re.compile(r"^[-+]?[\d,]*\.?\d+%?$")
_LITERAL_TEXT_OPS = {"equals", "not_equals", "contains", "not_contains", "starts_with",
                     "ends_with", "in"}


def lint(rubric: Rubric, ref_card: ScoreCard, cards: list[ScoreCard],
         target_counts: dict[str | None, int], input_path: str | None,
         audits: dict[str, CriterionAudit]) -> list[LintWarning]:
    """Every warning for ``rubric``. ``cards`` are the input's and the mutants' ScoreCards;
    ``target_counts`` the number of targets each selector matches in the reference."""
    out: list[LintWarning] = []
    instruction = _instruction(rubric, input_path)
    ref_checks = {c.id: c.checks for c in ref_card.criteria}
    for c in rubric.criteria:
        for j, k in enumerate(c.checks):
            n = target_counts.get(k.select, 0)
            if (k.match == "any" or re.fullmatch(r"count>=?1", k.match)) and n >= MANY_TARGETS:
                out.append(LintWarning("vacuous-any", f"check {j + 1} ({k.label()}) passes "
                                       f"when any one of {n} targets has the value", c.id,
                                       k.line))
            pdef = catalog().get(k.property or "")
            vtype = pdef.type_for(rubric.app) if pdef is not None else None
            # Text the candidate types only (``typed_text=`` where it is defined: not names,
            # which compare through vocabularies, nor list-level patterns such as 第%1章).
            if (type(vtype) is TextType and k.expected is not None
                    and pdef.typed_text and not _NUMBER.match(k.expected.strip())
                    and k.op in _LITERAL_TEXT_OPS and _ANY_PUNCT.search(k.expected)
                    and not ({"punct", "width"} & k.normalize)
                    and (_FULL_PUNCT.search(instruction) or _FULL_PUNCT.search(k.expected))):
                out.append(LintWarning("text-no-normalize", f"check {j + 1} compares text "
                                       f"with punctuation ({k.expected!r}) without "
                                       f"normalize=\"punct\" or \"width\", and the instruction "
                                       f"uses full-width punctuation", c.id, k.line))
            rk = ref_checks.get(c.id, [])
            if (j < len(rk) and rk[j].source == "default" and not k.is_preservation
                    and k.op not in ("exists", "absent", "count")):
                out.append(LintWarning("default-source", f"check {j + 1} ({k.label()}): the "
                                       f"reference's value {rk[j].actual} comes only from the "
                                       f"application default; nothing in the document sets "
                                       f"it", c.id, k.line))
            if k.op == "equals" and k.tolerance is None and _float_valued(k, vtype, rk, j):
                out.append(LintWarning("float-equals", f"check {j + 1} ({k.label()}) compares "
                                       f"a non-integer number with equals and no tolerance; "
                                       f"use op=\"approx\" (or a tolerance)", c.id, k.line))
            for pattern in check_patterns(k):
                why = hazard(pattern)
                if why:
                    out.append(LintWarning("regex-hazard", f"check {j + 1}: {pattern!r}: "
                                           f"{why}; a document can make its matching take "
                                           f"minutes", c.id, k.line))
            implied = _implied(k)
            if implied:
                out.append(LintWarning("selector-implies", f"check {j + 1} ({k.label()}) "
                                       f"compares the {implied} its selector already "
                                       f"filters on: it cannot see a wrong value", c.id,
                                       k.line))
    out += _skills(rubric)
    out += _overlaps(rubric, cards, ref_card)
    return out


def _implied(check) -> str | None:
    """The property name when the selector's last step filters on it with ``=`` (the
    predicate its definition names, ``implied_by=``) and the check asks ``equals`` the same
    literal."""
    if check.op != "equals" or not check.select or check.expected is None:
        return None
    pdef = catalog().get(check.property or "")
    if pdef is None or not pdef.implied_by:
        return None
    from officeeval.selectors import parse_selector
    from officeeval.errors import SelectorSyntaxError
    try:
        last = parse_selector(check.select).steps[-1]
    except (SelectorSyntaxError, IndexError):
        return None
    for p in last.predicates:
        if p.op == "=" and p.key == pdef.implied_by and \
                str(p.value).strip().casefold() == check.expected.strip().casefold():
            return check.property
    return None


def _instruction(rubric: Rubric, input_path: str | None) -> str:
    from officeeval.rubric.instruction import task_instruction
    return task_instruction(rubric.instruction, input_path)


def _float_valued(check, vtype, ref_checks, j: int) -> bool:
    if isinstance(vtype, NumberType) and (vtype.integer or vtype.default_tolerance):
        return False
    if not isinstance(vtype, (NumberType, CellValueType)):
        return False
    v = check.expected_value
    if isinstance(v, CellValue):
        v = v.value if v.kind == "number" else None
    if isinstance(v, float) and not v.is_integer():
        return True
    if check.expected_from and j < len(ref_checks):
        try:
            f = float(str(ref_checks[j].actual).replace(",", ""))
        except ValueError:
            return False
        return not f.is_integer()
    return False


def _skills(rubric: Rubric) -> list[LintWarning]:
    out = []
    used = {c.skill for c in rubric.criteria}
    for sid in rubric.skills:
        if sid not in used:
            out.append(LintWarning("skill-empty", f"skill {sid!r} has no criteria"))
    if rubric.skills:
        for c in rubric.criteria:
            if c.skill not in rubric.skills:
                out.append(LintWarning("skill-empty", f"skill {c.skill!r} is not declared "
                                       f"(allowed: reports show its id, not a label)",
                                       c.id, c.line))
    return out


def _overlaps(rubric: Rubric, cards: list[ScoreCard], ref_card: ScoreCard
              ) -> list[LintWarning]:
    """Criteria whose pass/fail pattern is identical over the input and every mutant, and
    that fail together at least once. A criterion a mutant's card leaves out (a property
    mutant is graded on the criteria reading its selectors only) keeps its reference
    verdict there."""
    if len(cards) < 2:
        return []
    ref_pass = {c.id: c.status == "pass" for c in ref_card.criteria}
    patterns: dict[tuple, list[str]] = {}
    for c in rubric.criteria:
        row = []
        for card in cards:
            cr = next((x for x in card.criteria if x.id == c.id), None)
            row.append(ref_pass.get(c.id, False) if cr is None else cr.status == "pass")
        if all(row):
            continue
        patterns.setdefault(tuple(row), []).append(c.id)
    out = []
    for ids in patterns.values():
        if len(ids) > 1:
            out.append(LintWarning("overlap", f"criteria {', '.join(ids)} pass and fail "
                                   f"together on the input and on all {len(cards) - 1} "
                                   f"mutants: one mistake costs the points of all of them",
                                   ids[0]))
    return out
