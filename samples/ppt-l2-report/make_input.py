"""Build input.pptx for ppt-l2-report: the start of an annual sales review (original text):
a cover slide and a slide holding the outline in a text box, first-level lines for slide
titles and second-level lines for their body text. python-pptx's default template (4:3).

Run from this directory: ``python make_input.py``.
"""

from pptx import Presentation
from pptx.util import Cm, Pt

OUTLINE = [
    (0, "市场概况"), (1, "国内需求逐步回暖"), (1, "线上渠道增速明显"),
    (0, "季度销售额"),
    (0, "区域对比"),
    (0, "下年度计划"), (1, "拓展华南市场"), (1, "提升老客户复购率"),
]


def main() -> None:
    prs = Presentation()
    layouts = {layout.name: layout for layout in prs.slide_layouts}
    cover = prs.slides.add_slide(layouts["Title Slide"])
    cover.shapes.title.text = "2025 年度销售分析"
    outline = prs.slides.add_slide(layouts["Title Only"])
    outline.shapes.title.text = "大纲"
    box = outline.shapes.add_textbox(Cm(2), Cm(4.5), Cm(21), Cm(12))
    frame = box.text_frame
    for i, (level, text) in enumerate(OUTLINE):
        p = frame.paragraphs[0] if i == 0 else frame.add_paragraph()
        p.text = text
        p.level = level
        p.runs[0].font.size = Pt(20 if level == 0 else 16)
    prs.core_properties.author = "officeeval samples"
    prs.save("input.pptx")


if __name__ == "__main__":
    main()
