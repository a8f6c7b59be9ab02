"""Build small .xlsx packages from inline XML for unit tests (no binary fixtures).

``xlsx(tmp_path, sheets=[("成绩", "<sheetData>…</sheetData>")], styles=…, strings=[…])``
writes a minimal valid workbook: each sheet's inner XML is wrapped in ``<worksheet>``; extra
parts (drawings, charts, tables, pivots) are given as ``parts={name: xml}`` with sheet
relationships ``sheet_rels={sheet_index: [(rid, type, target)]}``.
"""

from __future__ import annotations

import zipfile
from pathlib import Path
from xml.sax.saxutils import escape

S_NS = "http://schemas.openxmlformats.org/spreadsheetml/2006/main"
R_NS = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"
PKG_REL = "http://schemas.openxmlformats.org/package/2006/relationships"
REL = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"
X14 = "http://schemas.microsoft.com/office/spreadsheetml/2009/9/main"
XM = "http://schemas.microsoft.com/office/excel/2006/main"
C_NS = "http://schemas.openxmlformats.org/drawingml/2006/chart"
A_NS = "http://schemas.openxmlformats.org/drawingml/2006/main"
XDR = "http://schemas.openxmlformats.org/drawingml/2006/spreadsheetDrawing"
NS = f'xmlns="{S_NS}" xmlns:r="{R_NS}" xmlns:x14="{X14}" xmlns:xm="{XM}"'
_CT = "application/vnd.openxmlformats-officedocument.spreadsheetml"

CONTENT_TYPES = {
    "table": f"{_CT}.table+xml",
    "pivotTable": f"{_CT}.pivotTable+xml",
    "pivotCacheDefinition": f"{_CT}.pivotCacheDefinition+xml",
    "drawing": "application/vnd.openxmlformats-officedocument.drawing+xml",
    "chart": "application/vnd.openxmlformats-officedocument.drawingml.chart+xml",
    "chartsheet": f"{_CT}.chartsheet+xml",
}

THEME = f"""<a:theme xmlns:a="{A_NS}" name="Office Theme"><a:themeElements>
<a:clrScheme name="Office"><a:dk1><a:sysClr val="windowText" lastClr="000000"/></a:dk1>
<a:lt1><a:sysClr val="window" lastClr="FFFFFF"/></a:lt1><a:dk2><a:srgbClr val="44546A"/></a:dk2>
<a:lt2><a:srgbClr val="E7E6E6"/></a:lt2><a:accent1><a:srgbClr val="4472C4"/></a:accent1>
<a:accent2><a:srgbClr val="ED7D31"/></a:accent2><a:accent3><a:srgbClr val="A5A5A5"/></a:accent3>
<a:accent4><a:srgbClr val="FFC000"/></a:accent4><a:accent5><a:srgbClr val="5B9BD5"/></a:accent5>
<a:accent6><a:srgbClr val="70AD47"/></a:accent6><a:hlink><a:srgbClr val="0563C1"/></a:hlink>
<a:folHlink><a:srgbClr val="954F72"/></a:folHlink></a:clrScheme>
<a:fontScheme name="Office"><a:majorFont><a:latin typeface="Calibri Light"/><a:ea typeface=""/>
<a:cs typeface=""/></a:majorFont><a:minorFont><a:latin typeface="Calibri"/><a:ea typeface=""/>
<a:cs typeface=""/></a:minorFont></a:fontScheme><a:fmtScheme name="Office"/></a:themeElements></a:theme>"""

DEFAULT_STYLES = """<fonts count="1"><font><sz val="11"/><name val="Calibri"/></font></fonts>
<fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills>
<borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders>
<cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs>
<cellXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/></cellXfs>
<cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles>"""


