"""The report's numbers depend only on the set of results, never on the order the store
returns them in (two runs of the same batch record them as their workers finish): the same
generations recorded in shuffled orders give identical intervals, means and breakdowns, and
``report A B`` of two such stores shows no change."""

from __future__ import annotations

import numpy as np
import pytest

from officeeval import analysis as A
from tests.analysis import synthetic


@pytest.fixture(scope="module")
def stores(tmp_path_factory):
    root = tmp_path_factory.mktemp("order")
    return [synthetic.rich_store(root / f"s{i}", shuffle=seed)
            for i, seed in enumerate((None, 1, 2))]


def test_the_stores_really_return_rows_in_different_orders(stores):
    orders = [list(A.load(s).tasks["key"]) for s in stores]
    assert sorted(orders[0]) == sorted(orders[1]) == sorted(orders[2])
    assert orders[0] != orders[1] and orders[1] != orders[2]


def test_every_number_is_the_same_whatever_the_order(stores):
    results = [A.load(s) for s in stores]
    first = results[0]
    for other in results[1:]:
        assert A.per_model(other) == A.per_model(first)
        assert A.skill_breakdown(other) == A.skill_breakdown(first)
        for dim in ("app", "level", "task"):
            assert A.breakdown(other, dim, ci=True) == A.breakdown(first, dim, ci=True)


def test_comparing_two_orders_of_the_same_results_shows_no_change(stores):
    cmp = A.compare(A.load(stores[0]), A.load(stores[1]))
    for row in cmp["models"]:
        assert row["a"] == row["b"], row["model"]
        assert row["sr_delta"] == 0
    assert cmp["flipped_total"] == 0


def test_bootstrap_depends_on_the_multiset_only():
    rng = np.random.default_rng(5)
    num = rng.random(57)
    den = rng.integers(1, 9, 57).astype(float)
    base = A.bootstrap_ci(num, den, seed=11)
    for _ in range(5):
        perm = rng.permutation(57)
        assert A.bootstrap_ci(num[perm], den[perm], seed=11) == base
    # Not a constant: other data, other interval.
    assert A.bootstrap_ci(num[:40], den[:40], seed=11) != base
