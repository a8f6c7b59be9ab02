"""Measures of the source's shape, for the tests that hold it: module length and the
cyclomatic complexity of functions (McCabe's count, read from the AST: one, plus one per
branch a reader has to follow)."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "officeeval"

_BRANCHES = (ast.If, ast.For, ast.AsyncFor, ast.While, ast.IfExp, ast.ExceptHandler,
             ast.Assert, ast.comprehension)


def complexity(fn: ast.FunctionDef | ast.AsyncFunctionDef) -> int:
    """McCabe's cyclomatic complexity of ``fn``, its nested functions and classes left out
    (they are counted on their own)."""
    count = 1
    stack = list(ast.iter_child_nodes(fn))
    while stack:
        node = stack.pop()
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef, ast.Lambda)):
            continue
        if isinstance(node, _BRANCHES):
            count += 1
            if isinstance(node, ast.comprehension):
                count += len(node.ifs)
        elif isinstance(node, ast.BoolOp):
            count += len(node.values) - 1
        elif isinstance(node, ast.match_case):
            count += 1
        elif isinstance(node, (ast.Try,)) and node.orelse:
            count += 1
        stack.extend(ast.iter_child_nodes(node))
    return count


def functions(path: Path) -> list[tuple[str, int, int]]:
    """``(qualified name, line, complexity)`` of every function in module ``path``."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    out: list[tuple[str, int, int]] = []

    def walk(node: ast.AST, prefix: str) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef)):
                name = f"{prefix}{child.name}"
                out.append((name, child.lineno, complexity(child)))
                walk(child, name + ".")
            elif isinstance(child, ast.ClassDef):
                walk(child, f"{prefix}{child.name}.")
    walk(tree, "")
    return out


def modules() -> list[Path]:
    """Every module of the package, sorted."""
    return sorted(PACKAGE.rglob("*.py"))


def lines(path: Path) -> int:
    return len(path.read_text(encoding="utf-8").splitlines())
