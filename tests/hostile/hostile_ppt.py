"""Hostile PowerPoint presentations: a base deck made with python-pptx's default template
(tests/hostile/rubrics/hostile-ppt.xml scores it 100) and what can go wrong in a deck:
slide lists of ten thousand entries, slide -> layout -> master chains that cycle or dangle,
group transforms that divide by zero, absurd geometry and text sizes, timing trees and
transitions with garbage values, links and media pointing outside the package."""

from __future__ import annotations

import io
import sys
import zipfile
from functools import lru_cache
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from hostile_common import Case, Ctx, _rels, zip_parts  # noqa: E402

A_NS = "http://schemas.openxmlformats.org/drawingml/2006/main"
P_NS = "http://schemas.openxmlformats.org/presentationml/2006/main"
R_NS = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"
REL = R_NS

SLIDE1 = "ppt/slides/slide1.xml"
SLIDE2 = "ppt/slides/slide2.xml"
PRES = "ppt/presentation.xml"
TITLE_RUN = "<a:r><a:t>校园读书节</a:t></a:r>"
TITLE_RUN_STYLED = ('<a:r><a:rPr lang="zh-CN" b="1"><a:ea typeface="黑体"/></a:rPr>'
                    '<a:t>校园读书节</a:t></a:r>')
TRANSITION = '<p:transition spd="med"><p:fade/></p:transition>'


@lru_cache(maxsize=1)
def _pptx_template() -> tuple[tuple[str, bytes], ...]:
    """python-pptx's default deck with two slides, as (name, bytes) in zip order."""
    from pptx import Presentation
    prs = Presentation()
    s1 = prs.slides.add_slide(prs.slide_layouts[0])
    s1.shapes.title.text = "校园读书节"
    s1.placeholders[1].text = "阅读点亮青春"
    s2 = prs.slides.add_slide(prs.slide_layouts[1])
    s2.shapes.title.text = "活动安排"
    s2.placeholders[1].text = "五月开幕"
    buf = io.BytesIO()
    prs.save(buf)
    with zipfile.ZipFile(io.BytesIO(buf.getvalue())) as zf:
        return tuple((i.filename, zf.read(i)) for i in zf.infolist())


def ppt_parts(extra: dict[str, str | bytes] | None = None, **over: str | bytes
              ) -> dict[str, bytes]:
    """The base deck's parts: slide 1's title is direct bold 黑体 with a fade transition.
    Keyword arguments replace parts by short name (``slide1``, ``slide2``, ``pres``,
    ``pres_rels``, ``slide1_rels``, ``slide2_rels``, ``layout1_rels``, ``master``,
    ``master_rels``, ``theme``); ``extra`` replaces or adds parts by full name."""
    parts = dict(_pptx_template())
    s1 = parts[SLIDE1].decode()
    assert TITLE_RUN in s1
    s1 = s1.replace(TITLE_RUN, TITLE_RUN_STYLED).replace(
        "</p:clrMapOvr>", "</p:clrMapOvr>" + TRANSITION)
    parts[SLIDE1] = s1.encode()
    short = {"slide1": SLIDE1, "slide2": SLIDE2, "pres": PRES,
             "pres_rels": "ppt/_rels/presentation.xml.rels",
             "slide1_rels": "ppt/slides/_rels/slide1.xml.rels",
             "slide2_rels": "ppt/slides/_rels/slide2.xml.rels",
             "layout1_rels": "ppt/slideLayouts/_rels/slideLayout1.xml.rels",
             "master": "ppt/slideMasters/slideMaster1.xml",
             "master_rels": "ppt/slideMasters/_rels/slideMaster1.xml.rels",
             "theme": "ppt/theme/theme1.xml"}
    for name, value in [*((short[k], v) for k, v in over.items()),
                        *(extra or {}).items()]:
        parts[name] = value.encode("utf-8") if isinstance(value, str) else value
    return parts


def ppt(extra: dict[str, str | bytes] | None = None, **over: str | bytes) -> bytes:
    return zip_parts(ppt_parts(extra, **over))


def _slide1(**repl: str) -> str:
    s = ppt_parts()[SLIDE1].decode()
    for old, new in repl.items():
        s = s.replace(_KEYS[old], new)
    return s


