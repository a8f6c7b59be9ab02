"""Hostile and odd PowerPoint input: odd attribute values are "no value" (the next level of
the chain answers), dangling relationships and missing parts give no value, and nothing
raises out of a resolver. Also the DrawingML color transforms."""

from __future__ import annotations

import zipfile
from pathlib import Path

import pytest
from lxml import etree

from officeeval.errors import UnverifiableValue
from officeeval.rendered import no_layout_backend
from officeeval.formats import open_document
from officeeval.ooxml.drawingml import apply_transforms, color_value
from officeeval.ooxml.ns import A
from officeeval.catalog import catalog
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


def resolve_everything(path: Path) -> int:
    """Resolve every bound PPT property on every target; return how many resolved."""
    reg = catalog()
    doc = open_document(path)
    n = 0
    try:
        for selector in ("presentation", "slide", "layout", "master", "slide/shape",
                         "slide/shape/shape", "slide/paragraph", "slide/run",
                         "slide/table/cell", "slide/animation", "slide/notes"):
            for t in select(doc, selector):
                for name in reg.names("ppt"):
                    if t.kind in reg.get(name).bindings["ppt"].kinds:
                        try:
                            resolve(name, t, ResolveContext())
                        except UnverifiableValue as exc:
                            # Opened without a layout backend: a layout property says so.
                            if not no_layout_backend(exc):
                                raise
                        n += 1
    finally:
        doc.close()
    return n


def test_odd_attribute_values_are_no_value(tmp_path):
    title = B.ph_shape(2, "Title 1", 'type="title" idx="x"',
                       body='<a:p><a:pPr lvl="99" algn="sideways"/><a:r><a:rPr lang="en-US" '
                            'b="maybe" u="zigzag" baseline="high" spc="wide"/><a:t>x</a:t></a:r></a:p>',
                       sppr='<a:xfrm rot="abc"><a:off x="1e999" y="-"/><a:ext cx="nan" cy="1"/>'
                            '</a:xfrm>')
    timing = ('<p:transition spd="warp" p14:dur="-5" advTm="soon" advClick="perhaps">'
              '<p:wipe dir="sideways"/></p:transition><p:timing><p:tnLst><p:par><p:cTn id="1" '
              'nodeType="tmRoot"><p:childTnLst><p:seq><p:cTn id="2" nodeType="mainSeq">'
              '<p:childTnLst><p:par><p:cTn id="3" presetID="xyz" presetClass="entr" '
              'presetSubtype="?" nodeType="clickEffect" dur="forever"><p:stCondLst><p:cond '
              'delay="later"/></p:stCondLst><p:childTnLst><p:set><p:cBhvr><p:cTn id="4" '
              'dur="-1"/><p:tgtEl><p:spTgt spid="2"><p:txEl><p:pRg st="-3" end="x"/></p:txEl>'
              '</p:spTgt></p:tgtEl></p:cBhvr></p:set></p:childTnLst></p:cTn></p:par>'
              '</p:childTnLst></p:cTn></p:seq></p:childTnLst></p:cTn></p:par></p:tnLst>'
              '</p:timing>')
    path = B.build(tmp_path / "t.pptx", [B.sld(title, extra=timing)],
                   sld_sz='cx="wide" cy="0"')
    assert values(path, "slide[1]/title", "font.bold") == [False]       # master says nothing
    assert values(path, "slide[1]/title", "font.underline") == ["none"]
    assert values(path, "slide[1]/title", "paragraph.alignment") == ["left"]  # master
    assert values(path, "slide[1]/title", "paragraph.level") == [1]
    assert values(path, "slide[1]/title", "font.size") == [44.0]
    assert values(path, "slide[1]", "transition.type") == ["wipe"]
    assert values(path, "slide[1]", "transition.duration") == [0.5]    # default: fast
    assert values(path, "slide[1]", "transition.advance_after") == [None]
    assert values(path, "slide[1]", "transition.advance_on_click") == [True]
    assert values(path, "slide[1]/animation", "animation.effect") == [None]
    assert values(path, "slide[1]/animation", "animation.delay") == [0.0]
    assert values(path, "slide[1]/animation", "animation.paragraph") == [None]
    assert values(path, "presentation", "presentation.slide_size") == [None]
    assert resolve_everything(path) > 100


