"""Fixtures the draft module tests share."""

from __future__ import annotations

import pytest

from officeeval.formats import open_document


@pytest.fixture
def opened():
    """``opened(path)``: the document at ``path``, closed when the test ends."""
    docs = []

    def _open(path):
        d = open_document(path)
        docs.append(d)
        return d
    yield _open
    for d in docs:
        d.close()
