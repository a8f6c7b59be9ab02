"""Selectors: the grammar (with located syntax errors), predicates and each application's
steps; and selection, evaluating a selector into targets (``select``, ``validate_selector``,
``explain_empty`` in ``selectors/evaluate.py``).

Selection needs the applications' step tables (``officeeval.apps``), which need the step
modules of this package: it is imported on first use, so importing the grammar or a step
module never imports the applications.
"""

from officeeval.selectors.grammar import Predicate, Selector, Step, parse_selector  # noqa: F401

_SELECTION = ("explain_empty", "plan", "select", "validate_selector")


def __getattr__(name: str):
    if name in _SELECTION:
        from officeeval.selectors import evaluate
        return getattr(evaluate, name)
    raise AttributeError(name)
