"""The byte-level reader of streamed rows (``excel/fastrows``) records exactly what the lxml
reader records for the same pass — cells with their type, style, value, inline text and
formula (shared members expanded, data tables, arrays), row attributes, shared-formula
masters and array ranges — and leaves anything unusual to the lxml reader."""

from __future__ import annotations

import io
import zipfile

import pytest

from officeeval.excel import celldata
from officeeval.excel.celldata import CellStore
from officeeval.excel.refs import MAX_COL
from officeeval.ooxml.package import Package

S = "http://schemas.openxmlformats.org/spreadsheetml/2006/main"
AC = "http://schemas.microsoft.com/office/spreadsheetml/2009/9/ac"
PART = "xl/worksheets/sheet1.xml"
CT = ('<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">'
      '<Default Extension="xml" ContentType="application/xml"/>'
      '<Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/'
      'vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>'
      '<Override PartName="/xl/workbook.xml" ContentType="application/'
      'vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/></Types>')
RELS = ('<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">'
        '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/'
        'relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>')


def sheet(rows: str, head: str = "", tail: str = "", decl: str = "<?xml version=\"1.0\" "
          "encoding=\"UTF-8\" standalone=\"yes\"?>\n", root_attrs: str = "") -> bytes:
    return (f'{decl}<worksheet xmlns="{S}" xmlns:x14ac="{AC}"{root_attrs}>{head}'
            f'<sheetData>{rows}</sheetData>{tail}</worksheet>').encode("utf-8")


def store_of(data: bytes, fast: bool, monkeypatch) -> CellStore:
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED) as zf:
        zf.writestr("[Content_Types].xml", CT)
        zf.writestr("_rels/.rels", RELS)
        zf.writestr("xl/workbook.xml", f'<workbook xmlns="{S}"/>')
        zf.writestr(PART, data)
    store = CellStore(Package.open(buf.getvalue()), PART, eager_bytes=0)
    assert store.large
    if not fast:
        monkeypatch.setattr(store, "_fast_pass", lambda *args: False)
    return store


def state(store: CellStore) -> tuple:
    cells = {k: tuple(getattr(c, s) for s in c.__slots__) for k, c in store.cells.items()}
    return cells, dict(store.rows), dict(store._shared), [(str(a), r, c) for a, r, c in
                                                          store._arrays]


def both(data: bytes, monkeypatch, *requests) -> tuple[CellStore, CellStore]:
    """The fast and the lxml reader after the same requests; asserts they agree."""
    fast, slow = store_of(data, True, monkeypatch), store_of(data, False, monkeypatch)
    for req in requests:
        fast.ensure(*req)
        slow.ensure(*req)
    assert state(fast) == state(slow)
    assert fast.rows_read == slow.rows_read
    return fast, slow


ROWS = (
    '<row r="1" spans="1:6" x14ac:dyDescent="0.25"><c r="A1" t="s"><v>0</v></c>'
    '<c r="B1" t="inlineStr"><is><t>名称 &amp; &lt;量&gt;</t></is></c>'
    '<c r="C1" t="str"><f>"a"&amp;"b"</f><v>ab</v></c></row>'
    '<row r="2" ht="30" customHeight="1"><c r="A2" s="3"><v>45123.5</v></c>'
    '<c r="B2" s="1"><f t="shared" ref="B2:B5" si="0">A2*2</f><v>90247</v></c>'
    '<c r="C2" t="e"><f>1/0</f><v>#DIV/0!</v></c><c r="D2" t="b"><v>1</v></c></row>'
    '<row r="3" hidden="1" outlineLevel="2" s="4" customFormat="1">'
    '<c r="A3"><v>  7 </v></c><c r="B3" s="1"><f t="shared" si="0"/><v>14</v></c>'
    '<c r="C3" t="e"><v>#N/A</v></c><c r="D3" t="d"><v>2024-05-06T07:08:09</v></c></row>'
    '<row r="4"><c r="A4" t="inlineStr"><is><t xml:space="preserve"> a\r\nb </t>'
    '<t>c</t></is></c><c r="B4" s="1"><f t="shared" si="0"/><v>0</v></c>'
    '<c r="C4"><f t="array" ref="C4:C5">SUM(A1:A3*2)</f><v>3</v></c>'
    '<c r="D4"><f t="dataTable" ref="D4:D5" dt2D="0" dtr="1" r1="A1"/><v>1</v></c></row>'
    '<row r="5" collapsed="true"><c r="A5" s="2"/><c r="B5" s="1"><f t="shared" si="0"/>'
    '<v/></c><c r="C5"><v></v></c><c r="D5" cm="1"><f>_xlfn.ANCHORARRAY(A1)</f>'
    '<v>2</v></c></row>\n'
    '<row r="7"/>'
    '<row r="8"><c r="A8" t="inlineStr"><is/></c><c r="B8"><v>&#x4E2D;&#25991;</v></c>'
    '<c r="Z8"><v>26</v></c><c r="AA8"><v>27</v></c><c r="XFD8"><v>x</v></c></row>'
    '<row r="9"><c r="A9"><v>9</v></c></row>'
)


