"""Values the instruction names that the input already had, and what a master shows.

A change list cannot see them: "标题 1：黑体、三号、加粗" on a style that was bold already,
"版式为嵌入型" on a picture that was inline already, "标题幻灯片不显示编号" on a slide that
showed none. A rubric author checks them all the same, because the step asks for them. Two
rules add them to the criterion that grades the step (so the untouched input still fails
that criterion as a whole):

* **Named and unchanged.** On the criterion's targets, a property of the criterion's family
  that is not checked yet, whose value is the same on every target and in the input, and
  whose value the step names (its rubric literal or its spoken form: 嵌入型, 下一页, 16:9,
  1.5 倍, 加粗) gets an ``equals`` check.
* **The stated exception.** When the criterion sets a property on some slides or sections
  and its step states an exception ("除标题幻灯片外", "封面不显示"), the one or two other
  slides or sections that keep a different value get a check of that value.

A third rule needs no instruction: a master's title formatting is also checked on every
slide's title, where it shows (``master_titles``), in the master's own criterion (one
mistake in the master is charged once).

Nothing here is raised: a property that cannot be read is left out.
"""

from __future__ import annotations

from officeeval import apps
from officeeval.catalog import catalog
from officeeval.draft.anchors import Anchor, safe_select
from officeeval.draft.changes import Change, observe, properties_for, shown
from officeeval.draft.instruction import Step, _variants, said, step_of
from officeeval.draft.policy import policy
from officeeval.draft.criteria import DraftCheck, DraftCriterion, literal, make_check, skill_of
from officeeval.errors import OfficeEvalError
from officeeval.targets import Document, Target
from officeeval.values import Observation

# How a step names a few stored values (Word's dialogs: "1, 2, 3, …", "从新页开始").
SPOKEN_VALUES = {"decimal": ("1, 2, 3", "1,2,3", "阿拉伯数字"),
                 "upperRoman": ("I, II, III", "I,II,III"), "lowerRoman": ("i, ii, iii",),
                 "nextPage": ("下一页", "新页")}
# Words with which a step states an exception to what it asks of the other targets.
EXCEPTION_WORDS = ("除", "以外", "之外", "不显示", "不要显示", "保持")
MAX_TARGETS = 40        # a selector over more targets is not worth reading again
MAX_EXCEPTIONS = 2      # at most this many other slides or sections are an exception


def augment(criteria: list[DraftCriterion], steps: list[Step], diff_anchors: list[Anchor],
            inp: Document, ref: Document) -> None:
    """Add the checks of both rules to ``criteria`` (in place)."""
    if apps.app(ref.app).has_step("master"):
        master_titles(criteria, ref)
    if not steps:
        return
    sel_of = {a.target.locator: a.selector for a in diff_anchors}
    checked: set[tuple[str, str]] = set()
    for c in criteria:
        for k in c.checks:
            if k.prop:
                checked |= {(t.locator, k.prop) for t in _targets(ref, k.select)}
    for c in criteria:
        if c.preservation or c.skill == "structure" or not c.checks:
            continue
        step = step_of(c.tokens, c.labels, steps, [k.prop for k in c.checks])
        if step is None:
            continue
        added: list[DraftCheck] = []
        for sel in dict.fromkeys(k.select for k in c.checks if k.prop):
            added += _named_unchanged(sel, c.skill, step, checked, inp, ref)
        added += _exceptions(c, step, checked, sel_of, inp, ref)
        c.checks += added


def master_titles(criteria: list[DraftCriterion], ref: Document) -> None:
    """What a master's title formatting shows: the same values on every slide's title
    (``slide/title``), with the number of titles (so a deck whose titles were deleted does
    not pass it vacuously), added to the master's criterion."""
    titles = safe_select(ref, "slide/title")
    if not titles or len(titles) > MAX_TARGETS:
        return
    reg = catalog()
    for c in list(criteria):
        checks = []
        for k in c.checks:
            if not (k.select.startswith("master") and k.select.endswith("/title")) or \
                    k.op != "equals" or k.expected is None or not k.prop:
                continue
            vtype = reg.get(k.prop).type_for(ref.app)
            r, _ = _one_value(k.prop, titles, vtype)
            if r is None or literal(vtype, r.value, k.prop) != k.expected:
                continue
            checks.append(DraftCheck("slide/title", k.prop, "equals", k.expected,
                                     note="as the master's title, on every slide"))
        if checks:
            # In the master's own criterion: a wrong master value is one mistake, charged
            # once however many slides show it.
            checks.append(DraftCheck("slide/title", None, "count", str(len(titles)),
                                     note="the titles it is checked on"))
            c.checks += checks


def _targets(doc: Document, sel: str) -> list[Target]:
    got = safe_select(doc, sel)
    return got if len(got) <= MAX_TARGETS else []


def _observe(prop: str, t: Target) -> Observation | None:
    try:
        return observe(prop, t)
    except (OfficeEvalError, LookupError):
        return None


