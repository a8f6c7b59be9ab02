"""LibreOffice results shared between an audit's documents: the keys tell apart what
LibreOffice reads differently and nothing else, and an audit graded with the shared results
gives the verdicts of one where every document went to LibreOffice."""

from __future__ import annotations

import hashlib
import zipfile
from pathlib import Path

import pytest

from officeeval import recalc
from officeeval.audit.runner import audit_rubric
from officeeval.audit.shared_results import (
    LAYOUT_INERT, Keys, PartlyShared, SharedResults, content_key,
)
from officeeval.audit.workspace import reindent, serialize
from officeeval.backends import Backends
from officeeval.errors import UnevaluableDocument
from officeeval.ooxml import repackage as RP
from officeeval.ooxml.xml import parse_xml
from officeeval.rendered import Rendered

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


def _renamed(src: Path, dst: Path) -> Path:
    """``src`` with every part renamed, as the audit's part-names equivalent writes it."""
    with zipfile.ZipFile(src) as zf:
        members = {i.filename: zf.read(i) for i in zf.infolist()}
    members = RP.rename_parts(members, RP.renamed_everything(members, set()))
    with zipfile.ZipFile(dst, "w") as zf:
        for name, data in members.items():
            zf.writestr(name, data)
    return dst


class _Office:
    """Stands in for LibreOffice: each layout names the main part of the package it was
    handed; ``failing`` makes the next layouts fail as a document LibreOffice died on."""

    def __init__(self) -> None:
        self.handed: list[list[str]] = []
        self.failing = False

    def layout(self, path: Path, mark_prefix: str = "") -> Rendered:
        with zipfile.ZipFile(path) as zf:
            names = sorted(zf.namelist())
        self.handed.append(names)
        if self.failing:
            raise UnevaluableDocument("LibreOffice stopped unexpectedly")
        main = next(n for n in names if n.startswith("ppt/presentation"))
        return Rendered("ppt", {"app": "ppt", "slides": [], "main": main}, Path(path).parent)


def test_a_renamed_deck_is_keyed_whole_apart_from_every_other_document(tmp_path):
    renamed = Keys.of(_renamed(CAMPUS, tmp_path / "r.pptx"), LAYOUT_INERT)
    text = Keys.of(_rewrite(CAMPUS, tmp_path / "t.pptx", edit=_slide1_text), LAYOUT_INERT)
    base = Keys.of(CAMPUS, LAYOUT_INERT)
    # ppt/presentation.xml is presentation_r.xml: no slide can be told, so no per-slide path.
    assert renamed.units == [] and renamed.shared == ""
    assert len({renamed.whole, text.whole, base.whole}) == 3


def test_a_renamed_deck_gets_its_own_layout_not_a_base_nor_a_remembered_failure(tmp_path):
    # The audit's order: the reference (a base), a slide edit answered per slide whose own
    # layout failed (remembered for its twins), then the part-names equivalent.
    office = _Office()
    layout = SharedResults(Backends(layout=office)).backends().layout
    assert layout.layout(CAMPUS).facts["main"] == "ppt/presentation.xml"
    edited = layout.layout(_rewrite(CAMPUS, tmp_path / "t.pptx", edit=_slide1_text))
    assert isinstance(edited, PartlyShared) and len(office.handed) == 1
    office.failing = True
    with pytest.raises(UnevaluableDocument):
        edited.page_count
    office.failing = False
    renamed = _renamed(CAMPUS, tmp_path / "r.pptx")
    got = layout.layout(renamed)
    assert not isinstance(got, PartlyShared) and got.facts["main"] == "ppt/presentation_r.xml"
    with zipfile.ZipFile(renamed) as zf:
        assert office.handed[-1] == sorted(zf.namelist()) and len(office.handed) == 3
    # Its twin (re-zipped, stored, reordered) is answered from it without LibreOffice.
    twin = _rewrite(renamed, tmp_path / "r2.pptx", order="reverse", stored=True)
    assert layout.layout(twin) is got and len(office.handed) == 3


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


class _OnceEach:
    """The real layout backend asked once per exact package (every member's name and
    bytes, in zip order; not the zip's dates): a document both audits send to LibreOffice
    gets its one answer, failure included, in both. LibreOffice does fail now and then on
    a document it lays out at other times (a run at load 12 had the part-names equivalent
    fail in one audit and pass in the other): what the audits are compared on is what the
    shared results answered from *other* documents (twins, the reference's slides) against
    each document's own layout. ``asked`` counts the requests of each audit."""

    def __init__(self, inner) -> None:
        self.inner = inner
        self.answers: dict[tuple[str, str], object] = {}
        self.asked: list[int] = []

    def layout(self, path: Path, mark_prefix: str = ""):
        self.asked[-1] += 1
        digest = hashlib.sha256()
        with zipfile.ZipFile(path) as zf:
            for info in zf.infolist():
                digest.update(info.filename.encode("utf-8") + b"\0"
                              + hashlib.sha256(zf.read(info)).digest())
        key = (digest.hexdigest(), mark_prefix)
        if key not in self.answers:
            try:
                self.answers[key] = self.inner.layout(path, mark_prefix)
            except UnevaluableDocument as exc:
                self.answers[key] = exc
        got = self.answers[key]
        if isinstance(got, UnevaluableDocument):
            raise got
        return got


@pytest.mark.slow
@pytest.mark.libreoffice
@pytest.mark.skipif(not recalc.available(), reason="LibreOffice (soffice) absent")
def test_shared_layouts_give_the_verdicts_of_a_layout_per_mutant(tmp_path, monkeypatch):
    rubric = tmp_path / "shared-layouts.xml"
    rubric.write_text(_RUBRIC.format(input=REPO / "samples/ppt-l1-campus/input.pptx",
                                     reference=CAMPUS), encoding="utf-8")
    real = recalc.backends(None)
    once = _OnceEach(real.layout)
    backends = Backends(recalc=real.recalc, layout=once)
    try:
        once.asked.append(0)
        shared = audit_rubric(rubric, backends=backends)
        monkeypatch.setenv("OFFICEEVAL_AUDIT_SHARE", "0")
        once.asked.append(0)
        full = audit_rubric(rubric, backends=backends)
    finally:
        real.close()
    assert not shared.error and not full.error
    # The sharing did answer documents without LibreOffice (else nothing is compared).
    assert 0 < once.asked[0] < once.asked[1]
    assert [m.to_dict() | {"seconds": 0} for m in shared.mutants] == \
        [m.to_dict() | {"seconds": 0} for m in full.mutants]
    assert [w.__dict__ for w in shared.lint] == [w.__dict__ for w in full.lint]
    assert shared.reference_score == full.reference_score == 10
