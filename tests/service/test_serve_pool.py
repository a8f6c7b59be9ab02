"""The service's worker pool with real worker processes: results, the bounded queue,
deadlines, dead workers replaced, cancelled requests not graded, clean-up callbacks."""

from __future__ import annotations

import asyncio

import pytest
from serve_pool_helpers import work

from officeeval.service.pool import AsyncPool, JobFailed, JobLost, PoolClosed, QueueFull


def run(coro):
    return asyncio.run(asyncio.wait_for(coro, 120))


def test_results_come_back_and_the_queue_is_bounded():
    async def main():
        pool = AsyncPool(work, jobs=1, queue=1)
        await pool.start()
        try:
            busy = pool.submit(("sleep", 1.0, "first"), 30)
            waiting = pool.submit(21, 30)
            assert (pool.running, pool.depth) == (1, 1)
            with pytest.raises(QueueFull) as full:
                pool.submit(1, 30)
            assert full.value.retry_after >= 1
            assert await busy == "first"
            assert await waiting == 42
            assert await pool.submit(5, 30) == 10  # room again
        finally:
            await pool.close()
    run(main())


def test_a_job_past_its_deadline_kills_its_worker_which_is_replaced():
    async def main():
        pool = AsyncPool(work, jobs=1, queue=4)
        await pool.start()
        try:
            before = await pool.submit(("pid",), 30)
            with pytest.raises(JobLost) as lost:
                await pool.submit(("sleep", 30, None), 0.5)
            assert lost.value.timed_out
            after = await pool.submit(("pid",), 30)
            assert after != before
            assert (pool.restarts, pool.timeouts) == (1, 1)
        finally:
            await pool.close()
    run(main())


def test_a_dead_worker_fails_only_its_job_and_a_fault_of_ours_is_reported():
    async def main():
        pool = AsyncPool(work, jobs=2, queue=4)
        await pool.start()
        try:
            dying = pool.submit(("die",), 30)
            fine = pool.submit(4, 30)
            with pytest.raises(JobLost) as lost:
                await dying
            assert not lost.value.timed_out and "died" in str(lost.value)
            assert await fine == 8
            with pytest.raises(JobFailed, match="ValueError: our bug"):
                await pool.submit(("raise",), 30)
            assert await pool.submit(7, 30) == 14
            assert pool.restarts == 1
        finally:
            await pool.close()
    run(main())


def test_cancelled_waiting_jobs_are_not_run_and_clean_up_is_called_once():
    async def main():
        pool = AsyncPool(work, jobs=1, queue=4)
        await pool.start()
        finished = []
        try:
            busy = pool.submit(("sleep", 0.8, "busy"), 30, lambda: finished.append("busy"))
            queued = pool.submit(("die",), 30, lambda: finished.append("queued"))
            queued.cancel()  # the client went away: its job must never reach a worker
            assert finished == []
            assert await busy == "busy"
            assert await pool.submit(3, 30, lambda: finished.append("next")) == 6
            assert sorted(finished) == ["busy", "next", "queued"]
            assert pool.restarts == 0  # the dying job was never run
        finally:
            await pool.close()
    run(main())


def test_close_fails_what_waits_and_refuses_new_work():
    async def main():
        pool = AsyncPool(work, jobs=1, queue=4)
        await pool.start()
        finished = []
        busy = pool.submit(("sleep", 30, None), 60, lambda: finished.append("busy"))
        queued = pool.submit(1, 60, lambda: finished.append("queued"))
        processes = [slot.process for slot in pool.slots]
        await pool.close()
        for fut in (busy, queued):
            with pytest.raises(PoolClosed):
                await fut
        with pytest.raises(PoolClosed):
            pool.submit(1, 60)
        assert sorted(finished) == ["busy", "queued"]
        assert processes and not any(p.is_alive() for p in processes)
    run(main())


def test_a_lane_holds_at_most_its_workers_and_the_rest_go_to_others():
    async def main():
        pool = AsyncPool(work, jobs=2, queue=8, lanes={"slow": 1})
        await pool.start()
        try:
            first = pool.submit(("sleep", 1.5, "a"), 30, lane="slow")
            second = pool.submit(("sleep", 0.0, "b"), 30, lane="slow")  # waits: lane full
            assert (pool.running, pool.depth) == (1, 1)
            other = pool.submit(21, 30)  # the free worker is not held by the lane
            assert await asyncio.wait_for(other, 1.0) == 42
            assert not second.done()
            assert await first == "a" and await second == "b"
        finally:
            await pool.close()
    run(main())


def test_a_free_worker_takes_the_job_of_the_owner_with_fewest_running():
    async def main():
        pool = AsyncPool(work, jobs=1, queue=8)
        await pool.start()
        order = []
        try:
            busy = pool.submit(("sleep", 0.8, "x"), 30, owner="flood")
            futures = [pool.submit(("sleep", 0.05, f"flood{i}"), 30, owner="flood")
                       for i in range(3)]
            futures.append(pool.submit(("sleep", 0.05, "other"), 30, owner="other"))
            for f in asyncio.as_completed(futures):
                order.append(await f)
            await busy
        finally:
            await pool.close()
        return order
    order = run(main())
    # One worker: nobody has a job running when it chooses; "flood" was served last.
    assert order == ["other", "flood0", "flood1", "flood2"], order
