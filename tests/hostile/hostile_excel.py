"""Hostile Excel workbooks: a small base workbook (tests/hostile/rubrics/hostile-excel.xml
scores it 100) and what a model's code or a broken writer can do to it: huge shared-string
tables, out-of-range indexes, absurd references and ranges (merges, conditional formats,
validations over the whole sheet), formulas nested past any recursion limit, dates past
the calendar, style indexes that point nowhere, sheet relationships that cycle.

Every formula in the base carries its cached value, so no case needs recalculation unless it
says so (``extra={"recalc": True}``)."""

from __future__ import annotations

import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from hostile_common import MB, CT_NS, Case, Ctx, _rels, zip_parts  # noqa: E402

S_NS = "http://schemas.openxmlformats.org/spreadsheetml/2006/main"
R_NS = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"
SML = "application/vnd.openxmlformats-officedocument.spreadsheetml"
STRINGS = ["姓名", "成绩", "加倍", "张三", "李四", "说明文字"]


def _sheet1(rows: str | None = None, head: str | None = None, tail: str = "",
            freeze: bool = True) -> str:
    pane = ('<pane xSplit="1" ySplit="1" topLeftCell="B2" activePane="bottomRight" '
            'state="frozen"/>') if freeze else ""
    head = head if head is not None else (
        f'<sheetViews><sheetView workbookViewId="0">{pane}</sheetView></sheetViews>'
        f'<cols><col min="1" max="1" width="12.7109375" customWidth="1"/></cols>')
    rows = rows if rows is not None else (
        '<row r="1"><c r="A1" s="1" t="s"><v>0</v></c><c r="B1" s="1" t="s"><v>1</v></c>'
        '<c r="C1" s="1" t="s"><v>2</v></c></row>'
        '<row r="2"><c r="A2" t="s"><v>3</v></c><c r="B2" s="2"><v>95</v></c>'
        '<c r="C2" s="2"><f>B2*2</f><v>190</v></c></row>'
        '<row r="3"><c r="A3" t="s"><v>4</v></c><c r="B3" s="2"><v>87.5</v></c>'
        '<c r="C3" s="2"><f>B3*2</f><v>175</v></c></row>')
    return (f'<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'
            f'<worksheet xmlns="{S_NS}" xmlns:r="{R_NS}">{head}<sheetData>{rows}</sheetData>'
            f'{tail}</worksheet>')


def _sheet2() -> str:
    return (f'<worksheet xmlns="{S_NS}"><sheetData><row r="1"><c r="A1" t="s"><v>5</v></c>'
            f'</row></sheetData></worksheet>')


def _workbook(sheets: str | None = None, names: str | None = None) -> str:
    sheets = sheets if sheets is not None else (
        '<sheet name="成绩" sheetId="1" r:id="rId1"/><sheet name="说明" sheetId="2" r:id="rId2"/>')
    names = names if names is not None else '<definedName name="税率">成绩!$B$2</definedName>'
    return (f'<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'
            f'<workbook xmlns="{S_NS}" xmlns:r="{R_NS}"><workbookPr/><sheets>{sheets}</sheets>'
            f'<definedNames>{names}</definedNames><calcPr calcId="191029"/></workbook>')


def _shared(strings: list[str] | None = None, raw: str | None = None) -> str:
    body = raw if raw is not None else "".join(f"<si><t>{s}</t></si>" for s in
                                               (strings or STRINGS))
    return (f'<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'
            f'<sst xmlns="{S_NS}">{body}</sst>')


