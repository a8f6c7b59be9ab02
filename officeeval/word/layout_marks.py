"""Marks that let the layout backend say where our paragraphs landed.

LibreOffice does not keep Word's body structure one to one (a paragraph with a frame
becomes a text frame, a floating table may move into one, content controls dissolve, one
``mc:AlternateContent`` branch is dropped), so counting its paragraphs is no way to find
ours. Instead a copy of the document is laid out in which every paragraph of the main
story (``w:p`` in document order: body, table cells, text boxes) starts with a bookmark
``MARK_PREFIX<n>``; LibreOffice carries bookmarks through all of those conversions, and its
answer is keyed by ``n``. A bookmark takes no room, so the layout is the document's.

``mark_index(doc)`` gives ``n`` for a paragraph element of the view; ``marked_copy(doc)``
the bytes of the marked package (every other member copied as it is).
"""

from __future__ import annotations

import copy

from lxml import etree

from officeeval.cache import memo_value
from officeeval.ooxml.ns import W
from officeeval.ooxml.repack import package_bytes

_W = f"{{{W}}}"
MARK_PREFIX = "_oeL"
MARK_ID_BASE = 1_900_000_000  # far above the ids Word writes (they count from 0)
MAX_MARKS = 20000


def mark_index(doc) -> dict[etree._Element, int]:
    """``{w:p element: n}`` for the main story of the view ``doc`` (the first ``MAX_MARKS``
    paragraphs). Keyed by the elements themselves, which keeps them alive: lxml makes a
    new proxy (with a new ``id``) for an element nobody holds."""
    return memo_value(doc, "_officeeval_layout_marks", lambda: {
        p: n for n, p in enumerate(doc.body.iter(_W + "p")) if n < MAX_MARKS})


def _mark(body: etree._Element) -> None:
    for n, p in enumerate(body.iter(_W + "p")):
        if n >= MAX_MARKS:
            break
        start = etree.Element(_W + "bookmarkStart")
        start.set(_W + "id", str(MARK_ID_BASE + n))
        start.set(_W + "name", f"{MARK_PREFIX}{n}")
        end = etree.Element(_W + "bookmarkEnd")
        end.set(_W + "id", str(MARK_ID_BASE + n))
        at = 1 if len(p) and p[0].tag == _W + "pPr" else 0
        p.insert(at, end)
        p.insert(at, start)


def marked_copy(doc) -> bytes:
    """The package of ``doc`` with its main story's paragraphs marked (see the module
    docstring). Raises ``PackageError`` when a member cannot be read under the limits."""
    root = copy.deepcopy(doc.root_el)  # a copy: the view's tree is read-only
    body = root.find(_W + "body")
    if body is not None:
        _mark(body)
    data = etree.tostring(root, xml_declaration=True, encoding="UTF-8", standalone=True)
    return package_bytes(doc.package, {doc.main: data})