@pytest.mark.parametrize("requests", [
    [(1, 5, 1, 4)], [(2, 2, 2, 2)], [(3, 4, 1, 1)], [(1, 9, 1, MAX_COL)],
    [(8, 8, 1, MAX_COL)], [(4, 8, 26, 27)], [(5, 5, 2, 2), (1, 1, 1, 1)],
    [(2, 3, MAX_COL + 1, MAX_COL + 1)],  # row attributes only
])
def test_the_fast_reader_records_what_the_lxml_reader_does(monkeypatch, requests):
    fast, _ = both(sheet(ROWS), monkeypatch, *requests)
    assert fast.fast_scans == len(requests)


def test_a_combined_pass_of_planned_areas(monkeypatch):
    data = sheet(ROWS)
    fast, slow = store_of(data, True, monkeypatch), store_of(data, False, monkeypatch)
    for s in (fast, slow):
        s.plan([(1, 5, 2, 2), (8, 8, 1, 3)])
        s.ensure(2, 4, 3, 4)
    assert state(fast) == state(slow) and fast.scans == slow.scans == 1
    assert fast.fast_scans == 1


def test_values_read_by_the_fast_reader(monkeypatch):
    fast, _ = both(sheet(ROWS), monkeypatch, (1, 9, 1, MAX_COL))
    c = fast.cells
    assert c[(1, 2)].inline == "名称 & <量>" and c[(1, 3)].f == '"a"&"b"'
    assert c[(3, 2)].f == "A3*2" and c[(4, 2)].f == "A4*2"        # shared, expanded
    assert c[(3, 3)].t == "e" and c[(3, 3)].v == "#N/A"
    assert c[(3, 1)].v == "  7 " and c[(5, 2)].v == "" and c[(5, 3)].v == ""
    assert c[(4, 1)].inline == " a\nb c"                           # line ends as libxml2
    assert c[(4, 4)].f == "TABLE(A1)" and c[(4, 3)].f_kind == "array"
    assert c[(8, 1)].inline == "" and c[(8, 2)].v == "中文"
    assert c[(8, MAX_COL)].v == "x" and c[(5, 4)].cm == "1"
    assert fast.rows[3].hidden and fast.rows[3].outline == 2 and fast.rows[3].style == 4
    assert fast.rows[1] is celldata.PLAIN_ROW and fast.rows[2].height == 30
    assert fast._shared["0"] == (2, 2, "A2*2") and str(fast._arrays[0][0]) == "C4:C5"


def test_a_pass_stops_after_the_last_row_it_needs(monkeypatch):
    fast, slow = both(sheet(ROWS), monkeypatch, (2, 2, 1, 1))
    assert fast.rows_read == 3 and (3, 1) not in fast.cells


