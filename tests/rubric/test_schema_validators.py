"""The rubric's structure is checked by libxml2 (fast) and, for a rubric it rejects, by
xmlschema (the messages): both must reject and accept the same rubrics, or a rubric
xmlschema would reject could pass unseen."""

from __future__ import annotations

import copy
from pathlib import Path

import pytest
from lxml import etree

from officeeval.rubric.elements import PARSER
from officeeval.rubric.loader import fast_schema, schema

REPO = Path(__file__).resolve().parents[2]
NS = "{urn:officeeval:rubric:1}"


def _rubrics() -> list[Path]:
    found = [*REPO.glob("rubrics/*.xml"), *REPO.glob("samples/*/*.xml"),
             *REPO.glob("tests/**/*.xml")]
    out = []
    for p in sorted(found):
        try:
            root = etree.fromstring(p.read_bytes(), PARSER)
        except etree.XMLSyntaxError:
            continue
        if root.tag == NS + "rubric":
            out.append(p)
    return out


def _variants(root: etree._Element):
    """The rubric and ways to break its structure: a required attribute gone, an unknown
    attribute or element, a wrong enumeration or number, an element out of place."""
    yield "as is", root
    for what, edit in (
            ("no id", lambda r: r.attrib.pop("id", None)),
            ("unknown attribute", lambda r: r.set("colour", "red")),
            ("unknown element", lambda r: etree.SubElement(r, NS + "extra")),
            ("bad app", lambda r: r.set("app", "visio")),
            ("bad total", lambda r: r.set("total", "many")),
            ("criterion without points", lambda r: r.find(NS + "criterion").attrib.pop(
                "points", None)),
            ("check without select or property", lambda r: [
                r.find(f"{NS}criterion/{NS}check").attrib.pop(k, None)
                for k in ("select", "property", "op", "expected")]),
            ("bad match", lambda r: r.find(f"{NS}criterion/{NS}check").set("match", "most")),
            ("criterion in a check", lambda r: r.find(f"{NS}criterion/{NS}check").append(
                etree.Element(NS + "criterion"))),
            ("no criteria", lambda r: [r.remove(c) for c in r.findall(NS + "criterion")])):
        broken = copy.deepcopy(root)
        try:
            edit(broken)
        except AttributeError:
            continue  # this rubric has nothing to break that way
        yield what, broken


@pytest.mark.parametrize("path", _rubrics(), ids=lambda p: str(p.relative_to(REPO)))
def test_libxml2_and_xmlschema_agree(path):
    root = etree.fromstring(path.read_bytes(), PARSER)
    for what, variant in _variants(root):
        tree = etree.ElementTree(variant)
        fast = fast_schema().validate(tree)
        full = not list(schema().iter_errors(tree))
        assert fast == full, f"{what}: libxml2 {'accepts' if fast else 'rejects'}, " \
                             f"xmlschema {'accepts' if full else 'rejects'}"
