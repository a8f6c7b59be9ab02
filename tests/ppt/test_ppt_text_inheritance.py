"""Effective text formatting through the PowerPoint chain: run -> paragraph -> shape list
style -> layout placeholder -> master placeholder -> master text styles -> presentation
default -> theme. Each test builds the XML it grades (tests/ppt/pptxbuild.py)."""

from __future__ import annotations

from pathlib import Path

import pytest

from officeeval.formats import open_document
from officeeval.catalog import resolve
from officeeval.properties.registry import ResolveContext
from officeeval.selectors import select
from tests.ppt import pptxbuild as B

ZH = "项目概况"


def one(path: Path, selector: str, prop: str, direct: bool = False):
    doc = open_document(path)
    try:
        targets = select(doc, selector)
        assert len(targets) == 1, [t.locator for t in targets]
        obs = resolve(prop, targets[0], ResolveContext(direct=direct))
        return None if obs is None else (obs.value, obs.source)
    finally:
        doc.close()


@pytest.fixture
def deck(tmp_path):
    def make(*slides: str, **kw) -> Path:
        return B.build(tmp_path / "t.pptx", list(slides), **kw)
    return make


def title(body: str, sppr: str = "", ph: str = 'type="title"') -> str:
    return B.ph_shape(2, "Title 1", ph, body=body, sppr=sppr)


def test_title_size_and_fonts_come_from_master_and_theme(deck):
    path = deck(B.sld(title(B.para("Plain"))))
    assert one(path, "slide[1]/title", "font.size") == (44.0, "master")
    # +mj-lt in the master's title style resolves to the theme's major Latin font.
    assert one(path, "slide[1]/title", "font.name") == ("Calibri Light", "theme")
    assert one(path, "slide[1]/title", "font.bold") == (False, "master")
    assert one(path, "slide[1]/title", "font.color") == ("000000", "master")
    assert one(path, "slide[1]/title", "paragraph.alignment") == ("left", "master")


def test_title_east_asian_font_uses_theme_script_font_for_chinese(deck):
    # a:ea is empty in the theme: the Hans script font applies to Chinese text.
    path = deck(B.sld(title(B.para(ZH, 'altLang="zh-CN"'))))
    assert one(path, "slide[1]/title", "font.east_asia") == ("等线 Light", "theme")
    assert one(path, "slide[1]/title", "font.name") == ("Calibri Light", "theme")


def test_latin_text_has_no_east_asian_font_when_the_theme_has_none(deck):
    path = deck(B.sld(title(B.para("Plain"))))
    assert one(path, "slide[1]/title", "font.east_asia") is None


def test_direct_run_properties_win_and_direct_mode_reads_only_them(deck):
    run = B.para(ZH, 'sz="3600" b="1"', '<a:latin typeface="Arial"/><a:ea typeface="黑体"/>')
    path = deck(B.sld(title(run)))
    assert one(path, "slide[1]/title", "font.size") == (36.0, "direct")
    assert one(path, "slide[1]/title", "font.bold") == (True, "direct")
    assert one(path, "slide[1]/title", "font.east_asia") == ("黑体", "direct")
    assert one(path, "slide[1]/title", "font.name") == ("Arial", "direct")
    plain = deck(B.sld(title(B.para("x"))))
    assert one(plain, "slide[1]/title", "font.size", direct=True) is None


def test_centipoints_become_exact_points(deck):
    path = deck(B.sld(title(B.para("x", 'sz="1050"'))))
    assert one(path, "slide[1]/title", "font.size") == (10.5, "direct")


@pytest.mark.parametrize("raw", ["abc", "-200", "99999999999", ""])
def test_odd_size_values_are_no_value_at_that_level(deck, raw):
    path = deck(B.sld(title(B.para("x", f'sz="{raw}"'))))
    assert one(path, "slide[1]/title", "font.size") == (44.0, "master")


def test_paragraph_default_run_properties_apply(deck):
    body = '<a:p><a:pPr><a:defRPr sz="2000" i="1"/></a:pPr><a:r><a:rPr lang="en-US"/><a:t>x</a:t></a:r></a:p>'
    path = deck(B.sld(title(body)))
    assert one(path, "slide[1]/title", "font.size") == (20.0, "paragraph")
    assert one(path, "slide[1]/title", "font.italic") == (True, "paragraph")


