"""The SVG charts and the palette: geometry follows the numbers, labels are escaped."""

from __future__ import annotations

import pytest
from lxml import etree

from officeeval.report import charts
from officeeval.report.palette import STATUS, heat, ink_on
from officeeval.report.svg import clip, interval, pct, text_width

SVG = "{http://www.w3.org/2000/svg}"


def parse(markup) -> etree._Element:
    return etree.fromstring(str(markup).encode("utf-8"))


def model(name, sr, ci=(None, None), n=10):
    return {"model": name, "sr": sr, "sr_ci": ci, "generations": n, "ungradable": 0,
            "pass_rate": sr, "lost_execution_per_gen": 1.0, "lost_not_found_per_gen": 2.0,
            "lost_wrong_per_gen": 3.0, "lost_execution": 10, "lost_not_found": 20,
            "lost_wrong": 30}


def test_sr_bars_are_proportional_with_whiskers_and_pass_line():
    svg = parse(charts.sr_chart([model("a", 0.5, (0.4, 0.6)), model("b", 0.25),
                                 model("(all)", None)]))
    bars = [r for r in svg.iter(SVG + "rect")]
    assert len(bars) == 2  # no bar for a None rate
    wa, wb = (float(r.get("width")) for r in bars)
    assert wa == pytest.approx(2 * wb, abs=0.2)
    x0 = float(bars[0].get("x"))
    plot = wa / 0.5
    pass_line = [ln for ln in svg.iter(SVG + "line") if ln.get("stroke-dasharray")]
    assert len(pass_line) == 1
    assert float(pass_line[0].get("x1")) == pytest.approx(x0 + 0.6 * plot, abs=0.2)
    whisker = [ln for ln in svg.iter(SVG + "line")
               if ln.get("y1") == ln.get("y2") and ln.get("stroke-width") == "1.5"]
    assert len(whisker) == 1
    assert float(whisker[0].get("x1")) == pytest.approx(x0 + 0.4 * plot, abs=0.2)
    assert float(whisker[0].get("x2")) == pytest.approx(x0 + 0.6 * plot, abs=0.2)
    texts = "".join(svg.itertext())
    assert "50.0% [40.0–60.0]" in texts and "–" in texts


def test_heatmap_cells_colored_by_rate_and_missing_cells_grey():
    rows = [{"model": "m", "skill": "字体", "sr": 0.9, "sr_ci": (0.8, 1.0), "earned": 9,
             "possible": 10, "generations": 2, "lost_execution": 0, "lost_not_found": 1,
             "lost_wrong": 0, "eval_error_criteria": 0}]
    svg = parse(charts.heatmap(rows, ["m"], ["字体", "表格"]))
    cells = [r for r in svg.iter(SVG + "rect") if r.find(SVG + "title") is not None]
    assert [c.get("fill") for c in cells] == [heat(0.9), heat(None)]
    assert "m · 表格: no data" in cells[1].findtext(SVG + "title")
    assert "90" in "".join(svg.itertext())


def test_lost_chart_stacks_the_three_kinds():
    svg = parse(charts.lost_chart([model("a", 0.5)], "model", "model"))
    segs = [r for r in svg.iter(SVG + "rect") if r.find(SVG + "title") is not None]
    widths = [float(r.get("width")) for r in segs]
    # Coordinates are written with one decimal.
    assert widths[1] == pytest.approx(2 * widths[0], abs=0.2)
    assert widths[2] == pytest.approx(3 * widths[0], abs=0.2)
    assert [r.get("fill") for r in segs] == [STATUS["skipped"], STATUS["not_found"],
                                            STATUS["fail"]]
    # Segments abut: each starts where the previous ended.
    xs = [float(r.get("x")) for r in segs]
    assert xs[1] == pytest.approx(xs[0] + widths[0], abs=0.2)
    assert "6.0" in "".join(svg.itertext())


def test_lost_chart_shows_unevaluable_points_apart_when_there_are_some():
    m = model("a", 0.5)
    m["lost_unevaluable_per_gen"] = 4.0
    svg = parse(charts.lost_chart([m, model("b", 0.5)], "model", "model"))
    fills = [r.get("fill") for r in svg.iter(SVG + "rect") if r.find(SVG + "title") is not None]
    assert fills.count(STATUS["unevaluable"]) == 2  # a segment per bar (b's is empty)
    assert "unevaluable" in "".join(svg.itertext())


