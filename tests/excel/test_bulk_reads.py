"""The bulk paths of the Excel view give what the one-cell paths give: a check's whole cell
range resolved behind one dispatch (``catalog.bulk_resolver`` → each cell property's
``many``), records read together (``CellStore.get_many``), values read together
(``cells.cell_values``), ``cell.has_formula`` without rendering the formula, number formats
remembered per cell format. Each comparison uses two freshly opened documents (one per path)
so that no cache of one path serves the other."""

from __future__ import annotations

import pytest

from officeeval.catalog import bulk_resolver, catalog, resolve
from officeeval.errors import UnverifiableValue
from officeeval.excel import cells as C
from officeeval.formats import open_document
from officeeval.properties.registry import ResolveContext
from officeeval.selectors import select
from tests.conftest import corpus_names
from tests.excel.xlsx_builder import styles_xml, xlsx

OFF = {"recalc": False}
CTX = ResolveContext(options=OFF)

CELL_PROPERTIES = sorted(p.name for p in catalog().all()
                         if "excel" in p.bindings and "cell" in p.bindings["excel"].kinds)

STYLES = styles_xml(
    num_fmts='<numFmt numFmtId="164" formatCode="yyyy-mm-dd"/>'
             '<numFmt numFmtId="165" formatCode="0.00%"/>',
    fonts='<font><b/><i/><sz val="14"/><color rgb="FFFF0000"/><name val="宋体"/></font>'
          '<font><u/><strike/><vertAlign val="superscript"/><color theme="4"/>'
          '<name val="Arial"/></font>',
    fills='<fill><patternFill patternType="solid"><fgColor rgb="FFFFFF00"/></patternFill></fill>'
          '<fill><patternFill patternType="solid"><fgColor theme="5" tint="0.4"/></patternFill>'
          '</fill>',
    borders='<border><left style="thin"/><right style="thin"/><top style="medium">'
            '<color rgb="FF0000FF"/></top><bottom style="double"/><diagonal/></border>',
    xfs='<xf numFmtId="164" fontId="0" fillId="0" borderId="0" applyNumberFormat="1"/>'
        '<xf numFmtId="165" fontId="1" fillId="2" borderId="1" applyFont="1"/>'
        '<xf numFmtId="4" fontId="2" fillId="3" borderId="1">'
        '<alignment horizontal="center" vertical="top" wrapText="1" indent="2"/></xf>'
        '<xf numFmtId="0" fontId="0" fillId="0" borderId="0" applyProtection="1">'
        '<protection locked="0"/></xf>')

SHEET = (
    '<cols><col min="6" max="6" width="12" style="3" customWidth="1"/></cols>'
    '<sheetData>'
    '<row r="1"><c r="A1" t="s"><v>0</v></c><c r="B1" t="inlineStr"><is><t>行内</t></is></c>'
    '<c r="C1" t="inlineStr"><is><r><t>富</t></r><r><t>文本</t></r></is></c>'
    '<c r="D1" t="b"><v>1</v></c><c r="E1" t="e"><v>#DIV/0!</v></c></row>'
    '<row r="2"><c r="A2" s="1"><v>45659</v></c><c r="B2" s="2"><v>0.1234</v></c>'
    '<c r="C2" s="3"><v>1234.5</v></c><c r="D2" s="4"><v>7</v></c>'
    '<c r="E2" t="d"><v>2025-01-05T10:30:00</v></c></row>'
    '<row r="3"><c r="A3"><v>2</v></c><c r="B3"><v>3</v></c>'
    '<c r="C3"><f t="shared" ref="C3:C5" si="0">_xlfn.RANK.EQ(A3,$A$3:$A$5)+SUM(A3:B3)</f>'
    '<v>6</v></c><c r="D3" t="str"><f>A3&amp;"x"</f><v>2x</v></c>'
    '<c r="E3"><f t="array" ref="E3:E4">SUM(A3:A5*B3:B5)</f><v>21</v></c></row>'
    '<row r="4"><c r="A4"><v>4</v></c><c r="B4"><v>5</v></c><c r="C4"><f t="shared" si="0"/>'
    '<v>10</v></c><c r="D4"><f>NOW()</f></c><c r="E4"><v>21</v></c></row>'
    '<row r="5" s="2" customFormat="1"><c r="A5"><v>1</v></c><c r="B5" s="0"><v>1</v></c>'
    '<c r="C5"><f t="shared" si="0"/><v>3</v></c><c r="D5"><f>IF(A5&gt;0,"是","否")</f>'
    '<v></v></c></row>'
    '<row r="7"><c r="A7" s="3"/><c r="B7" s="2"/></row>'
    '</sheetData><mergeCells count="1"><mergeCell ref="A7:B8"/></mergeCells>')


