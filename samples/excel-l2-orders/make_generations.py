"""Write generations.jsonl: SIMULATED single-turn generations of made-up models (sim-*) for
excel-l2-orders. None of this was produced by a real model; each program imitates a failure
kind real models show on this task (see each entry's "note")."""

import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))

from simulated import variant as edit_reference, write_generations  # noqa: E402

REFERENCE = (HERE / "solution.py").read_text(encoding="utf-8")


def variant(*edits: tuple[str, str]) -> str:
    return edit_reference(REFERENCE, *edits)


# Text only: the stated steps done, the pictured values guessed (a plain blue header, two
# decimals without the currency sign, yellow rows, clustered columns with the legend right).
ALPHA_1 = variant(
    ('    cell.fill = PatternFill("solid", fgColor="1F4E79")\n'
     '    cell.font = Font(bold=True, color="FFFFFF")\n'
     '    cell.alignment = Alignment(horizontal="center")\n',
     '    cell.fill = PatternFill("solid", fgColor="4472C4")\n    cell.font = Font(bold=True)\n'),
    ('''    ws[f"I{r}"].number_format = '"¥"#,##0.00'
    ws[f"J{r}"].number_format = '"¥"#,##0.00'
''', '''    ws[f"I{r}"].number_format = "0.00"
    ws[f"J{r}"].number_format = "0.00"
'''),
    ('fill=PatternFill(bgColor="FCE4D6")', 'fill=PatternFill(bgColor="FFFF00")'),
    ('chart.grouping = "stacked"\nchart.overlap = 100\n', ''),
    ('chart.legend.position = "b"\n', ''),
)
# Crashes: openpyxl has no pivot-table API.
BETA_1 = variant(
    ('wb.create_sheet("透视表")\nwb.save("output.xlsx")',
     'pt = wb.create_sheet("透视表")\npt.add_pivot_table(ws, "A3", rows=["产品类别"])\n'
     'wb.save("output.xlsx")'),
)
# Values typed instead of formulas: the lookups computed in Python and written as values.
BETA_2 = variant(
    ('''for r in range(2, last + 1):
    ws[f"F{r}"] = f"=VLOOKUP(C{r},客户!$A$2:$C${n_cust},2,FALSE)"
    ws[f"G{r}"] = f"=VLOOKUP(C{r},客户!$A$2:$C${n_cust},3,FALSE)"
    ws[f"H{r}"] = f"=VLOOKUP(D{r},产品!$A$2:$D${n_prod},3,FALSE)"
    ws[f"I{r}"] = f"=VLOOKUP(D{r},产品!$A$2:$D${n_prod},4,FALSE)"
''', '''cust = {r[0]: r[1:] for r in wb["客户"].iter_rows(min_row=2, values_only=True)}
prod = {r[0]: r[1:] for r in wb["产品"].iter_rows(min_row=2, values_only=True)}
for r in range(2, last + 1):
    ws[f"F{r}"], ws[f"G{r}"] = cust[ws[f"C{r}"].value]
    ws[f"H{r}"], ws[f"I{r}"] = prod[ws[f"D{r}"].value][1:]
'''),
)

LINES = [
    {"task": "excel-l2-orders", "model": "sim-gamma", "sample": 1, "code": REFERENCE,
     "note": "simulated: a fully correct program (the reference solution)"},
    {"task": "excel-l2-orders", "model": "sim-alpha", "sample": 1, "code": ALPHA_1,
     "note": "simulated: text-only reading: every stated step done, the values shown only "
             "in the example pictures guessed wrong (header colours, currency format, "
             "highlight colour, chart type and legend)"},
    {"task": "excel-l2-orders", "model": "sim-beta", "sample": 1, "code": BETA_1,
     "note": "simulated: API invention that crashes: openpyxl worksheets have no "
             "add_pivot_table (AttributeError) after the workbook was built"},
    {"task": "excel-l2-orders", "model": "sim-beta", "sample": 2, "code": BETA_2,
     "note": "simulated: lookups computed in Python and written as values, not formulas"},
]


def main() -> None:
    write_generations(HERE, LINES)


if __name__ == "__main__":
    main()
