"""The properties drafting reads, and writes checks of, by name: what no definition's
``draft=`` policy can say for it, because drafting is about them (a document's text, a
cell's formula, a paragraph's style). Every other property drafting meets is handled
through its definition's policy (``draft/policy.py``), never by its name.
"""

from __future__ import annotations

# The text of a paragraph, run, cell, shape or slide: compared, restated, kept unchanged.
TEXT = "text"
# A formula cell: whether it holds one, and its formula (what a step's function names).
HAS_FORMULA = "cell.has_formula"
FORMULA = "cell.formula"
# A paragraph's style: the applied style stands for the formatting it brings.
PARAGRAPH_STYLE = "paragraph.style"
