"""One document being graded (``Grading``), and what a Grader keeps between gradings
(``TaskDocuments``): the task's input and reference documents, open, with what was
remembered on them (``memo.KeptMemo``), and the selectors each rubric plans.

A batch grades many outputs of one task, and the task's input and reference documents are
the same for every one of them: the last few are kept open (read-only views, keyed by path,
content hash and options) instead of re-parsed for each graded document (a third of the
grading time of a Word task). The content hash, not the mtime: a file rewritten within one
clock tick keeps it.
"""

from __future__ import annotations

import hashlib
import os
from collections import OrderedDict
from dataclasses import dataclass, field
from typing import Any

from officeeval.backends import Backends
from officeeval.catalog import alike_resolver, bulk_resolver, resolve
from officeeval.comparators import get_comparator
from officeeval.comparators.registry import ComparatorKind
from officeeval.errors import PackageError, UnevaluableDocument
from officeeval.formats import open_document
from officeeval.properties.registry import ResolveContext
from officeeval.rubric.model import Check, Rubric
from officeeval.scoring.memo import MISSING, KeptMemo
from officeeval.scoring.outcomes import EvalError
from officeeval.selectors.evaluate import plan
from officeeval.targets import Document, Target
from officeeval.values import Observation


@dataclass
class KeptDocument:
    """A kept input or reference document and what was remembered on it."""

    doc: Document
    memo: KeptMemo = field(default_factory=KeptMemo)
    planned: bool = False  # the selectors of the rubric that first used it were announced


class TaskDocuments:
    """The ``keep`` most recent input/reference documents, open, and the planned selectors
    of the last few rubrics. Used by one thread at a time."""

    def __init__(self, backends: Backends, keep: int) -> None:
        self.backends = backends
        self.keep = keep
        self._kept: "OrderedDict[tuple, KeptDocument]" = OrderedDict()
        # id(rubric) -> (rubric, its planned selectors): see ``planned_selectors``.
        self._plans: dict[int, tuple[Rubric, dict]] = {}

    def __len__(self) -> int:
        return len(self._kept)

    def documents(self) -> list[Document]:
        """The kept documents, oldest first."""
        return [k.doc for k in self._kept.values()]

    def close(self) -> None:
        """Close the kept documents (the backends are their owner's to close)."""
        while self._kept:
            self._kept.popitem()[1].doc.close()

    def plan_of(self, rubric: Rubric) -> dict[str | None, list[str]]:
        """``planned_selectors(rubric)``, kept for the last few rubrics graded."""
        got = self._plans.get(id(rubric))
        if got is None or got[0] is not rubric:
            got = self._plans[id(rubric)] = (rubric, planned_selectors(rubric))
            while len(self._plans) > 16:
                self._plans.pop(next(iter(self._plans)))
        return got[1]

    def open(self, path: str, app: str, options: dict[str, Any]) -> KeptDocument:
        """The kept view of ``path``, opened (and the oldest closed) when its content is not
        kept yet. Raises ``PackageError`` like ``open_document``."""
        try:
            with open(path, "rb") as f:
                digest = hashlib.sha1(f.read()).hexdigest()
        except OSError:
            # Not kept: raises the PackageError.
            return KeptDocument(open_document(path, app, options=options,
                                              backends=self.backends))
        key = (os.path.abspath(path), app, digest, repr(sorted(options.items())))
        kept = self._kept.get(key)
        if kept is None:
            kept = self._kept[key] = KeptDocument(open_document(path, app, options=options,
                                                                backends=self.backends))
            while len(self._kept) > self.keep:
                self._kept.popitem(last=False)[1].doc.close()
        else:
            self._kept.move_to_end(key)
        return kept


