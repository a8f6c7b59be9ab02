"""The package reader: relationships, lazy single parsing, limits, and every broken-input
stage, each ending in a PackageError naming the stage."""

from __future__ import annotations

import io
import zipfile

import pytest

from officeeval.errors import PackageError
from officeeval.ooxml.package import Package
from officeeval.ooxml.zip_bounds import Limits
from officeeval.ooxml.xml import parse_xml
from tests.builders import docx, p


def _zip(members: dict[str, bytes | str], compression=zipfile.ZIP_DEFLATED) -> bytes:
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", compression) as zf:
        for name, data in members.items():
            zf.writestr(name, data)
    return buf.getvalue()


def _stage(source, limits=None) -> str:
    with pytest.raises(PackageError) as info:
        pkg = Package.open(source, limits)
        pkg.xml(pkg.main_part)
    return info.value.stage


def test_relationships_content_types_and_single_parse(tmp_path):
    path = docx(tmp_path, p("x"), styles="")
    pkg = Package.open(path)
    assert pkg.main_part == "word/document.xml" and pkg.app == "word"
    assert pkg.related_one(pkg.main_part, "styles") == "word/styles.xml"
    assert pkg.content_type("word/styles.xml").endswith("styles+xml")
    assert pkg.content_type("_rels/.rels").endswith("relationships+xml")
    first = pkg.xml("word/document.xml")
    assert pkg.xml("/word/document.xml") is first  # parsed once, any spelling
    assert pkg.target(pkg.main_part, "rIdMissing") is None


def test_not_a_zip_and_missing_file(tmp_path):
    assert _stage(b"plain text, not a zip") == "not_a_zip"
    assert _stage(tmp_path / "nope.docx") == "missing_file"


