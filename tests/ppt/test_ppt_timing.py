"""Transitions (legacy, p14 and p15 in mc:AlternateContent) and animation timing walked into
effects in playback order."""

from __future__ import annotations

from pathlib import Path

import pytest

from officeeval.formats import open_document
from officeeval.catalog import resolve
from officeeval.properties.registry import ResolveContext
from officeeval.selectors import select
from tests.ppt import pptxbuild as B


def values(path: Path, selector: str, prop: str) -> list:
    doc = open_document(path)
    try:
        return [None if (o := resolve(prop, t, ResolveContext())) is None else o.value
                for t in select(doc, selector)]
    finally:
        doc.close()


def deck(tmp_path: Path, *extras: str, shapes: str = "") -> Path:
    return B.build(tmp_path / "t.pptx", [B.sld(shapes, extra=e) for e in extras])


P14_VORTEX = ('<mc:AlternateContent><mc:Choice Requires="p14"><p:transition spd="slow" '
              'p14:dur="2000" advClick="0" advTm="3000"><p14:vortex dir="r"/></p:transition>'
              '</mc:Choice><mc:Fallback><p:transition spd="slow" advClick="0" advTm="3000">'
              '<p:fade/></p:transition></mc:Fallback></mc:AlternateContent>')
P15_CURTAINS = ('<mc:AlternateContent><mc:Choice Requires="p15"><p:transition spd="slow" '
                'p14:dur="1750"><p15:prstTrans prst="curtains"/></p:transition></mc:Choice>'
                '<mc:Fallback><p:transition spd="slow"><p:fade/></p:transition></mc:Fallback>'
                '</mc:AlternateContent>')
UNKNOWN_CHOICE = ('<mc:AlternateContent xmlns:zz="urn:example:future"><mc:Choice Requires="zz">'
                  '<p:transition><zz:teleport/></p:transition></mc:Choice><mc:Fallback>'
                  '<p:transition spd="med"><p:wipe dir="d"/></p:transition></mc:Fallback>'
                  '</mc:AlternateContent>')


def test_transitions_read_from_the_richest_understood_branch(tmp_path):
    path = deck(tmp_path, P14_VORTEX, P15_CURTAINS, UNKNOWN_CHOICE,
                '<p:transition spd="med"><p:push dir="u"/></p:transition>',
                '<p:transition><p:circle/></p:transition>', '<p:transition advTm="0"/>', "")
    assert values(path, "slide", "transition.type") == [
        "vortex", "curtains", "wipe", "push", "shape", "none", None]
    assert values(path, "slide", "transition.duration") == [2.0, 1.75, 0.75, 0.75, 0.5, 0.5,
                                                            None]
    assert values(path, "slide", "transition.direction") == ["r", None, "d", "u", None, None,
                                                             None]
    assert values(path, "slide", "transition.advance_on_click") == [False, True, True, True,
                                                                    True, True, True]
    assert values(path, "slide", "transition.advance_after") == [3.0, None, None, None, None,
                                                                 0.0, None]


@pytest.mark.parametrize("element,token", [
    ("<p:fade/>", "fade"), ("<p:split orient=\"vert\" dir=\"in\"/>", "split"),
    ("<p:randomBar dir=\"vert\"/>", "randomBar"), ("<p:pull dir=\"l\"/>", "uncover"),
    ("<p:cover dir=\"r\"/>", "cover"), ("<p14:flash/>", "flash"),
    ("<p14:honeycomb/>", "honeycomb"), ("<p14:prism isContent=\"1\"/>", "prism"),
    ("<p14:ferris dir=\"l\"/>", "ferris"), ("<p14:warp dir=\"in\"/>", "warp"),
    ("<p14:shred/>", "shred"), ("<p:wheel spokes=\"4\"/>", "clock"),
])
def test_transition_element_table(tmp_path, element, token):
    wrapped = (f'<mc:AlternateContent><mc:Choice Requires="p14"><p:transition>{element}'
               f'</p:transition></mc:Choice><mc:Fallback><p:transition><p:fade/>'
               f'</p:transition></mc:Fallback></mc:AlternateContent>')
    assert values(deck(tmp_path, wrapped), "slide[1]", "transition.type") == [token]


