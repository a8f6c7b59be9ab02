"""Build the inputs of word-l2-merge: input.docx, an unformatted invitation letter (original
text), and 嘉宾名单.xlsx, the guest list the letter is to be merged with (fictitious names).

Run from this directory: ``python make_input.py``.
"""

from docx import Document
from openpyxl import Workbook

LETTER = [
    "邀请函",
    "尊敬的：",
    "本研究所定于2026年1月16日（星期五）下午14:00在市文化中心二楼报告厅举办“城市阅读空间设计”"
    "学术沙龙。沙龙将邀请多位业内专家分享社区阅读空间的设计实践，并围绕“如何让阅读空间更有"
    "吸引力”展开交流。",
    "您在公共空间研究方面的经验将为本次交流增色不少，诚挚邀请您拨冗出席！",
    "您的座位号：",
    "联系人：林老师　电话：0571-8765 4321",
    "城市公共空间研究所",
    "2025年12月20日",
]
GUESTS = [
    ("编号", "姓名", "性别", "单位", "座位号"),
    (1, "周明远", "男", "市规划设计研究院", "A01"),
    (2, "陈思雨", "女", "江南大学建筑学院", "A02"),
    (3, "黄立群", "男", "城东街道办事处", "A03"),
    (4, "许晓岚", "女", "市图书馆", "B01"),
    (5, "郑浩然", "男", "青禾景观设计事务所", "B02"),
    (6, "吴佳宁", "女", "市文化馆", "B03"),
]


def main() -> None:
    doc = Document()
    for text in LETTER:
        doc.add_paragraph(text)
    doc.core_properties.author = "officeeval samples"
    doc.core_properties.title = ""
    doc.save("input.docx")
    wb = Workbook()
    ws = wb.active
    ws.title = "Sheet1"
    for row in GUESTS:
        ws.append(row)
    wb.save("嘉宾名单.xlsx")


if __name__ == "__main__":
    main()
