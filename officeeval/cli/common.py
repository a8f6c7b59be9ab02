"""What every command shares: the typer app (help without type placeholders), the consoles,
the exit codes, the one-line failures that end a command, and the request options the
model loop and the agent both take (``generate``, ``agent``)."""

from __future__ import annotations

import json
import os
import re
import sys
from pathlib import Path

import typer
from typer.core import TyperCommand, TyperGroup

from officeeval.errors import RubricError

EXIT_OK, EXIT_FAILED, EXIT_USAGE, EXIT_RUBRIC, EXIT_DOCUMENT, EXIT_EVAL_ERROR = 0, 1, 2, 3, 4, 5
EXIT_INTERNAL = 70


class _Params:
    """Help without type placeholders (mixed into typer's command and group classes): a
    flag shows no value, an option or argument without a metavar of its own shows its name
    in capitals, and the usage line names arguments plainly (``DOCUMENT``, not
    ``{document}``)."""

    def get_params(self, ctx):  # noqa: ANN001, ANN201 - click's types
        params = super().get_params(ctx)  # type: ignore[misc]
        _plain_coercion(params)
        for p in params:
            if p.metavar is None:
                flag = getattr(p, "is_flag", False) or getattr(p, "count", False)
                p.metavar = "" if flag else (p.name or "").upper()
            if getattr(p, "param_type_name", "") == "argument" and \
                    hasattr(p, "display_type_rich"):
                # Newer typer prints an argument's Python type (<path>) beside its name.
                p.display_type_rich = lambda ctx: None  # noqa: ARG005
        return params

    def collect_usage_pieces(self, ctx):  # noqa: ANN001, ANN201
        return [re.sub(r"^\{([A-Z_]+)\}(\.\.\.)?$", r"\1\2", piece)
                for piece in super().collect_usage_pieces(ctx)]  # type: ignore[misc]


def _plain_coercion(params) -> None:  # noqa: ANN001 - click's parameters
    """Give the parameters of plain types (paths, text, numbers, truth values, lists and
    optionals of them) a coercion of their own. Typer builds a pydantic ``TypeAdapter`` for
    every parameter of the command it runs: importing pydantic and building the adapters
    was a fifth of ``officeeval score``'s start. Parameters of any other type, or on a
    typer without runtime coercion, are left to typer."""
    if _PlainParam is None:
        return
    for p in params:
        desc = getattr(p, "type_descriptor", None)
        if desc is None or getattr(p, "_runtime_param", 0) is not None:
            continue
        if getattr(desc.parameter_info, "parser", None) is not None or \
                getattr(desc, "file_annotation", None) is not None or \
                getattr(desc.parameter_info, "min", None) is not None or \
                getattr(desc.parameter_info, "max", None) is not None:
            continue
        conv = _converter(desc.annotation)
        if conv is not None:
            p._runtime_param = _PlainParam(desc.parameter_info, desc.annotation, conv)


def _converter(annotation):  # noqa: ANN001, ANN202 - a typing annotation -> a function
    import types
    import typing
    origin = typing.get_origin(annotation)
    args = [a for a in typing.get_args(annotation) if a is not type(None)]
    if origin in (typing.Union, getattr(types, "UnionType", None)) and len(args) == 1:
        return _converter(args[0])
    if origin is list and len(args) == 1:
        one = _LEAVES.get(args[0])
        return None if one is None else (lambda value: [one(v) for v in value])
    return _LEAVES.get(annotation)


def _to_int(value):  # noqa: ANN001, ANN202
    if isinstance(value, bool):
        raise ValueError("Input should be a valid integer")
    try:
        return int(value)
    except (TypeError, ValueError):
        raise ValueError("Input should be a valid integer, unable to parse string as an "
                         "integer") from None


def _to_float(value):  # noqa: ANN001, ANN202
    try:
        return float(value)
    except (TypeError, ValueError):
        raise ValueError("Input should be a valid number, unable to parse string as a "
                         "number") from None


def _to_bool(value):  # noqa: ANN001, ANN202
    if isinstance(value, bool):
        return value
    text = str(value).strip().lower()
    if text in ("1", "true", "t", "yes", "y", "on"):
        return True
    if text in ("0", "false", "f", "no", "n", "off"):
        return False
    raise ValueError("Input should be a valid boolean, unable to interpret input")


_LEAVES = {Path: lambda v: v if isinstance(v, Path) else Path(v), str: str, int: _to_int,
           float: _to_float, bool: _to_bool}

try:
    from typer._coercion import RuntimeParam as _RuntimeParam
except ImportError:  # a typer that coerces parameters itself, without pydantic
    _PlainParam = None
