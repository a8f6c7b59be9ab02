"""A1 references and formula text: parsing, canonical forms, functions, references and
shared-formula shifting (table-driven)."""

from __future__ import annotations

import pytest

from officeeval.excel import formulas as F
from officeeval.excel.refs import (
    MAX_ROW, Area, canonical_ref, cell_ref, col_index, col_letters, parse_area, parse_cell,
    quote_sheet, split_sheet,
)


@pytest.mark.parametrize("letters,index", [("A", 1), ("Z", 26), ("AA", 27), ("AZ", 52),
                                           ("XFD", 16384), ("xfd", 16384)])
def test_columns_round_trip(letters, index):
    assert col_index(letters) == index
    assert col_letters(index) == letters.upper()


@pytest.mark.parametrize("bad", ["", "XFE", "AAAA", "1", "A1", "é"])
def test_bad_columns(bad):
    assert col_index(bad) is None


@pytest.mark.parametrize("text,expected", [
    ("B12", (12, 2)), ("$B$12", (12, 2)), ("b12", (12, 2)), ("A1048576", (1048576, 1)),
    ("A1048577", None), ("A0", None), ("1B", None), ("", None), (None, None),
])
def test_parse_cell(text, expected):
    assert parse_cell(text) == expected


@pytest.mark.parametrize("text,area,kind", [
    ("B2", (2, 2, 2, 2), "cell"), ("B2:D31", (2, 2, 31, 4), "range"),
    ("D31:B2", (2, 2, 31, 4), "range"), ("$C:$C", (1, 3, MAX_ROW, 3), "cols"),
    ("3:5", (3, 1, 5, 16384), "rows"), ("B:A", (1, 1, MAX_ROW, 2), "cols"),
])
def test_parse_area(text, area, kind):
    a = parse_area(text)
    assert (a.r1, a.c1, a.r2, a.c2) == area and a.kind == kind


@pytest.mark.parametrize("bad", ["B2:", ":B2", "B2:C", "A:3", "Sheet1!A1", "foo", "0:3"])
def test_parse_area_rejects(bad):
    assert parse_area(bad) is None


def test_area_text_and_intersection():
    assert str(Area(2, 2, 31, 4)) == "B2:D31"
    assert str(Area(1, 3, MAX_ROW, 3, "cols")) == "C:C"
    assert Area(1, 1, 10, 10).intersect(Area(5, 5, 20, 20)) == Area(5, 5, 10, 10)
    assert Area(1, 1, 2, 2).intersect(Area(3, 3, 4, 4)) is None
    assert cell_ref(31, 4) == "D31"


@pytest.mark.parametrize("text,sheet,ref", [
    ("'My Sheet'!A1:B2", "My Sheet", "A1:B2"), ("Sheet1!A1", "Sheet1", "A1"),
    ("A1", None, "A1"), ("'It''s'!C3", "It's", "C3"), ("成绩!B2", "成绩", "B2"),
])
def test_split_sheet(text, sheet, ref):
    assert split_sheet(text) == (sheet, ref)


@pytest.mark.parametrize("a,b", [
    ("'成绩'!$B$2:$B$31", "成绩!B2:B31"), ("$A$1", "A1"), ("b2:d9", "B2:D9"),
    ("$C:$C", "C:C"), ("A1:B2 D1:D9", "A1:B2 D1:D9"), ("=Sheet1!$A$1", "Sheet1!A1"),
])
def test_canonical_ref(a, b):
    assert canonical_ref(a) == canonical_ref(b)


def test_quote_sheet():
    assert quote_sheet("成绩") == "成绩"
    assert quote_sheet("My Sheet") == "'My Sheet'"
    assert quote_sheet("It's") == "'It''s'"
    assert quote_sheet("A1") == "'A1'"


@pytest.mark.parametrize("formula,functions,refs", [
    ("=SUM(B2:B31)", ["SUM"], ["B2:B31"]),
    ("RANK(F2,$F$2:$F$31)", ["RANK"], ["F2", "F2:F31"]),
    ("VLOOKUP(A2,'价格 表'!$A:$C,3,FALSE)", ["VLOOKUP"], ["A2", "价格 表!A:C"]),
    ('IF(D2>=90,"优秀",IF(D2>=60,"及格","不及格"))', ["IF"], ["D2"]),
    ("_xlfn.RANK.EQ(A1,A:A)", ["RANK.EQ"], ["A1", "A:A"]),
    ("SUM(表1[销售额])+LOG10(A1)", ["SUM", "LOG10"], ["表1[销售额]", "A1"]),
    ("SUMIFS(销售!D:D,销售!B:B,\"华东\",销售!C:C,\">=100\")", ["SUMIFS"],
     ["销售!D:D", "销售!B:B", "销售!C:C"]),
    ('"SUM(A1)"&A2', [], ["A2"]),
    ("_xlfn._xlws.SORT(A2:A9)", ["SORT"], ["A2:A9"]),
    ("SUM(1:3)", ["SUM"], ["1:3"]),
    ("#REF!+1", [], []),
])
def test_functions_and_references(formula, functions, refs):
    assert F.functions(formula) == functions
    assert F.references(formula) == refs


@pytest.mark.parametrize("formula,dr,dc,expected", [
    ("B2", 1, 0, "B3"),
    ("SUM(B2:D2)", 3, 0, "SUM(B5:D5)"),
    ("RANK(F2,$F$2:$F$31)", 1, 0, "RANK(F3,$F$2:$F$31)"),
    ("A$1*$B2", 2, 2, "C$1*$B4"),
    ("Sheet1!A1+'My Sheet'!B1", 1, 1, "Sheet1!B2+'My Sheet'!C2"),
    ('IF(A2>60,"A2","x")', 1, 0, 'IF(A3>60,"A2","x")'),
    ("A1", -1, 0, "#REF!"),
    ("SUM(C:C)", 0, 1, "SUM(D:D)"),
])
def test_shift(formula, dr, dc, expected):
    assert F.shift(formula, dr, dc) == expected


def test_display_and_normalize():
    assert F.display("_xlfn.RANK.EQ(A1,$A$1:$A$9)") == "=RANK.EQ(A1,$A$1:$A$9)"
    assert F.normalize("= sum( b2 : b31 )") == F.normalize("SUM(B2:B31)")
    assert F.normalize('IF(A1="x","Y","n")') != F.normalize('IF(A1="X","Y","n")')
    assert F.normalize("SUM($B$2:$B$9)") != F.normalize("SUM(B2:B9)")


def test_tokenizer_survives_garbage():
    for junk in ['"unterminated', "'sheet", "[[[", "SUM(", "#", "A1:", "))((", "'a'!"]:
        F.functions(junk)
        F.references(junk)
        F.shift(junk, 1, 1)