_KEYS = {"title_run": TITLE_RUN_STYLED, "transition": TRANSITION,
         "sp_pr_title": '<p:spPr/><p:txBody><a:bodyPr/><a:lstStyle/><a:p>' + TITLE_RUN_STYLED,
         "end_tree": "</p:spTree>"}


def _group(depth: int, ch_ext: str = 'cx="0" cy="0"') -> str:
    """``depth`` nested groups, each scaling its children by a zero-sized child extent,
    around one text box."""
    open_ = (f'<p:grpSp><p:nvGrpSpPr><p:cNvPr id="{{i}}" name="G{{i}}"/><p:cNvGrpSpPr/>'
             f'<p:nvPr/></p:nvGrpSpPr><p:grpSpPr><a:xfrm><a:off x="100" y="100"/>'
             f'<a:ext cx="1000" cy="1000"/><a:chOff x="NaN" y="0"/><a:chExt {ch_ext}/>'
             f'</a:xfrm></p:grpSpPr>')
    box = ('<p:sp><p:nvSpPr><p:cNvPr id="999" name="深层文本框"/><p:cNvSpPr txBox="1"/>'
           '<p:nvPr/></p:nvSpPr><p:spPr><a:xfrm rot="1e309" flipH="maybe"><a:off x="5" y="5"/>'
           '<a:ext cx="-10" cy="1e309"/></a:xfrm><a:prstGeom prst="nonsense"/></p:spPr>'
           '<p:txBody><a:bodyPr/><a:p><a:r><a:t>深</a:t></a:r></a:p></p:txBody></p:sp>')
    return "".join(open_.format(i=1000 + i) for i in range(depth)) + box + "</p:grpSp>" * depth


def _many_slides(n: int) -> str:
    pres = ppt_parts()[PRES].decode()
    ids = "".join(f'<p:sldId id="{300 + i}" r:id="rId7"/>' for i in range(n))
    return pres.replace('<p:sldId id="257" r:id="rId8"/>',
                        f'<p:sldId id="257" r:id="rId8"/>{ids}')


def _timing(depth: int) -> str:
    inner = ('<p:par><p:cTn id="99" presetID="NaN" presetClass="bogus" nodeType="clickEffect" '
             'dur="-5" fill="hold"><p:stCondLst><p:cond delay="indefinite"/><p:cond '
             'delay="1e309"/></p:stCondLst><p:childTnLst><p:set><p:cBhvr><p:cTn id="100" '
             'dur="NaN"/><p:tgtEl><p:spTgt spid="424242"><p:txEl><p:pRg st="-1" end="1e9"/>'
             '</p:txEl></p:spTgt></p:tgtEl></p:cBhvr></p:set></p:childTnLst></p:cTn></p:par>')
    wrap_open = '<p:par><p:cTn id="{i}" fill="hold"><p:childTnLst>'
    nested = "".join(wrap_open.format(i=i + 2) for i in range(depth)) + inner + \
        "</p:childTnLst></p:cTn></p:par>" * depth
    return (f'<p:timing><p:tnLst><p:par><p:cTn id="1" dur="indefinite" restart="never" '
            f'nodeType="tmRoot"><p:childTnLst>{nested}</p:childTnLst></p:cTn></p:par>'
            f'</p:tnLst><p:bldLst><p:bldP spid="NaN" grpId="x" build="p"/></p:bldLst>'
            f'</p:timing>')


