"""Commands that read documents and the catalog: ``query``, ``inspect``, ``outline``,
``properties``, ``comparators``."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Optional

import typer

from officeeval.cli.common import (
    EXIT_USAGE, EXIT_DOCUMENT, app, console, _JSON_HELP, _fail, _json,
)
from officeeval.errors import PackageError, SelectorSyntaxError


def _open(document: Path, layout: bool = True):
    """The document, with a recalculation backend of this command's own (nothing started
    unless a formula value needs it) and, when ``layout``, a layout backend on the same
    LibreOffice; ``_close`` closes both."""
    from officeeval import recalc
    from officeeval.backends import Backends
    from officeeval.formats import open_document
    backends = recalc.backends()
    if not layout:
        backends = Backends(recalc=backends.recalc)
    try:
        return open_document(document, backends=backends)
    except PackageError as exc:
        backends.close()
        _fail(EXIT_DOCUMENT, f"cannot read {document}: {exc}")


def _close(doc) -> None:
    try:
        doc.close()
    finally:
        doc.backends.close()


@app.command()
def query(document: Path = typer.Argument(..., help="The document to read."),
          select: Optional[str] = typer.Option(None, "--select", "-s", metavar="SELECTOR",
                                               help="Which targets, e.g. \"paragraph[1]\" "
                                               "(see docs/rubrics.md). Default: the "
                                               "document itself."),
          prop: str = typer.Option(..., "--property", "-p", metavar="PROPERTY",
                                   help="Property name (officeeval properties lists them)."),
          direct: bool = typer.Option(False, "--direct", help="Only values set directly on "
                                      "the target (not inherited from styles or defaults)."),
          as_json: bool = typer.Option(False, "--json", help=_JSON_HELP)) -> None:
    """Print every selected target's value of a property, with where it came from.

    Exit 2 for a bad selector or property, or when the selector selects nothing (saying
    why); 4 when the document cannot be read."""
    from officeeval.inspection import query as run_query
    from officeeval.catalog import catalog
    from officeeval.report.console import print_rows
    from officeeval.selectors import explain_empty, validate_selector
    doc = _open(document)
    try:
        if catalog().get(prop) is None:
            hint = catalog().suggest(prop, doc.app)
            _fail(EXIT_USAGE, f"unknown property {prop!r}"
                  + (f"; did you mean {hint!r}?" if hint else
                     f" (officeeval properties --app {doc.app} lists them)"))
        if select and select.strip():
            issues, _ = validate_selector(select, doc.app)
            if issues:
                _fail(EXIT_USAGE, f"--select {select!r}: " + "; ".join(
                    f"column {col}: {msg}" for col, msg in issues))
        try:
            rows = run_query(doc, select, prop, direct)
        except SelectorSyntaxError as exc:
            _fail(EXIT_USAGE, f"--select {select!r}: {exc}")
        except (KeyError, LookupError) as exc:
            _fail(EXIT_USAGE, f"--select {select!r}: {exc.args[0] if exc.args else exc}")
        if not rows:
            _fail(EXIT_USAGE, f"--select {select!r} selects nothing: "
                              f"{explain_empty(doc, select or '')}")
    finally:
        _close(doc)
    if as_json:
        _json(rows)
    else:
        print_rows(rows, console)


@app.command()
def inspect(document: Path = typer.Argument(..., help="The document to read."),
            limit: int = typer.Option(50, "--limit", metavar="N",
                                      help="At most this many targets per selector."),
            layout: bool = typer.Option(False, "--layout", help="Also the layout properties "
                                        "(pages, text that fits): LibreOffice lays the "
                                        "document out, seconds more."),
            as_json: bool = typer.Option(False, "--json", help=_JSON_HELP)) -> None:
    """Resolve every catalog property on the standard targets of a document.

    Exit 4 when the document cannot be read."""
    from officeeval.inspection import inspect as run_inspect
    from officeeval.report.console import print_rows
    doc = _open(document, layout=layout)
    try:
        rows = run_inspect(doc, limit, layout=layout)
    finally:
        _close(doc)
    if as_json:
        _json(rows)
    else:
        print_rows(rows, console)


@app.command()
def properties(app_name: Optional[str] = typer.Option(None, "--app", metavar="APP",
                                                      help="Only the properties of word, "
                                                      "excel or ppt. Default: all."),
               as_json: bool = typer.Option(False, "--json", help=_JSON_HELP),
               as_markdown: bool = typer.Option(False, "--markdown",
                                                help="The whole catalog as Markdown (what "
                                                "docs/properties.md holds).")) -> None:
    """List the property catalog: name, apps, value type, unit, description.

    Exit 2 for an unknown app."""
    from rich.table import Table

    from officeeval import apps as app_specs
    from officeeval.catalog import catalog, markdown
    if as_markdown:
        sys.stdout.write(markdown() + "\n")
        return
    APPS = app_specs.names()
    if app_name is not None and app_name not in APPS:
        import difflib
        hint = difflib.get_close_matches(app_name, APPS, n=1)
        _fail(EXIT_USAGE, f"unknown app {app_name!r}: give word, excel or ppt"
              + (f" (did you mean {hint[0]!r}?)" if hint else ""))
    rows = []
    for p in catalog().all():
        apps = p.apps() if p.name != "count" else list(APPS)
        if app_name and app_name not in apps:
            continue
        types = {a: p.type_for(a) for a in apps} or {"": p.vtype}
        rows.append({"name": p.name, "apps": apps,
                     "type": ", ".join(sorted({t.name for t in types.values()})),
                     "unit": ", ".join(sorted({t.unit for t in types.values() if t.unit})),
                     "targets": {a: sorted(p.bindings[a].kinds) for a in p.bindings},
                     "description": p.doc, "values": types[next(iter(types))].description})
    if as_json:
        _json(rows)
        return
    table = Table(header_style="bold")
    for col in ("property", "apps", "type", "unit", "description"):
        table.add_column(col, overflow="fold")
    for r in rows:
        table.add_row(r["name"], ",".join(r["apps"]) or "-", r["type"], r["unit"],
                      r["description"])
    console.print(table)


@app.command()
def comparators(as_json: bool = typer.Option(False, "--json", help=_JSON_HELP)) -> None:
    """List the comparators."""
    from officeeval.comparators import all_comparators
    rows = [{"name": c.name, "needs_expected": c.needs_expected, "kind": c.kind,
             "description": c.doc} for c in all_comparators()]
    if as_json:
        _json(rows)
        return
    for r in rows:
        console.print(f"[bold]{r['name']}[/]  {r['description']}")


@app.command()
def outline(document: Path = typer.Argument(..., help="A .docx, .xlsx or .pptx file."),
            tokens: int = typer.Option(1500, "--tokens", help="Budget in estimated "
                                       "tokens.")) -> None:
    """Print the compact outline of a document that `prompts --outline` gives a model:
    paragraphs with styles, tables, sections; sheets with used range and first rows; slides
    with layouts, titles and shapes. Exit 4 when the document cannot be read."""
    from officeeval.outline import outline as make_outline
    try:
        text = make_outline(document, tokens)
    except PackageError as exc:
        _fail(EXIT_DOCUMENT, f"cannot read {document}: {exc}")
    sys.stdout.write(text + "\n")
