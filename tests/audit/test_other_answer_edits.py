"""Word's other-answer edits on their own, through the audit's workspace: drawings renamed,
restacked, resized and moved; colours and sizes replaced where the task wrote them; a colour
written as a theme swatch with the RGB Word computes beside it."""

from __future__ import annotations

from officeeval.audit.workspace import Workspace
from officeeval.formats import open_document
from officeeval.word.edit import created as WC
from officeeval.word.edit import pictured as WP
from tests.builders import docx, p, style

WP_NS = "http://schemas.openxmlformats.org/drawingml/2006/wordprocessingDrawing"
A_NS = "http://schemas.openxmlformats.org/drawingml/2006/main"
WPS_NS = "http://schemas.microsoft.com/office/word/2010/wordprocessingShape"


def _anchor(did: int, name: str, height: int, x: int) -> str:
    return (f'<w:r><w:drawing><wp:anchor xmlns:wp="{WP_NS}" relativeHeight="{height}" '
            f'behindDoc="0" simplePos="0" locked="0" layoutInCell="1" allowOverlap="1" '
            f'distT="0" distB="0" distL="0" distR="0"><wp:simplePos x="0" y="0"/>'
            f'<wp:positionH relativeFrom="column"><wp:posOffset>{x}</wp:posOffset>'
            f'</wp:positionH><wp:positionV relativeFrom="paragraph"><wp:posOffset>0'
            f'</wp:posOffset></wp:positionV><wp:extent cx="1800000" cy="720000"/>'
            f'<wp:wrapNone/><wp:docPr id="{did}" name="{name}"/><a:graphic xmlns:a="{A_NS}">'
            f'<a:graphicData uri="{WPS_NS}"><wps:wsp xmlns:wps="{WPS_NS}"><wps:spPr><a:xfrm>'
            f'<a:off x="0" y="0"/><a:ext cx="1800000" cy="720000"/></a:xfrm><a:solidFill>'
            f'<a:srgbClr val="1F4E79"/></a:solidFill></wps:spPr><wps:bodyPr/></wps:wsp>'
            f'</a:graphicData></a:graphic></wp:anchor></w:drawing></w:r>')


def _doc(tmp_path):
    body = (f"<w:p>{_anchor(1, 'Rectangle 1', 251659264, 100000)}"
            f"{_anchor(2, 'Rectangle 2', 251660288, 900000)}</w:p>"
            + p("标题", rpr='<w:color w:val="C00000"/><w:sz w:val="52"/>'))
    styles = style("Normal", "Normal", default=True)
    return docx(tmp_path, body, styles=styles, name="d.docx")


def _edit(path, app, fn, out):
    ws = Workspace(path, app)
    edit = ws.begin()
    fn(edit)
    ws.write(edit, out)
    return open_document(out, app)


def test_word_drawings_renamed_restacked_resized_and_moved(tmp_path):
    path = _doc(tmp_path)
    doc = open_document(path, "word")
    found = WC.drawings(doc, doc.main)
    doc.close()
    assert [(d.name, d.kind, d.floating) for d in found] == [
        ("Rectangle 1", "shape", True), ("Rectangle 2", "shape", True)]

    def change(edit):
        WC.rename(edit, edit.doc.main, 0, "矩形 1")
        WC.restack(edit, edit.doc.main, [0, 1])
        WC.set_extent(edit, edit.doc.main, 1, 2016000, 806400)
        WC.set_offset(edit, edit.doc.main, 1, 1200000, None)

    doc = _edit(path, "word", change, tmp_path / "out.docx")
    try:
        got = WC.drawings(doc, doc.main)
        assert [d.name for d in got] == ["矩形 1", "Rectangle 2"]
        assert got[1].extent == (2016000, 806400) and got[1].offset == (1200000, 0)
        heights = [a.get("relativeHeight") for a in doc.body.iter(f"{{{WP_NS}}}anchor")]
        assert heights == ["251660288", "251659264"]  # the stacking order reversed
        # The shape's own transform follows its extent.
        exts = [e.get("cx") for e in doc.body.iter(f"{{{A_NS}}}ext")]
        assert exts == ["1800000", "2016000"]
    finally:
        doc.close()


def test_word_colours_and_sizes_replaced_where_written(tmp_path):
    path = _doc(tmp_path)
    doc = open_document(path, "word")
    assert doc.main in WP.colours(doc) and WP.colours(doc)[doc.main]["C00000"] == 1
    assert WP.sizes(doc)[doc.main][26.0] == 1
    doc.close()

    def change(edit):
        WP.replace_colours(edit, {edit.doc.main: {"C00000": "CA0A0A", "1F4E79": "1F4E70"}})
        WP.replace_sizes(edit, {edit.doc.main: {26.0: 28.0}})

    doc = _edit(path, "word", change, tmp_path / "out2.docx")
    try:
        c = WP.colours(doc)[doc.main]
        assert c["CA0A0A"] == 1 and c["1F4E70"] == 2 and "C00000" not in c
        assert WP.sizes(doc)[doc.main] == {28.0: 1}
    finally:
        doc.close()


def test_word_theme_colour_written_with_word_s_own_rgb(tmp_path):
    from tests.builders import theme_xml
    path = docx(tmp_path, p("标题", rpr='<w:color w:val="4473C5"/>'),
                styles=style("Normal", "Normal", default=True), theme=theme_xml(),
                name="t.docx")
    doc = _edit(path, "word", lambda e: WP.theme_colours(
        e, {e.doc.main: {"4473C5": ("accent1", 100000, 0)}}), tmp_path / "t2.docx")
    try:
        w = "{http://schemas.openxmlformats.org/wordprocessingml/2006/main}"
        color = next(doc.body.iter(w + "color"))
        assert color.get(w + "themeColor") == "accent1" and color.get(w + "val") == "4472C4"
    finally:
        doc.close()
