"""Build input.xlsx for excel-l2-orders: a year of orders of an office-supplies wholesaler
(original, generated with a fixed seed): 360 orders on "订单明细" that name a customer and a
product by code only, the customers on "客户" and the products on "产品".

Run from this directory: ``python make_input.py``.
"""

import datetime as dt
import random

from openpyxl import Workbook

REGIONS = ["华东", "华北", "华南", "华中"]
CATEGORIES = ["文具", "办公设备", "耗材", "家具"]
PRODUCTS = [("中性笔（盒）", "文具", 18.5), ("笔记本", "文具", 6.8), ("文件夹", "文具", 4.5),
            ("订书机", "文具", 23.0), ("便利贴", "文具", 3.2), ("碎纸机", "办公设备", 468.0),
            ("激光打印机", "办公设备", 1299.0), ("扫描仪", "办公设备", 899.0),
            ("投影仪", "办公设备", 2680.0), ("计算器", "办公设备", 45.0),
            ("复印纸（箱）", "耗材", 129.0), ("硒鼓", "耗材", 356.0), ("墨盒", "耗材", 158.0),
            ("标签纸", "耗材", 36.0), ("装订胶圈", "耗材", 22.0), ("办公椅", "家具", 560.0),
            ("文件柜", "家具", 980.0), ("会议桌", "家具", 2350.0), ("书架", "家具", 420.0),
            ("屏风隔断", "家具", 1180.0)]
SURNAMES = "华信 联创 嘉禾 明远 天成 恒通 启航 博雅 安达 瑞丰 鼎盛 卓越 长青 立达 同创 远航 和泰 新桥 宏图 东升".split()
KINDS = ["科技", "贸易", "教育", "文化"]


def build(path: str = "input.xlsx") -> None:
    rnd = random.Random(2025)
    wb = Workbook()
    orders = wb.active
    orders.title = "订单明细"
    customers = wb.create_sheet("客户")
    products = wb.create_sheet("产品")
    customers.append(["客户编号", "客户名称", "所在地区"])
    names = [f"{s}{k}有限公司" for s in SURNAMES for k in KINDS]
    rnd.shuffle(names)
    for i in range(40):
        customers.append([f"KH{i + 1:03d}", names[i], REGIONS[i % 4]])
    products.append(["产品编号", "产品名称", "类别", "单价"])
    for i, (name, cat, price) in enumerate(PRODUCTS, start=1):
        products.append([f"CP{i:02d}", name, cat, price])
    orders.append(["订单号", "下单日期", "客户编号", "产品编号", "数量"])
    day = dt.date(2025, 1, 2)
    for i in range(360):
        day += dt.timedelta(days=rnd.choice([0, 1, 1, 1, 2]))
        orders.append([f"DD{2025}{i + 1:04d}", day, f"KH{rnd.randint(1, 40):03d}",
                       f"CP{rnd.randint(1, 20):02d}", rnd.choice([1, 2, 3, 5, 8, 10, 12, 20])])
        orders.cell(row=i + 2, column=2).number_format = "yyyy-mm-dd"
    for ws, widths in ((orders, [14, 12, 10, 10, 8]), (customers, [10, 22, 10]),
                       (products, [10, 14, 10, 10])):
        for col, w in zip("ABCDE", widths):
            ws.column_dimensions[col].width = w
    wb.properties.creator = "officeeval samples"
    wb.save(path)


if __name__ == "__main__":
    build()
