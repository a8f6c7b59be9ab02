"""The instruction's steps, and which step a drafted criterion most likely grades: the step
that mentions the most of the criterion's values (黑体, 二号, 1.5 倍, a cell range, a slide
title, a paragraph's opening words)."""

from __future__ import annotations

import re

from officeeval.draft.policy import policy
from officeeval.rubric.instruction import Step, match, spoken_forms, steps

__all__ = ["Step", "steps", "match", "step_of", "said", "prop_words", "decisive_words"]


def prop_words(props) -> list[str]:
    """The words a step uses for the features of ``props`` (each one's
    ``Drafting.called``: a criterion on a section's footer is about "页脚" even when none of
    its values is named), in order, without repeats."""
    out: list[str] = []
    for p in props:
        out += [w for w in policy(p).called if w not in out]
    return out


# The forms a step writes a value in (shared with the audit's literal origins).
_variants = spoken_forms

def said(text: str, literal: str) -> bool:
    """Whether ``text`` writes ``literal`` in one of its spoken forms, a number only as a
    number of its own (``0 磅`` is not in ``20 磅``, ``5`` not in ``2025``)."""
    flat = re.sub(r"\s+", "", text or "")
    for form in spoken_forms(literal) or [literal.strip()]:
        f = re.sub(r"\s+", "", form)
        if not f:
            continue
        pat = re.escape(f)
        if f[0].isdigit():
            pat = r"(?<![\d.])" + pat
        elif f.endswith("号") and not f.startswith("小"):
            pat = r"(?<!小)" + pat      # 二号 is not 小二号
        if f[-1].isdigit():
            pat += r"(?![\d.])"
        if re.search(pat, flat):
            return True
    return False


_QUOTED = re.compile(r"“([^”]*)”")


def _weight(tok: str, text: str, flat: str, label: bool) -> float:
    for v in spoken_forms(tok):
        if len(v) < 2:
            continue
        if said(text, v):
            if label and any(v in q and v != q for q in _QUOTED.findall(text)) and \
                    not any(v == q for q in _QUOTED.findall(text)):
                return 0.0  # part of a longer value the step quotes, not this target
            return min(len(v), 8)
    return 0.0


# Features whose word decides the step: slide transitions and animations share their
# effects' names (擦除, 自左侧, 淡入淡出), so a transition's values also fill the animation
# step's words; the step that says 切换 is the transitions' when one does.
DECISIVE = (("transition.", "切换"), ("animation.", "动画"))


def decisive_words(props) -> list[str]:
    """The deciding feature words (``DECISIVE``) of ``props``; none unless every property
    has one (a criterion that also grades another feature is matched on all its words)."""
    props = [p for p in props if p]
    found = [next((w for prefix, w in DECISIVE if p.startswith(prefix)), None) for p in props]
    if not found or None in found:
        return []
    return list(dict.fromkeys(found))


def step_of(tokens: list[str], labels: list[str], all_steps: list[Step],
            props=()) -> Step | None:
    """The step mentioning the most of a criterion's ``tokens`` (values, feature words)
    and ``labels`` (its targets' own texts: a slide's title, a paragraph's opening words),
    among the steps naming the deciding feature of its properties ``props`` when one does
    (``DECISIVE``). A label found only inside a longer text the step quotes ("标题为“云溪市
    主城区公共交通出行调查报告”") does not count: the step quotes a value, not this target.
    ``None`` when no step mentions any."""
    words = decisive_words(props)
    if words:
        naming = [s for s in all_steps if any(w in s.text for w in words)]
        if naming and len(naming) < len(all_steps):
            found = step_of(tokens, labels, naming)
            if found is not None:
                return found
    best, best_score = None, 0.0
    for s in all_steps:
        flat = re.sub(r"\s+", "", s.text)
        score = sum(_weight(t, s.text, flat, False) for t in tokens)
        # A target's text alone does not make the step: a step quotes texts as values too
        # (作者为“云溪市交通发展研究中心”).
        if score:
            score += sum(_weight(t, s.text, flat, True) for t in labels)
        if score > best_score:
            best, best_score = s, score
    return best
