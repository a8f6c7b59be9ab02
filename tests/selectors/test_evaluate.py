"""Selector evaluation on a real (inline-built) Word document."""

from __future__ import annotations

from officeeval.formats import open_document
from officeeval.selectors import select
from tests.builders import docx, p, style


def _doc(tmp_path):
    styles = style("Normal", "Normal", default=True) + style("H1", "heading 1", based_on="Normal")
    body = (p("标题一", '<w:pStyle w:val="H1"/>') + p("第一段：读书节") + p("第二段")
            + p("标题二", '<w:pStyle w:val="H1"/>') + p("第三段：读书节与读书节"))
    return open_document(docx(tmp_path, body, styles=styles))


def test_index_slice_and_predicates(tmp_path):
    doc = _doc(tmp_path)
    loc = lambda s: [t.locator for t in select(doc, s)]  # noqa: E731
    assert loc("paragraph[1]") == ["paragraph[1]"]
    assert loc("paragraph[-1]") == ["paragraph[5]"]
    assert loc("paragraph[2..3]") == ["paragraph[2]", "paragraph[3]"]
    assert loc("paragraph[-2..-1]") == ["paragraph[4]", "paragraph[5]"]
    assert loc("paragraph[9]") == []
    assert loc("paragraph[style='标题 1']") == ["paragraph[1]", "paragraph[4]"]
    assert loc("paragraph[style!='heading 1']") == ["paragraph[2]", "paragraph[3]", "paragraph[5]"]
    assert loc("paragraph[text$='读书节']") == ["paragraph[2]", "paragraph[5]"]
    assert loc("paragraph[text~='^第[一三]']") == ["paragraph[2]", "paragraph[5]"]
    assert len(select(doc, "span('读书节')")) == 3
    assert len(select(doc, "paragraph[5]/span('读书节')")) == 2
    assert loc("section[1]/paragraph[2]") == ["paragraph[2]"]
    assert select(doc, None)[0].kind == "document"
    doc.close()


def test_results_are_cached_per_document(tmp_path):
    doc = _doc(tmp_path)
    assert select(doc, "paragraph[2..3]") is select(doc, "paragraph[2..3]")
    doc.close()
