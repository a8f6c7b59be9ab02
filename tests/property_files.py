"""Where each property lives: for every property and application, the source files of
``officeeval/`` that implement it (its resolver's and writer's modules) or name it (a string
constant equal to its name, used as a property name).

Issue 33 asks that a property be one declaration per application: reader, writer and policy
side by side, its name written literally where it is defined. This script measures how far
the code is from that; ``tests/test_property_files.py`` holds the measure to a ratchet (no
property spread over more files than recorded in ``tests/property_files.json``) and fails on
a binding or writer whose module never spells its property's name (a name built by a loop,
an f-string or a factory cannot be found by searching for it).

    python tests/property_files.py            # the table and its summary
    python tests/property_files.py --record   # write the ratchet after an improvement

A constant counts as naming a property when it equals a dotted catalog name; the two
catalog names without a dot (``text``, ``count``), common words in the code, count only
where they sit in a collection beside a dotted catalog name or are compared with a
variable called ``prop``/``property``/``name``. A file under ``officeeval/word/``,
``excel/`` or ``ppt/`` (or an audit module whose name starts with the application's)
belongs to that application; any other file is counted for every application that binds
the property.
"""

from __future__ import annotations

import ast
import json
import statistics
import sys
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "officeeval"
RATCHET = Path(__file__).with_name("property_files.json")
_APP_DIRS = {"word": "word", "excel": "excel", "ppt": "ppt"}
_PROP_VARS = {"prop", "property", "name", "p", "prop_name"}


def _app_of(rel: str) -> str | None:
    parts = rel.split("/")
    if len(parts) > 1 and parts[1] in _APP_DIRS:
        return _APP_DIRS[parts[1]]
    stem = parts[-1].removesuffix(".py")
    for app in _APP_DIRS:
        if "mutators" in parts and stem.startswith(app):
            return app
    return None


def _writer_modules() -> dict[tuple[str, str], list[str]]:
    """``{(app, property): [modules whose WRITERS register its writer]}``."""
    import importlib

    from officeeval import apps
    out: dict[tuple[str, str], list[str]] = defaultdict(list)
    for app in apps.APPS.values():
        for name in app.writer_modules:
            module = importlib.import_module(name)
            for writer in module.WRITERS:
                out[(app.name, writer.name)].append(_relative(module))
    return out


def _relative(module) -> str | None:  # noqa: ANN001 - a module or None
    path = getattr(module, "__file__", None)
    return str(Path(path).resolve().relative_to(ROOT)) if path else None


def _declares(func: ast.expr) -> bool:
    """A call that declares a property (``prop``, ``binds``, ``writer``, ``writes`` …)."""
    name = func.id if isinstance(func, ast.Name) else getattr(func, "attr", "")
    return any(w in name for w in ("prop", "bind", "writ"))


def _named_in(tree: ast.AST, names: set[str]) -> set[str]:
    """The catalog names a module's code uses as property names."""
    dotted = {n for n in names if "." in n}
    plain = names - dotted
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str) \
                and node.value in dotted:
            found.add(node.value)
        elif isinstance(node, (ast.Set, ast.Tuple, ast.List, ast.Dict)) and plain:
            items = node.keys if isinstance(node, ast.Dict) else node.elts
            values = {i.value for i in items
                      if isinstance(i, ast.Constant) and isinstance(i.value, str)}
            if values & dotted:
                found |= values & plain
        elif isinstance(node, ast.Call) and plain and _declares(node.func):
            found |= {a.value for a in node.args[:1]
                      if isinstance(a, ast.Constant) and a.value in plain}
        elif isinstance(node, ast.Compare) and plain:
            sides = [node.left, *node.comparators]
            consts = {s.value for s in sides
                      if isinstance(s, ast.Constant) and isinstance(s.value, str)}
            variables = {s.id if isinstance(s, ast.Name) else s.attr for s in sides
                         if isinstance(s, (ast.Name, ast.Attribute))}
            if consts & plain and variables & _PROP_VARS:
                found |= consts & plain
    return found


def measure() -> tuple[dict[str, dict[str, list[str]]], list[str]]:
    """``({property: {app: [files]}}, problems)``: problems are resolvers and writers whose
    module never spells the property's name. A writer's module is the one whose
    ``WRITERS`` registers it (its function may be a shared helper: ``borders`` writes every
    border); a writer declared with its resolver (``prop(..., writer=)``: the chart family
    of ``properties/charts.py``) counts in its function's module."""
    from officeeval.catalog import catalog
    registry = catalog().load_writers()
    names = {p.name for p in registry.all()}
    trees = {str(p.relative_to(ROOT)): ast.parse(p.read_text(encoding="utf-8"))
             for p in sorted(PACKAGE.rglob("*.py"))}
    naming = {rel: _named_in(tree, names) for rel, tree in trees.items()}
    registered = _writer_modules()
    table: dict[str, dict[str, list[str]]] = {}
    problems: list[str] = []
    for pdef in registry.all():
        per_app: dict[str, set[str]] = defaultdict(set)
        for app, binding in pdef.bindings.items():
            module = sys.modules.get(getattr(binding.fn, "__module__", "") or "")
            rel = _relative(module)
            if rel is not None:
                per_app[app].add(rel)
                if pdef.name not in naming.get(rel, set()):
                    problems.append(f"{pdef.name} ({app} resolver in {rel}): the module "
                                    f"never writes the name")
            declared = binding.writer is not None and (app, pdef.name) not in registered
            if declared:
                # A writer declared with its resolver (``prop(..., writer=)``) counts in the
                # module of its function, as a resolver does.
                rel = _relative(sys.modules.get(binding.writer.write.__module__))
                if rel is not None:
                    per_app[app].add(rel)
                    if pdef.name not in naming.get(rel, set()):
                        problems.append(f"{pdef.name} ({app} writer in {rel}): the module "
                                        f"never writes the name")
            for rel in registered.get((app, pdef.name), ()):
                per_app[app].add(rel)
                if pdef.name not in naming.get(rel, set()):
                    problems.append(f"{pdef.name} ({app} writer registered in {rel}): the "
                                    f"module never writes the name")
        for rel, found in naming.items():
            if pdef.name not in found:
                continue
            owner = _app_of(rel)
            for app in pdef.bindings:
                if owner in (None, app):
                    per_app[app].add(rel)
        table[pdef.name] = {app: sorted(files) for app, files in sorted(per_app.items())}
    return table, problems


def summary(table: dict[str, dict[str, list[str]]]) -> dict[str, float]:
    counts = [len(files) for apps in table.values() for files in apps.values()]
    return {"pairs": len(counts), "median": statistics.median(counts), "max": max(counts),
            "over_3": sum(c > 3 for c in counts)}


def main(argv: list[str]) -> int:
    table, problems = measure()
    if "--record" in argv:
        RATCHET.write_text(json.dumps({n: {a: len(f) for a, f in apps.items()}
                                       for n, apps in sorted(table.items())},
                                      indent=0, sort_keys=True) + "\n", encoding="utf-8")
    for name, apps in sorted(table.items()):
        for app, files in apps.items():
            print(f"{len(files):3d}  {name:38s} {app:6s} {' '.join(files)}")
    for p in problems:
        print("BUILT", p)
    s = summary(table)
    print(f"{s['pairs']} (property, application) pairs: median {s['median']} files, "
          f"max {s['max']}, {s['over_3']} over 3; {len(problems)} built names")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.path.insert(0, str(ROOT))
    raise SystemExit(main(sys.argv[1:]))
