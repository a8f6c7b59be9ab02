"""Limit parsing (manifest ``limits`` and command-line values)."""

from __future__ import annotations

import pytest

from officeeval.errors import TaskError
from officeeval.runner.limits import GIB, MIB, Limits, parse_limits, parse_seconds, parse_size


@pytest.mark.parametrize("raw,secs", [(10, 10.0), (2.5, 2.5), ("500ms", 0.5), ("10s", 10.0),
                                      ("2m", 120.0), ("3h", 10800.0), ("0", None), (-1, None), (True, None),
                                      ("soon", None), (float("nan"), None), ("1e999", None)])
def test_seconds(raw, secs):
    assert parse_seconds(raw) == secs


@pytest.mark.parametrize("raw,size", [(1024, 1024), ("64M", 64 * MIB), ("2G", 2 * GIB),
                                      ("2GiB", 2 * GIB), ("512k", 512 * 1024), ("1.5g",
                                      int(1.5 * GIB)), ("0", None), ("lots", None),
                                      (False, None), (-5, None)])
def test_sizes(raw, size):
    assert parse_size(raw) == size


def test_aliases_and_merge():
    lim = Limits().merged({"wall": 5, "mem": "1G", "nproc": 16, "fsize": "1M"})
    assert (lim.timeout, lim.memory, lim.processes, lim.file_size) == (5.0, GIB, 16, MIB)
    assert lim.cpu == Limits().cpu  # untouched


@pytest.mark.parametrize("raw", [{"speed": 1}, {"processes": 1.5}, {"memory": "x"}, [1]])
def test_bad_limits_raise(raw):
    with pytest.raises(TaskError):
        parse_limits(raw)


def test_the_stated_limits_are_used_and_a_different_given_one_is_refused():
    from officeeval.runner.limits import LimitMismatch, enforce_stated, parse_stated
    stated = parse_stated({"timeout": 90, "memory": "1G", "processes": 8})
    assert stated == {"timeout": 90.0, "memory": GIB}  # only what a prompt states
    assert enforce_stated(Limits(), frozenset(), stated).timeout == 90.0
    assert enforce_stated(Limits(), frozenset(), None) == Limits()
    same = Limits(timeout=90.0)
    assert enforce_stated(same, frozenset({"timeout"}), stated).memory == GIB
    with pytest.raises(LimitMismatch, match="the prompt stated 1 GiB, 2 GiB given"):
        enforce_stated(Limits(), frozenset({"memory"}), stated)
    with pytest.raises(TaskError):
        parse_stated({"timeout": "forever"})


def test_a_bad_stated_limit_is_a_manifest_issue():
    from officeeval.runner.manifest import parse_manifest
    m = parse_manifest(['{"task": "t", "model": "m", "code": "x", "stated_limits": '
                        '{"timeout": -1}}',
                        '{"task": "t", "model": "m", "sample": 2, "code": "x", '
                        '"stated_limits": {"timeout": 30}}'])
    assert [n for n, _ in m.issues] == [1] and "stated_limits" in m.issues[0][1]
    assert m.lines[0].stated_limits == {"timeout": 30.0}
