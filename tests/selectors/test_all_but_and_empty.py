""""All but" selections (``[not(…)]`` and open ranges ``[2..]``) and the explanation of a
selection that is empty (which step left nothing, and what was there)."""

from __future__ import annotations

import pytest

from officeeval.errors import SelectorSyntaxError
from officeeval.formats import open_document
from officeeval.selectors import explain_empty, parse_selector, select
from tests.builders import docx, p


@pytest.fixture
def doc(tmp_path):
    body = (p("关于举办读书节的通知") + p("各学院：") + p("读书节定于四月举行。")
            + p("关于报名") + p("校团委"))
    d = open_document(docx(tmp_path, body))
    yield d
    d.close()


def _loc(doc, selector):
    return [t.locator for t in select(doc, selector)]


@pytest.mark.parametrize("selector, expected", [
    ("paragraph[2..]", [2, 3, 4, 5]),
    ("paragraph[..-2]", [1, 2, 3, 4]),
    ("paragraph[not(1)]", [2, 3, 4, 5]),
    ("paragraph[not(-1)]", [1, 2, 3, 4]),
    ("paragraph[not(2..3)]", [1, 4, 5]),
    ("paragraph[not(text^='关于')]", [2, 3, 5]),
    ("paragraph[not( text ^= '关于' )]", [2, 3, 5]),
    ("paragraph[not(text*='读书节')][2]", [4]),
    ("paragraph[not(text~='^关于')][not(-1)]", [2, 3]),
    ("paragraph[not(*)]", []),
])
def test_all_but_selections(doc, selector, expected):
    assert _loc(doc, selector) == [f"paragraph[{i}]" for i in expected]


def test_not_round_trips_through_its_text():
    sel = parse_selector("paragraph[not(text^='关于')][not(2..)]")
    assert str(sel) == "paragraph[not(text^='关于')][not(2..)]"
    assert parse_selector(str(sel)) == parse_selector("paragraph[not(text^='关于')][not(2..)]")


@pytest.mark.parametrize("selector, column, message", [
    ("paragraph[not(text^='关于']", 25, "expected ')'"),
    ("paragraph[not(text^='关于')", 10, "unclosed '['"),
    ("paragraph[not(0)]", 15, "1-based"),
    ("paragraph[not(text^)]", 19, "expected an operator (=, !=, ^=, $=, *=, ~=, >, >=, <, <=) or ')'"),
    ("paragraph[not(text^=)]", 21, "expected a value"),
])
def test_not_syntax_errors_are_located(selector, column, message):
    with pytest.raises(SelectorSyntaxError) as info:
        parse_selector(selector)
    assert info.value.column == column and message in str(info.value), str(info.value)


@pytest.mark.parametrize("selector, why", [
    ("paragraph[9]", "paragraph[9] is past the end: there are 5 (paragraph[1] to "
                     "paragraph[5])"),
    ("paragraph[7..9]", "paragraph[7..9] is past the end: there are 5"),
    ("paragraph[2]/run[4]", "run[4] is past the end: paragraph[2] has 1 (run[1])"),
    ("paragraph/run[3]", "run[3] is past the end: each of the 5 targets of paragraph has "
                         "at most 1"),
    ("paragraph[text^='通知']", "no paragraph matches [text^='通知'] (of 5)"),
    ("paragraph[1]/run[text='x']", "no run in paragraph[1] matches [text='x'] (of 1)"),
    ("table/row", "the word document has no table"),
    ("paragraph[1]/hyperlink", "paragraph[1] has no hyperlink"),
    ("paragraph[1]", ""),
])
def test_explain_empty_names_the_step_and_what_was_there(doc, selector, why):
    got = explain_empty(doc, selector)
    assert got.startswith(why), got
    assert (got == "") == bool(select(doc, selector))
