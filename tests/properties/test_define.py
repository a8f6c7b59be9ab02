"""Defining properties where they are read: the decorators' rules and the registry built
from every application's property sets."""

from __future__ import annotations

import subprocess
import sys

import pytest

from officeeval import apps
from officeeval.catalog import build, catalog
from officeeval.properties import types as T
from officeeval.properties.define import PropertySet, catalog_text
from officeeval.properties.registry import Registry
from officeeval.properties.writing import WriterSet


def _registry(**sets: tuple[PropertySet, ...]) -> Registry:
    reg = Registry()
    for app, s in sets.items():
        reg.add_app(app, s)
    return reg.finish()


def test_the_docstring_first_paragraph_is_the_catalog_text():
    props = PropertySet()

    @props.prop("x.flag", T.BOOL, kinds="paragraph")
    def flag(target, ctx):
        """Keep together (段中不分页): every line of the
        paragraph on one page.

        Implementation notes for readers of the code, not the catalog."""

    reg = _registry(word=(props,))
    pdef = reg.get("x.flag")
    assert pdef.doc == "Keep together (段中不分页): every line of the paragraph on one page."
    assert pdef.vtype is T.BOOL and pdef.bindings["word"].fn is flag
    assert pdef.bindings["word"].kinds == frozenset({"paragraph"})
    assert catalog_text(None) == ""


def test_a_property_without_documentation_is_refused():
    props = PropertySet()
    with pytest.raises(ValueError, match="no documentation"):
        @props.prop("x.undocumented", T.TEXT, kinds="run")
        def undocumented(target, ctx):
            return None


def test_a_shared_name_is_defined_once_and_bound_elsewhere_with_its_own_type():
    word, excel = PropertySet(), PropertySet()

    @word.prop("x.width", T.LENGTH_ABS, kinds="column")
    def word_width(target, ctx):
        """Column width."""

    @excel.binds("x.width", kinds="column", vtype=T.NUMBER)
    def excel_width(target, ctx):
        return None

    # Excel listed first: the binding waits for the definition, whatever the order.
    reg = Registry()
    reg.add_app("excel", (excel,))
    reg.add_app("word", (word,))
    reg.finish()
    pdef = reg.get("x.width")
    assert pdef.doc == "Column width." and set(pdef.bindings) == {"excel", "word"}
    assert pdef.type_for("word") is T.LENGTH_ABS and pdef.type_for("excel") is T.NUMBER


def test_two_definitions_of_one_name_are_refused_naming_both():
    a, b = PropertySet(), PropertySet()

    @a.prop("x.bold", T.BOOL, kinds="run")
    def bold_a(target, ctx):
        """Bold."""

    @b.prop("x.bold", T.BOOL, kinds="run")
    def bold_b(target, ctx):
        """Bold, again."""

    with pytest.raises(ValueError, match=r"defined twice \(.*bold_a and .*bold_b\)"):
        _registry(word=(a,), ppt=(b,))


def test_a_binding_without_definition_and_two_resolvers_in_one_app_are_refused():
    orphan = PropertySet()

    @orphan.binds("x.nowhere", kinds="run")
    def nowhere(target, ctx):
        return None

    with pytest.raises(ValueError, match="which no @prop defines"):
        _registry(word=(orphan,))
    one, two = PropertySet(), PropertySet()

    @one.prop("x.size", T.SIZE, kinds="run")
    def size(target, ctx):
        """Size."""

    @two.binds("x.size", kinds="paragraph")
    def size_again(target, ctx):
        return None

    with pytest.raises(ValueError, match="two word resolvers"):
        _registry(word=(one, two))


def test_writers_attach_to_their_app_binding_and_are_checked():
    props, writers = PropertySet(), WriterSet()

    @props.prop("x.keep", T.BOOL, kinds="paragraph")
    def keep(target, ctx):
        """Keep."""

    @writers.writer("x.keep")
    def write_keep(session, target, value):
        return "written"

    reg = _registry(word=(props,))
    reg.add_writers("word", (writers,))
    assert reg.writer("x.keep", "word").write is write_keep
    assert reg.writer("x.keep", "excel") is None
    with pytest.raises(ValueError, match="two word writers"):
        reg.add_writers("word", (writers,))
    stray = WriterSet()
    stray.writer("x.keep")(write_keep)
    with pytest.raises(ValueError, match="has no excel resolver"):
        reg.add_writers("excel", (stray,))


def test_a_writer_declared_with_its_resolver_is_its_apps_writer():
    props = PropertySet()

    def write_keep(session, target, value):
        return "written"

    @props.prop("x.keep", T.BOOL, kinds="paragraph", writer=write_keep)
    def keep(target, ctx):
        """Keep."""

    reg = _registry(word=(props,))
    assert reg.writer("x.keep", "word").write is write_keep
    again = WriterSet()
    again.writer("x.keep")(write_keep)
    with pytest.raises(ValueError, match="two word writers"):
        reg.add_writers("word", (again,))
    frozen = PropertySet()
    frozen.prop("x.sum", T.NUMBER, kinds="cell", doc="A sum.", read_only="computed",
                writer=write_keep)(lambda target, ctx: None)
    with pytest.raises(ValueError, match="read-only"):
        _registry(word=(frozen,))