@pytest.mark.parametrize("rows", [
    '<row r="1"><c r="A1" t="inlineStr"><is><r><rPr><b/></rPr><t>rich</t></r></is></c></row>',
    '<row r="1"><c t="s"><v>0</v></c><c r="B1"><v>1</v></c></row>',        # no r
    '<row><c r="A1"><v>1</v></c></row><row><c r="A2"><v>2</v></c></row>',   # rows without r
    '<row r="1"><c s="1" r="A1"><v>1</v></c></row>',                       # r not first
    '<row r="1"><!-- note --><c r="A1"><v>1</v></c></row>',
    '<row r="1"><c r="A1"><v><![CDATA[1<2]]></v></c></row>',
    '<row r="1"><c r="A1"><v>1</v><extLst/></c></row>',
    '<row r="1"><c r="A1" t="str"><v>&bogus;</v></c></row>',               # malformed
    '<row r="1"><c r="A1"><v>1</v></c>',                                   # malformed
    '<row r="1"><c r="a1"><v>1</v></c></row>',                             # lower case
    '<row r="1"><c r="XFE1"><v>1</v></c><c r="A1"><v>2</v></c></row>',      # past the grid
    '<row r="1"><c r="A1"><f t="shared" ref="A1:A2" si="0">1</f><f ref="A1">2</f></c></row>',
    '<row r="1"><c r="A1" xmlns:q="urn:q" q:x="1"><v>1</v></c></row>',
    '<row r="1"><row r="2"/></row>',
])
def test_anything_unusual_is_left_to_the_lxml_reader(monkeypatch, rows):
    data = sheet(rows)
    fast, slow = store_of(data, True, monkeypatch), store_of(data, False, monkeypatch)
    errors = []
    for s in (fast, slow):
        try:
            s.ensure(1, 2, 1, 3)
            errors.append(None)
        except Exception as exc:  # noqa: BLE001 - both readers must fail alike
            errors.append((type(exc), str(exc)))
    assert errors[0] == errors[1]
    assert state(fast) == state(slow)
    assert fast.fast_scans == 0


def test_character_data_between_cells_is_ignored_by_both_readers(monkeypatch):
    data = sheet('<row r="1">text<c r="A1"><v>1</v></c> more </row>tail<row r="2"/>')
    fast, _ = both(data, monkeypatch, (1, 2, 1, 1))
    assert fast.fast_scans == 1 and fast.cells[(1, 1)].v == "1"


def test_rows_outside_sheet_data_are_left_to_the_lxml_reader(monkeypatch):
    data = sheet('<row r="1"><c r="A1"><v>1</v></c></row>',
                 tail=f'<extLst><row xmlns="{S}" r="2"><c r="A2"><v>2</v></c></row></extLst>')
    fast, slow = both(data, monkeypatch, (1, 3, 1, 1))
    assert fast.fast_scans == 0 and (2, 1) in slow.cells


@pytest.mark.parametrize("decl", ['<?xml version="1.0" encoding="GBK"?>',
                                  '<?xml version="1.0" encoding="UTF-16"?>'])
def test_other_encodings_are_left_to_the_lxml_reader(monkeypatch, decl):
    rows = '<row r="1"><c r="A1" t="str"><v>中文</v></c></row>'
    text = (f'{decl}<worksheet xmlns="{S}"><sheetData>{rows}</sheetData></worksheet>')
    data = text.encode("gbk" if "GBK" in decl else "utf-16")
    fast, slow = both(data, monkeypatch, (1, 1, 1, 1))
    assert fast.fast_scans == 0 and fast.cells[(1, 1)].v == "中文"


def test_a_prefixed_main_namespace_is_left_to_the_lxml_reader(monkeypatch):
    data = (f'<x:worksheet xmlns:x="{S}"><x:sheetData><x:row r="1"><x:c r="A1"><x:v>5</x:v>'
            f'</x:c></x:row></x:sheetData></x:worksheet>').encode()
    fast, _ = both(data, monkeypatch, (1, 1, 1, 1))
    assert fast.fast_scans == 0 and fast.cells[(1, 1)].v == "5"


def test_chunk_boundaries_do_not_change_what_is_read(monkeypatch):
    from officeeval.excel import fastrows
    monkeypatch.setattr(fastrows, "CHUNK", 64)
    rows = "".join(f'<row r="{r}"><c r="A{r}"><v>{r}</v></c><c r="B{r}" t="inlineStr"><is><t>'
                   f'第{r}行</t></is></c></row>' for r in range(1, 300))
    fast, _ = both(sheet(rows), monkeypatch, (1, 299, 1, 2), (150, 151, 1, 1))
    assert fast.fast_scans == 1 and fast.cells[(299, 2)].inline == "第299行"


# ------------------------------------------------------------------------------ corpus
from tests.conftest import corpus_names  # noqa: E402

CORPUS_XLSX = corpus_names("xlsx")


