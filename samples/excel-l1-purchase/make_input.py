"""Build input.xlsx for excel-l1-purchase: an office-supplies purchase list and its price
list (original, made-up items). Run from this directory: ``python make_input.py``."""

import datetime as dt

from openpyxl import Workbook

PRICES = [
    ("BG001", "中性笔（黑）", 2.5), ("BG002", "A4复印纸", 26.0), ("BG003", "文件夹", 8.8),
    ("BG004", "订书机", 35.0), ("BG005", "便利贴", 4.5), ("BG006", "白板笔", 6.0),
    ("BG007", "计算器", 68.0), ("BG008", "档案盒", 12.5), ("BG009", "长尾夹", 9.9),
    ("BG010", "激光笔", 89.0), ("BG011", "墨盒", 245.0), ("BG012", "U盘64G", 59.0),
]
# (date, item code, quantity, department)
ORDERS = [
    (dt.date(2025, 3, 3), "BG002", 40, "行政部"), (dt.date(2025, 3, 3), "BG001", 120, "市场部"),
    (dt.date(2025, 3, 5), "BG011", 6, "财务部"), (dt.date(2025, 3, 6), "BG003", 50, "人事部"),
    (dt.date(2025, 3, 8), "BG007", 10, "财务部"), (dt.date(2025, 3, 10), "BG005", 80, "市场部"),
    (dt.date(2025, 3, 11), "BG012", 15, "技术部"), (dt.date(2025, 3, 12), "BG004", 12, "行政部"),
    (dt.date(2025, 3, 14), "BG008", 60, "人事部"), (dt.date(2025, 3, 17), "BG010", 8, "市场部"),
    (dt.date(2025, 3, 18), "BG002", 25, "技术部"), (dt.date(2025, 3, 19), "BG006", 40, "行政部"),
    (dt.date(2025, 3, 20), "BG009", 30, "财务部"), (dt.date(2025, 3, 21), "BG011", 4, "技术部"),
    (dt.date(2025, 3, 24), "BG001", 200, "技术部"), (dt.date(2025, 3, 25), "BG003", 35, "市场部"),
    (dt.date(2025, 3, 26), "BG012", 6, "人事部"), (dt.date(2025, 3, 27), "BG007", 5, "行政部"),
    (dt.date(2025, 3, 28), "BG005", 45, "财务部"), (dt.date(2025, 3, 31), "BG008", 20, "技术部"),
]


def main() -> None:
    wb = Workbook()
    ws = wb.active
    ws.title = "采购清单"
    ws["A1"] = "2025年3月办公用品采购清单"
    ws.append(["序号", "采购日期", "物品编号", "物品名称", "单价", "数量", "金额", "部门"])
    for i, (day, code, qty, dept) in enumerate(ORDERS, start=1):
        ws.append([i, day, code, None, None, qty, None, dept])
        ws.cell(row=i + 2, column=2).number_format = "yyyy-mm-dd"
    ws["A23"] = "合计"
    ws["A24"] = "千元以上采购占比"
    prices = wb.create_sheet("价格表")
    prices.append(["物品编号", "物品名称", "单价"])
    for row in PRICES:
        prices.append(list(row))
    wb.save("input.xlsx")


if __name__ == "__main__":
    main()
