"""package_bytes: the copy handed to LibreOffice spells every member as the relationships
that point at it (LibreOffice's package reader is case-sensitive; Word's is not), replaced
parts included, and leaves a package whose names already agree as it was."""

from __future__ import annotations

import io
import zipfile

from officeeval.ooxml.package import Package
from officeeval.ooxml.repack import canonical_names, package_bytes
from tests.word.wbuild import docx


def _capitalized(src, dst):
    with zipfile.ZipFile(src) as zin, zipfile.ZipFile(dst, "w") as z:
        for info in zin.infolist():
            name = info.filename
            if name != "[Content_Types].xml":
                name = "/".join(s[:1].upper() + s[1:] for s in name.split("/"))
            z.writestr(name, zin.read(info.filename))
    return dst


def test_members_are_spelled_as_their_relationships_spell_them(tmp_path):
    plain = docx(tmp_path, "<w:p><w:r><w:t>Hi</w:t></w:r></w:p>",
                 styles="<w:docDefaults/>", footers={"rF": "<w:p/>"})
    with Package.open(plain) as pkg:
        before = sorted(n.lstrip("/") for n in pkg.part_names())
        assert all(k == v for k, v in canonical_names(pkg).items())
    odd = _capitalized(plain, tmp_path / "odd.docx")
    with Package.open(odd) as pkg:
        names = canonical_names(pkg)
        assert names["Word/Document.xml"] == "word/document.xml"
        assert names["Word/_rels/Document.xml.rels"] == "word/_rels/document.xml.rels"
        assert names["_rels/.rels"] == "_rels/.rels"
        data = package_bytes(pkg, {"WORD/document.xml": b"<replaced/>"})
    with zipfile.ZipFile(io.BytesIO(data)) as z:
        assert sorted(z.namelist()) == before
        assert z.read("word/document.xml") == b"<replaced/>"
