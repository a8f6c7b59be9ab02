"""The report's charts as inline SVG (no JavaScript, no network): score rate per model with
CI whiskers and the 60 % line, a model x skill heatmap, lost points split execution vs logic,
score distributions, and the A/B comparison. Inputs are the plain rows of
``officeeval.analysis.summarize`` / ``compare``; rates are 0..1 or None (drawn as "–").
"""

from __future__ import annotations

import math
from typing import Any, Sequence

from markupsafe import Markup

from officeeval.report.palette import (BAR, BAR_A, BAR_ALL, GRID, INK, LOST, LOST_LABEL,
                                       MUTED, PASS_LINE, STATUS, heat, ink_on)
from officeeval.report.svg import Svg, clip, interval, pct, text_width

ALL = "(all)"
PASS = 0.6


def _label_margin(labels: Sequence[str], size: float = 12, cap: float = 220) -> float:
    return min(cap, max([text_width(s, size) for s in labels] + [40])) + 14


def _x_axis(svg: Svg, x0: float, width: float, y_top: float, y_bottom: float,
            vmax: float = 1.0, step: float = 0.2, fmt=lambda v: f"{v * 100:.0f}%") -> None:
    v = 0.0
    while v <= vmax + 1e-9:
        x = x0 + width * v / vmax
        svg.line(x, y_top, x, y_bottom, GRID)
        svg.text(x, y_top - 10, fmt(v), size=11, anchor="middle", fill=MUTED)
        v += step


def _pass_line(svg: Svg, x: float, y_top: float, y_bottom: float) -> None:
    svg.line(x, y_top - 4, x, y_bottom, PASS_LINE, width=1.5, dash="5 3",
             title="pass line: 60 % of the points")
    svg.text(x + 4, y_bottom + 10, "60 pass line", size=10, fill=PASS_LINE)


def _whisker(svg: Svg, x1: float, x2: float, y: float, title: str, color: str = INK) -> None:
    svg.line(x1, y, x2, y, color, width=1.5, title=title)
    for x in (x1, x2):
        svg.line(x, y - 5, x, y + 5, color, width=1.5, title=title)


def sr_chart(models: list[dict[str, Any]]) -> Markup:
    """Horizontal bars of SR per model (and all models, in grey) with 95 % CI whiskers."""
    labels = [m["model"] for m in models]
    left, right, row, top = _label_margin(labels), 150, 30, 30
    plot = 620
    h = top + row * len(models) + 28
    svg = Svg(left + plot + right, h, "Score rate per model with 95% confidence intervals")
    _x_axis(svg, left, plot, top, top + row * len(models))
    for i, m in enumerate(models):
        y = top + i * row + row / 2
        sr, ci = m.get("sr"), m.get("sr_ci") or (None, None)
        name = m["model"]
        svg.text(left - 10, y, clip(name, 12, left - 14), anchor="end",
                 weight="600" if name == ALL else None, title=name)
        tip = (f"{name}: SR {pct(sr)} (95% CI {interval(ci) or 'n/a'}), "
               f"{m['generations']} generations, {m['ungradable']} ungradable, "
               f"pass rate {pct(m.get('pass_rate'))}")
        if sr is not None:
            svg.rect(left, y - 9, plot * sr, 18, BAR_ALL if name == ALL else BAR, tip, rx=2)
        if ci[0] is not None:
            _whisker(svg, left + plot * ci[0], left + plot * ci[1], y, tip)
        svg.text(left + plot + 10, y, f"{pct(sr)} {interval(ci)}", size=11, fill=INK)
    _pass_line(svg, left + plot * PASS, top, top + row * len(models))
    return svg.render()


# Past this many skills the grid turns: skills down the side, models across (a row per
# skill stays readable, a column per skill shrinks into illegible text on a page).
HEATMAP_WIDE_SKILLS = 14


def heatmap(rows: list[dict[str, Any]], models: list[str], skills: list[str]) -> Markup:
    """Model x skill grid colored by skill SR (earned / possible points), value printed.

    Models are rows and skills columns while skills are few; with more than
    ``HEATMAP_WIDE_SKILLS`` skills the grid is transposed (skills are rows)."""
    cells = {(r["model"], r["skill"]): r for r in rows}
    if len(skills) > HEATMAP_WIDE_SKILLS:
        return _heatmap_tall(cells, models, skills)
    left = _label_margin(models)
    cw, ch = max(54.0, min(90.0, 640 / max(len(skills), 1))), 30.0
    head = min(110.0, max(text_width(s, 11) for s in skills + ["x"]) * 0.75 + 24)
    svg = Svg(left + cw * len(skills) + 150, head + ch * len(models) + 40,
              "Score rate per model and skill")
    for j, s in enumerate(skills):
        x = left + j * cw + cw / 2
        svg.text(x - 2, head - 8, clip(s, 11, 140), size=11, anchor="start", rotate=-35,
                 title=s)
    for i, m in enumerate(models):
        y = head + i * ch
        svg.text(left - 10, y + ch / 2, clip(m, 12, left - 14), anchor="end",
                 weight="600" if m == ALL else None, title=m)
        for j, s in enumerate(skills):
            _heat_cell(svg, cells.get((m, s)), m, s, left + j * cw, y, cw, ch)
    _heat_legend(svg, left, head + ch * len(models) + 16)
    return svg.render()


