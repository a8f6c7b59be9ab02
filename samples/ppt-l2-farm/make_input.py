"""Build input.pptx for ppt-l2-farm: twelve slides of a smart-agriculture demonstration
park's annual report (original text) in the default template: a title slide and eleven
"Title and Content" slides with bullet text; the slide "建设历程" holds its four stages
as bullets, the slide "常见问题" a question whose answer is not on the slide yet.

Run from this directory: ``python make_input.py``.
"""

from pptx import Presentation
from pptx.util import Cm

SLIDES = [
    ("青禾智慧农业示范园", None),
    ("目录", ["项目背景", "建设历程", "核心技术", "运营成效", "下一步计划"]),
    ("项目背景", ["示范园位于青禾镇东部，规划面积1200亩", "以设施蔬菜和优质稻米为主导产业",
                  "目标：建成全县数字农业样板"]),
    ("建设历程", ["规划立项", "基础建设", "试运行", "全面投产"]),
    ("核心技术", ["物联网环境监测", "水肥一体化灌溉", "无人机植保作业", "农产品质量溯源"]),
    ("示范园分区", ["智能温室区：320亩", "露地蔬菜区：480亩", "稻米种植区：400亩"]),
    ("产量数据", ["2024年蔬菜总产量：5200吨", "2025年蔬菜总产量：6100吨", "亩均增收约1800元"]),
    ("运营成效", ["带动周边农户286户", "年接待参观学习1.2万人次", "获评省级现代农业示范基地"]),
    ("智能温室", ["温湿度自动调控", "补光与遮阳按需切换", "病虫害图像识别预警"]),
    ("常见问题", ["问：示范园是否对外开放参观？"]),
    ("下一步计划", ["扩建数字化育苗中心", "开发农事体验研学课程", "推广“示范园+合作社+农户”模式"]),
    ("联系我们", ["地址：青禾镇农业路18号", "电话：0575-8612 2026", "了解更多请访问项目官网"]),
]


def build(path: str = "input.pptx") -> None:
    prs = Presentation()
    prs.slide_width, prs.slide_height = Cm(33.867), Cm(19.05)
    for i, (title, lines) in enumerate(SLIDES):
        layout = prs.slide_layouts[0 if i == 0 else 1]
        slide = prs.slides.add_slide(layout)
        slide.shapes.title.text = title
        if lines is None:
            slide.placeholders[1].text = "2026 年度项目汇报"
            continue
        frame = slide.placeholders[1].text_frame
        frame.text = lines[0]
        for line in lines[1:]:
            frame.add_paragraph().text = line
    prs.core_properties.author = "officeeval samples"
    prs.save(path)


if __name__ == "__main__":
    build()
