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
    # Steps the draft graded together that the instruction asks apart: one criterion each
    # (the exam's density: a freeze, a filter, a colour, a legend is a point of its own).
    r.split(root, "c02", ("冻结“订单明细”首行", ["sheet.freeze"]),
            ("自动筛选区域 A1:J361", ["sheet.autofilter"]))
    r.split(root, "c03", ("标题行填充颜色（示例图 1）", ["cell.fill.color"]),
            ("标题行对齐方式（示例图 1）", ["cell.alignment.horizontal"]))
    r.split(root, "c04", ("标题行字体颜色（示例图 1）", ["font.color"]),
            ("标题行字体加粗", ["font.bold"]))
    r.split(root, "c13", ("公式条件格式：$J2>=3000", ["cf.type", "cf.formula"]),
            ("条件格式应用于整行 A2:J361", ["cf.range"]),
            ("条件格式填充颜色（示例图 1）", ["cf.fill.color"]))
    r.split(root, "c14", ("数量的数据验证：1～200 之间的整数",
                          ["validation.type", "validation.operator", "validation.formula",
                           "validation.formula2"]),
            ("数据验证的应用区域 E2:E361", ["validation.range"]))
    r.split(root, "c20", ("F 列用 SUM 求各地区合计", ["sheet('汇总')/F2:F6|cell.has_formula",
                                                  "sheet('汇总')/F2:F6|cell.functions",
                                                  "sheet('汇总')/F2:F6|cell.value",
                                                  "sheet('汇总')/F2:F6|cell.display"]),
            ("第 6 行用 SUM 求各列合计", ["sheet('汇总')/B6:E6|cell.has_formula",
                                        "sheet('汇总')/B6:E6|cell.functions",
                                        "sheet('汇总')/B6:E6|cell.value",
                                        "sheet('汇总')/B6:E6|cell.display",
                                        "sheet('汇总')/G6|cell.has_formula",
                                        "sheet('汇总')/G6|cell.functions",
                                        "sheet('汇总')/G6|cell.value",
                                        "sheet('汇总')/G6|cell.display"]))
    r.split(root, "c23", ("图表类型：堆积柱形图（示例图 2）", ["chart.type", "chart.grouping"]),
            ("图例位于底部（示例图 2）", ["chart.legend.position"]),
            ("图表标题“各地区分类销售额”", ["chart.title"]),
            ("图表数据源 A1:E5（系列与分类）", ["chart.series.count", "chart.series.names",
                                             "chart.series.categories",
                                             "chart.series.values"]),
            ("图表左上角位于 A9", ["chart.anchor"]))
    # The instruction's data source is every series, not only the first one's values.
    r.check(root, "c23-4", select="sheet('汇总')/chart[1]", property="chart.series.all_values",
            op="equals", expected_from="reference")
    r.split(root, "c25", ("数据透视表名称“类别销售透视”，位于 A3", ["pivot.name", "pivot.location"]),
            ("数据透视表的数据源", ["pivot.source"]), ("行字段“产品类别”", ["pivot.rows"]),
            ("筛选字段“所在地区”", ["pivot.filters"]), ("值：金额求和", ["pivot.values"]))
    r.split(root, "c31", ("“订单明细”A:E 列原有数据未改动",
                          ["sheet('订单明细')/A2:E361|cell.value"]),
            ("“客户”“产品”工作表未改动", ["sheet('客户')/A1:C41|cell.value",
                                       "sheet('产品')/A1:D21|cell.value",
                                       "sheet('客户')|sheet.values",
                                       "sheet('产品')|sheet.values"]))
    # What the pictures alone give weighs as a step of its own.
    r.points(root, "c03", 2)     # header fill (example-1)
    r.points(root, "c03-2", 2)   # header alignment (example-1)
    r.points(root, "c04", 2)     # header font colour (example-1)
    r.points(root, "c04-2", 1)   # header bold
    r.points(root, "c07", 5)     # currency format of unit price and amount (example-1)
    r.points(root, "c13", 2)     # the formula rule
    r.points(root, "c13-2", 1)   # over whole rows
    r.points(root, "c13-3", 3)   # its colour (example-1)
    r.points(root, "c23", 5)     # chart type and stacking (example-2)
    r.points(root, "c23-2", 3)   # legend (example-2)
    # Step 8's error alert: the drafter does not propose dialog texts; asked in words.
    r.add(root, "h2", "validation", 2, "出错警告：标题“数量错误”，内容“请输入1～200之间的整数”",
          [{"select": "sheet('订单明细')/validation[1]", "property": "validation.error.show",
            "op": "equals", "expected": "true"},
           {"select": "sheet('订单明细')/validation[1]", "property": "validation.error.title",
            "op": "equals", "expected": "数量错误"},
           {"select": "sheet('订单明细')/validation[1]",
            "property": "validation.error.message", "op": "equals",
            "expected": "请输入1～200之间的整数"}],
          after="c14-2", note="added by hand: step 8's error alert (title and message)")
    r.add(root, "h1", "formula", 4, "H、I 列查找产品表（引用产品表的绝对区域）",
          [{"select": "sheet('订单明细')/H2:I361", "property": "cell.formula",
            "op": "contains", "expected": "产品!"},
           {"select": "sheet('订单明细')/F2:G361", "property": "cell.formula",
            "op": "contains", "expected": "客户!"},
           {"select": "sheet('订单明细')/F2:I361", "property": "cell.functions",
            "op": "contains_any", "expected": LOOKUPS}],
          after="c06", note="added by hand: the drafter dropped its range check (F:G and "
          "H:I look up different sheets); which sheet each column reads, checked apart")
    _single_charges(root, r)
    # The instruction step each criterion grades (the audit's double charges).
    r.steps(root, {
        "c01": "9,12", "c02": "6", "c02-2": "6", "c03": "5", "c03-2": "5", "c04": "5",
        "c04-2": "5", "c05": "1", "c06": "2", "h1": "2", "c07": "4", "c08": "3", "c13": "7",
        "c13-2": "7", "c13-3": "7", "c14": "8", "c14-2": "8", "h2": "8", "c15": "9",
        "c16": "9", "c17": "10", "c18": "10", "c19": "10", "c20": "10", "c20-2": "10",
        "c21": "10", "c23": "11", "c23-2": "11", "c23-3": "11", "c23-4": "11", "c23-5": "11",
        "c24": "12", "c25": "12", "c25-2": "12", "c25-3": "12", "c25-4": "12", "c25-5": "12",
        "c26": "9,12", "c27": "11", "c28": "12", "c29": "7", "c30": "8", "c31": "13",
        "c31-2": "13"})