def test_shape_list_style_applies_before_layout_and_master(deck):
    shape = B.ph_shape(2, "Title 1", 'type="title"', body=B.para("x"),
                       lst_style='<a:lvl1pPr algn="r"><a:defRPr sz="2600"/></a:lvl1pPr>')
    path = deck(B.sld(shape))
    assert one(path, "slide[1]/title", "font.size") == (26.0, "shape")
    assert one(path, "slide[1]/title", "paragraph.alignment") == ("right", "shape")


def test_centered_title_takes_the_title_slide_layout_list_style(deck):
    path = deck(B.sld(title(B.para("Hello"), ph='type="ctrTitle"')), slide_layouts=[2])
    assert one(path, "slide[1]/title", "font.size") == (60.0, "layout")
    assert one(path, "slide[1]/title", "paragraph.alignment") == ("center", "layout")
    # the master's title placeholder still supplies the font (through titleStyle)
    assert one(path, "slide[1]/title", "font.name") == ("Calibri Light", "theme")


def test_subtitle_matches_layout_by_type_and_master_body(deck):
    sub = B.ph_shape(3, "Subtitle 2", 'type="subTitle" idx="1"', body=B.para("sub"))
    path = deck(B.sld(sub), slide_layouts=[2])
    assert one(path, "slide[1]/placeholder[type='subTitle']", "font.size") == (24.0, "layout")
    assert one(path, "slide[1]/placeholder[type='subTitle']", "paragraph.bullet") == (
        "none", "layout")


def test_content_placeholder_by_idx_gets_body_levels(deck):
    body = B.para("level one") + B.para("level two", ppr='<a:pPr lvl="1"/>')
    content = B.ph_shape(3, "Content Placeholder 2", 'idx="1"', body=body)
    path = deck(B.sld(content))
    assert one(path, "slide[1]/placeholder[type='body']/paragraph[1]", "font.size") == (
        28.0, "master")
    assert one(path, "slide[1]/placeholder[type='body']/paragraph[2]", "font.size") == (
        24.0, "master")
    assert one(path, "slide[1]/placeholder[type='body']/paragraph[2]", "paragraph.level") == (
        2, "direct")
    assert one(path, "slide[1]/placeholder[type='body']/paragraph[2]", "paragraph.bullet") == (
        "–", "master")
    assert one(path, "slide[1]/placeholder[type='body']/paragraph[1]",
               "paragraph.indent.hanging")[0].pt == pytest.approx(18.0)


def test_text_box_uses_presentation_default_text_style(deck):
    path = deck(B.sld(B.textbox(7, "TextBox 6", B.para("note"))))
    assert one(path, "slide[1]/textbox", "font.size") == (18.0, "presentation")
    assert one(path, "slide[1]/textbox", "font.name") == ("Calibri", "theme")


def test_nothing_anywhere_gives_powerpoint_defaults(deck):
    path = deck(B.sld(B.textbox(7, "TextBox 6", B.para("note"))), tx_styles="",
                default_text_style="")
    assert one(path, "slide[1]/textbox", "font.size") == (18.0, "default")
    assert one(path, "slide[1]/textbox", "font.name") is None


def test_scheme_colors_resolve_with_lum_mod(deck):
    inner = ('<a:solidFill><a:schemeClr val="accent1"><a:lumMod val="75000"/></a:schemeClr>'
             '</a:solidFill>')
    path = deck(B.sld(title(B.para("x", "", inner))))
    # Office's "Blue, Accent 1, Darker 25%" for accent1 4472C4.
    assert one(path, "slide[1]/title", "font.color") == ("2F5597", "direct")


def test_color_map_override_on_slide_changes_tx1(deck):
    slide = B.sld(title(B.para("x"))).replace(
        "<a:masterClrMapping/>", '<a:overrideClrMapping bg1="dk1" tx1="lt1" bg2="dk2" '
        'tx2="lt2" accent1="accent1" accent2="accent2" accent3="accent3" accent4="accent4" '
        'accent5="accent5" accent6="accent6" hlink="hlink" folHlink="folHlink"/>')
    path = deck(slide)
    assert one(path, "slide[1]/title", "font.color") == ("FFFFFF", "master")


