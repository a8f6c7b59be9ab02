"""Rubrics: the frozen model, the shipped XSD and the loader that reports every problem."""

from officeeval.rubric.model import Check, Criterion, Rubric  # noqa: F401
from officeeval.rubric.loader import load_rubric, load_rubric_text  # noqa: F401
