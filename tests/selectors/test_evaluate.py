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


def test_a_shared_leading_run_of_steps_is_walked_once_and_gives_what_a_fresh_walk_gives(
        tmp_path):
    from officeeval.selectors.evaluate import _PREFIX_ATTR
    selectors = ["section[1]/paragraph[style='标题 1']", "section[1]/paragraph[2]",
                 "section[1]/paragraph[style='标题 1']/span('标题')", "section[1]",
                 "section[1]/paragraph[text$='读书节']"]
    doc = _doc(tmp_path)
    shared = {s: [t.locator for t in select(doc, s)] for s in selectors}
    # "section[1]", asked after the others, is the selection kept for their first step.
    from officeeval.selectors.evaluate import _prefix_ids_of_text
    kept = doc.__dict__[_PREFIX_ATTR]
    assert select(doc, "section[1]") is kept[_prefix_ids_of_text(selectors[0])[0]]
    doc.close()
    for s in selectors:
        fresh = _doc(tmp_path)  # a document that never saw another selector
        assert [t.locator for t in select(fresh, s)] == shared[s], s
        fresh.close()
    assert shared["section[1]/paragraph[2]"] == ["paragraph[2]"]
    assert shared["section[1]/paragraph[style='标题 1']"] == ["paragraph[1]", "paragraph[4]"]


def test_kept_leading_steps_never_answer_for_another_document(tmp_path):
    # Two documents, the same selectors: each answer is the document's own.
    (tmp_path / "a").mkdir(), (tmp_path / "b").mkdir()
    first = open_document(docx(tmp_path / "a", p("甲") + p("乙")))
    second = open_document(docx(tmp_path / "b", p("丙")))
    try:
        assert [t.text for t in select(first, "paragraph[text='甲']")] == ["甲"]
        assert select(second, "paragraph[text='甲']") == []
        assert [t.doc for t in select(first, "paragraph")] == [first, first]
        assert [t.doc for t in select(second, "paragraph[1]")] == [second]
        assert [t.doc for t in select(second, "paragraph")] == [second]
    finally:
        first.close(), second.close()


def test_leading_runs_of_steps_are_numbered_by_their_steps_and_numbers_are_never_reused():
    from officeeval.selectors import evaluate as ev
    from officeeval.selectors.grammar import parse_selector
    a = ev._prefix_ids_of_text("slide[title='甲']/title")
    b = ev._prefix_ids_of_text("slide[title='甲']/shape[name='x']")
    c = ev._prefix_ids_of_text("slide[title='乙']/title")
    assert a[0] == b[0] and a[1] != b[1]  # same first step, then different ones
    assert c[0] != a[0] and len(set(a + b + c)) == 5
    ev._PREFIX_IDS.clear()
    again = ev._number_prefixes(parse_selector("slide[title='甲']/title").steps)
    assert not set(again) & set(a + b + c)
