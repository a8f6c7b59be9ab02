"""Agent mode (``officeeval agent``, ``generate --agent``): a model that works on a task
through tool calls in one sandboxed working folder that persists across its steps, then
hands in ``output.<ext>``.

* ``workspace``: the persistent folder (a numbered state per step, on the host) and the
  ``python`` runs in the batch's sandbox on it (``runner.sandbox`` with ``collect``);
* ``paths``: the one way a tool argument names a file of that folder (no traversal, no
  link followed, nothing outside it);
* ``tools``: the tools a model may call (``python``, ``outline``, ``render``,
  ``submit``), their OpenAI schemas and what each returns;
* ``chat``: one request with tools to an OpenAI-compatible endpoint, on the retry policy
  of ``generation.client``;
* ``prompt``: the first messages (instruction, files, tools, budgets);
* ``journal``: every step journaled as it happens, for resuming after Ctrl-C;
* ``loop``: one conversation under its budgets (steps, tokens, wall time);
* ``run``: every task x sample, concurrently, into a batch manifest whose lines ``batch``
  grades like any ready-made output (``output``), with the trajectory on the line.

Sits above ``generation`` (its client's retry policy, the task instruction and pictures)
and ``runner`` (the sandbox, the task registry), below ``cli``. Nothing here reads a
rubric's criteria or a reference output: the working folder holds the task's input and
attachments only, and the grader runs after the conversation ended.
"""
