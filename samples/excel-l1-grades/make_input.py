"""Build input.xlsx for excel-l1-grades: a class's end-of-term score sheet (original, made-up
names and scores). Run from this directory: ``python make_input.py``. Reproducible: the
scores come from a seeded generator."""

import random

from openpyxl import Workbook

NAMES = ["林晓雨", "陈志远", "王梦琪", "赵子涵", "刘思源", "孙佳怡", "周文博", "吴雨桐",
         "郑浩然", "冯欣悦", "何俊杰", "许诗涵", "韩宇航", "邓可欣", "曹一鸣", "彭语嫣",
         "曾天佑", "田静怡", "萧逸飞", "潘若曦", "袁明轩", "蒋悦宁", "杜子墨", "沈清扬",
         "姚雪晴", "崔宏图", "钟晨希", "谭乐言", "陆星辰", "范秋实"]


def scores() -> list[tuple[int, int, int]]:
    rng = random.Random(2025)
    out = []
    for i in range(len(NAMES)):
        base = rng.randint(48, 95)
        out.append(tuple(max(35, min(100, base + rng.randint(-12, 12))) for _ in range(3)))
    return out


def main() -> None:
    wb = Workbook()
    ws = wb.active
    ws.title = "成绩表"
    ws["A1"] = "2025级计算机应用1班期末成绩统计表"
    ws.append(["学号", "姓名", "性别", "语文", "数学", "英语", "总分", "平均分", "等级", "名次"])
    for i, (name, (a, b, c)) in enumerate(zip(NAMES, scores()), start=1):
        ws.append([f"2025{i:03d}", name, "女" if i % 3 == 0 or i % 5 == 0 else "男", a, b, c])
    ws["A33"] = "各科平均分"
    wb.save("input.xlsx")


if __name__ == "__main__":
    main()
