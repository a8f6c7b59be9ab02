"""The hand review of the drafted rubric (draft.xml -> rubrics/excel-l2-orders.xml); why
each edit: NOTES.md. Applied by ``python samples/review.py excel-l2-orders``."""


LOOKUPS = "VLOOKUP|XLOOKUP|LOOKUP|INDEX"


def EDITS(root, r):
    # The instruction names no lookup function: any of Excel's usual ones is right.
    r.change(root, "c06", "cell.functions", op="contains_any", expected=LOOKUPS)
    r.attach(root, *(f"../samples/excel-l2-orders/example-{i}.png" for i in (1, 2)))
    # The filter's criteria: none are set, nothing to grade.
    r.drop(root, "c02", "sheet.autofilter.criteria")
    # Column widths and row heights: not asked (the pictures do not fix them).
    for cid in ("c09", "c10", "c11", "c12", "c22"):
        r.drop(root, cid)
    # 汇总's bold rows: the colour and underline are the application's.
    r.drop(root, "c17", "font.color", "font.underline")
    # The instruction fixes the chart's top-left cell only; its series references are
    # written in many equivalent ways (the values and names are graded).
    r.change(root, "c23", "chart.anchor", expected="A9")
    r.drop(root, "c23", "chart.series.category_refs", "chart.series.value_refs")
    # What the pictures alone give weighs as a step of its own.
    r.points(root, "c03", 4)     # header fill and alignment (example-1)
    r.points(root, "c04", 3)     # header font colour (example-1)
    r.points(root, "c07", 5)     # currency format of unit price and amount (example-1)
    r.points(root, "c13", 6)     # the formula rule and its colour (example-1)
    r.points(root, "c23", 8)     # chart type, stacking, legend (example-2)
    r.add(root, "h1", "formula", 4, "H、I 列查找产品表（引用产品表的绝对区域）",
          [{"select": "sheet('订单明细')/H2:I361", "property": "cell.formula",
            "op": "contains", "expected": "产品!"},
           {"select": "sheet('订单明细')/F2:G361", "property": "cell.formula",
            "op": "contains", "expected": "客户!"},
           {"select": "sheet('订单明细')/F2:I361", "property": "cell.functions",
            "op": "contains_any", "expected": LOOKUPS}],
          after="c06", note="added by hand: the drafter dropped its range check (F:G and "
          "H:I look up different sheets); which sheet each column reads, checked apart")