def test_partial_transform_takes_the_missing_parts_from_the_layout(tmp_path):
    # python-pptx writes <a:xfrm><a:ext …/></a:xfrm> alone when a placeholder is resized.
    title = B.ph_shape(2, "Title 1", 'type="title"', body=B.para("t"),
                       sppr='<a:xfrm><a:ext cx="1270000" cy="635000"/></a:xfrm>')
    path = B.build(tmp_path / "t.pptx", [B.sld(title)])
    assert values(path, "slide[1]/title", "shape.width")[0].pt == pytest.approx(100.0)
    assert values(path, "slide[1]/title", "shape.left")[0].pt == pytest.approx(838200 / 12700)


def rewrite(path: Path, out: Path, edit) -> Path:
    with zipfile.ZipFile(path) as src:
        data = {n: src.read(n) for n in src.namelist()}
    edit(data)
    with zipfile.ZipFile(out, "w") as z:
        for n, d in data.items():
            z.writestr(n, d)
    return out


def test_dangling_relationships_and_missing_parts(tmp_path):
    smart = ('<p:graphicFrame><p:nvGraphicFramePr><p:cNvPr id="5" name="Diagram"/>'
             '<p:cNvGraphicFramePr/><p:nvPr/></p:nvGraphicFramePr><p:xfrm><a:off x="0" y="0"/>'
             '<a:ext cx="1" cy="1"/></p:xfrm><a:graphic><a:graphicData '
             'uri="http://schemas.openxmlformats.org/drawingml/2006/diagram"><dgm:relIds '
             'xmlns:dgm="http://schemas.openxmlformats.org/drawingml/2006/diagram" r:dm="rIdX" '
             'r:lo="rIdY" r:qs="" r:cs=""/></a:graphicData></a:graphic></p:graphicFrame>'
             '<p:graphicFrame><p:nvGraphicFramePr><p:cNvPr id="6" name="Chart"/>'
             '<p:cNvGraphicFramePr/><p:nvPr/></p:nvGraphicFramePr><p:xfrm><a:off x="0" y="0"/>'
             '<a:ext cx="1" cy="1"/></p:xfrm><a:graphic><a:graphicData '
             'uri="http://schemas.openxmlformats.org/drawingml/2006/chart"><c:chart '
             'xmlns:c="http://schemas.openxmlformats.org/drawingml/2006/chart" r:id="rIdZ"/>'
             '</a:graphicData></a:graphic></p:graphicFrame>')
    path = B.build(tmp_path / "t.pptx", [B.sld(smart), B.sld("")])

    def edit(data):
        # slide 2 points at a layout that is not in the package
        rels = data["ppt/slides/_rels/slide2.xml.rels"].decode()
        data["ppt/slides/_rels/slide2.xml.rels"] = rels.replace("slideLayout1.xml",
                                                                "slideLayout9.xml").encode()
    bad = rewrite(path, tmp_path / "bad.pptx", edit)
    assert values(bad, "slide", "slide.layout") == ["Title and Content", None]
    assert values(bad, "slide[1]/smartart", "smartart.layout") == [None]
    assert values(bad, "slide[1]/smartart", "smartart.nodes") == [None]
    assert values(bad, "slide[1]/chart", "chart.type") == [None]
    assert values(bad, "slide[2]", "slide.background.kind") == [None]
    assert resolve_everything(bad) > 50


