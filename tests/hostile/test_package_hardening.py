"""Unit tests of the package layer's hardening, in-process and small: the prolog scan that
keeps every DOCTYPE away from libxml2, refused encodings and compression methods, the member
count read from the end record, tree-memory budgets, failures remembered, OLE containers
told apart. The end-to-end versions (real bombs, child processes under limits) are in
test_hostile_inputs.py."""

from __future__ import annotations

import bz2
import io
import sys
import zipfile
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))

from hostile_common import zip_parts  # noqa: E402
from hostile_word import word, word_parts  # noqa: E402
from hostile_ole import build_ole, encrypted_ooxml, legacy_binary  # noqa: E402
from hostile_zip import BZIP2, LZMA, STORED, Member, build_zip, deflate  # noqa: E402

from officeeval.errors import PackageError  # noqa: E402
from officeeval.ooxml.package import Package  # noqa: E402
from officeeval.ooxml.zip_bounds import Limits, tree_cost  # noqa: E402
from officeeval.ooxml.xml import check_prolog, iterparse_xml, parse_xml  # noqa: E402

PAD = b"<!--" + b"x" * 70_000 + b"-->"
DOCTYPE = b'<!DOCTYPE r [<!ENTITY e SYSTEM "file:///etc/passwd">]>'


def _stage(fn, *args) -> str:
    with pytest.raises(PackageError) as info:
        fn(*args)
    return info.value.stage


@pytest.mark.parametrize("data", [
    DOCTYPE + b"<r>&e;</r>",
    b'<?xml version="1.0"?>' + PAD + DOCTYPE + b"<r/>",
    b'<?xml version="1.0"?>\n<?pi stuff?>\n<!-- a -->\n' + DOCTYPE + b"<r/>",
    ('<?xml version="1.0" encoding="UTF-16"?>' + DOCTYPE.decode() + "<r/>").encode("utf-16"),
    ('<?xml version="1.0" encoding="UTF-16"?>' + DOCTYPE.decode() + "<r/>").encode("utf-16-be"),
    ("<" + DOCTYPE.decode()[1:] + "<r/>").encode("utf-16-le"),  # UTF-16 without a BOM
    b'<?xml version="1.0" encoding="UTF-7"?>+ADw-!DOCTYPE r+AD4-<r/>',
    b'<?xml version="1.0" encoding="x-no-such"?><r/>',
    "<r/>".encode("utf-32"),
    b"\x4c\x6f\xa7\x94\x93\x40",  # EBCDIC "<?xml"
    b"<!-- never closed " + b"x" * 100,
    b"<?pi never closed",
    b"<!ELEMENT r ANY><r/>",
], ids=["plain", "after-70KB-comment", "after-pi-and-comment", "utf16-bom", "utf16-be",
        "utf16-no-bom", "utf7", "unknown-encoding", "ucs4", "ebcdic", "open-comment", "open-pi",
        "element-decl"])
def test_what_never_reaches_libxml2(data: bytes) -> None:
    assert _stage(parse_xml, data, "p.xml") == "malformed_xml"


@pytest.mark.parametrize("data, text", [
    (b"<r>x</r>", "x"),
    (b"\xef\xbb\xbf<?xml version='1.0' encoding='utf-8'?>\r\n<r>x</r>", "x"),
    (b'<?xml version="1.0" encoding="GBK"?><r>' + "中文".encode("gbk") + b"</r>", "中文"),
    ('<?xml version="1.0" encoding="UTF-16"?><r>中文</r>'.encode("utf-16"), "中文"),
    (b"<?xml version='1.0'?><!-- c --><?pi x?>\n<r>x</r>", "x"),
    (b'<?xml version="1.0"?><r a="&lt;!DOCTYPE"><!-- <!DOCTYPE --></r>', ""),
], ids=["bare", "bom-and-decl", "gbk", "utf16", "comment-and-pi", "doctype-text-inside-root"])
def test_ordinary_prologs_parse(data: bytes, text: str) -> None:
    assert "".join(parse_xml(data, "p.xml").itertext()) == text


