"""Build input.xlsx for excel-l2-import: expense claims exported from a made-up finance
system (original data), with the usual import defects: names with stray spaces, amounts and
dates stored as text. Run from this directory: ``python make_input.py``. Reproducible."""

import datetime as dt
import random

from openpyxl import Workbook

PEOPLE = {"财务部": ["许文静", "胡建国", "宋雅琴"], "技术部": ["高远", "程子豪", "罗晓峰", "梁思雨"],
          "市场部": ["唐欣然", "韦嘉豪", "谢婷婷"], "行政部": ["马丽华", "董志刚"]}
KINDS = ["差旅费", "办公费", "招待费", "培训费"]


def records(n: int = 36) -> list[list]:
    rng = random.Random(3108)
    out = []
    day = dt.date(2025, 3, 3)
    used = set()
    for i in range(1, n + 1):
        dept = rng.choice(list(PEOPLE))
        name = rng.choice(PEOPLE[dept])
        while True:  # distinct amounts keep the sort order unambiguous
            amount = round(rng.uniform(80, 4800) * 2) / 2
            if amount not in used:
                used.add(amount)
                break
        text_amount = f"{amount:,.2f}" if amount >= 1000 else f"{amount:g}"
        pad = rng.choice(["", " ", "  ", "   "])
        shown = rng.choice([f"{pad}{name}", f"{name}{pad}", f" {name} ", name])
        out.append([f"E{1000 + i}", shown, dept, rng.choice(KINDS), text_amount,
                    day.isoformat()])
        day += dt.timedelta(days=rng.choice([0, 1, 1, 2]))
    return out


def main() -> None:
    wb = Workbook()
    ws = wb.active
    ws.title = "导入数据"
    ws.append(["工号", "姓名", "部门", "报销类别", "金额", "报销日期"])
    for row in records():
        ws.append(row)
    wb.save("input.xlsx")


if __name__ == "__main__":
    main()