def test_unreadable_slide_part_is_an_invalid_package_not_a_crash(tmp_path):
    from officeeval.errors import PackageError
    path = B.build(tmp_path / "t.pptx", [B.sld("")])
    bad = rewrite(path, tmp_path / "bad.pptx",
                  lambda d: d.__setitem__("ppt/slides/slide1.xml", b"<p:sld"))
    with pytest.raises(PackageError) as err:
        open_document(bad)
    assert err.value.stage == "malformed_xml"


def color(xml: str) -> str | None:
    el = etree.fromstring(f'<a:x xmlns:a="{A}">{xml}</a:x>')[0]
    return color_value(el, {"accent1": "4472C4", "tx1": "000000"}.get)


@pytest.mark.parametrize("xml,rgb", [
    ('<a:srgbClr val="ff0000"/>', "FF0000"),
    ('<a:schemeClr val="accent1"/>', "4472C4"),
    ('<a:schemeClr val="accent1"><a:lumMod val="75000"/></a:schemeClr>', "2F5597"),
    ('<a:schemeClr val="accent1"><a:lumMod val="60000"/><a:lumOff val="40000"/></a:schemeClr>',
     "8FAADC"),
    ('<a:schemeClr val="accent1"><a:lumMod val="50000"/></a:schemeClr>', "203864"),
    ('<a:srgbClr val="FF0000"><a:alpha val="50000"/></a:srgbClr>', "FF0000"),
    ('<a:prstClr val="black"/>', "000000"),
    ('<a:sysClr val="window" lastClr="FFFFFF"/>', "FFFFFF"),
    ('<a:schemeClr val="unknown"/>', None),
    ('<a:srgbClr val="zzz"/>', None),
])
def test_color_values(xml, rgb):
    assert color(xml) == rgb


def test_tint_and_shade_move_toward_white_and_black():
    tint = etree.fromstring(f'<a:tint xmlns:a="{A}" val="50000"/>')
    shade = etree.fromstring(f'<a:shade xmlns:a="{A}" val="50000"/>')
    lighter, darker = apply_transforms("4472C4", [tint]), apply_transforms("4472C4", [shade])
    assert all(int(lighter[i:i + 2], 16) > int("4472C4"[i:i + 2], 16) for i in (0, 2, 4))
    assert all(int(darker[i:i + 2], 16) < int("4472C4"[i:i + 2], 16) for i in (0, 2, 4))
    assert apply_transforms("4472C4", [etree.fromstring(f'<a:tint xmlns:a="{A}" val="100000"/>')]) \
        == "4472C4"


def test_a_layout_relationship_pointing_back_at_the_slide_does_not_loop(tmp_path):
    path = B.build(tmp_path / "t.pptx", [B.sld(B.ph_shape(2, "Title 1", 'type="title"',
                                                          body=B.para("t")))])

    def edit(data):
        rels = data["ppt/slides/_rels/slide1.xml.rels"].decode()
        data["ppt/slides/_rels/slide1.xml.rels"] = rels.replace(
            "../slideLayouts/slideLayout1.xml", "slide1.xml").encode()
    bad = rewrite(path, tmp_path / "loop.pptx", edit)
    assert values(bad, "slide", "slide.layout") == [None]
    assert values(bad, "slide[1]/title", "font.size") == [18.0]   # nothing above the slide
    assert values(bad, "slide[1]", "slide.background.kind") == [None]
    assert resolve_everything(bad) > 20


def test_a_layout_relationship_pointing_at_the_theme_is_no_layout(tmp_path):
    path = B.build(tmp_path / "t.pptx", [B.sld("")])

    def edit(data):
        rels = data["ppt/slides/_rels/slide1.xml.rels"].decode()
        data["ppt/slides/_rels/slide1.xml.rels"] = rels.replace(
            "../slideLayouts/slideLayout1.xml", "../theme/theme1.xml").encode()
    bad = rewrite(path, tmp_path / "theme.pptx", edit)
    assert values(bad, "slide", "slide.layout") == [None]
    assert resolve_everything(bad) > 20
