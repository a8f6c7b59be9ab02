"""The import graph of ``officeeval/``: every package placed in a layer, no import from a
lower layer to a higher one, no cycle.

The layers are those of docs/architecture.md (the package map): a unit imports only from
its own layer's base and from the layers listed before it. Every ``import`` counts — at
module level or inside a function (a lazy import is still a dependency) — except those
under ``if TYPE_CHECKING:`` (annotations only). Read from the source with ``ast``; nothing
is imported.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1] / "officeeval"

# Base modules: usable by every layer; they import only one another. ``writing`` is the
# writers' protocol (``properties/writing.py``: ``Session``, ``WriterSet``,
# ``NotApplicable``), which the format-neutral writers in ``ooxml/`` use as the views do.
BASE = {"errors", "values", "targets", "vocabulary", "cache", "version", "backends",
        "writing", "rendered"}

# Layers, lowest first. A unit may import base modules, units of earlier layers and units
# of its own layer (without a cycle), never a later layer. ``SIBLINGS`` below must not
# import one another at all.
LAYERS: list[set[str]] = [
    {"ooxml"},                                  # packages, parts, XML, units
    # The property model: value types, the ``@prop`` decorator and the registry's classes,
    # writers' model. The format packages define their properties with it.
    {"properties"},
    {"word", "excel", "ppt"},                   # read-only views + resolvers per format
    # Over the views: the selector grammar, predicates and each app's steps; comparators;
    # ``recalc``, a service (LibreOffice) that no view may import (placed here, a view's
    # import of it is a violation).
    {"selectors", "comparators", "recalc"},
    # One ``AppSpec`` per application: its view, property and writer modules, selector
    # steps, vocabularies.
    {"apps"},
    # What needs the applications: the property catalog built from them, ``formats``
    # (which view opens a file), and selection (``selectors.select``: the app's steps).
    {"catalog", "formats", "selection"},
    {"rubric"},                                 # rubric model + loader
    # Grading and the read-only tools beside it: ``inspection`` (query/inspect) and
    # ``outline`` (what the generation prompt shows of an input document) read documents
    # through the catalog as scoring does, and nothing below imports them.
    {"scoring", "inspection", "outline"},
    # Users of scoring: the batch runner, and the rubric audit (which grades mutants).
    {"runner", "audit"},
    # Users of the runner: analysis of a batch's store; ``generation`` asks models for
    # programs and grades them through the runner; ``service`` (the HTTP server) grades
    # with a Grader per worker.
    # ``draft`` proposes rubrics from documents and audits them.
    {"analysis", "generation", "service", "draft"},
    # Agent mode: tool conversations in a persistent sandboxed folder, asked through the
    # generation client's policy, the tasks and sandbox of the runner.
    {"agent"},
    # The benchmark as Inspect AI tasks, solvers, scorer and sandbox (the agent's tools and
    # folder, the runner's grading).
    {"inspect"},
    {"report"},                                 # reports over the analysis
    # The commands; the package's lazy API; ``client``, the HTTP client of ``serve`` (for
    # reward functions in other programs: it imports only ``errors``, tested below).
    {"cli", "__main__", "__init__", "client"},
]
# Modules that are a unit of their own inside a package: selection needs the applications
# (``apps``), which need the selector steps below them; selecting by a property's value
# (``by_property``) needs the catalog.
UNITS = {"officeeval.selectors": "selection", "officeeval.selectors.evaluate": "selection",
         "officeeval.selectors.by_property": "selection",
         "officeeval.properties.writing": "writing"}
SIBLINGS = [{"word", "excel", "ppt"}]


def _unit(module: str) -> str:
    """The layer unit of a module name: ``officeeval.word.styles`` -> ``word``."""
    if module in UNITS:
        return UNITS[module]
    parts = module.split(".")
    return parts[1] if len(parts) > 1 else "__init__"


def _module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT.parent).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts = parts[:-1]
    return ".".join(parts)


def _is_module(name: str) -> bool:
    rel = Path(*name.split("."))
    return (ROOT.parent / rel).with_suffix(".py").is_file() or (ROOT.parent / rel).is_dir()


def _type_checking(node: ast.AST) -> bool:
    return isinstance(node, ast.If) and (
        (isinstance(node.test, ast.Name) and node.test.id == "TYPE_CHECKING")
        or (isinstance(node.test, ast.Attribute) and node.test.attr == "TYPE_CHECKING"))


def _imports(path: Path) -> list[tuple[str, int, bool]]:
    """(imported module, line, at module level) for every officeeval import of ``path``."""
    name = _module_name(path)
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    out: list[tuple[str, int, bool]] = []

    def visit(node: ast.AST, top: bool) -> None:
        for child in ast.iter_child_nodes(node):
            if _type_checking(child):
                continue
            if isinstance(child, ast.Import):
                out.extend((a.name, child.lineno, top) for a in child.names
                           if a.name.split(".")[0] == "officeeval")
            elif isinstance(child, ast.ImportFrom):
                if child.level:
                    base = package.split(".")[: len(package.split(".")) - child.level + 1]
                    mod = ".".join(base + ([child.module] if child.module else []))
                else:
                    mod = child.module or ""
                if mod.split(".")[0] != "officeeval":
                    continue
                for a in child.names:
                    sub = f"{mod}.{a.name}"
                    out.append((sub if _is_module(sub) else mod, child.lineno, top))
            inner = top and not isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef,
                                                   ast.Lambda))
            visit(child, inner)

    visit(ast.parse(path.read_text(encoding="utf-8")), True)
    return out


def _graph() -> dict[str, list[tuple[str, int, bool]]]:
    return {_module_name(p): _imports(p) for p in sorted(ROOT.rglob("*.py"))}


GRAPH = _graph()


def _rank(unit: str) -> int | None:
    if unit in BASE:
        return -1
    return next((i for i, layer in enumerate(LAYERS) if unit in layer), None)


def test_every_package_and_module_has_a_place():
    units = {_unit(m) for m in GRAPH}
    placed = BASE.union(*LAYERS)
    assert units - placed == set(), "place these in LAYERS (and docs/architecture.md)"


def test_no_import_from_a_lower_layer_to_a_higher_one():
    bad = []
    for module, imports in GRAPH.items():
        here = _unit(module)
        for target, line, _ in imports:
            there = _unit(target)
            if there == here:
                continue
            if here in BASE and there not in BASE:
                bad.append(f"{module}:{line} (base) imports {target}")
            elif _rank(there) is not None and _rank(here) is not None and \
                    _rank(there) > _rank(here):  # type: ignore[operator]
                bad.append(f"{module}:{line} imports {target} (a higher layer)")
            elif any(here in s and there in s for s in SIBLINGS):
                bad.append(f"{module}:{line} imports its sibling {target}")
    assert bad == []


def _cycle(edges: dict[str, set[str]]) -> list[str] | None:
    """A cycle of ``edges`` (as a path whose last node is its first), or ``None``."""
    state: dict[str, int] = {}
    stack: list[str] = []

    def visit(node: str) -> list[str] | None:
        state[node] = 1
        stack.append(node)
        for nxt in sorted(edges.get(node, ())):
            if state.get(nxt) == 1:
                return stack[stack.index(nxt):] + [nxt]
            if nxt not in state:
                found = visit(nxt)
                if found:
                    return found
        stack.pop()
        state[node] = 2
        return None

    for node in sorted(edges):
        if node not in state:
            found = visit(node)
            if found:
                return found
    return None


def test_no_cycle_between_packages():
    # Every import counts, lazy ones included: a lazy import hides a cycle, it does not
    # remove it.
    edges: dict[str, set[str]] = {}
    for module, imports in GRAPH.items():
        here = _unit(module)
        edges.setdefault(here, set()).update(
            _unit(t) for t, _, _ in imports if _unit(t) != here)
    assert _cycle(edges) is None


def test_no_cycle_between_modules_at_import_time():
    # Within a package a lazy import may break a cycle of module-level imports on purpose
    # (a view's target classes import the view); what runs at import time must not loop.
    edges = {m: {t for t, _, top in imports if top and t != m} for m, imports in GRAPH.items()}
    assert _cycle(edges) is None


@pytest.mark.parametrize("edges, cycle", [
    ({"a": {"b"}, "b": {"c"}, "c": set()}, None),
    ({"a": {"b"}, "b": {"c"}, "c": {"a"}}, ["a", "b", "c", "a"]),
    ({"a": {"a"}}, ["a", "a"]),
])
def test_the_cycle_finder_finds_cycles(edges, cycle):
    assert _cycle(edges) == cycle


def test_the_graph_is_read_from_the_source():
    # A known edge and a known lazy one, so an empty graph cannot pass the tests above.
    assert ("officeeval.ooxml.package", True) in {
        (t, top) for t, _, top in GRAPH["officeeval.excel.workbook"]}
    assert any(t == "officeeval.excel.targets" and not top
               for t, _, top in GRAPH["officeeval.excel.workbook"])
    # Nothing of a view reaches the recalculation service.
    assert not any(_unit(t) == "recalc" for m, imports in GRAPH.items()
                   if _unit(m) in ("word", "excel", "ppt") for t, _, _ in imports)


def test_the_service_client_imports_only_errors():
    # A reward function imports officeeval.client into a training job: nothing of the engine
    # (lxml, the views, LibreOffice) may come with it.
    assert {t for t, _, _ in GRAPH["officeeval.client"]} <= {"officeeval.errors"}
