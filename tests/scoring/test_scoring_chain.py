"""The scoring package is one chain (``officeeval/scoring/__init__.py``): each module
imports only scoring modules declared before it, always at module level (a lazy import
between them would hide a cycle), and no module rebinds a global at run time (a module
global set to wire modules together, as ``_JUDGE_CHECK`` was). Read from the source with
``ast``; ``if TYPE_CHECKING:`` imports count too."""

from __future__ import annotations

import ast
import re
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[2] / "officeeval" / "scoring"
PREFIX = "officeeval.scoring"


def declared_order() -> list[str]:
    """The module names after "Import order, lowest first:" in the package docstring."""
    doc = ast.get_docstring(ast.parse((PACKAGE / "__init__.py").read_text("utf-8"))) or ""
    m = re.search(r"Import order, lowest first:\s*\n((?:[ \t]+\S.*\n?)+)", doc)
    assert m, "the package docstring declares no import order"
    return [name.strip() for name in m.group(1).replace("\n", " ").split(",")]


def scoring_imports(tree: ast.Module, modules: set[str]) -> list[tuple[str, int, bool]]:
    """(scoring module imported, line, inside a function) for every import of a module of
    the package (``from officeeval.scoring import x`` names module ``x`` when it is one of
    ``modules``, else the package itself)."""
    out: list[tuple[str, int, bool]] = []

    def visit(node: ast.AST, in_function: bool) -> None:
        for child in ast.iter_child_nodes(node):
            inner = in_function or isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef,
                                                      ast.Lambda))
            if isinstance(child, ast.Import):
                for alias in child.names:
                    if alias.name == PREFIX or alias.name.startswith(PREFIX + "."):
                        out.append((_module(alias.name), child.lineno, inner))
            elif isinstance(child, ast.ImportFrom):
                if child.level:
                    names = [(child.module or "").split(".")[0] or a.name for a in child.names]
                    out.extend((n, child.lineno, inner) for n in names)
                elif child.module == PREFIX:
                    out.extend((a.name if a.name in modules else "__init__",
                                child.lineno, inner) for a in child.names)
                elif (child.module or "").startswith(PREFIX + "."):
                    out.append((_module(child.module or ""), child.lineno, inner))
            visit(child, inner)

    visit(tree, False)
    return out


def _module(dotted: str) -> str:
    rest = dotted[len(PREFIX):].lstrip(".")
    return rest.split(".")[0] if rest else "__init__"


def violations(order: list[str], sources: dict[str, str]) -> list[str]:
    """What goes against ``order`` in ``sources`` (module name -> source text)."""
    rank = {name: i for i, name in enumerate(order)}
    bad = []
    for name, text in sorted(sources.items()):
        tree = ast.parse(text)
        for imported, line, lazy in scoring_imports(tree, set(sources)):
            where = f"scoring/{name}.py:{line} imports {imported}"
            if lazy:
                bad.append(f"{where} inside a function")
            if name == "__init__":
                continue  # the package's face: it may import any module
            if imported not in rank or name not in rank or rank[imported] >= rank[name]:
                bad.append(f"{where}, not before it in the declared order")
        for node in ast.walk(tree):
            if isinstance(node, ast.Global):
                bad.append(f"scoring/{name}.py:{node.lineno} rebinds module globals "
                           f"{', '.join(node.names)} at run time")
    return bad


def sources() -> dict[str, str]:
    return {p.stem: p.read_text("utf-8") for p in sorted(PACKAGE.glob("*.py"))}


def test_every_scoring_module_is_in_the_declared_order_once():
    order = declared_order()
    assert len(order) == len(set(order))
    assert sorted(order) == sorted(name for name in sources() if name != "__init__")
    assert order[:2] == ["outcomes", "scorecard"] and order[-1] == "engine"


def test_scoring_imports_follow_the_declared_order():
    assert violations(declared_order(), sources()) == []


def test_the_check_finds_what_it_forbids():
    order = ["low", "mid", "high"]
    found = violations(order, {
        "low": "from officeeval.scoring.high import x\n",            # against the order
        "mid": ("from typing import TYPE_CHECKING\n"
                "if TYPE_CHECKING:\n    from officeeval.scoring import high\n"
                "def f():\n    from officeeval.scoring.low import y\n"),  # lazy, yet lower
        "high": ("from officeeval.scoring import low, mid\nimport officeeval.scoring.mid\n"
                 "_WIRED = None\ndef g():\n    global _WIRED\n"),
    })
    assert found == [
        "scoring/high.py:5 rebinds module globals _WIRED at run time",
        "scoring/low.py:1 imports high, not before it in the declared order",
        "scoring/mid.py:3 imports high, not before it in the declared order",
        "scoring/mid.py:5 imports low inside a function",
    ]
