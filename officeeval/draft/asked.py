"""What the instruction asks, applied to drafted criteria: a check holds for every correct
answer, not only for the reference.

The reference is one correct answer; what it holds beyond the instruction is its writer's
choice. Restatements go first (``restated.py``, with or without an instruction); then each
criterion is read against the step it matched (``c.step``) and its checks are kept,
loosened or dropped:

* **Asked.** Values a step never asks are dropped: where text lands (page numbers, page
  ranges, page breaks, page counts) unless the step names pages; column widths, row
  heights and table borders unless it names them; a created shape's or picture's position,
  size and look unless it states them (厘米, 磅, 同宽) or pictures them; effect durations
  unless it names a time; a style's or paragraph's property whose feature (段后, 西文字体 …)
  its step never names; functions no step names; how a range is spelt unless the step asks
  for an absolute reference. A size, a function or a numbering another step states keeps
  its check (the matcher may have picked a neighbour step).
* **Left to the candidate** (``free.py``): a feature a clause leaves free ("切换效果自定",
  "按钮形状自选", "样式和颜色不作要求") is not graded; an effect still asked is graded as
  some effect, "至少 3 种不同的" as a count of different values.
* **Where, in words.** A created shape the step places by a region word (右下角, 左下方,
  顶部 …) is checked by ``shape.region`` (``in`` with the neighbouring regions when the
  word is loose).
* **Given by a picture** (``pictured.py``): marked ``origin="picture"``, colours within
  ΔE00 5, a paragraph's font size as relations with the other lines of its section.
* **Functions and sheets as named.** A step that names alternative functions
  ("RANK.EQ（或 RANK）") accepts any of them; sheets added without an order asked are
  graded as a set of names.
* **Slides as named.** A slide found by its title in a step that does not name that title
  ("第 1 张幻灯片", "全部幻灯片") is found by its position.

Nothing here raises: a value that cannot be read leaves its check as drafted.
"""

from __future__ import annotations

import re

from officeeval import apps
from officeeval.draft import free
from officeeval.draft.anchors import created, numbered, quote, safe_select
from officeeval.draft.anchors_ppt import shape_selector
from officeeval.draft.criteria import DraftCheck, DraftCriterion, describe
from officeeval.draft.instruction import Step, said, step_of
from officeeval.draft.pictured import mark, picture_clause, pictured_prop
from officeeval.draft.policy import policy
from officeeval.draft.restated import drop_restated, one_value
from officeeval.properties.drafting import Drafting
from officeeval.rubric.instruction import fold
from officeeval.targets import Document

# A step that speaks of pages (for a value of ``Drafting.asked == "pages"``).
PAGE_WORDS = re.compile(r"页码为|页数|页面数|共|占|第\s*\d+\s*页")
# A created shape's look: kept only as stated or pictured.
CREATED_LOOK = ("font.", "paragraph.", "shape.fill", "shape.outline")


def _slides(doc: Document) -> bool:
    """Whether ``doc``'s application lays shapes out on slides (PowerPoint): there a shape
    the task creates is drawn by its writer, placed by region words and animated by name.
    Raises ``KeyError`` for an unknown app."""
    return apps.app(doc.app).has_step("slide")


# Region words, and the regions a shape placed so may have its centre in.
REGIONS = (
    ("左上角", "左上角"), ("右上角", "右上角"), ("左下角", "左下角"), ("右下角", "右下角"),
    ("左上方", "左上角|顶部|左侧"), ("右上方", "右上角|顶部|右侧"),
    ("左下方", "左下角|左侧|底部"), ("右下方", "右下角|右侧|底部"),
    ("顶部", "顶部|左上角|右上角"), ("顶端", "顶部|左上角|右上角"),
    ("底部", "底部|左下角|右下角"), ("底端", "底部|左下角|右下角"),
    ("左侧", "左侧|左上角|左下角"), ("右侧", "右侧|右上角|右下角"),
    ("正中", "中央"), ("中央", "中央"),
)

# Function alternatives a step names: "RANK.EQ（或 RANK）", "RANK.EQ 或 RANK".
ALTERNATIVES = re.compile(r"([A-Z][A-Z0-9.]*[A-Z0-9])\s*(?:函数)?\s*[（(]?\s*或\s*"
                          r"([A-Z][A-Z0-9.]*[A-Z0-9])")
ORDER_WORDS = ("之前", "之后", "最前", "最后", "顺序", "位于", "移到", "移至", "第一个",
               "左侧", "右侧")


