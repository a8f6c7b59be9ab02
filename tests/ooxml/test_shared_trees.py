"""Content-keyed shared trees: equal bytes share one parsed tree, nothing else does."""

from __future__ import annotations

import zipfile
from pathlib import Path

import pytest

from officeeval.errors import PackageError
from officeeval.ooxml.package import Limits, Package, tree_cost
from officeeval.ooxml.shared_trees import MIN_SHARED_BYTES, SharedTrees

SAMPLES = Path(__file__).resolve().parents[2] / "samples"


def _xml(n: int, tag: str = "a") -> bytes:
    body = "".join(f'<{tag} v="{i}"/>' for i in range(n))
    return f'<?xml version="1.0"?><root>{body}</root>'.encode()


def test_equal_bytes_share_a_tree_and_different_bytes_do_not():
    cache = SharedTrees()
    data = _xml(2000)
    assert len(data) >= MIN_SHARED_BYTES
    one = cache.parse(data, "p1", tree_cost(data))
    again = cache.parse(bytes(bytearray(data)), "p2", tree_cost(data))  # equal, new object
    assert again is one
    other = cache.parse(_xml(2000, "b"), "p3", tree_cost(data))
    assert other is not one and other[0].tag == "b"
    assert cache.get(data) == (one, tree_cost(data))


def test_small_parts_are_never_kept_and_the_bounds_hold():
    cache = SharedTrees(max_entries=2)
    small = b"<root><a/></root>"
    assert cache.parse(small, "s", 10) is not cache.parse(small, "s", 10)
    assert len(cache) == 0
    blobs = [_xml(2000 + i) for i in range(3)]
    roots = [cache.parse(b, "x", tree_cost(b)) for b in blobs]
    assert len(cache) == 2 and cache.get(blobs[0]) is None  # least recently used went
    assert cache.get(blobs[2])[0] is roots[2]
    big = SharedTrees(max_cost=4 * tree_cost(blobs[0]) - 1)
    big.parse(blobs[0], "x", tree_cost(blobs[0]))
    assert len(big) == 0  # more than a quarter of the bound: parsed, not kept


def test_a_malformed_part_raises_every_time_and_is_not_kept():
    cache = SharedTrees()
    bad = _xml(2000)[:-3]
    for _ in range(2):
        with pytest.raises(PackageError) as exc:
            cache.parse(bad, "word/styles.xml", 1)
        assert exc.value.stage == "malformed_xml"
    assert len(cache) == 0


def test_packages_share_styles_only_when_asked_and_still_count_the_cost():
    ref = SAMPLES / "word-l2-merge" / "reference.docx"
    a, b, c = Package.open(ref), Package.open(ref), Package.open(ref)
    try:
        sa = a.xml("word/styles.xml", shared=True)
        sb = b.xml("word/styles.xml", shared=True)
        sc = c.xml("word/styles.xml")
        assert sa is sb and sc is not sa
        assert a._tree_bytes == b._tree_bytes == c._tree_bytes > 0
    finally:
        a.close(), b.close(), c.close()
    opened = Package.open(ref)
    try:
        before = opened._tree_bytes  # what opening parsed ([Content_Types], rels)
    finally:
        opened.close()
    styles_cost = tree_cost(zipfile.ZipFile(ref).read("word/styles.xml"))
    tight = Limits(max_tree_bytes=before + styles_cost - 1)
    d = Package.open(ref, tight)
    try:
        with pytest.raises(PackageError) as exc:
            d.xml("word/styles.xml", shared=True)  # a cache hit is still over the limit
        assert exc.value.stage == "limit_exceeded"
    finally:
        d.close()
