"""Selector grammar: round trips, and errors located by column."""

from __future__ import annotations

import pytest

from officeeval.errors import SelectorSyntaxError
from officeeval.selectors import parse_selector, validate_selector


@pytest.mark.parametrize("text,canonical", [
    ("paragraph[1]", "paragraph[1]"),
    ("paragraph[-1]", "paragraph[-1]"),
    ("paragraph[*]", "paragraph[*]"),
    ("paragraph[2..13]", "paragraph[2..13]"),
    ("paragraph[-2..]", "paragraph[-2..]"),
    ("paragraph[style='Heading 1'][text*='引言']", "paragraph[style='Heading 1'][text*='引言']"),
    ('paragraph[text="It\'s"]', "paragraph[text='It''s']"),
    ("span('读书节')", "span('读书节')"),
    ("table[1]/cell(2,3)", "table[1]/cell('2', '3')"),
    ("'成绩'!F2:F31", "'成绩'!F2:F31"),
    ("Sheet1!$A$1", "'Sheet1'!A1"),
    ("'It''s'!B2", "'It''s'!B2"),
    ("C:C", "C:C"),
    ("3:3", "3:3"),
    ("sheet('原始数据')/column('C')", "sheet('原始数据')/column('C')"),
    ("header[first]", "header[first]"),
    ("slide[layout='Title Slide']/shape[name='标题 1']/paragraph[2]",
     "slide[layout='Title Slide']/shape[name='标题 1']/paragraph[2]"),
])
def test_round_trip(text, canonical):
    assert str(parse_selector(text)) == canonical


@pytest.mark.parametrize("text,column,fragment", [
    ("paragraph[", 10, "unclosed"),
    ("paragraph[0]", 11, "1-based"),
    ("para graph", 6, "expected '/'"),
    ("span('x", 6, "unterminated"),
    ("/x", 1, "step name"),
    ("paragraph[text~='(']", 11, "regular expression"),
    ("paragraph[text='a'", 10, "unclosed '['"),
    ("paragraph[text='a' x]", 20, "expected ']'"),
    ("'Sheet'A1", 8, "followed by '!'"),
    ("cell(1,", 8, "unclosed"),
    ("", 1, "empty"),
])
def test_syntax_errors_carry_the_column(text, column, fragment):
    with pytest.raises(SelectorSyntaxError) as info:
        parse_selector(text)
    assert info.value.column == column
    assert fragment in info.value.reason


def test_validation_knows_steps_parents_and_kinds():
    issues, kind = validate_selector("paragraph[1]", "word")
    assert issues == [] and kind == "paragraph"
    issues, kind = validate_selector("paragraph[1]/run[2]", "word")
    assert issues == [] and kind == "run"
    issues, _ = validate_selector("paragrap[1]", "word")
    assert issues[0][0] == 1 and "did you mean 'paragraph'" in issues[0][1]
    issues, _ = validate_selector("paragraph/section", "word")
    assert issues and "cannot follow" in issues[0][1]
    issues, _ = validate_selector("span", "word")
    assert issues and "takes 1 argument" in issues[0][1]
