"""Slide-show settings and the slide-level options the exam writers needed: custom shows and
which of them plays, advancing by timings, hiding background graphics, a date field versus
fixed text, trigger shapes and effect durations (emphasis effects that reverse or repeat),
shape outlines and chart markers. On inline XML and on a presentation python-pptx wrote."""

from __future__ import annotations

from pathlib import Path

import pytest
from lxml import etree

from officeeval.audit.workspace import Workspace
from officeeval.catalog import catalog, resolve
from officeeval.formats import open_document
from officeeval.properties.registry import ResolveContext
from officeeval.selectors import select
from tests.ppt import pptxbuild as B
from tests.properties import writer_fixtures as F


def values(path: Path, selector: str, prop: str, direct: bool = False) -> list:
    doc = open_document(path)
    try:
        ctx = ResolveContext(direct=direct)
        return [None if (o := resolve(prop, t, ctx)) is None else o.value
                for t in select(doc, selector)]
    finally:
        doc.close()


SHOWS = ('<p:custShowLst><p:custShow name="精简版" id="3"><p:sldLst><p:sld r:id="rIdS3"/>'
         '<p:sld r:id="rIdS1"/></p:sldLst></p:custShow><p:custShow name="空" id="4"/>'
         '</p:custShowLst>')


def _deck(tmp_path: Path, show_pr: str | None, shows: str = SHOWS) -> Path:
    slides = [B.sld(""), B.sld("", attrs='showMasterSp="0"'), B.sld("")]
    return B.build(tmp_path / "shows.pptx", slides,
                   default_text_style=shows + B.DEFAULT_TEXT_STYLE,
                   pres_props=show_pr)


def test_custom_shows_and_the_show_that_plays(tmp_path):
    path = _deck(tmp_path, '<p:showPr loop="1" useTimings="0"><p:present/><p:custShow id="3"/>'
                           '</p:showPr>')
    assert values(path, "presentation", "presentation.custom_shows") == [["精简版", "空"]]
    assert values(path, "custom_show", "custom_show.name") == ["精简版", "空"]
    assert values(path, "custom_show('精简版')", "custom_show.slides") == [["3", "1"]]
    assert values(path, "custom_show[2]", "custom_show.slides") == [[]]
    assert values(path, "presentation", "presentation.show.slides") == ["custom"]
    assert values(path, "presentation", "presentation.show.custom_show") == ["精简版"]
    assert values(path, "presentation", "presentation.advance") == ["manual"]
    assert values(path, "presentation", "presentation.loop") == [True]
    adv = catalog().get("presentation.advance").type_for("ppt")
    from officeeval.properties.types import CompareContext
    assert adv.equals("manual", adv.parse("手动"), CompareContext())


@pytest.mark.parametrize("show_pr,slides,advance", [
    ('<p:showPr><p:present/><p:sldRg st="2" end="3"/></p:showPr>', "2-3", "timings"),
    ('<p:showPr useTimings="1"><p:kiosk/><p:sldAll/></p:showPr>', "all", "timings"),
    (None, "all", "timings"),
])
def test_which_slides_play_and_how_they_advance(tmp_path, show_pr, slides, advance):
    path = _deck(tmp_path, show_pr, shows="")
    assert values(path, "presentation", "presentation.show.slides") == [slides]
    assert values(path, "presentation", "presentation.show.custom_show") == [None]
    assert values(path, "presentation", "presentation.advance") == [advance]
    assert values(path, "presentation", "presentation.custom_shows") == [[]]
    if show_pr is None:  # nothing written: only the effective reading has a value
        assert values(path, "presentation", "presentation.advance", direct=True) == [None]


def test_hide_background_graphics(tmp_path):
    path = _deck(tmp_path, None)
    assert values(path, "slide", "slide.hide_background_graphics") == [False, True, False]
    assert values(path, "slide", "slide.hide_background_graphics", direct=True) == [
        None, True, None]


def _date(inner: str) -> str:
    return B.ph_shape(9, "日期占位符 8", 'type="dt" sz="half" idx="10"',
                      body=f'<a:p>{inner}<a:endParaRPr lang="zh-CN"/></a:p>')


def test_date_field_or_fixed_text(tmp_path):
    field = ('<a:fld id="{1D2C3B4A-0000-4000-8000-000000000001}" type="datetime4">'
             '<a:rPr lang="zh-CN"/><a:t>2026年12月3日</a:t></a:fld>')
    fixed = '<a:r><a:rPr lang="zh-CN"/><a:t>2026年元旦</a:t></a:r>'
    path = B.build(tmp_path / "d.pptx", [B.sld(_date(field)), B.sld(_date(fixed)), B.sld("")])
    assert values(path, "slide", "slide.date.kind") == ["field", "fixed", None]
    assert values(path, "slide", "slide.date.text") == ["2026年12月3日", "2026年元旦", None]
    kind = catalog().get("slide.date.kind").type_for("ppt")
    from officeeval.properties.types import CompareContext
    assert kind.equals("field", kind.parse("自动更新"), CompareContext())