def xlsx(tmp_path: Path, sheets: list[tuple[str, str]] | None = None, *, styles: str | None = None,
         strings: list[str] | None = None, workbook_pr: str = "", defined_names: str = "",
         calc_pr: str = "", parts: dict[str, str] | None = None,
         sheet_rels: dict[int, list[tuple[str, str, str]]] | None = None,
         sheet_kinds: dict[int, str] | None = None, sheet_states: dict[int, str] | None = None,
         name: str = "book.xlsx", theme: bool = True, raw_strings: list[str] | None = None,
         metadata: str | None = None) -> Path:
    """Write a workbook and return its path. Sheet XML is the inner XML of ``worksheet``."""
    sheets = sheets or [("Sheet1", "<sheetData/>")]
    out: dict[str, str] = {}
    overrides = {"/xl/workbook.xml": f"{_CT}.sheet.main+xml",
                 "/xl/styles.xml": f"{_CT}.styles+xml"}
    wb_rels = []
    sheet_entries = []
    for i, (sname, inner) in enumerate(sheets, start=1):
        kind = (sheet_kinds or {}).get(i, "worksheet")
        folder = "chartsheets" if kind == "chartsheet" else "worksheets"
        root = "chartsheet" if kind == "chartsheet" else "worksheet"
        out[f"xl/{folder}/sheet{i}.xml"] = (f'<?xml version="1.0" encoding="UTF-8"?>'
                                            f"<{root} {NS}>{inner}</{root}>")
        overrides[f"/xl/{folder}/sheet{i}.xml"] = (f"{_CT}.worksheet+xml" if kind == "worksheet"
                                                   else CONTENT_TYPES["chartsheet"])
        wb_rels.append((f"rId{i}", kind, f"{folder}/sheet{i}.xml"))
        state = (sheet_states or {}).get(i)
        st = f' state="{state}"' if state else ""
        sheet_entries.append(f'<sheet name="{escape(sname, {chr(34): "&quot;"})}" sheetId="{i}"{st} r:id="rId{i}"/>')
        rels = (sheet_rels or {}).get(i, [])
        if rels:
            out[f"xl/{folder}/_rels/sheet{i}.xml.rels"] = _rels(rels)
    out["xl/workbook.xml"] = (
        f'<?xml version="1.0" encoding="UTF-8"?><workbook {NS}>{workbook_pr}<sheets>'
        + "".join(sheet_entries) + "</sheets>"
        + (f"<definedNames>{defined_names}</definedNames>" if defined_names else "")
        + calc_pr + "</workbook>")
    out["xl/styles.xml"] = f'<styleSheet xmlns="{S_NS}">{styles or DEFAULT_STYLES}</styleSheet>'
    wb_rels.append(("rIdStyles", "styles", "styles.xml"))
    if strings is not None or raw_strings is not None:
        items = [f"<si><t>{escape(s)}</t></si>" for s in (strings or [])] + list(raw_strings or [])
        out["xl/sharedStrings.xml"] = f'<sst xmlns="{S_NS}">' + "".join(items) + "</sst>"
        overrides["/xl/sharedStrings.xml"] = f"{_CT}.sharedStrings+xml"
        wb_rels.append(("rIdSS", "sharedStrings", "sharedStrings.xml"))
    if theme:
        out["xl/theme/theme1.xml"] = THEME
        overrides["/xl/theme/theme1.xml"] = "application/vnd.openxmlformats-officedocument.theme+xml"
        wb_rels.append(("rIdTheme", "theme", "theme/theme1.xml"))
    if metadata is not None:
        out["xl/metadata.xml"] = f'<metadata xmlns="{S_NS}">{metadata}</metadata>'
        overrides["/xl/metadata.xml"] = f"{_CT}.sheetMetadata+xml"
        wb_rels.append(("rIdMeta", "sheetMetadata", "metadata.xml"))
    out["xl/_rels/workbook.xml.rels"] = _rels(wb_rels)
    for pname, xml in (parts or {}).items():
        out[pname] = xml
        kind = _kind_of(pname)
        if kind:
            overrides["/" + pname] = CONTENT_TYPES[kind]
    out["_rels/.rels"] = (f'<Relationships xmlns="{PKG_REL}"><Relationship Id="rId1" '
                          f'Type="{REL}/officeDocument" Target="xl/workbook.xml"/></Relationships>')
    ct = ('<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">'
          '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.'
          'relationships+xml"/><Default Extension="xml" ContentType="application/xml"/>'
          + "".join(f'<Override PartName="{k}" ContentType="{v}"/>' for k, v in overrides.items())
          + "</Types>")
    path = tmp_path / name
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as z:
        z.writestr("[Content_Types].xml", ct)
        for pname, xml in out.items():
            z.writestr(pname, xml)
    return path


def _kind_of(pname: str) -> str | None:
    for key, folder in (("table", "tables/"), ("pivotTable", "pivotTables/"),
                        ("pivotCacheDefinition", "pivotCache/pivotCacheDefinition"),
                        ("drawing", "drawings/drawing"), ("chart", "charts/")):
        if folder in pname and "_rels" not in pname:
            return key
    return None


def _rels(items: list[tuple[str, str, str]]) -> str:
    return (f'<Relationships xmlns="{PKG_REL}">' + "".join(
        f'<Relationship Id="{rid}" Type="{REL}/{t}" Target="{target}"/>'
        for rid, t, target in items) + "</Relationships>")


def rows(*cells_by_row: str) -> str:
    """``rows('<c r="A1">…</c>', …)``: one ``row`` per argument, numbered from 1."""
    return "<sheetData>" + "".join(f'<row r="{i}">{c}</row>'
                                   for i, c in enumerate(cells_by_row, start=1)) + "</sheetData>"


def styles_xml(num_fmts: str = "", fonts: str = "", fills: str = "", borders: str = "",
               xfs: str = "", dxfs: str = "", extra: str = "") -> str:
    """A stylesheet; each argument is the inner XML of its list, prefixed by the default
    entry (font 0 Calibri 11, fills none/gray125, border 0 empty, xf 0)."""
    return (f"<numFmts>{num_fmts}</numFmts>" if num_fmts else "") + (
        f'<fonts><font><sz val="11"/><name val="Calibri"/></font>{fonts}</fonts>'
        f'<fills><fill><patternFill patternType="none"/></fill><fill><patternFill '
        f'patternType="gray125"/></fill>{fills}</fills>'
        f'<borders><border><left/><right/><top/><bottom/><diagonal/></border>{borders}</borders>'
        f'<cellStyleXfs><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs>'
        f'<cellXfs><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/>{xfs}</cellXfs>'
        f'<cellStyles><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles>'
        + (f"<dxfs>{dxfs}</dxfs>" if dxfs else "") + extra)
