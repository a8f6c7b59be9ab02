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

from officeeval.draft.criteria import DraftCheck, DraftCriterion
from officeeval.draft.instruction import Step

# The words that leave a choice to the candidate ("自定义" is a custom show or list, "自选图
# 形" a kind of shape: neither frees anything).
FREE = re.compile(r"自定(?!义)|自选(?!图形)|自行(?:选择|决定|设定|设置|确定)|不作要求|不做要求|"
                  r"不作限制|不做限制|不限|任选|任意|均可|适当|合适")
_CLAUSE = re.compile(r"[，,。；;：:（）()]")

SIZE = ("shape.width", "shape.height", "image.width", "image.height")
POSITION = ("shape.left", "shape.top", "image.left", "image.top", "chart.anchor")
# A freed feature's word -> the properties (prefixes) it frees.
FEATURES = (
    ("切换", ("transition.type", "transition.direction", "transition.duration")),
    ("动画", ("animation.effect", "animation.direction", "animation.duration")),
    ("形状", ("shape.geometry",)),
    ("样式", ("smartart.style", "chart.style", "table.style")),
    ("颜色", ("smartart.colors", "shape.fill", "shape.outline.color", "font.color")),
    ("大小", SIZE), ("尺寸", SIZE), ("位置", POSITION),
    ("字体", ("font.name", "font.east_asia")), ("字号", ("font.size",)),
    ("缩进", ("paragraph.indent",)),
)
# A freed effect the step still asks for: graded as present, not as the reference's.
EFFECTS = {"transition.type": ("not_equals", "无"), "animation.effect": ("exists", None)}
_NUMBERS = {"两": 2, "二": 2, "三": 3, "四": 4, "五": 5, "六": 6, "七": 7, "八": 8, "九": 9,
            "十": 10}
KINDS = re.compile(r"至少\s*(?:使用|采用|应用|包含|有|设置)?\s*(\d+|[两二三四五六七八九十])\s*种"
                   r"(?:以上)?\s*(?:不同的?|各异的?)?\s*(切换|动画)")
# What "N 种不同的切换/动画" counts, over the whole presentation.
KIND_CHECKS = {"切换": ("slide", "transition.type"),
               "动画": ("slide/animation", "animation.effect")}


def freed(text: str) -> tuple[str, ...]:
    """The properties (prefixes) the clauses of ``text`` leave to the candidate."""
    out: list[str] = []
    for clause in _CLAUSE.split(text or ""):
        if not FREE.search(clause):
            continue
        for word, props in FEATURES:
            if word in clause:
                out += [p for p in props if p not in out]
    return tuple(out)


def apply(criteria: list[DraftCriterion], all_steps: list[Step]) -> None:
    """Loosen or drop, in place, the checks of features each criterion's step leaves to the
    candidate, and add the count of different effects a step asks for ("至少 3 种") to the
    first criterion of that step grading them."""
    by_number = {s.number: s for s in all_steps}
    counted: set[tuple[str, str]] = set()
    for c in criteria:
        st = by_number.get(c.step)
        if st is None or c.preservation:
            continue
        free = freed(st.text)
        if free:
            _loosen(c, free)
        for m in KINDS.finditer(st.text):
            n = int(m.group(1)) if m.group(1).isdigit() else _NUMBERS[m.group(1)]
            select, prop = KIND_CHECKS[m.group(2)]
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
        if not p.startswith(free) or k.op == "count_distinct":
            kept.append(k)
            continue
        if p in EFFECTS and k.select not in present:
            op, expected = EFFECTS[p]
            present.add(k.select)
            kept.append(DraftCheck(k.select, p, op, expected,
                                   note="which effect is the candidate's choice; "
                                        "that there is one is asked"))
    c.checks = kept


__all__ = ["apply", "freed", "FREE", "FEATURES"]
