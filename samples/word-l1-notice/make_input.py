"""Build input.docx for word-l1-notice: an unformatted campus notice (original text).

Run from this directory: ``python make_input.py``. Uses python-docx's default template, so
the text starts in the Normal style with no direct formatting.
"""

from docx import Document

PARAGRAPHS = [
    "关于举办第五届“书香校园”活动的通知",
    "各学院、各部门：",
    "为营造浓厚的阅读氛围，推动学习型校园建设，学校决定于2026年4月举办第五届读书节。"
    "本届读书节以“阅读点亮青春”为主题，面向全体师生开展系列阅读活动。现将有关事项通知如下：",
    "一、活动时间",
    "2026年4月1日至4月30日，为期一个月，各项活动在此期间陆续开展。",
    "二、活动内容",
    "1．好书推荐：每位同学推荐一本好书，并撰写不少于300字的推荐语，优秀推荐语将在图书馆展出。",
    "2．读书沙龙：每周五下午在图书馆三楼报告厅举行，邀请校内外学者与同学交流阅读心得。",
    "3．征文比赛：围绕读书节主题撰写征文，体裁不限，字数在1500字以内，评选结果在闭幕式公布。",
    "三、参与方式",
    "请各学院于3月25日前将参与名单报送校团委，联系电话：0571-8888 6666，电子邮箱：reading@example.edu.cn。",
    "校团委　图书馆",
    "2026年3月10日",
]


def main() -> None:
    doc = Document()
    for text in PARAGRAPHS:
        doc.add_paragraph(text)
    doc.core_properties.author = "officeeval samples"
    doc.core_properties.title = ""
    doc.save("input.docx")


if __name__ == "__main__":
    main()
