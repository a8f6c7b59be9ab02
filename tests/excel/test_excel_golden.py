"""Golden tests on real workbooks from the shared corpus.

``golden/expected.json`` holds, for 20 corpus files, what each case must resolve to, each
value checked against the XML it comes from (the cell element is stored beside cell cases;
a note names the deciding element otherwise). A second golden set needs no expected file:
three workbooks hold Excel's own ``TEXT(value, format)`` results as cached formula values, and
our number-format renderer must reproduce every one of them.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from officeeval.excel import cells as C
from officeeval.excel.numfmt import format_number, format_text
from officeeval.excel.refs import parse_cell
from officeeval.formats import open_document
from officeeval.inspection import observe
from officeeval.selectors import select

HERE = Path(__file__).resolve().parent
EXPECTED = json.loads((HERE / "golden" / "expected.json").read_text("utf-8"))


def test_golden_covers_enough_files():
    assert len(EXPECTED) >= 15
    assert sum(len(e["rows"]) for entries in EXPECTED.values() for e in entries) >= 150


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_golden(corpus, name):
    doc = open_document(corpus / "xlsx" / name, options={"recalc": False})
    try:
        for entry in EXPECTED[name]:
            got = [observe(entry["property"], t) for t in select(doc, entry["select"])]
            assert [r["target"] for r in got] == [r["target"] for r in entry["rows"]], entry
            for row, want in zip(got, entry["rows"]):
                assert "error" not in row, row
                assert (row["value"], row["source"]) == (want["value"], want["source"]), (
                    entry["select"], entry["property"], row, want)
    finally:
        doc.close()


TEXT_FILES = ["poi__DateFormatTests.xlsx", "poi__ElapsedFormatTests.xlsx",
              "poi__TextFormatTests.xlsx"]


def _text_cases(path):
    """(sheet, row, value cell, format text, Excel's result) for each TEXT() formula."""
    doc = open_document(path, options={"recalc": False})
    out = []
    for sheet in doc.sheets:
        if sheet.store is None:
            continue
        for raw in sheet.store.all_cells():
            f = (raw.f or "").replace(" ", "")
            if not f.upper().startswith("TEXT("):
                continue
            body, prefix = f[5:-1], ""
            if body.count(",") == 2 and 'CONCATENATE(";;;",' in body:
                body, prefix = body.replace('CONCATENATE(";;;",', "").rstrip(")"), ";;;"
            a, b = (parse_cell(x) for x in body.split(","))
            fmt, _ = C.cell_value(sheet, *b)
            value, _ = C.cell_value(sheet, *a)
            if fmt.kind != "text":
                continue  # rows without a format to test
            excel, source = C.cell_value(sheet, raw.row, raw.col)
            assert source == "cached"
            out.append((f"{sheet.name}!{raw.row}", value, prefix + str(fmt.value),
                        str(excel.value), doc.date1904))
    doc.close()
    return out


@pytest.mark.parametrize("name", TEXT_FILES)
def test_number_formats_match_excels_text_results(corpus, name):
    cases = _text_cases(corpus / "xlsx" / name)
    assert len(cases) >= 9
    bad = []
    for where, value, code, excel, date1904 in cases:
        if value.kind in ("number", "date"):
            num = value.value if value.kind == "number" else value.extra["serial"]
            ours = format_number(float(num), code, date1904)
        elif value.kind == "bool":
            ours = format_text("TRUE" if value.value else "FALSE", code)
        else:
            ours = format_text(str(value.value), code)
        if ours != excel:
            bad.append((where, code, excel, ours))
    assert not bad
