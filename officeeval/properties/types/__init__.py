"""Value types: how an expected literal parses, how a value renders, and what equality,
order and containment mean for it.

Every property has exactly one value type. Comparators are generic and ask the type; so
``2.54cm`` equals ``1in`` (lengths compare in points), ``居中`` equals ``center`` (enumerations
compare by canonical token) and ``#ddebf7`` equals ``DDEBF7`` (colors compare as RGB).
Types never raise on odd *actual* values (those come from documents); ``parse`` raises
``ValueParseError`` on a bad *expected* literal (that is a rubric error).

One module per value family (``base``: the protocol, tolerances and the comparison context;
``text``; ``choices``: booleans and enumerations; ``numbers``; ``lengths``: lengths, font
sizes, line spacing, paper sizes; ``tabs``: tab stops; ``colors``: colours and borders, with
``color_difference`` (CIEDE2000); ``cells``: spreadsheet and structured values). This
package re-exports every name, so ``from officeeval.properties import types as T`` and
``T.LENGTH`` / ``T.EnumType`` are the way to use it, and defines the shared instances the
catalog uses.
"""

from __future__ import annotations

from officeeval.ooxml.units import CHINESE_FONT_SIZES
from officeeval.properties.types.base import (
    CompareContext, Tolerance, ValueType, compare_number, parse_comparison,
)
from officeeval.properties.types.cells import CellValueType, JsonType
from officeeval.properties.types.choices import BoolType, EnumType
from officeeval.properties.types.colors import AUTO_BORDER_COLOR, BorderType, ColorType
from officeeval.properties.types.lengths import (
    FontSizeType, LengthType, LineSpacingType, PageSizeType,
)
from officeeval.properties.types.numbers import DurationType, NumberType
from officeeval.properties.types.tabs import TabStopsType
from officeeval.properties.types.text import ListType, StyleNameType, TextType, normalize_text, \
    style_key

__all__ = [
    "AUTO_BORDER_COLOR", "CHINESE_FONT_SIZES", "BorderType", "BoolType", "CellValueType",
    "ColorType", "CompareContext", "DurationType", "EnumType", "FontSizeType", "JsonType",
    "LengthType", "LineSpacingType", "ListType", "NumberType", "PageSizeType",
    "StyleNameType", "TabStopsType", "TextType", "Tolerance", "ValueType", "compare_number",
    "normalize_text", "parse_comparison", "style_key",
    "TEXT", "BOOL", "NUMBER", "INTEGER", "PERCENT", "LENGTH",
    "LENGTH_ABS", "LENGTH_CHARS", "LENGTH_LINES", "SIZE", "COLOR", "STYLE_NAME",
    "LINE_SPACING", "DURATION", "LIST", "FUNCTIONS", "ORDERED_LIST", "PAGE_SIZE",
    "BORDER", "CELL_VALUE", "JSON", "ANY", "TAB_STOPS",
]

# Shared instances used by the catalog.
TEXT = TextType()
BOOL = BoolType()
NUMBER = NumberType()
INTEGER = NumberType(integer=True, name="integer")
PERCENT = NumberType(unit="%", name="percent")
LENGTH = LengthType()
LENGTH_ABS = LengthType(name="length", allow_units=())
LENGTH_CHARS = LengthType(name="length", allow_units=("char",))
LENGTH_LINES = LengthType(name="length", allow_units=("line",))
SIZE = FontSizeType()
COLOR = ColorType()
STYLE_NAME = StyleNameType()
LINE_SPACING = LineSpacingType()
DURATION = DurationType()
LIST = ListType()
FUNCTIONS = ListType(name="functions", fold_case=True,
                     description="function names used, e.g. SUM|AVERAGE (case-insensitive)")
ORDERED_LIST = ListType(name="ordered_list", ordered=True,
                        description="an ordered list: items separated by |")
PAGE_SIZE = PageSizeType()
BORDER = BorderType()
CELL_VALUE = CellValueType()
JSON = JsonType()
ANY = ValueType()
TAB_STOPS = TabStopsType()
