"""The rules other-answer variants follow, on their own: what the instruction's words give
(names, colours, sizes, pictured steps, regions, numbers), look-alike colours, moves within
a region, and text rewritten run by run."""

from __future__ import annotations

from lxml import etree

from officeeval.audit import regions as RG
from officeeval.audit.colour_neighbours import (
    delta_e, nearest_theme, neighbour, palette,
)
from officeeval.audit.instruction import Instruction, _steps, fold
from officeeval.audit.mutators.other_answers import colour_plan, introduced, size_plan
from officeeval.ooxml.retext import retext

MD = """# task

## 题目（中文）

1. 修改幻灯片母版：标题文字的中文字体为微软雅黑、字号 40 磅，颜色参照示例图 `example-1.png`。
2. 在母版顶部添加一个与幻灯片同宽、高 1 厘米的矩形色条，名称为“顶部色条”，填充颜色为 RGB(31, 78, 121)。
3. 在“联系我们”幻灯片右下角添加一个“动作按钮：结束”；
   为文字“项目官网”添加超链接。
4. 封面的排版参照示例图 `example-2.png`，标题使用标准色“深红”。

## Task (English translation)

1. The master's title: colour as in example-1.png.
"""


def _ins() -> Instruction:
    return Instruction(MD, _steps(MD))


def test_steps_are_the_chinese_numbered_lines_with_their_continuations():
    steps = _ins().steps
    assert [s.number for s in steps] == ["1", "2", "3", "4"]
    assert steps[2].text.endswith("添加超链接。")


def test_names_are_compared_after_width_folding():
    ins = _ins()
    assert ins.gives_name("顶部色条") and ins.gives_name("顶部色条 ")
    assert not ins.gives_name("Chart 2") and not ins.gives_name("1")
    assert fold("Ｃｈａｒｔ　２") == fold("chart 2")


def test_named_colours_sizes_and_pictured_properties():
    ins = _ins()
    assert {"1F4E79", "C00000"} <= ins.named_colours()
    assert 40.0 in ins.named_sizes()
    # step 1 pictures a colour; step 4 the cover's whole layout (its sizes).
    assert ins.pictures_colours() and ins.pictures_sizes()
    only_sizes_named = Instruction("1. 标题字号 36 磅，颜色参照示例图。",
                                   _steps("1. 标题字号 36 磅，颜色参照示例图。"))
    assert only_sizes_named.pictures_colours() and not only_sizes_named.pictures_sizes()


def test_the_clause_about_an_object_carries_its_region_words():
    ins = _ins()
    clause = ins.clause_about([], ("按钮",), ("联系我们",))
    assert "右下角" in clause and "超链接" not in clause
    p = RG.placement(clause)
    assert (p.h, p.v, p.fixed) == ("right", "bottom", frozenset())
    bar = RG.placement(ins.clause_about(["顶部色条"], ("矩形",)))
    assert bar.v == "top" and {"x", "w", "h"} <= bar.fixed
    assert RG.placement("图表左上角位于 A9 单元格").said is False
    # Region words of something else the clause names are not the object's.
    assert RG.placement("插入柱形图；图例位于底部").said is False
    assert RG.placement("图表宽 14 厘米，图表所在段落居中").said is False
    assert RG.placement("在右下角插入文字为“A”的文本框").v == "bottom"


def test_a_moved_box_stays_in_its_region_and_keeps_stated_dimensions():
    page = (33.867, 19.05)
    corner = RG.placement("在右下角添加一个按钮")
    box = (29.0, 15.5, 2.5, 2.0)
    new = RG.moved_box(box, page, corner)
    assert new is not None and new != box and RG.within(new, page, corner)
    dx = abs(new[0] - box[0]) / page[0]
    assert 0.03 <= dx <= 0.08 and abs(new[2] / box[2] - 1) >= 0.10
    bar = RG.placement("在顶部添加一个与幻灯片同宽、高 1 厘米的色条")
    assert RG.moved_box((0, 0, page[0], 1.0), page, bar) is None  # nothing left open
    centred = RG.placement("图片水平居中")
    new = RG.moved_box((10, 5, 8, 4), page, centred)
    assert abs((new[0] + new[2] / 2) - 14) < 1e-6


def test_a_move_never_comes_to_cover_another_shape():
    title = (1.27, 0.76, 22.86, 3.18)
    new = RG.moved_box((1.27, 4.45, 22.86, 12.57), (25.4, 19.05), RG.placement(None),
                       avoid=[title])
    assert new is not None and RG._overlap(new, title) == 0


def test_a_neighbour_looks_the_same_and_a_theme_swatch_within_a_few_de():
    for c in ("1F4E79", "8BC34A", "000000", "FFFFFF", "C00000"):
        n = neighbour(c)
        assert n and n != c and 2.0 <= delta_e(c, n) <= 3.0
    swatches = palette({"accent1": "4472C4", "dk2": "44546A"}.get)
    t = nearest_theme("4473C5", swatches)
    assert t is not None and t.slot == "accent1" and t.variant == "" and t.de < 1
    assert nearest_theme("FF00FF", swatches) is None


def test_pictured_plans_keep_values_distinct_and_leave_named_ones():
    plan = colour_plan({"1E6B3A", "FF0000", "FFFFFF"}, set(), {"FF0000"})
    assert list(plan) == ["1E6B3A"]  # named, and white (a picture shows it exactly), stay
    sizes = size_plan({26.0, 28.0, 12.0}, {12.0}, {16.0})
    # 26 cannot go up to 28 (another size in use): it goes down; 28 goes up.
    assert sizes == {26.0: 24.0, 28.0: 30.0}


def test_introduced_values_are_those_a_part_gained():
    from collections import Counter
    ref = {"styles": Counter({26.0: 1, 12.0: 3}), "doc": Counter({26.0: 2})}
    inp = {"styles": Counter({26.0: 1, 12.0: 2})}
    assert introduced(ref, inp) == {12.0: {"styles"}, 26.0: {"doc"}}


def test_retext_keeps_each_run_its_text():
    nodes = [etree.Element("t"), etree.Element("t")]
    nodes[0].text, nodes[1].text = "了解更多", "请访问项目官网"
    retext(nodes, "了解更多请访问官网")
    assert [n.text for n in nodes] == ["了解更多", "请访问官网"]