def effect(ctn_id: int, preset: int, cls: str, node: str, spid: int, sub: int = 0,
           dur: int = 500, delay: int = 0, paragraph: int | None = None) -> str:
    tgt = f'<p:spTgt spid="{spid}"/>' if paragraph is None else (
        f'<p:spTgt spid="{spid}"><p:txEl><p:pRg st="{paragraph}" end="{paragraph}"/></p:txEl>'
        f'</p:spTgt>')
    return (f'<p:par><p:cTn id="{ctn_id}" presetID="{preset}" presetClass="{cls}" '
            f'presetSubtype="{sub}" fill="hold" grpId="0" nodeType="{node}"><p:stCondLst>'
            f'<p:cond delay="{delay}"/></p:stCondLst><p:childTnLst><p:set><p:cBhvr>'
            f'<p:cTn id="{ctn_id + 100}" dur="1" fill="hold"><p:stCondLst><p:cond delay="0"/>'
            f'</p:stCondLst></p:cTn><p:tgtEl>{tgt}</p:tgtEl><p:attrNameLst><p:attrName>'
            f'style.visibility</p:attrName></p:attrNameLst></p:cBhvr><p:to><p:strVal '
            f'val="visible"/></p:to></p:set><p:animEffect transition="in" filter="fade">'
            f'<p:cBhvr><p:cTn id="{ctn_id + 200}" dur="{dur}"/><p:tgtEl>{tgt}</p:tgtEl>'
            f'</p:cBhvr></p:animEffect></p:childTnLst></p:cTn></p:par>')


def click_group(gid: int, *effects: str) -> str:
    return (f'<p:par><p:cTn id="{gid}" fill="hold"><p:stCondLst><p:cond delay="indefinite"/>'
            f'</p:stCondLst><p:childTnLst><p:par><p:cTn id="{gid + 1}" fill="hold">'
            f'<p:stCondLst><p:cond delay="0"/></p:stCondLst><p:childTnLst>{"".join(effects)}'
            f'</p:childTnLst></p:cTn></p:par></p:childTnLst></p:cTn></p:par>')


def timing(groups: str, builds: str = "") -> str:
    return (f'<p:timing><p:tnLst><p:par><p:cTn id="1" dur="indefinite" restart="never" '
            f'nodeType="tmRoot"><p:childTnLst><p:seq concurrent="1" nextAc="seek"><p:cTn id="2" '
            f'dur="indefinite" nodeType="mainSeq"><p:childTnLst>{groups}</p:childTnLst></p:cTn>'
            f'<p:prevCondLst><p:cond evt="onPrev" delay="0"><p:tgtEl><p:sldTgt/></p:tgtEl>'
            f'</p:cond></p:prevCondLst></p:seq></p:childTnLst></p:cTn></p:par></p:tnLst>'
            f'{builds}</p:timing>')


SHAPES = (B.ph_shape(2, "标题 1", 'type="title"', body=B.para("标题")) +
          B.ph_shape(3, "内容占位符 2", 'idx="1"', body=B.para("第一段") + B.para("第二段")) +
          B.textbox(4, "图注", B.para("注")))


