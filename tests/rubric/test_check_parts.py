"""The parts of the loader one by one: where a problem is reported (``issues``), points,
what a check reads (``reads``), what it compares with (``expected``), its relation
(``relations``), its own options (``checks``) and a criterion's check points
(``criteria``)."""

from __future__ import annotations

import re

import pytest
from lxml import etree

from officeeval.errors import RubricIssue
from officeeval.properties.types import BOOL, INTEGER, NUMBER, TEXT
from officeeval.rubric.checks import read_check
from officeeval.rubric.criteria import read_criterion
from officeeval.rubric.expected import comparison, find_comparator
from officeeval.rubric.issues import Place
from officeeval.rubric.points import optional_points, parse_points
from officeeval.rubric.reads import value_type, xpath_value_type
from officeeval.rubric.relations import relation

NS = "urn:officeeval:rubric:1"


def _el(xml: str) -> etree._Element:
    """``xml`` with its root element (and so its children) in the rubric namespace."""
    return etree.fromstring(re.sub(r"^<(\w+)", rf'<\1 xmlns="{NS}"', xml))


def _place() -> Place:
    return Place(3, "criterion c1", [])


def _messages(place: Place) -> list[str]:
    return [i.message for i in place.issues]


def test_a_place_prefixes_its_criterion_and_keeps_line_and_column():
    place = _place()
    place.report("bad", 5)
    place.report("worse")
    assert place.issues == [RubricIssue(3, "criterion c1: bad", 5),
                            RubricIssue(3, "criterion c1: worse", None)]


def test_points_are_whole_or_half_numbers():
    issues: list[RubricIssue] = []
    assert parse_points(None, 100.0, 2, "total", issues) == 100.0
    assert parse_points("2.5", 0.0, 2, "total", issues) == 2.5
    assert issues == []
    assert parse_points("2.3", 0.0, 2, "total", issues) == 2.3
    assert parse_points("abc", 7.0, 4, "pass", issues) == 7.0
    assert issues == [RubricIssue(2, "total '2.3' must be a whole or half number >= 0"),
                      RubricIssue(4, "pass 'abc' is not a number")]
    assert (optional_points(None), optional_points("x"), optional_points("1.5")) == \
        (None, None, 1.5)


@pytest.mark.parametrize("xpath,vtype", [
    ("count(//w:tbl)", NUMBER), ("not(//w:p)", BOOL), ("//w:t", TEXT), (None, TEXT),
    ("//w:[", TEXT),
])
def test_an_xpath_is_typed_by_what_it_returns(xpath, vtype):
    assert xpath_value_type(xpath) is vtype


def test_what_a_check_reads():
    place = _place()
    eq = find_comparator("equals", place)
    assert value_type(_el('<check select="paragraph" property="count"/>'), "word", eq,
                      place) is INTEGER
    assert value_type(_el('<check part="word/document.xml" xpath="count(//w:p)"/>'),
                      "word", eq, place) is NUMBER
    assert value_type(_el('<check select="paragraph"/>'), "word",
                      find_comparator("exists", place), place) is None
    assert place.issues == []
    assert value_type(_el('<check select="paragrap[" property="font.sise"/>'), "word", eq,
                      place) is None
    assert value_type(_el('<check select="paragraph"/>'), "word", eq, place) is None
    assert value_type(_el('<check xpath="//w:t" property="text"/>'), "word", eq,
                      place) is TEXT
    assert _messages(place)[1:] == [
        "criterion c1: unknown property 'font.sise'; did you mean 'font.size'?",
        "criterion c1: a check needs a property (or part+xpath); only op=\"count\", "
        "\"exists\" and \"absent\" (which judge the selection itself) may omit it",
        "criterion c1: give either property or part+xpath",
        "criterion c1: the XPath escape hatch needs both part and xpath",
    ]
    assert _messages(place)[0].startswith("criterion c1: select='paragrap[': ")
    assert place.issues[0].column is not None


