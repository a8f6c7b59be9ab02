"""The table of functions LibreOffice lacks (``excel.libreoffice_functions``) against the
machine's LibreOffice: every Excel function (``excel.function_names``), stored as Excel stores
it and called with no arguments, is recalculated; a function LibreOffice does not know comes
out ``#NAME?`` (one it knows gives another error or a value). The table must say "lacks"
exactly for those. When LibreOffice is upgraded and this fails, the message lists the entries
to change. Skipped without LibreOffice."""

from __future__ import annotations

import openpyxl
import pytest

from officeeval import recalc
from officeeval.excel.function_names import FUTURE, PREDEFINED, stored_name
from officeeval.excel.libreoffice_functions import BARE_ONLY, lacks, parse_version
from officeeval.recalc.store import soffice_version

pytestmark = [pytest.mark.libreoffice,
              pytest.mark.skipif(not recalc.available(), reason="LibreOffice (soffice) absent")]


@pytest.fixture(scope="module")
def results(tmp_path_factory):
    """(version, {spelling: value}) for every Excel function, stored and bare."""
    names = sorted(PREDEFINED | set(FUTURE))
    spellings = [stored_name(n) for n in names] + sorted(FUTURE)  # then the bare spellings
    path = tmp_path_factory.mktemp("functions") / "all.xlsx"
    wb = openpyxl.Workbook()
    ws = wb.active
    for row, spelling in enumerate(spellings, start=1):
        ws.cell(row, 1, f"={spelling}()")
    wb.save(path)
    owner = recalc.Recalculation()
    try:
        out = owner.recalculate(path)
        values = openpyxl.load_workbook(out, data_only=True).active
        got = {spelling: values.cell(row, 1).value
               for row, spelling in enumerate(spellings, 1)}
    finally:
        owner.close()
    return soffice_version(recalc.find_soffice()), got


def test_the_table_says_lacks_exactly_where_libreoffice_answers_name(results):
    version_text, got = results
    version = parse_version(version_text)
    assert version is not None, version_text
    wrong = []
    for name in sorted(PREDEFINED | set(FUTURE)):
        unknown = got[stored_name(name)] == "#NAME?"
        if unknown != lacks(name, version):
            wrong.append(f"{name}: {version_text} {'lacks' if unknown else 'computes'} it")
    assert not wrong, wrong


def test_a_future_function_stored_bare_is_unknown_to_libreoffice_as_to_excel(results):
    """Except the few LibreOffice knows under its own spelling (``BARE_ONLY``)."""
    _, got = results
    known_bare = {name for name in FUTURE if got[name] != "#NAME?"}
    assert known_bare == BARE_ONLY


def test_the_installed_version_is_one_the_table_covers(results):
    """The table knows releases from 7.0 on (a newer one that computes what the table says
    it lacks makes the first test fail, naming the entries)."""
    version = parse_version(results[0])
    assert version >= (7, 0), f"{results[0]}: the table covers LibreOffice 7.0 and later"