def apply(criteria: list[DraftCriterion], all_steps: list[Step], inp: Document,
          ref: Document) -> None:
    """Match each criterion to its step (``c.step``) and keep, loosen or drop its checks
    as that step asks (in place; a criterion may be left without checks)."""
    drop_restated(criteria, ref)
    words = "\n".join(s.text for s in all_steps)
    for c in criteria:
        props = [k.prop for k in c.checks]
        st = step_of(c.tokens, c.labels, all_steps, props) if all_steps and \
            not c.preservation else None
        c.step = st.number if st else ""
        text = st.text if st else ""
        kept: list[DraftCheck] = []
        for k in c.checks:
            if all_steps and _unnamed_style(k, inp, words):
                continue
            if all_steps and st is None and _unnamed_feature(k, words):
                continue
            if all_steps and _unasked(k, c, text, inp, ref):
                where = _asked_elsewhere(k, all_steps)
                if where is None:
                    continue
                c.step = c.step or where.number
            kept.append(k)
        c.checks = kept
        if st is None:
            continue
        _alternatives(c, text)
        _sheet_order(c, text)
        _regions(c, text, inp, ref)
        mark(c, text, ref)
        _slides_by_position(c, text, ref)
        _created_names(c, inp, ref, "\n".join(s.text for s in all_steps))
    free.apply(criteria, all_steps)
    for c in criteria:
        if c.checks and "：" in c.description and not c.preservation:
            c.description = describe(c.description.split("：", 1)[0], c.checks)


def _named(d: Drafting, text: str) -> bool:
    """Whether ``text`` names the feature of a property of policy ``d`` (its ``words``,
    once the phrases ``not_named_by`` are taken out)."""
    if d.not_named_by:
        text = re.sub(d.not_named_by, "", text)
    return any(w in text for w in d.words)


def _unasked(k: DraftCheck, c: DraftCriterion, text: str, inp: Document,
             ref: Document) -> bool:
    """Whether ``k`` grades what the step (``text``, ``""`` when no step matched) does
    not ask."""
    p = k.prop or ""
    d = policy(p)
    rule = d.asked
    if text and rule == "feature" and (k.select.startswith(("style(", "paragraph")) or
                                       k.select.startswith("sheet(") and p.startswith("font.")) and \
            not _named(d, text) and \
            not (k.expected and said(text, k.expected)) and \
            not pictured_prop(p, picture_clause(text)):
        return True     # a value the paragraph or style shows that its step never names
    if rule == "page_setup" and k.select.startswith("section") and \
            created(inp, k.select) and not _named(d, text):
        return True
    if rule == "section" and k.select.startswith("section") and not _named(d, text):
        return True
    if rule == "named" and not _named(d, text):
        return True     # a layout's date, footer or number placeholder no step names
    if rule == "words":
        # "合并后居中" centres across: the cell's vertical place is the writer's; a size,
        # a border or an effect's time no step names is the writer's too.
        return not _named(d, text)
    if rule == "pages":
        return not (k.expected and PAGE_WORDS.search(text)
                    and said(text, k.expected))
    if rule == "placed" and created(inp, k.select):
        stated = k.expected is not None and said(text, k.expected)
        return not (stated or _named(d, text))
    if rule == "functions" and k.expected and not any(
            re.search(rf"(?<![A-Z.]){re.escape(f)}(?![A-Z.])", text)
            for f in k.expected.split("|")):
        return True     # "用公式查出": any function that gives the value is right
    if rule == "spelling" and k.op == "contains" and k.expected and \
            not (said(text, k.expected) or "绝对引用" in text):
        return True     # how a range is spelt ($J$2:$J$361, J:J) is the writer's
    if rule == "anchor" and k.expected:
        # Where a chart sits: only its top-left cell, and only when the step names it.
        whole = k.expected.replace("$", "")
        top_left = whole.split(":")[0]
        if re.search(rf"(?<![A-Z]){whole}(?!\d)", text):
            return False    # the step places it in that very range
        if not re.search(rf"(?<![A-Z]){top_left}(?!\d)", text):
            return True
        k.expected = top_left
    if rule == "refs":
        # References are written many ways (Sheet1!$A$2:$A$4, A2:A4): the values are graded.
        ranges = re.findall(r"[A-Z]{1,3}\$?\d+:\$?[A-Z]{1,3}\$?\d+",
                            (k.expected or "").replace("$", ""))
        return not (ranges and all(r in text for r in ranges))
    if rule == "drawn" and _slides(ref) and created(inp, k.select):
        stated = k.expected is not None and said(text, k.expected)
        return not (stated or _named(d, text)
                    or pictured_prop(p, picture_clause(text)))
    if _slides(ref) and p.startswith(CREATED_LOOK) and created(inp, k.select):
        # A created shape's look no step states or pictures: its writer's choice.
        stated = k.expected is not None and said(text, k.expected)
        return not (stated or pictured_prop(p, picture_clause(text)))
    return False