def book(tmp_path, calc_pr: str = ""):
    return xlsx(tmp_path, [("数据", SHEET)], styles=STYLES, strings=["共享"], calc_pr=calc_pr,
                name=f"bulk{len(calc_pr)}.xlsx")


def shape(obs):
    """Everything an observation says (a ``CellValue``'s extras and value type too)."""
    if obs is None:
        return None
    v = obs.value
    return (type(v), repr(v), type(getattr(v, "value", None)), obs.source, repr(obs.parts),
            obs.note)


def one_by_one(path, name: str, selector: str):
    """What resolving one target at a time gives: the shapes up to the first target that
    raises, then that error."""
    doc = open_document(path, options=OFF)
    out = []
    try:
        for t in select(doc, selector):
            out.append(shape(resolve(name, t, CTX)))
    except Exception as exc:  # noqa: BLE001 - compared with what the bulk path raises
        return out, (type(exc), str(exc))
    finally:
        doc.close()
    return out, None


def in_bulk(path, name: str, selector: str):
    doc = open_document(path, options=OFF)
    try:
        targets = select(doc, selector)
        many = bulk_resolver(name, targets)
        assert many is not None, name
        try:
            return [shape(o) for o in many(targets, CTX)], None
        except Exception as exc:  # noqa: BLE001
            return None, (type(exc), str(exc))
    finally:
        doc.close()


def test_every_excel_cell_property_has_a_bulk_form():
    assert len(CELL_PROPERTIES) >= 30
    assert "cell.value" in CELL_PROPERTIES and "cell.border.top" in CELL_PROPERTIES


@pytest.mark.parametrize("calc_pr", ["", '<calcPr fullCalcOnLoad="1"/>'])
@pytest.mark.parametrize("name", CELL_PROPERTIES)
def test_bulk_resolution_equals_one_by_one_on_inline_xml(tmp_path, name, calc_pr):
    path = book(tmp_path, calc_pr)
    for selector in ("sheet('数据')/A1:F8", "sheet('数据')/C3:C5", "sheet('数据')/F1:F2"):
        want, want_error = one_by_one(path, name, selector)
        got, got_error = in_bulk(path, name, selector)
        if want_error is None:
            assert got_error is None and got == want, (name, selector)
        else:
            # The bulk form raises what the first failing target raises.
            assert got is None and got_error == want_error, (name, selector)


def test_the_inline_workbook_reaches_the_interesting_cases(tmp_path):
    # The comparison above is only as good as the cells it covers.
    path = book(tmp_path)
    got, error = in_bulk(path, "cell.value", "sheet('数据')/A1:E3")
    assert error is None
    kinds = {g[1].split("'")[1] for g in got if g is not None}
    assert kinds == {"text", "bool", "error", "date", "number"}
    _, error = in_bulk(path, "cell.value", "sheet('数据')/A1:F8")
    assert error is not None and error[0] is UnverifiableValue  # D4: NOW() without a value
    fresh = book(tmp_path, '<calcPr fullCalcOnLoad="1"/>')
    _, error = in_bulk(fresh, "cell.value", "sheet('数据')/C3:C5")
    assert error is not None and error[0] is UnverifiableValue


def test_has_formula_is_whether_formula_of_gives_one(tmp_path):
    doc = open_document(book(tmp_path), options=OFF)
    sheet = doc.sheets[0]
    seen = {}
    for r in range(1, 9):
        for c in range(1, 7):
            seen[(r, c)] = C.has_formula(sheet, r, c)
            assert seen[(r, c)] is (C.formula_of(sheet, r, c) is not None)
    # Shared members, a plain formula without a value and an array formula's other cell.
    assert seen[(4, 3)] and seen[(4, 4)] and seen[(4, 5)] and not seen[(4, 1)]


