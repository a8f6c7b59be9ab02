"""Comparators: judge an observed value against an expectation and explain the verdict."""

from officeeval.comparators.registry import (  # noqa: F401
    Comparator, Verdict, get_comparator, all_comparators,
)
