"""Warming a recalculation service before it says it is ready.

A LibreOffice that has just started still loads Calc's libraries on its first workbook:
measured on the 2-core machine, ``score`` of excel-l1-grades through a freshly started
``recalc-server`` took 4.2 s and the next one 2.2 s. ``officeeval recalc-server`` is started
so that the commands after it are fast, so it recalculates one tiny workbook of its own
before it listens: its first user's workbook then costs what every later one does.
"""

from __future__ import annotations

import tempfile
import zipfile
from pathlib import Path

from officeeval.recalc.service import RecalcService

# The smallest workbook Calc opens: one sheet, one formula with no cached value.
_PARTS = {
    "[Content_Types].xml":
        '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>'
        '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">'
        '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.'
        'relationships+xml"/><Default Extension="xml" ContentType="application/xml"/>'
        '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-'
        'officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/'
        'sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.'
        'spreadsheetml.worksheet+xml"/></Types>',
    "_rels/.rels":
        '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>'
        '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">'
        '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/'
        'relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>',
    "xl/workbook.xml":
        '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>'
        '<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" '
        'xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships">'
        '<sheets><sheet name="warm" sheetId="1" r:id="rId1"/></sheets></workbook>',
    "xl/_rels/workbook.xml.rels":
        '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>'
        '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">'
        '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/'
        'relationships/worksheet" Target="worksheets/sheet1.xml"/></Relationships>',
    "xl/worksheets/sheet1.xml":
        '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>'
        '<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">'
        '<sheetData><row r="1"><c r="A1"><v>20</v></c><c r="B1"><f>SUM(A1,22)</f></c></row>'
        '</sheetData></worksheet>',
}


def tiny_workbook(path: Path) -> Path:
    """Write the warm-up workbook at ``path`` and return it."""
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as z:
        for name, xml in _PARTS.items():
            z.writestr(name, xml)
    return path


def warm_up(service: RecalcService) -> bool:
    """Start ``service``'s first LibreOffice and have it recalculate the tiny workbook, in
    this thread; ``True`` when it did. A failure (LibreOffice will not start) is not raised:
    it is left for the first request to meet and report, as a cold start would."""
    with tempfile.TemporaryDirectory(prefix="officeeval-warm-") as folder:
        try:
            service.recalculate(tiny_workbook(Path(folder) / "warm.xlsx"))
        except Exception:  # noqa: BLE001 - a service that cannot warm up still serves and reports
            return False
    return True
