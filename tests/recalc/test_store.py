"""Recalculated workbooks kept between runs (recalc.store), without LibreOffice: what counts
as volatile, what is kept and found again, per LibreOffice build, and the service taking
kept results instead of starting an instance."""

from __future__ import annotations

import zipfile
from pathlib import Path

import pytest

from officeeval.recalc import store as S
from officeeval.recalc.service import RecalcService
from officeeval.recalc.store import ResultStore, volatile


def book(path: Path, formula: str = "SUM(A1:A2)", where: str = "sheet",
         text: str = "") -> Path:
    sheet = (f'<worksheet><sheetData><row r="1"><c r="A3"><f>{formula}</f></c>'
             f'<c r="B1" t="inlineStr"><is><t>{text}</t></is></c></row></sheetData>'
             f'</worksheet>') if where == "sheet" else "<worksheet/>"
    wb = ("<workbook><definedNames><definedName name='d'>" + formula +
          "</definedName></definedNames></workbook>") if where == "name" else "<workbook/>"
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as z:
        z.writestr("xl/workbook.xml", wb)
        z.writestr("xl/worksheets/sheet1.xml", sheet)
        z.writestr("xl/sharedStrings.xml", "<sst><si><t>TODAY()</t></si></sst>")
    return path


@pytest.mark.parametrize("formula, where, text, expected", [
    ("SUM(A1:A2)", "sheet", "", False),
    ("TODAY()", "sheet", "", True),
    ("today()", "sheet", "", True),
    ("A1+NOW()", "sheet", "", True),
    ("RAND()*10", "sheet", "", True),
    ("RANDBETWEEN(1,6)", "sheet", "", True),
    ("_xlfn.RANDARRAY(3)", "sheet", "", True),
    ("NOW ()", "sheet", "", True),
    ("SUM(A1:A2)", "sheet", "I KNOW(that)", False),      # not a function name
    ("MYTODAY(1)", "sheet", "", False),
    ("NOW()", "name", "", True),                          # in a defined name
])
def test_volatile_functions(tmp_path, formula, where, text, expected):
    assert volatile(book(tmp_path / "b.xlsx", formula, where, text)) is expected


def test_shared_strings_do_not_count(tmp_path):
    # book() always puts "TODAY()" in sharedStrings.xml: text, not a formula.
    assert volatile(book(tmp_path / "b.xlsx")) is False


def test_a_name_cut_by_a_chunk_boundary_is_found(tmp_path, monkeypatch):
    monkeypatch.setattr(S, "_CHUNK", 7)
    assert volatile(book(tmp_path / "b.xlsx", "1+2+3+4+RANDBETWEEN(1,6)")) is True


def test_unreadable_or_too_large_counts_as_volatile(tmp_path, monkeypatch):
    bad = tmp_path / "bad.xlsx"
    bad.write_bytes(b"PK\x03\x04 not a zip")
    assert volatile(bad) is True
    assert volatile(tmp_path / "missing.xlsx") is True
    monkeypatch.setattr(S, "SCAN_LIMIT", 50)
    assert volatile(book(tmp_path / "b.xlsx")) is True


def test_kept_per_build_and_not_when_volatile(tmp_path):
    root = tmp_path / "cache"
    plain, vol = book(tmp_path / "p.xlsx"), book(tmp_path / "v.xlsx", "NOW()")
    one = ResultStore(root, "LibreOffice 7.4.7.2")
    kept = one.put("a" * 64, plain)
    assert kept is not None and kept.read_bytes() == plain.read_bytes() and one.owns(kept)
    assert one.put("b" * 64, vol) is None
    again = ResultStore(root, "LibreOffice 7.4.7.2")
    assert again.get("a" * 64) == kept and again.reused == 1
    assert again.get("b" * 64) is None
    assert ResultStore(root, "LibreOffice 24.2.1").get("a" * 64) is None
    assert not list(one.directory.glob(".*.tmp"))


def test_an_unwritable_store_just_misses(tmp_path):
    blocker = tmp_path / "cache"
    blocker.write_text("a file where the directory should be")
    s = ResultStore(blocker, "v")
    assert s.put("a" * 64, book(tmp_path / "p.xlsx")) is None and s.get("a" * 64) is None


class ZipInstance:
    made = 0

    def __init__(self, soffice, timeout, *, workdir):
        ZipInstance.made += 1
        self.workdir = workdir

    def start(self):
        pass

    def recalculate(self, path):
        out = self.workdir / f"out-{Path(path).stem}.xlsx"
        out.write_bytes(Path(path).read_bytes())
        return out

    def close(self):
        pass


def test_a_later_service_takes_kept_results_without_starting(tmp_path):
    work = tmp_path / "work"
    work.mkdir()
    books = [book(tmp_path / f"b{i}.xlsx", f"SUM(A{i}:A9)") for i in range(3)]

    def service(cache_size=1024):
        return RecalcService("soffice", instances=1, cache_size=cache_size,
                             factory=lambda s, timeout: ZipInstance(s, timeout, workdir=work),
                             store=ResultStore(tmp_path / "cache", "v1"))
    ZipInstance.made = 0
    first = service()
    for b in books:
        first.recalculate(b)
    assert first.recalculations == 3 and first.store.kept == 3 and ZipInstance.made == 1
    second = service(cache_size=1)
    outs = [second.recalculate(b) for b in books]
    assert second.recalculations == 0 and second.started == 0 and second.store.reused == 3
    assert ZipInstance.made == 1
    assert all(o.is_file() for o in outs)        # evicted from memory, never deleted
    assert [o.read_bytes() for o in outs] == [b.read_bytes() for b in books]


