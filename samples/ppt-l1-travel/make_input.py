"""Build input.pptx for ppt-l1-travel: an unformatted five-slide deck promoting weekend
trips to water towns (original text). python-pptx's default template (4:3, Office Theme),
no direct formatting, no transitions, no footers.

Run from this directory: ``python make_input.py``.
"""

from pptx import Presentation

SLIDES = [
    ("Title and Content", "江南水乡 · 周末游", ["2026 春季线路推介"]),
    ("Title and Content", "线路亮点", ["乘乌篷船穿行古镇河道", "夜游灯火中的石桥与老街",
                                   "品尝桂花糕、酱鸭等地方小吃"]),
    ("Title Only", "行程安排", []),
    ("Title and Content", "费用说明", ["成人票价：每人 680 元", "含往返大巴、住宿一晚与景区门票",
                                   "不含午餐、晚餐及个人消费"]),
    ("Title and Content", "报名方式", ["报名截止：2026 年 3 月 20 日", "咨询电话：0571-8765 4321"]),
]


def main() -> None:
    prs = Presentation()
    layouts = {layout.name: layout for layout in prs.slide_layouts}
    for layout_name, title, lines in SLIDES:
        slide = prs.slides.add_slide(layouts[layout_name])
        slide.shapes.title.text = title
        if lines:
            body = slide.placeholders[1].text_frame
            body.text = lines[0]
            for line in lines[1:]:
                body.add_paragraph().text = line
    prs.core_properties.author = "officeeval samples"
    prs.save("input.pptx")


if __name__ == "__main__":
    main()