@pytest.mark.parametrize("name", CORPUS_XLSX)
def test_corpus_worksheets_read_alike_when_streamed(corpus, name, monkeypatch):
    """Every worksheet of every corpus workbook, streamed as if it were large: the byte
    reader (where it reads at all) records what the lxml reader records, or both fail
    alike, and finds the same used range and outline depth in its full pass. Across the
    corpus it reads 101 of 110 worksheets (the rest fall back)."""
    pkg = Package.open(corpus / "xlsx" / name)
    parts = [p for p in pkg.part_names()
             if p.lower().startswith("xl/worksheets/") and p.lower().endswith(".xml")]
    for part in parts:
        got = []
        for use_fast in (True, False):
            s = CellStore(pkg, part, eager_bytes=0)
            if not use_fast:
                monkeypatch.setattr(s, "_fast_pass", lambda *args: False)
            try:
                s.ensure(1, celldata.MAX_ROW - 1, 1, MAX_COL)  # every row, not a full pass
                # Then the used range's full pass (bounds only).
                got.append((state(s), str(s.used()), s.max_outline()))
            except Exception as exc:  # noqa: BLE001 - both readers must fail alike
                got.append((type(exc), str(exc)))
        assert got[0] == got[1], part


# ------------------------------------------------------------------------------ full passes
BOUNDS_ROWS = (
    '<row r="2"><c r="B2" s="1"/><c r="C2"><v></v></c><c r="D2"><v>4</v></c>'
    '<c r="E2" s="2"/></row>'
    '<row r="3" outlineLevel="3"><c r="A3"><v/></c><c r="C3"><f>1+1</f></c></row>'
    '<row r="4"><c r="G4" t="inlineStr"><is><t></t></is></c><c r="H4"> </c></row>'
    '<row r="5" s="2" customFormat="1"/>'
    '<row r="6"><c r="A6"><v> </v></c><c r="B6"><v xml:space="preserve"></v></c></row>'
    '<row r="7"><c r="C7"><v>&amp;</v></c><c r="K7"><f t="shared" ref="K7:K8" si="0">A1</f>'
    '<v>1</v></c></row><row r="8"><c r="K8"><f t="shared" si="0"/><v>2</v></c>'
    '<c r="M8" s="1"/></row>')


@pytest.mark.parametrize("rows", [BOUNDS_ROWS, ROWS, '<row r="3"><c r="B3" s="1"/></row>',
                                  ""])
def test_the_used_range_pass_is_read_from_the_bytes_alike(monkeypatch, rows):
    fast, slow = store_of(sheet(rows), True, monkeypatch), store_of(sheet(rows), False,
                                                                    monkeypatch)
    assert (fast.used(), fast.max_outline()) == (slow.used(), slow.max_outline())
    assert fast.fast_scans == 1 and slow.fast_scans == 0
    assert state(fast) == state(slow) and fast.rows_read == slow.rows_read
    # A whole column then a cell: both readers, the same records.
    for s in (fast, slow):
        s.ensure(1, celldata.MAX_ROW, 3, 3)
        s.ensure(8, 8, 11, 11)
    assert state(fast) == state(slow)


def test_the_used_range_of_the_bounds_rows():
    store = store_of(sheet(BOUNDS_ROWS), True, None)
    # Content: D2 (C2's v is empty), C3, G4 (an empty inline string is content), A6, C7,
    # K7, K8; B6's empty v and the style-only cells are not.
    assert str(store.used()) == "A2:K8" and store.max_outline() == 3
    assert store.fast_scans == 1


def test_a_combined_full_pass_reads_from_the_bytes(monkeypatch):
    rows = "".join(f'<row r="{r}"><c r="A{r}"><v>{r}</v></c><c r="C{r}" s="1"><v>{r * 2}</v>'
                   f'</c></row>' for r in range(1, 400))
    fast, slow = both(sheet(rows), monkeypatch, (1, celldata.MAX_ROW, 3, 3), (5, 5, 1, 1))
    assert fast.fast_scans == 2 and fast.scans == 2
    assert fast.used() == slow.used() and str(fast.used()) == "A1:C399"


# ------------------------------------------------------------------------------ row order
def _ascending(data: bytes, chunk: int | None = None, monkeypatch=None) -> bool:
    from officeeval.excel import fastrows
    if chunk is not None:
        monkeypatch.setattr(fastrows, "CHUNK", chunk)
    return fastrows.rows_ascending(io.BytesIO(data), PART)