def test_autoshape_text_color_comes_from_its_style_font_reference(deck):
    shape = ('<p:sp><p:nvSpPr><p:cNvPr id="9" name="Rectangle 8"/><p:cNvSpPr/><p:nvPr/>'
             '</p:nvSpPr><p:spPr>' + B.xfrm(0, 0, 100, 100) + '<a:prstGeom prst="rect"/></p:spPr>'
             '<p:style><a:lnRef idx="2"><a:schemeClr val="accent1"/></a:lnRef>'
             '<a:fillRef idx="1"><a:schemeClr val="accent1"/></a:fillRef>'
             '<a:effectRef idx="0"><a:schemeClr val="accent1"/></a:effectRef>'
             '<a:fontRef idx="minor"><a:schemeClr val="lt1"/></a:fontRef></p:style>'
             '<p:txBody><a:bodyPr/><a:lstStyle/>' + B.para("in shape") + '</p:txBody></p:sp>')
    path = deck(B.sld(shape))
    assert one(path, "slide[1]/shape[name='Rectangle 8']", "font.color") == ("FFFFFF", "style")
    assert one(path, "slide[1]/shape[name='Rectangle 8']", "shape.kind") == ("autoshape",
                                                                              "direct")
    assert one(path, "slide[1]/shape[name='Rectangle 8']", "shape.geometry") == ("rect",
                                                                                  "direct")
    assert one(path, "slide[1]/shape[name='Rectangle 8']", "shape.fill.color") == ("4472C4",
                                                                                    "style")


def test_mixed_runs_give_parts_and_no_common_value(deck):
    body = ('<a:p><a:r><a:rPr lang="en-US" b="1"/><a:t>bold </a:t></a:r>'
            '<a:r><a:rPr lang="en-US"/><a:t>plain</a:t></a:r></a:p>')
    path = deck(B.sld(title(body)))
    doc = open_document(path)
    obs = resolve("font.bold", select(doc, "slide[1]/title")[0], ResolveContext())
    assert obs.value is None and [p.value for _, p in obs.parts] == [True, False]
    doc.close()


def test_empty_paragraph_uses_its_end_paragraph_properties(deck):
    body = '<a:p><a:endParaRPr lang="en-US" sz="1200"/></a:p>'
    path = deck(B.sld(title(body)))
    assert one(path, "slide[1]/title", "font.size") == (12.0, "direct")


def test_underline_strike_baseline_caps_spacing_tokens(deck):
    path = deck(B.sld(title(B.para("x", 'u="dbl" strike="sngStrike" baseline="30000" '
                                        'cap="all" spc="300"'))))
    assert one(path, "slide[1]/title", "font.underline") == ("double", "direct")
    assert one(path, "slide[1]/title", "font.strike") == (True, "direct")
    assert one(path, "slide[1]/title", "font.double_strike") == (False, "direct")
    assert one(path, "slide[1]/title", "font.superscript") == (True, "direct")
    assert one(path, "slide[1]/title", "font.all_caps") == (True, "direct")
    assert one(path, "slide[1]/title", "font.spacing")[0].pt == 3.0


def test_line_and_paragraph_spacing(deck):
    ppr = ('<a:pPr><a:lnSpc><a:spcPct val="150000"/></a:lnSpc><a:spcBef><a:spcPts val="600"/>'
           '</a:spcBef><a:spcAft><a:spcPct val="50000"/></a:spcAft></a:pPr>')
    path = deck(B.sld(title(B.para("x", ppr=ppr))))
    ls = one(path, "slide[1]/title", "paragraph.line_spacing")[0]
    assert (ls.rule, ls.value) == ("multiple", 1.5)
    assert one(path, "slide[1]/title", "paragraph.space_before")[0].pt == 6.0
    assert one(path, "slide[1]/title", "paragraph.space_after")[0].lines == 0.5
