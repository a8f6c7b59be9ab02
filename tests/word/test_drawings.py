"""Drawing objects: pictures inline and floating (size, wrap type with its Chinese names, alt
text), text boxes (DrawingML and VML) with their paragraphs, WordArt in both forms, groups,
charts and SmartArt kinds, mc:AlternateContent read once; watermarks in both forms."""

from __future__ import annotations

import pytest

from tests.word.wbuild import NORMAL, docx, p, value, values

EMU_CM = 360000


def inline_pic(cx_cm=4.0, cy_cm=3.0, descr="一张图") -> str:
    return (f'<w:r><w:drawing><wp:inline><wp:extent cx="{int(cx_cm * EMU_CM)}" '
            f'cy="{int(cy_cm * EMU_CM)}"/><wp:docPr id="1" name="图片 1" descr="{descr}"/>'
            '<a:graphic><a:graphicData uri="http://schemas.openxmlformats.org/drawingml/2006/'
            'picture"><pic:pic><pic:blipFill/><pic:spPr/></pic:pic></a:graphicData>'
            "</a:graphic></wp:inline></w:drawing></w:r>")


def anchor(inner: str, wrap: str, behind: str = "0", cx_cm=5.0, cy_cm=2.0,
           uri="wordprocessingShape", name="文本框 2") -> str:
    return (f'<w:r><w:drawing><wp:anchor behindDoc="{behind}"><wp:simplePos x="0" y="0"/>'
            f'<wp:extent cx="{int(cx_cm * EMU_CM)}" cy="{int(cy_cm * EMU_CM)}"/>{wrap}'
            f'<wp:docPr id="2" name="{name}"/><a:graphic><a:graphicData '
            f'uri="http://schemas.microsoft.com/office/word/2010/{uri}">{inner}'
            "</a:graphicData></a:graphic></wp:anchor></w:drawing></w:r>")


def wsp(text: str | None, warp: bool = False, fill: str = "") -> str:
    box = (f"<wps:txbx><w:txbxContent>{p(text)}</w:txbxContent></wps:txbx>"
           if text is not None else "")
    body = '<wps:bodyPr>' + ('<a:prstTxWarp prst="textArchUp"/>' if warp else "") + \
        "</wps:bodyPr>"
    return (f'<wps:wsp><wps:spPr><a:prstGeom prst="rect"/>{fill}</wps:spPr>{box}{body}'
            "</wps:wsp>")


@pytest.mark.parametrize("wrap_xml,behind,token,chinese", [
    ('<wp:wrapSquare wrapText="bothSides"/>', "0", "square", "四周型环绕"),
    ('<wp:wrapTight wrapText="bothSides"/>', "0", "tight", "紧密型环绕"),
    ("<wp:wrapThrough/>", "0", "through", "穿越型环绕"),
    ("<wp:wrapTopAndBottom/>", "0", "topAndBottom", "上下型环绕"),
    ("<wp:wrapNone/>", "1", "behind", "衬于文字下方"),
    ("<wp:wrapNone/>", "0", "inFront", "浮于文字上方"),
])
def test_floating_wrap_types_in_both_languages(tmp_path, wrap_xml, behind, token, chinese):
    from officeeval.rubric import load_rubric_text
    from officeeval.scoring import evaluate
    body = "<w:p>" + anchor(wsp(None), wrap_xml, behind) + "</w:p>"
    path = docx(tmp_path, body, styles=NORMAL)
    assert value(path, "shape[1]", "image.wrap") == token
    rubric = load_rubric_text(f"""<rubric xmlns="urn:officeeval:rubric:1" id="t" app="word">
      <criterion id="c" skill="x" points="100">
        <check select="shape[1]" property="image.wrap" expected="{chinese}"/></criterion>
      </rubric>""")
    assert evaluate(rubric, path).score == 100


def test_inline_picture_size_wrap_and_alt_text(tmp_path):
    path = docx(tmp_path, "<w:p>" + inline_pic(12, 6.75) + "</w:p>", styles=NORMAL)
    assert value(path, "image[1]", "image.width").pt == pytest.approx(12 * 72 / 2.54, abs=0.01)
    assert value(path, "image[1]", "image.height").pt == pytest.approx(6.75 * 72 / 2.54,
                                                                       abs=0.01)
    assert value(path, "image[1]", "image.wrap") == "inline"
    assert value(path, "image[1]", "image.alt_text") == "一张图"
    assert value(path, "paragraph[1]/image[1]", "image.wrap") == "inline"
    assert values(path, "shape", "image.wrap") == []


