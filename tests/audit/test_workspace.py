"""Building mutant packages: untouched members are copied byte for byte, touched parts are
re-serialized, order and compression can change, and nothing leaks between mutants."""

from __future__ import annotations

import zipfile

from lxml import etree

from officeeval.audit.workspace import Workspace, reindent, serialize
from officeeval.formats import open_document
from tests.builders import docx, p, style


def _doc(tmp_path):
    return docx(tmp_path, p("甲") + p("乙"), styles=style("Normal", "Normal", default=True),
                name="ref.docx")


def test_untouched_members_are_copied_byte_for_byte(tmp_path):
    ref = _doc(tmp_path)
    ws = Workspace(ref, "word")
    edit = ws.begin()
    first = edit.doc.paragraphs[0].el
    first.getparent().remove(first)
    ws.touch(edit, edit.doc.root_el)
    out = ws.write(edit, tmp_path / "m.docx")
    with zipfile.ZipFile(ref) as a, zipfile.ZipFile(out) as b:
        assert a.namelist() == b.namelist()
        for name in a.namelist():
            if name != "word/document.xml":
                assert a.read(name) == b.read(name), name
        assert b"\xe7\x94\xb2" not in b.read("word/document.xml")  # 甲 is gone
    doc = open_document(out, "word")
    try:
        assert [t.text for t in doc.paragraphs] == ["乙"]
    finally:
        doc.close()


def test_each_mutant_starts_from_the_reference(tmp_path):
    ref = _doc(tmp_path)
    ws = Workspace(ref, "word")
    edit = ws.begin()
    edit.doc.paragraphs[0].el.getparent().remove(edit.doc.paragraphs[0].el)
    ws.touch(edit, edit.doc.root_el)
    ws.write(edit, tmp_path / "a.docx")
    edit = ws.begin()
    assert [t.text for t in edit.doc.paragraphs] == ["甲", "乙"]
    out = ws.write(edit, tmp_path / "b.docx")
    with zipfile.ZipFile(ref) as a, zipfile.ZipFile(out) as b:
        assert all(a.read(n) == b.read(n) for n in a.namelist())


def test_part_of_finds_the_part_and_order_and_compression_apply(tmp_path):
    ref = _doc(tmp_path)
    ws = Workspace(ref, "word")
    edit = ws.begin()
    assert ws.part_of(edit, edit.doc.paragraphs[1].el) == "word/document.xml"
    assert ws.part_of(edit, edit.doc.styles.get("Normal").el) == "word/styles.xml"
    names = [m.info.filename for m in ws.members]
    edit.order = list(reversed(names))
    edit.compression = zipfile.ZIP_STORED
    out = ws.write(edit, tmp_path / "o.docx")
    with zipfile.ZipFile(out) as z:
        assert z.namelist() == list(reversed(names))
        assert {i.compress_type for i in z.infolist()} == {zipfile.ZIP_STORED}


def test_reindent_keeps_leaf_text_and_indents_elements():
    root = etree.fromstring('<a><b>  keep  </b> <c><d/></c></a>')
    data = serialize(root, pretty=True)
    assert b"<b>  keep  </b>" in data and b"\n  <c>\n    <d/>" in data
    again = etree.fromstring(data)
    reindent(again)
    assert again.find("b").text == "  keep  "