def _styles(fonts: str | None = None, fills: str | None = None, xfs: str | None = None,
            numfmts: str | None = None) -> str:
    numfmts = numfmts if numfmts is not None else '<numFmt numFmtId="164" formatCode="0.00"/>'
    fonts = fonts if fonts is not None else (
        '<font><sz val="11"/><name val="Calibri"/></font>'
        '<font><b/><sz val="12"/><name val="宋体"/></font>')
    fills = fills if fills is not None else (
        '<fill><patternFill patternType="none"/></fill>'
        '<fill><patternFill patternType="gray125"/></fill>'
        '<fill><patternFill patternType="solid"><fgColor rgb="FFFFFF00"/></patternFill></fill>')
    xfs = xfs if xfs is not None else (
        '<xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/>'
        '<xf numFmtId="0" fontId="1" fillId="2" borderId="0" xfId="0" applyFont="1" '
        'applyFill="1" applyAlignment="1"><alignment horizontal="center"/></xf>'
        '<xf numFmtId="164" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/>')
    return (f'<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'
            f'<styleSheet xmlns="{S_NS}"><numFmts>{numfmts}</numFmts><fonts>{fonts}</fonts>'
            f'<fills>{fills}</fills><borders><border/></borders>'
            f'<cellStyleXfs><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs>'
            f'<cellXfs>{xfs}</cellXfs></styleSheet>')


WB_RELS = [("rId1", "worksheet", "worksheets/sheet1.xml", False),
           ("rId2", "worksheet", "worksheets/sheet2.xml", False),
           ("rId3", "styles", "styles.xml", False),
           ("rId4", "sharedStrings", "sharedStrings.xml", False)]


def _content_types(extra: str = "") -> str:
    return (f'<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<Types xmlns="{CT_NS}">'
            f'<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.'
            f'relationships+xml"/><Default Extension="xml" ContentType="application/xml"/>'
            f'<Override PartName="/xl/workbook.xml" ContentType="{SML}.sheet.main+xml"/>'
            f'<Override PartName="/xl/worksheets/sheet1.xml" ContentType="{SML}.worksheet+xml"/>'
            f'<Override PartName="/xl/worksheets/sheet2.xml" ContentType="{SML}.worksheet+xml"/>'
            f'<Override PartName="/xl/styles.xml" ContentType="{SML}.styles+xml"/>'
            f'<Override PartName="/xl/sharedStrings.xml" ContentType="{SML}.sharedStrings+xml"/>'
            f'{extra}</Types>')


def excel_parts(**over: str | bytes) -> dict[str, bytes]:
    """The base workbook's parts; keyword arguments replace ``workbook``, ``wb_rels``,
    ``sheet1``, ``sheet2``, ``styles``, ``shared``, ``content_types``."""
    parts = {
        "[Content_Types].xml": over.get("content_types", _content_types()),
        "_rels/.rels": _rels([("rId1", "officeDocument", "xl/workbook.xml", False)]),
        "xl/workbook.xml": over.get("workbook", _workbook()),
        "xl/_rels/workbook.xml.rels": over.get("wb_rels", _rels(WB_RELS)),
        "xl/worksheets/sheet1.xml": over.get("sheet1", _sheet1()),
        "xl/worksheets/sheet2.xml": over.get("sheet2", _sheet2()),
        "xl/styles.xml": over.get("styles", _styles()),
        "xl/sharedStrings.xml": over.get("shared", _shared()),
    }
    return {k: v.encode("utf-8") if isinstance(v, str) else v for k, v in parts.items()}


def excel(**over: str | bytes) -> bytes:
    return zip_parts(excel_parts(**over))


def _row2(cells: str) -> str:
    """The base rows with row 2 replaced by ``cells``."""
    base = _sheet1().split("<sheetData>")[1].split("</sheetData>")[0]
    start = base.index('<row r="2">')
    end = base.index("</row>", start) + len("</row>")
    return base[:start] + f'<row r="2">{cells}</row>' + base[end:]


def _rows(*pairs: str) -> str:
    """sheet1 with replacements applied to its base rows (old, new, old, new …)."""
    rows = _sheet1().split("<sheetData>")[1].split("</sheetData>")[0]
    for old, new in zip(pairs[::2], pairs[1::2]):
        assert old in rows, old
        rows = rows.replace(old, new)
    return _sheet1(rows)


def _deep_formula(depth: int) -> str:
    return "(" * depth + "B2" + ")" * depth + "*2"


