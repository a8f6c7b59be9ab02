"""Selectors: the grammar (with located syntax errors) and evaluation into targets."""

from officeeval.selectors.grammar import Predicate, Selector, Step, parse_selector  # noqa: F401
from officeeval.selectors.evaluate import (  # noqa: F401
    explain_empty, select, validate_selector,
)
