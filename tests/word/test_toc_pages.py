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