def test_the_version_is_asked_once_when_first_needed(tmp_path):
    asked = []

    def version():
        asked.append(1)
        return "LibreOffice 7.4.7.2"
    s = ResultStore(tmp_path / "cache", version)
    assert asked == []                                   # not at construction
    assert s.get("a" * 64) is None and s.put("a" * 64, book(tmp_path / "p.xlsx"))
    assert s.get("a" * 64) is not None and asked == [1]


def test_no_version_no_store(tmp_path):
    s = ResultStore(tmp_path / "cache", lambda: None)
    assert s.put("a" * 64, book(tmp_path / "p.xlsx")) is None
    assert s.get("a" * 64) is None and not s.holds_any() and s.directory is None
    assert not (tmp_path / "cache").exists()


def test_prestart_waits_for_a_miss_when_results_are_kept(tmp_path):
    work = tmp_path / "work"
    work.mkdir()
    kept = ResultStore(tmp_path / "cache", "v1")
    kept.put("a" * 64, book(tmp_path / "p.xlsx"))
    ZipInstance.made = 0
    svc = RecalcService("soffice", factory=lambda s, timeout: ZipInstance(s, timeout,
                                                                          workdir=work),
                        store=ResultStore(tmp_path / "cache", "v1"))
    svc.prestart().join(5)
    assert ZipInstance.made == 0 and svc.started == 0
    empty = RecalcService("soffice", factory=lambda s, timeout: ZipInstance(s, timeout,
                                                                            workdir=work),
                          store=ResultStore(tmp_path / "other", "v1"))
    empty.prestart().join(5)
    assert empty.started == 1


def _rezip(src: Path, dst: Path, change: dict[str, bytes]) -> Path:
    with zipfile.ZipFile(src) as a, zipfile.ZipFile(dst, "w", zipfile.ZIP_DEFLATED) as b:
        for info in a.infolist():
            b.writestr(info.filename, change.get(info.filename, a.read(info)))
    return dst


def test_the_key_leaves_out_document_properties_only(tmp_path):
    from officeeval.recalc.store import workbook_key
    one = book(tmp_path / "one.xlsx")
    with zipfile.ZipFile(one, "a") as z:
        z.writestr("docProps/core.xml", "<cp><dcterms:created>2026-12-02T10:00:00Z"
                                        "</dcterms:created></cp>")
    later = _rezip(one, tmp_path / "later.xlsx", {
        "docProps/core.xml": b"<cp><dcterms:created>2026-12-02T10:00:07Z</dcterms:created></cp>"})
    other = _rezip(one, tmp_path / "other.xlsx", {
        "xl/worksheets/sheet1.xml": b"<worksheet><sheetData/></worksheet>"})
    key = workbook_key(one.read_bytes())
    assert one.read_bytes() != later.read_bytes()
    assert workbook_key(later.read_bytes()) == key
    assert workbook_key(other.read_bytes()) != key
    assert len(key) == 64 and not key.startswith("raw-")
    assert workbook_key(b"PK\x03\x04 not a zip").startswith("raw-")


def test_a_package_too_large_to_key_by_parts_is_keyed_by_its_bytes(tmp_path, monkeypatch):
    from officeeval.recalc.store import workbook_key
    monkeypatch.setattr(S, "KEY_LIMIT", 40)
    data = book(tmp_path / "b.xlsx").read_bytes()
    import hashlib
    assert workbook_key(data) == "raw-" + hashlib.sha256(data).hexdigest()


def test_workbooks_differing_in_properties_are_recalculated_once(tmp_path):
    work = tmp_path / "work"
    work.mkdir()
    one = book(tmp_path / "one.xlsx")
    two = _rezip(one, tmp_path / "two.xlsx", {"docProps/core.xml": b"<cp>another time</cp>"})
    svc = RecalcService("soffice", factory=lambda s, timeout: ZipInstance(s, timeout,
                                                                          workdir=work))
    assert svc.recalculate(one) == svc.recalculate(two) and svc.recalculations == 1


def test_an_unsupported_compression_method_is_neither_kept_nor_keyed_by_parts(tmp_path):
    from officeeval.recalc.store import workbook_key
    p = tmp_path / "odd.xlsx"
    with zipfile.ZipFile(p, "w", zipfile.ZIP_STORED) as z:
        z.writestr("xl/worksheets/sheet1.xml", "<worksheet/>")
    data = bytearray(p.read_bytes())
    # compression method 99 in the local header (offset 8) and the central directory (10)
    data[8:10] = (99).to_bytes(2, "little")
    cd = data.find(b"PK\x01\x02")
    data[cd + 10:cd + 12] = (99).to_bytes(2, "little")
    p.write_bytes(bytes(data))
    with pytest.raises(NotImplementedError):
        zipfile.ZipFile(p).read("xl/worksheets/sheet1.xml")
    assert volatile(p) is True
    assert workbook_key(bytes(data)).startswith("raw-")
