"""A grade sheet as a browser lays it out (headless Chromium): short values, selectors and
property names each on one line, even in a narrow window where the detail column wraps (a
column was once squeezed until "Times New Roman" took three lines). Skips only when
Chromium is absent (CI installs it)."""

from __future__ import annotations

import pytest

from officeeval.report.html import write_report
from officeeval.report.sheets import sheet_name
from officeeval.rubric.loader import load_rubric_text
from officeeval.runner.store import GenerationMeta, Store
from officeeval.scoring import evaluate
from tests.builders import docx, p

from chromium import Browser, find_chromium

EXE = find_chromium()
pytestmark = [pytest.mark.chromium,
              pytest.mark.skipif(EXE is None, reason="headless Chromium is not installed")]

RUBRIC = """<rubric xmlns="urn:officeeval:rubric:1" id="layout" app="word" total="3" pass="2">
  <criterion id="c1" skill="font" points="1">
    <check select="paragraph[not(text^='关于')]" property="font.name"
           expected="Times New Roman"/></criterion>
  <criterion id="c2" skill="paragraph" points="1">
    <check select="paragraph[text~='^[一二三]、']" property="paragraph.indent.first_line"
           expected="2char"/></criterion>
  <criterion id="c3" skill="page" points="1">
    <check select="section" property="page.margin.top" expected="2.5cm"/></criterion>
</rubric>"""

# Counts the line boxes of each element's text (a Range over it has one rect per line).
LINES = """Array.from(document.querySelectorAll(%r)).map(el => {
  const r = document.createRange(); r.selectNodeContents(el);
  const tops = new Set(Array.from(r.getClientRects()).map(x => Math.round(x.top)));
  return [el.textContent.trim(), tops.size]; })"""


@pytest.fixture(scope="module")
def sheet(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("layout")
    body = (p("关于举办读书节的通知") + p("一、活动时间", rpr='<w:rFonts w:ascii="Arial"/>')
            + p("读书节定于四月举行，活动期间各学院组织读书分享会。" * 3,
                rpr='<w:rFonts w:ascii="Calibri"/>')
            + '<w:sectPr><w:pgMar w:top="1400" w:bottom="1418" w:left="1701" w:right="1701"/>'
              '</w:sectPr>')
    card = evaluate(load_rubric_text(RUBRIC, "layout.xml"), docx(tmp, body))
    out = tmp / "out"
    with Store(out) as store:
        store.record(GenerationMeta("k1", "layout", "m", 1, "word", "1", "code"), card,
                     {"mode": "bwrap", "exit_code": 0, "output_found": True})
    write_report(out)
    return out / "report" / "sheets" / sheet_name("k1")


@pytest.mark.parametrize("width", [1280, 900])
def test_short_values_selectors_and_properties_take_one_line(sheet, width):
    with Browser(EXE, width=width) as b:
        b.open(sheet.as_uri())
        assert b.problems() == []
        cells = b.evaluate(LINES % "td.val.nw") + b.evaluate(LINES % "tr.check td.sel code") \
            + b.evaluate(LINES % "td.prop code")
        texts = {t for t, _ in cells}
        assert {"'Arial'", "Times New Roman", "paragraph[not(text^='关于')]",
                "paragraph.indent.first_line", "2.50cm", "2.47cm"} <= texts, texts
        assert [(t, n) for t, n in cells if n != 1] == []
        if width == 900:  # the long detail wraps instead: the table is not one endless line
            details = b.evaluate(LINES % "tr.check td:last-child")
            assert max(n for _, n in details) >= 2, details
