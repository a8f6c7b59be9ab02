"""Text rewritten over the elements that hold it, character by character: what the old and
the new text share stays in the element (and so the run and its formatting) it was in; what
changed is written where it was. Format-neutral (``w:t``, ``a:t``).
"""

from __future__ import annotations

from difflib import SequenceMatcher

from lxml import etree


def retext(nodes: list[etree._Element], new: str) -> int:
    """Write ``new`` over ``nodes`` (text elements of one piece of text, in order): each
    changed stretch of the old text is replaced in the node it starts in (an insertion at a
    boundary goes to the node before it). Returns how many stretches changed; raises
    ``ValueError`` without nodes."""
    if not nodes:
        raise ValueError("no text element to write into")
    texts = [n.text or "" for n in nodes]
    old = "".join(texts)
    # Where each character of the old text lives: (node index, offset in it).
    owner: list[tuple[int, int]] = [(i, k) for i, t in enumerate(texts) for k in range(len(t))]
    ops = [op for op in SequenceMatcher(None, old, new, autojunk=False).get_opcodes()
           if op[0] != "equal"]
    # From the end, so earlier positions stay valid.
    for tag, i1, i2, j1, j2 in reversed(ops):
        piece = new[j1:j2]
        if i1 < len(owner):
            node, off = owner[i1]
        else:  # an insertion at the very end
            node = len(nodes) - 1
            off = len(texts[node])
        if tag in ("replace", "delete"):
            # Delete old[i1:i2], which may span several nodes.
            for k in range(i2 - 1, i1 - 1, -1):
                n, o = owner[k]
                texts[n] = texts[n][:o] + texts[n][o + 1:]
        if piece:
            if tag == "insert" and off == 0 and node > 0:
                # At a boundary: the text typed after the previous node's last character.
                node = node - 1
                off = len(texts[node])
            texts[node] = texts[node][:off] + piece + texts[node][off:]
    for n, t in zip(nodes, texts):
        n.text = t
    return len(ops)
