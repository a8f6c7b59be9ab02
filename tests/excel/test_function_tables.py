"""The two function tables: which names Excel knows as a workbook stores them
(``excel.function_names``) and which of them a LibreOffice version lacks
(``excel.libreoffice_functions``). Pure data checks, no LibreOffice needed; the table is
verified against the machine's LibreOffice in tests/recalc/test_libreoffice_functions.py."""

from __future__ import annotations

import pytest
from openpyxl.utils.formulas import FORMULAE

from officeeval.excel.function_names import FUTURE, PREDEFINED, excel_function, stored_name
from officeeval.excel.libreoffice_functions import SINCE, available_from, lacks, parse_version


@pytest.mark.parametrize("written, known", [
    ("_xlfn.XLOOKUP", "XLOOKUP"), ("_xlfn.xlookup", "XLOOKUP"), ("SUM", "SUM"),
    ("sum", "SUM"), ("_xlfn._xlws.FILTER", "FILTER"), ("_xlfn._xlws.SORT", "SORT"),
    ("_xlfn.STDEV.S", "STDEV.S"), ("NETWORKDAYS.INTL", "NETWORKDAYS.INTL"),
    ("_xlfn.TEXTJOIN", "TEXTJOIN"), ("_xlfn.IFS", "IFS"),
    # Spellings Excel shows as #NAME?: a future function stored bare, a wrong prefix, a
    # misspelt name (with or without the prefix).
    ("XLOOKUP", None), ("TEXTJOIN", None), ("IFS", None), ("_xlfn.FILTER", None),
    ("_xlws.FILTER", None), ("FILTER", None), ("_xlfn.SUM", None),
    ("_xlfn.NETWORKDAYS.INTL", None), ("XLOOKUPP", None), ("_xlfn.XLOOKUPP", None), ("", None),
])
def test_excel_knows_a_function_only_as_it_stores_it(written, known):
    assert excel_function(written) == known


def test_stored_names():
    assert stored_name("xlookup") == "_xlfn.XLOOKUP"
    assert stored_name("FILTER") == "_xlfn._xlws.FILTER"
    assert stored_name("VLOOKUP") == "VLOOKUP"
    assert stored_name("XLOOKUPP") is None


def test_predefined_functions_are_the_spreadsheetml_set_openpyxl_ships():
    assert PREDEFINED == frozenset(FORMULAE)
    assert not PREDEFINED & set(FUTURE)


def test_every_function_of_the_libreoffice_table_is_an_excel_function():
    assert all(stored_name(name) is not None for name in SINCE), \
        [n for n in SINCE if stored_name(n) is None]


@pytest.mark.parametrize("text, version", [
    ("LibreOffice 25.2.3.2 520(Build:2)", (25, 2, 3, 2)),
    ("LibreOffice 7.4.7.2 40(Build:2)", (7, 4, 7, 2)), ("24.8", (24, 8)),
    ("LibreOfficeDev 26.2.0.0.alpha0", (26, 2, 0, 0)), ("soffice", None), (None, None),
])
def test_parse_version(text, version):
    assert parse_version(text) == version


V74, V248, V252, V258 = (7, 4, 7, 2), (24, 8, 0, 3), (25, 2, 3, 2), (25, 8, 0, 4)


@pytest.mark.parametrize("name, version, lacking", [
    ("XLOOKUP", V74, True), ("XLOOKUP", V248, False), ("XLOOKUP", V252, False),
    ("LET", V74, True), ("LET", V252, False), ("FILTER", V74, True), ("SEQUENCE", V252, False),
    ("TEXTSPLIT", V252, True), ("TEXTSPLIT", V258, False), ("VSTACK", V252, True),
    ("LAMBDA", V258, True), ("LAMBDA", (27, 2), False), ("GROUPBY", (99, 0), True),
    ("IMCOSH", V252, True), ("CUBEVALUE", V252, True),
    ("IFS", (5, 1, 6), True), ("IFS", V74, False), ("TEXTJOIN", V74, False),
    ("SUM", V74, False), ("VLOOKUP", (3, 3), False),
    # An unknown version trusts nothing the table lists, and everything else.
    ("XLOOKUP", None, True), ("IFS", None, True), ("SUM", None, False),
])
def test_a_version_lacks_what_came_after_it(name, version, lacking):
    assert lacks(name, version) is lacking


def test_available_from():
    assert available_from("XLOOKUP") == "24.8"
    assert available_from("TEXTSPLIT") == "25.8"
    assert available_from("GROUPBY") is None
    assert available_from("SUM") is None