def _single_charges(root, r):
    """Checks that charged one mistake twice or asked more than the words (issue 36)."""
    # One mistake, one charge: what a cell shows is graded by its number format's
    # criterion (step 4; step 10's format); a formula's criterion grades the formula and
    # its value (a missing ¥ cost the format and the amounts' formula before).
    for cid in ("c08", "c18", "c20", "c20-2"):
        r.drop(root, cid, "cell.display")
    # Step 10 names the functions, not how their ranges are spelt: 订单明细!J:J is as right
    # as $J$2:$J$361 (the values are graded).
    r.drop(root, "c18", "cell.formula")
    r.drop(root, "c21", "cell.formula")
    # Where the new sheets go is not asked: the same names, in any order.
    r.change(root, "c01", "workbook.sheet_names", op="same_set")
    # Given only by the pictures: colours within what a person tells apart (ΔE00 5), the
    # number format by what it shows (the format type compares codes by their display).
    for cid, prop in (("c03", "cell.fill.color"), ("c04", "font.color"),
                      ("c13-3", "cf.fill.color")):
        r.change(root, cid, prop, op="approx", tolerance="5dE", origin="picture")
    r.change(root, "c07", "cell.number_format", origin="picture")
    r.change(root, "c03-2", "cell.alignment.horizontal", origin="picture")
    r.change(root, "c23", "chart.type", origin="picture")
    r.change(root, "c23", "chart.grouping", origin="picture")
    r.change(root, "c23-2", "chart.legend.position", origin="picture")
    # Values the words give in another form (the audit's literal origins).
    r.change(root, "c13", "cf.formula", origin="instruction",
             reason="步骤 7：金额达到 3000 元（含）的订单")
    r.change(root, "c13-2", "cf.range", origin="instruction",
             reason="步骤 7：整行（A:J 列），第 2～361 行的订单")
    r.change(root, "c23-4", "chart.series.values", origin="input",
             reason="步骤 10/11：B2:E5 的 SUMIFS 结果（图表数据源 A1:E5）")
