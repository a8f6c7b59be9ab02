"""Word written another way (``officeeval.word.edit.equivalents`` and ``equivalent_values``,
the rewrites of the audit's equivalent variants) shows the same: each rewrite is checked on
small inline documents by what the engine (and the XML) then says, independently of any
rubric."""

from __future__ import annotations

import zipfile

import pytest
from lxml import etree

from officeeval.ooxml import repackage as RP
from officeeval.word.edit import equivalent_values as WV
from officeeval.word.edit import equivalents as WE
from officeeval.audit.workspace import NotApplicable, Workspace
from officeeval.formats import open_document
from officeeval.catalog import resolve
from officeeval.selectors import select
from tests.builders import docx, p, style, theme_xml

NORMAL = style("Normal", "Normal", default=True)
BOLD_BODY = style("Body", "正文粗", '<w:rPr><w:b/><w:sz w:val="24"/></w:rPr>',
                  based_on="Normal")


def _apply(tmp_path, ref, fn, name="v.docx"):
    ws = Workspace(ref, "word")
    edit = ws.begin()
    note = fn(edit)
    out = ws.write(edit, tmp_path / name)
    return out, note


def _values(path, selector, prop):
    doc = open_document(path, "word")
    try:
        out = []
        for t in select(doc, selector):
            obs = resolve(prop, t)
            out.append(None if obs is None else obs.value)
        return out
    finally:
        doc.close()


def test_direct_run_formatting_moves_into_a_character_style_with_toggles_compensated(tmp_path):
    # Paragraph style bold; run 1 direct "not bold", run 2 direct bold + red + 14 pt.
    body = ('<w:p><w:pPr><w:pStyle w:val="Body"/></w:pPr>'
            '<w:r><w:rPr><w:b w:val="0"/></w:rPr><w:t>甲</w:t></w:r>'
            '<w:r><w:rPr><w:b/><w:color w:val="FF0000"/><w:sz w:val="28"/></w:rPr>'
            '<w:t>乙</w:t></w:r><w:r><w:t>丙</w:t></w:r></w:p>')
    ref = docx(tmp_path, body, styles=NORMAL + BOLD_BODY, name="ref.docx")
    out, note = _apply(tmp_path, ref, WE.direct_to_character_styles)
    assert note == "2 runs, 2 character styles"
    for prop in ("font.bold", "font.color", "font.size"):
        assert _values(out, "paragraph[1]/run", prop) == _values(ref, "paragraph[1]/run", prop)
    assert _values(out, "paragraph[1]/run", "font.bold") == [False, True, True]
    with zipfile.ZipFile(out) as z:
        xml = z.read("word/document.xml").decode()
        styles = z.read("word/styles.xml").decode()
    assert "<w:b/>" not in xml and "<w:b w:" not in xml and 'w:rStyle w:val="EqChar1"' in xml
    # "not bold" under a bold paragraph style is a toggled-on character style (XOR).
    assert 'w:styleId="EqChar1"' in styles and '<w:b w:val="1"/>' in styles


def test_direct_paragraph_formatting_moves_into_a_new_style_based_on_the_old(tmp_path):
    ppr = '<w:pStyle w:val="Body"/><w:spacing w:after="120"/><w:ind w:firstLineChars="200"/>' \
          '<w:jc w:val="center"/>'
    ref = docx(tmp_path, p("正文", ppr) + p("二"), styles=NORMAL + BOLD_BODY, name="ref.docx")
    out, note = _apply(tmp_path, ref, WE.direct_to_paragraph_styles(set()))
    assert note == "1 paragraphs, 1 paragraph styles"
    for prop in ("paragraph.alignment", "paragraph.space_after", "paragraph.indent.first_line",
                 "font.bold", "font.size"):
        assert _values(out, "paragraph", prop) == _values(ref, "paragraph", prop), prop
    assert _values(out, "paragraph[1]", "paragraph.style") == ["Eq Para 1"]
    # A paragraph whose style the rubric reads is left alone.
    with pytest.raises(NotApplicable):
        _apply(tmp_path, ref, WE.direct_to_paragraph_styles({"paragraph[1]"}), "w.docx")


