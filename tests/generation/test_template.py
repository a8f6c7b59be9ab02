"""Prompt templates: the shipped ones parse and render, the header and sections are
checked, undefined variables are errors, and the identity changes with the text."""

from __future__ import annotations

import pytest

from officeeval.generation.template import (TemplateProblem, load_template, parse_template,
                                            render_text)

MINIMAL = """# a comment
id: mine
version: 3
lang: en

=== user ===
Do {{ task }}.
"""


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_shipped_templates_have_every_section(lang):
    t = load_template(None, lang)
    assert t.id == f"officeeval-default-{lang}" and t.version == "2" and t.lang == lang
    assert set(t.sections) == {"system", "user", "feedback"}
    assert len(t.sha256) == 64


def test_a_minimal_template():
    t = parse_template(MINIMAL, "mine.txt")
    assert (t.id, t.version, t.lang, list(t.sections)) == ("mine", "3", "en", ["user"])
    assert t.render("user", {"task": "x"}) == "Do x.\n"
    assert t.identity == {"id": "mine", "version": "3", "sha256": t.sha256}
    assert parse_template(MINIMAL.replace("Do", "Make"), "m").sha256 != t.sha256


@pytest.mark.parametrize("text, message", [
    ("version: 1\n=== user ===\nx", "needs 'id"),
    ("id: a\n=== user ===\nx", "needs 'version"),
    ("id: a\nversion: 1\n=== system ===\nx", "needs a '=== user ==='"),
    ("id: a\nversion: 1\n=== user ===\nx\n=== user ===\ny", "line 5: section 'user' appears twice"),
    ("id: a\nversion: 1\n=== answer ===\nx", "line 3: unknown section 'answer'"),
    ("id: a\nversion: 1\nthis is not a header\n=== user ===\nx", "line 3: expected"),
])
def test_malformed_templates_name_the_problem(text, message):
    with pytest.raises(TemplateProblem, match=message.replace("(", r"\(").replace("[", r"\[")):
        parse_template(text, "t.txt")


def test_an_undefined_variable_is_an_error_not_an_empty_string():
    t = parse_template(MINIMAL.replace("{{ task }}", "{{ taks }}"), "t.txt")
    with pytest.raises(TemplateProblem, match="taks"):
        t.render("user", {"task": "x"})


def test_a_missing_section_is_an_error():
    with pytest.raises(TemplateProblem, match="feedback"):
        parse_template(MINIMAL, "t").render("feedback", {})


def test_templates_render_in_a_sandbox():
    with pytest.raises(TemplateProblem, match="SecurityError|unsafe"):
        render_text("{{ x.__class__.__mro__ }}", {"x": 1}, "t")


def test_blank_runs_are_squeezed():
    assert render_text("a\n\n\n\nb   \n", {}, "t") == "a\n\nb\n"


def test_unreadable_and_unknown_templates(tmp_path):
    with pytest.raises(TemplateProblem, match="cannot read"):
        load_template(tmp_path / "nope.txt")
    with pytest.raises(TemplateProblem, match="language 'fr'"):
        load_template(None, "fr")
    p = tmp_path / "t.txt"
    p.write_text(MINIMAL, encoding="utf-8")
    assert load_template(p).origin == str(p)
