"""The command line: thin commands over the library, and the one error -> exit-code map.

Exit codes (documented in the README):
  0  the command did its job (``score`` graded the document, whatever the score)
  1  the job found failures it was asked to find (``audit`` not clean, ``validate`` issues;
     ``generate``: some requests still failed after retries)
  2  usage error (bad arguments; typer's own)
  3  a rubric is invalid
  4  a document cannot be read (``query`` / ``inspect``) or is missing (``score``)
  5  grading finished with evaluator errors (our bugs or unverifiable values)
 70  internal error

The commands live in this package's modules by what they do (``grading``, ``reading``,
``batching``, ``models``); ``common`` holds the app, the consoles, the exit codes and the
helpers that end a command with one line.
"""

from __future__ import annotations

import sys

# Importing the command modules registers their commands on ``app``, in this order in the help.
from officeeval.cli import grading, reading, batching, models, agents  # noqa: F401, I001
from officeeval.cli.common import (  # noqa: F401 - the exit-code table is this package's API
    EXIT_DOCUMENT, EXIT_EVAL_ERROR, EXIT_FAILED, EXIT_INTERNAL, EXIT_OK, EXIT_RUBRIC, EXIT_USAGE,
    app, err_console,
)
from officeeval.errors import OfficeEvalError


def main() -> None:
    try:
        app(prog_name="officeeval")  # also under ``python -m officeeval``
    except OfficeEvalError as exc:  # a library error no command mapped: still no traceback
        err_console.print(f"error: {exc}", markup=False)
        sys.exit(EXIT_INTERNAL)


if __name__ == "__main__":
    main()
