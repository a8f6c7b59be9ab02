"""What docs/extending.md claims of its examples holds (issue 33: each claim of the page is
checked by a test or by tests/property_files.py)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import property_files as pf
from officeeval.catalog import catalog
from officeeval.properties import types as T
from officeeval.properties.mistakes import Breaks, flip, tab_stop_values

ROOT = Path(__file__).resolve().parents[1]
DOC = (ROOT / "docs" / "extending.md").read_text(encoding="utf-8")


def _module_of(fn) -> str:
    import sys
    return pf._relative(sys.modules[fn.__module__])


@pytest.fixture(scope="module")
def registry():
    return catalog().load_writers()


@pytest.mark.parametrize("block_start, path", [
    ('@prop("paragraph.widow_control", T.BOOL, kinds=PARA_KINDS, breaks=flip)',
     "officeeval/word/props_paragraph.py"),
    ('@writes("paragraph.widow_control", PARA, "widowControl")',
     "officeeval/word/props_paragraph.py"),
    ('@binds("font.bold", kinds=CELL,', "officeeval/excel/resolve_cell_format.py"),
    ('plan=Plan("hf_text", which="header"),', "officeeval/word/props_headers.py"),
    ('@prop("sheet.used_range", X.REF, kinds=SHEET,', "officeeval/excel/resolve_sheets.py"),
    ('class TabStopsType(ValueType):', "officeeval/properties/types/tabs.py"),
])
def test_each_quoted_declaration_is_in_the_file_the_page_names(block_start, path):
    assert block_start in DOC
    assert block_start in (ROOT / path).read_text(encoding="utf-8")


def test_the_example_property_is_one_declaration_in_one_file(registry):
    binding = registry.get("paragraph.widow_control").bindings["word"]
    assert binding.breaks is not None and binding.breaks.values is flip
    module = _module_of(binding.fn)
    assert module == "officeeval/word/props_paragraph.py"
    assert pf._writer_modules()[("word", "paragraph.widow_control")] == [module]
    table, _ = pf.measure()
    assert table["paragraph.widow_control"] == {"word": [module]}


def test_the_reader_only_example_has_its_reason_and_its_pin(registry):
    binding = registry.get("sheet.used_range").bindings["excel"]
    assert binding.writer is None
    assert binding.read_only == "computed from the cells that hold something: write cell values"
    pins = (ROOT / "tests" / "properties" / "test_writers.py").read_text(encoding="utf-8")
    assert '("excel", "sheet.used_range")' in pins
    golden = (ROOT / "tests" / "properties" / "test_golden_coverage.py").read_text(
        encoding="utf-8")
    assert '("excel", "sheet.used_range")' in golden


def test_the_value_type_example(registry):
    pdef = registry.get("paragraph.tab_stops")
    assert isinstance(T.TAB_STOPS, T.TabStopsType) and pdef.vtype is T.TAB_STOPS
    binding = pdef.bindings["word"]
    assert binding.breaks == Breaks(tab_stop_values)
    module = _module_of(binding.fn)
    assert module == "officeeval/word/tab_stops.py"
    assert pf._writer_modules()[("word", "paragraph.tab_stops")] == [module]


def test_the_files_the_page_names_exist():
    named = set(re.findall(r"`((?:officeeval|tests|docs)/[\w/.]+\.(?:py|md|json))`", DOC))
    missing = sorted(n for n in named if not (ROOT / n).exists())
    assert missing == []


def test_the_policy_example_is_data_the_audit_and_draft_read(registry):
    from officeeval.audit.mutators import for_app
    from officeeval.properties.mistakes import Plan
    pdef = registry.get("header.text")
    assert pdef.bindings["word"].plans == (Plan("hf_text", which="header"),)
    assert "hf_text" in for_app("word").KINDS
    assert pdef.typed_text and pdef.drafting("word").called == ("页眉",)
    for app in ("word", "ppt", "excel"):
        assert isinstance(for_app(app).KINDS, dict) and for_app(app).KINDS
