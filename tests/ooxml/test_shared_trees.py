"""Content-keyed shared trees: equal bytes share one parsed tree (and what is derived from it, and
the tables of small parts), nothing else does."""

from __future__ import annotations

import io
import zipfile
from pathlib import Path

import pytest

from officeeval.errors import PackageError
from officeeval.ooxml.package import Package
from officeeval.ooxml.zip_bounds import Limits, tree_cost
from officeeval.ooxml.shared_trees import MIN_SHARED_BYTES, SharedTrees, SharedValues
from officeeval.ooxml.xml import parse_xml

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
        before = [x._tree_bytes for x in (a, b, c)]
        sa = a.xml("word/styles.xml", shared=True)
        sb = b.xml("word/styles.xml", shared=True)
        sc = c.xml("word/styles.xml")
        assert sa is sb and sc is not sa
        # Each package counts the styles tree, shared or not (the .rels and content-types
        # tables opening read may have come from SHARED_VALUES, without a tree to count).
        added = [x._tree_bytes - n for x, n in zip((a, b, c), before)]
        assert added[0] == added[1] == added[2] > 0
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


# ------------------------------------------------------------------ derived values
def test_a_value_derived_from_a_held_tree_is_kept_with_it_and_goes_with_it():
    cache = SharedTrees(max_entries=1)
    data = _xml(2000)
    root = cache.parse(data, "p", tree_cost(data))
    calls = []
    compute = lambda: calls.append(1) or len(root)  # noqa: E731
    assert cache.derived(root, "n", compute) == 2000
    assert cache.derived(root, "n", compute) == 2000 and calls == [1]
    # Another name is another value; a tree not held here is computed every time.
    assert cache.derived(root, "m", lambda: "m") == "m"
    loose = parse_xml(data)
    assert cache.derived(loose, "n", lambda: "fresh") == "fresh"
    assert cache.derived(loose, "n", lambda: "again") == "again"
    # Evicted: the tree's values go with it (a later tree reusing its id starts clean).
    other = _xml(2001)
    cache.parse(other, "q", tree_cost(other))
    assert cache.get(data) is None
    assert cache.derived(root, "n", lambda: "recomputed") == "recomputed"


def test_a_failing_derivation_keeps_nothing():
    cache = SharedTrees()
    data = _xml(2000)
    root = cache.parse(data, "p", tree_cost(data))

    def boom():
        raise ValueError("no")
    with pytest.raises(ValueError):
        cache.derived(root, "x", boom)
    assert cache.derived(root, "x", lambda: 7) == 7


def test_shared_values_are_keyed_by_what_context_and_every_byte():
    values = SharedValues(max_entries=2)
    values.put("rels", "a", b"<x/>", {"rId1": 1})
    assert values.get("rels", "a", bytes(bytearray(b"<x/>"))) == {"rId1": 1}
    assert values.get("rels", "b", b"<x/>") is None  # another folder
    assert values.get("content_types", "a", b"<x/>") is None  # another computation
    assert values.get("rels", "a", b"<y/>") is None  # other bytes
    values.put("rels", "a", b"<y/>", 2)
    values.put("rels", "a", b"<z/>", 3)
    assert len(values) == 2 and values.get("rels", "a", b"<x/>") is None  # LRU bound
    big = SharedValues(max_part=10)
    big.put("rels", "", b"<" + b"a" * 20 + b"/>", 1)
    assert len(big) == 0  # larger parts are not kept (their bytes are the key)


# ------------------------------------------------------------------ .rels and content types
_RT = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"
_PR = "http://schemas.openxmlformats.org/package/2006/relationships"
_CT = "http://schemas.openxmlformats.org/package/2006/content-types"


