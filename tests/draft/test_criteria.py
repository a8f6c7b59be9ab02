"""draft/criteria.py: a check's attributes as written, a criterion's description, the skill
and group of a property, the literal an author writes, the check of one change (comparator,
tolerance, a long text by what was inserted), and points that sum to 100."""

from __future__ import annotations

import pytest

from officeeval.catalog import catalog
from officeeval.draft.changes import Change
from officeeval.draft.criteria import (
    DraftCheck, DraftCriterion, assign_points, describe, family_of, literal, make_check,
    skill_of,
)
from officeeval.properties.types.lengths import Measure
from officeeval.values import Observation


def _change(prop: str, ref, inp=None, app: str = "word") -> Change:
    vt = catalog().get(prop).type_for(app)
    return Change(None, prop, Observation(ref, "direct"),  # type: ignore[arg-type]
                  None if inp is None else Observation(inp, "direct"), vt)


def test_attrs_are_written_in_order_and_only_when_set():
    full = DraftCheck("s", "p", "approx", "3cm", expected_from="reference",
                      tolerance="0.01cm", normalize="space", against="x",
                      against_property="y", origin="picture", reason="r")
    assert full.attrs() == [("select", "s"), ("property", "p"), ("op", "approx"),
                            ("expected", "3cm"), ("expected-from", "reference"),
                            ("tolerance", "0.01cm"), ("normalize", "space"),
                            ("against", "x"), ("against-property", "y"),
                            ("origin", "picture"), ("reason", "r")]
    assert DraftCheck("paragraph[text='旧']", None, "count", "0").attrs() == \
        [("select", "paragraph[text='旧']"), ("op", "count"), ("expected", "0")]


def test_describe_names_targets_and_the_first_four_values():
    checks = [DraftCheck("p", "font.bold", "equals", "true"),
              DraftCheck("p", "font.color", "not_equals", "#000000"),
              DraftCheck("slide", "transition.type", "count_distinct", ">=3"),
              DraftCheck("p", "animation.effect", "exists"),
              DraftCheck("p", "font.size", "equals", expected_from="reference")]
    assert describe("标题", checks) == ("标题：font.bold true，font.color 不为 #000000，"
                                       "transition.type 不同值的个数 >=3，"
                                       "animation.effect 已设置…")
    assert describe("封面", [DraftCheck("p", "font.size", "greater", against="paragraph[2]"),
                           DraftCheck("p", "animation.target", "equals", against="s",
                                      against_property="shape.name"),
                           DraftCheck("p", None, "count", "0"),
                           DraftCheck("p", "text", "equals", expected_from="reference")]) == \
        ("封面：font.size greater paragraph[2]，animation.target equals s 的 shape.name，"
         "count 0，text 同参考")
    assert describe("空", []) == "空："


@pytest.mark.parametrize("prop, skill", [
    ("font.bold", ("font", "字体格式")),
    ("paragraph.drop_cap.lines", ("paragraph", "段落格式")),
    ("paragraph.border.top", ("border", "边框与底纹")),
    ("formula", ("formula", "公式与函数")),
    ("cell.number_format", ("number_format", "数字格式")),
    ("cell.value", ("data", "数据")),
    ("slide.footer.visible", ("header_footer", "页眉页脚")),
    ("slide.background.color", ("design", "背景与主题")),
    ("slide.hidden", ("slide", "幻灯片")),
    # PowerPoint's sections organise slides; Word's are 分节 (the narrower entry first).
    ("section.names", ("slide", "幻灯片")),
    ("section.start", ("section", "分节")),
    ("count", ("structure", "结构")),
    ("preserve", ("preserve", "内容保持")),
    ("unknown.prop", ("other", "其他")),
])
def test_skill_of_takes_the_first_matching_family(prop, skill):
    assert skill_of(prop) == skill


@pytest.mark.parametrize("prop, family", [
    ("paragraph.alignment", "paragraph.alignment"),
    ("paragraph.indent.first_line", "paragraph.indent"),
    ("paragraph.space_after", "paragraph.spacing"),
    ("paragraph.line_spacing", "paragraph.spacing"),
    ("paragraph.keep_with_next", "paragraph"),
    ("font.size", "font"),
    ("cell.value", "data"),
])
def test_family_of_splits_paragraph_formatting_in_three(prop, family):
    assert family_of(prop) == family


@pytest.mark.parametrize("prop, value, want", [
    ("font.size", Measure(pt=16.0), "三号"),
    ("font.size", Measure(pt=13.0), "13pt"),
    ("font.bold", True, "true"),
    ("font.bold", False, "false"),
    ("paragraph.indent.first_line", Measure(pt=None, chars=2.0), "2char"),
    ("page.margin.left", Measure(pt=85.05), "3cm"),
    ("paragraph.alignment", "center", "居中"),
    ("font.east_asia", "黑体", "黑体"),
])
def test_literal_is_what_an_author_writes(prop, value, want):
    vtype = catalog().get(prop).type_for("word")
    assert literal(vtype, value, prop) == want
    vtype.parse(want)  # and it parses back


