"""The benchmark inside Inspect AI (``pip install 'officeeval[inspect]'``).

* ``task``: ``ncre``, an Inspect task per task set (``inspect eval officeeval/ncre
  --model …``) in three settings: single-turn, feedback turns, agent;
* ``solvers``: the three settings as solvers (the same prompts, feedback and tools as
  ``officeeval generate``, ``generate --turns`` and ``officeeval agent``);
* ``scorer``: the engine, on ``batch``'s grading path (score rate as the value; each
  criterion's verdict and failure class, execution vs logic losses in the metadata);
* ``sandbox``: ``officeeval``, a sandbox environment backed by officeeval's bubblewrap
  sandbox and the agent's persistent working folder (no Docker needed);
* ``tools``: the agent's tools as Inspect tools;
* ``logs``: Inspect logs read into a results store, so ``officeeval report`` shows them
  beside batches.

``_registry`` is the ``inspect_ai`` entry point that registers the task, the sandbox, the
solvers and the scorer with Inspect. Importing the modules needs ``inspect_ai``; nothing
else in officeeval imports this package but the command line (``report --inspect-log``).
"""