def _package_with_rels(rels: dict[str, str], main_ct: str) -> bytes:
    """A docx-typed package whose main part relates, from folder ``w``, to whatever
    ``rels`` (part name -> .rels XML) says; other parts are given as empty roots."""
    members = {
        "[Content_Types].xml": f'<Types xmlns="{_CT}"><Default Extension="xml" '
                               f'ContentType="application/xml"/><Override PartName="/w/d.xml" '
                               f'ContentType="{main_ct}"/></Types>',
        "_rels/.rels": f'<Relationships xmlns="{_PR}"><Relationship Id="rId1" '
                       f'Type="{_RT}/officeDocument" Target="w/d.xml"/></Relationships>',
        "w/d.xml": "<d/>", "w/s.xml": "<s/>", "v/s.xml": "<s/>", "v/d.xml": "<d/>"}
    members.update(rels)
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w") as zf:
        for name, data in members.items():
            zf.writestr(name, data)
    return buf.getvalue()


_WORD_MAIN = "application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"
_SHOW_MAIN = "application/vnd.openxmlformats-officedocument.presentationml.presentation.main+xml"


def test_equal_rels_bytes_in_other_folders_resolve_against_their_own_folder():
    rels = (f'<Relationships xmlns="{_PR}"><Relationship Id="rIdS" Type="{_RT}/styles" '
            f'Target="s.xml"/></Relationships>')
    pkg = Package.open(_package_with_rels({"w/_rels/d.xml.rels": rels,
                                           "v/_rels/d.xml.rels": rels}, _WORD_MAIN))
    try:
        assert pkg.related_one("w/d.xml", "styles") == "w/s.xml"
        assert pkg.related_one("v/d.xml", "styles") == "v/s.xml"
    finally:
        pkg.close()


def test_packages_with_equal_rels_share_the_table_not_the_dict_and_still_read_the_part():
    rels = (f'<Relationships xmlns="{_PR}"><Relationship Id="rIdS" Type="{_RT}/styles" '
            f'Target="s.xml"/></Relationships>')
    data = _package_with_rels({"w/_rels/d.xml.rels": rels}, _WORD_MAIN)
    first, second = Package.open(data), Package.open(data)
    try:
        a, b = first.rels("w/d.xml"), second.rels("w/d.xml")
        assert a == b and a is not b
        a.clear()  # one package's table is its own
        assert second.rels("w/d.xml")["rIdS"].target == "w/s.xml"
        # The second package read the part (a damaged one would fail here) but built no tree.
        assert second.stats()["reads"].get("w/_rels/d.xml.rels") == 1
        assert "w/_rels/d.xml.rels" not in second.stats()["parses"]
        # Asked for as XML (an editor), it is parsed then, once.
        assert second.xml("w/_rels/d.xml.rels").tag.endswith("Relationships")
        assert second.stats()["parses"]["w/_rels/d.xml.rels"] == 1
    finally:
        first.close(), second.close()


def test_different_rels_and_content_types_bytes_each_give_their_own_answer():
    one = (f'<Relationships xmlns="{_PR}"><Relationship Id="rIdS" Type="{_RT}/styles" '
           f'Target="s.xml"/></Relationships>')
    two = one.replace("s.xml", "../v/s.xml")
    for rels, want in ((one, "w/s.xml"), (two, "v/s.xml"), (one, "w/s.xml")):
        pkg = Package.open(_package_with_rels({"w/_rels/d.xml.rels": rels}, _WORD_MAIN))
        try:
            assert pkg.related_one("w/d.xml", "styles") == want
        finally:
            pkg.close()
    for main_ct, app in ((_WORD_MAIN, "word"), (_SHOW_MAIN, "ppt"), (_WORD_MAIN, "word")):
        pkg = Package.open(_package_with_rels({}, main_ct))
        try:
            assert pkg.app == app and pkg.content_type("w/d.xml") == main_ct
        finally:
            pkg.close()


def test_a_malformed_rels_part_fails_the_same_way_every_time_and_is_never_shared():
    bad = f'<Relationships xmlns="{_PR}"><Relationship Id="rIdS"'
    data = _package_with_rels({"w/_rels/d.xml.rels": bad}, _WORD_MAIN)
    for _ in range(2):
        pkg = Package.open(data)
        try:
            for _ in range(2):
                with pytest.raises(PackageError) as exc:
                    pkg.rels("w/d.xml")
                assert exc.value.stage == "malformed_xml"
        finally:
            pkg.close()
