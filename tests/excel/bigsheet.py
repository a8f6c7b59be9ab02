"""Write a large one-sheet workbook fast (XML text straight into the zip) for streaming tests
and the benchmark: ``rows`` data rows under a header, columns 编号 (number), 姓名 (shared
string), 金额 (number), 日期 (date serial with a date format), 小计 (a shared formula
``C*2`` with cached values)."""

from __future__ import annotations

import zipfile
from pathlib import Path

from tests.excel.xlsx_builder import PKG_REL, REL, S_NS

_CT = "application/vnd.openxmlformats-officedocument.spreadsheetml"


def write_big(path: Path, rows: int, names: int = 500) -> Path:
    head = ["编号", "姓名", "金额", "日期", "小计"]
    strings = head + [f"客户{i:04d}" for i in range(names)]
    ct = ('<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">'
          '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.'
          'relationships+xml"/><Default Extension="xml" ContentType="application/xml"/>'
          f'<Override PartName="/xl/workbook.xml" ContentType="{_CT}.sheet.main+xml"/>'
          f'<Override PartName="/xl/worksheets/sheet1.xml" ContentType="{_CT}.worksheet+xml"/>'
          f'<Override PartName="/xl/styles.xml" ContentType="{_CT}.styles+xml"/>'
          f'<Override PartName="/xl/sharedStrings.xml" ContentType="{_CT}.sharedStrings+xml"/>'
          '</Types>')
    wb = (f'<workbook xmlns="{S_NS}" xmlns:r="{REL}"><sheets><sheet name="数据" sheetId="1" '
          'r:id="rId1"/></sheets></workbook>')
    wb_rels = (f'<Relationships xmlns="{PKG_REL}">'
               f'<Relationship Id="rId1" Type="{REL}/worksheet" Target="worksheets/sheet1.xml"/>'
               f'<Relationship Id="rId2" Type="{REL}/styles" Target="styles.xml"/>'
               f'<Relationship Id="rId3" Type="{REL}/sharedStrings" Target="sharedStrings.xml"/>'
               '</Relationships>')
    styles = (f'<styleSheet xmlns="{S_NS}"><fonts><font><sz val="11"/><name val="Calibri"/>'
              '</font></fonts><fills><fill><patternFill patternType="none"/></fill></fills>'
              '<borders><border/></borders><cellXfs><xf numFmtId="0"/><xf numFmtId="14"/>'
              '</cellXfs></styleSheet>')
    sst = (f'<sst xmlns="{S_NS}">' + "".join(f"<si><t>{s}</t></si>" for s in strings)
           + "</sst>")
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED, compresslevel=1) as z:
        z.writestr("[Content_Types].xml", ct)
        z.writestr("_rels/.rels", f'<Relationships xmlns="{PKG_REL}"><Relationship Id="rId1" '
                                  f'Type="{REL}/officeDocument" Target="xl/workbook.xml"/>'
                                  '</Relationships>')
        z.writestr("xl/workbook.xml", wb)
        z.writestr("xl/_rels/workbook.xml.rels", wb_rels)
        z.writestr("xl/styles.xml", styles)
        z.writestr("xl/sharedStrings.xml", sst)
        with z.open("xl/worksheets/sheet1.xml", "w", force_zip64=True) as fh:
            fh.write(f'<worksheet xmlns="{S_NS}"><dimension ref="A1:E{rows + 1}"/>'
                     '<sheetData><row r="1">'.encode())
            fh.write("".join(f'<c r="{c}1" t="s"><v>{i}</v></c>'
                             for i, c in enumerate("ABCDE")).encode() + b"</row>")
            chunk = []
            for r in range(2, rows + 2):
                amount = (r * 37) % 1000 + 0.5
                f = ('<f t="shared" ref="E2:E%d" si="0">C2*2</f>' % (rows + 1) if r == 2
                     else '<f t="shared" si="0"/>')
                chunk.append(
                    f'<row r="{r}"><c r="A{r}"><v>{r - 1}</v></c><c r="B{r}" t="s"><v>'
                    f'{5 + r % names}</v></c><c r="C{r}"><v>{amount}</v></c><c r="D{r}" s="1">'
                    f'<v>{45292 + r % 366}</v></c><c r="E{r}">{f}<v>{amount * 2}</v></c></row>')
                if len(chunk) >= 5000:
                    fh.write("".join(chunk).encode())
                    chunk = []
            fh.write("".join(chunk).encode())
            fh.write(b"</sheetData></worksheet>")
    return path
