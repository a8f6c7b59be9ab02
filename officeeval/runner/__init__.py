"""Running generated programs and grading batches.

* ``tasks``: the task registry (a rubric plus the files it names); ``tasks_listing``: the
  ``tasks`` command's table.
* ``manifest``: the JSON Lines manifest (code / answer / output lines, bad-line issues);
  ``answers``: the program extracted from a raw answer; ``limits``: resource limits.
* ``sandbox``: run one program (``isolation``: bubblewrap or rlimits-only and the mounts;
  ``bootstrap``: the supervisor inside, ``launch``: the program's own process there,
  ``workfiles``: the supervisor's copies in and out of the work folder,
  ``supervisor_files``: those modules compiled and shipped next to each program;
  ``folders``: iterative walk/measure/remove of what a program wrote, used on both sides;
  ``processes``: cgroups and tree kills; ``sandbox_record``: what is kept of a run;
  ``classify``: record -> outcome; ``sweep``: what killed batches left behind).
* ``grading``: one generation, end to end (the unit of work); ``pool`` and
  ``ray_backend``: the executors; ``batch``: plan, run, store, resume; ``committer``: the
  thread that commits results within half a second; ``store``: the SQLite results store
  (the contract with ``officeeval.analysis``); ``escaping``: program text made storable.
* ``batch_command``, ``console``, ``summary``: what the ``batch`` command prints.
"""
