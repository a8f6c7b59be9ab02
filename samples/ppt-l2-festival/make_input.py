"""Build input.pptx for ppt-l2-festival: eleven slides of a city culture-and-tourism
festival briefing (original text) in the default template, every slide "Title and
Content" with bullet text; slide "客流统计" holds its figures as text.

Run from this directory: ``python make_input.py``.
"""

from pptx import Presentation
from pptx.util import Cm

SLIDES = [
    ("2026 滨江文化旅游节", None),
    ("活动概况", ["时间：2026年9月18日—10月7日", "地点：滨江公园、老街历史文化街区", "主办：滨江区文化和旅游局"]),
    ("组织机构", ["组委会：统筹协调", "活动组：演出与展览", "保障组：交通、安全与医疗"]),
    ("开幕式", ["9月18日19:30 滨江公园主舞台", "灯光秀与非遗展演", "现场限额入场，需提前预约"]),
    ("非遗市集", ["40个非遗项目现场展示", "手作体验每日三场", "老街沿线设置12个摊位"]),
    ("江畔音乐周", ["每晚两场户外音乐会", "本地乐队与高校社团同台", "雨天改在文化中心剧场"]),
    ("美食巡游", ["老字号小吃集中展示", "夜间美食街开放至22:00", "倡导光盘行动"]),
    ("客流统计", ["2023年：38万人次", "2024年：46万人次", "2025年：57万人次"]),
    ("交通指引", ["地铁2号线滨江公园站D口", "临时公交专线每15分钟一班", "周边停车场车位有限"]),
    ("志愿者招募", ["招募对象：18岁以上市民", "服务内容：引导、咨询、秩序维护", "报名截止：8月31日"]),
    ("联系我们", ["咨询电话：0571-8800 2026", "在线报名：扫描现场二维码或访问官网"]),
]


def build(path: str = "input.pptx") -> None:
    prs = Presentation()
    prs.slide_width, prs.slide_height = Cm(33.867), Cm(19.05)
    for i, (title, lines) in enumerate(SLIDES):
        layout = prs.slide_layouts[0 if i == 0 else 1]
        slide = prs.slides.add_slide(layout)
        slide.shapes.title.text = title
        if lines is None:
            slide.placeholders[1].text = "活动推介"
            continue
        frame = slide.placeholders[1].text_frame
        frame.text = lines[0]
        for line in lines[1:]:
            frame.add_paragraph().text = line
    prs.core_properties.author = "officeeval samples"
    prs.save(path)


if __name__ == "__main__":
    build()
