"""One switch on the application: ``AppSpec`` (``officeeval/apps.py``).

Code outside ``apps.py`` and the format packages (``word/``, ``excel/``, ``ppt/``, which
are one application each) never compares an application's name: what differs per
application is data or a hook on ``AppSpec`` (``has_step``, ``recalculates``, the
extension, the title), or a table keyed by app name read through ``apps.by_app``, which
raises on an app it has no entry for instead of falling back to one of them. Read from the
source with ``ast``; nothing is imported for the scan.
"""

from __future__ import annotations

import ast
from pathlib import Path
from types import SimpleNamespace

import pytest

from officeeval import apps

ROOT = Path(__file__).resolve().parents[1] / "officeeval"
NAMES = set(apps.names())
# An application's own package speaks of it by name (``type_for("ppt")`` in a slide's
# resolver); ``apps.py`` defines the names.
OWN = {ROOT / "apps.py", ROOT / "word", ROOT / "excel", ROOT / "ppt"}


def _scanned() -> list[Path]:
    return sorted(p for p in ROOT.rglob("*.py")
                  if not any(p == o or o in p.parents for o in OWN))


def _app_literal(node: ast.AST) -> bool:
    if isinstance(node, ast.Constant):
        return node.value in NAMES
    if isinstance(node, (ast.Tuple, ast.List, ast.Set)):
        return any(_app_literal(e) for e in node.elts)
    return False


def _app_keyed(node: ast.AST) -> bool:
    return isinstance(node, ast.Dict) and any(
        isinstance(k, ast.Constant) and k.value in NAMES for k in node.keys)


def _is_apps_table(node: ast.AST) -> bool:
    return (isinstance(node, ast.Name) and node.id == "APPS") or (
        isinstance(node, ast.Attribute) and node.attr == "APPS")


def switches(source: str) -> list[tuple[int, str]]:
    """(line, what) of every switch on an application's name in ``source``: a comparison
    with an app name literal (``app == "word"``, ``app in ("excel", "ppt")``), ``.get`` on
    ``APPS`` (a silent default), and a table keyed by app names read in place
    (``{"word": …}[app]``, ``{"word": …}.get(app)``) instead of through ``apps.by_app``."""
    out = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Compare):
            if any(_app_literal(x) for x in (node.left, *node.comparators)):
                out.append((node.lineno, "compares an app name"))
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) \
                and node.func.attr == "get":
            if _is_apps_table(node.func.value):
                out.append((node.lineno, "APPS.get"))
            elif _app_keyed(node.func.value):
                out.append((node.lineno, "an app-keyed table's .get"))
        elif isinstance(node, ast.Subscript):
            if _app_keyed(node.value):
                out.append((node.lineno, "an app-keyed table indexed in place"))
            elif _is_apps_table(node.value):
                out.append((node.lineno, "APPS[...] (use apps.app)"))
    return out


def test_nothing_outside_apps_and_the_formats_switches_on_an_app_name():
    found = [f"{p.relative_to(ROOT.parent)}:{line}: {what}" for p in _scanned()
             for line, what in switches(p.read_text("utf-8"))]
    assert found == []


def test_the_scan_covers_the_packages_that_used_to_switch():
    scanned = {p.relative_to(ROOT).as_posix() for p in _scanned()}
    assert {"draft/changes.py", "runner/pages.py", "rendered.py", "outline/__init__.py",
            "recalc/pages.py", "selectors/evaluate.py"} <= scanned
    assert not any(s.startswith(("word/", "excel/", "ppt/")) or s == "apps.py"
                   for s in scanned)


@pytest.mark.parametrize("source, expected", [
    ('if doc.app == "word":\n    pass\n', [(1, "compares an app name")]),
    ('ok = "ppt" != app\n', [(1, "compares an app name")]),
    ('ok = app in ("word", "excel")\n', [(1, "compares an app name")]),
    ('ok = facts.get("app") not in ("word", "excel", "ppt")\n', [(1, "compares an app name")]),
    ('spec = apps.APPS.get(app, WORD)\n', [(1, "APPS.get")]),
    ('spec = APPS.get(app)\n', [(1, "APPS.get")]),
    ('ext = apps.APPS[app].extension\n', [(1, "APPS[...] (use apps.app)")]),
    ('ext = {"word": ".docx", "ppt": ".pptx"}[app]\n',
     [(1, "an app-keyed table indexed in place")]),
    ('m = {"word": a, "excel": b}.get(app)\n', [(1, "an app-keyed table's .get")]),
    # Not switches: a variable compared with another, a table read through the helper,
    # a kind compared, an app name passed as an argument.
    ('ok = doc.app != app\n', []),
    ('f = apps.by_app({"word": a, "excel": b, "ppt": c}, app)\n', []),
    ('ok = kind == "document"\n', []),
    ('w = writer("font.italic", "word")\n', []),
])
def test_the_scan_finds_each_form_of_switch(source, expected):
    assert switches(source) == expected


