"""Namespace URIs and Clark-notation helpers.

Both the Transitional and the Strict (ISO 29500 strict) URIs are known; the package layer maps
Strict URIs to Transitional ones on parse, so resolvers only ever see Transitional names.
"""

from __future__ import annotations

W = "http://schemas.openxmlformats.org/wordprocessingml/2006/main"
W14 = "http://schemas.microsoft.com/office/word/2010/wordml"
A = "http://schemas.openxmlformats.org/drawingml/2006/main"
R = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"
P = "http://schemas.openxmlformats.org/presentationml/2006/main"
P14 = "http://schemas.microsoft.com/office/powerpoint/2010/main"
P15 = "http://schemas.microsoft.com/office/powerpoint/2012/main"
S = "http://schemas.openxmlformats.org/spreadsheetml/2006/main"
X14 = "http://schemas.microsoft.com/office/spreadsheetml/2009/9/main"
XM = "http://schemas.microsoft.com/office/excel/2006/main"
C = "http://schemas.openxmlformats.org/drawingml/2006/chart"
DGM = "http://schemas.openxmlformats.org/drawingml/2006/diagram"
PIC = "http://schemas.openxmlformats.org/drawingml/2006/picture"
WP = "http://schemas.openxmlformats.org/drawingml/2006/wordprocessingDrawing"
WPS = "http://schemas.microsoft.com/office/word/2010/wordprocessingShape"
WPG = "http://schemas.microsoft.com/office/word/2010/wordprocessingGroup"
XDR = "http://schemas.openxmlformats.org/drawingml/2006/spreadsheetDrawing"
MC = "http://schemas.openxmlformats.org/markup-compatibility/2006"
V = "urn:schemas-microsoft-com:vml"
O = "urn:schemas-microsoft-com:office:office"
PKG_REL = "http://schemas.openxmlformats.org/package/2006/relationships"
CT = "http://schemas.openxmlformats.org/package/2006/content-types"
CP = "http://schemas.openxmlformats.org/package/2006/metadata/core-properties"
DC = "http://purl.org/dc/elements/1.1/"
DCTERMS = "http://purl.org/dc/terms/"
EP = "http://schemas.openxmlformats.org/officeDocument/2006/extended-properties"

NSMAP = {
    "w": W, "w14": W14, "a": A, "r": R, "p": P, "p14": P14, "p15": P15, "s": S, "x14": X14,
    "xm": XM, "c": C, "dgm": DGM, "pic": PIC, "wp": WP, "wps": WPS, "wpg": WPG, "xdr": XDR,
    "mc": MC, "v": V, "o": O, "rel": PKG_REL, "ct": CT, "cp": CP, "dc": DC, "dcterms": DCTERMS,
    "ep": EP,
}

# ISO 29500 Strict namespaces -> their Transitional equivalents.
STRICT_TO_TRANSITIONAL = {
    "http://purl.oclc.org/ooxml/wordprocessingml/main": W,
    "http://purl.oclc.org/ooxml/drawingml/main": A,
    "http://purl.oclc.org/ooxml/officeDocument/relationships": R,
    "http://purl.oclc.org/ooxml/presentationml/main": P,
    "http://purl.oclc.org/ooxml/spreadsheetml/main": S,
    "http://purl.oclc.org/ooxml/drawingml/chart": C,
    "http://purl.oclc.org/ooxml/drawingml/diagram": DGM,
    "http://purl.oclc.org/ooxml/drawingml/picture": PIC,
    "http://purl.oclc.org/ooxml/drawingml/wordprocessingDrawing": WP,
    "http://purl.oclc.org/ooxml/drawingml/spreadsheetDrawing": XDR,
    "http://purl.oclc.org/ooxml/officeDocument/extendedProperties": EP,
}

# Relationship type URIs end with these names in both Transitional and Strict forms.
REL_OFFICE_DOCUMENT = "officeDocument"
REL_CORE = "core-properties"
REL_STYLES = "styles"
REL_THEME = "theme"
REL_NUMBERING = "numbering"
REL_SETTINGS = "settings"


def q(prefix: str, local: str) -> str:
    """Clark name ``{uri}local`` for a known prefix; raises KeyError for an unknown prefix."""
    return f"{{{NSMAP[prefix]}}}{local}"


def w(local: str) -> str:
    """Clark name in the WordprocessingML main namespace."""
    return f"{{{W}}}{local}"


def rel_type_name(rel_type: str) -> str:
    """The last path segment of a relationship type URI (``.../styles`` -> ``styles``)."""
    return rel_type.rstrip("/").rsplit("/", 1)[-1]