UNITS = {"厘米": "cm", "cm": "cm", "毫米": "mm", "mm": "mm", "磅": "pt", "pt": "pt"}
_PT = {"cm": 28.3464567, "mm": 2.83464567, "pt": 1.0}


def _points(literal: str | None) -> float | None:
    """A length literal in points (``0.8cm`` -> 22.68); ``None`` for anything else."""
    m = re.fullmatch(r"\s*([\d.]+)\s*(cm|mm|pt)\s*", literal or "")
    return float(m.group(1)) * _PT[m.group(2)] if m else None


NUMBERING_WORDS = ("多级列表", "编号为", "编号格式", "编号样式", "项目符号", "列表")


def _asked_elsewhere(k: DraftCheck, all_steps: list[Step]) -> Step | None:
    """The step that names ``k``'s feature and states its number (with or without its
    unit), if any: a size the matcher attached to another step is still asked."""
    d = policy(k.prop)
    if d.asked == "named":
        # A slide's or layout's date, footer and number: graded only by a step that names
        # them (a layout the task creates may carry the master's placeholders and their
        # sample text).
        return next((s for s in all_steps if any(w in s.text for w in d.words)), None)
    if d.numbering_part:
        # Numbering is no template's by-product: a step that asks for numbering asks it
        # wherever the criterion landed ("一级标题编号为“第1章”" beside a style's step).
        return next((s for s in all_steps if any(w in s.text for w in NUMBERING_WORDS)), None)
    if d.asked == "functions" and k.expected:
        # A function any step names (the criterion may have matched a neighbour step).
        for s in all_steps:
            if any(re.search(rf"(?<![A-Z.]){re.escape(f)}(?![A-Z.])", s.text)
                   for f in k.expected.split("|")):
                return s
        return None
    words = d.stated_by
    if not words or not k.expected:
        return None
    number = re.match(r"[\d.]+", k.expected)
    forms = [k.expected] + ([number.group(0)] if number else [])
    mine = _points(k.expected)
    for s in all_steps:
        if not any(w in s.text for w in words):
            continue
        if any(said(s.text, f) for f in forms):
            return s
        if mine is not None:
            # The same length in the step's unit (0.8 厘米 for a row of 22.7pt).
            for n, unit in re.findall(r"(?<![\d.])(\d+(?:\.\d+)?)\s*(厘米|毫米|磅|cm|mm|pt)", s.text):
                said_pt = _points(n + UNITS[unit])
                if said_pt is not None and abs(said_pt - mine) <= 0.3:
                    k.expected = n + UNITS[unit]
                    return s
        if d.stated_within and number:
            # A number the step states near the value is the value (Excel's dialog width
            # and the stored one differ by the cell padding: 12 shows as 11.29).
            for n in re.findall(r"(?<![\d.])(\d+(?:\.\d+)?)(?![\d.])", s.text):
                if abs(float(n) - float(number.group(0))) <= d.stated_within:
                    k.expected = n
                    return s
    return None


def _alternatives(c: DraftCriterion, text: str) -> None:
    """``cell.functions contains_all`` of a function the step names with alternatives
    becomes ``contains_any`` of them all."""
    groups = []
    for m in ALTERNATIVES.finditer(text):
        groups.append({m.group(1), m.group(2)})
    if not groups:
        return
    extra = []
    for k in c.checks:
        if policy(k.prop).asked != "functions" or k.op != "contains_all" or \
                not k.expected:
            continue
        funcs = k.expected.split("|")
        rest = list(funcs)
        for g in groups:
            hit = [f for f in funcs if f in g]
            if hit:
                rest = [f for f in rest if f not in g]
                extra.append(DraftCheck(k.select, k.prop, "contains_any",
                                        "|".join(sorted(g | set(hit))),
                                        note="the step names these as alternatives"))
        k.expected = "|".join(rest) if rest else None
    c.checks = [k for k in c.checks if not (policy(k.prop).asked == "functions" and
                                            k.op == "contains_all" and not k.expected)]
    c.checks += extra


def _sheet_order(c: DraftCriterion, text: str) -> None:
    for k in c.checks:
        if policy(k.prop).order_asked and k.op == "equals" and \
                not any(w in text for w in ORDER_WORDS):
            k.op = "same_set"
            k.note = (k.note + "; " if k.note else "") + "no order asked"


