"""Build input.xlsx for excel-l2-library: one autumn term of loans at a university library
(original, generated with a fixed seed): 420 loans on "借阅记录" that name the reader and
the book by number only, the readers on "读者" (their card number encodes the reader type)
and the books on "图书".

Run from this directory: ``python make_input.py``.
"""

import datetime as dt
import random

from openpyxl import Workbook

COLLEGES = ["信息学院", "经济学院", "文学院", "历史学院", "艺术学院", "理学院"]
TYPES = [("BK", 6), ("YJ", 3), ("JS", 1)]          # 本科生, 研究生, 教师 (weights)
CATEGORIES = ["计算机", "经济", "历史", "文学", "艺术"]
TITLE_PARTS = {
    "计算机": (["算法", "数据库", "操作系统", "网络", "程序设计", "数据挖掘", "编译原理", "图形学"],
            ["导论", "实践", "精要", "教程", "原理与应用"]),
    "经济": (["宏观经济", "微观经济", "金融市场", "国际贸易", "会计学", "统计学", "产业经济", "公司治理"],
           ["基础", "案例", "十讲", "通论", "前沿"]),
    "历史": (["宋代城市", "丝路贸易", "近代报刊", "明清科举", "古代水利", "江南市镇", "边疆史地", "考古发现"],
           ["研究", "札记", "考", "史话", "新探"]),
    "文学": (["唐诗", "宋词", "现代小说", "散文", "戏剧", "比较文学", "儿童文学", "民间故事"],
           ["选读", "鉴赏", "讲稿", "概论", "评析"]),
    "艺术": (["水墨画", "书法", "设计色彩", "摄影", "民族音乐", "建筑美学", "版画", "舞台美术"],
           ["入门", "赏析", "技法", "十五讲", "史略"]),
}
SURNAMES = "王李张刘陈杨黄赵周吴徐孙马朱胡郭何林罗高郑梁谢宋唐许韩冯邓曹彭曾萧田董潘袁蔡蒋余于杜叶程魏苏吕丁任沈"
GIVEN = "子涵 一诺 欣怡 梓轩 浩然 雨桐 思远 嘉怡 俊杰 晓彤 天宇 若曦 明哲 佳琪 博文 诗琪 宇航 静怡 志强 晨阳".split()


def build(path: str = "input.xlsx") -> None:
    rnd = random.Random(20251)
    wb = Workbook()
    loans = wb.active
    loans.title = "借阅记录"
    readers = wb.create_sheet("读者")
    books = wb.create_sheet("图书")

    readers.append(["借书证号", "姓名", "学院"])
    seq = {code: 0 for code, _ in TYPES}
    names = set()
    cards = []
    while len(cards) < 60:
        name = rnd.choice(SURNAMES) + rnd.choice(GIVEN)
        if name in names:
            continue
        names.add(name)
        code = rnd.choices([c for c, _ in TYPES], weights=[w for _, w in TYPES])[0]
        seq[code] += 1
        year = 2025 - rnd.randint(0, 3) if code != "JS" else 2010 + rnd.randint(0, 14)
        card = f"{year}{code}{seq[code]:03d}"
        cards.append(card)
        readers.append([card, name, COLLEGES[len(cards) % 6]])

    books.append(["图书编号", "书名", "分类", "定价"])
    titles = []
    for i in range(80):
        cat = CATEGORIES[i % 5] if i < 75 else rnd.choice(CATEGORIES)
        heads, tails = TITLE_PARTS[cat]
        title = f"{rnd.choice(heads)}{rnd.choice(tails)}"
        if rnd.random() < 0.3:
            title += f"（第{rnd.randint(2, 4)}版）"
        titles.append((title, cat, round(rnd.uniform(28, 128) * 2) / 2))
    rnd.shuffle(titles)     # numbered in shelf order: the categories come mixed
    ids = [f"TS{i + 1:03d}" for i in range(80)]
    for book_id, (title, cat, price) in zip(ids, titles):
        books.append([book_id, title, cat, price])

    loans.append(["流水号", "借书证号", "图书编号", "借出日期", "归还日期"])
    day = dt.date(2025, 9, 1)
    for i in range(420):
        day += dt.timedelta(days=rnd.choice([0, 0, 0, 0, 1]))
        keep = rnd.choice([5, 9, 12, 14, 18, 21, 25, 28, 30, 33, 38, 45, 60])
        loans.append([f"JY{i + 1:04d}", rnd.choice(cards), rnd.choice(ids), day,
                      day + dt.timedelta(days=keep)])
        for col in (4, 5):
            loans.cell(row=i + 2, column=col).number_format = "yyyy-mm-dd"
    for ws, widths in ((loans, [10, 12, 10, 12, 12]), (readers, [12, 10, 12]),
                       (books, [10, 24, 8, 8])):
        for col, w in zip("ABCDE", widths):
            ws.column_dimensions[col].width = w
    wb.properties.creator = "officeeval samples"
    wb.save(path)


if __name__ == "__main__":
    build()
