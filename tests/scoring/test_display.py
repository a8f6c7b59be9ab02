"""What a rubric author reads on a ScoreCard: expected and actual said once, in the rubric's
own unit (``22pt (二号)``, not ``二号 (22pt (二号))``; ``2.50cm`` when the rubric said 2.5cm,
with more decimals when two lengths differ beyond the tolerance), a check over many targets
showing a value (the first failing target's) rather than a tally, and a border whose colour
is Word's default ``auto`` matched by the black it is drawn in."""

from __future__ import annotations

import pytest

from officeeval.ooxml.units import format_length, literal_unit
from officeeval.rubric.loader import load_rubric_text
from officeeval.scoring import evaluate
from tests.builders import docx, p

HEAD = '<rubric xmlns="urn:officeeval:rubric:1" id="t" app="word" total="{n}" pass="1">'


def _card(tmp_path, checks: list[str], body: str):
    xml = HEAD.format(n=len(checks)) + "".join(
        f'<criterion id="c{i}" skill="s" points="1">{c}</criterion>'
        for i, c in enumerate(checks, 1)) + "</rubric>"
    path = docx(tmp_path, body)
    return [c.checks[0] for c in evaluate(load_rubric_text(xml), path).criteria]


# 1418 twips = 70.9pt (Word's 2.5 cm), 1701 twips = 85.05pt (3 cm), 1400 twips = 70pt.
SECT = ('<w:sectPr><w:pgSz w:w="11906" w:h="16838"/><w:pgMar w:top="1418" w:bottom="1400" '
        'w:left="1701" w:right="1701" w:header="851" w:footer="992" w:gutter="0"/>'
        '<w:pgBorders><w:top w:val="single" w:sz="4" w:space="24" w:color="auto"/>'
        '<w:bottom w:val="single" w:sz="4" w:space="24" w:color="FF0000"/></w:pgBorders>'
        '</w:sectPr>')
BODY = (p("关于举办读书节的通知", rpr='<w:sz w:val="44"/>')
        + p("各学院：", rpr='<w:sz w:val="24"/>') + p("读书节定于四月。", rpr='<w:sz w:val="21"/>')
        + p("校团委", rpr='<w:sz w:val="24"/>') + SECT)


@pytest.mark.parametrize("check, expected, actual, status", [
    # Chinese size names: the value with its name, once.
    ('<check select="paragraph[1]" property="font.size" expected="二号"/>',
     "22pt (二号)", "22pt (二号)", "pass"),
    ('<check select="paragraph[1]" property="font.size" expected="22"/>',
     "22pt (二号)", "22pt (二号)", "pass"),
    ('<check select="paragraph[2]" property="font.size" expected="二号"/>',
     "22pt (二号)", "12pt (小四)", "fail"),
    # Lengths in the rubric's unit, expected and actual alike.
    ('<check select="section" property="page.margin.top" expected="2.5cm"/>',
     "2.50cm", "2.50cm", "pass"),
    ('<check select="section" property="page.margin.left" expected="3厘米"/>',
     "3.00厘米", "3.00厘米", "pass"),
    ('<check select="section" property="page.margin.top" expected="25mm"/>',
     "25.0mm", "25.0mm", "pass"),
    # 70pt is 2.47cm (70.75pt would read 2.496cm: see the last test).
    ('<check select="section" property="page.margin.bottom" expected="2.5cm"/>',
     "2.50cm", "2.47cm", "fail"),
    ('<check select="section" property="page.margin.top" op="between" expected="2cm..3cm"/>',
     "2.00cm..3.00cm", "2.50cm", "pass"),
    # Points stay points; another notation of the same value is shown beside the literal.
    ('<check select="section" property="page.margin.top" expected="70.9pt"/>',
     "70.9pt", "70.9pt", "pass"),
    ('<check select="section" property="page.border.top" expected="single 0.5pt 黑色"/>',
     "single 0.5pt 黑色 (single 0.5pt #000000)", "single 0.5pt auto", "pass"),
    ('<check select="section" property="page.border.top" expected="single black"/>',
     "single black (single #000000)", "single 0.5pt auto", "pass"),
    ('<check select="section" property="page.border.bottom" expected="single auto"/>',
     "single auto", "single 0.5pt #FF0000", "fail"),
    ('<check select="section" property="page.border.top" expected="single 红色"/>',
     "single 红色 (single #FF0000)", "single 0.5pt auto", "fail"),
])
def test_expected_and_actual_are_said_once_in_the_rubrics_unit(tmp_path, check, expected,
                                                                actual, status):
    k = _card(tmp_path, [check], BODY)[0]
    assert (k.expected, k.actual, k.status) == (expected, actual, status), k


def test_a_check_over_many_targets_shows_the_failing_value_not_a_tally(tmp_path):
    k = _card(tmp_path, ['<check select="paragraph[2..]" property="font.size" '
                         'expected="小四"/>'], BODY)[0]
    assert k.status == "fail"
    assert (k.expected, k.actual) == ("12pt (小四)", "10.5pt (五号)")  # paragraph[3]'s
    assert k.detail.startswith("2 of 3 targets pass (match=all); e.g. paragraph[3]:")
    k = _card(tmp_path, ['<check select="paragraph" property="text" match="none" '
                         'expected="校团委"/>'], BODY)[0]
    assert (k.status, k.actual) == ("fail", "'校团委'")  # the one target that holds
    k = _card(tmp_path, ['<check select="paragraph[2..]" property="font.size" '
                         'match="any" expected="小四"/>'], BODY)[0]
    assert (k.status, k.actual) == ("pass", "12pt (小四)")


@pytest.mark.parametrize("literal, unit", [
    ("2.5cm", "cm"), ("2.5 CM", "cm"), ("1cm..2cm", "cm"), ("25mm", "mm"), ("1in", "in"),
    ("3厘米", "厘米"), ("12pt", None), ("12", None), ("二号", None), ("2char", None),
    ("1cm..20mm", None), ("", None), (None, None),
])
def test_the_unit_of_a_literal(literal, unit):
    assert literal_unit(literal) == unit


@pytest.mark.parametrize("points, unit, text", [
    (70.866, "cm", "2.50cm"), (70.85, "cm", "2.50cm"), (70.9, "cm", "2.50cm"),
    (70.75, "cm", "2.496cm"), (90.0, "cm", "3.175cm"), (72.0, "mm", "25.4mm"),
    (72.0, "in", "1.00in"), (0.0, "cm", "0.00cm"),
])
def test_lengths_in_a_unit_keep_the_decimals_that_matter(points, unit, text):
    assert format_length(points, unit) == text