def test_drawingml_text_box_wordart_and_fill(tmp_path):
    fill = '<a:solidFill><a:srgbClr val="DDEBF7"/></a:solidFill>'
    body = ("<w:p>" + anchor(wsp("框中文字", fill=fill), "<wp:wrapSquare/>") + "</w:p>"
            + "<w:p>" + anchor(wsp("艺术字", warp=True), "<wp:wrapNone/>") + "</w:p>")
    path = docx(tmp_path, body, styles=NORMAL)
    assert [v[0] for v in values(path, "textbox", "shape.text")] == ["框中文字", "艺术字"]
    assert [v[0] for v in values(path, "textbox", "shape.wordart")] == [False, True]
    assert value(path, "textbox[1]/paragraph[1]", "text") == "框中文字"
    assert value(path, "textbox[1]", "shape.fill.color") == "DDEBF7"
    assert value(path, "shape[2]", "shape.text") == "艺术字"     # text boxes are shapes too
    # text inside a text box is not the text of the paragraph holding it
    assert value(path, "paragraph[1]", "text") == ""


def test_vml_text_box_picture_and_wordart(tmp_path):
    body = ('<w:p><w:r><w:pict><v:shape style="position:absolute;width:120pt;height:40pt;'
            'z-index:2" fillcolor="#c0504d"><v:textbox><w:txbxContent>' + p("旧版文本框")
            + '</w:txbxContent></v:textbox><w10:wrap type="square"/></v:shape></w:pict></w:r>'
            '<w:r><w:pict><v:shape style="width:2in;height:1in"><v:imagedata r:id="x"/>'
            "</v:shape></w:pict></w:r>"
            '<w:r><w:pict><v:shape type="#_x0000_t136" style="width:200pt;height:50pt">'
            '<v:textpath string="旧版艺术字"/></v:shape></w:pict></w:r></w:p>')
    path = docx(tmp_path, body, styles=NORMAL)
    assert value(path, "textbox[1]", "shape.text") == "旧版文本框"
    assert value(path, "textbox[1]", "image.wrap") == "square"
    assert value(path, "textbox[1]", "image.width").pt == pytest.approx(120)
    assert value(path, "textbox[1]", "shape.fill.color") == "C0504D"
    assert value(path, "image[1]", "image.width").pt == pytest.approx(144)
    assert value(path, "image[1]", "image.wrap") == "inline"
    assert value(path, "shape[2]", "shape.wordart") is True
    assert value(path, "shape[2]", "shape.text") == "旧版艺术字"


def test_alternate_content_is_read_once(tmp_path):
    choice = anchor(wsp("同一个框"), "<wp:wrapSquare/>")
    fallback = ('<w:r><w:pict><v:shape style="position:absolute"><v:textbox><w:txbxContent>'
                + p("同一个框") + "</w:txbxContent></v:textbox></v:shape></w:pict></w:r>")
    body = (f'<w:p><w:r><mc:AlternateContent><mc:Choice Requires="wps">{choice[5:-6]}'
            f"</mc:Choice><mc:Fallback>{fallback[5:-6]}</mc:Fallback></mc:AlternateContent>"
            "</w:r></w:p>")
    path = docx(tmp_path, body, styles=NORMAL)
    assert [v[0] for v in values(path, "textbox", "shape.text")] == ["同一个框"]


def test_group_members_are_objects_with_the_groups_wrap(tmp_path):
    group = ('<wpg:wgp><wpg:grpSpPr/>' + wsp("甲").replace("<wps:spPr>",
             '<wps:spPr><a:xfrm><a:off x="0" y="0"/><a:ext cx="720000" cy="360000"/></a:xfrm>')
             + '<pic:pic><pic:spPr/></pic:pic></wpg:wgp>')
    body = "<w:p>" + anchor(group, "<wp:wrapTopAndBottom/>", uri="wordprocessingGroup") + \
        "</w:p>"
    path = docx(tmp_path, body, styles=NORMAL)
    assert value(path, "textbox[1]", "shape.text") == "甲"
    assert value(path, "textbox[1]", "image.wrap") == "topAndBottom"
    assert value(path, "textbox[1]", "image.width").pt == pytest.approx(2 * 72 / 2.54,
                                                                        abs=0.01)
    assert value(path, "image[1]", "image.wrap") == "topAndBottom"