def test_get_many_and_cell_values_equal_the_one_cell_reads(tmp_path):
    path = book(tmp_path)
    keys = [(r, c) for r in (5, 1, 3, 9, 4, 2, 7) for c in (6, 1, 3, 5, 2, 4)] + [(3, 3)]
    a, b = open_document(path, options=OFF), open_document(path, options=OFF)
    records = b.sheets[0].store.get_many(keys)
    for key, raw in zip(keys, records):
        one = a.sheets[0].store.get(*key)
        assert (raw is None) == (one is None), key
        if raw is not None:
            assert [getattr(raw, s) for s in raw.__slots__] == \
                [getattr(one, s) for s in one.__slots__], key
    plain = [k for k in keys if k not in ((4, 4), (5, 4))]  # D4, D5: no value to read
    c1 = open_document(path, options=OFF)
    c2 = open_document(path, options=OFF)
    want = [C.cell_value(c1.sheets[0], *k) for k in plain]
    got = C.cell_values(c2.sheets[0], plain)
    assert [(repr(v), s) for v, s in got] == [(repr(v), s) for v, s in want]
    with pytest.raises(UnverifiableValue) as bulk_error:
        C.cell_values(open_document(path, options=OFF).sheets[0], [(3, 1), (4, 4), (5, 1)])
    with pytest.raises(UnverifiableValue) as one_error:
        C.cell_value(open_document(path, options=OFF).sheets[0], 4, 4)
    assert str(bulk_error.value) == str(one_error.value)


def test_number_format_per_cell_format_is_remembered_not_mixed(tmp_path):
    doc = open_document(book(tmp_path), options=OFF)
    styles = doc.styles
    assert [styles.number_format_at(i) for i in (None, 0, 1, 2, 3, 4, 99, -1)] == \
        ["General", "General", "yyyy-mm-dd", "0.00%", "#,##0.00", "General", "General",
         "General"]
    assert [doc.sheets[0].number_format_of(i) for i in (1, 2, 1)] == \
        ["yyyy-mm-dd", "0.00%", "yyyy-mm-dd"]


# ------------------------------------------------------------------------------ corpus
CORPUS_XLSX = corpus_names("xlsx")
CORPUS_PROPERTIES = ("cell.value", "cell.display", "cell.formula", "cell.has_formula",
                     "cell.functions", "cell.number_format", "cell.border.top", "font.bold",
                     "cell.fill.color", "cell.merged")


@pytest.mark.parametrize("name", CORPUS_XLSX)
def test_corpus_ranges_resolve_alike_in_bulk(corpus, name):
    """Every worksheet of every corpus workbook, its used range (up to 60 rows x 20
    columns): each property resolved in bulk equals it resolved cell by cell."""
    path = corpus / "xlsx" / name
    probe = open_document(path, options=OFF)
    try:
        selectors = []
        for s in probe.sheets:
            used = s.used_area() if s.kind == "worksheet" and s.store is not None else None
            if used is not None:
                r2, c2 = min(used.r2, used.r1 + 59), min(used.c2, used.c1 + 19)
                selectors.append(f"sheet({s.index})/R{used.r1}C{used.c1}:R{r2}C{c2}")
    finally:
        probe.close()
    selectors = [_a1(s) for s in selectors]
    a, b = open_document(path, options=OFF), open_document(path, options=OFF)
    try:
        for selector in selectors:
            for prop in CORPUS_PROPERTIES:
                want, want_error = _one(a, prop, selector)
                got, got_error = _many(b, prop, selector)
                assert (got, got_error) == ((want, None) if want_error is None
                                            else (None, want_error)), (selector, prop)
    finally:
        a.close()
        b.close()


def _a1(selector: str) -> str:
    from officeeval.excel.refs import cell_ref
    head, area = selector.rsplit("/", 1)
    left, right = area.split(":")
    (r1, c1), (r2, c2) = (tuple(int(x) for x in p[1:].split("C")) for p in (left, right))
    return f"{head}/{cell_ref(r1, c1)}:{cell_ref(r2, c2)}"


def _one(doc, prop, selector):
    out = []
    try:
        for t in select(doc, selector):
            out.append(shape(resolve(prop, t, CTX)))
    except Exception as exc:  # noqa: BLE001
        return out, (type(exc), str(exc))
    return out, None


def _many(doc, prop, selector):
    targets = select(doc, selector)
    many = bulk_resolver(prop, targets)
    if not targets:
        return [], None
    try:
        return [shape(o) for o in many(targets, CTX)], None
    except Exception as exc:  # noqa: BLE001
        return None, (type(exc), str(exc))