@pytest.mark.parametrize("rows,expected", [
    ('<row r="1"/><row r="2"><c r="A2"><v>1</v></c></row><row r="10"/>', True),
    ("", True),
    ('<row r="2"/><row r="1"/>', False),                       # descending
    ('<row r="1"/><row r="1"/>', False),                       # repeated
    ('<row r="1"/><row spans="1:2" r="2"/>', False),           # r not first: cannot tell
    ('<row r="1"/><row><c r="A2"><v>1</v></c></row>', False),  # no r
    ('<row r="3"/><!-- <row r="1"/> -->', False),              # looks like a row: never True
    ('<row r="1"/><row r="2"/><rowBreaks/>', True),            # not a row element
])
def test_rows_ascending_says_true_only_when_sure(rows, expected, monkeypatch):
    assert _ascending(sheet(rows)) is expected
    # Chunk ends anywhere in the rows change nothing (they start past the first read).
    padded = sheet(rows, head="<!--" + "x" * 5000 + "-->")
    for chunk in (7, 16, 33):
        assert _ascending(padded, chunk, monkeypatch) is expected


def test_rows_ascending_refuses_other_encodings():
    data = sheet('<row r="1"/>', decl='<?xml version="1.0" encoding="UTF-16"?>')
    assert _ascending(data.decode("utf-8").encode("utf-16")) is False


OUT_OF_ORDER = ('<row r="1"><c r="A1"><v>1</v></c></row>'
                '<row r="4"><c r="A4"><v>4</v></c><c r="B4"><v>40</v></c></row>'
                '<row r="2"><c r="A2"><v>2</v></c></row>'
                '<row r="1"><c r="A1"><v>100</v></c></row>')   # row 1 again: the last write


@pytest.mark.parametrize("request_", [(1, 1, 1, 1), (2, 2, 1, 2), (1, 3, 1, 2),
                                      (1, celldata.MAX_ROW, 1, 1)])
def test_a_pass_over_rows_out_of_order_reads_to_the_end(monkeypatch, request_):
    fast, slow = both(sheet(OUT_OF_ORDER), monkeypatch, request_)
    assert fast.fast_scans == 1 and fast.rows_read == 4  # no stop after the wanted rows
    assert not fast.source.rows_in_order()
    small = CellStore(fast.package, PART, eager_bytes=1 << 30)
    small.ensure(1, celldata.MAX_ROW)
    for key, cell in fast.cells.items():
        assert (cell.v, cell.f) == (small.cells[key].v, small.cells[key].f)
    if request_[0] == 1:
        assert fast.cells[(1, 1)].v == "100"
    assert str(fast.used()) == str(small.used()) == "A1:B4"


def test_a_pass_over_rows_in_order_still_stops_after_the_last_wanted_row(monkeypatch):
    rows = "".join(f'<row r="{r}"><c r="A{r}"><v>{r}</v></c></row>' for r in range(1, 200))
    fast, slow = both(sheet(rows), monkeypatch, (3, 3, 1, 1))
    assert fast.source.rows_in_order() and fast.rows_read == slow.rows_read == 4


@pytest.mark.parametrize("repeat", [False, True])
def test_the_order_is_checked_while_a_pass_over_a_long_part_is_open(monkeypatch, repeat):
    # Past the first chunk: the order check reads its own stream of the part while the
    # pass's stream is half read; both readers, and the last write of a repeated row.
    rows = "".join(f'<row r="{r}"><c r="A{r}"><v>{r}</v></c><c r="B{r}" t="inlineStr">'
                   f'<is><t>第{r}行</t></is></c></row>' for r in range(1, 30001))
    if repeat:
        rows += '<row r="5"><c r="A5"><v>-5</v></c></row>'
    data = sheet(rows)
    assert len(data) > 2 * (1 << 20)
    fast, slow = both(data, monkeypatch, (5, 5, 1, 2))
    assert fast.fast_scans == 1 and fast.source.rows_in_order() is not repeat
    assert fast.cells[(5, 1)].v == ("-5" if repeat else "5")
    assert fast.rows_read == (30001 if repeat else 6)