def test_a_comparator_by_name_alias_or_close_name():
    place = _place()
    assert find_comparator("eq", place).name == "equals"
    assert find_comparator("equal", place) is None
    assert _messages(place) == ["criterion c1: unknown comparator 'equal'; did you mean "
                                "'equals'?"]


def test_the_values_a_check_compares_with_are_parsed_once():
    place = _place()
    count = find_comparator("count", place)
    got = comparison(_el('<check select="paragraph" op="count" expected="&gt;=2"/>'), count,
                     None, place)
    assert got.vtype is INTEGER and got.expected_value is not None
    similar = find_comparator("similar", place)
    got = comparison(_el('<check property="text" op="similar" expected="a" '
                         'threshold="90%"/>'), similar, TEXT, place)
    assert got.threshold == 0.9
    assert place.issues == []
    assert comparison(_el('<check op="nope" expected="1"/>'), None, TEXT, place).vtype is TEXT
    assert place.issues == []


def test_a_comparison_reports_in_the_order_of_its_attributes():
    place = _place()
    same_set = find_comparator("same_set", place)
    got = comparison(_el('<check property="text" op="same_set" expected="a" '
                         'expected-from="input" threshold="0.9"/>'), same_set, TEXT, place)
    assert got.threshold is None
    assert _messages(place) == [
        "criterion c1: give expected= or expected-from=, not both",
        f"criterion c1: op='same_set' compares lists of items, and text is text "
        f"({TEXT.description}); for one value among several use op=\"in\"",
        "criterion c1: threshold= applies to op=\"similar\" only",
    ]


def test_a_relation_is_the_only_expected_value():
    place = _place()
    equals = find_comparator("equals", place)
    assert relation(_el('<check property="font.size" against-property="font.size"/>'),
                    "word", "font.size", equals, None, place) == (None, None)
    contains = find_comparator("contains", place)
    assert relation(_el('<check property="count" op="contains" expected="1" '
                        'against="paragraph[2]"/>'), "word", "count", contains, INTEGER,
                    place) == ("paragraph[2]", None)
    assert _messages(place) == [
        "criterion c1: against-property= needs against=",
        "criterion c1: against= relates two values: op must be one of approx, equals, "
        "greater, greater_equal, less, less_equal, not_equals",
        "criterion c1: against= is the expected value; give no expected= or expected-from= "
        "beside it",
        "criterion c1: against= compares a property of two selections; give property=",
    ]


def test_a_check_keeps_its_options_as_written_and_reports_the_bad_ones():
    issues: list[RubricIssue] = []
    check = read_check(_el('<check select="paragraph[1]" property="text" expected="a" '
                           'normalize="space, foo" match="count &gt;= x" points="2" '
                           'origin="reference"/>'), "word", "c9", issues)
    assert (check.normalize, check.match, check.points, check.op) == \
        (frozenset({"space", "foo"}), "count>=x", 2.0, "equals")
    assert [i.message for i in issues] == [
        "criterion c9: unknown normalize option(s) foo",
        "criterion c9: match='count>=x' must be all, any, none or count>=N",
        "criterion c9: origin=\"reference\" needs reason= (why a candidate must match the "
        "model answer's own choice)",
    ]


@pytest.mark.parametrize("scoring,points,message", [
    ("partial", ("1", "1"), None),
    ("partial", ("1", None), "criterion c1: give points on every check or on none"),
    ("partial", ("1", "0.5"), "criterion c1: check points sum to 1.5, criterion has 2"),
    ("all", ("1", "1"), "criterion c1: check points only apply with scoring=\"partial\""),
])
def test_a_criterions_check_points(scoring, points, message):
    checks = "".join(f'<check select="paragraph[1]" property="text" '
                     f'expected="a"' + (f' points="{p}"/>' if p else "/>") for p in points)
    issues: list[RubricIssue] = []
    crit = read_criterion(_el(f'<criterion id="c1" skill="s" points="2" scoring="{scoring}" '
                              f'step=" 3 , 4 ">{checks}</criterion>'), "word", issues)
    assert (crit.points, crit.step, len(crit.checks)) == (2.0, "3,4", 2)
    assert [i.message for i in issues] == ([message] if message else [])
