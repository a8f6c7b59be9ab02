"""Load a rubric: structure by the shipped XSD, meaning by the engine, and every problem
reported at once with its line (and column inside a selector).

The structure is checked by libxml2's validator (``lxml.etree.XMLSchema``: milliseconds,
nothing more to import); only a rubric it rejects is validated again by ``xmlschema``, whose
messages name what is wrong (``tests/rubric/test_schema_validators.py`` holds the two to
the same verdicts). The meaning is read element by element: ``document`` (the ``<rubric>``),
``criteria``, ``checks`` and, for a check, ``reads``, ``expected`` and ``relations``.

Raises ``RubricError`` listing all issues; returns a frozen ``Rubric`` otherwise.
"""

from __future__ import annotations

from functools import lru_cache
from importlib import resources
from pathlib import Path

from lxml import etree

from officeeval.errors import RubricError, RubricIssue
from officeeval.rubric.document import build_rubric
from officeeval.rubric.elements import NS, PARSER
from officeeval.rubric.model import Rubric


@lru_cache(maxsize=1)
def schema():  # noqa: ANN201 - an xmlschema.XMLSchema (imported only when needed)
    """The rubric XSD shipped as package data, as ``xmlschema`` reads it (for messages)."""
    import xmlschema
    text = resources.files("officeeval.rubric").joinpath("rubric.xsd").read_text("utf-8")
    return xmlschema.XMLSchema(text)


@lru_cache(maxsize=1)
def fast_schema() -> etree.XMLSchema:
    """The same XSD as libxml2 reads it: tells valid from invalid, fast."""
    data = resources.files("officeeval.rubric").joinpath("rubric.xsd").read_bytes()
    return etree.XMLSchema(etree.fromstring(data, PARSER))


def schema_issues(root: etree._Element) -> list[RubricIssue]:
    """The structural problems of the rubric ``root`` (none when libxml2 finds it valid;
    else ``xmlschema``'s, each with its line)."""
    tree = etree.ElementTree(root)
    if fast_schema().validate(tree):
        return []
    issues = []
    for err in schema().iter_errors(tree):
        elem = getattr(err, "elem", None)
        line = getattr(elem, "sourceline", None)
        issues.append(RubricIssue(line, _schema_message(err)))
    return issues


def load_rubric(path: str | Path) -> Rubric:
    """Load and validate the rubric at ``path``; raises ``RubricError`` with every issue
    (an unreadable file is one issue without a line)."""
    p = Path(path)
    try:
        data = p.read_bytes()
    except OSError as exc:
        raise RubricError(str(p), [RubricIssue(None, f"cannot read rubric: {exc}")]) from exc
    return load_rubric_text(data, str(p))


def load_rubric_text(data: bytes | str, name: str = "<rubric>") -> Rubric:
    """Load a rubric from its XML text; relative file paths resolve against ``name``'s
    folder. Raises ``RubricError``."""
    raw = data.encode("utf-8") if isinstance(data, str) else data
    try:
        root = etree.fromstring(raw, PARSER)
    except etree.XMLSyntaxError as exc:
        raise RubricError(name, [RubricIssue(exc.lineno, f"malformed XML: {exc.msg}")]) from exc
    issues: list[RubricIssue] = schema_issues(root)
    rubric = build_rubric(root, raw, name, issues)
    if issues:
        issues.sort(key=lambda i: (i.line or 0, i.column or 0))
        raise RubricError(name, _dedupe(issues))
    return rubric


def _dedupe(issues: list[RubricIssue]) -> list[RubricIssue]:
    seen, out = set(), []
    for i in issues:
        if (i.line, i.message) not in seen:
            seen.add((i.line, i.message))
            out.append(i)
    return out


def _schema_message(err) -> str:  # noqa: ANN001 - an XMLSchemaValidationError
    reason = (err.reason or str(err)).strip().splitlines()[0]
    reason = reason.replace(f"{{{NS}}}", "")
    return f"schema: {reason}"