def _heatmap_tall(cells: dict[tuple[str, str], dict[str, Any]], models: list[str],
                  skills: list[str]) -> Markup:
    left = _label_margin(skills, 12, 200)
    cw, ch = max(64.0, min(110.0, 640 / max(len(models), 1))), 24.0
    head = min(110.0, max(text_width(m, 11) for m in models + ["x"]) * 0.75 + 24)
    svg = Svg(left + cw * len(models) + 40, head + ch * len(skills) + 40,
              "Score rate per model and skill")
    for j, m in enumerate(models):
        svg.text(left + j * cw + cw / 2 - 2, head - 8, clip(m, 11, 140), size=11,
                 anchor="start", rotate=-35, weight="600" if m == ALL else None, title=m)
    for i, s in enumerate(skills):
        y = head + i * ch
        svg.text(left - 10, y + ch / 2, clip(s, 12, left - 14), anchor="end", title=s)
        for j, m in enumerate(models):
            _heat_cell(svg, cells.get((m, s)), m, s, left + j * cw, y, cw, ch)
    _heat_legend(svg, left, head + ch * len(skills) + 16)
    return svg.render()


def _heat_cell(svg: Svg, r: dict[str, Any] | None, m: str, s: str, x: float, y: float,
               cw: float, ch: float) -> None:
    sr = r.get("sr") if r else None
    fill = heat(sr)
    tip = (f"{m} · {s}: SR {pct(sr)} {interval(r.get('sr_ci'))}; "
           f"{r['earned']:g} of {r['possible']:g} points over {r['generations']} "
           f"generations; lost: execution {r['lost_execution']:g}, not found "
           f"{r['lost_not_found']:g}, wrong {r['lost_wrong']:g}"
           + (f", unevaluable {r['lost_unevaluable']:g}" if r.get('lost_unevaluable') else "")
           + (f"; evaluator errors {r['eval_error_criteria']}"
              if r['eval_error_criteria'] else "")) if r else f"{m} · {s}: no data"
    svg.rect(x + 1, y + 1, cw - 2, ch - 2, fill, tip, rx=3)
    svg.text(x + cw / 2, y + ch / 2, "–" if sr is None else f"{sr * 100:.0f}", size=11.5,
             anchor="middle", fill=ink_on(fill), title=tip)


def _heat_legend(svg: Svg, lx: float, ly: float) -> None:
    """The color ramp with the pass line at 60."""
    for k in range(21):
        svg.rect(lx + k * 8, ly, 8, 10, heat(k / 20))
    svg.text(lx, ly + 20, "0", size=10, fill=MUTED)
    svg.text(lx + 8 * 12.6, ly + 20, "60", size=10, fill=MUTED, anchor="middle")
    svg.text(lx + 168, ly + 20, "100", size=10, fill=MUTED, anchor="end")
    svg.text(lx + 180, ly + 5, "skill SR: % of the skill's points earned", size=10,
             fill=MUTED)


def lost_chart(rows: list[dict[str, Any]], key: str, what: str) -> Markup:
    """Stacked horizontal bars of points lost per generation, split into execution (the
    program failed), logic: not found, logic: wrong value and, when any, unevaluable (the
    document defeated the grader); one bar per ``row[key]``."""
    kinds = ("execution", "not_found", "wrong")
    if any(r.get("lost_unevaluable_per_gen") for r in rows):
        kinds += ("unevaluable",)  # shown when a document defeated the grader somewhere
    labels = [str(r[key]) for r in rows]
    left, plot, top, row = _label_margin(labels), 620, 46, 26
    totals = [sum((r.get(f"lost_{k}_per_gen") or 0) for k in kinds) for r in rows]
    vmax = max(totals + [0.0])
    step = _nice_step(vmax)
    vmax = max(step, step * math.ceil(vmax / step - 1e-9))  # the axis ends on a tick
    svg = Svg(left + plot + 70, top + row * len(rows) + 16,
              f"Points lost per generation by {what}: execution vs logic")
    lx = left
    for k in kinds:
        svg.rect(lx, 6, 12, 12, LOST[k], rx=2)
        svg.text(lx + 17, 12, LOST_LABEL[k], size=11, fill=MUTED)
        lx += 17 + text_width(LOST_LABEL[k], 11) + 18
    _x_axis(svg, left, plot, top, top + row * len(rows), vmax, step, fmt=lambda v: f"{v:g}")
    for i, (r, total) in enumerate(zip(rows, totals)):
        y = top + i * row + row / 2
        name = str(r[key])
        svg.text(left - 10, y, clip(name, 12, left - 14), anchor="end", title=name,
                 weight="600" if name == ALL else None)
        x = left
        for k in kinds:
            v = r.get(f"lost_{k}_per_gen") or 0
            w = plot * v / vmax
            tip = (f"{name}: {v:.2f} points per generation lost to {LOST_LABEL[k]} "
                   f"({r.get(f'lost_{k}', 0):g} points over {r['generations']} generations)")
            svg.rect(x, y - 8, w, 16, LOST[k], tip)
            x += w
        svg.text(x + 6, y, f"{total:.1f}", size=11, fill=INK)
    return svg.render()


