"""Write generations.jsonl: SIMULATED single-turn generations of made-up models (sim-*) for
excel-l1-grades. None of this was produced by a real model; each program imitates a failure
kind real models show on this task (see each entry's "note")."""

import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))

from simulated import write_generations  # noqa: E402

REFERENCE = (HERE / "solution.py").read_text(encoding="utf-8")

# Near-correct: mixed references in RANK, the chart left at openpyxl's default size.
ALPHA_2 = (REFERENCE
           .replace('ws[f"J{r}"] = f"=RANK(G{r},$G$3:$G$32)"',
                    'ws[f"J{r}"] = f"=RANK.EQ(G{r},G$3:G$32)"')
           .replace("chart.width, chart.height = 13.5, 8.9\n", ""))

# Pasted values: pandas computes everything and the numbers are written into the cells.
BETA_1 = r'''
import pandas as pd
from openpyxl import load_workbook
from openpyxl.styles import Alignment, Font, PatternFill

df = pd.read_excel("input.xlsx", sheet_name="成绩表", header=1, nrows=30)
df["总分"] = df[["语文", "数学", "英语"]].sum(axis=1)
df["平均分"] = (df["总分"] / 3).round(2)
df["等级"] = df["平均分"].apply(lambda a: "优秀" if a >= 85 else ("合格" if a >= 60 else "不合格"))
df["名次"] = df["总分"].rank(ascending=False, method="min").astype(int)

wb = load_workbook("input.xlsx")
ws = wb["成绩表"]
ws.title = "期末成绩"
for i, row in df.iterrows():
    r = i + 3
    ws[f"G{r}"] = int(row["总分"])
    ws[f"H{r}"] = float(row["平均分"])
    ws[f"I{r}"] = row["等级"]
    ws[f"J{r}"] = int(row["名次"])
for col, name in zip("DEF", ["语文", "数学", "英语"]):
    ws[f"{col}33"] = round(float(df[name].mean()), 1)
ws.merge_cells("A1:J1")
ws["A1"].font = Font(name="黑体", size=16, bold=True)
ws["A1"].alignment = Alignment(horizontal="center")
for cell in ws[2]:
    cell.font = Font(bold=True)
    cell.fill = PatternFill("solid", fgColor="DDEBF7")
wb.save("output.xlsx")
'''

# Wrong ranges: the average includes the total column, RANK's range is relative.
BETA_2 = (REFERENCE
          .replace('ws[f"H{r}"] = f"=AVERAGE(D{r}:F{r})"', 'ws[f"H{r}"] = f"=AVERAGE(D{r}:G{r})"')
          .replace('ws[f"J{r}"] = f"=RANK(G{r},$G$3:$G$32)"', 'ws[f"J{r}"] = f"=RANK(G{r},G3:G32)"')
          .replace("min_row=2, max_row=12", "min_row=2, max_row=32")
          .replace("min_row=3, max_row=12", "min_row=3, max_row=32"))

# API misuse: legend positions are 'b', 't', 'l', 'r', 'tr' in openpyxl; this raises.
GAMMA_1 = REFERENCE.replace('chart.legend.position = "b"', 'chart.legend.position = "bottom"')

# Partial: formulas and title only; no borders, conditional format, freeze, chart or rename.
GAMMA_2 = r'''
from openpyxl import load_workbook
from openpyxl.styles import Alignment, Font

wb = load_workbook("input.xlsx")
ws = wb.active
ws.merge_cells("A1:J1")
ws["A1"].font = Font(name="黑体", size=16, bold=True)
ws["A1"].alignment = Alignment(horizontal="center")
for r in range(3, 33):
    ws[f"G{r}"] = f"=SUM(D{r}:F{r})"
    ws[f"H{r}"] = f"=AVERAGE(D{r}:F{r})"
    ws[f"I{r}"] = f'=IF(H{r}>=85,"优秀",IF(H{r}>=60,"合格","不合格"))'
    ws[f"J{r}"] = f"=RANK(G{r},$G$3:$G$32)"
wb.save("output.xlsx")
'''

GENERATIONS = [
    ("sim-alpha", 1, REFERENCE, "simulated: a complete, correct solution"),
    ("sim-alpha", 2, ALPHA_2, "simulated: near-correct; RANK.EQ written without the _xlfn. "
                              "prefix (Excel shows #NAME?) and mixed references, the chart "
                              "left at the default size"),
    ("sim-beta", 1, BETA_1, "simulated: pasted values — pandas computes totals, averages, "
                            "grades and ranks and writes numbers instead of formulas"),
    ("sim-beta", 2, BETA_2, "simulated: wrong ranges — AVERAGE over D:G (includes the "
                            "total), RANK range without $, chart over all 30 students"),
    ("sim-gamma", 1, GAMMA_1, "simulated: API misuse (legend.position = 'bottom') raises "
                              "before saving"),
    ("sim-gamma", 2, GAMMA_2, "simulated: partial — formulas and title only"),
]


def main() -> None:
    write_generations(HERE, ({"task": "excel-l1-grades", "model": model, "sample": sample,
                              "code": code.lstrip("\n"), "note": note}
                             for model, sample, code, note in GENERATIONS))


if __name__ == "__main__":
    main()
