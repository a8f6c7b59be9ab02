"""Write generations.jsonl: SIMULATED single-turn generations of made-up models (sim-*) for
excel-l2-library. None of this was produced by a real model; each program imitates a failure
kind real models show on this task (see each entry's "note")."""

import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))

from simulated import variant as edit_reference, write_generations  # noqa: E402

REFERENCE = (HERE / "solution.py").read_text(encoding="utf-8")


def variant(*edits: tuple[str, str]) -> str:
    return edit_reference(REFERENCE, *edits)


# Text only: the stated steps done, the pictured values guessed: a blue header with black
# text, the dates and months left as they come, yellow rows, two-decimal percentages and no
# borders, a clustered column chart with its legend and no labels, and subtotals that sum
# the prices as well as the loans.
ALPHA_1 = variant(
    ('    cell.fill = PatternFill("solid", fgColor="375623")\n'
     '    cell.font = Font(bold=True, color="FFFFFF")\n'
     '    cell.alignment = Alignment(horizontal="center")\n',
     '    cell.fill = PatternFill("solid", fgColor="4472C4")\n    cell.font = Font(bold=True)\n'),
    ('''    ws[f"J{r}"].number_format = '0"月"'
''', ''),
    ('''    for c in "DE":
        ws[f"{c}{r}"].number_format = 'yyyy"年"m"月"d"日"'
''', ''),
    ('fill=PatternFill(bgColor="F8CBAD")', 'fill=PatternFill(bgColor="FFFF00")'),
    ('    stats[f"E{r}"].number_format = "0.0%"', '    stats[f"E{r}"].number_format = "0.00%"'),
    ('''for row in stats["A1:E8"]:
    for cell in row:
        cell.border = Border(left=thin, right=thin, top=thin, bottom=thin)
''', ''),
    ('chart.type = "bar"\n', 'chart.type = "col"\n'),
    ('chart.legend = None\n', ''),
    ('''chart.dataLabels = DataLabelList()
chart.dataLabels.showVal = True
chart.dataLabels.showCatName = chart.dataLabels.showSerName = False
chart.dataLabels.showLegendKey = False
''', ''),
    ('''    sub.append([None, None, f"{cat} 汇总", None, f"=SUBTOTAL(9,E{first}:E{r - 1})"])''',
     '''    sub.append([None, None, f"{cat} 汇总", f"=SUBTOTAL(9,D{first}:D{r - 1})",
                f"=SUBTOTAL(9,E{first}:E{r - 1})"])'''),
    ('''sub.append([None, None, "总计", None, f"=SUBTOTAL(9,E2:E{r - 1})"])''',
     '''sub.append([None, None, "总计", f"=SUBTOTAL(9,D2:D{r - 1})", f"=SUBTOTAL(9,E2:E{r - 1})"])'''),
)
# Crashes: openpyxl charts have no pivot-table source to set.
BETA_1 = variant(
    ('pt.add_chart(pivot_chart, "I3")\n',
     'pivot_chart.set_pivot_source(pt, "学院分类借阅")\npt.add_chart(pivot_chart, "I3")\n'),
)
# Values typed instead of formulas: the lookups and the college statistics computed in
# Python and written as values.
BETA_2 = variant(
    ('''for r in range(2, last + 1):
    ws[f"F{r}"] = f"=VLOOKUP(B{r},读者!$A$2:$C${n_read},2,FALSE)"
    ws[f"G{r}"] = f"=VLOOKUP(B{r},读者!$A$2:$C${n_read},3,FALSE)"
    ws[f"H{r}"] = f"=VLOOKUP(C{r},图书!$A$2:$C${n_book},3,FALSE)"
''', '''who = {r[0]: r[1:] for r in readers.iter_rows(min_row=2, max_col=3, values_only=True)}
what = {r[0]: r[2] for r in books.iter_rows(min_row=2, max_col=3, values_only=True)}
for r in range(2, last + 1):
    ws[f"F{r}"], ws[f"G{r}"] = who[ws[f"B{r}"].value]
    ws[f"H{r}"] = what[ws[f"C{r}"].value]
'''),
    ('''for i, college in enumerate(COLLEGES, start=2):
    stats.append([college, f"=COUNTIFS({rng('G')},$A{i})",
                  f'=COUNTIFS({rng("G")},$A{i},{rng("K")},"超期")',
                  f"=AVERAGEIFS({rng('I')},{rng('G')},$A{i})", f"=C{i}/B{i}"])
''', '''spans = [(who[b][1], (e - d).days) for _, b, _, d, e in
         ws.iter_rows(min_row=2, max_col=5, values_only=True)]
for i, college in enumerate(COLLEGES, start=2):
    days = [n for c, n in spans if c == college]
    late = sum(1 for n in days if n > 30)
    stats.append([college, len(days), late, round(sum(days) / len(days), 1),
                  late / len(days)])
'''),
)

LINES = [
    {"task": "excel-l2-library", "model": "sim-gamma", "sample": 1, "code": REFERENCE,
     "note": "simulated: a fully correct program (the reference solution)"},
    {"task": "excel-l2-library", "model": "sim-alpha", "sample": 1, "code": ALPHA_1,
     "note": "simulated: text-only reading: every stated step done, the values shown only "
             "in the example pictures guessed wrong (header colours, date and month "
             "formats, highlight colour, percent format and borders, chart type, legend "
             "and labels, what the subtotals sum)"},
    {"task": "excel-l2-library", "model": "sim-beta", "sample": 1, "code": BETA_1,
     "note": "simulated: API invention that crashes: openpyxl charts have no "
             "set_pivot_source (AttributeError) before the workbook is saved"},
    {"task": "excel-l2-library", "model": "sim-beta", "sample": 2, "code": BETA_2,
     "note": "simulated: lookups and college statistics computed in Python and written as "
             "values, not formulas"},
]


def main() -> None:
    write_generations(HERE, LINES)


if __name__ == "__main__":
    main()