# --------------------------------------------------------------- unknown apps raise

def test_by_app_names_the_known_apps_for_an_unknown_one():
    with pytest.raises(KeyError, match=r"unknown app 'visio' \(known: word, excel, ppt\)"):
        apps.by_app({"word": 1, "excel": 2, "ppt": 3}, "visio")


def test_by_app_says_which_known_app_a_table_lacks():
    with pytest.raises(KeyError, match=r"no entry for app 'word' \(known: word, excel, ppt; "
                                       r"the table has: excel, ppt\)"):
        apps.by_app({"excel": 2, "ppt": 3}, "word")
    assert apps.by_app({"excel": 2, "ppt": 3}, "ppt") == 3


def test_has_step_and_recalculates_are_each_apps_own():
    assert [a for a in apps.names() if apps.app(a).has_step("slide")] == ["ppt"]
    assert [a for a in apps.names() if apps.app(a).has_step("sheet")] == ["excel"]
    assert [a for a in apps.names() if apps.app(a).has_step("section")] == ["word"]
    assert [a for a in apps.names() if apps.app(a).recalculates] == ["excel"]


def _doc(app: str):
    return SimpleNamespace(app=app, close=lambda: None)


def test_anchors_of_an_unknown_app_raise_instead_of_reading_slides():
    from officeeval.draft.anchors import anchors
    with pytest.raises(KeyError, match="unknown app 'visio'"):
        anchors(_doc("visio"))


def test_draft_tables_raise_for_an_unknown_app():
    from officeeval.draft.changes import Diff, properties_for
    from officeeval.draft.preservation import preservation_criteria
    with pytest.raises(KeyError, match="unknown app 'visio'"):
        properties_for("visio", "paragraph")
    with pytest.raises(KeyError, match="unknown app 'visio'"):
        preservation_criteria(Diff([], [], [], [], []), _doc("visio"), _doc("visio"))


def test_the_outline_of_an_unknown_app_raises_instead_of_reading_slides(monkeypatch):
    import officeeval.outline as outline
    monkeypatch.setattr(outline, "open_document", lambda path, options: _doc("visio"))
    with pytest.raises(KeyError, match="unknown app 'visio'"):
        outline.outline("x.vsdx")


def test_pages_of_an_unknown_app_are_none_and_never_a_presentations(tmp_path):
    from officeeval.runner.pages import PAGES, keep_pages
    with pytest.raises(KeyError, match="unknown app 'visio'"):
        apps.by_app(PAGES, "visio")
    assert keep_pages(_doc("visio"), None, None, tmp_path) is False
    assert list(tmp_path.iterdir()) == []


def test_the_app_title_of_an_unknown_app_raises():
    from officeeval.generation.prompts import app_title
    assert app_title("ppt") == "PowerPoint"
    with pytest.raises(KeyError, match="unknown app 'visio'"):
        app_title("visio")


def test_mutator_tables_raise_for_an_app_they_lack():
    from officeeval.audit.mutators import for_app
    with pytest.raises(KeyError, match="unknown app 'visio'"):
        for_app("visio")


def test_an_unknown_app_is_a_selector_issue_naming_the_known_apps():
    from officeeval.selectors.evaluate import validate_selector
    assert validate_selector("slide", "visio") == (
        [(1, "unknown app 'visio' (known: word, excel, ppt)")], None)


@pytest.mark.parametrize("facts, pages", [
    ({"app": "word", "pages": 3, "pdf_pages": 4}, 3),       # Word's count, not the PDF's
    ({"app": "excel", "sheets": [{"pages": 2}, {"pages": 1}], "pdf_pages": 9}, 3),
    ({"app": "ppt", "slides": [[], []], "pdf_pages": 2}, 2),
])
def test_a_layouts_page_count_is_what_it_counted(facts, pages):
    from officeeval.rendered import Rendered
    assert Rendered(facts["app"], facts, Path(".")).page_count == pages