def _nice_step(vmax: float) -> float:
    for step in (0.5, 1, 2, 5, 10, 20, 25, 50, 100, 200, 500):
        if vmax / step <= 6:
            return step
    return 1000.0


def histograms(hist: dict[str, Any], models: list[str]) -> Markup:
    """One small histogram of score rates per model (shared y scale), the 60 % line, and
    bins below the pass line in the fail color."""
    edges = hist["edges"]
    panels = [(m, hist["models"][m]) for m in models if m in hist["models"]]
    cols = min(4, max(len(panels), 1))
    pw, ph, gap = 230.0, 130.0, 22.0
    rows = (len(panels) + cols - 1) // cols
    ymax = max([max(p["counts"] or [0]) for _, p in panels] + [1])
    svg = Svg(cols * (pw + gap), rows * (ph + 44) + 4, "Score distribution per model")
    nb = len(edges) - 1
    for idx, (m, p) in enumerate(panels):
        ox, oy = (idx % cols) * (pw + gap) + 28, (idx // cols) * (ph + 44) + 22
        w, h = pw - 36, ph - 28
        title = m + (f"  ({p['ungradable']} ungradable)" if p["ungradable"] else "")
        svg.text(ox, oy - 10, clip(title, 12, pw - 20), size=12, weight="600", title=title)
        svg.line(ox, oy + h, ox + w, oy + h, GRID)
        for t in (0, ymax):
            svg.text(ox - 6, oy + h - h * t / ymax, str(t), size=9.5, anchor="end",
                     fill=MUTED)
        for b, count in enumerate(p["counts"]):
            bw = w / nb
            color = STATUS["fail"] if edges[b + 1] <= 60 else STATUS["pass"]
            bh = h * count / ymax
            tip = (f"{m}: {count} generation(s) scoring {edges[b]:g}–{edges[b + 1]:g}%")
            svg.rect(ox + b * bw + 1, oy + h - bh, bw - 2, bh, color, tip)
        for v in (0, 50, 100):
            svg.text(ox + w * v / 100, oy + h + 11, f"{v}", size=9.5, anchor="middle",
                     fill=MUTED)
        svg.line(ox + w * PASS, oy - 2, ox + w * PASS, oy + h, PASS_LINE, 1.2, "4 3",
                 title="pass line: 60 %")
    return svg.render()


def compare_chart(rows: list[dict[str, Any]], label_a: str = "A",
                  label_b: str = "B") -> Markup:
    """Per model, SR in run A (grey) and run B (blue) with their CIs, joined by a line."""
    labels = [r["model"] for r in rows]
    left, plot, top, row = _label_margin(labels), 620, 50, 34
    svg = Svg(left + plot + 110, top + row * len(rows) + 28,
              "Score rate per model: run A vs run B with 95% confidence intervals")
    for i, (lab, color) in enumerate(((label_a, BAR_A), (label_b, BAR))):
        svg.circle(left + i * 200 + 6, 10, 5, color)
        svg.text(left + i * 200 + 16, 10, clip(lab, 11, 180), size=11, fill=MUTED, title=lab)
    _x_axis(svg, left, plot, top, top + row * len(rows))
    for i, r in enumerate(rows):
        y = top + i * row + row / 2
        svg.text(left - 10, y, clip(r["model"], 12, left - 14), anchor="end",
                 title=r["model"], weight="600" if r["model"] == ALL else None)
        pts = []
        for side, color, dy in (("a", BAR_A, -6), ("b", BAR, 6)):
            m = r.get(side)
            if not m or m.get("sr") is None:
                continue
            ci = m.get("sr_ci") or (None, None)
            tip = f"{r['model']} run {side.upper()}: SR {pct(m['sr'])} {interval(ci)}"
            if ci[0] is not None:
                _whisker(svg, left + plot * ci[0], left + plot * ci[1], y + dy, tip, color)
            pts.append((left + plot * m["sr"], y + dy, color, tip))
        if len(pts) == 2:
            svg.line(pts[0][0], pts[0][1], pts[1][0], pts[1][1], MUTED, 1)
        for x, yy, color, tip in pts:
            svg.circle(x, yy, 5, color, tip, stroke="#ffffff")
        d = r.get("sr_delta")
        svg.text(left + plot + 12, y, "–" if d is None else f"{d * 100:+.1f} pts", size=11.5,
                 weight="600", fill=INK if d is None or abs(d) < 1e-12 else
                 (STATUS["pass"] if d > 0 else STATUS["fail"]))
    _pass_line(svg, left + plot * PASS, top, top + row * len(rows))
    return svg.render()
