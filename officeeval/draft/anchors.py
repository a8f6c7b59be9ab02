"""Anchors: the targets of a reference document, each with a selector that finds it by
content, so that the same selector finds its counterpart in the input (and in a candidate's
output) whatever was inserted before it.

Word paragraphs are found by their text (``paragraph[text='调查背景']``, or the shortest
unique prefix), sections by the number the instruction gives them (``第 3 节`` ->
``section[3]``) or else by a snippet of body text only they hold, tables by their first
cell, styles by name; Excel cells by sheet name and address; PowerPoint slides by title,
placeholders by their role (``title``, ``placeholder[type='ftr']``). A target with no
content to anchor on (an empty paragraph) gets no anchor, and neither does a paragraph of a
table of contents' result (an unfilled TOC's placeholder, or entries: a candidate's TOC
shows what its own update wrote).

An object the task creates (it is in the reference, not in ``other``, the input) is found
by its kind and order under its parent (``chart[1]``, ``slide[8]/smartart[1]``), never by
a name only the reference has: a name the instruction gives (``名称为“返回首页”``, in
``words``) is kept. Every selector is verified: it must select exactly its target in the
reference.

Each application's anchors are in ``anchors_word``, ``anchors_excel`` and ``anchors_ppt``;
this module holds the ``Anchor``, the selector helpers they share, and ``anchors``, which
picks them by the document's app.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from officeeval.apps import by_app
from officeeval.errors import OfficeEvalError
from officeeval.selectors import select
from officeeval.targets import Document, Target

PREFIX_MIN = 6     # characters of a text prefix before it is worth trying
PREFIX_MAX = 24    # longer than this and the anchor is no longer readable
EXACT_MAX = 30     # texts up to this long are anchored whole


@dataclass
class Anchor:
    """A reference target and the selector that finds it by content. ``group`` names the
    family of targets it belongs to (``paragraph``, ``style``, ``cell`` …); ``label`` is a
    short human name for descriptions; ``parent`` the anchor selector of its container."""

    target: Target
    selector: str
    group: str
    label: str
    parent: str = ""
    extra: dict = field(default_factory=dict)


def quote(text: str) -> str:
    """A selector string literal for ``text`` (single quotes; a quote inside is doubled
    by switching to the other quote when possible)."""
    if "'" not in text:
        return f"'{text}'"
    return f'"{text}"'


def clean(text: str | None) -> str:
    """``text`` with its white space collapsed to single spaces (``""`` for ``None``)."""
    return re.sub(r"\s+", " ", (text or "")).strip()


def selects_exactly(doc: Document, selector: str, target: Target | None) -> bool:
    """Whether ``selector`` selects exactly ``target`` (by locator) in ``doc``; with
    ``target=None``, whether it selects exactly one target."""
    try:
        got = select(doc, selector)
    except (OfficeEvalError, LookupError, ValueError):
        return False
    if len(got) != 1:
        return False
    return target is None or got[0].locator == target.locator


def safe_select(doc: Document, selector: str) -> list[Target]:
    """``select`` that answers ``[]`` for a selector this document cannot evaluate."""
    try:
        return select(doc, selector)
    except (OfficeEvalError, LookupError, ValueError):
        return []


def text_anchor(doc: Document, step: str, target: Target, text: str,
                others: list[str], prefix: str = "") -> str | None:
    """``step[text='…']`` or ``step[text^='…']`` that picks ``target`` out of its siblings
    (``others`` are all the siblings' texts); ``None`` when no text of it is unique."""
    # The text with its white space collapsed, then as written: a full-width space
    # (“校团委\u3000图书馆”) is white space to the first but part of the text to a selector.
    for t, cleaned in ((clean(text), [clean(o) for o in others]),
                       ((text or "").strip(), [(o or "").strip() for o in others])):
        if not t or any(q in t for q in ("'",)) and '"' in t:
            return None
        if len(t) <= EXACT_MAX and cleaned.count(t) == 1:
            sel = f"{prefix}{step}[text={quote(t)}]"
            if selects_exactly(doc, sel, target):
                return sel
        for n in range(PREFIX_MIN, min(len(t), PREFIX_MAX) + 1):
            head = t[:n]
            if head[-1].isspace():
                continue
            if sum(1 for o in cleaned if o.startswith(head)) == 1:
                sel = f"{prefix}{step}[text^={quote(head)}]"
                if selects_exactly(doc, sel, target):
                    return sel
        if t == (text or "").strip():
            break
    return None


def short(text: str | None, n: int = 12) -> str:
    """``text`` cleaned and cut to ``n`` characters (with an ellipsis), for labels."""
    t = clean(text)
    return t if len(t) <= n else t[:n] + "…"


def by_name(doc: Document, step: str, t: Target, prefix: str = "") -> str:
    """``step[name='…']`` when the name is unique, else the target's own locator."""
    name = t.predicate_value("name")
    if isinstance(name, (list, tuple)):
        name = name[0] if name else None
    if isinstance(name, str) and name and "'" not in name:
        sel = f"{prefix}{step}[name={quote(name)}]"
        if selects_exactly(doc, sel, t):
            return sel
    return t.locator


_CN_DIGITS = {c: i for i, c in enumerate("零一二三四五六七八九十", start=0)}


def numbered(words: str, unit: str) -> set[int]:
    """The numbers ``words`` gives things of ``unit`` (``第 3 节``, ``第三节`` -> 3)."""
    out = set()
    for m in re.finditer(rf"第\s*([0-9]+|[一二三四五六七八九十]+)\s*{unit}", words or ""):
        n = m.group(1)
        if n.isdigit():
            out.add(int(n))
        elif len(n) == 1:
            out.add(_CN_DIGITS[n])
        elif n.startswith("十"):
            out.add(10 + _CN_DIGITS.get(n[1:], 0))
    return out



def created(other: Document | None, selector: str) -> bool:
    """Whether the target ``selector`` finds is one the task creates: ``other`` (the
    input) has nothing there. ``False`` without an ``other``."""
    return other is not None and not safe_select(other, selector)


def in_words(name, words: str) -> bool:
    """Whether the instruction (``words``) gives the name ``name`` (two characters or
    more)."""
    return isinstance(name, str) and len(name) >= 2 and name in (words or "")


def by_order(doc: Document, step: str, t: Target, prefix: str = "") -> str | None:
    """``prefix step[k]``: the target as the k-th of its kind under its parent, when that
    selects exactly it."""
    got = safe_select(doc, f"{prefix}{step}")
    ids = [x.locator for x in got]
    if t.locator not in ids:
        return None
    sel = f"{prefix}{step}[{ids.index(t.locator) + 1}]"
    return sel if selects_exactly(doc, sel, t) else None



def anchors(doc: Document, other: Document | None = None, words: str = "") -> list[Anchor]:
    """The anchors of ``doc`` for its app (``other``: the document it is compared with,
    the input when ``doc`` is the reference; ``words``: the instruction's text). Raises
    ``KeyError`` for a document of an app the draft does not know."""
    # Each app's anchors use the helpers above: imported here, not at the top.
    from officeeval.draft.anchors_excel import excel_anchors
    from officeeval.draft.anchors_ppt import ppt_anchors
    from officeeval.draft.anchors_word import word_anchors
    per_app = {"word": word_anchors, "excel": excel_anchors, "ppt": ppt_anchors}
    return by_app(per_app, doc.app)(doc, other, words)