def test_defaults_and_the_default_style_trade_fonts_slot_by_slot(tmp_path):
    styles = ('<w:docDefaults><w:rPrDefault><w:rPr><w:rFonts w:asciiTheme="minorHAnsi" '
              'w:eastAsiaTheme="minorEastAsia"/><w:sz w:val="21"/></w:rPr></w:rPrDefault>'
              '</w:docDefaults>'
              + style("Normal", "Normal", '<w:rPr><w:rFonts w:eastAsia="宋体"/>'
                      '<w:sz w:val="24"/></w:rPr>', default=True) + BOLD_BODY)
    ref = docx(tmp_path, p("正文") + p("二", '<w:pStyle w:val="Body"/>'), styles=styles,
               theme=theme_xml(), name="ref.docx")
    out, note = _apply(tmp_path, ref, WE.style_to_defaults)
    assert note == "rFonts, sz: Normal -> docDefaults"
    for prop in ("font.name", "font.east_asia", "font.size"):
        assert _values(out, "paragraph", prop) == _values(ref, "paragraph", prop), prop
    assert _values(out, "paragraph", "font.east_asia") == ["宋体", "宋体"]


def test_indents_and_spacing_in_units_become_absolute_and_back(tmp_path):
    ppr = '<w:spacing w:beforeLines="50"/><w:ind w:firstLineChars="200"/>'
    ref = docx(tmp_path, p("正文", ppr, rpr='<w:sz w:val="21"/>'), styles=NORMAL,
               name="ref.docx")
    out, _ = _apply(tmp_path, ref, WV.units(WV.INDENTS, to_units=False))
    out2, _ = _apply(tmp_path, out, WV.units(WV.SPACINGS, to_units=False), "v2.docx")
    with zipfile.ZipFile(out2) as z:
        xml = z.read("word/document.xml").decode()
    assert 'w:firstLine="420"' in xml and 'w:firstLineChars="0"' in xml
    assert 'w:before="120"' in xml and 'w:beforeLines="0"' in xml
    back, _ = _apply(tmp_path, out2, WV.units(WV.INDENTS, to_units=True), "v3.docx")
    assert [m.chars for m in _values(back, "paragraph[1]", "paragraph.indent.first_line")] \
        == [2.0]
    for prop in ("paragraph.indent.first_line", "paragraph.space_before"):
        assert [m.points() for m in _values(out2, "paragraph[1]", prop)] == \
            [m.points() for m in _values(ref, "paragraph[1]", prop)]


def test_lengths_rounded_like_another_writer(tmp_path):
    sect = ('<w:sectPr><w:pgSz w:w="11906" w:h="16838"/><w:pgMar w:top="1417" '
            'w:bottom="1417" w:left="1701" w:right="1701" w:header="851" w:footer="992" '
            'w:gutter="0"/></w:sectPr>')
    ref = docx(tmp_path, p("x", '<w:ind w:left="420"/>') + sect, styles=NORMAL,
               name="ref.docx")
    out, note = _apply(tmp_path, ref, WV.rounded)
    with zipfile.ZipFile(out) as z:
        xml = z.read("word/document.xml").decode()
    assert 'w:top="1419"' in xml and 'w:w="11908"' in xml and 'w:left="421"' in xml
    assert 'w:gutter="0"' in xml                       # zero stays zero


def test_an_empty_header_part_for_a_section_without_one(tmp_path):
    ref = docx(tmp_path, p("正文"), styles=NORMAL, name="ref.docx")
    out, note = _apply(tmp_path, ref, WV.empty_parts)
    assert note == "header for section[1], footer for section[1]"
    assert _values(out, "section[1]/header", "text") == [""]       # a part now, empty
    assert _values(out, "section[1]", "header.visible") == [False]
    assert _values(ref, "section[1]/header", "text") == []