def test_truncated_zip(tmp_path):
    data = docx(tmp_path, p("x")).read_bytes()
    assert _stage(data[: len(data) // 2]) == "not_a_zip"


def test_ole_container_is_reported_as_encrypted():
    assert _stage(b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1" + b"\0" * 512) == "encrypted"


def test_no_content_types_and_no_main_part():
    assert _stage(_zip({"word/document.xml": "<x/>"})) == "no_content_types"
    ct = ('<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">'
          '<Default Extension="xml" ContentType="application/xml"/></Types>')
    assert _stage(_zip({"[Content_Types].xml": ct})) == "no_main_part"


def test_main_root_must_be_the_formats_root_element(tmp_path):
    from officeeval.formats import open_document
    from officeeval.ooxml.ns import W
    path = docx(tmp_path, p("x"))
    pkg = Package.open(path)
    assert pkg.main_root(f"{{{W}}}document", "a w:document").tag == f"{{{W}}}document"
    with pytest.raises(PackageError) as info:
        pkg.main_root(f"{{{W}}}settings", "w:settings")
    assert info.value.stage == "no_main_part"
    assert "word/document.xml is not w:settings (root is {" in str(info.value)
    members = {}
    with zipfile.ZipFile(path) as zf:
        for n in zf.namelist():
            members[n] = zf.read(n)
    members["word/document.xml"] = f'<w:hdr xmlns:w="{W}"/>'.encode()
    odd = tmp_path / "odd.docx"
    odd.write_bytes(_zip(members))
    with pytest.raises(PackageError) as info:
        open_document(odd, "word")
    assert info.value.stage == "no_main_part" and "is not a w:document" in str(info.value)


def test_malformed_xml_names_part_and_line(tmp_path):
    path = docx(tmp_path, p("x"))
    members = {}
    with zipfile.ZipFile(path) as zf:
        for n in zf.namelist():
            members[n] = zf.read(n)
    members["word/document.xml"] = (b'<?xml version="1.0"?>\n<w:document xmlns:w="urn:x">\n'
                                    b'<oops</w:document>')
    with pytest.raises(PackageError) as info:
        pkg = Package.open(_zip(members))
        pkg.xml(pkg.main_part)
    assert info.value.stage == "malformed_xml"
    assert info.value.part == "word/document.xml"
    assert info.value.line == 3


def test_entity_declarations_are_rejected_not_expanded(tmp_path):
    secret = tmp_path / "secret.txt"
    secret.write_text("TOP-SECRET")
    xxe = (f'<?xml version="1.0"?><!DOCTYPE d [<!ENTITY x SYSTEM "file://{secret}">]>'
           f"<d>&x;</d>").encode()
    with pytest.raises(PackageError) as info:
        parse_xml(xxe, "p.xml")
    assert info.value.stage == "malformed_xml"
    assert "TOP-SECRET" not in str(info.value)
    laughs = b'<?xml version="1.0"?><!DOCTYPE l [<!ENTITY a "aaaa"><!ENTITY b "&a;&a;&a;">]><l>&b;</l>'
    with pytest.raises(PackageError):
        parse_xml(laughs, "p.xml")


def test_deep_nesting_is_malformed():
    deep = b"<a>" * 5000 + b"</a>" * 5000
    with pytest.raises(PackageError) as info:
        parse_xml(deep, "deep.xml")
    assert info.value.stage == "malformed_xml"


def test_decompression_bomb_is_refused_before_inflating(tmp_path):
    path = docx(tmp_path, p("x"))
    with zipfile.ZipFile(path) as zf:
        members = {n: zf.read(n) for n in zf.namelist()}
    members["word/media/bomb.bin"] = b"\0" * (40 * 1024 * 1024)  # ratio ~1000:1
    data = _zip(members)
    assert len(data) < 1024 * 1024
    with pytest.raises(PackageError) as info:
        Package.open(data)
    assert info.value.stage == "limit_exceeded"
    assert "ratio" in str(info.value)
    # Total size limit, with the ratio check relaxed.
    limits = Limits(max_total_size=8 * 1024 * 1024, max_ratio=1e9)
    assert _stage(data, limits) == "limit_exceeded"


def test_member_count_limit():
    members = {f"junk/{i}.xml": "<a/>" for i in range(50)}
    assert _stage(_zip(members), Limits(max_members=20)) == "limit_exceeded"


def test_inflating_stops_at_the_part_limit(tmp_path):
    path = docx(tmp_path, p("x" * 5000))
    limits = Limits(max_part_size=4096, ratio_floor=1 << 40)
    with pytest.raises(PackageError) as info:
        Package.open(path, limits)  # the directory already declares too much
    assert info.value.stage == "limit_exceeded"


def test_strict_namespaces_are_read_as_transitional():
    strict = (b'<w:document xmlns:w="http://purl.oclc.org/ooxml/wordprocessingml/main">'
              b'<w:body><w:p/></w:body></w:document>')
    root = parse_xml(strict, "d.xml")
    assert root.tag == "{http://schemas.openxmlformats.org/wordprocessingml/2006/main}document"


def test_libxml2_out_of_memory_is_memory_not_a_malformed_part(monkeypatch):
    """libxml2 reports a failed allocation as a parse error (code XML_ERR_NO_MEMORY, often
    "unknown error"): the grader ran out of memory, the candidate's part is not malformed.
    It must reach grading as MemoryError (unevaluable), never as invalid_package."""
    from lxml import etree

    from officeeval.ooxml import xml

    def no_memory(data, parser=None):
        raise etree.XMLSyntaxError("unknown error", etree.ErrorTypes.ERR_NO_MEMORY, 1, 1)

    monkeypatch.setattr(xml.etree, "fromstring", no_memory)
    with pytest.raises(MemoryError):
        parse_xml(b"<a/>", "word/document.xml")

    def malformed(data, parser=None):
        raise etree.XMLSyntaxError("Opening and ending tag mismatch",
                                   etree.ErrorTypes.ERR_TAG_NAME_MISMATCH, 3, 1)

    monkeypatch.setattr(xml.etree, "fromstring", malformed)
    with pytest.raises(PackageError) as got:
        parse_xml(b"<a/>", "word/document.xml")
    assert got.value.stage == "malformed_xml"
