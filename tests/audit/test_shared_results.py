"""LibreOffice results shared between an audit's documents: the keys tell apart what
LibreOffice reads differently and nothing else, and an audit graded with the shared results
gives the verdicts of one where every document went to LibreOffice."""

from __future__ import annotations

import zipfile
from pathlib import Path

import pytest

from officeeval import recalc
from officeeval.audit.runner import audit_rubric
from officeeval.audit.shared_results import LAYOUT_INERT, Keys, content_key
from officeeval.audit.workspace import reindent, serialize
from officeeval.ooxml.xml import parse_xml

REPO = Path(__file__).resolve().parents[2]
CAMPUS = REPO / "samples" / "ppt-l1-campus" / "reference.pptx"


def _rewrite(src: Path, dst: Path, edit=None, pretty=False, order=None, case=False,
             stored=False) -> Path:
    with zipfile.ZipFile(src) as zf:
        members = [(i.filename, zf.read(i)) for i in zf.infolist()]
    if order == "reverse":
        members.reverse()
    with zipfile.ZipFile(dst, "w", zipfile.ZIP_STORED if stored else zipfile.ZIP_DEFLATED) as zf:
        for name, data in members:
            if name.endswith((".xml", ".rels")) and (pretty or edit):
                root = parse_xml(data)
                if edit:
                    edit(name, root)
                data = serialize(root, pretty)
            out = name
            if case and name != "[Content_Types].xml":
                out = "/".join(s[:1].upper() + s[1:] for s in name.split("/"))
            zf.writestr(out, data)
    return dst


def test_what_is_no_content_keeps_the_key(tmp_path):
    base = content_key(CAMPUS)
    assert content_key(_rewrite(CAMPUS, tmp_path / "a.pptx", pretty=True)) == base
    assert content_key(_rewrite(CAMPUS, tmp_path / "b.pptx", order="reverse",
                                stored=True)) == base
    assert content_key(_rewrite(CAMPUS, tmp_path / "c.pptx", case=True)) == base


def _slide1_text(name, root):
    if name == "ppt/slides/slide1.xml":
        t = next(root.iter("{http://schemas.openxmlformats.org/drawingml/2006/main}t"))
        t.text = t.text + "x"


def _slide1_colour(name, root):
    if name == "ppt/slides/slide1.xml":
        from lxml import etree
        A = "{http://schemas.openxmlformats.org/drawingml/2006/main}"
        run = next(root.iter(A + "rPr"))
        fill = etree.SubElement(run, A + "solidFill")
        etree.SubElement(fill, A + "srgbClr", val="123456")
        run.insert(0, fill)


def test_a_text_changes_the_key_a_colour_only_the_whole_one(tmp_path):
    text = _rewrite(CAMPUS, tmp_path / "t.pptx", edit=_slide1_text)
    colour = _rewrite(CAMPUS, tmp_path / "c.pptx", edit=_slide1_colour)
    assert content_key(text, LAYOUT_INERT) != content_key(CAMPUS, LAYOUT_INERT)
    assert content_key(colour) != content_key(CAMPUS)
    assert content_key(colour, LAYOUT_INERT) == content_key(CAMPUS, LAYOUT_INERT)


def test_a_slide_edit_leaves_the_other_slides_and_the_shared_parts_alike(tmp_path):
    base = Keys.of(CAMPUS, LAYOUT_INERT)
    text = Keys.of(_rewrite(CAMPUS, tmp_path / "t.pptx", edit=_slide1_text), LAYOUT_INERT)
    assert base.units and [u for u, _ in base.units] == [str(n) for n in
                                                         range(1, len(base.units) + 1)]
    assert text.shared == base.shared
    differ = [label for (label, k), (_, bk) in zip(text.units, base.units) if k != bk]
    assert differ == ["1"]


def test_a_workbook_is_keyed_by_sheet_name():
    keys = Keys.of(REPO / "samples" / "excel-l1-grades" / "reference.xlsx")
    assert keys.units and all(label for label, _ in keys.units)
    assert Keys.of(REPO / "samples" / "word-l1-notice" / "reference.docx").units == []


# A rubric whose layout checks are read by most mutants: the slide's title and subtitle
# fit their boxes, next to checks of their fonts, fills and the other slides.
_RUBRIC = """<?xml version="1.0" encoding="UTF-8"?>
<rubric xmlns="urn:officeeval:rubric:1" id="shared-layouts" app="ppt" total="10" pass="6">
  <files input="{input}" reference="{reference}" output="output.pptx"/>
  <criterion id="c01" skill="font" points="3">
    <check select="slide[1]/title" property="font.size" expected="54pt"/>
    <check select="slide[1]/title" property="font.color" expected="蓝色"/>
    <check select="slide[1]/title" property="shape.text_fits" expected="true"/>
  </criterion>
  <criterion id="c02" skill="font" points="3">
    <check select="slide[1]/shape[text='创新 · 实践 · 分享']" property="font.spacing" expected="3pt"/>
    <check select="slide[1]/shape[text='创新 · 实践 · 分享']" property="shape.text_fits" expected="true"/>
  </criterion>
  <criterion id="c03" skill="picture" points="4">
    <check select="slide[3]/picture" property="shape.width" op="approx" expected="12cm" tolerance="0.1cm"/>
    <check select="slide" op="count" expected="&gt;=3"/>
  </criterion>
</rubric>
"""


@pytest.mark.slow
@pytest.mark.libreoffice
@pytest.mark.skipif(not recalc.available(), reason="LibreOffice (soffice) absent")
@pytest.mark.xfail(strict=False, reason="open (issue 35): in one run at load 12, the deck's "
                   "part-names equivalent (every part renamed) was unevaluable with shared "
                   "results and passed with a layout per mutant; that document takes the "
                   "whole-key path, so LibreOffice itself failed once on it: not explained yet")
def test_shared_layouts_give_the_verdicts_of_a_layout_per_mutant(tmp_path, monkeypatch):
    rubric = tmp_path / "shared-layouts.xml"
    rubric.write_text(_RUBRIC.format(input=REPO / "samples/ppt-l1-campus/input.pptx",
                                     reference=CAMPUS), encoding="utf-8")
    backends = recalc.backends(None)
    try:
        shared = audit_rubric(rubric, backends=backends)
        monkeypatch.setenv("OFFICEEVAL_AUDIT_SHARE", "0")
        full = audit_rubric(rubric, backends=backends)
    finally:
        backends.close()
    assert not shared.error and not full.error
    assert [m.to_dict() | {"seconds": 0} for m in shared.mutants] == \
        [m.to_dict() | {"seconds": 0} for m in full.mutants]
    assert [w.__dict__ for w in shared.lint] == [w.__dict__ for w in full.lint]
    assert shared.reference_score == full.reference_score == 10
