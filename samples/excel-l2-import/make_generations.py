"""Write generations.jsonl: SIMULATED single-turn generations of made-up models (sim-*) for
excel-l2-import. None of this was produced by a real model; each program imitates a failure
kind real models show on this task (see each entry's "note")."""

import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))

from simulated import write_generations  # noqa: E402

REFERENCE = (HERE / "solution.py").read_text(encoding="utf-8")

# Near-correct: SUM instead of SUBTOTAL and no outline grouping.
ALPHA_2 = (REFERENCE
           .replace('f"=SUBTOTAL(9,E{first}:E{row - 1})"', 'f"=SUM(E{first}:E{row - 1})"')
           .replace('f"=SUBTOTAL(9,E2:E{row - 1})"',
                    '"=" + "+".join(f"E{r}" for r in subtotal_rows)')
           .replace("    out.row_dimensions[row].outline_level = 1\n",
                    "    subtotal_rows.append(row)\n")
           .replace("        out.row_dimensions[row].outline_level = 2\n", "")
           .replace("row = 2\nfor dept", "row = 2\nsubtotal_rows = []\nfor dept"))

# Pasted values: pandas cleans the columns and writes the results as constants.
BETA_1 = r'''
import pandas as pd
from openpyxl import load_workbook

df = pd.read_excel("input.xlsx", sheet_name="导入数据", dtype=str)
df["姓名"] = df["姓名"].str.strip()
df["金额"] = pd.to_numeric(df["金额"].str.replace(",", ""))
df["报销日期"] = pd.to_datetime(df["报销日期"])

wb = load_workbook("input.xlsx")
src = wb["导入数据"]
src["G1"], src["H1"], src["I1"] = "姓名（规范）", "金额（数值）", "报销日期（日期）"
for i, row in df.iterrows():
    r = i + 2
    src[f"G{r}"] = row["姓名"]
    src[f"H{r}"] = float(row["金额"])
    src[f"I{r}"] = row["报销日期"].to_pydatetime()
    src[f"I{r}"].number_format = "yyyy/m/d"

order = ["财务部", "技术部", "市场部", "行政部"]
df["_k"] = df["部门"].map(order.index)
df = df.sort_values(["_k", "金额"], ascending=[True, False])
out = wb.create_sheet("分类汇总")
out.append(["工号", "姓名", "部门", "报销类别", "金额"])
for dept in order:
    part = df[df["部门"] == dept]
    for _, row in part.iterrows():
        out.append([row["工号"], row["姓名"], dept, row["报销类别"], float(row["金额"])])
    out.append([None, None, f"{dept} 汇总", None, float(part["金额"].sum())])
out.append([None, None, "总计", None, float(df["金额"].sum())])
wb.save("output.xlsx")
'''

# Wrong ranges: each subtotal starts one row late, the grand total stops early.
BETA_2 = (REFERENCE
          .replace('f"=SUBTOTAL(9,E{first}:E{row - 1})"', 'f"=SUBTOTAL(9,E{first + 1}:E{row - 1})"')
          .replace('f"=SUBTOTAL(9,E2:E{row - 1})"', 'f"=SUBTOTAL(9,E2:E{row - 3})"'))

# API misuse: worksheets have no group_rows(); grouping is ws.row_dimensions.group(...).
GAMMA_1 = REFERENCE.replace(
    "out.sheet_properties.outlinePr.summaryBelow = True",
    "out.group_rows(2, row - 1, outline_level=2)\nout.sheet_properties.outlinePr.summaryBelow = True")

# Partial: the cleaning formulas only; no sorted summary sheet.
GAMMA_2 = r'''
from openpyxl import load_workbook

wb = load_workbook("input.xlsx")
ws = wb["导入数据"]
ws["G1"], ws["H1"], ws["I1"] = "姓名（规范）", "金额（数值）", "报销日期（日期）"
for r in range(2, ws.max_row + 1):
    ws[f"G{r}"] = f"=TRIM(B{r})"
    ws[f"H{r}"] = f'=VALUE(SUBSTITUTE(E{r},",",""))'
    ws[f"I{r}"] = f"=DATEVALUE(F{r})"
wb.save("output.xlsx")
'''

GENERATIONS = [
    ("sim-alpha", 1, REFERENCE, "simulated: a complete, correct solution"),
    ("sim-alpha", 2, ALPHA_2, "simulated: near-correct; SUM instead of SUBTOTAL, no outline "
                              "grouping"),
    ("sim-beta", 1, BETA_1, "simulated: pasted values — pandas strips, converts and sums, and "
                            "writes every result as a constant"),
    ("sim-beta", 2, BETA_2, "simulated: wrong ranges — each subtotal skips its first record, "
                            "the grand total stops two rows early"),
    ("sim-gamma", 1, GAMMA_1, "simulated: API misuse (Worksheet.group_rows does not exist) "
                              "raises before saving"),
    ("sim-gamma", 2, GAMMA_2, "simulated: partial — cleaning formulas only, no summary sheet"),
]


def main() -> None:
    write_generations(HERE, ({"task": "excel-l2-import", "model": model, "sample": sample,
                              "code": code.lstrip("\n"), "note": note}
                             for model, sample, code, note in GENERATIONS))


if __name__ == "__main__":
    main()