def test_internal_entities_are_not_substituted_in_attributes() -> None:
    # libxml2 substitutes these even with resolve_entities=False; the prolog scan refuses
    # the declaration so no substitution can happen.
    data = (b'<?xml version="1.0"?>' + PAD + b'<!DOCTYPE r [<!ENTITY e "Heading1">]>'
            b'<r v="&e;"/>')
    assert _stage(parse_xml, data, "p.xml") == "malformed_xml"


def test_prolog_scan_returns_the_root_offset() -> None:
    data = b'<?xml version="1.0"?>\n<!-- c -->\n<root/>'
    assert data[check_prolog(data):].startswith(b"<root")


def test_iterparse_refuses_a_doctype_before_yielding_anything() -> None:
    data = b'<?xml version="1.0"?>' + PAD + DOCTYPE + b"<r><c>1</c></r>"
    seen = []
    with pytest.raises(PackageError) as info:
        for _, el in iterparse_xml(io.BytesIO(data), "s.xml"):
            seen.append(el.tag)
    assert info.value.stage == "malformed_xml" and seen == []


def test_iterparse_streams_a_large_part_across_the_prolog_buffer() -> None:
    rows = b"".join(b"<c>%d</c>" % i for i in range(400_000))  # > the 2 MB head
    data = b'<?xml version="1.0"?><r>' + rows + b"</r>"
    n = 0
    for _, el in iterparse_xml(io.BytesIO(data), "s.xml", tag="c"):
        n += 1
        el.clear()
    assert n == 400_000


# ---------------------------------------------------------------------------- the zip layer
def test_bzip2_and_lzma_members_are_refused_before_inflating() -> None:
    parts = word_parts()
    for method, payload in ((BZIP2, bz2.compress(b"\0" * (8 << 20))), (LZMA, b"\0" * 64)):
        data = build_zip([Member(n, d) for n, d in parts.items()]
                         + [Member("word/media/x.bin", b"", method=method, raw=payload,
                                   size=100, crc=0)])
        pkg = Package.open(data)
        before = pkg.stats()["bytes_inflated"]
        with pytest.raises(PackageError) as info:
            pkg.read("word/media/x.bin")
        assert info.value.stage == "not_a_zip" and "compression method" in str(info.value)
        assert pkg.stats()["bytes_inflated"] == before
        with pytest.raises(PackageError):
            pkg.open_stream("word/media/x.bin")


def test_member_count_is_refused_from_the_end_record(monkeypatch) -> None:
    data = zip_parts(word_parts(), [Member(f"x/{i}", b"", method=STORED) for i in range(40)])

    def no_zipfile(*a, **k):
        raise AssertionError("zipfile must not list the members")

    monkeypatch.setattr(zipfile, "ZipFile", no_zipfile)
    with pytest.raises(PackageError) as info:
        Package.open(data, Limits(max_members=20))
    assert info.value.stage == "limit_exceeded" and "declared" in str(info.value)


def test_a_lying_directory_costs_at_most_the_declared_size() -> None:
    parts = word_parts()
    big = b"<x>" + b"a" * (4 << 20) + b"</x>"
    members = [Member(n, d) for n, d in parts.items()]
    members.append(Member("word/big.xml", big, raw=deflate(big), size=1000))
    pkg = Package.open(build_zip(members))
    before = pkg.stats()["bytes_inflated"]
    with pytest.raises(PackageError) as info:
        pkg.read("word/big.xml")
    assert info.value.stage == "not_a_zip"
    assert pkg.stats()["bytes_inflated"] - before <= 1001