def test_effects_in_playback_order_with_their_properties(tmp_path):
    groups = (click_group(10, effect(12, 2, "entr", "clickEffect", 2, sub=4, dur=500),
                          effect(13, 10, "entr", "withEffect", 4, dur=750, delay=250)) +
              click_group(20, effect(22, 22, "entr", "clickEffect", 3, sub=8, paragraph=0),
                          effect(23, 22, "entr", "afterEffect", 3, sub=8, paragraph=1)) +
              click_group(30, effect(32, 8, "emph", "clickEffect", 4, dur=2000),
                          effect(33, 2, "exit", "afterEffect", 2, sub=4),
                          effect(34, 0, "path", "withEffect", 4)))
    builds = ('<p:bldLst><p:bldP spid="2" grpId="0"/><p:bldP spid="3" grpId="0" build="p"/>'
              '<p:bldP spid="4" grpId="0" animBg="1"/></p:bldLst>')
    path = deck(tmp_path, timing(groups, builds), shapes=SHAPES)
    sel = "slide[1]/animation"
    assert values(path, sel, "animation.effect") == [
        "fly_in", "fade", "wipe", "wipe", "spin", "fly_out", "custom_path"]
    assert values(path, sel, "animation.class") == [
        "entrance", "entrance", "entrance", "entrance", "emphasis", "exit", "path"]
    assert values(path, sel, "animation.trigger") == [
        "on_click", "with_previous", "on_click", "after_previous", "on_click",
        "after_previous", "with_previous"]
    assert values(path, sel, "animation.target") == [
        "标题 1", "图注", "内容占位符 2", "内容占位符 2", "图注", "标题 1", "图注"]
    assert values(path, sel, "animation.paragraph") == [None, None, 1, 2, None, None, None]
    assert values(path, sel, "animation.by_paragraph") == [
        False, False, True, True, False, False, False]
    assert values(path, sel, "animation.duration") == [0.5, 0.75, 0.5, 0.5, 2.0, 0.5, 0.5]
    assert values(path, sel, "animation.delay") == [0.0, 0.25, 0.0, 0.0, 0.0, 0.0, 0.0]
    assert values(path, sel, "animation.direction") == [
        "from_bottom", None, "from_left", "from_left", None, "from_bottom", None]
    assert values(path, "slide[1]/animation[target='图注']", "animation.order") == [2, 5, 7]
    assert values(path, "slide[1]/shape[name='标题 1']/animation", "animation.effect") == [
        "fly_in", "fly_out"]


def test_alternate_content_in_timing_is_not_counted_twice(tmp_path):
    inner = effect(12, 10, "entr", "clickEffect", 2)
    alt = (f'<mc:AlternateContent><mc:Choice Requires="p14">{inner}</mc:Choice>'
           f'<mc:Fallback>{inner}</mc:Fallback></mc:AlternateContent>')
    groups = click_group(10, alt)
    path = deck(tmp_path, timing(groups), shapes=SHAPES)
    assert values(path, "slide[1]/animation", "animation.effect") == ["fade"]


def test_slide_without_timing_has_no_animations(tmp_path):
    path = deck(tmp_path, "", shapes=SHAPES)
    assert values(path, "slide[1]/animation", "animation.effect") == []


def test_triggered_sequence_follows_the_main_sequence(tmp_path):
    main = click_group(10, effect(12, 1, "entr", "clickEffect", 2))
    trigger = (f'<p:seq concurrent="1" nextAc="seek"><p:cTn id="40" restart="whenNotActive" '
               f'fill="hold" evtFilter="cancelBubble" nodeType="interactiveSeq"><p:stCondLst>'
               f'<p:cond evt="onClick" delay="0"><p:tgtEl><p:spTgt spid="4"/></p:tgtEl>'
               f'</p:cond></p:stCondLst><p:childTnLst>'
               f'{click_group(41, effect(43, 26, "emph", "clickEffect", 3))}'
               f'</p:childTnLst></p:cTn></p:seq>')
    xml = timing(main).replace("</p:seq></p:childTnLst>", "</p:seq>" + trigger +
                               "</p:childTnLst>", 1)
    path = deck(tmp_path, xml, shapes=SHAPES)
    assert values(path, "slide[1]/animation", "animation.effect") == ["appear", "pulse"]
    assert values(path, "slide[1]/animation", "animation.trigger") == ["on_click",
                                                                       "on_shape_click"]