def test_lost_chart_with_nothing_lost_does_not_divide_by_zero():
    m = model("a", 1.0)
    m.update(lost_execution_per_gen=0, lost_not_found_per_gen=0, lost_wrong_per_gen=0)
    svg = parse(charts.lost_chart([m], "model", "model"))
    assert all(float(r.get("width")) == 0 for r in svg.iter(SVG + "rect")
               if r.find(SVG + "title") is not None)


def test_histograms_share_a_scale_and_color_by_pass_line():
    hist = {"edges": [0, 20, 40, 60, 80, 100],
            "models": {"a": {"counts": [0, 1, 0, 2, 4], "ungradable": 1},
                       "b": {"counts": [2, 0, 0, 0, 0], "ungradable": 0}}}
    svg = parse(charts.histograms(hist, ["a", "b"]))
    bars = [r for r in svg.iter(SVG + "rect")]
    heights = [float(r.get("height")) for r in bars]
    assert heights[4] == pytest.approx(2 * heights[3], abs=0.2)
    assert heights[4] == pytest.approx(4 * heights[1], abs=0.2)
    assert heights[5] == pytest.approx(heights[3], abs=0.2)  # b's 2 at the same scale as a's 2
    assert [r.get("fill") for r in bars[:5]] == [STATUS["fail"]] * 3 + [STATUS["pass"]] * 2
    assert "a  (1 ungradable)" in "".join(svg.itertext())


def test_compare_chart_marks_both_runs():
    rows = [{"model": "m", "a": {"sr": 0.4, "sr_ci": (0.3, 0.5)},
             "b": {"sr": 0.7, "sr_ci": (0.6, 0.8)}, "sr_delta": 0.3},
            {"model": "only-b", "a": None, "b": {"sr": 0.5, "sr_ci": (None, None)},
             "sr_delta": None}]
    svg = parse(charts.compare_chart(rows, "A: old", "B: new"))
    dots = [c for c in svg.iter(SVG + "circle") if c.find(SVG + "title") is not None]
    assert len(dots) == 3
    assert "+30.0 pts" in "".join(svg.itertext())


def test_labels_are_escaped():
    svg = str(charts.sr_chart([model("<script>alert(1)</script>", 0.5)]))
    assert "<script>" not in svg and "&lt;script&gt;" in svg
    parse(svg)  # still well-formed XML


@pytest.mark.parametrize("rate, color", [(0.0, "#67001f"), (0.6, "#f7f7f7"), (1.0, "#053061"),
                                         (None, "#eeeeee"), (-3, "#67001f"), (7, "#053061")])
def test_heat_scale_is_centred_on_the_pass_line(rate, color):
    assert heat(rate) == color


def test_ink_contrast():
    assert ink_on("#053061") == "#ffffff" and ink_on("#f7f7f7") == "#000000"


def test_text_helpers():
    assert text_width("ab", 10) == pytest.approx(12) and text_width("黑体", 10) == 20
    assert clip("short", 12, 100) == "short"
    clipped = clip("a very long model name indeed", 12, 60)
    assert clipped.endswith("…") and text_width(clipped, 12) <= 60
    assert pct(None) == "–" and pct(0.4567) == "45.7%" and pct(1, 0) == "100%"
    assert interval((0.1, 0.25)) == "[10.0–25.0]" and interval((None, None)) == ""


def test_heatmap_with_many_skills_puts_skills_down_the_side():
    skills = [f"skill{i:02d}" for i in range(charts.HEATMAP_WIDE_SKILLS + 6)]
    rows = [{"model": "m", "skill": s, "sr": i / 20, "sr_ci": None, "earned": i,
             "possible": 20, "generations": 1, "lost_execution": 0, "lost_not_found": 0,
             "lost_wrong": 20 - i, "eval_error_criteria": 0} for i, s in enumerate(skills)]
    svg = parse(charts.heatmap(rows, ["m", "(all)"], skills))
    cells = [r for r in svg.iter(SVG + "rect") if r.find(SVG + "title") is not None]
    assert len(cells) == 2 * len(skills)
    # Row-major: skill i's cells share a y, and later skills sit lower.
    ys = [float(c.get("y")) for c in cells]
    assert ys[0] == ys[1] and ys[2] > ys[0] and ys[-1] > ys[2]
    assert cells[2].get("fill") == heat(1 / 20)
    assert cells[2].findtext(SVG + "title").startswith("m · skill01: SR 5.0%")
    assert "(all) · skill01: no data" in cells[3].findtext(SVG + "title")
    # The chart stays narrow enough for a page however many skills there are.
    assert float(svg.get("viewBox").split()[2]) < 600
