"""The hand review of the drafted rubric (draft.xml -> rubrics/excel-l2-library.xml); why
each edit: NOTES.md. Applied by ``python samples/review.py excel-l2-library``."""


LOOKUPS = "VLOOKUP|XLOOKUP|LOOKUP|INDEX"
TEXT_FUNCTIONS = "MID|LEFT|RIGHT|FIND|SEARCH|REPLACE|SUBSTITUTE|TEXT"
CHOOSING = r"^=\s*(_xlfn\.)?(IF|IFS|SWITCH|CHOOSE|LOOKUP|VLOOKUP|XLOOKUP|INDEX|IFERROR)\("


def EDITS(root, r):
    r.attach(root, *(f"../samples/excel-l2-library/example-{i}.png" for i in (1, 2, 3)))
    # Not asked (the pictures do not fix them): column widths, row heights, page counts,
    # the outline settings openpyxl writes on every new sheet, the pivot table's cells
    # (what Excel shows after a refresh: a pivot table written as XML has none until then).
    for cid in ("c13", "c14", "c16", "c33", "c34", "c35", "c38", "c44"):
        r.drop(root, cid)
    r.drop(root, "c03", "sheet.print_pages")
    r.drop(root, "c45", "row.height")
    r.drop(root, "c46", "row.height")
    for cid in ("c22", "c37"):
        r.drop(root, cid, "sheet.outline.summary_below", "sheet.outline.summary_right")
    r.drop(root, "c41", "sheet.outline.summary_right", "sheet.outline")
    r.drop(root, "c25", "font.color", "font.underline")

    # Functions the instruction does not name: any usual one is right.
    r.change(root, "c08", "cell.functions", op="contains_any", expected=LOOKUPS)
    r.change(root, "c18", "cell.functions", op="contains_any", expected=TEXT_FUNCTIONS)
    # ... inside a function that chooses the type from the code (IF, a lookup in a table
    # …): the formula starts with one.
    r.check(root, "c18", select="sheet('读者')/D2:D61", property="cell.formula",
            op="matches", expected=CHOOSING)
    # COUNTIF over a whole column (C:C) is as right as over C2:C421.
    r.drop(root, "c20", "cell.formula")
    # "Keep one decimal" may be ROUND as well as a format: the value within 0.05.
    r.change(root, "c27", "cell.value", op="approx", tolerance="0.05")
    r.change(root, "c32", "cell.value", op="approx", tolerance="0.05")
    r.drop(root, "c27", "cell.formula")
    r.drop(root, "c32", "cell.formula")
    r.change(root, "c32", "cell.functions", op="contains_any",
             expected="AVERAGE|AVERAGEA|AVERAGEIFS|SUBTOTAL")
    # The rate is a quotient: within half a per mille of the reference's (a ROUND to three
    # decimals shows the same 36.6%).
    r.change(root, "c29", "cell.value", op="approx", tolerance="0.0005")
    # Given by picture: the date format and the month's "9月" are graded as shown, however
    # the format code is spelled (yyyy"年"m"月"d"日", [$-804]yyyy年m月d日 …).
    r.change(root, "c07", "cell.number_format", property="cell.display", op="equals",
             expected=None, expected_from="reference")
    r.change(root, "c11", "cell.number_format", property="cell.display", op="equals",
             expected=None, expected_from="reference")
    r.drop(root, "c10", "cell.display")
    # The rule's effect (which cells it fills) rather than its text: $I2>30 is as right as
    # $K2="超期".
    r.change(root, "c15", "cf.cells", expected=None, expected_from="reference")
    r.drop(root, "c15", "cf.formula")
    # The list's formula restates the list.
    r.drop(root, "c21", "validation.formula", "validation.list.ordered")
    # The instruction fixes the charts' top-left cells only; their series references are
    # written in many equivalent ways (values and names are graded).
    r.change(root, "c36", "chart.anchor", expected="G2")
    r.drop(root, "c36", "chart.series.category_refs", "chart.series.value_refs")
    r.change(root, "c39", "chart.anchor", expected="I3")
    # A pivot chart's data is its pivot table (graded there and by the source link);
    # its legend is not asked.
    r.drop(root, "c39", "chart.series.category_refs", "chart.series.value_refs",
           "chart.series.categories", "chart.series.names", "chart.series.values",
           "chart.series.count", "chart.legend.position")
    r.drop(root, "c40", "pivot.values.captions")

    # A new sheet's name is graded by the workbook's sheet names; the sheet count too.
    r.drop(root, "c37")
    r.drop(root, "c47")
    r.drop(root, "c22", "sheet.name")
    r.drop(root, "c41", "sheet.name")
    # One step, one criterion: the new header and its formulas, the objects' counts, the
    # subtotals' outline levels.
    r.merge(root, "c18", "c17", description="读者类型：D1 标题，D2:D61 用文本函数由借书证号求出")
    r.merge(root, "c20", "c19", description="借阅次数：E1 标题，E2:E81 用 COUNTIF 统计")
    r.merge(root, "c48", "c49", "c50", "c51",
            description="图表、数据透视表、条件格式和数据验证各一个")
    r.merge(root, "c41", "c45", "c46",
            description="分类汇总的分级显示：明细行 2 级、汇总行 1 级，汇总结果在数据下方（示例图 3）")
    r._crit(root, "c41").set("skill", "subtotal")
    r._crit(root, "c43").set("skill", "subtotal")
    r.describe(root, "c43", "各分类及总计的汇总行用 SUBTOTAL 求借阅次数之和")
    r.describe(root, "c42", "“分类汇总”：图书数据按分类（拼音序）和编号排序，汇总行标签（示例图 3）")
    r.describe(root, "c07", "借出日期、归还日期的日期格式（示例图 1：2025年9月1日）")
    r.describe(root, "c11", "借出月份的显示形式（示例图 1：9月）")
    r.describe(root, "c10", "J 列用 MONTH 求借出月份（数值）")
    r.describe(root, "c08", "F:H 列用查找函数跨表查出读者姓名、所在学院和图书分类")
    r.describe(root, "c09", "I 列用公式求借阅天数，显示为整数")
    r.describe(root, "c12", "K 列用 IF 判断借阅状态")
    r.describe(root, "c23", "“学院统计”表格边框（示例图 2）")
    r.describe(root, "c52", "原有数据未被改动")
    r.describe(root, "c06", "“借阅记录”F1:K1 的列标题")
    r.describe(root, "c24", "“学院统计”的行列标签")
    r.describe(root, "c25", "“学院统计”第 1 行和第 8 行加粗")
    r.describe(root, "c26", "B2:C7 用 COUNTIFS 统计借阅次数和超期次数")
    r.describe(root, "c27", "D2:D7 用 AVERAGEIFS 求平均借阅天数")
    r.describe(root, "c28", "平均借阅天数保留 1 位小数")
    r.describe(root, "c30", "超期率的数字格式（示例图 2：百分比，1 位小数）")
    r.describe(root, "c31", "B8、C8 用 SUM 求合计")
    r.describe(root, "c32", "D8 为全部借阅的平均借阅天数")

    # Steps the draft graded together that the instruction asks apart.
    r.describe(root, "c03", "“借阅记录”横向打印，每页重复第 1 行")
    r.split(root, "c04", ("标题行填充颜色（示例图 1）", ["cell.fill.color"]),
            ("标题行对齐方式（示例图 1）", ["cell.alignment.horizontal"]))
    r.split(root, "c05", ("标题行字体颜色（示例图 1）", ["font.color"]),
            ("标题行字体加粗", ["font.bold"]))
    r.split(root, "c15", ("公式条件格式：超期记录", ["cf.type", "cf.cells"]),
            ("条件格式应用于整行 A2:K421", ["cf.range"]),
            ("条件格式填充颜色（示例图 1）", ["cf.fill.color"]))
    r.split(root, "c21", ("分类的数据验证：序列“计算机,经济,历史,文学,艺术”",
                          ["validation.type", "validation.list"]),
            ("数据验证的应用区域 C2:C81", ["validation.range"]),
            ("出错警告：标题“分类错误”，内容“请从列表中选择分类”",
             ["validation.error.show", "validation.error.title", "validation.error.message"]))
    r.describe(root, "c22", "“学院统计”标签颜色为深红")
    r.split(root, "c29", ("E 列用公式求超期率", ["cell.has_formula", "cell.value"]),
            ("超期率的显示（示例图 2）", ["cell.display"]))
    r.split(root, "c36", ("图表类型：条形图（示例图 2）", ["chart.type", "chart.grouping"]),
            ("不显示图例（示例图 2）", ["chart.legend.position"]),
            ("显示数据标签（示例图 2）", ["chart.data_labels"]),
            ("图表标题“各学院借阅次数”", ["chart.title"]),
            ("图表数据源 A1:B7", ["chart.series.count", "chart.series.names",
                                 "chart.series.categories", "chart.series.values"]),
            ("图表左上角位于 G2", ["chart.anchor"]))
    r.split(root, "c39", ("数据透视图基于数据透视表“学院分类借阅”", ["chart.pivot_source"]),
            ("数据透视图为簇状柱形图", ["chart.type", "chart.grouping"]),
            ("数据透视图标题“各学院分类借阅量”", ["chart.title"]),
            ("数据透视图左上角位于 I3", ["chart.anchor"]))
    r.split(root, "c40", ("数据透视表名称“学院分类借阅”，位于 A3", ["pivot.name", "pivot.location"]),
            ("数据透视表的数据源 A1:K421", ["pivot.source"]),
            ("行字段“所在学院”", ["pivot.rows"]), ("列字段“图书分类”", ["pivot.columns"]),
            ("筛选字段“借阅状态”", ["pivot.filters"]),
            ("值：流水号计数", ["pivot.values", "pivot.values.functions"]))

    # Which sheet each lookup reads, checked apart (the drafter's range check could not
    # hold for F:G and H, which read two different tables).
    r.add(root, "h1", "formula", 3, "F、G 列查找读者表，H 列查找图书表",
          [{"select": "sheet('借阅记录')/F2:G421", "property": "cell.formula",
            "op": "contains", "expected": "读者!"},
           {"select": "sheet('借阅记录')/H2:H421", "property": "cell.formula",
            "op": "contains", "expected": "图书!"},
           {"select": "sheet('借阅记录')/F2:H421", "property": "cell.functions",
            "op": "contains_any", "expected": LOOKUPS}],
          after="c08", note="added by hand: which sheet each lookup column reads")
    # What the subtotals sum is given by picture: the loans only, not the prices.
    r.add(root, "h2", "subtotal", 3, "汇总项只有“借阅次数”（示例图 3）",
          [{"select": "sheet('分类汇总')/D1:D87", "property": "text", "op": "equals",
            "expected_from": "reference"}],
          after="c43", note="added by hand: the subtotal rows leave the prices empty "
          "(the picture's 汇总项 is 借阅次数 alone); the draft graded D only on detail rows; "
          "read as the text shown, which an empty cell has")
    # The preserved columns: D:E (the dates) are reformatted but keep their values.
    r.check(root, "c52", select="sheet('借阅记录')/D2:E421", property="cell.value",
            op="unchanged")

    # What the pictures alone give weighs as a step of its own.
    for cid, pts in (("c04", 2), ("c04-2", 1), ("c05", 2), ("c07", 3), ("c11", 3),
                     ("c15-3", 3), ("c23", 3), ("c29-2", 2), ("c30", 2), ("c36", 3),
                     ("c36-2", 2), ("c36-3", 2), ("c39", 3), ("c43", 3)):
        r.points(root, cid, pts)
    _single_charges(root, r)
    # The instruction step each criterion grades (the audit's double charges).
    r.steps(root, {
        "c01": "12,15,17", "c02": "8", "c03": "10", "c04": "8", "c04-2": "8", "c05": "8",
        "c05-2": "8", "c06": "2", "c07": "7", "c08": "3", "h1": "3", "c09": "4", "c10": "5",
        "c11": "5", "c12": "6", "c15": "9", "c15-2": "9", "c15-3": "9", "c18": "1",
        "c20": "11", "c21": "11", "c21-2": "11", "c21-3": "11", "c22": "12", "c23": "13",
        "c24": "12", "c25": "13", "c26": "13", "c27": "13", "c28": "13", "c29": "13",
        "c30": "13", "c31": "13", "c32": "13", "c36": "14", "c36-2": "14", "c36-3": "14",
        "c36-4": "14", "c36-5": "14", "c36-6": "14", "c39": "16", "c39-2": "16",
        "c39-3": "16", "c39-4": "16", "c40": "15", "c40-2": "15", "c40-3": "15",
        "c40-4": "15", "c40-5": "15", "c40-6": "15", "c41": "17", "c42": "17", "c43": "17",
        "h2": "17", "c48": "9,11,14,15,16", "c52": "18"})


