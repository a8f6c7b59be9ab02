"""Scoring: evaluate a rubric on a document into a ScoreCard.

``Grader`` grades many documents and keeps what is worth keeping between them;
``evaluate`` is the one-call form.

The modules form one chain: each imports only modules listed before it (at module level,
never inside a function; ``tests/scoring/test_scoring_chain.py`` holds it), and nothing
wires them together at run time.

Import order, lowest first:
    outcomes, scorecard, console, display, memo, grading, run, verdicts, grouped, literal,
    counterparts, relations, distinct, xpath, judges, criteria, grader, warm, engine

* ``outcomes``: the statuses, and ``EvalError`` (a check the evaluator cannot judge);
  ``scorecard``: the results; ``console``: a card on a terminal; ``display``: how values
  are said in a card.
* ``memo``: what judging remembers (below); ``grading``: one document being graded and
  what a Grader keeps between gradings.
* ``run``: a check being judged (``CheckRun``) and its plan; ``verdicts``: one target's
  verdict per comparator kind and the aggregation by ``match``.
* The judges, by what a target is judged against: ``grouped`` and ``literal`` (the check's
  literal), ``counterparts`` (the input or reference: ``unchanged``, ``changed``,
  ``expected-from``), ``relations`` (another selection, ``against=``), ``distinct`` (the
  values together), ``xpath`` (the raw escape hatch); ``judges`` dispatches a check to its
  comparator kind's judge.
* ``criteria``: checks and criteria scored and classified; ``grader``: the Grader;
  ``warm``: a Grader answering ``score`` for the user's warm server (``officeeval
  recalc-server``); ``engine``: ``evaluate``.

What is remembered, each once and by one owner (no table in a module's globals):

* per check, its plan (comparator, base fields, display type and literal rendered per
  application): kept on the check (``cache.memo_value``, ``run.plan_of``);
* per kept input or reference document, its observations, its values said and verdicts
  against them (``memo.KeptMemo``): owned by the Grader's entry for the document
  (``grading.KeptDocument``), dropped when the document is;
* per judging of one check on one graded document, one verdict per distinct value
  (``memo.Verdicts``): held by the judge while it judges.

Two values judge alike when their value type's ``identity_key`` says so
(``properties/types``: a cell value by its class, value, extras and the value's type);
``memo.alike_key`` is the one place scoring asks.
"""

from officeeval.scoring.outcomes import CriterionStatus, TaskOutcome  # noqa: F401
from officeeval.scoring.scorecard import CheckResult, CriterionResult, ScoreCard  # noqa: F401
from officeeval.scoring.grader import Grader  # noqa: F401
from officeeval.scoring.engine import evaluate, evaluate_outcome  # noqa: F401
