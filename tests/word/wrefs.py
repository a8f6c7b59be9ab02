"""A .docx with cross-references and a table of contents whose field result holds entries
(what Word writes after "Update field"): for the tests of ``toc[1]/entry``,
``field[type='REF']/target`` and ``field.target_text``, and their golden rows."""

from __future__ import annotations

from pathlib import Path

from tests.word.wbuild import NORMAL, docx, field, p, r, style

STYLES = (NORMAL + style("Heading1", "heading 1", based_on="Normal")
          + style("Heading2", "heading 2", based_on="Normal")
          + style("TOC1", "toc 1", based_on="Normal") + style("TOC2", "toc 2", based_on="Normal")
          + style("Caption", "caption", based_on="Normal"))


def _entry(style_id: str, text: str, page: str, first: str = "", last: str = "") -> str:
    """One TOC result paragraph: heading, a tab (the leader) and the page number."""
    return (f'<w:p><w:pPr><w:pStyle w:val="{style_id}"/></w:pPr>{first}'
            f"{r(text)}<w:r><w:tab/></w:r>{r(page)}{last}</w:p>")


TOC = (_entry("TOC1", "引言", "1",
              first='<w:r><w:fldChar w:fldCharType="begin"/></w:r><w:r><w:instrText '
                    'xml:space="preserve"> TOC \\o "1-2" \\h \\z \\u </w:instrText></w:r>'
                    '<w:r><w:fldChar w:fldCharType="separate"/></w:r>')
       + _entry("TOC2", "研究背景", "2")
       + "<w:p><w:pPr><w:pStyle w:val=\"TOC1\"/></w:pPr>" + r("2") + "<w:r><w:tab/></w:r>"
       + r("结论") + "<w:r><w:tab/></w:r>" + r("iv") + "</w:p>"
       + '<w:p><w:r><w:fldChar w:fldCharType="end"/></w:r></w:p>')


def word_references(tmp_path: Path, name: str = "refs.docx") -> Path:
    """paragraph[1..4] the TOC (three entries; the last paragraph only ends the field),
    paragraph[5] a heading holding bookmark _Ref1, paragraph[6] a caption holding _Ref2,
    paragraph[7] REF fields to both and a PAGEREF to a missing bookmark, paragraph[8] a
    PAGE field."""
    body = (TOC
            + '<w:p><w:pPr><w:pStyle w:val="Heading1"/></w:pPr><w:bookmarkStart w:id="1" '
              'w:name="_Ref1"/>' + r("第一章 引言") + '<w:bookmarkEnd w:id="1"/></w:p>'
            + '<w:p><w:pPr><w:pStyle w:val="Caption"/></w:pPr><w:bookmarkStart w:id="2" '
              'w:name="_Ref2"/>' + r("图 ") + field("SEQ 图 \\* ARABIC", "1")
            + '<w:bookmarkEnd w:id="2"/>' + r(" 各月销售额") + "</w:p>"
            + "<w:p>" + r("见") + field("REF _Ref2 \\h", "图 1") + r("，详见")
            + field("REF _Ref1 \\h", "第一章 引言") + r("第")
            + field("PAGEREF _Ref9 \\h", "3") + r("页") + "</w:p>"
            + "<w:p>" + field("PAGE", "1") + "</w:p>")
    return docx(tmp_path, body, styles=STYLES, name=name)