def _single_charges(root, r):
    """Checks that charged one mistake twice or asked more than the words (issue 36)."""
    rec, stat = "sheet('借阅记录')", "sheet('学院统计')"
    # One mistake, one charge: a format step grades the format, a formula step the formula
    # and its value. What a formula cell shows depends on both: a display check in the
    # formula's criterion charged a missing format twice, and the month's display (step 5)
    # charged a wrong MONTH formula twice.
    r.drop_where(root, f"{stat}/D2:D7", "cell.display")
    r.drop_where(root, f"{stat}/D8", "cell.display")
    r.drop_where(root, f"{stat}/E2:E8", "cell.display")
    r.change_where(root, f"{rec}/J2:J421", "cell.display", property="cell.number_format",
                   origin="picture")
    # The dates' format (example 1: 2025年9月1日) by the format, not by the shown dates: a
    # changed date is the preservation criterion's charge, not the format's too (the
    # number format compares by what it shows, so yyyy"年"m"月"d"日", its ;@ form and
    # [$-804]yyyy年m月d日 are all the format the picture shows).
    r.change_where(root, f"{rec}/D2:E421", "cell.display", property="cell.number_format",
                   origin="picture")
    # Step 13 names the functions, not how their ranges are spelt (a whole column is as
    # right; the values are graded).
    r.drop_where(root, f"{stat}/B2:C7", "cell.formula")
    # Where the new sheets go is not asked: the same names, in any order.
    r.change_where(root, "workbook", "workbook.sheet_names", op="same_set")
    # Given only by the pictures: colours within what a person tells apart (ΔE00 5).
    for sel, prop in ((f"{rec}/A1:K1", "cell.fill.color"), (f"{rec}/A1:K1", "font.color"),
                      (f"{rec}/conditional_format[1]", "cf.fill.color")):
        r.change_where(root, sel, prop, op="approx", tolerance="5dE", origin="picture")
    for sel, prop in ((f"{rec}/A1:K1", "cell.alignment.horizontal"),
                      (f"{stat}/E2:E8", "cell.number_format"),
                      (f"{stat}/chart[1]", "chart.type"), (f"{stat}/chart[1]", "chart.grouping"),
                      (f"{stat}/chart[1]", "chart.legend.position"),
                      (f"{stat}/chart[1]", "chart.data_labels")):
        r.change_where(root, sel, prop, origin="picture")
    for side in ("top", "bottom", "left", "right"):
        r.change_where(root, f"{stat}/A1:E8", f"cell.border.{side}", origin="picture")
    # Values the words give in another form (the audit's literal origins).
    r.change_where(root, f"{rec}", "sheet.print.titles", origin="instruction",
                   reason="步骤 10：打印时每页都重复第 1 行标题")
    r.change_where(root, f"{rec}/conditional_format[1]", "cf.range", origin="instruction",
                   reason="步骤 9：记录整行（A:K 列），第 2～421 行")
    r.change_where(root, "sheet('读者')/D2:D61", "cell.formula", origin="instruction",
                   reason="步骤 1：用公式根据借书证号求出类型（按代码选择三种类型之一）")
