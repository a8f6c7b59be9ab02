"""Write generations.jsonl: SIMULATED single-turn generations of made-up models (sim-*) for
excel-l2-sales. None of this was produced by a real model; each program imitates a failure
kind real models show on this task (see each entry's "note")."""

import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))

from simulated import write_generations  # noqa: E402

REFERENCE = (HERE / "solution.py").read_text(encoding="utf-8")
BEFORE_PIVOT = REFERENCE.split("# 3. The pivot table")[0]

# Near-correct but no pivot table: a hand-made SUMIFS cross table where the pivot belongs.
ALPHA_2 = BEFORE_PIVOT.replace('wb.create_sheet("透视分析")\nwb.save("output.xlsx")', r'''
cross = wb.create_sheet("透视分析")
cross["A3"] = "产品类别"
for j, region in enumerate(REGIONS, start=2):
    cross.cell(row=3, column=j, value=region)
for i, product in enumerate(["办公家具", "文具耗材", "电子设备"], start=4):
    cross.cell(row=i, column=1, value=product)
    for j in range(2, 6):
        col = cross.cell(row=3, column=j).column_letter
        cross.cell(row=i, column=j, value=f"=SUMIFS(销售数据!$H:$H,销售数据!$E:$E,$A{i},"
                                          f"销售数据!$C:$C,{col}$3)")
wb.save("output.xlsx")
''')

# Pasted values: pandas computes amounts, the regional summary and a pivot as numbers.
BETA_1 = r'''
import pandas as pd
from openpyxl import load_workbook
from openpyxl.chart import PieChart, Reference

df = pd.read_excel("input.xlsx")
df["销售额"] = df["数量"] * df["单价"]
summary = df.groupby("地区")["销售额"].agg(["sum", "count"]).reindex(["华东", "华北", "华南", "西南"])
pivot = pd.pivot_table(df, index="产品类别", columns="地区", values="销售额", aggfunc="sum")

wb = load_workbook("input.xlsx")
ws = wb.active
ws.title = "销售数据"
for r, amount in enumerate(df["销售额"], start=2):
    ws[f"H{r}"] = float(amount)
    ws[f"H{r}"].number_format = "#,##0.00"
sheet = wb.create_sheet("汇总")
sheet.append(["地区", "销售额合计", "订单数", "平均销售额"])
for region, row in summary.iterrows():
    sheet.append([region, float(row["sum"]), int(row["count"]), float(row["sum"] / row["count"])])
sheet.append(["总计", float(summary["sum"].sum()), int(summary["count"].sum()),
              float(summary["sum"].sum() / summary["count"].sum())])
pie = PieChart()
pie.title = "各地区销售额占比"
pie.add_data(Reference(sheet, min_col=2, min_row=1, max_row=5), titles_from_data=True)
pie.set_categories(Reference(sheet, min_col=1, min_row=2, max_row=5))
sheet.add_chart(pie, "F2")
out = wb.create_sheet("透视分析")
out.append(["产品类别"] + list(pivot.columns))
for product, row in pivot.iterrows():
    out.append([product] + [float(v) for v in row])
wb.save("output.xlsx")
'''

# Wrong ranges: criteria range shifted by a row, validation and pivot one row short.
BETA_2 = (REFERENCE
          .replace("销售数据!$C$2:$C${last},A{i})\",", "销售数据!$C$1:$C${last - 1},A{i})\",")
          .replace('dv.add(f"C2:C{last}")', 'dv.add(f"C2:C{last - 1}")')
          .replace('<worksheetSource ref="A1:H{last}"', '<worksheetSource ref="A1:H{last - 1}"'))

# API misuse: there is no "topN" rule type (it is "top10" with a rank); this raises.
GAMMA_1 = REFERENCE.replace('Rule(type="top10"', 'Rule(type="topN"')

# Partial: amounts, validation and frozen header only.
GAMMA_2 = r'''
from openpyxl import load_workbook
from openpyxl.worksheet.datavalidation import DataValidation

wb = load_workbook("input.xlsx")
ws = wb.active
ws.title = "销售数据"
for r in range(2, ws.max_row + 1):
    ws[f"H{r}"] = f"=F{r}*G{r}"
dv = DataValidation(type="list", formula1='"华东,华北,华南,西南"')
dv.add("C2:C61")
ws.add_data_validation(dv)
ws.freeze_panes = "A2"
wb.save("output.xlsx")
'''

GENERATIONS = [
    ("sim-alpha", 1, REFERENCE, "simulated: a complete, correct solution (pivot parts written "
                                "as raw XML)"),
    ("sim-alpha", 2, ALPHA_2, "simulated: near-correct, but a hand-made SUMIFS cross table "
                              "where a pivot table was asked"),
    ("sim-beta", 1, BETA_1, "simulated: pasted values — pandas computes amounts, the summary "
                            "and a pivot_table and writes them as numbers"),
    ("sim-beta", 2, BETA_2, "simulated: wrong ranges — SUMIFS criteria range shifted by one "
                            "row, validation and pivot source one row short"),
    ("sim-gamma", 1, GAMMA_1, "simulated: API misuse (conditional-format rule type 'topN') "
                              "raises before saving"),
    ("sim-gamma", 2, GAMMA_2, "simulated: partial — amounts, validation and frozen header "
                              "only"),
]


def main() -> None:
    write_generations(HERE, ({"task": "excel-l2-sales", "model": model, "sample": sample,
                              "code": code.lstrip("\n"), "note": note}
                             for model, sample, code, note in GENERATIONS))


if __name__ == "__main__":
    main()