def test_literal_of_no_value_is_none():
    assert literal(catalog().get("font.bold").type_for("word"), None, "font.bold") is None


@pytest.mark.parametrize("prop, ref, inp, want", [
    ("font.bold", True, False, ("equals", "true", None, "input: false")),
    ("font.size", Measure(pt=16.0), Measure(pt=12.0), ("equals", "三号", None,
                                                       "input: 12pt (小四)")),
    ("paragraph.alignment", "center", "left", ("equals", "居中", None,
                                                "input: left (左对齐)")),
    # Lengths are approximate, to the precision Word's dialogs show.
    ("page.margin.left", Measure(pt=85.05), None, ("approx", "3cm", "0.01cm",
                                                   "input: (none)")),
    ("font.color", "#FF0000", None, ("equals", "#FF0000", None, "input: (none)")),
])
def test_make_check_picks_the_comparator_an_author_would(prop, ref, inp, want):
    k = make_check("paragraph[1]", _change(prop, ref, inp))
    assert (k.select, k.prop) == ("paragraph[1]", prop)
    assert (k.op, k.expected, k.tolerance, k.note) == want


def test_a_value_with_no_literal_is_taken_from_the_reference():
    k = make_check("paragraph[1]", _change("paragraph.line_spacing", None))
    assert (k.op, k.expected, k.expected_from) == ("equals", None, "reference")


def test_texts_are_compared_ignoring_spaces_and_punctuation_when_they_have_some():
    k = make_check("s", _change("text", "第一章\u3000总论，概述。", "第一章 总论"))
    assert (k.op, k.expected, k.normalize) == ("equals", "第一章\u3000总论，概述。",
                                               "space,punct")
    plain = make_check("s", _change("text", "总论", "概论"))
    assert (plain.op, plain.expected, plain.normalize, plain.note) == \
        ("equals", "总论", "space", "input: '概论'")


def test_a_long_text_is_checked_by_what_was_inserted():
    inp = "本报告依据全市抽样调查数据编写，覆盖全市十二个街道和三个镇，共回收有效问卷三千份。"
    ref = inp.replace("依据全市", "依据2025年全市")
    assert len(ref) > 40
    k = make_check("s", _change("text", ref, inp))
    # The inserted words with two characters of context either side.
    assert (k.op, k.expected, k.normalize) == ("contains", "依据2025年全市", "space")
    # Up to 40 characters the whole text is compared.
    short = make_check("s", _change("text", ref[:40], inp[:36]))
    assert (short.op, short.expected) == ("equals", ref[:40])


def test_points_sum_to_100_by_weight_with_halves_when_many():
    few = [DraftCriterion("", "s", "", [], w) for w in (1, 1, 4)]
    assign_points(few)
    assert [c.points for c in few] == [17.0, 17.0, 66.0]
    many = [DraftCriterion("", "s", "", [], 1.0) for _ in range(150)]
    many.append(DraftCriterion("", "preserve", "", [DraftCheck("x", "text", "unchanged")], 0,
                               preservation=True))
    assign_points(many)
    assert sum(c.points for c in many) == 100
    assert many[-1].points == 2         # two points per preservation check, at most 6
    assert all(c.points >= 0.5 and float(c.points * 2).is_integer() for c in many)


def test_preservation_points_are_at_most_6_or_all_when_alone():
    keep = DraftCriterion("", "preserve", "", [DraftCheck("x", "text", "unchanged")] * 5, 0,
                          preservation=True)
    rest = [DraftCriterion("", "s", "", [], 1.0), DraftCriterion("", "s", "", [], 3.0)]
    assign_points([keep, *rest])
    assert (keep.points, rest[0].points, rest[1].points) == (6, 24.0, 70.0)
    alone = DraftCriterion("", "preserve", "", [], 0, preservation=True)
    assign_points([alone])
    assert alone.points == 100


def test_criteria_without_weight_share_alike_and_always_sum_to_100():
    zero = [DraftCriterion("", "s", "", [], 0.0) for _ in range(3)]
    assign_points(zero)
    assert [c.points for c in zero] == [34.0, 33.0, 33.0]
    only_keep = [DraftCriterion("", "preserve", "", [DraftCheck("x", "text", "unchanged")], 0,
                                preservation=True) for _ in range(2)]
    assign_points(only_keep)
    assert [c.points for c in only_keep] == [50.0, 50.0]


def test_more_criteria_than_half_points_is_refused():
    with pytest.raises(ValueError, match="201 criteria cannot share 100 points"):
        assign_points([DraftCriterion("", "s", "", [], 1.0) for _ in range(201)])
