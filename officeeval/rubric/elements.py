"""The rubric's XML: its namespace, the parser that reads it and an element's local name."""

from __future__ import annotations

from lxml import etree

NS = "urn:officeeval:rubric:1"
# A rubric is untrusted input: no entities, no DTD, nothing fetched from the network.
PARSER = etree.XMLParser(resolve_entities=False, no_network=True, load_dtd=False,
                         huge_tree=False, remove_comments=True)


def local_name(el: etree._Element) -> str:
    """The element's name without its namespace; ``""`` for a processing instruction."""
    return etree.QName(el).localname if isinstance(el.tag, str) else ""
