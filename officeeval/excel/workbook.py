"""The Excel document view: sheets in tab order from ``workbook.xml`` and its relationships
(never by part name), shared strings, styles, theme, defined names, the date system, and
formula values from the cache or from recalculation.

Opening parses ``workbook.xml`` eagerly so a malformed main part is reported at open time;
everything else (styles, shared strings, sheet data) is read when first needed.

Recalculation (``options["recalc"]``): ``None``/``"auto"`` (default) and ``True``/``"on"``
ask the recalculation backend the opener handed in (``backends.recalc``; the view never
starts LibreOffice itself, and without a backend there is no recalculation);
``False``/``"off"`` never recalculates. A
formula value that is neither cached nor recalculable raises ``UnverifiableValue`` (ours:
no backend, LibreOffice would not start), or ``UnevaluableDocument`` when LibreOffice failed
on this very workbook (timeout, killed, refused) or its recalculated copy exceeds the
package limits (the workbook's doing). A recalculated value that depends on an Excel function
the backend's LibreOffice does not compute raises ``UnverifiableValue`` naming the function
and the version (``excel.recalc_gaps``); ``backend_versions`` names the backend that was used.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from lxml import etree

from officeeval.cache import cached_property
from officeeval.backends import NO_BACKENDS, Backends
from officeeval.errors import (OfficeEvalError, PackageError, UnevaluableDocument,
                               UnverifiableValue)
from officeeval.excel.rawcells import RawCell, inline_text
from officeeval.excel.recalc_gaps import RecalcGaps
from officeeval.excel.sheets import Sheet
from officeeval.excel.styles import Stylesheet
from officeeval.ooxml.ns import R, S
from officeeval.ooxml.package import Package
from officeeval.ooxml.shared_trees import SHARED_TREES
from officeeval.ooxml.theme import Theme, read_theme
from officeeval.ooxml.units import to_int
from officeeval.ooxml.xml import iterparse_xml

_S = f"{{{S}}}"
_KINDS = {"worksheet": "worksheet", "chartsheet": "chartsheet", "dialogsheet": "dialogsheet",
          "xlMacrosheet": "macrosheet", "xlIntlMacrosheet": "macrosheet"}
_OFF = (False, "off", "never", "no", "false", "0")


@dataclass(frozen=True)
class DefinedName:
    name: str
    refers_to: str
    local_sheet: int | None  # 0-based tab index of the sheet it is local to
    hidden: bool


class ExcelDocument:
    """An opened .xlsx/.xlsm workbook. ``value_sources`` counts formula cells whose value
    was read from the cache and from recalculation (copied into the ScoreCard)."""

    app = "excel"

    def __init__(self, package: Package, path: str, options: dict[str, Any] | None = None,
                 backends: Backends = NO_BACKENDS) -> None:
        self.package = package
        self.path = path
        self.options = options or {}
        self.backends = backends
        self.main = package.main_part
        self.root_el = package.main_root(_S + "workbook", "a spreadsheet workbook")
        pr = self.root_el.find(_S + "workbookPr")
        self.date1904 = pr is not None and (pr.get("date1904") or "").lower() in ("1", "true")
        calc = self.root_el.find(_S + "calcPr")
        # openpyxl and xlsxwriter set fullCalcOnLoad and write empty or 0 placeholder values.
        self.fresh_calc = calc is not None and (calc.get("fullCalcOnLoad") or "").lower() in (
            "1", "true")
        self.sheets: list[Sheet] = self._read_sheets()
        self.names: list[DefinedName] = self._read_names()
        self._sources: dict[str, set[str]] = {"cached": set(), "recalculated": set(),
                                              "unverifiable": set()}
        self._recalc: ExcelDocument | OfficeEvalError | None = None
        self.recalc_version: str | None = None  # the backend's version, once it recalculated
        self._gaps: RecalcGaps | None = None

    # ------------------------------------------------------------------ structure
    def _read_sheets(self) -> list[Sheet]:
        out: list[Sheet] = []
        sheets_el = self.root_el.find(_S + "sheets")
        if sheets_el is None:
            return out
        rels = self.package.rels(self.main)
        for i, el in enumerate(sheets_el.findall(_S + "sheet"), start=1):
            rel = rels.get(el.get(f"{{{R}}}id") or "")
            part = None
            kind = "worksheet"
            if rel is not None and not rel.external and self.package.has_part(rel.target):
                part = rel.target
                kind = _KINDS.get(rel.type_name, "worksheet")
            state = el.get("state") or "visible"
            out.append(Sheet(self, el.get("name") or f"Sheet{i}", i, el.get("sheetId") or "",
                             state if state in ("visible", "hidden", "veryHidden")
                             else "visible", part, kind))
        return out

    def _read_names(self) -> list[DefinedName]:
        out = []
        dn = self.root_el.find(_S + "definedNames")
        for el in dn.findall(_S + "definedName") if dn is not None else []:
            local = to_int(el.get("localSheetId"))
            out.append(DefinedName(el.get("name") or "", (el.text or "").strip(),
                                   local if local is not None and local >= 0 else None,
                                   (el.get("hidden") or "") in ("1", "true")))
        return out

    def sheet(self, name: str) -> Sheet | None:
        """A sheet by name (case-insensitive, as Excel compares names)."""
        key = name.strip().casefold()
        for s in self.sheets:
            if s.name.casefold() == key:
                return s
        return None

    def builtin_name(self, name: str, sheet: Sheet) -> DefinedName | None:
        """A sheet's ``_xlnm.`` name (``Print_Area``, ``Print_Titles``, ``_FilterDatabase``)."""
        want = f"_xlnm.{name}".casefold()
        for n in self.names:
            if n.name.casefold() == want and n.local_sheet == sheet.index - 1:
                return n
        return None

    # ------------------------------------------------------------------ protocol
    def root(self):
        return self._root

    @cached_property
    def _root(self):
        from officeeval.excel.targets import WorkbookTarget
        return WorkbookTarget(self)

    @cached_property
    def theme(self) -> Theme:
        shared = bool(self.options.get("shared_trees"))
        root = self.package.xml_or_none(self.package.related_one(self.main, "theme"), shared)
        if root is None or not shared:
            return read_theme(root)
        # options["shared_trees"] (set while grading): a theme tree with the bytes of one
        # read before (openpyxl and Excel write the same theme into every workbook) is
        # read once per process; the Theme is only ever read.
        return SHARED_TREES.derived(root, "excel.theme", lambda: read_theme(root))

    def theme_color(self, slot: str) -> str | None:
        return self.theme.color(slot)

    def close(self) -> None:
        if isinstance(self._recalc, ExcelDocument):
            self._recalc.close()
        self.package.close()

    # ------------------------------------------------------------------ shared parts
    @cached_property
    def styles(self) -> Stylesheet:
        return Stylesheet(self.package.xml_or_none(self.package.related_one(self.main,
                                                                             "styles")),
                          self.theme)

    @cached_property
    def _shared_strings(self) -> list[str]:
        part = self.package.related_one(self.main, "sharedStrings")
        if part is None:
            return []
        out: list[str] = []
        stream = self.package.open_stream(part)
        try:
            for _, el in iterparse_xml(stream, part, tag=(_S + "si", "{http://purl.oclc.org/"
                                                                    "ooxml/spreadsheetml/main}si")):
                if el.tag != _S + "si":
                    el.tag = _S + "si"
                    for sub in el.iter():
                        if isinstance(sub.tag, str) and sub.tag.startswith("{http://purl"):
                            sub.tag = _S + etree.QName(sub).localname
                out.append(inline_text(el))
                el.clear()
        finally:
            stream.close()
        return out

    def shared_string(self, index: int) -> str | None:
        ss = self._shared_strings
        return ss[index] if 0 <= index < len(ss) else None

    @cached_property
    def _dynamic_cm(self) -> set[str]:
        """Cell-metadata indexes (``c/@cm``, 1-based) that mark dynamic-array formulas."""
        part = self.package.related_one(self.main, "sheetMetadata")
        root = self.package.xml_or_none(part)
        if root is None:
            return set()
        types = [t.get("name") or "" for t in root.iterfind(f"{_S}metadataTypes/{_S}metadataType")]
        out = set()
        for i, bk in enumerate(root.iterfind(f"{_S}cellMetadata/{_S}bk"), start=1):
            rc = bk.find(_S + "rc")
            t = to_int(rc.get("t")) if rc is not None else None
            if t is not None and 1 <= t <= len(types) and types[t - 1] == "XLDAPR":
                out.add(str(i))
        return out

    def is_dynamic_array(self, cm: str) -> bool:
        return cm in self._dynamic_cm

    # ------------------------------------------------------------------ formula values
    @property
    def value_sources(self) -> dict[str, int]:
        out = {"cached": len(self._sources["cached"]),
               "recalculated": len(self._sources["recalculated"])}
        for kind in ("unverifiable", "unevaluable"):
            if self._sources.get(kind):
                out[kind] = len(self._sources[kind])
        return out

    def note_source(self, where: tuple[int, int, int], source: str) -> None:
        """Count a formula cell (sheet index, row, column) under ``source``."""
        self._sources.setdefault(source, set()).add(where)

    @property
    def backend_versions(self) -> dict[str, str]:
        """``{"recalc": version}`` once the backend recalculated this workbook, or failed on
        it (a timeout: the version is part of what made the value ``unevaluable``); ``{}``
        before, or when no backend was reached."""
        if self.recalc_version is not None:
            return {"recalc": self.recalc_version}
        if isinstance(self._recalc, ExcelDocument):
            return {"recalc": "LibreOffice (version unknown)"}
        return {}

    def recalculated_raw(self, sheet: Sheet, row: int, col: int, where) -> RawCell | None:
        """The cell as LibreOffice computed it. Raises ``UnverifiableValue`` when
        recalculation is off, unavailable or failed, or when the value depends on a
        function that LibreOffice lacks."""
        rec = self._recalculated(where)
        if self._gaps is None:
            self._gaps = RecalcGaps(self, self.recalc_version)
        why = self._gaps.reason(sheet, row, col)
        if why is not None:
            self.note_source(where, "unverifiable")
            raise UnverifiableValue(why)
        rsheet = rec.sheets[sheet.index - 1] if sheet.index <= len(rec.sheets) else None
        if rsheet is None or rsheet.name != sheet.name:
            rsheet = rec.sheet(sheet.name)
        if rsheet is None or rsheet.store is None:
            return None
        return rsheet.store.get(row, col)

    def _recalculated(self, where) -> "ExcelDocument":
        if isinstance(self._recalc, ExcelDocument):
            return self._recalc
        if isinstance(self._recalc, UnevaluableDocument):
            self.note_source(where, "unevaluable")
            raise UnevaluableDocument(f"formula not recalculated: {self._where(where)} has "
                                      f"no cached value; {self._recalc}")
        if isinstance(self._recalc, OfficeEvalError):
            self.note_source(where, "unverifiable")
            raise UnverifiableValue(f"formula not recalculated: {self._where(where)} has no "
                                    f"cached value; {self._recalc}")
        mode = self.options.get("recalc")
        why = None
        if isinstance(mode, str):
            mode = mode.strip().lower()
        if mode in _OFF:
            why = "recalculation is off"
        elif not Path(self.path).is_file():
            why = "the document is not a file on disk"
        else:
            # The backend the opener handed in (backends.py): this view starts nothing.
            backend = self.backends.recalc
            if backend is None:
                why = ("no recalculation backend (install LibreOffice: libreoffice-calc, "
                       "python3-uno)")
            else:
                try:
                    out = backend.recalculate(Path(self.path))
                    self.recalc_version = getattr(backend, "version", None)
                    self._recalc = ExcelDocument(Package.open(out), str(out), {"recalc": False})
                    return self._recalc
                except (UnevaluableDocument, PackageError) as exc:
                    # LibreOffice failed on this workbook (timeout, killed, refused), or its
                    # recalculated copy exceeds our limits: the workbook's doing.
                    self.recalc_version = getattr(backend, "version", None)
                    self._recalc = UnevaluableDocument(
                        f"LibreOffice recalculation failed on this workbook: {exc}")
                    self.note_source(where, "unevaluable")
                    raise UnevaluableDocument(
                        f"formula not recalculated: {self._where(where)} has no cached "
                        f"value; {self._recalc}") from exc
                except OfficeEvalError as exc:
                    why = f"LibreOffice recalculation failed: {exc}"
        self._recalc = UnverifiableValue(why or "unknown")
        self.note_source(where, "unverifiable")
        raise UnverifiableValue(f"formula not recalculated: {self._where(where)} has no cached "
                                f"value; {why}")

    def _where(self, where) -> str:
        from officeeval.excel.refs import cell_ref
        index, row, col = where
        return f"'{self.sheets[index - 1].name}'!{cell_ref(row, col)}"

