"""Text mistakes shared by every format: a typo of the same character class
(``properties.mistakes.typo``), put in the middle of the text a check compares (inside its
expected literal when there is one), and for ``not_contains`` / ``not_equals`` the
forbidden text itself."""

from __future__ import annotations

from lxml import etree

from officeeval.audit.mutators.base import Mutation, locators, refind
from officeeval.audit.workspace import NotApplicable
from officeeval.properties.mistakes import typo, typo_position
from officeeval.rubric.model import Check
from officeeval.targets import Target


def put_typo(elements: list[etree._Element], expected: str | None) -> str:
    """Change one character across ``elements`` (``w:t`` / ``a:t`` / ``t``); returns
    ``'old' -> 'new'``. Raises ``NotApplicable`` when there is no text."""
    texts = [e.text or "" for e in elements]
    pos = typo_position("".join(texts), expected)
    if pos is None:
        raise NotApplicable("no text to change")
    for e, s in zip(elements, texts):
        if pos < len(s):
            new = s[:pos] + typo(s[pos]) + s[pos + 1:]
            e.text = new
            return f"{s[max(0, pos - 6):pos + 6]!r} -> {new[max(0, pos - 6):pos + 6]!r}"
        pos -= len(s)
    raise NotApplicable("no text to change")


def touch_all(ws, edit, els) -> None:
    for e in els:
        ws.touch(edit, e)


def forbidden_text(check: Check, targets: list[Target], idx: list[int], elements,
                   touch) -> Mutation:
    """For ``not_contains`` / ``not_equals`` the mistake is the forbidden text itself:
    appended to the text (``not_contains``) or replacing it (``not_equals``)."""
    literal = check.expected or ""

    def apply(ws, edit) -> str:
        for t in refind(edit, check.select, idx):
            els = elements(t)
            if not els:
                raise NotApplicable("no text to change")
            if check.op == "not_equals":
                for e in els[1:]:
                    e.text = ""
                els[0].text = literal
            else:
                els[-1].text = (els[-1].text or "") + literal
            touch(ws, edit, els)
        return f"{literal!r} {'put in' if check.op == 'not_contains' else 'as the text'}"

    return Mutation(key=f"forbidden|{check.select}|{idx}|{literal}", operator="text:forbidden",
                    apply=apply, description=f"{locators(targets, idx)}: the forbidden text "
                                             f"{literal!r} written")


def typo_text(text: str, expected: str | None = None) -> str | None:
    """``text`` with the typo ``put_typo`` would make (``None`` when it has no character
    to change)."""
    pos = typo_position(text, expected)
    if pos is None:
        return None
    return text[:pos] + typo(text[pos]) + text[pos + 1:]
