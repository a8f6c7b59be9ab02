"""Draft a rubric from an input document and its reference (``officeeval draft``).

The drafter resolves the property catalog on both documents, pairs their targets by content
(``anchors``), lists what changed (``changes``), proposes one criterion per changed
property group with the comparator an author would pick (``proposal``), attaches the
instruction step each most likely grades (``instruction``), writes readable XML
(``render``), and then repairs what grading shows wrong: a check the reference fails takes
its value from the reference, and one that still fails is dropped and flagged. Auditing
the result is the caller's choice (``officeeval draft`` does it by default).

Raises ``PackageError`` for a document that cannot be opened and ``ValueError`` when the
two documents are of different applications.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path

from officeeval import apps
from officeeval.draft.asked import apply as apply_asked
from officeeval.draft.changes import diff as _diff
from officeeval.draft.instruction import step_of, steps
from officeeval.draft.named import augment
from officeeval.draft.criteria import DraftCriterion, assign_points
from officeeval.draft.proposal import propose
from officeeval.draft.render import xml
from officeeval.formats import open_document


@dataclass
class Draft:
    """A drafted rubric: its XML text, criteria, what could not be drafted (``flags``) and
    the instruction steps no criterion grades (``unmatched_steps``)."""

    text: str
    criteria: list[DraftCriterion]
    flags: list[str] = field(default_factory=list)
    unmatched_steps: list[str] = field(default_factory=list)
    reference_score: float | None = None
    input_score: float | None = None


def draft(input: str | Path, reference: str | Path, out: str | Path, *,
          instruction: str | Path | None = None, rubric_id: str | None = None,
          title: str | None = None, level: str | None = None, backends=None) -> Draft:
    """Draft the rubric that ``out`` will hold (its files are written relative to it);
    ``backends`` recalculates formulas when grading the reference (default: none, so
    formula values are read from the cache or graded ``eval_error``)."""
    from officeeval.backends import NO_BACKENDS
    out = Path(out)
    words = Path(instruction).read_text(encoding="utf-8") if instruction else ""
    all_steps = steps(words)
    words = "\n".join(s.text for s in all_steps)
    inp_doc = open_document(input)
    ref_doc = open_document(reference, backends=backends or NO_BACKENDS)
    try:
        if inp_doc.app != ref_doc.app:
            raise ValueError(f"input is a {inp_doc.app} document, reference a {ref_doc.app} one")
        app = ref_doc.app
        d = _diff(inp_doc, ref_doc, words)
        criteria = propose(d, inp_doc, ref_doc, words, all_steps)
        augment(criteria, all_steps, [a for a, _ in d.matched] + d.new, inp_doc, ref_doc)
        apply_asked(criteria, all_steps, inp_doc, ref_doc)
        criteria = [c for c in criteria if c.checks]
    finally:
        inp_doc.close()
        ref_doc.close()
    flags = [f"{sel}: {prop} unreadable ({err[:100]})" for sel, prop, err in d.unreadable[:20]]
    if len(d.unreadable) > 20:
        flags.append(f"… and {len(d.unreadable) - 20} more unreadable values")
    ext = apps.app(app).extension
    rel = lambda p: os.path.relpath(Path(p).resolve(), out.resolve().parent)  # noqa: E731
    files = {"input": rel(input), "reference": rel(reference), "output": "output" + ext}
    rid = rubric_id or out.stem
    state = _State(criteria, all_steps, flags)
    text = state.render(rid, app, title or rid, files, level, input, reference)
    text = _repair(state, out, text, rid, app, title or rid, files, level, input, reference,
                   backends)
    return Draft(text, state.criteria, state.flags, state.unmatched(),
                 state.ref_score, state.in_score)


def title_of(instruction: str | Path) -> str | None:
    """The task title from an instruction's first heading (``# id · 标题（…）``)."""
    for line in Path(instruction).read_text(encoding="utf-8").splitlines():
        if line.startswith("# "):
            t = line[2:].split("·", 1)[-1].strip()
            return t.split("（")[0].strip() or None
    return None


class _State:
    def __init__(self, criteria, all_steps, flags) -> None:
        self.criteria = criteria
        self.steps = all_steps
        self.flags = flags
        self.ref_score = None
        self.in_score = None

    def number(self) -> None:
        assign_points(self.criteria)
        for i, c in enumerate(self.criteria, start=1):
            c.id = f"c{i:02d}"
            props = [k.prop for k in c.checks]
            s = next((x for x in self.steps if x.number == c.step), None) if c.step else \
                step_of(c.tokens, c.labels, self.steps, props) if self.steps and \
                not c.preservation else None
            c.instruction = f"{s.number}: {s.text}" if s else ""
            c.step = s.number if s else ""

    def unmatched(self) -> list[str]:
        used = {c.instruction.split(":", 1)[0] for c in self.criteria if c.instruction}
        return [f"{s.number}: {s.text}" for s in self.steps if s.number not in used]

    def render(self, rid, app, title, files, level, input, reference) -> str:
        self.number()
        header = [f"Drafted by officeeval draft from {Path(input).name} and "
                  f"{Path(reference).name}: review every criterion before publishing.",
                  "Each criterion lists its evidence (input value -> reference value); "
                  "instruction lines name the step it most likely grades."]
        footer = [f"not drafted: {f}" for f in self.flags]
        footer += [f"instruction step with no criterion: {s}" for s in self.unmatched()]
        return xml(self.criteria, rubric_id=rid, app=app, title=title, files=files,
                   level=level, header=header, footer=footer)


def _repair(state: _State, out: Path, text: str, rid, app, title, files, level, input,
            reference, backends) -> str:
    """Grade the reference and the input with the draft; a check the reference fails takes
    ``expected-from="reference"``, then is dropped (flagged) if it still fails; a criterion
    the untouched input passes is dropped (flagged): it would reward doing nothing."""
    from officeeval.backends import NO_BACKENDS
    from officeeval.rubric import load_rubric_text
    from officeeval.scoring import Grader
    for attempt in range(3):
        rubric = load_rubric_text(text, str(out))
        with Grader(backends or NO_BACKENDS) as g:
            rc = g.grade(rubric, str(reference), input=str(input), reference=str(reference))
            ic = g.grade(rubric, str(input), input=str(input), reference=str(reference))
        state.ref_score, state.in_score = rc.score, ic.score
        changed = False
        by_id = {c.id: c for c in state.criteria}
        for cr in rc.criteria:
            c = by_id[cr.id]
            for k, kr in zip(list(c.checks), cr.checks):
                if kr.passed or kr.status.value == "eval_error":
                    continue
                if k.expected is not None and k.op == "equals" and attempt == 0:
                    k.expected, k.expected_from, k.normalize = None, "reference", None
                else:
                    c.checks.remove(k)
                    state.flags.append(f"{k.select} {k.prop or 'count'}: the reference fails "
                                       f"it ({kr.actual[:60]}); dropped")
                changed = True
        for cr in ic.criteria:
            c = by_id[cr.id]
            if not c.preservation and cr.earned > 0 and c.checks:
                c.checks = []
                state.flags.append(f"{c.description[:60]}: the untouched input passes it; "
                                   "dropped")
                changed = True
        state.criteria = [c for c in state.criteria if c.checks]
        state.flags = list(dict.fromkeys(state.flags))
        if not changed:
            return text
        text = state.render(rid, app, title, files, level, input, reference)
    return text