def _effect(ctn_id: int, preset: str, node: str, behaviours: str) -> str:
    return (f'<p:par><p:cTn id="{ctn_id}" fill="hold"><p:stCondLst><p:cond delay="0"/>'
            f'</p:stCondLst><p:childTnLst><p:par><p:cTn id="{ctn_id + 1}" {preset} '
            f'fill="hold" nodeType="{node}"><p:stCondLst><p:cond delay="0"/></p:stCondLst>'
            f"<p:childTnLst>{behaviours}</p:childTnLst></p:cTn></p:par></p:childTnLst>"
            "</p:cTn></p:par>")


def _behaviour(tag: str, ctn: str, spid: str = "4") -> str:
    return (f"<p:{tag}><p:cBhvr>{ctn}<p:tgtEl><p:spTgt spid=\"{spid}\"/></p:tgtEl>"
            f"</p:cBhvr></p:{tag}>")


PULSE = _behaviour("animScale", '<p:cTn id="20" dur="250" autoRev="1" fill="hold"/>')
BLINK = _behaviour("animEffect", '<p:cTn id="21" dur="500" repeatCount="3000"/>')
SPIN = _behaviour("animRot", '<p:cTn id="22" dur="2000" fill="hold"/>')
FADE_OUT = (_behaviour("animEffect", '<p:cTn id="23" dur="800"/>')
            + _behaviour("set", '<p:cTn id="24" dur="1" fill="hold"><p:stCondLst>'
                                '<p:cond delay="799"/></p:stCondLst></p:cTn>'))
MAIN = ('<p:seq concurrent="1" nextAc="seek"><p:cTn id="2" dur="indefinite" '
        'nodeType="mainSeq"><p:childTnLst><p:par><p:cTn id="3" fill="hold"><p:stCondLst>'
        '<p:cond delay="indefinite"/></p:stCondLst><p:childTnLst>'
        + _effect(4, 'presetID="26" presetClass="emph" presetSubtype="0"', "clickEffect", PULSE)
        + _effect(6, 'presetID="8" presetClass="emph" presetSubtype="0"', "withEffect", SPIN)
        + _effect(8, 'presetID="10" presetClass="exit" presetSubtype="0"', "afterEffect",
                  FADE_OUT)
        + "</p:childTnLst></p:cTn></p:par></p:childTnLst></p:cTn></p:seq>")
TRIGGERED = ('<p:seq concurrent="1" nextAc="seek"><p:cTn id="30" restart="whenNotActive" '
             'fill="hold" evtFilter="cancelBubble" nodeType="interactiveSeq"><p:stCondLst>'
             '<p:cond evt="onClick" delay="0"><p:tgtEl><p:spTgt spid="5"/></p:tgtEl></p:cond>'
             '</p:stCondLst><p:childTnLst>'
             + _effect(31, 'presetID="35" presetClass="emph" presetSubtype="0"', "clickEffect",
                       BLINK)
             + "</p:childTnLst></p:cTn></p:seq>")
TIMING = ('<p:timing><p:tnLst><p:par><p:cTn id="1" dur="indefinite" restart="never" '
          f'nodeType="tmRoot"><p:childTnLst>{MAIN}{TRIGGERED}</p:childTnLst></p:cTn></p:par>'
          '</p:tnLst></p:timing>')
SHAPES = (B.textbox(4, "星星", B.para("★")) + B.textbox(5, "按钮", B.para("点我")))


@pytest.fixture
def animated(tmp_path):
    return B.build(tmp_path / "a.pptx", [B.sld(SHAPES, extra=TIMING)])


def test_trigger_shape_and_every_effects_duration(animated):
    sel = "slide[1]/animation"
    assert values(animated, sel, "animation.class") == ["emphasis", "emphasis", "exit",
                                                        "emphasis"]
    assert values(animated, sel, "animation.trigger") == ["on_click", "with_previous",
                                                          "after_previous", "on_shape_click"]
    assert values(animated, sel, "animation.trigger_shape") == [None, None, None, "按钮"]
    # A pulse reverses (250 ms there and back), a blink repeats three times.
    assert values(animated, sel, "animation.duration") == [0.5, 2.0, 0.8, 1.5]


def test_the_duration_writer_scales_every_behaviour(animated, tmp_path):
    opts = {"recalc": False}
    ws = Workspace(animated, "ppt", opts)
    edit = ws.begin()
    targets = select(edit.doc, "slide[1]/animation")
    for i, v in ((0, 2.0), (2, 1.6)):
        catalog().writer("animation.duration", "ppt").write(edit, targets[i], v)
    out = ws.write(edit, tmp_path / "scaled.pptx")
    assert values(out, "slide[1]/animation", "animation.duration") == [2.0, 2.0, 1.6, 1.5]
    root = etree.fromstring(open_document(out).package.read("ppt/slides/slide1.xml"))
    durs = {c.get("id"): (c.get("dur"), c.get("autoRev"))
            for c in root.iter("{http://schemas.openxmlformats.org/presentationml/2006/main}cTn")}
    assert durs["20"] == ("1000", "1")  # still reverses: 1 s there, 1 s back
    assert durs["23"][0] == "1600" and durs["24"][0] == "1"  # the visibility switch stays
    cond = root.find(".//{*}cTn[@id='24']/{*}stCondLst/{*}cond")
    assert cond.get("delay") == "1598"  # still at the end of the fade