def _one_value(prop: str, targets: list[Target], vtype) -> tuple[Observation | None, str]:
    """The observation shared by all ``targets`` (``None`` when they differ or have none)."""
    first, seen = None, None
    for t in targets:
        obs = _observe(prop, t)
        if obs is None or obs.value is None:
            return None, ""
        s = shown(obs, vtype)
        if seen is not None and s != seen:
            return None, ""
        first, seen = first or obs, s
    return first, seen or ""


def _from_template(source: str) -> bool:
    """A value a slide or layout shows from its master, layout or theme: named by the step
    for the master, not for each slide."""
    return any(w in source for w in ("master", "layout", "theme"))


def _named(prop: str, obs: Observation, vtype, text: str) -> bool:
    """Whether the step's ``text`` names the value ``obs`` holds."""
    if obs.value is True:
        return any(w in text for w in policy(prop).spoken_true)
    if isinstance(obs.value, bool):
        return False
    names = set(_variants(shown(obs, vtype))) | set(SPOKEN_VALUES.get(str(obs.value), ()))
    lit = literal(vtype, obs.value, prop)
    if lit:
        names |= set(_variants(lit))
    return any(len(n) >= 2 and not n.replace(".", "").isdigit() and said(text, n)
               for n in names)


def _named_unchanged(sel: str, family: str, step: Step, checked: set, inp: Document,
                     ref: Document) -> list[DraftCheck]:
    targets = _targets(ref, sel)
    kinds = {t.kind for t in targets}
    if not targets or len(kinds) != 1:
        return []
    counterparts = _targets(inp, sel)
    reg = catalog()
    out = []
    for prop in properties_for(ref.app, kinds.pop()):
        if not policy(prop).by_name or skill_of(prop)[0] != family or \
                any((t.locator, prop) in checked for t in targets):
            continue
        vtype = reg.get(prop).type_for(ref.app)
        r, r_shown = _one_value(prop, targets, vtype)
        if r is None or r.value in ("", (), []) or not _named(prop, r, vtype, step.text) \
                or _from_template(r.source):
            continue
        i, i_shown = _one_value(prop, counterparts, vtype) if counterparts else (None, "")
        if counterparts and i_shown != r_shown:
            continue    # it changed: a change of its own, graded where it was drafted
        k = make_check(sel, Change(None, prop, r, i, vtype))  # type: ignore[arg-type]
        k.note = f"the same in the input; step {step.number} names it"
        out.append(k)
        checked |= {(t.locator, prop) for t in targets}
    return out


def _siblings(ref: Document, covered: list[Target]) -> list[Target]:
    """The targets of the same kind as ``covered``: every slide or section, or the
    paragraphs of the one shape or cell that holds them (never a whole document's)."""
    kind = covered[0].kind
    if kind in ("slide", "section"):
        return safe_select(ref, kind)
    parents = {t.locator.rpartition("/")[0] for t in covered}
    if len(parents) != 1 or not next(iter(parents)):
        return []
    return safe_select(ref, f"{parents.pop()}/paragraph")


def _exceptions(c: DraftCriterion, step: Step, checked: set, sel_of: dict[str, str],
                inp: Document, ref: Document) -> list[DraftCheck]:
    if not any(w in step.text for w in EXCEPTION_WORDS):
        return []
    reg = catalog()
    out = []
    by_prop: dict[str, tuple[str, list[Target]]] = {}
    for k in c.checks:
        if k.op != "equals" or not k.prop or k.expected is None:
            continue
        ts = _targets(ref, k.select)
        if not ts or ts[0].kind not in ("slide", "section", "paragraph"):
            continue
        exp, got = by_prop.get(k.prop, (k.expected, []))
        if exp != k.expected:
            by_prop[k.prop] = ("", [])      # set to different values: no single rule
            continue
        by_prop[k.prop] = (exp, got + ts)
    for prop, (expected, covered) in by_prop.items():
        if not expected or not covered:
            continue
        done = {t.locator for t in covered}
        others = [t for t in _siblings(ref, covered) if t.locator not in done]
        if not others or len(others) > MAX_EXCEPTIONS:
            continue
        vtype = reg.get(prop).type_for(ref.app)
        for t in others:
            sel = sel_of.get(t.locator, t.locator)
            if (t.locator, prop) in checked:
                continue
            r = _observe(prop, t)
            if r is None or r.value is None or literal(vtype, r.value, prop) == expected:
                continue
            cps = safe_select(inp, sel)
            i = _observe(prop, cps[0]) if len(cps) == 1 else None
            if i is not None and shown(i, vtype) != shown(r, vtype):
                continue    # it changed: drafted as a change already
            k = make_check(sel, Change(None, prop, r, i, vtype))  # type: ignore[arg-type]
            k.note = f"the exception step {step.number} states"
            out.append(k)
            checked.add((t.locator, prop))
    return out
