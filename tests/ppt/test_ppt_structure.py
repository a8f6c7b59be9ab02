"""Presentation structure: slide order, layouts and masters through relationships, localized
layout names, sections, slide size, show settings, notes, backgrounds, header/footer
placeholders, positions inherited from placeholders, groups, tables, hyperlinks."""

from __future__ import annotations

from pathlib import Path

import pytest

from officeeval.formats import open_document
from officeeval.catalog import catalog
from officeeval.catalog import resolve
from officeeval.properties.registry import ResolveContext
from officeeval.properties.types import CompareContext
from officeeval.selectors import select
from tests.ppt import pptxbuild as B


def values(path: Path, selector: str, prop: str) -> list:
    doc = open_document(path)
    try:
        out = []
        for t in select(doc, selector):
            obs = resolve(prop, t, ResolveContext())
            out.append(None if obs is None else obs.value)
        return out
    finally:
        doc.close()


def locators(path: Path, selector: str) -> list[str]:
    doc = open_document(path)
    try:
        return [t.locator for t in select(doc, selector)]
    finally:
        doc.close()


def equals(prop: str, actual, literal: str) -> bool:
    vtype = catalog().get(prop).type_for("ppt")
    return vtype.equals(actual, vtype.parse(literal), CompareContext())


def titled(text: str) -> str:
    return B.sld(B.ph_shape(2, "Title 1", 'type="title"', body=B.para(text)))


def test_slides_follow_the_id_list_not_part_names(tmp_path):
    path = B.build(tmp_path / "t.pptx", [titled("first part"), titled("second part")])
    # Reverse p:sldIdLst: the show order is slide2.xml then slide1.xml.
    import zipfile
    src = zipfile.ZipFile(path)
    data = {n: src.read(n) for n in src.namelist()}
    src.close()
    pres = data["ppt/presentation.xml"].decode()
    a, b = '<p:sldId id="256" r:id="rIdS1"/>', '<p:sldId id="257" r:id="rIdS2"/>'
    data["ppt/presentation.xml"] = pres.replace(a + b, b + a).encode()
    out = tmp_path / "rev.pptx"
    with zipfile.ZipFile(out, "w") as z:
        for n, d in data.items():
            z.writestr(n, d)
    assert values(out, "slide", "slide.title") == ["second part", "first part"]
    assert values(out, "presentation", "slide.count") == [2]


def test_layout_names_match_in_either_language(tmp_path):
    path = B.build(tmp_path / "t.pptx", [titled("a"), titled("b")], slide_layouts=[2, 1])
    assert values(path, "slide", "slide.layout") == ["Title Slide", "Title and Content"]
    assert equals("slide.layout", "Title Slide", "标题幻灯片")
    assert equals("slide.layout", "Title and Content", "标题和内容")
    assert not equals("slide.layout", "Title and Content", "标题幻灯片")
    assert equals("slide.layout", "My Own Layout", "my own layout")
    assert values(path, "slide", "slide.layout_type") == ["title", "obj"]
    assert locators(path, "slide[layout='标题和内容']") == ["slide[2]"]
    assert locators(path, "layout('标题幻灯片')") == ["layout[2]"]
    assert locators(path, "layout('Title Slide')/slide") == ["slide[1]"]
    assert locators(path, "slide[2]/layout") == ["layout[1]"]
    assert locators(path, "slide[1]/master") == ["master[1]"]


def test_slide_size_by_ratio_paper_and_exact(tmp_path):
    wide = B.build(tmp_path / "w.pptx", [titled("x")])
    size = values(wide, "presentation", "presentation.slide_size")[0]
    assert (round(size.width, 2), round(size.height, 2)) == (960.0, 540.0)
    assert equals("presentation.slide_size", size, "16:9")
    assert equals("presentation.slide_size", size, "宽屏")
    assert equals("presentation.slide_size", size, "33.867cm x 19.05cm")
    assert not equals("presentation.slide_size", size, "4:3")
    a4 = B.build(tmp_path / "a4.pptx", [titled("x")],
                 sld_sz='cx="9906000" cy="6858000" type="A4"')
    size = values(a4, "presentation", "presentation.slide_size")[0]
    assert equals("presentation.slide_size", size, "A4")
    assert not equals("presentation.slide_size", size, "16:9")
    std = B.build(tmp_path / "s.pptx", [titled("x")],
                  sld_sz='cx="9144000" cy="6858000" type="screen4x3"')
    size = values(std, "presentation", "presentation.slide_size")[0]
    assert equals("presentation.slide_size", size, "4:3")
    assert not equals("presentation.slide_size", size, "Letter")


