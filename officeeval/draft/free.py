"""What a step leaves to the candidate: "具体使用哪些切换效果自定", "按钮形状自选",
"SmartArt 的样式和颜色不作要求", "大小和位置自定", "图片大小适当".

A clause of a step that says a feature is the candidate's choice names the features it
frees; the reference's value of a freed feature is its writer's choice, never graded. An
effect the step still asks for ("为全部幻灯片设置切换效果") is graded as *some* effect, and
"至少使用 3 种不同的切换效果" as a count of different values (``count_distinct``).

Nothing here raises; a step without such a clause frees nothing.
"""

from __future__ import annotations

import re

from officeeval.catalog import catalog
from officeeval.draft.criteria import DraftCheck, DraftCriterion
from officeeval.draft.instruction import Step
from officeeval.draft.policy import policy

# The words that leave a choice to the candidate ("自定义" is a custom show or list, "自选图
# 形" a kind of shape: neither frees anything).
FREE = re.compile(r"自定(?!义)|自选(?!图形)|自行(?:选择|决定|设定|设置|确定)|不作要求|不做要求|"
                  r"不作限制|不做限制|不限|任选|任意|均可|适当|合适")
_CLAUSE = re.compile(r"[，,。；;：:（）()]")

_NUMBERS = {"两": 2, "二": 2, "三": 3, "四": 4, "五": 5, "六": 6, "七": 7, "八": 8, "九": 9,
            "十": 10}
KINDS = re.compile(r"至少\s*(?:使用|采用|应用|包含|有|设置)?\s*(\d+|[两二三四五六七八九十])\s*种"
                   r"(?:以上)?\s*(?:不同的?|各异的?)?\s*(切换|动画)")


def freed(text: str) -> tuple[str, ...]:
    """The clauses of ``text`` that leave a choice to the candidate ("大小自定")."""
    return tuple(c for c in _CLAUSE.split(text or "") if FREE.search(c))


def frees(clauses: tuple[str, ...], prop: str | None) -> bool:
    """Whether one of ``clauses`` (``freed``) names a feature of ``prop`` with one of its
    ``Drafting.freed_by`` words."""
    words = policy(prop).freed_by
    return any(w in c for c in clauses for w in words)


def _counted() -> dict[str, tuple[str, str]]:
    """What "N 种不同的<word>" counts: word -> (selector, property), from each property's
    ``Drafting.distinct``."""
    reg = catalog()
    out: dict[str, tuple[str, str]] = {}
    for name in reg.names():
        d = policy(name).distinct
        if d:
            out.setdefault(d[0], (d[1], name))
    return out


def apply(criteria: list[DraftCriterion], all_steps: list[Step]) -> None:
    """Loosen or drop, in place, the checks of features each criterion's step leaves to the
    candidate, and add the count of different effects a step asks for ("至少 3 种") to the
    first criterion of that step grading them."""
    by_number = {s.number: s for s in all_steps}
    counted: set[tuple[str, str]] = set()
    kind_checks = _counted()
    for c in criteria:
        st = by_number.get(c.step)
        if st is None or c.preservation:
            continue
        free = freed(st.text)
        if free:
            _loosen(c, free)
        for m in KINDS.finditer(st.text):
            n = int(m.group(1)) if m.group(1).isdigit() else _NUMBERS[m.group(1)]
            select, prop = kind_checks[m.group(2)]
            if (st.number, prop) in counted or not any(k.prop == prop for k in c.checks):
                continue
            counted.add((st.number, prop))
            c.checks.append(DraftCheck(select, prop, "count_distinct", f">={n}",
                                       note=f"the step asks for at least {n} different ones"))


def _loosen(c: DraftCriterion, free: tuple[str, ...]) -> None:
    kept: list[DraftCheck] = []
    present: set[str] = set()
    for k in c.checks:
        p = k.prop or ""
        if not frees(free, p) or k.op == "count_distinct":
            kept.append(k)
            continue
        effect = policy(p).when_freed
        if effect and k.select not in present:
            # A freed effect the step still asks for: graded as present.
            op, expected = effect[0], (effect[1] if len(effect) > 1 else None)
            present.add(k.select)
            kept.append(DraftCheck(k.select, p, op, expected,
                                   note="which effect is the candidate's choice; "
                                        "that there is one is asked"))
    c.checks = kept


__all__ = ["apply", "freed", "frees", "FREE"]
