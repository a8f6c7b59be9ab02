"""Where properties live (issue 33): every resolver's and writer's module writes its
property's name (a name built by a loop, an f-string or a factory cannot be searched for),
and no property is spread over more source files than ``tests/property_files.json`` records
(a ratchet: moving a property's policy onto its definition lowers the record with
``python tests/property_files.py --record``; nothing may raise it)."""

from __future__ import annotations

import ast
import json

import pytest

import property_files as pf


@pytest.fixture(scope="module")
def measured():
    return pf.measure()


def test_every_resolver_and_writer_writes_its_propertys_name(measured):
    _, problems = measured
    assert problems == []


def test_no_property_spreads_over_more_files_than_recorded(measured):
    table, _ = measured
    record = json.loads(pf.RATCHET.read_text(encoding="utf-8"))
    spread = {f"{name} ({app})": (len(files), record.get(name, {}).get(app))
              for name, apps in table.items() for app, files in apps.items()
              if record.get(name, {}).get(app) is None
              or len(files) > record[name][app]}
    assert spread == {}, "(files now, files recorded); a new property is recorded with --record"


def test_a_property_is_one_declaration_per_application(measured):
    """Issue 33's goal: for a median property an application implements and names it in one
    file (its definition: reader, writer and policy side by side), and none is spread over
    more than three."""
    import statistics
    table, _ = measured
    for app in ("word", "excel", "ppt"):
        counts = [len(apps[app]) for apps in table.values() if app in apps]
        assert counts and statistics.median(counts) == 1, app
        worst = {name: apps[app] for name, apps in table.items()
                 if app in apps and len(apps[app]) > 3}
        assert worst == {}, app


def _names(src: str) -> set[str]:
    return pf._named_in(ast.parse(src), {"font.bold", "text", "count"})


@pytest.mark.parametrize("src, found", [
    ('P = "font.bold"', {"font.bold"}),
    ('x = "text"', set()),                           # a common word, not a property
    ('S = {"text", "cell.text", "font.bold"}', {"text", "font.bold"}),
    ('ok = prop == "text"', {"text"}),
    ('@prop("text", T.TEXT, kinds=K)\ndef f(t, c): ...', {"text"}),
    ('n = f"font.{w}"', set()),                      # built: not found by a search
    ('"""A docstring naming font.bold."""', set()),  # prose, not a name
])
def test_a_name_counts_where_the_code_uses_it_as_a_property_name(src, found):
    assert _names(src) == found


def test_an_application_file_counts_for_its_application_only():
    assert pf._app_of("officeeval/word/props_font.py") == "word"
    assert pf._app_of("officeeval/audit/mutators/ppt_more.py") == "ppt"
    assert pf._app_of("officeeval/draft/asked.py") is None