def _regions(c: DraftCriterion, text: str, inp: Document, ref: Document) -> None:
    """A created shape the step places by a region word: ``shape.region`` of it."""
    if not _slides(ref):
        return
    hits = [(w, v) for w, v in REGIONS if w in text]
    if not hits:
        return
    _, want = hits[0]
    done = {k.select for k in c.checks if k.prop == "shape.region"}
    for sel in dict.fromkeys(k.select for k in c.checks):
        if sel in done or not (sel.endswith("]") and "/" in sel) or not created(inp, sel):
            continue
        got = one_value(ref, sel, "shape.region")
        if got is None:
            continue
        from officeeval.catalog import catalog
        shown = catalog().get("shape.region").type_for(ref.app).render(got)
        options = want.split("|")
        if not any(o in shown for o in options):
            continue        # the reference put it elsewhere: the word is not about it
        op, exp = ("equals", want) if len(options) == 1 else ("in", want)
        c.checks.append(DraftCheck(sel, "shape.region", op, exp,
                                   note="where the step places it, in words"))
        done.add(sel)


def _unnamed_feature(k: DraftCheck, words: str) -> bool:
    """Whether ``k``, in a criterion no step matched, grades a paragraph's or style's
    feature no step names at all (a numbered paragraph's hanging indent where the
    instruction never says 悬挂): the reference's by-product, not the task."""
    return k.select.startswith(("style(", "paragraph")) and \
        policy(k.prop).asked == "feature" and not _named(policy(k.prop), words) and \
        not (k.expected and said(words, k.expected))


def _unnamed_style(k: DraftCheck, inp: Document, words: str) -> bool:
    """Whether ``k`` grades a style the reference has and the input lacks that no step
    names: Word adds linked styles as it edits ("脚注文本 字符" beside 脚注文本), and
    which of those a document holds is its editor's doing, not the task's."""
    m = re.match(r"style\((['\"])(.*?)\1\)", k.select)
    if not m or not created(inp, m.group(0)):
        return False
    name = m.group(2)
    from officeeval.draft.proposal import spoken_style
    from officeeval.vocabulary import get
    forms = [name, *spoken_style(name)]
    token = get("builtin_style").canonical(name)
    if token:
        forms += [token, *get("builtin_style").entries.get(token, ())]
    return not any(said(words, f) for f in forms if f)


def _created_names(c: DraftCriterion, inp: Document, ref: Document, words: str) -> None:
    """An animation's target or trigger named by a shape the task creates (the reference
    writer's "图片占位符 3"): the name of that shape as the candidate's document finds it
    (``against`` its selector, ``against-property="shape.name"``)."""
    if not _slides(ref):
        return
    for k in c.checks:
        if not policy(k.prop).names_shape or k.op != "equals" or not k.expected or k.against:
            continue
        m = re.match(r"slide\[[^\]]*\]", k.select)
        if not m:
            continue
        slide = m.group(0)
        if "'" not in k.expected and safe_select(inp, f"{slide}/shape[name={quote(k.expected)}]"):
            continue    # the input's own shape: its name is given
        shapes = [t for t in safe_select(ref, f"{slide}/shape")
                  if t.predicate_value("name") == k.expected]
        if len(shapes) != 1:
            continue
        sel = shape_selector(ref, slide, shapes[0], inp, words)
        if "[name=" in sel or not safe_select(ref, sel):
            continue    # found only by its name: nothing better to say
        k.expected, k.against, k.against_property = None, sel, "shape.name"
        k.note = "the animated shape as a candidate's document finds it, not its name"


def _slides_by_position(c: DraftCriterion, text: str, ref: Document) -> None:
    """``slide[title='X']…`` in a criterion whose step does not name X: ``slide[k]…``."""
    if not _slides(ref):
        return
    order = [t.locator for t in safe_select(ref, "slide")]
    flat = fold(text)
    by_number = numbered(text, "张")
    for k in c.checks:
        for attr in ("select", "against"):
            sel = getattr(k, attr)
            m = re.match(r"slide\[title=(['\"])(.*?)\1\]", sel or "")
            if not m:
                continue
            got = safe_select(ref, m.group(0))
            if len(got) != 1 or got[0].locator not in order:
                continue
            n = order.index(got[0].locator) + 1
            if fold(m.group(2)) in flat and n not in by_number:
                continue    # the step names the slide by its title
            setattr(k, attr, f"slide[{n}]" + sel[m.end():])


__all__ = ["apply", "picture_clause"]
