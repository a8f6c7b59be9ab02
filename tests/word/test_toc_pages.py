"""toc.pages_current's pairing, without LibreOffice: TOC entries matched to their headings
(through PAGEREF bookmarks, or by text for entries typed by hand, a numbering label before
the title allowed) and compared with the page label the layout gives the heading. The
layout is written by the test (``Rendered`` facts), so every case is exact."""

from __future__ import annotations

from officeeval.ooxml.package import Package
from officeeval.rendered import Rendered
from officeeval.word.document import WordDocument
from officeeval.word.fields import tocs_of
from officeeval.word.layout_marks import mark_index
from officeeval.word.props_layout import span_text, toc_pairs
from tests.word.wbuild import docx


def para(text: str, mark: str = "") -> str:
    bm = (f'<w:bookmarkStart w:id="7{len(mark)}" w:name="{mark}"/><w:bookmarkEnd '
          f'w:id="7{len(mark)}"/>') if mark else ""
    return f'<w:p>{bm}<w:r><w:t xml:space="preserve">{text}</w:t></w:r></w:p>'


def entry(title: str, shown: str, ref: str = "", first: bool = False, last: bool = False):
    begin = ('<w:r><w:fldChar w:fldCharType="begin"/></w:r><w:r><w:instrText> TOC \\o "1-2" '
             '</w:instrText></w:r><w:r><w:fldChar w:fldCharType="separate"/></w:r>'
             if first else "")
    page = (f'<w:r><w:fldChar w:fldCharType="begin"/></w:r><w:r><w:instrText> PAGEREF {ref} '
            f'\\h </w:instrText></w:r><w:r><w:fldChar w:fldCharType="separate"/></w:r><w:r>'
            f'<w:t>{shown}</w:t></w:r><w:r><w:fldChar w:fldCharType="end"/></w:r>'
            if ref else f"<w:r><w:t>{shown}</w:t></w:r>")
    end = '<w:r><w:fldChar w:fldCharType="end"/></w:r>' if last else ""
    return (f'<w:p>{begin}<w:r><w:t xml:space="preserve">{title}</w:t></w:r><w:r><w:tab/>'
            f"</w:r>{page}{end}</w:p>")


def test_entries_pair_with_their_headings_pages(tmp_path):
    body = (entry("第1章 背景", "1", first=True)           # typed, numbering label first
            + entry("Methods", "2", ref="_Toc2")           # PAGEREF, right
            + entry("Results", "2", ref="_Toc3")           # PAGEREF, wrong: heading on 3
            + entry("Missing heading", "4", last=True)     # no such heading
            + para("背景") + para("Methods", "_Toc2") + para("Results", "_Toc3")
            + "<w:sectPr/>")
    path = docx(tmp_path, body)
    doc = WordDocument(Package.open(path), str(path))
    try:
        idx = mark_index(doc)
        heads = {el: None for el in doc.body.iter("{*}p")}
        marks = {}
        for el in heads:
            text = "".join(el.itertext())
            page = {"背景": 1, "Methods": 2, "Results": 3}.get(text)
            if page:
                marks[str(idx[el])] = [page, page, True]
        layout = Rendered("word", {"pages": 3, "page_info": [
            {"number": n, "numbering": "decimal"} for n in (1, 2, 3)]}, tmp_path, "LO", marks)
        (toc,) = tocs_of(doc.root())
        assert toc_pairs(toc, layout) == [
            ("第1章 背景", "1", "1"), ("Methods", "2", "2"), ("Results", "2", "3"),
            ("Missing heading", "4", None)]
    finally:
        doc.close()


def test_span_text():
    assert span_text(3, 3) == "3" and span_text(2, 4) == "2-4"


def test_a_toc_ending_inside_its_last_entry_keeps_that_entry(tmp_path):
    """Word often closes a TOC field at the end of its last entry's paragraph (no empty
    paragraph after it): that entry is part of the result, counted and paired like the
    others (it was one short: 15 linked entries read as 14)."""
    from officeeval.selectors import select
    from tests.word.wbuild import values
    shared_end = (entry("引言", "1", ref="_Toc1", first=True)
                  + entry("方法", "2", ref="_Toc2")
                  + entry("结论", "3", ref="_Toc3", last=True)
                  + para("引言", "_Toc1") + para("方法", "_Toc2") + para("结论", "_Toc3")
                  + "<w:sectPr/>")
    own_end = (entry("引言", "1", ref="_Toc1", first=True) + entry("方法", "2", ref="_Toc2")
               + entry("结论", "3", ref="_Toc3")
               + '<w:p><w:r><w:fldChar w:fldCharType="end"/></w:r></w:p>'
               + para("引言", "_Toc1") + para("方法", "_Toc2") + para("结论", "_Toc3")
               + "<w:sectPr/>")
    for name, body in (("shared.docx", shared_end), ("own.docx", own_end)):
        path = docx(tmp_path, body, name=name)
        assert values(path, "toc[1]", "toc.entries") == [(3, "computed")], name
        assert [v[0] for v in values(path, "toc[1]/entry", "toc_entry.text")] == [
            "引言", "方法", "结论"], name
        assert [v[0] for v in values(path, "toc[1]/entry", "toc_entry.page")] == [
            "1", "2", "3"], name
        doc = WordDocument(Package.open(path), str(path))
        try:
            (toc,) = tocs_of(doc.root())
            # the body heading after the TOC is not part of its result
            assert len(toc.info.result_paragraphs) == 3, name
            assert len(select(doc, "toc[1]/entry")) == 3
        finally:
            doc.close()