def _many_strings(n: int) -> str:
    rnd = random.Random(9)
    return "".join(f"<si><t>{s}{rnd.randrange(10**6)}</t></si>" for s in
                   (STRINGS * (n // len(STRINGS) + 1))[:n])


def _recalc_reaches_out(ctx: Ctx) -> bytes:
    """C3 and its neighbours hold formulas that would fetch a URL or read a local file if
    the recalculation engine followed them; none carries a cached value, so grading C3
    recalculates the workbook."""
    formulas = [f'_xlfn.WEBSERVICE("{ctx.url}ws")', f'_xlfn.WEBSERVICE("file://{ctx.fifo}")',
                f'DDE("soffice","{ctx.fifo}","A1")',
                f"INDIRECT(\"'file://{ctx.fifo}'#$Sheet1.A1\")", "[1]Sheet1!A1",
                f'HYPERLINK("{ctx.url}h")&_xlfn.FILTERXML(_xlfn.WEBSERVICE("{ctx.url}x"),"//a")']
    cells = "".join(f'<c r="{col}3"><f>{_esc(f)}</f></c>' for col, f in zip("CDEFGH", formulas))
    rows = _sheet1().split("<sheetData>")[1].split("</sheetData>")[0]
    rows = rows[:rows.index('<row r="3">')] + (
        f'<row r="3"><c r="A3" t="s"><v>4</v></c><c r="B3" s="2"><v>87.5</v></c>{cells}</row>')
    workbook = _workbook().replace("<calcPr", '<externalReferences><externalReference '
                                              'r:id="rId9"/></externalReferences><calcPr')
    parts = excel_parts(
        sheet1=_sheet1(rows), workbook=workbook,
        wb_rels=_rels(WB_RELS + [("rId9", "externalLink", "externalLinks/externalLink1.xml",
                                  False)]),
        content_types=_content_types(
            '<Override PartName="/xl/externalLinks/externalLink1.xml" '
            f'ContentType="{SML}.externalLink+xml"/>'))
    parts["xl/externalLinks/externalLink1.xml"] = (
        f'<externalLink xmlns="{S_NS}" xmlns:r="{R_NS}"><externalBook r:id="rId1">'
        f'<sheetNames><sheetName val="Sheet1"/></sheetNames></externalBook></externalLink>'
    ).encode()
    parts["xl/externalLinks/_rels/externalLink1.xml.rels"] = _rels(
        [("rId1", "externalLinkPath", "file://" + ctx.fifo, True)]).encode()
    return zip_parts(parts)


def _esc(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace('"', "&quot;")


def excel_cases() -> list[Case]:
    inv = "invalid_package"
    a1 = frozenset({"c01", "c03", "c04", "c05", "c13"})  # what A1's string and style give
    formulas = frozenset({"c08", "c09"})
    b2 = frozenset({"c02", "c06", "c07"})
    return [
        Case("base_excel", "excel", lambda c: excel()),
        # --------------------------------------------------------------- shared strings
        Case("shared_strings_500k", "excel", lambda c: excel(
            shared=_shared(raw=_many_strings(500_000))),
             failing=frozenset({"c01"}),
             note="half a million strings (12 MB) are streamed, not held as a tree; A1 now "
                  "names the first of them"),
        Case("shared_string_index_out_of_range", "excel", lambda c: excel(sheet1=_rows(
            '<c r="A1" s="1" t="s"><v>0</v>', '<c r="A1" s="1" t="s"><v>99999999</v>')),
             failing=frozenset({"c01"})),
        Case("shared_string_index_garbage", "excel", lambda c: excel(sheet1=_rows(
            '<c r="A1" s="1" t="s"><v>0</v>', '<c r="A1" s="1" t="s"><v>1e309</v>',
            '<c r="B1" s="1" t="s"><v>1</v>', '<c r="B1" s="1" t="s"><v>-1</v>',
            '<c r="C1" s="1" t="s"><v>2</v>', '<c r="C1" s="1" t="s"><v>NaN</v>')),
             failing=frozenset({"c01"})),
        Case("shared_strings_missing", "excel", lambda c: excel(wb_rels=_rels(WB_RELS[:3])),
             failing=frozenset({"c01"})),
        Case("shared_strings_malformed", "excel", lambda c: excel(shared="<sst><si><t>x"),
             failing=frozenset({"c01"})),
        # --------------------------------------------------------------- cells
        Case("cell_values_absurd", "excel", lambda c: excel(sheet1=_sheet1(_row2(
            '<c r="A2" t="s"><v>3</v></c><c r="B2" s="2"><v>1e309</v></c>'
            '<c r="C2" s="2" t="b"><f>B2*2</f><v>2</v></c><c r="D2" t="e"><v>#GARBAGE!</v></c>'
            '<c r="E2" t="d"><v>not-a-date</v></c><c r="F2" t="n"><v>NaN</v></c>'
            '<c r="G2" t="inlineStr"><is><r><t>富</t></r><r><t>文本</t></r></is></c>'
            '<c r="H2" t="str"><v></v></c><c r="I2" t="bogus"><v>1</v></c>'))),
             failing=frozenset({"c02", "c07"}),
             note="a boolean formula result of 2 and other odd types are values, not "
                  "crashes; 1e309 stays the text it is"),
        Case("dates_past_the_calendar", "excel", lambda c: excel(
            sheet1=_sheet1(_row2('<c r="A2" t="s"><v>3</v></c><c r="B2" s="2"><v>1e300</v></c>'
                                 '<c r="C2" s="3"><f>B2*2</f><v>-1e300</v></c>'
                                 '<c r="D2" s="3"><v>2958466</v></c>'
                                 '<c r="E2" s="4"><v>-700000</v></c>')),
            styles=_styles(xfs=(
                '<xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/>'
                '<xf numFmtId="0" fontId="1" fillId="2" borderId="0" xfId="0" applyFont="1" '
                'applyFill="1" applyAlignment="1"><alignment horizontal="center"/></xf>'
                '<xf numFmtId="164" fontId="0" fillId="0" borderId="0" xfId="0"/>'
                '<xf numFmtId="14" fontId="0" fillId="0" borderId="0" xfId="0"/>'
                '<xf numFmtId="165" fontId="0" fillId="0" borderId="0" xfId="0"/>'),
                numfmts='<numFmt numFmtId="164" formatCode="0.00"/><numFmt numFmtId="165" '
                        'formatCode="yyyy&quot;年&quot;m&quot;月&quot;d&quot;日&quot; '
                        '[$-F800] [DBNum2]"/>')),
             failing=frozenset({"c02", "c07"}),
             note="dates past 9999-12-31 and before 1900 render without a calendar error"),
        Case("number_formats_hostile", "excel", lambda c: excel(styles=_styles(
            numfmts='<numFmt numFmtId="164" formatCode="' + "0" * 5000 + '.' + "#" * 5000
                    + ';[Red][&lt;&gt;0]##;@@@@;;;;[$-F800][DBNum9]e+e-&quot;"/>'
                    '<numFmt numFmtId="NaN" formatCode="0"/><numFmt formatCode="x"/>')),
             failing=frozenset({"c06", "c07"})),
        Case("cell_refs_absurd", "excel", lambda c: excel(sheet1=_sheet1(
            '<row r="1"><c r="A1" s="1" t="s"><v>0</v></c><c s="1" t="s"><v>1</v></c>'
            '<c r="XFE1" t="s"><v>2</v></c><c r="A0"><v>1</v></c><c r="1A"><v>1</v></c></row>'
            '<row r="2"><c r="A2" t="s"><v>3</v></c><c r="B2" s="2"><v>95</v></c>'
            '<c r="C2" s="2"><f>B2*2</f><v>190</v></c></row>'
            '<row r="99999999999"><c r="A99999999999"><v>1</v></c></row>'
            '<row r="-5"><c r="ZZZZZZZ-5"><v>1</v></c></row><row><c><v>7</v></c></row>'
            '<row r="3"><c r="A3" t="s"><v>4</v></c><c r="B3" s="2"><v>87.5</v></c>'
            '<c r="C3" s="2"><f>B3*2</f><v>175</v></c></row>'
            '<row r="2"><c r="B2"><v>-1</v></c></row>')),
             failing=frozenset({"c02", "c05", "c06", "c07"}),
             note="B1 without r and C1 moved off the sheet: the header row is no longer "
                  "all centered; a duplicate row 2 later in the part wins, as the last write does"),
        Case("whole_sheet_ranges", "excel", lambda c: excel(sheet1=_sheet1(tail=(
            '<mergeCells count="2"><mergeCell ref="A1:XFD1048576"/><mergeCell ref="B2:A1"/>'
            '</mergeCells><conditionalFormatting sqref="A1:XFD1048576 A:A 1:1048576">'
            '<cfRule type="cellIs" dxfId="999" priority="1" operator="between">'
            '<formula>NaN</formula></cfRule></conditionalFormatting><dataValidations count="1">'
            '<dataValidation type="list" sqref="A1:XFD1048576"><formula1>"' + "x," * 20000
            + '"</formula1></dataValidation></dataValidations><autoFilter ref="A1:XFD1048576"/>'
            '<dimension ref="A1:XFD1048576"/>'))),
             note="a merge, conditional format, validation and filter over all 17 billion "
                  "cells must never be expanded cell by cell"),
        # --------------------------------------------------------------- formulas
        Case("formula_nested_100k", "excel", lambda c: excel(sheet1=_sheet1(_row2(
            '<c r="A2" t="s"><v>3</v></c><c r="B2" s="2"><v>95</v></c>'
            f'<c r="C2" s="2"><f>{_deep_formula(100_000)}</f><v>190</v></c>'))),
             failing=frozenset({"c08"}),
             note="parentheses 100,000 deep: a recursive formula parser must not blow "
                  "the stack"),
        Case("formula_garbage", "excel", lambda c: excel(sheet1=_sheet1(_row2(
            '<c r="A2" t="s"><v>3</v></c><c r="B2" s="2"><v>95</v></c>'
            '<c r="C2" s="2"><f>SUM(A1:XFD1048576)+"' + "长" * 30000 + '"+@@@(((+#REF!!!'
            '[1]Sheet1!A1+\'\'\'!A1+A1:B2:C3:D4+{1,2;3}+1e309+_xlfn.NOPE(,,,)</f><v>190</v>'
            '</c><c r="D2"><f t="shared" si="99999" ref="D2:D1048576"/><v>1</v></c>'
            '<c r="E2"><f t="shared" si="NaN"/></c><c r="F2"><f t="array" ref="F2:XFD1048576">'
            'A1</f><v>1</v></c>'))), failing=frozenset({"c08"})),
        Case("recalc_reaches_out", "excel", _recalc_reaches_out, failing=frozenset({"c09"}),
             extra={"recalc": True},
             note="formulas without cached values are recalculated by LibreOffice: "
                  "WEBSERVICE, DDE, INDIRECT to a file and an external workbook link must "
                  "neither fetch the URL nor open the FIFO"),
        # --------------------------------------------------------------- styles
        Case("style_indexes_out_of_range", "excel", lambda c: excel(
            sheet1=_sheet1().replace('s="1"', 's="99999"').replace('s="2"', 's="-3"'),
            styles=_styles(xfs=(
                '<xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/>'
                '<xf numFmtId="1e309" fontId="77" fillId="-1" borderId="NaN" xfId="9999"/>'))),
             failing=frozenset({"c03", "c04", "c05", "c06", "c07", "c13"})),
        Case("style_values_absurd", "excel", lambda c: excel(styles=_styles(
            fonts='<font><sz val="NaN"/><name val=""/><color theme="999" tint="1e309"/></font>'
                  '<font><b val="perhaps"/><sz val="-12"/><name val="宋体"/>'
                  '<color indexed="99999"/><u val="∞"/></font>',
            fills='<fill><patternFill patternType="none"/></fill><fill/>'
                  '<fill><patternFill patternType="solid"><fgColor theme="-1" tint="NaN"/>'
                  '<bgColor rgb="GG"/></patternFill></fill>')),
             failing=frozenset({"c04"}),
             note="b val='perhaps' is present, so bold; a solid fill whose color is no "
                  "color is the automatic black"),
        Case("styles_missing", "excel", lambda c: excel(wb_rels=_rels(
            [WB_RELS[0], WB_RELS[1], WB_RELS[3]])),
             failing=frozenset({"c03", "c04", "c05", "c06", "c07", "c13"})),
        # --------------------------------------------------------------- structure
        Case("sheet_rel_cycle", "excel", lambda c: excel(wb_rels=_rels(
            [("rId1", "worksheet", "workbook.xml", False), WB_RELS[1], WB_RELS[2],
             WB_RELS[3]])), failing=a1 | b2 | formulas | {"c10"},
             note="the first sheet's part is the workbook itself"),
        Case("sheet_rel_dangling", "excel", lambda c: excel(wb_rels=_rels(
            [("rId1", "worksheet", "worksheets/nowhere.xml", False), WB_RELS[1], WB_RELS[2],
             WB_RELS[3]])), failing=a1 | b2 | formulas | {"c10"}),
        Case("sheet_rel_external", "excel", lambda c: excel(wb_rels=_rels(
            [("rId1", "worksheet", c.url + "sheet.xml", True), WB_RELS[1], WB_RELS[2],
             WB_RELS[3]])), failing=a1 | b2 | formulas | {"c10"}),
        Case("sheets_10k_same_part", "excel", lambda c: excel(workbook=_workbook(
            '<sheet name="成绩" sheetId="1" r:id="rId1"/><sheet name="说明" sheetId="2" '
            'r:id="rId2"/>' + "".join(f'<sheet name="s{i}" sheetId="{i + 3}" r:id="rId1"/>'
                                      for i in range(10_000)))),
             note="ten thousand tabs sharing one part"),
        Case("duplicate_sheet_names", "excel", lambda c: excel(workbook=_workbook(
            '<sheet name="成绩" sheetId="1" r:id="rId2"/><sheet name="成绩" sheetId="2" '
            'r:id="rId1"/><sheet name="" sheetId="3" r:id="rId1"/><sheet sheetId="x"/>')),
             failing=a1 | b2 | formulas | {"c10", "c11"},
             note="the first tab named 成绩 is now the notes sheet"),
        Case("defined_names_hostile", "excel", lambda c: excel(workbook=_workbook(names=(
            '<definedName name="税率" localSheetId="1e309">' + "(" * 5000 + ')</definedName>'
            '<definedName name="">A1</definedName><definedName localSheetId="-1" name="x">'
            '[9]Nope!$A$1</definedName><definedName name="_xlnm.Print_Area" localSheetId="0">'
            '成绩!$A:$XFD</definedName>'))), failing=frozenset({"c12"})),
        Case("sheet_xml_malformed", "excel", lambda c: excel(sheet1=_sheet1()[:400]),
             failing=a1 | b2 | formulas | {"c10"}),
        Case("sheet_doctype_padded", "excel", lambda c: excel(sheet1=(
            '<?xml version="1.0"?>\n<!--' + "x" * 70_000 + '-->\n<!DOCTYPE worksheet '
            f'[<!ENTITY e SYSTEM "file://{c.fifo}">]>' + _sheet1().split("\n", 1)[1])),
             failing=a1 | b2 | formulas | {"c10"}),
        Case("workbook_utf16_doctype", "excel", lambda c: excel(workbook=(
            '<?xml version="1.0" encoding="UTF-16"?>\n<!DOCTYPE workbook [<!ENTITY e SYSTEM '
            f'"file://{c.secret}">]>' + _workbook().split("\n", 1)[1]).encode("utf-16")),
             inv, "malformed_xml"),
        Case("cols_and_rows_absurd", "excel", lambda c: excel(sheet1=_sheet1(head=(
            '<sheetViews><sheetView workbookViewId="0"><pane xSplit="1e309" ySplit="-4" '
            'topLeftCell="XFD1048577" state="frozen"/></sheetView></sheetViews>'
            '<sheetFormatPr defaultRowHeight="NaN" baseColWidth="-8"/>'
            '<cols><col min="1" max="16384" width="1e309" hidden="maybe"/>'
            '<col min="NaN" max="2"/><col min="5" max="1"/></cols>'))),
             failing=frozenset({"c10"})),
        Case("sheet_rows_50k", "excel", lambda c: excel(sheet1=_sheet1(
            _rows().split("<sheetData>")[1].split("</sheetData>")[0] + "".join(
                f'<row r="{i}"><c r="A{i}"><v>{i}</v></c><c r="B{i}"><v>{i * 3}</v></c></row>'
                for i in range(4, 50_004)))),
             note="a large sheet is streamed: checks near the top stay cheap"),
    ]


_ = (MB, Ctx)
