"""Build input.docx for word-l2-report: an unformatted survey report (original text) with a
data table and a bar-chart picture. Headings are plain paragraphs in the Normal style; the
task turns the document into a structured report.

Run from this directory: ``python make_input.py``. The picture is drawn here as a PNG
(pure Python, no imaging library), so the input is reproducible.
"""

import io
import struct
import zlib

from docx import Document
from docx.shared import Cm

COVER = ["社区图书馆服务情况调查报告", "——以某市三个街道为例", "调查小组：城市公共文化研究组",
         "2025年11月"]
# (kind, text): h1 / h2 / body / table / picture
CONTENT = [
    ("h1", "调查背景"),
    ("body", "社区图书馆是公共文化服务体系的“最后一公里”。近年来，各街道陆续建成一批面积不大、"
             "贴近居民的社区图书馆，为居民就近阅读提供了便利。为了解这些图书馆的实际使用情况，"
             "研究组于2025年下半年开展了本次调查。"),
    ("body", "本次调查重点关注三个问题：居民是否常来、来了是否满意、数字服务是否用得上。"
             "调查结果将为下一阶段的布局调整和服务改进提供参考。"),
    ("h1", "调查对象与方法"),
    ("body", "调查选取城东、城西、城南三个街道的社区图书馆，采用问卷调查与实地观察相结合的方法。"
             "共发放问卷620份，回收有效问卷583份，有效率为94.0%；同时在工作日和周末各安排两次"
             "实地观察，记录到馆人数和停留时长。"),
    ("h1", "调查结果"),
    ("h2", "借阅情况"),
    ("body", "三个图书馆的借阅量差异明显。城东馆毗邻学校，学生读者多，借阅最为活跃；城南馆位于"
             "新建小区，读者以年轻家庭为主。各馆藏书量、月均借阅和开放时长等指标见下表。"),
    ("table", [["图书馆", "藏书量（册）", "月均借阅（人次）", "开放时长（小时/周）"],
               ["城东馆", "12600", "2150", "56"],
               ["城西馆", "9800", "1320", "48"],
               ["城南馆", "11200", "1760", "60"]]),
    ("h2", "读者满意度"),
    ("body", "受访居民对图书馆的总体满意度为86.5%。其中，对借阅环境和工作人员服务的评价最高，"
             "对新书更新速度和开放时间的评价相对较低，不少上班族希望延长晚间开放时间。"),
    ("h2", "数字资源使用"),
    ("body", "三个图书馆均开通了电子图书和有声读物服务，但使用率不高。调查显示，仅有约三成受访者"
             "使用过数字资源，多数居民表示“不知道有这项服务”。下图为近六个月数字资源的月访问量。"),
    ("picture", None),
    ("h1", "问题与建议"),
    ("h2", "存在的问题"),
    ("body", "一是新书更新慢，热门图书常常需要排队预约；二是开放时间与上班族的空闲时间错位；"
             "三是数字资源宣传不足，服务知晓率低。"),
    ("h2", "改进建议"),
    ("body", "建议建立居民荐书机制，按借阅数据动态采购新书；试行工作日晚间和节假日延时开放；"
             "在社区公众号和服务大厅定期推介数字资源，并开展面向老年人的使用培训。"),
    ("h1", "结语"),
    ("body", "社区图书馆要真正成为居民的“家门口书房”，既要有好书、好环境，也要有贴心的服务。"
             "研究组将持续跟踪各馆的改进情况，适时开展第二轮调查。"),
]
VISITS = [320, 380, 410, 470, 520, 610]  # monthly visits drawn as bars


def bar_chart_png(values, width=480, height=270) -> bytes:
    """A simple bar chart as PNG bytes: white background, grey axis, blue bars."""
    pixels = [[(255, 255, 255)] * width for _ in range(height)]
    left, bottom, top = 40, height - 30, 20
    for x in range(left, width - 20):
        pixels[bottom][x] = (128, 128, 128)
    for y in range(top, bottom + 1):
        pixels[y][left] = (128, 128, 128)
    span = (width - 20 - left) // len(values)
    peak = max(values)
    for i, v in enumerate(values):
        h = int((bottom - top) * v / peak)
        x0 = left + i * span + span // 4
        for x in range(x0, x0 + span // 2):
            for y in range(bottom - h, bottom):
                pixels[y][x] = (68, 114, 196)
    raw = b"".join(b"\x00" + bytes(c for px in row for c in px) for row in pixels)

    def chunk(kind: bytes, data: bytes) -> bytes:
        return (struct.pack(">I", len(data)) + kind + data
                + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF))

    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 2,
                                                            0, 0, 0))
            + chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b""))


def main() -> None:
    doc = Document()
    for text in COVER:
        doc.add_paragraph(text)
    for kind, value in CONTENT:
        if kind == "table":
            table = doc.add_table(rows=len(value), cols=len(value[0]))
            for r, row in enumerate(value):
                for c, text in enumerate(row):
                    table.cell(r, c).text = text
        elif kind == "picture":
            doc.add_paragraph().add_run().add_picture(io.BytesIO(bar_chart_png(VISITS)),
                                                      width=Cm(16))
        else:
            doc.add_paragraph(value)
    doc.core_properties.author = "officeeval samples"
    doc.core_properties.title = ""
    doc.save("input.docx")


if __name__ == "__main__":
    main()
