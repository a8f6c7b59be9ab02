"""Golden tests on real presentations of the shared corpus: layouts, transitions,
animations, SmartArt, tables, charts, East Asian text, headers/footers, backgrounds. The
expected values in golden/expected.json were checked against each file's XML."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parent / "golden"
sys.path.insert(0, str(HERE))

from cases import CASES  # noqa: E402
from make_expected import observe  # noqa: E402

EXPECTED = json.loads((HERE / "expected.json").read_text(encoding="utf-8"))


def test_golden_covers_at_least_fifteen_presentations():
    assert len(CASES) >= 15 and set(CASES) == set(EXPECTED)


@pytest.mark.parametrize("name", sorted(CASES))
def test_golden(corpus, name):
    got = observe(corpus / "pptx" / name)
    for key, rows in EXPECTED[name].items():
        assert got[key] == rows, key
