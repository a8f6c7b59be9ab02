"""The service sits between runner and cli: it imports neither the CLI (the only typer
importer) nor the report layers, nothing below imports it, and the client stands alone."""

from __future__ import annotations

import ast
from pathlib import Path

PKG = Path(__file__).resolve().parents[2] / "officeeval"


def imports(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    out: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            out |= {a.name for a in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module:
            out.add(node.module)
    return out


def test_service_imports_only_layers_above_it():
    for path in (PKG / "service").glob("*.py"):
        names = imports(path)
        bad = {n for n in names if n == "typer" or n.startswith(("officeeval.cli",
                                                                 "officeeval.report",
                                                                 "officeeval.analysis"))}
        assert not bad, (path.name, bad)


def test_nothing_below_the_service_imports_it():
    for path in PKG.rglob("*.py"):
        if path.parent.name in ("service", "cli"):
            continue
        assert not {n for n in imports(path) if n.startswith("officeeval.service")}, path


def test_the_client_stands_alone():
    ours = {n for n in imports(PKG / "client.py") if n.startswith("officeeval")}
    assert ours == {"officeeval.errors"}