def test_sections_show_settings_hidden_slides(tmp_path):
    sections = ('<p:extLst><p:ext uri="{521415D9-36F7-43E2-AB2F-B90AF26B5E84}">'
                '<p14:sectionLst><p14:section name="开场" id="{1}"><p14:sldIdLst>'
                '<p14:sldId id="256"/></p14:sldIdLst></p14:section>'
                '<p14:section name="正文" id="{2}"><p14:sldIdLst><p14:sldId id="257"/>'
                '</p14:sldIdLst></p14:section></p14:sectionLst></p:ext></p:extLst>')
    path = B.build(tmp_path / "t.pptx", [titled("a"), B.sld("", attrs='show="0"')],
                   pres_extra=sections, pres_props='<p:showPr loop="1" showNarration="1">'
                                                  '<p:kiosk/></p:showPr>')
    assert values(path, "presentation", "section.names") == [["开场", "正文"]]
    assert values(path, "slide", "slide.section") == ["开场", "正文"]
    assert values(path, "presentation", "presentation.loop") == [True]
    assert values(path, "presentation", "presentation.show_type") == ["kiosk"]
    assert values(path, "slide", "slide.hidden") == [False, True]
    plain = B.build(tmp_path / "p.pptx", [titled("a")])
    assert values(plain, "presentation", "presentation.show_type") == ["speaker"]
    assert values(plain, "presentation", "section.names") == [None]


def test_notes_text(tmp_path):
    path = B.build(tmp_path / "t.pptx", [titled("a"), titled("b")], notes={2: "讲稿要点"})
    assert values(path, "slide", "notes.text") == [None, "讲稿要点"]
    assert values(path, "slide[2]/notes", "text") == ["讲稿要点"]


BG_SOLID = '<p:bg><p:bgPr><a:solidFill><a:srgbClr val="DDEBF7"/></a:solidFill><a:effectLst/></p:bgPr></p:bg>'


def test_background_on_slide_layout_master_and_theme_reference(tmp_path):
    grad = ('<p:bg><p:bgPr><a:gradFill><a:gsLst><a:gs pos="100000"><a:srgbClr val="000000"/>'
            '</a:gs><a:gs pos="0"><a:schemeClr val="accent2"/></a:gs></a:gsLst></a:gradFill>'
            '</p:bgPr></p:bg>')
    path = B.build(tmp_path / "t.pptx", [B.sld("", c_sld_extra=BG_SOLID), B.sld(""),
                                         B.sld("", c_sld_extra=grad), B.sld("")],
                   slide_layouts=[1, 1, 1, 2], layout_bgs={2: '<p:bg><p:bgRef idx="1002">'
                                                             '<a:schemeClr val="accent1"/>'
                                                             '</p:bgRef></p:bg>'},
                   master_bg='<p:bg><p:bgRef idx="1001"><a:schemeClr val="bg1"/></p:bgRef></p:bg>')
    assert values(path, "slide", "slide.background.kind") == ["solid", "solid", "gradient",
                                                              "gradient"]
    assert values(path, "slide", "slide.background.color") == ["DDEBF7", "FFFFFF", "ED7D31",
                                                               "4472C4"]
    doc = open_document(path)
    srcs = [resolve("slide.background.kind", t, ResolveContext()).source
            for t in select(doc, "slide")]
    doc.close()
    assert srcs == ["direct", "master", "direct", "layout"]


