"""chart.cache_matches_workbook: a chart's cached series names, categories and values
against the cells of the workbook it embeds (what "Edit Data" opens), and its writer (the
cache rewritten from the workbook, or broken)."""

from __future__ import annotations

import pytest

from officeeval.audit.workspace import Workspace
from officeeval.catalog import catalog
from officeeval.ooxml.embedded_workbook import (chart_matches_workbook, compare_with_workbook,
                                                split_reference)
from officeeval.ooxml.package import Package
from officeeval.rubric import load_rubric_text
from officeeval.scoring import evaluate
from officeeval.selectors import select
from tests.word.wbuild import NORMAL, docx, p, values
from tests.word.wrefs import CHART_PARAGRAPH, CHART_REL, chart_book, chart_parts, chart_xml


def _doc(tmp_path, chart=None, book=None, name="chart.docx"):
    return docx(tmp_path, p("图表如下") + CHART_PARAGRAPH, styles=NORMAL,
                parts=chart_parts(chart, book), rels=[CHART_REL], name=name)


def _compare(path):
    with Package.open(path) as pkg:
        return chart_matches_workbook(pkg, "word/charts/chart1.xml")


@pytest.mark.parametrize("ref, got", [
    ("'数据'!$B$2:$B$4", ("数据", (2, 2, 4, 2))), ("Sheet1!B1", ("Sheet1", (1, 2, 1, 2))),
    ("'It''s'!$A$1:$C$1", ("It's", (1, 1, 1, 3))), ("(Sheet1!$A$1)", ("Sheet1", (1, 1, 1, 1))),
    ("Sheet1!$A$1,Sheet1!$A$3", None), ("销量", None), ("Sheet1!A:A", None),
])
def test_split_reference(ref, got):
    assert split_reference(ref) == got


def test_a_cache_that_matches(tmp_path):
    path = _doc(tmp_path)
    assert values(path, "chart[1]", "chart.cache_matches_workbook") == [(True, "computed")]
    got = _compare(path)
    assert got.matches is True and got.compared == 7  # name, 3 categories, 3 values


@pytest.mark.parametrize("chart, book, said", [
    (chart_xml(values=("10", "25", "30")), None,
     "series 1 values point 2 ('数据'!$B$2:$B$4): the chart caches 25.0, the workbook holds "
     "20.0"),
    (chart_xml(name="销售额"), None,
     "series 1 name ('数据'!$B$1): the chart caches '销售额', the workbook holds '销量'"),
    (chart_xml(months=("一月", "二月", "四月")), None, "series 1 categories point 3"),
    (None, chart_book(rows=(("月份", "销量"), ("一月", 10), ("二月", 20))),
     "series 1 values point 3 ('数据'!$B$2:$B$4): the chart caches 30.0, the workbook "
     "holds None"),
    (None, chart_book(rows=(("月份", "销量"), ("一月", 10.0000000001), ("二月", 20),
                            ("三月", 30))), ""),  # within 1e-9
])
def test_a_cache_that_does_not(tmp_path, chart, book, said):
    path = _doc(tmp_path, chart, book)
    got = _compare(path)
    assert got.matches is (not said) and got.first_mismatch.startswith(said), got
    assert values(path, "chart[1]", "chart.cache_matches_workbook") == [
        (not said, "computed")]


def test_no_embedded_workbook_no_value(tmp_path):
    path = _doc(tmp_path, chart=chart_xml(embedded=False))
    assert values(path, "chart[1]", "chart.cache_matches_workbook") == [None]
    broken = _doc(tmp_path, book=b"not a zip", name="broken.docx")
    assert values(broken, "chart[1]", "chart.cache_matches_workbook") == [None]


def test_the_writer_breaks_and_restores_the_match(tmp_path):
    path = _doc(tmp_path)
    writer = catalog().writer("chart.cache_matches_workbook", "word")
    ws = Workspace(path, "word")
    edit = ws.begin()
    assert writer.write(edit, select(edit.doc, "chart[1]")[0], False) == "cached '10' -> '11'"
    broken = ws.write(edit, tmp_path / "broken.docx")
    assert values(broken, "chart[1]", "chart.cache_matches_workbook") == [(False, "computed")]
    ws = Workspace(broken, "word")
    edit = ws.begin()
    note = writer.write(edit, select(edit.doc, "chart[1]")[0], True)
    assert note == "7 cached points rewritten from the workbook"
    fixed = ws.write(edit, tmp_path / "fixed.docx")
    assert values(fixed, "chart[1]", "chart.cache_matches_workbook") == [(True, "computed")]
    assert values(fixed, "chart[1]", "chart.series.names") == [(["销量"], "direct")]


def test_a_rubric_on_it(tmp_path):
    rubric = load_rubric_text("""<rubric xmlns="urn:officeeval:rubric:1" id="t" app="word">
      <criterion id="c" skill="chart" points="100">
        <check select="chart[1]" property="chart.cache_matches_workbook" expected="是"/>
      </criterion></rubric>""")
    assert evaluate(rubric, _doc(tmp_path)).score == 100
    stale = _doc(tmp_path, chart_xml(values=("1", "2", "3")), name="stale.docx")
    assert evaluate(rubric, stale).score == 0