def test_xml_size_and_tree_budgets() -> None:
    pkg = Package.open(word())
    pkg.limits = Limits(max_xml_size=500)
    with pytest.raises(PackageError) as info:
        pkg.xml("word/document.xml")
    assert info.value.stage == "limit_exceeded" and "streamed" in str(info.value)
    pkg = Package.open(word())
    pkg.limits = Limits(max_tree_bytes=pkg.stats()["tree_bytes"] + 20_000)
    pkg.xml("word/styles.xml")
    with pytest.raises(PackageError) as info:
        pkg.xml("word/document.xml")
    assert info.value.stage == "limit_exceeded" and "as a tree" in str(info.value)
    assert pkg.stats()["tree_bytes"] <= pkg.limits.max_tree_bytes


def test_tree_cost_errs_high_on_element_heavy_xml() -> None:
    row = b'<row r="1"><c r="A1" s="1"><v>1</v></c></row>'
    # 3 elements, 3 attributes: at least the ~130 bytes per node libxml2 spends.
    assert tree_cost(row) == len(row) + 3 * 260 + 3 * 220
    assert tree_cost(b"") == 0


def test_a_failed_part_is_remembered_not_reparsed() -> None:
    pkg = Package.open(word(header=b"<w:hdr><oops"))
    for _ in range(3):
        with pytest.raises(PackageError):
            pkg.xml("word/header1.xml")
    assert pkg.stats()["reads"]["word/header1.xml"] == 1
    assert pkg.stats()["parses"]["word/header1.xml"] == 1


def test_parts_are_read_and_parsed_once() -> None:
    pkg = Package.open(word())
    for _ in range(3):
        pkg.xml("word/document.xml")
        pkg.xml("/WORD/document.xml")
    stats = pkg.stats()
    assert stats["reads"]["word/document.xml"] == 1
    assert stats["parses"]["word/document.xml"] == 1


@pytest.mark.parametrize("data, stage, words", [
    (legacy_binary("word"), "wrong_format", ".doc"),
    (legacy_binary("excel"), "wrong_format", ".xls"),
    (legacy_binary("ppt"), "wrong_format", ".ppt"),
    (encrypted_ooxml(), "encrypted", "password-protected"),
    (build_ole({"Something": b"x"}), "encrypted", "OLE compound file"),
], ids=["doc", "xls", "ppt", "encrypted-ooxml", "unknown-ole"])
def test_ole_containers_are_told_apart(data: bytes, stage: str, words: str) -> None:
    with pytest.raises(PackageError) as info:
        Package.open(data)
    assert info.value.stage == stage and words in str(info.value)


def test_ole_files_are_structurally_valid_compound_files() -> None:
    """The builder's files are real CFB: the header fields and the directory entry name."""
    data = legacy_binary("word")
    assert data[:8] == b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1"
    assert int.from_bytes(data[30:32], "little") == 9  # 512-byte sectors
    directory = data[1024:1536]
    assert directory[:20] == "Root Entry".encode("utf-16-le")
    assert directory[128:128 + 24] == "WordDocument".encode("utf-16-le")
    assert len(data) % 512 == 0


def test_a_corrupt_deflate_stream_met_while_streaming_is_a_package_error() -> None:
    # Found by the long fuzz run: a flipped byte in a sheet's deflate data raised zlib.error
    # out of a streamed read (whole-part reads already classified it).
    body = b"<r>" + b"<c>1</c>" * 50_000 + b"</r>"
    good = deflate(body)
    bad = bytearray(good)
    bad[len(bad) // 2] ^= 0xFF
    bad[len(bad) // 2 + 1] ^= 0x5A
    data = build_zip([Member(n, d) for n, d in word_parts().items()]
                     + [Member("word/media/big.xml", body, raw=bytes(bad))])
    pkg = Package.open(data)
    with pytest.raises(PackageError) as info:
        stream = pkg.open_stream("word/media/big.xml")
        while stream.read(65536):
            pass
    assert info.value.stage == "not_a_zip" and "big.xml is corrupt" in str(info.value)
    with pytest.raises(PackageError) as whole:
        pkg.read("word/media/big.xml")
    assert whole.value.stage == "not_a_zip"