def test_charts_and_smartart_are_their_own_kinds(tmp_path):
    frame = ('<w:r><w:drawing><wp:inline><wp:extent cx="3600000" cy="1800000"/>'
             '<wp:docPr id="3" name="图表 1"/><a:graphic><a:graphicData uri="http://'
             'schemas.openxmlformats.org/drawingml/2006/{uri}">{inner}</a:graphicData>'
             "</a:graphic></wp:inline></w:drawing></w:r>")
    body = ("<w:p>" + frame.format(uri="chart", inner='<c:chart r:id="rIdC"/>')
            + frame.format(uri="diagram", inner='<dgm:relIds r:dm="rIdD" r:lo="rIdL"/>')
            + "</w:p>")
    path = docx(tmp_path, body, styles=NORMAL)
    assert value(path, "chart[1]", "image.width").pt == pytest.approx(283.46, abs=0.01)
    assert values(path, "smartart", "image.wrap") == [("inline", "direct")]
    assert values(path, "image", "image.wrap") == []


VML_WATERMARK = ('<w:p><w:r><w:pict><v:shape id="PowerPlusWaterMarkObject1" '
                 'type="#_x0000_t136" style="position:absolute;width:400pt;height:100pt;'
                 'rotation:315;z-index:-251658752" fillcolor="silver" stroked="f">'
                 '<v:textpath style="font-family:&quot;黑体&quot;;font-size:1pt" '
                 'string="内部资料"/></v:shape></w:pict></w:r></w:p>')


def sect_with_header() -> str:
    return ('<w:sectPr><w:headerReference w:type="default" r:id="rIdH1"/>'
            '<w:pgSz w:w="11906" w:h="16838"/></w:sectPr>')


def test_vml_text_watermark(tmp_path):
    path = docx(tmp_path, p("正文") + sect_with_header(), styles=NORMAL,
                headers={"rIdH1": VML_WATERMARK + p("")})
    assert value(path, "document", "watermark.kind") == "text"
    assert value(path, "document", "watermark.text") == "内部资料"
    assert value(path, "document", "watermark.font") == "黑体"
    assert value(path, "document", "watermark.color") == "C0C0C0"
    assert value(path, "document", "watermark.layout") == "diagonal"
    # the watermark is not header text
    assert value(path, "section[1]/header[default]", "header.text") == ""


def test_drawingml_text_watermark_and_picture_watermark(tmp_path):
    dml = ("<w:p>" + anchor(wsp("草稿", warp=True), "<wp:wrapNone/>", behind="1",
                            name="PowerPlusWaterMarkObject") + "</w:p>")
    path = docx(tmp_path, p("正文") + sect_with_header(), styles=NORMAL,
                headers={"rIdH1": dml})
    assert value(path, "document", "watermark.kind") == "text"
    assert value(path, "document", "watermark.text") == "草稿"
    assert value(path, "document", "watermark.layout") == "horizontal"
    pic = ('<w:p><w:r><w:pict><v:shape id="WordPictureWatermark1" style="position:absolute;'
           'width:300pt;height:200pt;z-index:-1"><v:imagedata r:id="x"/></v:shape></w:pict>'
           "</w:r></w:p>")
    path2 = docx(tmp_path, p("正文") + sect_with_header(), styles=NORMAL,
                 headers={"rIdH1": pic}, name="b.docx")
    assert value(path2, "document", "watermark.kind") == "picture"
    assert value(path2, "document", "watermark.text") is None


def test_no_watermark(tmp_path):
    path = docx(tmp_path, p("正文"), styles=NORMAL)
    assert values(path, "document", "watermark.kind") == [("none", "default")]
    assert value(path, "document", "watermark.text") is None
