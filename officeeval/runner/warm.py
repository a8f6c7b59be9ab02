"""What a batch worker needs before its first item, done once in the fork server.

Workers are forked from a fork server that imports this module (``pool.PRELOAD``), so each
worker starts with the grading code imported, the rubric XSD compiled (about half a second
of xmlschema work, which every worker otherwise repeated on its first rubric), the property
catalog and the vocabularies built, the three format views imported, and all of it frozen
out of the garbage collector's reach (``gc.freeze``). Importing it has no
other effect; a failure here only means the workers do the same work later.
"""

from __future__ import annotations

import gc
import importlib

import officeeval.runner.grading  # noqa: F401 - the work function and the engine
from officeeval.properties.registry import catalog
from officeeval.rubric.loader import schema
from officeeval.selectors.registry import steps
from officeeval.vocabulary import all_vocabularies

_VIEWS = ("officeeval.word.document", "officeeval.excel.workbook",
          "officeeval.ppt.presentation")


def warm() -> None:
    """Build the process-wide tables grading uses; never raises for a missing optional
    part (an app whose view cannot be imported is simply left cold)."""
    schema()
    catalog()
    all_vocabularies()
    for name in _VIEWS:
        try:
            importlib.import_module(name)
        except ImportError:
            continue
    for app in ("word", "excel", "ppt"):
        try:
            steps(app)
        except (LookupError, ImportError):
            continue
    # Everything built so far lives as long as the worker: keep it out of the cyclic
    # collector's generations (a full collection otherwise walks all of it again), and
    # forked workers share its pages instead of copying them when the collector touches
    # them.
    gc.freeze()


warm()
