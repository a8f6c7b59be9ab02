"""Build input.pptx for ppt-l1-campus: a four-slide deck announcing a campus science and
technology festival (original text), with one picture drawn here with Pillow (a simple
illustration, no external image). python-pptx's default template (4:3), no formatting.

Run from this directory: ``python make_input.py``.
"""

import io

from PIL import Image, ImageDraw
from pptx import Presentation
from pptx.util import Cm

SLIDES = [
    ("Title Slide", "第十届校园科技节", ["创新 · 实践 · 分享"]),
    ("Title and Content", "活动流程", ["报名", "初赛", "复赛", "决赛"]),
    ("Title Only", "精彩瞬间", []),
    ("Title and Content", "联系我们", ["科技节组委会：学生活动中心 203 室", "点击报名",
                                   "咨询邮箱：techfest@example.edu.cn"]),
]


def illustration() -> bytes:
    """A 900x600 picture: a sky gradient, a robot-like figure and a stage."""
    img = Image.new("RGB", (900, 600), "white")
    draw = ImageDraw.Draw(img)
    for y in range(600):
        shade = 200 - y // 6
        draw.line([(0, y), (900, y)], fill=(shade, shade + 30, 255))
    draw.rectangle([0, 470, 900, 600], fill=(90, 60, 40))
    draw.rectangle([380, 220, 520, 380], fill=(230, 230, 235), outline=(40, 40, 60), width=6)
    draw.ellipse([405, 120, 495, 210], fill=(230, 230, 235), outline=(40, 40, 60), width=6)
    draw.ellipse([425, 150, 445, 170], fill=(0, 112, 192))
    draw.ellipse([455, 150, 475, 170], fill=(0, 112, 192))
    draw.rectangle([400, 380, 430, 470], fill=(40, 40, 60))
    draw.rectangle([470, 380, 500, 470], fill=(40, 40, 60))
    buf = io.BytesIO()
    img.save(buf, format="PNG")
    return buf.getvalue()


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
        if title == "精彩瞬间":
            slide.shapes.add_picture(io.BytesIO(illustration()), Cm(1), Cm(4.5), width=Cm(8))
    prs.core_properties.author = "officeeval samples"
    prs.save("input.pptx")


if __name__ == "__main__":
    main()
