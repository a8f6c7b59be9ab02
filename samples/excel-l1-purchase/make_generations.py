"""Write generations.jsonl: SIMULATED single-turn generations of made-up models (sim-*) for
excel-l1-purchase. None of this was produced by a real model; each program imitates a failure
kind real models show on this task (see each entry's "note")."""

import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))

from simulated import write_generations  # noqa: E402

REFERENCE = (HERE / "solution.py").read_text(encoding="utf-8")

# Near-correct: merges the title instead of centering across, forgets the paper size.
ALPHA_2 = (REFERENCE
           .replace('for col in "ABCDEFGH":\n    ws[f"{col}1"].alignment = '
                    'Alignment(horizontal="centerContinuous")',
                    'ws.merge_cells("A1:H1")\nws["A1"].alignment = Alignment(horizontal="center")')
           .replace("ws.page_setup.paperSize = ws.PAPERSIZE_A4\n", ""))

# Pasted values: pandas merges the price list and writes names, prices and amounts.
BETA_1 = r'''
import pandas as pd
from openpyxl import load_workbook
from openpyxl.styles import Alignment, Font, PatternFill

orders = pd.read_excel("input.xlsx", sheet_name="采购清单", header=1, nrows=20)
prices = pd.read_excel("input.xlsx", sheet_name="价格表")
merged = orders.drop(columns=["物品名称", "单价"]).merge(prices, on="物品编号", how="left")
merged["金额"] = merged["单价"] * merged["数量"]

wb = load_workbook("input.xlsx")
ws = wb["采购清单"]
for i, row in merged.iterrows():
    r = i + 3
    ws[f"D{r}"] = row["物品名称"]
    ws[f"E{r}"] = float(row["单价"])
    ws[f"G{r}"] = float(row["金额"])
    for col in "EG":
        ws[f"{col}{r}"].number_format = '"¥"#,##0.00'
    ws[f"B{r}"].number_format = 'yyyy"年"m"月"d"日"'
ws["G23"] = float(merged["金额"].sum())
ws["G23"].number_format = '"¥"#,##0.00'
ws["G24"] = float((merged["金额"] >= 1000).mean())
ws["G24"].number_format = "0.0%"
for cell in ws[2]:
    cell.font = Font(bold=True, color="FFFFFF")
    cell.fill = PatternFill("solid", fgColor="4472C4")
    cell.alignment = Alignment(horizontal="center")
ws.page_setup.orientation = "landscape"
wb["价格表"].sheet_state = "hidden"
wb.save("output.xlsx")
'''

# Wrong range: the lookup table stops one row short and is not anchored.
BETA_2 = REFERENCE.replace("价格表!$A$2:$C$13", "价格表!A2:C12")

# API misuse: openpyxl's orientation only accepts 'portrait'/'landscape'/'default'.
GAMMA_1 = REFERENCE.replace('ws.page_setup.orientation = "landscape"',
                            'ws.page_setup.orientation = "横向"')

# Partial: formulas only; no formats, conditional format, printing or hidden sheet.
GAMMA_2 = r'''
from openpyxl import load_workbook

wb = load_workbook("input.xlsx")
ws = wb["采购清单"]
for r in range(3, 23):
    ws[f"D{r}"] = f"=VLOOKUP(C{r},价格表!$A$2:$C$13,2,FALSE)"
    ws[f"E{r}"] = f"=VLOOKUP(C{r},价格表!$A$2:$C$13,3,FALSE)"
    ws[f"G{r}"] = f"=E{r}*F{r}"
ws["G23"] = "=SUM(G3:G22)"
wb.save("output.xlsx")
'''

GENERATIONS = [
    ("sim-alpha", 1, REFERENCE, "simulated: a complete, correct solution"),
    ("sim-alpha", 2, ALPHA_2, "simulated: near-correct; merges the title instead of centering "
                              "across, no paper size"),
    ("sim-beta", 1, BETA_1, "simulated: pasted values — pandas merges the price list and "
                            "writes names, prices and amounts as constants"),
    ("sim-beta", 2, BETA_2, "simulated: wrong range — the lookup table A2:C12 misses the last "
                            "item and is not anchored"),
    ("sim-gamma", 1, GAMMA_1, "simulated: API misuse (orientation = '横向') raises before "
                              "saving"),
    ("sim-gamma", 2, GAMMA_2, "simulated: partial — lookups and amounts only"),
]


def main() -> None:
    write_generations(HERE, ({"task": "excel-l1-purchase", "model": model, "sample": sample,
                              "code": code.lstrip("\n"), "note": note}
                             for model, sample, code, note in GENERATIONS))


if __name__ == "__main__":
    main()
