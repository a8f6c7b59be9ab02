"""``officeeval serve``: grading and rewards over HTTP, for RL trainers and agent loops.

The server process only speaks HTTP: every document is graded, and every program run, in
the same worker processes as ``batch`` (``runner.pool.start_worker`` running
``service.work.serve_job``, which calls ``runner.grading.grade_item``), with the same
sandbox and the same shared LibreOffice service. Modules:

* ``options``: what the command line sets (``ServeOptions``), and the binding rule (a token
  is required unless the server listens on loopback only).
* ``work``: the job a worker runs (grade, optionally store, render the JSON answer at the
  detail level the client may see).
* ``memory``: a worker's address-space limit and peak memory (recycling).
* ``pool``: the asyncio side of the worker pool: a bounded queue (full: 429 with the real
  wait), deadlines (a worker past its deadline is killed and replaced), workers replaced
  when they die or are recycled, lanes (inline rubrics hold all workers but one) and
  fairness between client addresses.
* ``inputs``: reading a score or run request (multipart or JSON with base64) into a job;
  the spool, whose files each request releases whatever becomes of it.
* ``catalog``: what ``/v1/tasks`` shows (expected values only with ``--expose-rubrics``).
* ``metrics``: Prometheus text exposition (counters, a latency histogram, gauges).
* ``connections``: below the application, a deadline for every request head and a bound on
  open connections (uvicorn's h11 protocol with hooks).
* ``guards``: ASGI middleware: bearer token, request size and read-time limits, metrics.
* ``openapi``: the OpenAPI document served at ``/openapi.json``.
* ``app``: the Starlette application; ``server``: running it under uvicorn.

Importing this package needs the ``serve`` extra (starlette, uvicorn, python-multipart).
"""
