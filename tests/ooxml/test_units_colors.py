"""Unit conversions, size names and color transforms, table-driven."""

from __future__ import annotations

import pytest

from officeeval.ooxml import colors, units


@pytest.mark.parametrize("fn,raw,expected", [
    (units.twips_to_pt, "1440", 72.0),
    (units.twips_to_pt, "420", 21.0),
    (units.twips_to_pt, "2.5cm", 70.866),
    (units.half_points_to_pt, "21", 10.5),
    (units.half_points_to_pt, "44", 22.0),
    (units.emu_to_pt, "914400", 72.0),
    (units.centipoints_to_pt, "1800", 18.0),
    (units.eighth_points_to_pt, "12", 1.5),
    (units.twips_to_pt, None, None),
    (units.twips_to_pt, "abc", None),
    (units.twips_to_pt, "1e999", None),
    (units.half_points_to_pt, "NaN", None),
])
def test_conversions(fn, raw, expected):
    got = fn(raw)
    assert got == (pytest.approx(expected, abs=1e-3) if expected is not None else None)


@pytest.mark.parametrize("literal,expected", [
    ("五号", (10.5, "pt")), ("小四", (12.0, "pt")), ("二号", (22.0, "pt")), ("初号", (42.0, "pt")),
    ("八号", (5.0, "pt")), ("12pt", (12.0, "pt")), ("2.54cm", (72.0, "pt")), ("25.4mm", (72.0, "pt")),
    ("1in", (72.0, "pt")), ("2char", (2.0, "char")), ("2字符", (2.0, "char")),
    ("1.5line", (1.5, "line")), ("0.5行", (0.5, "line")), ("3", (3.0, "")), ("12磅", (12.0, "pt")),
    ("3厘米", (85.039, "pt")), ("12 furlongs", None), ("", None),
])
def test_length_literals(literal, expected):
    got = units.parse_length_literal(literal)
    if expected is None:
        assert got is None
    else:
        assert got[0] == pytest.approx(expected[0], abs=1e-3) and got[1] == expected[1]


def test_size_names_round_trip():
    for name, pt in units.CHINESE_FONT_SIZES.items():
        assert units.size_name(pt) == name
    assert units.size_name(11.0) is None


@pytest.mark.parametrize("text,expected", [
    ("#ff0000", "FF0000"), ("FF0000", "FF0000"), ("FFFF0000", "FF0000"), ("auto", "auto"),
    ("red", None), ("12345", None), (None, None),
])
def test_normalize_hex(text, expected):
    assert colors.normalize_hex(text) == expected


@pytest.mark.parametrize("name,rgb", [
    ("红色", "FF0000"), ("red", "FF0000"), ("Dark Red", "C00000"), ("深蓝", "002060"),
    ("浅绿", "92D050"), ("紫色", "7030A0"), ("chartreuse", None),
])
def test_palette_names(name, rgb):
    assert colors.named_color(name) == rgb


def test_theme_transforms_match_office():
    # Office's "Blue, Accent 1, Darker 25%" and "Lighter 40%" of 4472C4.
    assert colors.apply_lum("4472C4", 0.75) == "2F5597"
    assert colors.apply_lum("4472C4", 0.6, 0.4) == "8FAADC"
    assert colors.apply_excel_tint("4472C4", 0.0) == "4472C4"
    assert colors.apply_excel_tint("000000", 0.5) == "808080"
    assert colors.apply_word_theme_tint_shade("FFFFFF", None, "80") == "808080"
