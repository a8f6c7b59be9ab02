"""While grading (``options["shared_trees"]``), workbooks whose theme parts have identical
bytes share one reading of the theme (openpyxl and Excel write the same theme into every
workbook); a workbook with another theme keeps its own colours, and a view opened without
the option (an edited one) reads its own."""

from __future__ import annotations

from officeeval.catalog import resolve
from officeeval.formats import open_document
from officeeval.ooxml.shared_trees import MIN_SHARED_BYTES
from officeeval.selectors import select
from tests.excel.xlsx_builder import THEME, styles_xml, xlsx

GRADING = {"shared_trees": True, "recalc": False}
STYLES = styles_xml(fills='<fill><patternFill patternType="solid"><fgColor theme="4"/>'
                          '</patternFill></fill>',
                    xfs='<xf numFmtId="0" fontId="0" fillId="2" borderId="0"/>')
SHEET = '<sheetData><row r="1"><c r="A1" s="1"><v>1</v></c></row></sheetData>'


def theme(accent1: str) -> str:
    # Large enough to be shared (small parts are cheaper to parse than to keep).
    pad = "<!--" + "x" * MIN_SHARED_BYTES + "-->"
    return THEME.replace("4472C4", accent1).replace("</a:theme>", pad + "</a:theme>")


def book(tmp_path, name: str, accent1: str):
    return xlsx(tmp_path, [("S", SHEET)], styles=STYLES, name=name,
                parts={"xl/theme/theme1.xml": theme(accent1)})


def fill(doc) -> str:
    return resolve("cell.fill.color", select(doc, "sheet(1)/A1")[0]).value


def test_identical_theme_bytes_are_read_once_while_grading(tmp_path):
    a = open_document(book(tmp_path, "a.xlsx", "112233"), options=GRADING)
    b = open_document(book(tmp_path, "b.xlsx", "112233"), options=GRADING)
    c = open_document(book(tmp_path, "c.xlsx", "AABBCC"), options=GRADING)
    assert a.theme is b.theme and c.theme is not a.theme
    assert (fill(a), fill(b), fill(c)) == ("112233", "112233", "AABBCC")


def test_a_view_opened_without_sharing_reads_its_own_theme(tmp_path):
    path = book(tmp_path, "d.xlsx", "445566")
    shared = open_document(path, options=GRADING)
    own = open_document(path, options={"recalc": False})
    assert own.theme is not shared.theme
    assert fill(own) == fill(shared) == "445566"