else:
    from dataclasses import dataclass as _dataclass

    @_dataclass(frozen=True)
    class _PlainParam(_RuntimeParam):  # type: ignore[no-redef]
        convert: object = None

        def _coerce_value(self, value, param, ctx):  # noqa: ANN001, ANN202
            try:
                return self.convert(value)  # type: ignore[operator]
            except ValueError as exc:
                raise typer.BadParameter(str(exc), ctx=ctx, param=param) from None


class _Command(_Params, TyperCommand):
    pass


class _Group(_Params, TyperGroup):
    pass


class _App(typer.Typer):
    """Every command of this app, however declared, gets the help of ``_Params``."""

    def command(self, *args, cls=None, **kwargs):  # noqa: ANN001, ANN002, ANN003, ANN201
        return super().command(*args, cls=cls or _Command, **kwargs)


class _LazyConsole:
    """A rich ``Console`` made on first use: importing rich's console costs a command that
    prints nothing through it (``score --json``) a tenth of its start."""

    def __init__(self, stderr: bool = False) -> None:
        self._stderr = stderr
        self._console = None

    def __getattr__(self, name: str):  # noqa: ANN204 - the Console's attributes
        if self._console is None:
            import os

            from rich.console import Console
            c = Console(stderr=self._stderr)
            if not c.is_terminal and not os.environ.get("COLUMNS"):
                c = Console(stderr=self._stderr, width=LOG_WIDTH, soft_wrap=True)
            self._console = c
        return getattr(self._console, name)


app = _App(cls=_Group, add_completion=False, no_args_is_help=True,
           pretty_exceptions_enable=False, help="Grade Office documents against exam rubrics.")
# Without a terminal (a log, nohup, CI, `| tee`) and without COLUMNS, rich would fold every
# line at 80 columns and break paths and counts in two: there, lines are never folded and
# tables may be as wide as LOG_WIDTH (they take only the width they need).
LOG_WIDTH = 200


def log_output(c) -> bool:  # noqa: ANN001 - a Console or _LazyConsole
    """Whether ``c`` writes to a log rather than a terminal with a width of its own
    (``score`` then prints lines, not its table)."""
    return not c.is_terminal and not os.environ.get("COLUMNS")


console = _LazyConsole()
err_console = _LazyConsole(stderr=True)

_JSON_HELP = "Print JSON instead of a table."
_RECALC_HELP = ("Recalculate formulas that have no cached value, and lay documents out for "
                "layout checks, with LibreOffice; --no-recalc never starts it (layout "
                "checks are then eval_errors). Default: when LibreOffice is installed.")


def _fail(code: int, message: str) -> None:
    """Print MESSAGE as one line (never wrapped at the terminal's width) and exit CODE."""
    err_console.print(message, markup=False, highlight=False, soft_wrap=True)
    raise typer.Exit(code)


def _json(obj) -> None:
    sys.stdout.write(json.dumps(obj, ensure_ascii=False, indent=2, default=str) + "\n")


def _existing_file(path: Path, what: str) -> None:
    """Exit 4 with one line when PATH (a document to read) is missing or not a file."""
    if not path.exists():
        _fail(EXIT_DOCUMENT, f"cannot read {what} {path}: no such file")
    if not path.is_file():
        _fail(EXIT_DOCUMENT, f"cannot read {what} {path}: not a file")


def _output_dir(path: Path, flag: str) -> None:
    """Exit 2 with one line unless PATH is a directory we can write in, or one we can
    create (nothing is created here)."""
    import os
    if path.exists() and not path.is_dir():
        _fail(EXIT_USAGE, f"{flag} {path}: that is an existing file; give a directory")
    existing = path
    while not existing.exists() and existing.parent != existing:
        existing = existing.parent
    if not existing.is_dir():
        _fail(EXIT_USAGE, f"{flag} {path}: cannot create the directory ({existing} is a "
                          f"file)")
    if not os.access(existing, os.W_OK | os.X_OK):
        what = "the directory is" if existing == path else f"{existing} is"
        _fail(EXIT_USAGE, f"{flag} {path}: {what} not writable")


def _load_rubric(path: Path):
    from officeeval.rubric import load_rubric
    try:
        return load_rubric(path)
    except RubricError as exc:
        _fail(EXIT_RUBRIC, str(exc))


# Request options of the model loop and the agent: one declaration, so their defaults and
# help cannot drift apart (typer only reads these objects).
TEMPERATURE = typer.Option(None, "--temperature", help="Sent when set (else the server's "
                           "default).")
TOP_P = typer.Option(None, "--top-p", help="Sent when set.")
RETRIES = typer.Option(6, "--retries", help="Retries of a request (429, 5xx, timeouts, "
                       "malformed replies).")
RETRY_DELAY = typer.Option(1.0, "--retry-delay", help="First backoff, seconds (doubled "
                           "each retry).")
REQUEST_TIMEOUT = typer.Option(600.0, "--request-timeout", help="Seconds per request "
                               "attempt.")
