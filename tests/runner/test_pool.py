"""The local pool survives its workers: a dead worker or one past its deadline fails only
its own item; a raising function is reported with its traceback."""

from __future__ import annotations

from runner_pool_helpers import deadline, work

from officeeval.runner.pool import LocalPool, WorkerLost


def test_pool_survives_dead_and_stuck_workers():
    pool = LocalPool(work, 2)
    try:
        results = dict(pool.imap_unordered(range(10), deadline))
    finally:
        pool.close()
    assert sorted(results) == list(range(10))
    assert {x: v for x, v in results.items() if not isinstance(v, Exception)} == {
        0: 0, 1: 10, 2: 20, 4: 40, 6: 60, 8: 80, 9: 90}
    assert isinstance(results[3], WorkerLost) and "exit 7" in str(results[3])
    assert isinstance(results[5], WorkerLost) and "no result within 2 s" in str(results[5])
    assert isinstance(results[7], RuntimeError) and "ValueError: seven" in str(results[7])


def test_pool_with_fewer_items_than_workers_and_none():
    pool = LocalPool(work, 4)
    try:
        assert dict(pool.imap_unordered([1])) == {1: 10}
        assert dict(pool.imap_unordered([])) == {}
    finally:
        pool.close()
