"""What became of the input's paragraphs the reference lacks: deleted, edited in place (a
replace-all: "阅览市" -> "阅览室" in five paragraphs) or converted to a table.

A replace-all is one edit however many paragraphs it touches: one criterion, ``count 0``
of the replaced words (``paragraph[text*='阅览市']``), instead of a deletion per paragraph
and a text check per edited paragraph (a candidate that missed it lost both). Lines that a
table now holds cell by cell are graded by the table. Only what is left is a deletion.

Nothing here raises.
"""

from __future__ import annotations

import difflib
from dataclasses import dataclass, field

from officeeval.draft.anchors import Anchor, quote, safe_select
from officeeval.draft.reads import TEXT
from officeeval.targets import Document

SIMILAR = 0.8       # an edited paragraph keeps at least this share of its text
MAX_WIDEN = 6       # characters of context added around the replaced piece


@dataclass
class Gone:
    """``deleted``: input anchors to check gone; ``replaced``: the old piece -> the new
    one; ``edited``: the reference selectors of paragraphs that only took a replacement."""

    deleted: list[Anchor] = field(default_factory=list)
    replaced: dict[str, str] = field(default_factory=dict)
    edited: set[str] = field(default_factory=set)


def _text(a: Anchor) -> str:
    return (a.target.predicate_value("text") or "").strip()


def read(gone: list[Anchor], new: list[Anchor], ref: Document) -> Gone:
    """Sort the gone paragraphs (``gone``, input anchors) against the reference's new
    paragraphs (``new``)."""
    out = Gone()
    ref_texts = [(t.predicate_value("text") or "") for t in safe_select(ref, "paragraph")]
    cells = " ".join((t.predicate_value("text") or "") for t in safe_select(ref, "table"))
    new_paras = [a for a in new if a.group == "paragraph"]
    for a in gone:
        old = _text(a)
        if a.group != "paragraph" or not old:
            out.deleted.append(a)
            continue
        if "\t" in old and all(x.strip() in cells for x in old.split("\t") if x.strip()):
            continue        # converted to a table: the table's criteria grade it
        best, best_r = None, 0.0
        for b in new_paras:
            r = difflib.SequenceMatcher(None, old, _text(b), autojunk=False).ratio()
            if r > best_r:
                best, best_r = b, r
        piece = _replacement(old, _text(best), ref_texts) if best and best_r >= SIMILAR \
            else None
        if piece is None:
            out.deleted.append(a)
            continue
        out.replaced.setdefault(piece[0], piece[1])
        out.edited.add(best.selector)
        _reanchor(best, old, ref)
        out.edited.add(best.selector)
    return out


def _reanchor(a: Anchor, old: str, ref: Document) -> None:
    """Find an edited paragraph by the text the input and the reference share (its opening
    before the replaced piece, or its ending after it): the reference's new words would
    find nothing in an answer that missed the replacement, and charge that miss again on
    every other check of the paragraph. Left as it is when no shared text selects it."""
    new = _text(a)
    head = 0
    while head < min(len(old), len(new)) and old[head] == new[head]:
        head += 1
    tail = 0
    while tail < min(len(old), len(new)) - head and old[-1 - tail] == new[-1 - tail]:
        tail += 1
    cands = []
    if head >= 4:
        cands.append(f"paragraph[text^={quote(new[:min(head, 24)].strip())}]")
    if tail >= 4:
        cands.append(f"paragraph[text$={quote(new[len(new) - min(tail, 24):].strip())}]")
    for sel in cands:
        got = safe_select(ref, sel)
        if len(got) == 1 and got[0].locator == a.target.locator:
            a.selector = sel
            return


def replace_all(changes, gone: Gone, ref: Document) -> set[int]:
    """Paragraph text changes that are one replace-all (the same old piece replaced in at
    least two paragraphs, or in one the gone paragraphs already show): added to
    ``gone.replaced``; answers the ``id`` of each change it covers."""
    ref_texts = [(t.predicate_value("text") or "") for t in safe_select(ref, "paragraph")]
    by_piece: dict[tuple[str, str], list] = {}
    for c in changes:
        if c.prop != TEXT or c.anchor.group != "paragraph" or c.inp is None or \
                not isinstance(c.inp.value, str) or not isinstance(c.ref.value, str):
            continue
        old, new = c.inp.value.strip(), c.ref.value.strip()
        if difflib.SequenceMatcher(None, old, new, autojunk=False).ratio() < SIMILAR:
            continue
        piece = _replacement(old, new, ref_texts)
        if piece:
            by_piece.setdefault(piece, []).append(c)
    covered: set[int] = set()
    for (old, new), cs in by_piece.items():
        if len(cs) >= 2 or old in gone.replaced:
            gone.replaced.setdefault(old, new)
            covered |= {id(c) for c in cs}
    return covered


def _replacement(old: str, new: str, ref_texts: list[str]) -> tuple[str, str] | None:
    """(old piece, new piece): the first replaced piece, widened until the old one is in
    no reference paragraph (so ``count 0`` of it holds for the reference)."""
    ops = [op for op in difflib.SequenceMatcher(None, old, new, autojunk=False).get_opcodes()
           if op[0] != "equal"]
    if not ops:
        return None
    _, i1, i2, j1, j2 = ops[0]
    for width in range(0, 2 * MAX_WIDEN + 1):
        for left in range(min(width, MAX_WIDEN), -1, -1):
            right = width - left
            if right > MAX_WIDEN:
                continue
            a, b = max(0, i1 - left), i2 + right
            piece = old[a:b].strip()
            if len(piece) < min(3, len(old)) or "'" in piece and '"' in piece:
                continue
            if not any(piece in t for t in ref_texts):
                shift = i1 - a
                return piece, new[max(0, j1 - shift): j2 + right].strip()
    return None


def selector(piece: str) -> str:
    return f"paragraph[text*={quote(piece)}]"
