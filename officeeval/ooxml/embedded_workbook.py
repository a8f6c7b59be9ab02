"""A chart's embedded workbook (the data Word and PowerPoint open with "Edit Data") and
whether the values the chart part caches are the ones it holds.

A chart in a Word or PowerPoint document draws from its cache (``c:numCache`` /
``c:strCache``); the workbook embedded beside it (``c:externalData`` -> an
``embeddings/….xlsx`` part) is what the reader edits. A program that writes one and not the
other leaves a chart that changes when someone opens its data. ``compare_with_workbook``
reads each series' name, values and categories references (``Sheet1!$B$2:$B$5``) in the
embedded workbook and compares them with the cache.

Format-neutral (SpreadsheetML read at the level of cells: shared strings, inline strings,
numbers, booleans, cached formula results), so it sits in ``ooxml`` and never imports a
format view. Nothing here raises on odd content: an unreadable workbook is ``None``.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass, field

from lxml import etree

from officeeval.errors import PackageError
from officeeval.ooxml.charts import read_chart
from officeeval.ooxml.ns import C, R, S
from officeeval.ooxml.package import Package
from officeeval.ooxml.zip_bounds import Limits
from officeeval.ooxml.units import to_number

_S = f"{{{S}}}"
_C = f"{{{C}}}"
# An embedded workbook is a few cells of chart data: tight limits for a hostile one.
EMBEDDED_LIMITS = Limits(max_members=200, max_part_size=32 << 20, max_total_size=64 << 20)
MAX_CELLS = 100_000  # cells one reference may cover before it is not compared
_REF = re.compile(r"^\$?([A-Za-z]{1,3})\$?(\d{1,7})(?::\$?([A-Za-z]{1,3})\$?(\d{1,7}))?$")


@dataclass
class Comparison:
    """``matches``: every compared point equals the workbook's cell (``None`` when nothing
    could be compared); ``compared`` how many points were; ``first_mismatch`` a sentence
    naming the first difference."""

    matches: bool | None
    compared: int = 0
    first_mismatch: str = ""
    skipped: list[str] = field(default_factory=list)


def embedded_workbook_part(package: Package, chart_part: str) -> str | None:
    """The part of the workbook a chart part embeds (``c:externalData``'s relationship);
    ``None`` when it embeds none (a linked, external workbook included)."""
    try:
        root = package.xml(chart_part)
    except PackageError:
        return None
    ext = root.find(_C + "externalData")
    rid = ext.get(f"{{{R}}}id") if ext is not None else None
    return package.target(chart_part, rid)


class SheetCells:
    """The cell values of an embedded workbook, sheet by sheet, read on first use."""

    def __init__(self, package: Package) -> None:
        self.package = package
        self._sheets: dict[str, str] = {}
        self._cells: dict[str, dict[tuple[int, int], object]] = {}
        self._strings: list[str] | None = None
        book = package.main_part
        root = package.xml(book)
        rels = package.rels(book)
        for sh in root.iter(_S + "sheet"):
            rel = rels.get(sh.get(f"{{{R}}}id") or "")
            if rel is not None and not rel.external and package.has_part(rel.target):
                self._sheets[sh.get("name") or ""] = rel.target

    def _shared(self) -> list[str]:
        if self._strings is None:
            part = self.package.related_one(self.package.main_part, "sharedStrings")
            self._strings = []
            if part is not None:
                for si in self.package.xml(part).iter(_S + "si"):
                    self._strings.append("".join(t.text or "" for t in si.iter(_S + "t")
                                                 if t.getparent().tag != _S + "rPh"))
        return self._strings

    def sheet(self, name: str) -> dict[tuple[int, int], object] | None:
        """(row, column) -> value (a float, a str, a bool) of sheet ``name``; ``None`` when
        there is no such sheet."""
        part = self._sheets.get(name)
        if part is None:
            return None
        got = self._cells.get(part)
        if got is None:
            got = self._cells[part] = self._read(part)
        return got

    def _read(self, part: str) -> dict[tuple[int, int], object]:
        out: dict[tuple[int, int], object] = {}
        for c in self.package.xml(part).iter(_S + "c"):
            m = _REF.match(c.get("r") or "")
            if m is None or m.group(3):
                continue
            key = (int(m.group(2)), _col(m.group(1)))
            kind = c.get("t") or "n"
            v = c.findtext(_S + "v")
            if kind == "s":
                i = to_number(v)
                strings = self._shared()
                value: object = strings[int(i)] if i is not None and 0 <= i < len(strings) \
                    else None
            elif kind == "inlineStr":
                is_ = c.find(_S + "is")
                value = "".join(t.text or "" for t in is_.iter(_S + "t")) if is_ is not None \
                    else None
            elif kind in ("str", "e"):
                value = v
            elif kind == "b":
                value = v in ("1", "true")
            else:
                value = to_number(v)
            if value is not None:
                out[key] = value
        return out


def _col(letters: str) -> int:
    n = 0
    for ch in letters.upper():
        n = n * 26 + ord(ch) - 64
    return n


def split_reference(ref: str) -> tuple[str, tuple[int, int, int, int]] | None:
    """``'My Sheet'!$B$2:$B$5`` -> ("My Sheet", (2, 2, 5, 2)) (rows and columns, 1-based);
    ``None`` for anything else (several areas, a name, a whole column)."""
    text = (ref or "").strip()
    if text.startswith("(") and text.endswith(")"):
        text = text[1:-1]
    if "!" not in text or "," in text:
        return None
    sheet, area = text.rsplit("!", 1)
    if sheet.startswith("'") and sheet.endswith("'") and len(sheet) >= 2:
        sheet = sheet[1:-1].replace("''", "'")
    m = _REF.match(area.strip())
    if m is None:
        return None
    r1, c1 = int(m.group(2)), _col(m.group(1))
    r2, c2 = (int(m.group(4)), _col(m.group(3))) if m.group(3) else (r1, c1)
    return sheet, (min(r1, r2), min(c1, c2), max(r1, r2), max(c1, c2))


def _same(cached: object, cell: object) -> bool:
    if cached is None or cached == "":
        return cell is None or cell == ""
    if cell is None:
        return False
    a = cached if isinstance(cached, float) else to_number(str(cached))
    b = float(cell) if isinstance(cell, (int, float)) and not isinstance(cell, bool) \
        else to_number(str(cell)) if not isinstance(cell, bool) else None
    if a is not None and b is not None:
        return math.isclose(a, b, rel_tol=1e-9, abs_tol=1e-9)
    if isinstance(cell, bool):
        return str(cached).strip().upper() == ("TRUE" if cell else "FALSE")
    return str(cached).strip() == str(cell).strip()


def compare_with_workbook(chart_root: etree._Element, cells: SheetCells) -> Comparison:
    """Compare every series' cached name, values and categories with the embedded
    workbook's cells. A reference that is not one rectangular area of one row or column
    (multi-level categories, a name) is skipped, not judged."""
    result = Comparison(matches=None)
    for n, ser in enumerate(read_chart(chart_root).series, start=1):
        sources = [("name", ser.name_ref, [ser.name] if ser.name_ref else []),
                   ("values", ser.values_ref, ser.values),
                   ("categories", ser.categories_ref, ser.categories)]
        for what, ref, cached in sources:
            if not ref:
                continue
            where = split_reference(ref)
            if where is None:
                result.skipped.append(f"series {n} {what}: {ref}")
                continue
            sheet, (r1, c1, r2, c2) = where
            if (r2 - r1 + 1) * (c2 - c1 + 1) > MAX_CELLS or (r1 != r2 and c1 != c2
                                                            and what != "name"):
                result.skipped.append(f"series {n} {what}: {ref}")
                continue
            grid = cells.sheet(sheet)
            if grid is None:
                return Comparison(False, result.compared,
                                  f"series {n} {what}: the workbook has no sheet {sheet!r}",
                                  result.skipped)
            keys = [(r, c) for r in range(r1, r2 + 1) for c in range(c1, c2 + 1)]
            if what == "name":
                shown = " ".join(str(grid[k]) for k in keys if grid.get(k) not in (None, ""))
                pairs = [(cached[0] if cached else None, shown or None)]
            else:
                pairs = [(cached[i] if i < len(cached) else None, grid.get(k))
                         for i, k in enumerate(keys)]
                if len(cached) > len(keys):
                    pairs += [(x, None) for x in cached[len(keys):]]
            for i, (a, b) in enumerate(pairs):
                result.compared += 1
                if not _same(a, b):
                    point = "" if what == "name" else f" point {i + 1}"
                    return Comparison(False, result.compared,
                                      f"series {n} {what}{point} ({ref}): the chart caches "
                                      f"{a!r}, the workbook holds {b!r}", result.skipped)
    if result.compared:
        result.matches = True
    return result


def chart_matches_workbook(package: Package, chart_part: str) -> Comparison | None:
    """The comparison for a chart part of ``package``; ``None`` when the chart embeds no
    workbook, or the workbook cannot be read (not a spreadsheet, past the limits)."""
    part = embedded_workbook_part(package, chart_part)
    if part is None:
        return None
    try:
        inner = Package.open(package.read(part), EMBEDDED_LIMITS)
    except PackageError:
        return None
    try:
        return compare_with_workbook(package.xml(chart_part), SheetCells(inner))
    except PackageError:
        return None
    finally:
        inner.close()


# ------------------------------------------------------------------ writing (the audit's)
def _number_text(v: object) -> str:
    if isinstance(v, float) and v.is_integer() and abs(v) < 1e15:
        return str(int(v))
    return repr(v) if isinstance(v, float) else str(v)


def sync_cache(chart_root: etree._Element, cells: SheetCells) -> int:
    """Rewrite every series' cache from the workbook's cells (what "Edit Data" does); the
    number of points written. References ``compare_with_workbook`` skips are left alone."""
    written = 0
    for ser in chart_root.iter(_C + "ser"):
        for tag in ("tx", "cat", "val", "xVal", "yVal"):
            src = ser.find(_C + tag)
            ref = None
            if src is not None:
                ref = src.find(_C + "numRef")
                if ref is None:
                    ref = src.find(_C + "strRef")
            where = split_reference(ref.findtext(_C + "f") or "") if ref is not None else None
            if where is None:
                continue
            sheet, (r1, c1, r2, c2) = where
            grid = cells.sheet(sheet)
            if grid is None or (r2 - r1 + 1) * (c2 - c1 + 1) > MAX_CELLS:
                continue
            numeric = etree.QName(ref).localname == "numRef"
            cache = ref.find(_C + ("numCache" if numeric else "strCache"))
            if cache is None:
                cache = etree.SubElement(ref, _C + ("numCache" if numeric else "strCache"))
            for old in cache.findall(_C + "pt") + cache.findall(_C + "ptCount"):
                cache.remove(old)
            keys = [(r, c) for r in range(r1, r2 + 1) for c in range(c1, c2 + 1)]
            count = etree.Element(_C + "ptCount", val=str(len(keys)))
            fmt = cache.find(_C + "formatCode")
            if fmt is not None:
                fmt.addnext(count)
            else:
                cache.insert(0, count)
            last = count
            for i, key in enumerate(keys):
                value = grid.get(key)
                if value is None or value == "":
                    continue
                pt = etree.Element(_C + "pt", idx=str(i))
                etree.SubElement(pt, _C + "v").text = _number_text(value)
                last.addnext(pt)
                last = pt
                written += 1
    return written


def break_cache(chart_root: etree._Element) -> str:
    """Make the cache differ from any workbook: the first cached value point plus one (a
    text point gets a mark appended); the note of what changed. Raises ``ValueError`` when
    the chart caches nothing."""
    for tag in ("numCache", "strCache"):
        for v in chart_root.iter(_C + tag):
            for pt in v.iter(_C + "pt"):
                el = pt.find(_C + "v")
                if el is None:
                    continue
                old = el.text or ""
                number = to_number(old)
                el.text = _number_text(number + 1) if number is not None else old + "*"
                return f"cached {old!r} -> {el.text!r}"
    raise ValueError("the chart caches no value")
