"""The ``inspect_ai`` entry point (pyproject: ``[project.entry-points.inspect_ai]``):
importing it registers officeeval's task, sandbox environment, solvers and scorer with
Inspect (``inspect eval officeeval/ncre``, ``sandbox="officeeval"``)."""

from officeeval.inspect.sandbox import OfficeSandbox  # noqa: F401
from officeeval.inspect.scorer import officeeval_scorer  # noqa: F401
from officeeval.inspect.solvers import feedback_turns, office_agent, single_turn  # noqa: F401
from officeeval.inspect.task import ncre  # noqa: F401