def test_the_catalog_is_built_from_the_apps_in_their_order():
    reg = build()
    assert [a for a in apps.names()] == ["word", "excel", "ppt"]
    bold = reg.get("font.bold")
    assert bold.apps() == ["word", "excel", "ppt"]
    # Shared names live where their documentation is: font.bold in Word's font module,
    # chart names in their format-neutral family (which every app binds), shape geometry
    # in PowerPoint's.
    assert bold.bindings["word"].where.startswith("officeeval.word.props_font.")
    assert {b.where for b in reg.get("chart.type").bindings.values()} == {
        "officeeval.properties.charts.chart_type"}
    assert reg.get("shape.geometry").bindings["ppt"].where.startswith(
        "officeeval.ppt.resolvers_shape.")
    assert reg.get("count").bindings == {}
    assert catalog() is catalog()


def _lazy_sets():
    """Three apps: ``word`` defines ``x.bold``, ``excel`` binds it and defines ``x.width``,
    ``ppt`` binds ``x.width``; the loaders count their calls."""
    word, excel, ppt = PropertySet(), PropertySet(), PropertySet()

    @word.prop("x.bold", T.BOOL, kinds="run", aliases=("x.strong",))
    def word_bold(target, ctx):
        """Bold."""

    @excel.binds("x.bold", kinds="cell")
    def excel_bold(target, ctx):
        return None

    @excel.prop("x.width", T.NUMBER, kinds="column")
    def excel_width(target, ctx):
        """Width."""

    @ppt.binds("x.width", kinds="shape")
    def ppt_width(target, ctx):
        return None

    calls: list[str] = []
    reg = Registry()
    for app, s in (("word", word), ("excel", excel), ("ppt", ppt)):
        reg.add_app_later(app, lambda app=app, s=s: calls.append(app) or (s,))
    return reg, calls


def test_an_app_left_for_later_loads_when_asked_for_and_only_then():
    reg, calls = _lazy_sets()
    assert calls == []
    reg.ensure("word").ensure("word")
    assert calls == ["word"]
    assert set(reg.get("x.bold").bindings) == {"word"}
    assert reg.get("x.strong") is reg.get("x.bold") and calls == ["word"]
    held = reg.get("x.bold").bindings
    reg.ensure("excel")
    assert calls == ["word", "excel"]
    # Bindings stay in the apps' order; a dict a caller held is never emptied meanwhile.
    assert reg.get("x.bold").apps() == ["word", "excel"]
    assert "word" in held


def test_a_binding_waits_for_its_definition_in_an_app_not_yet_loaded():
    reg, calls = _lazy_sets()
    reg.ensure("ppt")  # binds x.width, which Excel defines: not yet known
    assert calls == ["ppt"]
    width = reg.get("x.width")  # a name no loaded app defines loads the others
    assert calls == ["ppt", "word", "excel"]
    assert width.apps() == ["excel", "ppt"] and width.doc == "Width."
    assert reg.get("x.nothing") is None


def test_listing_the_catalog_loads_every_app_whatever_the_order():
    reg, calls = _lazy_sets()
    reg.ensure("excel")
    assert reg.names("ppt") == ["x.width"]
    assert sorted(calls) == ["excel", "ppt", "word"]
    assert reg.get("x.bold").apps() == ["word", "excel"]
    assert [p.name for p in reg.all()] == ["x.bold", "x.width"]


def test_a_broken_app_left_for_later_is_refused_when_the_last_app_loads():
    orphan = PropertySet()

    @orphan.binds("x.nowhere", kinds="run")
    def nowhere(target, ctx):
        return None

    reg = Registry()
    reg.add_app_later("word", lambda: (orphan,))
    reg.add_app_later("ppt", lambda: ())
    reg.ensure("word")  # may still be defined by ppt
    with pytest.raises(ValueError, match="which no @prop defines"):
        reg.ensure("ppt")


def test_the_catalog_of_one_app_loads_only_that_apps_property_modules():
    # In a fresh process: the test session has loaded every app already.
    code = ("import sys\n"
            "from officeeval.catalog import catalog\n"
            "reg = catalog('word')\n"
            "assert reg.get('font.bold').bindings['word']\n"
            "assert reg.get('paragraph.alignment').type_for('word')\n"
            "print(sorted({m.split('.')[1] for m in sys.modules\n"
            "              if m.startswith(('officeeval.excel.', 'officeeval.ppt.',\n"
            "                               'officeeval.word.'))}))\n")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True, timeout=120).stdout
    assert out.strip() == "['word']"


def test_an_unknown_app_is_an_error_not_an_empty_table():
    with pytest.raises(KeyError, match="unknown app 'wrod'"):
        apps.app("wrod")


def test_an_apps_writers_attach_when_its_catalog_alone_is_loaded():
    # Word writes names other applications define (cell borders, Excel's): asking for a
    # writer with only Word loaded attaches every Word writer, those included.
    reg = build().ensure("word")
    assert reg.writer("font.bold", "word") is not None
    assert reg.writer("cell.border.top", "word") is not None
    assert reg.get("cell.border.top").apps() == ["word", "excel"]


def test_the_writer_modules_are_the_property_modules_with_a_writer_set():
    import importlib
    for spec in apps.APPS.values():
        for module in spec.property_modules:
            has = hasattr(importlib.import_module(module), "WRITERS")
            assert has == (module in spec.writer_modules), module
        assert spec.layout_module in spec.property_modules