def ppt_cases() -> list[Case]:
    inv = "invalid_package"
    inherited = frozenset({"c05", "c09", "c10"})  # values from the layout and master
    slide1 = frozenset({"c02", "c03", "c04", "c05", "c06", "c07", "c12"})
    return [
        Case("base_ppt", "ppt", lambda c: ppt()),
        # --------------------------------------------------------------- slide lists
        Case("sldidlst_10k_entries", "ppt", lambda c: ppt(pres=_many_slides(10_000)),
             note="ten thousand slide ids naming one part: one slide, listed once"),
        Case("sldidlst_garbage", "ppt", lambda c: ppt(pres=ppt_parts()[PRES].decode().replace(
            '<p:sldId id="257" r:id="rId8"/>', '<p:sldId id="257" r:id="rId8"/><p:sldId '
            'id="NaN" r:id="rId999"/><p:sldId/><p:sldId r:id="rId5"/><p:sldId r:id="rId1"/>')),
             inv, "malformed_xml", note="a slide id naming the theme: the slide list is "
                                         "structurally broken (the view refuses it at open)"),
        Case("slide_size_absurd", "ppt", lambda c: ppt(pres=ppt_parts()[PRES].decode().replace(
            '<p:sldSz cx="9144000" cy="6858000" type="screen4x3"/>',
            '<p:sldSz cx="0" cy="-1e309" type="bogus"/>')), failing=frozenset({"c11"})),
        # --------------------------------------------------------------- chains
        Case("slide_layout_rel_cycle", "ppt", lambda c: ppt(slide1_rels=_rels(
            [("rId1", "slideLayout", "slide1.xml", False)])),
             failing=frozenset({"c05", "c06"}),
             note="slide 1's layout is slide 1 itself: the chain ends (no layout, no "
                  "master: the title size falls to the presentation default)"),
        Case("layout_master_rel_cycle", "ppt", lambda c: ppt(layout1_rels=_rels(
            [("rId1", "slideMaster", "slideLayout1.xml", False)])),
             failing=frozenset({"c05"}), note="a layout whose master is itself"),
        Case("master_missing", "ppt", lambda c: ppt(layout1_rels=_rels(
            [("rId1", "slideMaster", "../slideMasters/nowhere.xml", False)]),
            extra={"ppt/slideLayouts/_rels/slideLayout2.xml.rels": _rels(
                [("rId1", "slideMaster", "../slideMasters/nowhere.xml", False)])}),
             failing=inherited),
        Case("master_rels_point_back", "ppt", lambda c: ppt(master_rels=_rels(
            [(f"rId{i}", "slideLayout", "../slides/slide1.xml", False) for i in range(1, 12)]
            + [("rId12", "theme", "../slides/slide2.xml", False),
               ("rId13", "slideMaster", "slideMaster1.xml", False)])),
             failing=frozenset({"c13"})),
        Case("theme_missing", "ppt", lambda c: zip_parts(
            {k: v for k, v in ppt_parts().items() if "theme" not in k}),
             failing=frozenset({"c13"})),
        Case("slide_part_is_the_presentation", "ppt", lambda c: ppt(pres_rels=ppt_parts()[
            "ppt/_rels/presentation.xml.rels"].decode().replace('Target="slides/slide1.xml"',
                                                                'Target="presentation.xml"')),
             inv, "malformed_xml"),
        # --------------------------------------------------------------- geometry and text
        Case("groups_nested_divide_by_zero", "ppt", lambda c: ppt(slide1=_slide1(
            end_tree=_group(200) + "</p:spTree>"))),
        Case("groups_nested_too_deep", "ppt", lambda c: ppt(slide1=_slide1(
            end_tree=_group(400) + "</p:spTree>")),
             inv, "malformed_xml", note="past libxml2's depth limit: slides are parsed "
                                         "at open, so the deck is refused"),
        Case("geometry_and_text_absurd", "ppt", lambda c: ppt(slide1=_slide1(
            title_run='<a:r><a:rPr lang="\u202e" b="maybe" sz="NaN" spc="1e309" baseline="-1e9">'
                      '<a:latin typeface=""/><a:ea typeface=""/><a:solidFill><a:schemeClr '
                      'val="nonsense"><a:lumMod val="NaN"/><a:lumOff val="1e309"/></a:schemeClr>'
                      '</a:solidFill></a:rPr><a:t>校园读书节</a:t></a:r>',
            sp_pr_title='<p:spPr><a:xfrm rot="NaN"><a:off x="1e309" y="-99999999999999999"/>'
                        '<a:ext cx="abc" cy=""/></a:xfrm></p:spPr><p:txBody><a:bodyPr '
                        'lIns="NaN"><a:normAutofit fontScale="1e309" lnSpcReduction="-5"/>'
                        '</a:bodyPr><a:lstStyle/><a:p><a:pPr lvl="99" algn="sideways" '
                        'marL="NaN" indent="1e309"><a:lnSpc><a:spcPct val="NaN"/></a:lnSpc>'
                        '<a:buChar char=""/></a:pPr>' + TITLE_RUN_STYLED)),
             failing=frozenset({"c03", "c04"}),
             note="b='maybe' is not bold; an empty typeface is no value (the theme's 宋体 "
                  "shows); a scheme color that names nothing is no color"),
        Case("placeholders_confused", "ppt", lambda c: ppt(slide2=ppt_parts()[SLIDE2].decode()
                                                           .replace('<p:ph idx="1"/>',
                                                                    '<p:ph idx="NaN" type="bogus" '
                                                                    'sz="huge" orient="diag"/>')),
             note="a placeholder with a garbage idx and type still matches the layout's "
                  "body placeholder by position"),
        # --------------------------------------------------------------- animation, transitions
        Case("timing_tree_hostile", "ppt", lambda c: ppt(slide1=_slide1(
            transition='<mc:AlternateContent xmlns:mc="http://schemas.openxmlformats.org/'
                       'markup-compatibility/2006"><mc:Choice xmlns:p14="http://schemas.'
                       'microsoft.com/office/powerpoint/2010/main" Requires="p14 nope">'
                       '<p:transition spd="warp" p14:dur="NaN" advTm="-1"><p14:vortex dir="up"/>'
                       '</p:transition></mc:Choice><mc:Fallback><p:transition advTm="1e309">'
                       '<p:fade thruBlk="maybe"/></p:transition></mc:Fallback>'
                       '</mc:AlternateContent>' + _timing(60)))),
        Case("transition_garbage", "ppt", lambda c: ppt(slide1=_slide1(
            transition='<p:transition spd="ludicrous" dur="NaN" advClick="perhaps" '
                       'advTm="1e309"><p:push dir="sideways"/><p:fade/><p:bogus/>'
                       '</p:transition>')), failing=frozenset({"c07"}),
             note="two effects in one transition: the first one counts (push)"),
        # --------------------------------------------------------------- outside the package
        Case("links_and_media_outside", "ppt", lambda c: ppt(
            slide1=_slide1(title_run='<a:r><a:rPr lang="zh-CN" b="1"><a:ea typeface="黑体"/>'
                                     '<a:hlinkClick r:id="rId5" action="ppaction://hlinkfile"/>'
                                     '</a:rPr><a:t>校园读书节</a:t></a:r>',
                           end_tree='<p:pic><p:nvPicPr><p:cNvPr id="50" name="视频"/>'
                                    '<p:cNvPicPr/><p:nvPr><a:videoFile r:link="rId6"/>'
                                    '</p:nvPr></p:nvPicPr><p:blipFill><a:blip r:link="rId7"/>'
                                    '</p:blipFill><p:spPr/></p:pic></p:spTree>'),
            slide1_rels=_rels([("rId1", "slideLayout", "../slideLayouts/slideLayout1.xml",
                                False), ("rId5", "hyperlink", "file://" + c.fifo, True),
                               ("rId6", "video", c.url + "movie.mp4", True),
                               ("rId7", "image", "file://" + c.fifo, True)]))),
        Case("notes_cycle", "ppt", lambda c: ppt(slide1_rels=_rels(
            [("rId1", "slideLayout", "../slideLayouts/slideLayout1.xml", False),
             ("rId2", "notesSlide", "slide1.xml", False)]),
            slide2_rels=_rels(
            [("rId1", "slideLayout", "../slideLayouts/slideLayout2.xml", False),
             ("rId2", "notesSlide", "../../[Content_Types].xml", False)]))),
        Case("slide_doctype_utf16", "ppt", lambda c: ppt(slide1=(
            '<?xml version="1.0" encoding="UTF-16"?>\n<!DOCTYPE p:sld [<!ENTITY e SYSTEM '
            f'"file://{c.fifo}">]>' + _slide1().split("\n", 1)[1]).encode("utf-16")),
             inv, "malformed_xml"),
        Case("presentation_malformed", "ppt", lambda c: ppt(pres="<p:presentation><oops"),
             inv, "malformed_xml"),
    ]


_ = (A_NS, P_NS, REL, Ctx)