class Grading:
    """One document being graded: the document, the input and reference documents (opened
    when a check first needs them, kept by ``documents``), and the resolve contexts."""

    def __init__(self, documents: TaskDocuments, main: Document, input_path: str | None,
                 reference_path: str | None, app: str, options: dict[str, Any],
                 rubric: Rubric | None = None) -> None:
        self.documents = documents
        self.rubric = rubric
        self.main = main
        self.app = app
        self.options = options
        self._paths = {"input": input_path, "reference": reference_path}
        self._others: dict[str, KeptDocument | EvalError] = {}
        self._memos: dict[int, KeptMemo] = {}
        # Every target resolves with one of these two contexts.
        self._contexts = {direct: ResolveContext(direct=direct, options=options,
                                                 backends=documents.backends)
                          for direct in (False, True)}
        # Set by the first check that ran out of memory: the rest are not tried.
        self.exhausted = False

    def other(self, which: str) -> Document:
        """The ``input`` or ``reference`` document. Raises ``EvalError`` when the task has
        none or it is unreadable (the rubric's problem, never the candidate's)."""
        if which not in self._others:
            path = self._paths.get(which)
            if not path:
                self._others[which] = EvalError(f"no {which} document was given for this "
                                                f"check")
            else:
                try:
                    kept = self.documents.open(path, self.app, self.options)
                    if not kept.planned and self.rubric is not None:
                        kept.planned = True
                        plan(kept.doc, self.documents.plan_of(self.rubric)[which])
                    self._others[which] = kept
                    self._memos[id(kept.doc)] = kept.memo
                except PackageError as exc:
                    self._others[which] = EvalError(f"the {which} document is unreadable: "
                                                    f"{exc}")
        got = self._others[which]
        if isinstance(got, EvalError):
            raise got
        return got.doc

    def backend_versions(self) -> dict[str, str]:
        """The outside engines (``{"recalc": "LibreOffice 25.2.3.2 …"}``) whose results the
        graded document and the input and reference documents this grading opened used."""
        out: dict[str, str] = {}
        docs = [self.main] + [k.doc for k in self._others.values()
                              if isinstance(k, KeptDocument)]
        for doc in docs:
            out.update(getattr(doc, "backend_versions", None) or {})
        return out

    def kept_memo(self, doc: Document) -> KeptMemo | None:
        """What is remembered with the kept ``doc`` (``memo.KeptMemo``); ``None`` for a
        document that is not kept."""
        return self._memos.get(id(doc))

    def resolve(self, check: Check, target: Target) -> Observation | None:
        """The check's property on ``target``. Raises ``EvalError`` for a property that does
        not apply to the target's kind, and whatever the resolver raises
        (``UnverifiableValue``, ``UnevaluableDocument``, ``PackageError``)."""
        try:
            return resolve(check.property or "", target,
                           self._contexts[check.source == "direct"])
        except LookupError as exc:
            # The loader rejects properties that do not apply to a selector's kind; a kind
            # mismatch at run time (e.g. a mixed selection) is the rubric's problem, not the
            # candidate's.
            raise EvalError(str(exc)) from exc

    def resolve_all(self, check: Check, targets: list[Target]) -> list[Observation | None]:
        """``[self.resolve(check, t) for t in targets]``, through the property's bulk
        resolver when it has one for these targets (Excel cells); raises what ``resolve``
        raises for the first target that fails."""
        many = bulk_resolver(check.property or "", targets)
        if many is None:
            return [self.resolve(check, t) for t in targets]
        return many(targets, self._contexts[check.source == "direct"])

    def alike(self, check: Check, targets: list[Target], others: list[Target | None]
              ) -> list[bool] | None:
        """Which of ``targets`` certainly resolve as their counterparts in ``others`` (the
        input's or reference's targets at the same positions) do, for the check's property
        (``catalog.alike_resolver``); ``None`` when the property cannot say. Raises what the
        comparison raises (a bug of ours: the caller then resolves every target)."""
        fn = alike_resolver(check.property or "", targets)
        return fn(targets, others) if fn is not None else None

    def resolve_other(self, check: Check, target: Target) -> Observation | None:
        """``resolve`` for a target of the input or reference document, remembered with
        that document (``KeptMemo``). A failure is not remembered; one of the document's own
        (``UnevaluableDocument``) is ours here, never the candidate's: ``EvalError``."""
        memo = self._memos.get(id(target.doc))
        key = (check.property, check.source == "direct", id(target))
        hit = memo.observed(key) if memo is not None else MISSING
        if hit is not MISSING:
            return hit  # type: ignore[return-value]
        try:
            obs = self.resolve(check, target)
        except UnevaluableDocument as exc:
            raise EvalError(f"the task's own document could not be evaluated: {exc}") from exc
        if memo is not None:
            memo.keep_observed(key, obs)
        return obs


def planned_selectors(rubric: Rubric) -> dict[str | None, list[str]]:
    """The selectors the rubric's checks evaluate on the graded document (key ``None``) and
    on its ``input`` / ``reference`` document, in rubric order, each once."""
    out: dict[str | None, dict[str, None]] = {None: {}, "input": {}, "reference": {}}
    for c in rubric.criteria:
        for k in c.checks:
            if not k.select or (k.xpath and k.part):
                continue
            out[None][k.select] = None
            comparator = get_comparator(k.op)
            if comparator is not None and comparator.kind is ComparatorKind.INPUT:
                out["input"][k.select] = None
            if k.expected_from in ("input", "reference"):
                out[k.expected_from][k.select] = None
    return {w: list(v) for w, v in out.items()}
