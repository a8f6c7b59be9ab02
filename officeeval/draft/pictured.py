"""Values an instruction gives only by an example picture ("颜色参照示例图 example-1.png"):
which clause of a step names the picture and which features it gives, and how such a check
is written so that what a person cannot tell apart from the picture passes.

A check whose feature the picture clause names, and whose value the step does not write,
gets ``origin="picture"``; a colour is compared within ΔE00 5; a Word paragraph's font size
becomes relations with the other lines of its section (larger than the lines the picture
shows smaller, smaller than those it shows larger), since a picture shows proportions, not
point sizes.

Nothing here raises: a value that cannot be read leaves its check as it was.
"""

from __future__ import annotations

import re

from officeeval import apps
from officeeval.draft.anchors import safe_select, text_anchor
from officeeval.draft.changes import observe
from officeeval.draft.criteria import DraftCheck, DraftCriterion
from officeeval.draft.instruction import said
from officeeval.draft.policy import policy
from officeeval.errors import OfficeEvalError
from officeeval.targets import Document, Target

# A step that gives values by a picture, and the clause that says which.
PICTURE = re.compile(r"(示例图|example-\d+\.png|如图所示|如图)", re.I)
# Words of a clause that give everything it does not state ("封面的排版参照示例图"); the
# words that give one feature are its ``Drafting.pictured_by``.
WHOLE = ("排版", "外观")
MAX_RELATED = 6     # a section with more lines than this is no cover: no size relation



def picture_clause(text: str) -> str:
    """The clause of a step that gives values by a picture (``""`` when none does)."""
    out = []
    for clause in re.split(r"[；;。]|，(?=[^，]*(?:示例图|example))", text):
        if PICTURE.search(clause):
            out.append(clause)
    return " ".join(out)


def pictured_prop(prop: str, clause: str) -> bool:
    """Whether the picture ``clause`` gives ``prop``: it says one of the property's
    ``Drafting.pictured_by`` words, or a clause of WHOLE words gives everything."""
    if any(w in clause for w in WHOLE):
        return True
    return any(w in clause for w in policy(prop).pictured_by)


def mark(c: DraftCriterion, text: str, ref: Document) -> None:
    """Mark and loosen the checks of ``c`` that its step (``text``) gives by a picture."""
    clause = picture_clause(text)
    if not clause:
        return
    for k in list(c.checks):
        if not k.prop or k.op in ("count", "unchanged") or k.origin:
            continue
        if not pictured_prop(k.prop, clause):
            continue
        if k.expected is not None and said(text, k.expected):
            continue        # the step writes the value: it is the instruction's
        k.origin = "picture"
        if k.op == "equals" and k.expected and re.fullmatch(r"#[0-9A-Fa-f]{6}", k.expected):
            k.op, k.tolerance = "approx", "5dE"
        elif k.prop == "font.size" and apps.app(ref.app).has_step("section"):
            rel = _size_relations(k, ref)
            if rel:
                i = c.checks.index(k)
                c.checks[i:i + 1] = rel


def _size_relations(k: DraftCheck, ref: Document) -> list[DraftCheck]:
    """A pictured font size of paragraphs (of one size, in one section) as relations:
    ``greater`` than each other line of their section the picture shows smaller, ``less``
    than each it shows larger; ``[]`` when the section is no cover (more than
    MAX_RELATED lines) or a size cannot be read."""
    ts = safe_select(ref, k.select)
    sizes = {_size(t) for t in ts}
    if not ts or len(sizes) != 1:
        return []
    size = sizes.pop()
    mine = {t.locator for t in ts}
    paras = []
    for sec in safe_select(ref, "section"):
        there = safe_select(ref, f"{sec.locator}/paragraph")
        if mine <= {t.locator for t in there}:
            paras = [t for t in there if t.locator not in mine
                     and (t.predicate_value("text") or "").strip()]
            break
    if size is None or not paras or len(paras) > MAX_RELATED:
        return []
    texts = [t.predicate_value("text") or "" for t in safe_select(ref, "paragraph")]
    out = []
    for t in paras:
        other = _size(t)
        if other is None or abs(other - size) < 0.01:
            continue
        sel = text_anchor(ref, "paragraph", t, t.predicate_value("text") or "", texts)
        if not sel:
            return []
        out.append(DraftCheck(k.select, "font.size", "greater" if size > other else "less",
                              against=sel, origin="picture",
                              note="the picture shows it "
                                   f"{'larger' if size > other else 'smaller'}"))
    return out


def _size(t: Target) -> float | None:
    try:
        obs = observe("font.size", t)
    except (OfficeEvalError, LookupError):
        return None
    v = getattr(obs, "value", None) if obs is not None else None
    pt = getattr(v, "pt", v)
    return float(pt) if isinstance(pt, (int, float)) else None