def test_footer_date_and_number_visibility(tmp_path):
    ftr = B.ph_shape(5, "Footer 4", 'type="ftr" sz="quarter" idx="11"',
                     body=B.para("第一组汇报"))
    num = B.ph_shape(6, "Slide Number 5", 'type="sldNum" sz="quarter" idx="12"',
                     body='<a:p><a:fld id="{B6F15528-21DE-4FAA-801E-634DDDAF4B2B}" '
                          'type="slidenum"><a:rPr lang="zh-CN"/><a:t>‹#›</a:t></a:fld></a:p>')
    path = B.build(tmp_path / "t.pptx", [B.sld(ftr + num), titled("x")],
                   master_extra='<p:hf hdr="0" dt="0"/>')
    assert values(path, "slide", "slide.number.visible") == [True, False]
    assert values(path, "slide", "slide.footer.visible") == [True, False]
    assert values(path, "slide", "slide.date.visible") == [False, False]
    assert values(path, "slide", "footer.text") == ["第一组汇报", None]
    assert values(path, "master", "slide.date.visible") == [False]
    assert values(path, "master", "slide.number.visible") == [True]


def test_position_inherits_from_master_placeholder_and_groups_scale(tmp_path):
    group = ('<p:grpSp><p:nvGrpSpPr><p:cNvPr id="10" name="Group 9"/><p:cNvGrpSpPr/><p:nvPr/>'
             '</p:nvGrpSpPr><p:grpSpPr><a:xfrm><a:off x="1270000" y="1270000"/>'
             '<a:ext cx="2540000" cy="2540000"/><a:chOff x="0" y="0"/>'
             '<a:chExt cx="1270000" cy="1270000"/></a:xfrm></p:grpSpPr>'
             + B.textbox(11, "Inner", B.para("in"), sppr=B.xfrm(635000, 0, 635000, 635000))
             + '</p:grpSp>')
    path = B.build(tmp_path / "t.pptx", [B.sld(B.ph_shape(2, "Title 1", 'type="title"',
                                                          body=B.para("t")) + group)])
    left = values(path, "slide[1]/title", "shape.left")[0]
    assert left.pt == pytest.approx(838200 / 12700)
    assert values(path, "slide[1]/shape[name='Group 9']", "shape.kind") == ["group"]
    inner = "slide[1]/shape[name='Group 9']/shape[name='Inner']"
    assert locators(path, "slide[1]/shape[name='Group 9']/shape") == [inner]
    # child (50pt, 0) in a group mapping 100pt of child space onto 200pt at (100pt, 100pt)
    assert values(path, inner, "shape.left")[0].pt == pytest.approx(200.0)
    assert values(path, inner, "shape.width")[0].pt == pytest.approx(100.0)
    assert locators(path, "slide[1]/textbox") == [inner]


TABLE = ('<p:graphicFrame><p:nvGraphicFramePr><p:cNvPr id="4" name="Table 3"/>'
         '<p:cNvGraphicFramePr><a:graphicFrameLocks noGrp="1"/></p:cNvGraphicFramePr><p:nvPr/>'
         '</p:nvGraphicFramePr><p:xfrm><a:off x="0" y="0"/><a:ext cx="100" cy="100"/></p:xfrm>'
         '<a:graphic><a:graphicData uri="http://schemas.openxmlformats.org/drawingml/2006/table">'
         '<a:tbl><a:tblPr firstRow="1" bandRow="1"><a:tableStyleId>'
         '{5C22544A-7EE6-4342-B048-85BDC9FD1C3A}</a:tableStyleId></a:tblPr><a:tblGrid>'
         '<a:gridCol w="100"/><a:gridCol w="100"/><a:gridCol w="100"/></a:tblGrid>'
         '<a:tr h="10"><a:tc><a:txBody><a:bodyPr/><a:lstStyle/><a:p><a:r><a:rPr lang="zh-CN" b="1"/>'
         '<a:t>城市</a:t></a:r></a:p></a:txBody><a:tcPr/></a:tc><a:tc gridSpan="2"><a:txBody>'
         '<a:bodyPr/><a:lstStyle/><a:p><a:r><a:rPr lang="zh-CN"/><a:t>人数</a:t></a:r></a:p>'
         '</a:txBody><a:tcPr><a:solidFill><a:srgbClr val="FFC000"/></a:solidFill></a:tcPr></a:tc>'
         '<a:tc hMerge="1"><a:txBody><a:bodyPr/><a:lstStyle/><a:p><a:endParaRPr lang="zh-CN"/>'
         '</a:p></a:txBody><a:tcPr/></a:tc></a:tr></a:tbl></a:graphicData></a:graphic>'
         '</p:graphicFrame>')


