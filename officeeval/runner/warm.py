"""What a batch worker needs before its first item, done once in the fork server.

Workers are forked from a fork server that imports this module (``pool.PRELOAD``), so each
worker starts with the grading code imported, the rubric XSD compiled (libxml2's, which
checks every rubric; xmlschema's, for the messages of an invalid one, only when one is
met), the property
catalog and the vocabularies built, the three format views imported, and all of it frozen
out of the garbage collector's reach (``gc.freeze``). Importing it has no
other effect; a failure here only means the workers do the same work later.
"""

from __future__ import annotations

import gc

import officeeval.apps  # noqa: F401 - every app's views, resolvers and selector steps
import officeeval.runner.grading  # noqa: F401 - the work function and the engine
from officeeval.catalog import catalog
from officeeval.rubric.loader import fast_schema
from officeeval.vocabulary import all_vocabularies


def warm() -> None:
    """Build the process-wide tables grading uses."""
    fast_schema()
    catalog()
    all_vocabularies()
    # Everything built so far lives as long as the worker: keep it out of the cyclic
    # collector's generations (a full collection otherwise walks all of it again), and
    # forked workers share its pages instead of copying them when the collector touches
    # them.
    gc.freeze()


warm()
