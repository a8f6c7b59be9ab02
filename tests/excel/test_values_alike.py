"""``cell.value``'s comparison with another workbook (``resolve_cells.values_alike`` over
``cells.same_stored``): a cell said to resolve as its counterpart must give exactly the
counterpart's observation (value, its type, extras, source), and the comparison says so
only for constants stored alike on sheets without array formulas, in one date system.

Each case is a cell of workbook A and one of workbook B at A1; A's shared strings are in
the opposite order of B's (the same text has another index), style 1 is a date format in
both, style 2 another date format, style 3 a plain number format."""

from __future__ import annotations

import pytest

from officeeval.excel.resolve_cells import value, values_alike
from officeeval.excel.targets import CellTarget
from officeeval.formats import open_document
from tests.excel.xlsx_builder import styles_xml, xlsx

STYLES = styles_xml(xfs='<xf numFmtId="14" fontId="0" fillId="0" borderId="0"/>'
                        '<xf numFmtId="22" fontId="0" fillId="0" borderId="0"/>'
                        '<xf numFmtId="2" fontId="0" fillId="0" borderId="0"/>')
STRINGS = ["甲", "乙"]

CASES = [
    # (a cell of A, a cell of B, alike)
    ('<c r="A1"><v>42</v></c>', '<c r="A1"><v>42</v></c>', True),
    ('<c r="A1"><v>42</v></c>', '<c r="A1"><v>42.0</v></c>', False),   # not known: not said
    ('<c r="A1"><v>42</v></c>', '<c r="A1"><v>43</v></c>', False),
    ('<c r="A1" s="1"><v>45000</v></c>', '<c r="A1"><v>45000</v></c>', False),  # date / number
    ('<c r="A1" s="1"><v>45000</v></c>', '<c r="A1" s="2"><v>45000</v></c>', True),  # both dates
    ('<c r="A1" s="3"><v>7</v></c>', '<c r="A1"><v>7</v></c>', True),   # neither is a date
    ('<c r="A1" t="s"><v>0</v></c>', '<c r="A1" t="s"><v>1</v></c>', True),  # 甲 in both
    ('<c r="A1" t="s"><v>0</v></c>', '<c r="A1" t="s"><v>0</v></c>', False),  # 甲 / 乙
    ('<c r="A1" t="s"><v>9</v></c>', '<c r="A1" t="s"><v>8</v></c>', True),  # no string: empty
    ('<c r="A1" t="s"><v>0</v></c>', '<c r="A1" t="inlineStr"><is><t>甲</t></is></c>', False),
    ('<c r="A1" t="inlineStr"><is><t>甲</t></is></c>',
     '<c r="A1" t="inlineStr"><is><t>甲</t></is></c>', True),
    ('<c r="A1" t="b"><v>1</v></c>', '<c r="A1" t="b"><v>1</v></c>', True),
    ('<c r="A1" t="b"><v>1</v></c>', '<c r="A1" t="b"><v>true</v></c>', False),
    ('<c r="A1" t="e"><v>#N/A</v></c>', '<c r="A1" t="e"><v>#N/A</v></c>', True),
    ('<c r="A1" t="str"><v>x</v></c>', '<c r="A1" t="str"><v>x</v></c>', True),
    ('<c r="A1" t="d"><v>2024-03-01T12:00:00</v></c>',
     '<c r="A1" t="d"><v>2024-03-01T12:00:00</v></c>', True),
    ('<c r="A1" t="zz" s="1"><v>45000</v></c>', '<c r="A1" t="zz"><v>45000</v></c>', False),
    ('<c r="A1"><f>1+1</f><v>2</v></c>', '<c r="A1"><f>1+1</f><v>2</v></c>', False),  # formula
    ('<c r="A1"><f>1+1</f><v>2</v></c>', '<c r="A1"><v>2</v></c>', False),
    ('', '', True),                                                     # no cell on both sides
    ('', '<c r="A1" s="3"/>', False),                                   # not known: not said
    ('<c r="A1"><v>5</v></c>', '', False),
]


def _book(tmp_path, name: str, cell: str, strings: list[str], workbook_pr: str = "",
          more: str = ""):
    sheet = f'<sheetData><row r="1">{cell}</row>{more}</sheetData>'
    path = xlsx(tmp_path, [("数据", sheet)], styles=STYLES, strings=strings, name=name,
                workbook_pr=workbook_pr)
    return open_document(str(path), "excel")


def _observed(doc):
    return value(CellTarget(doc.sheets[0], 1, 1), None)


def _said(obs):
    """Everything an observation says, the value's type and extras included."""
    if obs is None:
        return None
    v = obs.value
    return (obs.source, obs.parts, obs.note, v.kind, v.value, type(v.value), v.extra)


@pytest.mark.parametrize("a_cell,b_cell,alike", CASES)
def test_alike_only_where_the_values_are_the_same(tmp_path, a_cell, b_cell, alike):
    a = _book(tmp_path, "a.xlsx", a_cell, STRINGS)
    b = _book(tmp_path, "b.xlsx", b_cell, STRINGS[::-1])
    said = values_alike([CellTarget(a.sheets[0], 1, 1)], [CellTarget(b.sheets[0], 1, 1)])
    assert said == [alike]
    if alike:
        assert _said(_observed(a)) == _said(_observed(b))


def test_a_different_date_system_or_an_array_formula_says_nothing(tmp_path):
    cell = '<c r="A1"><v>42</v></c>'
    a = _book(tmp_path, "a.xlsx", cell, STRINGS)
    b1904 = _book(tmp_path, "b.xlsx", cell, STRINGS, workbook_pr='<workbookPr date1904="1"/>')
    array = _book(tmp_path, "c.xlsx", cell, STRINGS,
                  more='<row r="2"><c r="A2"><f t="array" ref="A2:B2">1</f><v>1</v></c></row>')
    one = [CellTarget(a.sheets[0], 1, 1)]
    assert values_alike(one, [CellTarget(b1904.sheets[0], 1, 1)]) is None
    assert values_alike(one, [CellTarget(array.sheets[0], 1, 1)]) is None
    assert values_alike(one, [None]) is None
    assert values_alike([CellTarget(a.sheets[0], 1, 1), CellTarget(a.sheets[0], 1, 2)],
                        [CellTarget(b1904.sheets[0], 1, 1)]) is None


def test_every_position_is_compared_with_its_own_counterpart(tmp_path):
    a = _book(tmp_path, "a.xlsx", '<c r="A1"><v>1</v></c><c r="B1"><v>2</v></c>', STRINGS)
    b = _book(tmp_path, "b.xlsx", '<c r="A1"><v>1</v></c><c r="B1"><v>3</v></c>', STRINGS)
    sa, sb = a.sheets[0], b.sheets[0]
    got = values_alike([CellTarget(sa, 1, 1), CellTarget(sa, 1, 2), CellTarget(sa, 1, 1)],
                       [CellTarget(sb, 1, 1), CellTarget(sb, 1, 2), CellTarget(sb, 1, 2)])
    assert got == [True, False, False]
