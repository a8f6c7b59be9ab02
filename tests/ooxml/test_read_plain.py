"""Package.read's direct path for plain members (``zip_bounds.read_plain``): the bytes
zipfile would return, or ``None`` so that zipfile reads (and fails) as before."""

from __future__ import annotations

import io
import zipfile
import zlib

import pytest

from officeeval.errors import PackageError
from officeeval.ooxml.package import Package
from officeeval.ooxml.zip_bounds import Limits, read_plain

_CT = (b'<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/'
       b'package/2006/content-types"><Default Extension="xml" ContentType="application/xml"/>'
       b'</Types>')
_BODY = ("<doc>" + "段落 text " * 400 + "</doc>").encode()


def _zip(members: dict[str, bytes], method: int = zipfile.ZIP_DEFLATED,
         stream: bool = False) -> bytes:
    buf = io.BytesIO()
    if stream:
        # An unseekable target: zipfile writes data descriptors (flag 0x08).
        class _Unseekable(io.RawIOBase):
            def writable(self):
                return True

            def write(self, b):
                return buf.write(b)

        target = _Unseekable()
    else:
        target = buf
    with zipfile.ZipFile(target, "w", method) as zf:
        for name, data in members.items():
            zf.writestr(name, data)
    return buf.getvalue()


@pytest.mark.parametrize("method", [zipfile.ZIP_STORED, zipfile.ZIP_DEFLATED])
@pytest.mark.parametrize("stream", [False, True])
def test_plain_members_read_as_zipfile_reads_them(method, stream):
    data = _zip({"a.xml": _BODY, "目录/b.xml": b"<x/>", "empty.xml": b""}, method, stream)
    zf = zipfile.ZipFile(io.BytesIO(data))
    for info in zf.infolist():
        got = read_plain(zf, info)
        assert got is not None
        assert got == zf.read(info)
    if stream:
        assert all(i.flag_bits & 0x08 for i in zf.infolist())


def _corrupt(data: bytes, old: bytes, new: bytes) -> bytes:
    assert data.count(old) >= 1
    return data.replace(old, new, 1)


def test_bad_crc_is_left_to_zipfile_which_refuses_it():
    data = _zip({"[Content_Types].xml": _CT, "a.xml": _BODY}, zipfile.ZIP_STORED)
    bad = _corrupt(data, "段落".encode(), "段洛".encode())
    zf = zipfile.ZipFile(io.BytesIO(bad))
    info = zf.getinfo("a.xml")
    assert read_plain(zf, info) is None
    with pytest.raises(zipfile.BadZipFile):
        zf.read(info)


def test_package_read_of_a_corrupt_member_fails_as_before():
    data = _zip({"[Content_Types].xml": _CT, "a.xml": _BODY}, zipfile.ZIP_STORED)
    bad = _corrupt(data, "段落".encode(), "段洛".encode())
    zf = zipfile.ZipFile(io.BytesIO(bad))

    pkg = Package(path="<bytes>", limits=Limits(), _zip=zf, _names={})
    pkg._index(zf.infolist())
    with pytest.raises(PackageError) as err:
        pkg.read("a.xml")
    assert err.value.stage == "not_a_zip"


def test_local_name_differing_from_the_directory_is_left_to_zipfile():
    data = _zip({"a.xml": _BODY, "b.xml": b"<y/>"}, zipfile.ZIP_STORED)
    # The local header of a.xml names c.xml; the central directory still says a.xml.
    bad = _corrupt(data, b"a.xml" + _BODY[:5], b"c.xml" + _BODY[:5])
    zf = zipfile.ZipFile(io.BytesIO(bad))
    info = zf.getinfo("a.xml")
    assert read_plain(zf, info) is None
    with pytest.raises(zipfile.BadZipFile):
        zf.read(info)


def test_a_deflate_stream_longer_than_declared_is_left_to_zipfile():
    data = _zip({"a.xml": _BODY})
    zf = zipfile.ZipFile(io.BytesIO(data))
    info = zf.getinfo("a.xml")
    info.file_size -= 10  # the directory lies: the stream inflates to more
    assert read_plain(zf, info) is None


def test_odd_flags_and_methods_are_left_to_zipfile():
    data = _zip({"a.xml": _BODY})
    zf = zipfile.ZipFile(io.BytesIO(data))
    info = zf.getinfo("a.xml")
    info.flag_bits |= 0x20  # compressed patched data
    assert read_plain(zf, info) is None
    info.flag_bits &= ~0x20
    info.compress_type = zipfile.ZIP_BZIP2
    assert read_plain(zf, info) is None


def test_truncated_archive_is_left_to_zipfile():
    data = _zip({"a.xml": _BODY})
    zf = zipfile.ZipFile(io.BytesIO(data))
    info = zf.getinfo("a.xml")
    zf.fp = io.BytesIO(data[:info.header_offset + 40])  # the file ends inside the member
    assert read_plain(zf, info) is None
    assert zlib.crc32(_BODY) == info.CRC


def test_first_child_is_find():
    from lxml import etree
    from officeeval.ppt.markup import first_child
    root = etree.fromstring(
        b'<r xmlns="urn:x" xmlns:o="urn:o"><!--c--><a/><b/><o:a/><c/><b n="2"/><d/>'
        b'<e/><f n="1"/><f n="2"/><?pi x?></r>')
    tags = ["{urn:x}" + t for t in "abcdefgz"] + ["{urn:o}a", "{urn:o}z"]
    for tag in tags:
        assert first_child(root, tag) is root.find(tag), tag
    assert first_child(root, "{urn:x}f").get("n") == "1"
    assert first_child(root, "{urn:x}z") is None
