"""Targets whose observations share a memo key are judged once: the key must tell apart
every two values a comparator could judge differently."""

from __future__ import annotations

from officeeval.properties import types as T
from officeeval.scoring.memo import alike_key
from officeeval.values import Observation


def key(value):
    return alike_key(Observation(value, "direct"), T.ANY)


def test_equal_lists_share_a_key_and_different_ones_do_not():
    assert key(["VLOOKUP", "IFERROR"]) == key(["VLOOKUP", "IFERROR"])
    assert key(["VLOOKUP", "IFERROR"]) != key(["IFERROR", "VLOOKUP"])
    assert key(["VLOOKUP"]) != key(("VLOOKUP",))          # a list is not a tuple
    assert key([]) != key(None) and key([]) != key(())


def test_items_of_another_type_keep_lists_apart():
    assert key([True]) != key([1]) and key([1]) != key([1.0])
    assert key(True) != key(1)


def test_unhashable_items_are_judged_on_their_own():
    assert key([["a"], ["b"]]) is None and key([{"a": 1}]) is None
    assert key({"a": 1}) is None


def test_no_value_and_parts():
    assert alike_key(None, T.ANY) == ("<no value>",)
    assert alike_key(Observation(None, "direct", parts=(("run 1", Observation(1, "direct")),)),
                     T.ANY) is None


def test_a_cell_values_key_is_its_types():
    # The key lives on the value type: a cell value keyed with its inner value's type and
    # its extras, which plain equality ignores; other values as every type keys them.
    from officeeval.values import CellValue
    cell = T.CELL_VALUE.identity_key
    assert CellValue("number", 1) == CellValue("number", 1.0)
    assert cell(CellValue("number", 1)) != cell(CellValue("number", 1.0))
    assert cell(CellValue("number", 2.0)) == cell(CellValue("number", 2.0))
    assert cell(CellValue("date", 1, {"serial": 1.0})) != cell(CellValue("date", 1, {}))
    assert cell(CellValue("text", "a", {"bad": {1}})) is None   # an unhashable extra
    assert cell("a") == T.ANY.identity_key("a") == (str, "a")
    assert alike_key(Observation(CellValue("number", 1), "direct"), T.CELL_VALUE) == \
        cell(CellValue("number", 1))
