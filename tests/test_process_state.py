"""What a process keeps goes through ``officeeval.cache`` (issue 33): no module changes a
module-level container or rebinds a module global at run time, so every piece of process
state is bounded, named and listed (``cache.process_state()``), and a forked child never
uses what its parent made (``ProcessSlot``)."""

from __future__ import annotations

import ast
import os

import pytest

from code_shape import ROOT, modules
from officeeval.cache import ProcessMemo, ProcessSlot, process_state

# Tables filled by declarations at import time (``_reg("equals", …)`` at a module's top
# level, ``define(…)`` at the top of each vocabulary module), never after.
DECLARED_AT_IMPORT = {("officeeval/comparators/registry.py", "_COMPARATORS"),
                      ("officeeval/vocabulary/__init__.py", "_REGISTRY")}
_CHANGES = {"append", "extend", "update", "add", "setdefault", "pop", "popitem", "clear",
            "insert", "remove", "discard", "move_to_end"}
_CONTAINERS = {"dict", "list", "set", "OrderedDict", "defaultdict", "deque", "Counter",
               "WeakKeyDictionary", "WeakValueDictionary"}


def _module_containers(tree: ast.Module) -> set[str]:
    names = set()
    for node in tree.body:
        target = value = None
        if isinstance(node, ast.Assign) and len(node.targets) == 1:
            target, value = node.targets[0], node.value
        elif isinstance(node, ast.AnnAssign) and node.value is not None:
            target, value = node.target, node.value
        if not isinstance(target, ast.Name):
            continue
        if isinstance(value, (ast.Dict, ast.List, ast.Set)) or (
                isinstance(value, ast.Call)
                and getattr(value.func, "id", getattr(value.func, "attr", "")) in _CONTAINERS):
            names.add(target.id)
    return names


def changed_at_run_time(path) -> set[str]:
    """Module-level names that a function of the module rebinds (``global``) or changes in
    place (a mutating method, an item assigned or deleted)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    containers = _module_containers(tree)
    found = set()
    for fn in ast.walk(tree):
        if not isinstance(fn, (ast.FunctionDef, ast.AsyncFunctionDef)):
            continue
        for node in ast.walk(fn):
            if isinstance(node, ast.Global):
                found.update(node.names)
            elif isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) \
                    and isinstance(node.func.value, ast.Name) \
                    and node.func.value.id in containers and node.func.attr in _CHANGES:
                found.add(node.func.value.id)
            elif isinstance(node, (ast.Assign, ast.AugAssign, ast.Delete)):
                targets = node.targets if not isinstance(node, ast.AugAssign) else [node.target]
                for t in targets:
                    if isinstance(t, ast.Subscript) and isinstance(t.value, ast.Name) \
                            and t.value.id in containers:
                        found.add(t.value.id)
    return found


def test_no_module_state_changes_outside_the_cache():
    found = {(str(p.relative_to(ROOT)), name) for p in modules()
             if p.name != "cache.py" or p.parent.name != "officeeval"
             for name in changed_at_run_time(p)}
    assert found - DECLARED_AT_IMPORT == set()


def test_the_scan_sees_every_way_of_changing_module_state(tmp_path):
    src = tmp_path / "m.py"
    src.write_text("A = {}\nB = []\nC = None\nD = dict()\nE = {}\n"
                   "def f():\n    A['k'] = 1\n    B.append(2)\n    D.update(x=1)\n"
                   "    E.get('k')\n"
                   "def g():\n    global C\n    C = 3\n", encoding="utf-8")
    assert changed_at_run_time(src) == {"A", "B", "C", "D"}


def test_a_memo_keeps_the_most_recently_used():
    memo = ProcessMemo("test.lru", 2)
    memo.put("a", 1)
    memo.put("b", 2)
    assert memo.get("a") == 1          # a is now the most recent
    memo.put("c", 3)                   # b goes
    assert ("a" in memo, "b" in memo, "c" in memo) == (True, False, True)
    assert memo.get_or_make("d", lambda: None) is None and "d" in memo  # None is kept
    assert len(memo) == 2


def test_a_memo_keeps_nothing_when_making_fails():
    memo = ProcessMemo("test.failing", 4)
    with pytest.raises(ZeroDivisionError):
        memo.get_or_make("k", lambda: 1 / 0)
    assert "k" not in memo


def test_state_names_are_unique_and_listed():
    ProcessSlot("test.unique")
    with pytest.raises(ValueError, match="made twice"):
        ProcessMemo("test.unique", 1)
    import officeeval.catalog  # noqa: F401 - makes its memo
    assert isinstance(process_state()["catalog"], ProcessMemo)
    assert isinstance(process_state()["test.unique"], ProcessSlot)


@pytest.mark.skipif(not hasattr(os, "fork"), reason="needs fork")
def test_a_forked_child_does_not_see_its_parents_slot():
    slot = ProcessSlot("test.fork")
    slot.set("parent's")
    read, write = os.pipe()
    pid = os.fork()
    if pid == 0:  # the child: report what it sees, then what it sets for itself
        seen = slot.get()
        slot.set("child's")
        os.write(write, f"{seen}|{slot.get()}".encode())
        os._exit(0)
    os.close(write)
    os.waitpid(pid, 0)
    assert os.read(read, 100).decode() == "None|child's"
    assert slot.get() == "parent's"