THEME_LINES = B.THEME.replace(
    "<a:lnStyleLst><a:ln/><a:ln/><a:ln/></a:lnStyleLst>",
    '<a:lnStyleLst><a:ln w="12700"><a:solidFill><a:schemeClr val="phClr"/></a:solidFill>'
    '</a:ln><a:ln w="25400"/><a:ln w="38100"/></a:lnStyleLst>')
STYLED = ('<p:sp><p:nvSpPr><p:cNvPr id="7" name="矩形 6"/><p:cNvSpPr/><p:nvPr/></p:nvSpPr>'
          f'<p:spPr>{B.xfrm(0, 0, 100, 100)}<a:prstGeom prst="rect"><a:avLst/></a:prstGeom>'
          '{ln}</p:spPr><p:style><a:lnRef idx="1"><a:schemeClr val="accent2"/></a:lnRef>'
          '<a:fillRef idx="1"><a:schemeClr val="accent1"/></a:fillRef><a:effectRef idx="0">'
          '<a:schemeClr val="accent1"/></a:effectRef><a:fontRef idx="minor"><a:schemeClr '
          'val="lt1"/></a:fontRef></p:style></p:sp>')


def test_shape_outline_own_styled_and_none(tmp_path):
    own = B.textbox(4, "框", B.para("甲"), sppr=B.xfrm(0, 0, 100, 100)
                    + '<a:ln w="38100"><a:solidFill><a:srgbClr val="FF0000"/></a:solidFill>'
                      '<a:prstDash val="dash"/></a:ln>')
    none = B.textbox(5, "无线", B.para("乙"), sppr=B.xfrm(0, 0, 100, 100)
                     + '<a:ln w="38100"><a:noFill/></a:ln>')
    shapes = (own + none + B.textbox(6, "默认", B.para("丙")) + STYLED.format(ln="")
              + STYLED.format(ln='<a:ln w="50800"/>').replace('id="7" name="矩形 6"',
                                                             'id="8" name="矩形 7"'))
    path = B.build(tmp_path / "o.pptx", [B.sld(shapes)], theme=THEME_LINES)
    sel = "slide[1]/shape"
    assert values(path, sel, "shape.outline.kind") == ["solid", "none", "none", "solid",
                                                       "solid"]
    assert values(path, sel, "shape.outline.color") == ["FF0000", "none", "none", "ED7D31",
                                                        "ED7D31"]
    widths = values(path, sel, "shape.outline.width")
    assert [None if w is None else w.points() for w in widths] == [3.0, None, None, 1.0, 4.0]
    assert values(path, sel, "shape.outline.color", direct=True) == [
        "FF0000", "none", None, None, None]


def test_written_by_python_pptx(tmp_path):
    from pptx import Presentation
    from pptx.dml.color import RGBColor
    from pptx.enum.chart import XL_MARKER_STYLE
    from pptx.util import Pt
    src = F.ppt_objects(tmp_path)
    prs = Presentation(str(src))
    shape = next(s for s in prs.slides[0].shapes if s.name == "按钮")
    shape.line.color.rgb = RGBColor(0x00, 0x80, 0x00)
    shape.line.width = Pt(2.5)
    shape.fill.solid()
    shape.fill.fore_color.rgb = RGBColor(0xFF, 0xFF, 0x00)
    other = next(s for s in prs.slides[0].shapes if s.name == "圆形")
    other.line.fill.background()
    chart = next(s for s in prs.slides[2].shapes if s.has_chart).chart
    chart.plots[0].series[0].marker.style = XL_MARKER_STYLE.TRIANGLE
    chart.plots[0].series[1].marker.style = XL_MARKER_STYLE.NONE
    path = tmp_path / "edited.pptx"
    prs.save(str(path))
    sel = "slide[1]/shape[name='按钮']"
    assert values(path, sel, "shape.outline.color") == ["008000"]
    assert [w.points() for w in values(path, sel, "shape.outline.width")] == [2.5]
    assert values(path, sel, "shape.fill.color") == ["FFFF00"]
    assert values(path, "slide[1]/shape[name='圆形']", "shape.outline.kind") == ["none"]
    assert values(path, "slide[3]/chart", "chart.series.markers") == [["triangle", "none"]]
    assert values(path, "slide[1]/animation[2]", "animation.trigger_shape") == ["按钮"]
    assert values(path, "slide[2]", "slide.date.kind") == ["field"]
    assert values(path, "custom_show('精简版')", "custom_show.slides") == [["3", "1"]]
