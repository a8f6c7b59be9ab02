"""Build input.xlsx for excel-l2-sales: one quarter's sales records of a made-up stationery
company (original data). Run from this directory: ``python make_input.py``. Reproducible:
the records come from a seeded generator."""

import datetime as dt
import random

from openpyxl import Workbook

SELLERS = {"华东": ["王磊", "陈静"], "华北": ["李强", "赵敏"], "华南": ["黄海", "林芳"],
           "西南": ["杨帆", "周婷"]}
PRODUCTS = {"办公家具": (650, 2400), "电子设备": (900, 3800), "文具耗材": (15, 120)}


def records(n: int = 60) -> list[list]:
    rng = random.Random(2503)
    out = []
    day = dt.date(2025, 1, 2)
    for i in range(1, n + 1):
        region = rng.choice(list(SELLERS))
        seller = rng.choice(SELLERS[region])
        product = rng.choice(list(PRODUCTS))
        lo, hi = PRODUCTS[product]
        price = round(rng.uniform(lo, hi) / 5) * 5
        qty = rng.randint(1, 12) if product != "文具耗材" else rng.randint(20, 200)
        out.append([f"XS2025{i:04d}", day, region, seller, product, qty, price])
        day += dt.timedelta(days=rng.choice([0, 1, 1, 2, 3]))
    return out


def main() -> None:
    wb = Workbook()
    ws = wb.active
    ws.append(["订单编号", "日期", "地区", "销售员", "产品类别", "数量", "单价", "销售额"])
    for row in records():
        ws.append(row)
        ws.cell(row=ws.max_row, column=2).number_format = "yyyy/m/d"
    wb.save("input.xlsx")


if __name__ == "__main__":
    main()