def test_tables(tmp_path):
    path = B.build(tmp_path / "t.pptx", [B.sld(TABLE)])
    assert values(path, "slide[1]/table", "table.rows") == [1]
    assert values(path, "slide[1]/table", "table.columns") == [3]
    assert values(path, "slide[1]/table", "table.style") == ["Medium Style 2 - Accent 1"]
    assert equals("table.style", "Medium Style 2 - Accent 1", "中度样式 2 - 强调 1")
    assert values(path, "slide[1]/table", "table.first_row") == [True]
    assert values(path, "slide[1]/table/cell(1,1)", "cell.text") == ["城市"]
    assert values(path, "slide[1]/table/cell(1,2)", "cell.span") == ["1x2"]
    assert values(path, "slide[1]/table/cell(1,2)", "cell.shading") == ["FFC000"]
    assert values(path, "slide[1]/table/cell(1,1)", "font.bold") == [True]
    assert values(path, "slide[1]/table", "shape.text") == ["城市\t人数\t"]
    assert values(path, "slide[1]/shape[name='Table 3']", "shape.kind") == ["table"]


def test_hyperlinks_and_jumps(tmp_path):
    link = ('<a:p><a:r><a:rPr lang="en-US"><a:hlinkClick r:id="rIdH"/></a:rPr>'
            '<a:t>site</a:t></a:r></a:p>')
    jump = ('<p:sp><p:nvSpPr><p:cNvPr id="8" name="Button"><a:hlinkClick r:id="rIdJ" '
            'action="ppaction://hlinksldjump"/></p:cNvPr><p:cNvSpPr/><p:nvPr/></p:nvSpPr>'
            '<p:spPr/></p:sp>')
    nxt = ('<p:sp><p:nvSpPr><p:cNvPr id="9" name="Next"><a:hlinkClick r:id="" '
           'action="ppaction://hlinkshowjump?jump=nextslide"/></p:cNvPr><p:cNvSpPr/><p:nvPr/>'
           '</p:nvSpPr><p:spPr/></p:sp>')
    rels = ('<Relationship Id="rIdH" Type="http://schemas.openxmlformats.org/officeDocument/'
            '2006/relationships/hyperlink" Target="https://example.org/" TargetMode="External"/>\n'
            '<Relationship Id="rIdJ" Type="http://schemas.openxmlformats.org/officeDocument/'
            '2006/relationships/slide" Target="slide2.xml"/>')
    path = B.build(tmp_path / "t.pptx", [B.sld(B.textbox(7, "Link", link) + jump + nxt),
                                         titled("two")], slide_rels={1: rels})
    assert values(path, "slide[1]/textbox", "hyperlink.target") == ["https://example.org/"]
    assert values(path, "slide[1]/textbox/paragraph[1]/run[1]", "hyperlink.action") == ["url"]
    assert values(path, "slide[1]/shape[name='Button']", "hyperlink.target") == ["slide[2]"]
    assert values(path, "slide[1]/shape[name='Next']", "hyperlink.action") == ["next_slide"]


def test_theme_properties(tmp_path):
    path = B.build(tmp_path / "t.pptx", [titled("x")])
    assert values(path, "presentation", "theme.name") == ["Test Theme"]
    assert values(path, "presentation", "theme.font.major") == ["Calibri Light"]
    assert values(path, "presentation", "theme.font.minor.east_asia") == ["等线"]
    assert values(path, "slide[1]", "theme.color.accent2") == ["ED7D31"]
    assert values(path, "master", "theme.color.dk1") == ["000000"]
