"""Build input.docx for word-l1-article: an unformatted short article about pocket parks,
ending with five tab-separated lines that the task turns into a table (original text).

Run from this directory: ``python make_input.py``. Uses python-docx's default template, so
every paragraph starts in the Normal style with no direct formatting.
"""

from docx import Document

TITLE = "口袋公园：城市里的“绿色客厅”"
BODY = [
    "在高楼林立的城市里，一块不足千平方米的空地，经过精心设计，就能变成居民散步、休憩、"
    "交往的好去处。这类规模小、分布散、贴近社区的公园被称为“口袋公园”。近年来，许多城市"
    "把建设口袋公园作为改善人居环境的重要举措，让居民“推窗见绿、出门入园”。",
    "口袋公园的最大特点是“小而美”。它们往往利用街角边角地、拆违腾退地或闲置地块建设，"
    "因地制宜布置座椅、花境、儿童游戏场地和健身器材。有的公园还保留了老树、老墙等城市记忆，"
    "让居民在家门口就能感受到街区的历史与温度。",
    "与大型综合公园相比，口袋公园建设周期短、投入少、见效快，但对设计提出了更高的要求。"
    "设计师需要在有限的空间里兼顾通行、休憩、遮阴和照明等多种功能，同时倾听周边居民的意见，"
    "让公园真正成为大家愿意停留的地方。",
    "口袋公园建成之后，管护同样重要。一些社区组织志愿者认领花坛、定期清理落叶，还在公园里"
    "举办读书会、周末市集等活动。公园不仅美化了环境，也拉近了邻里之间的距离。",
    "下表列出了某市近四年口袋公园的建设情况。",
]
TABLE_LINES = [
    "年份\t新建数量（个）\t新增面积（公顷）\t服务居民（万人）",
    "2022年\t36\t8.6\t21.5",
    "2023年\t52\t12.3\t30.8",
    "2024年\t68\t15.9\t41.2",
    "2025年\t75\t17.4\t46.7",
]


def main() -> None:
    doc = Document()
    for text in [TITLE, *BODY, *TABLE_LINES]:
        doc.add_paragraph(text)
    doc.core_properties.author = "officeeval samples"
    doc.core_properties.title = ""
    doc.save("input.docx")


if __name__ == "__main__":
    main()
