"""Word selector steps."""

from __future__ import annotations

from officeeval.selectors.grammar import Step
from officeeval.selectors.registry import StepSpec, register
from officeeval.targets import Target
from officeeval.word.targets import (
    DocumentTarget, ParagraphTarget, RunTarget, SectionTarget, SpanTarget, StyleTarget,
)


def _paragraphs(parent: Target, step: Step) -> list[Target]:
    if isinstance(parent, SectionTarget):
        return list(parent.paragraphs)
    return list(parent.doc.paragraphs)


def _runs(parent: Target, step: Step) -> list[Target]:
    if isinstance(parent, ParagraphTarget):
        return list(parent.runs)
    paragraphs = parent.paragraphs if isinstance(parent, SectionTarget) else parent.doc.paragraphs
    return [r for p in paragraphs for r in p.runs]


def find_spans(paragraph: ParagraphTarget, needle: str) -> list[SpanTarget]:
    """Every occurrence of ``needle`` in the paragraph's text, as the runs covering it."""
    if not needle:
        return []
    runs = paragraph.runs
    bounds: list[tuple[int, int, RunTarget]] = []
    pos = 0
    for r in runs:
        bounds.append((pos, pos + len(r.text), r))
        pos += len(r.text)
    text = paragraph.text
    out: list[SpanTarget] = []
    start = text.find(needle)
    while start >= 0:
        end = start + len(needle)
        covering = [r for a, b, r in bounds if a < end and b > start and b > a]
        out.append(SpanTarget(paragraph, covering, needle, len(out) + 1))
        start = text.find(needle, end)
    return out


def _spans(parent: Target, step: Step) -> list[Target]:
    needle = step.args[0] if step.args else ""
    if isinstance(parent, ParagraphTarget):
        paragraphs = [parent]
    elif isinstance(parent, SectionTarget):
        paragraphs = parent.paragraphs
    else:
        paragraphs = parent.doc.all_paragraphs() if hasattr(parent.doc, "all_paragraphs") \
            else parent.doc.paragraphs
    return [s for p in paragraphs for s in find_spans(p, needle)]


def _sections(parent: Target, step: Step) -> list[Target]:
    return list(parent.doc.sections)


def _styles(parent: Target, step: Step) -> list[Target]:
    doc = parent.doc
    if step.args:
        st = doc.styles.find(step.args[0])
        return [StyleTarget(doc, st)] if st is not None else []
    return [StyleTarget(doc, st) for st in doc.styles.by_id.values()]


def _document(parent: Target, step: Step) -> list[Target]:
    return [parent.doc.root()]


_TOP = frozenset({"document"})
register("word", StepSpec("document", "document", _document, "The document itself.",
                          parents=_TOP))
register("word", StepSpec("paragraph", "paragraph", _paragraphs,
                          "Body-level paragraphs in document order (content controls "
                          "included; paragraphs in tables are reached through the table).",
                          parents=frozenset({"document", "section"})))
register("word", StepSpec("run", "run", _runs, "Text runs (deleted runs excluded).",
                          parents=frozenset({"document", "section", "paragraph"})))
register("word", StepSpec("span", "span", _spans,
                          "span('文字'): every occurrence of the text; formatting holds only "
                          "if every covered character has it.",
                          parents=frozenset({"document", "section", "paragraph"}),
                          min_args=1, max_args=1))
register("word", StepSpec("section", "section", _sections, "Sections in document order.",
                          parents=_TOP))
register("word", StepSpec("style", "style", _styles,
                          "style('标题 1'): a style definition by name or id (localized "
                          "built-in names match); without an argument, every style.",
                          parents=_TOP, max_args=1))

_ = (DocumentTarget, RunTarget)
