"""What grading keeps between and within documents never answers for another document: a
theme or master text style read once for every deck sharing the template's bytes, the
transition and background kept per slide only on read-only views, selections reused
across selectors of one deck."""

from __future__ import annotations

import shutil
from pathlib import Path

from lxml import etree

from officeeval.catalog import resolve
from officeeval.formats import open_document
from officeeval.ooxml.shared_trees import MIN_SHARED_BYTES
from officeeval.properties.registry import ResolveContext
from officeeval.selectors import select
from tests.ppt import pptxbuild as B

GRADING = {"shared_trees": True}  # what the Grader opens documents with
# Scripts padding the theme and master past the size from which trees are shared.
_PAD_FONTS = "".join(f'<a:font script="S{i:03d}" typeface="Pad Face {i}"/>' for i in range(90))
_PAD_SHAPES = "".join(B.textbox(100 + i, f"Pad {i}", B.para(f"pad {i}")) for i in range(12))


def _deck(path: Path, major: str, title_size: int, title: str, transition: str = "fade",
          bg: str = "") -> Path:
    theme = B.THEME.replace('<a:latin typeface="Calibri Light"/>',
                            f'<a:latin typeface="{major}"/>').replace(
        "</a:minorFont>", _PAD_FONTS + "</a:minorFont>")
    styles = B.TX_STYLES.replace('sz="4400"', f'sz="{title_size}"')
    slide = B.sld(B.ph_shape(2, "Title 1", 'type="title"', body=B.para(title)),
                  extra=f"<p:transition><p:{transition}/></p:transition>", c_sld_extra=bg)
    return B.build(path, [slide], theme=theme, tx_styles=styles,
                   master_shapes=B.MASTER_SHAPES + _PAD_SHAPES)


def _value(doc, selector: str, prop: str):
    (target,) = select(doc, selector)
    obs = resolve(prop, target, ResolveContext())
    return None if obs is None else obs.value


def test_decks_sharing_a_template_share_its_reading_and_others_keep_their_own(tmp_path):
    a = _deck(tmp_path / "a.pptx", "Alpha Light", 4400, "甲")
    b = _deck(tmp_path / "b.pptx", "Beta Light", 3200, "乙")
    a2 = _deck(tmp_path / "a2.pptx", "Alpha Light", 4400, "丙")  # another output, same template
    probe = open_document(a)
    try:
        master = probe.masters[0]
        theme_part = probe.package.related_one(master.part, "theme")
        assert probe.package.part_size(theme_part) >= MIN_SHARED_BYTES
        assert probe.package.part_size(master.part) >= MIN_SHARED_BYTES
    finally:
        probe.close()
    docs = [open_document(p, options=GRADING) for p in (a, b, a2, b)]
    try:
        # Interleaved, as a batch grades: each document's own theme and master styles.
        assert [_value(d, "slide[1]/title", "font.name") for d in docs] == \
            ["Alpha Light", "Beta Light", "Alpha Light", "Beta Light"]
        assert [_value(d, "slide[1]/title", "font.size") for d in docs] == [44.0, 32.0, 44.0,
                                                                            32.0]
        assert [_value(d, "slide[1]/title", "text") for d in docs] == ["甲", "乙", "丙", "乙"]
        da, db, da2, db2 = (d.masters[0] for d in docs)
        # Equal bytes: one tree, one reading of the theme; other bytes: their own.
        assert da.theme is da2.theme and db.theme is db2.theme and da.theme is not db.theme
        assert da.theme.major.latin == "Alpha Light" and db.theme.major.latin == "Beta Light"
    finally:
        for d in docs:
            d.close()


def test_an_edited_view_reads_transitions_and_backgrounds_as_they_are_now(tmp_path):
    red = ('<p:bg><p:bgPr><a:solidFill><a:srgbClr val="FF0000"/></a:solidFill>'
           '<a:effectLst/></p:bgPr></p:bg>')
    path = _deck(tmp_path / "a.pptx", "Alpha Light", 4400, "甲", bg=red)
    doc = open_document(path)  # no shared trees: a view the audit's writers edit
    try:
        assert _value(doc, "slide[1]", "transition.type") == "fade"
        assert _value(doc, "slide[1]", "slide.background.color") == "FF0000"
        root = doc.slides[0].sheet.root
        ns = {"p": B.NS.split('xmlns:p="')[1].split('"')[0],
              "a": "http://schemas.openxmlformats.org/drawingml/2006/main"}
        fade = root.find("p:transition/p:fade", ns)
        fade.getparent().replace(fade, etree.Element(f"{{{ns['p']}}}push"))
        root.find("p:cSld/p:bg//a:srgbClr", ns).set("val", "00FF00")
        assert _value(doc, "slide[1]", "transition.type") == "push"
        assert _value(doc, "slide[1]", "slide.background.color") == "00FF00"
    finally:
        doc.close()


def test_a_read_only_view_reads_them_once_per_slide(tmp_path):
    path = _deck(tmp_path / "a.pptx", "Alpha Light", 4400, "甲", transition="push")
    copy = tmp_path / "copy.pptx"
    shutil.copy(path, copy)
    one, two = open_document(path, options=GRADING), open_document(copy, options=GRADING)
    try:
        (s1,), (s2,) = select(one, "slide[1]"), select(two, "slide[1]")
        first = resolve("transition.type", s1, ResolveContext())
        assert first.value == "push"
        from officeeval.ppt.resolvers_timing import _transition
        assert _transition(s1) is _transition(s1)  # kept on the slide
        assert _transition(s2) is not _transition(s1)  # never on another document's
        assert _transition(s2) == _transition(s1)
    finally:
        one.close(), two.close()


def test_slides_named_by_title_pair_each_deck_with_its_own_slides(tmp_path):
    def deck(path: Path, titles: list[str]) -> Path:
        return B.build(path, [B.sld(B.ph_shape(2, "Title 1", 'type="title"',
                                               body=B.para(t))) for t in titles])
    first = open_document(deck(tmp_path / "1.pptx", ["甲", "乙"]), options=GRADING)
    second = open_document(deck(tmp_path / "2.pptx", ["乙", "甲"]), options=GRADING)
    try:
        for doc, want in ((first, "slide[1]"), (second, "slide[2]"), (first, "slide[1]")):
            assert [t.locator for t in select(doc, "slide[title='甲']")] == [want]
            # Shares its first step with the selector above: the kept slide of this deck.
            got = select(doc, "slide[title='甲']/title")
            assert [t.locator for t in got] == [f"{want}/shape[name='Title 1']"]
            assert all(t.doc is doc for t in got)
            assert _value(doc, "slide[title='甲']/title", "text") == "甲"
    finally:
        first.close(), second.close()
