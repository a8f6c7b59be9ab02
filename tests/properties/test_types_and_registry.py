"""Value-type literal parsing and the property registry's rules."""

from __future__ import annotations

import pytest

from officeeval import vocabulary
from officeeval.errors import ValueParseError
from officeeval.catalog import catalog
from officeeval.properties import types as T
from officeeval.properties.registry import Registry
from officeeval.values import LineSpacing, Measure, ThemeColorRef


@pytest.mark.parametrize("vtype,literal,expected", [
    (T.BOOL, "是", True), (T.BOOL, "off", False), (T.BOOL, "1", True),
    (T.SIZE, "小四", Measure(12.0)), (T.LENGTH_CHARS, "2char", Measure(None, chars=2.0)),
    (T.LENGTH_LINES, "1.5line", Measure(None, lines=1.5)),
    (T.LINE_SPACING, "单倍行距", LineSpacing("multiple", 1.0)),
    (T.LINE_SPACING, "1.5 倍行距", LineSpacing("multiple", 1.5)),
    (T.LINE_SPACING, "2", LineSpacing("multiple", 2.0)),
    (T.LINE_SPACING, "最小值 12磅", LineSpacing("at_least", 12.0)),
    (T.COLOR, "accent1", ThemeColorRef("accent1")), (T.COLOR, "#00b050", "00B050"),
    (T.EnumType("underline"), "双下划线", "double"), (T.EnumType("wrap_type"), "四周型环绕", "square"),
    (T.EnumType("section_start"), "连续", "continuous"),
    (T.DURATION, "0.5秒", 0.5), (T.FUNCTIONS, "SUM|RANK", ["SUM", "RANK"]),
])
def test_literals_parse(vtype, literal, expected):
    assert vtype.parse(literal) == expected


@pytest.mark.parametrize("vtype,literal", [
    (T.BOOL, "maybe"), (T.SIZE, "large"), (T.SIZE, "2char"), (T.LENGTH_ABS, "2char"),
    (T.COLOR, "not-a-color"), (T.EnumType("alignment"), "sideways"), (T.LINE_SPACING, "lots"),
    (T.PAGE_SIZE, "A9000"), (T.BORDER, "zigzag 2pt"), (T.NUMBER, "inf"), (T.JSON, "{bad"),
])
def test_bad_literals_raise(vtype, literal):
    with pytest.raises(ValueParseError):
        vtype.parse(literal)


def test_registry_rejects_duplicates_and_undocumented_entries():
    reg = Registry()
    reg.define("x.y", T.TEXT, "A test property.")
    with pytest.raises(ValueError):
        reg.define("x.y", T.TEXT, "again")
    with pytest.raises(ValueError):
        reg.define("x.z", T.TEXT, "  ")
    reg.bind("x.y", "word", "paragraph", lambda t, c: None)
    with pytest.raises(ValueError):
        reg.bind("x.y", "word", "run", lambda t, c: None)
    with pytest.raises(ValueError):
        reg.bind("nope", "word", "run", lambda t, c: None)


def test_every_catalog_entry_is_documented_and_typed():
    for pdef in catalog().all():
        assert pdef.doc and pdef.vtype.description, pdef.name
    word = set(catalog().names("word"))
    for name in ("font.east_asia", "font.size", "paragraph.indent.first_line",
                 "paragraph.line_spacing", "page.margin.top", "columns.count", "header.text",
                 "footer.has_page_number", "section.start", "page_numbers.format"):
        assert name in word


def test_vocabularies_have_no_ambiguous_alias():
    for vocab in vocabulary.all_vocabularies().values():
        for token in vocab.tokens():
            assert vocab.canonical(token) == token
    assert vocabulary.style_key("标题 1") == vocabulary.style_key("Heading 1")
    assert vocabulary.style_key("正文") == vocabulary.style_key("normal")
    with pytest.raises(ValueError):
        vocabulary.Vocabulary("bad", {"a": ("x",), "b": ("X",)})


def test_only_types_that_never_read_the_graded_document_are_document_free():
    # Verdicts of a document-free type against a kept observation are remembered across
    # graded documents (scoring/memo.py): a type comparing theme colors (resolved against
    # the graded document's theme) must not be one, nor one made of them.
    from officeeval.properties.types.cells import CellValueType
    from officeeval.properties.types.colors import BorderType, ColorType
    from officeeval.properties.types.text import ListType, StyleNameType
    free = [T.TEXT, T.BOOL, T.NUMBER, CellValueType(), StyleNameType()]
    assert all(t.document_free for t in free)
    themed = [ColorType(), BorderType()]
    assert not any(t.document_free for t in themed)
    assert not ListType.document_free  # its items may be anything
    # A color against a theme slot resolves through the context the graded document gives.
    from officeeval.properties.types.base import CompareContext
    from officeeval.values import ThemeColorRef
    slot = ThemeColorRef("accent1")
    assert ColorType().equals("4472C4", slot, CompareContext(theme_color=lambda s: "4472C4"))
    assert not ColorType().equals("4472C4", slot, CompareContext(theme_color=lambda s: "ED7D31"))
