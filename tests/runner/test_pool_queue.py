"""The pool's queue keeps a worker on its task and spreads workers over tasks."""

from __future__ import annotations

from dataclasses import dataclass

from officeeval.runner.pool import _Queue


@dataclass
class _Item:
    task: str
    n: int


def test_a_worker_stays_on_its_task_and_others_start_new_ones():
    q = _Queue([_Item("a", 1), _Item("a", 2), _Item("a", 3), _Item("b", 1), _Item("c", 1)])
    g1, first = q.take(None, set())
    assert (g1, first.n) == ("a", 1)
    g2, other = q.take(None, {"a"})
    assert (g2, other.task) == ("b", "b")  # a fresh task, not the busy one
    assert q.take("a", {"b"})[1] == _Item("a", 2)  # stays on its own task, in order
    assert q.take("b", {"a"})[1] == _Item("c", 1)  # its task is done: a new one
    assert q.take("c", {"a"})[1] == _Item("a", 3)  # nothing else left: helps with a
    assert q.take("a", set()) is None


def test_items_without_a_task_keep_their_order():
    q = _Queue(range(5))
    got = []
    while (nxt := q.take(None, set())) is not None:
        got.append(nxt[1])
    assert got == [0, 1, 2, 3, 4]
