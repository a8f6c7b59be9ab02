"""Large sheets are streamed: a one-cell check reads rows only up to that cell and keeps only
that row; a whole-column check keeps one column; shared formulas whose master is far above
still expand. Memory is measured with tracemalloc (allocation sizes, not time)."""

from __future__ import annotations

import tracemalloc

import pytest

from officeeval.excel import celldata
from officeeval.formats import open_document
from officeeval.catalog import resolve
from officeeval.selectors import select
from officeeval.values import CellValue
from tests.excel.bigsheet import write_big

ROWS = 20_000


@pytest.fixture(scope="module")
def big(tmp_path_factory):
    return write_big(tmp_path_factory.mktemp("big") / "big.xlsx", ROWS)


@pytest.fixture
def doc(big, monkeypatch):
    # The file is ~3.5 MB of sheet XML: force the streaming path as for a real giant.
    monkeypatch.setattr(celldata, "EAGER_BYTES", 256 * 1024)
    d = open_document(big, options={"recalc": False})
    yield d
    d.close()


def value(doc, sel, prop="cell.value"):
    (t,) = select(doc, sel)
    obs = resolve(prop, t)
    return None if obs is None else obs.value


def test_one_cell_near_the_top_stops_early(doc):
    store = doc.sheets[0].store
    assert store.large
    assert value(doc, "'数据'!C10") == CellValue("number", (10 * 37) % 1000 + 0.5)
    assert store.scans == 1
    assert store.rows_read == 11          # rows 1..10 and the first row past the request
    assert len(store.cells) == 1          # only the cell asked for is kept


def test_one_cell_at_the_bottom_keeps_one_row(doc):
    store = doc.sheets[0].store
    last = ROWS + 1
    assert value(doc, f"'数据'!E{last}", "cell.formula") == f"=C{last}*2"   # shared, shifted
    assert value(doc, f"'数据'!B{last}") == CellValue("text", f"客户{last % 500:04d}")
    assert value(doc, f"'数据'!D{last}", "cell.display").startswith("2024/") or \
        value(doc, f"'数据'!D{last}", "cell.display").startswith("2025/")
    assert len(store.cells) == 3          # the three cells asked for, nothing else
    assert store.scans == 3


def test_whole_column_keeps_one_column(doc):
    cells = select(doc, "'数据'!C:C")
    assert len(cells) == ROWS + 1
    store = doc.sheets[0].store
    assert {c for (_, c) in store.cells} == {3}
    assert doc.sheets[0].used_area() is not None and str(doc.sheets[0].used_area()) == f"A1:E{ROWS + 1}"
    total = sum(resolve("cell.value", t).value.value for t in cells[1:])
    assert total == pytest.approx(sum((r * 37) % 1000 + 0.5 for r in range(2, ROWS + 2)))


def test_one_cell_check_memory_is_small(tmp_path, monkeypatch):
    big = write_big(tmp_path / "mem.xlsx", 3_000)
    from officeeval.catalog import catalog
    catalog()  # imports and the registry are not part of what is measured
    warm = open_document(big, options={"recalc": False})
    value(warm, "'数据'!C2")
    warm.close()
    monkeypatch.setattr(celldata, "EAGER_BYTES", 16 * 1024)
    tracemalloc.start()
    d = open_document(big, options={"recalc": False})
    value(d, "'数据'!C3000")
    # CPython's free lists are not what grading keeps: the byte reader's ``findall``
    # leaves up to 2,000 freed 7-tuples (~190 KB) on the tuple free list, whatever the
    # sheet's size; a full collection empties the free lists.
    import gc
    gc.collect()
    kept, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    sheet_bytes = d.package.part_size(d.sheets[0].part)
    assert d.sheets[0].store.large and len(d.sheets[0].store.cells) == 1
    d.close()
    # Nothing proportional to the sheet is kept; the peak is bounded by the parser's
    # buffers (a constant ~2 MB prolog window of the hardened parser), not by the rows.
    # Peaks on 200,000 rows are measured in bench/excel_bench.py.
    assert kept * 10 < sheet_bytes
    assert peak < 16 * 1024 * 1024


def test_a_planned_rubric_streams_a_large_sheet_once(doc):
    from officeeval.selectors import plan
    last = ROWS + 1
    sels = ["'数据'!C10", f"sheet('数据')/E{last}", f"'数据'!B2:B{last}", "sheet[1]/cell('D5')"]
    plan(doc, sels)
    store = doc.sheets[0].store
    assert store.scans == 0               # announcing reads nothing
    got = [value(doc, sels[0]), value(doc, sels[1], "cell.formula"), value(doc, sels[3])]
    assert len(select(doc, sels[2])) == ROWS
    assert store.scans == 1               # one pass for all four selectors
    assert got[0] == CellValue("number", (10 * 37) % 1000 + 0.5)
    assert got[1] == f"=C{last}*2"        # a shared formula whose master is at the top
    assert {c for (_, c) in store.cells} == {2, 3, 4, 5}   # only what was asked for


def test_a_plan_never_changes_what_a_request_reads(tmp_path, monkeypatch):
    """A planned pass that fails further down (here: a truncated part) does not fail a
    request that needs only the top: the request is read alone, as without the plan."""
    import zipfile
    from officeeval.selectors import plan
    src = write_big(tmp_path / "t.xlsx", 2_000)
    broken = tmp_path / "broken.xlsx"
    with zipfile.ZipFile(src) as zin, zipfile.ZipFile(broken, "w") as zout:
        for name in zin.namelist():
            data = zin.read(name)
            if name == "xl/worksheets/sheet1.xml":
                data = data[: len(data) // 2]
            zout.writestr(name, data)
    monkeypatch.setattr(celldata, "EAGER_BYTES", 16 * 1024)
    d = open_document(broken, options={"recalc": False})
    plan(d, ["'数据'!C10", "'数据'!C1990"])
    assert value(d, "'数据'!C10") == CellValue("number", (10 * 37) % 1000 + 0.5)
    from officeeval.errors import PackageError
    with pytest.raises(PackageError):
        value(d, "'数据'!C1990")
    d.close()