def test_runs_split_in_two(tmp_path):
    ref = docx(tmp_path, p("关于举办读书节的通知", rpr="<w:b/>"), styles=NORMAL, name="ref.docx")
    out, note = _apply(tmp_path, ref, WV.split_runs)
    assert note == "1 runs split"
    assert _values(out, "paragraph[1]/run", "text") == ["关于举办读", "书节的通知"]
    assert _values(out, "paragraph[1]", "text") == ["关于举办读书节的通知"]
    assert _values(out, "span('读书节')", "font.bold") == [True]


def test_theme_colours_written_as_rgb_and_back(tmp_path):
    rpr = '<w:color w:val="4472C4" w:themeColor="accent1"/>'
    ref = docx(tmp_path, p("蓝", rpr=rpr), styles=NORMAL, theme=theme_xml(), name="ref.docx")
    out, _ = _apply(tmp_path, ref, WV.theme_colours(to_theme=False))
    with zipfile.ZipFile(out) as z:
        assert b"themeColor" not in z.read("word/document.xml")
    back, _ = _apply(tmp_path, out, WV.theme_colours(to_theme=True), "b.docx")
    with zipfile.ZipFile(back) as z:
        assert b'w:themeColor="accent1"' in z.read("word/document.xml")
    assert _values(out, "paragraph[1]", "font.color") == ["4472C4"] == \
        _values(back, "paragraph[1]", "font.color")


HDR_BODY = p("正文") + ('<w:sectPr><w:headerReference w:type="default" r:id="rIdH1"/>'
                        '<w:pgSz w:w="11906" w:h="16838"/></w:sectPr>')


def test_renumbered_relationships_keep_every_reference(tmp_path):
    ref = docx(tmp_path, HDR_BODY, styles=NORMAL, headers={"rIdH1": p("页眉")},
               name="ref.docx")
    with zipfile.ZipFile(ref) as z:
        members = {n: z.read(n) for n in z.namelist()}
    out = RP.renumber_relationships(members)
    rels = etree.fromstring(out["word/_rels/document.xml.rels"])
    assert "rIdH1" not in {r.get("Id") for r in rels}
    assert b'r:id="rIdH1"' not in out["word/document.xml"]
    path = tmp_path / "r.docx"
    with zipfile.ZipFile(path, "w") as z:
        for n, d in out.items():
            z.writestr(n, d)
    assert _values(path, "section[1]", "header.text") == ["页眉"]


def test_renamed_parts_move_with_their_relationships_and_content_types(tmp_path):
    ref = docx(tmp_path, HDR_BODY, styles=NORMAL, headers={"rIdH1": p("页眉")},
               name="ref.docx")
    with zipfile.ZipFile(ref) as z:
        members = {n: z.read(n) for n in z.namelist()}
    out = RP.rename_parts(members, RP.renamed_everything(members, set()))
    assert "word/document_r.xml" in out and "word/_rels/document_r.xml.rels" in out
    assert "word/document.xml" not in out
    assert b"/word/document_r.xml" in out["[Content_Types].xml"]
    path = tmp_path / "n.docx"
    with zipfile.ZipFile(path, "w") as z:
        for n, d in out.items():
            z.writestr(n, d)
    assert _values(path, "paragraph[1]", "text") == ["正文"]
    assert _values(path, "section[1]", "header.text") == ["页眉"]
    # A part a rubric reads by name (part="word/document.xml") keeps its name.
    kept = RP.renamed_everything(members, {"word/document.xml"})
    assert "word/document.xml" not in kept and "word/styles.xml" in kept


def test_source_of_and_rels_name_are_inverse():
    for part in ("word/document.xml", "ppt/slides/slide1.xml", "a.xml"):
        assert RP.source_of(RP.rels_name(part)) == part
    assert RP.rels_name("") == "_rels/.rels" and RP.source_of("_rels/.rels") == ""
    assert RP.source_of("word/document.xml") is None
