"""Build input.pptx for ppt-l2-museum: a five-slide visitor guide of a fictional silk museum
(original text), with one picture drawn here with Pillow. python-pptx's default template
(4:3), no formatting, no transitions or animations.

Run from this directory: ``python make_input.py``.
"""

import io

from PIL import Image, ImageDraw
from pptx import Presentation
from pptx.util import Cm

SLIDES = [
    ("Title Slide", "江南丝绸博物馆", ["参观导览"]),
    ("Title and Content", "参观须知", ["开放时间：周二至周日 9:00—17:00", "请保持安静，勿触摸展品",
                                   "馆内提供免费讲解服务"]),
    ("Title Only", "展厅分布", []),
    ("Title and Content", "镇馆之宝", ["明代织金妆花缎龙袍残片", "清代宫廷缂丝花鸟屏风"]),
    ("Title and Content", "内部资料（勿外传）", ["讲解员排班与应急联络方式另行通知"]),
]


def silk_pattern() -> bytes:
    """A 800x600 picture: a woven-looking pattern of diagonal stripes and medallions."""
    img = Image.new("RGB", (800, 600), (150, 20, 30))
    draw = ImageDraw.Draw(img)
    for k in range(-600, 800, 40):
        draw.line([(k, 0), (k + 600, 600)], fill=(190, 60, 50), width=8)
    for cx in range(100, 800, 200):
        for cy in range(100, 600, 200):
            draw.ellipse([cx - 50, cy - 50, cx + 50, cy + 50], outline=(230, 190, 90), width=6)
            draw.ellipse([cx - 15, cy - 15, cx + 15, cy + 15], fill=(230, 190, 90))
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
        if title == "镇馆之宝":
            body = slide.placeholders[1]
            body.left, body.top, body.width, body.height = Cm(1.27), Cm(4.44), Cm(12), Cm(10)
            slide.shapes.add_picture(io.BytesIO(silk_pattern()), Cm(14), Cm(5), width=Cm(10))
    prs.core_properties.author = "officeeval samples"
    prs.save("input.pptx")


if __name__ == "__main__":
    main()
