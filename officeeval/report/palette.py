"""Colors and fonts of the reports: one place, so pages, charts and the console agree.

Status colors follow the console (pass green, fail red, not_found amber, skipped purple,
eval_error blue), taken from the Okabe-Ito palette, which stays distinguishable under the
common color-vision deficiencies. The heat scale is a diverging blue/red ramp centred on the
60 % pass line (ColorBrewer RdBu, also color-blind safe), with the value printed in each cell
so color is never the only carrier.
"""

from __future__ import annotations

STATUS = {"pass": "#009E73", "fail": "#D55E00", "not_found": "#E69F00",
          "skipped": "#CC79A7", "eval_error": "#0072B2", "unevaluable": "#882255"}
OUTCOME = {"ok": "#009E73", "exec_error": "#D55E00", "exec_timeout": "#CC79A7",
           "exec_killed": "#882255", "no_code": "#999999", "no_output": "#E69F00",
           "invalid_package": "#56B4E9", "not_graded": "#0072B2"}
LOST = {"execution": STATUS["skipped"], "not_found": STATUS["not_found"],
        "wrong": STATUS["fail"], "unevaluable": STATUS["unevaluable"]}
LOST_LABEL = {"execution": "execution (program failed)", "not_found": "logic: not found",
              "wrong": "logic: wrong value",
              "unevaluable": "unevaluable (the document defeated the grader)"}
CATEGORICAL = ["#0072B2", "#E69F00", "#009E73", "#CC79A7", "#56B4E9", "#D55E00", "#F0E442",
               "#000000"]
INK, MUTED, GRID, PASS_LINE = "#1f2328", "#59636e", "#d8dee4", "#D55E00"
BAR, BAR_ALL, BAR_A = "#0072B2", "#59636e", "#a3aab2"

# ColorBrewer RdBu (11): red below the pass line, blue above, white-ish at 60 %.
_RDBU = ["#67001f", "#b2182b", "#d6604d", "#f4a582", "#fddbc7", "#f7f7f7", "#d1e5f0",
         "#92c5de", "#4393c3", "#2166ac", "#053061"]

CJK_FONTS = ('"Noto Sans CJK SC", "Source Han Sans SC", "PingFang SC", "Microsoft YaHei", '
             '"Hiragino Sans GB", "WenQuanYi Micro Hei"')
FONT_STACK = f'system-ui, -apple-system, "Segoe UI", Roboto, {CJK_FONTS}, sans-serif'
MONO_STACK = f'ui-monospace, "SFMono-Regular", Menlo, Consolas, {CJK_FONTS}, monospace'


def _hex(c: str) -> tuple[int, int, int]:
    return int(c[1:3], 16), int(c[3:5], 16), int(c[5:7], 16)


def heat(rate: float | None, centre: float = 0.6) -> str:
    """The heat color of a rate in 0..1 (None: light grey). Piecewise linear so that the
    pass line sits exactly on the neutral color."""
    if rate is None:
        return "#eeeeee"
    r = min(max(rate, 0.0), 1.0)
    # Map [0, centre] onto the red half and [centre, 1] onto the blue half.
    pos = (r / centre) * 5 if r <= centre else 5 + (r - centre) / (1 - centre) * 5
    lo = int(pos)
    if lo >= 10:
        return _RDBU[10]
    f = pos - lo
    a, b = _hex(_RDBU[lo]), _hex(_RDBU[lo + 1])
    return "#%02x%02x%02x" % tuple(round(x + (y - x) * f) for x, y in zip(a, b))


def ink_on(background: str) -> str:
    """Black or white text, whichever reads better on BACKGROUND (WCAG relative luminance)."""
    def lin(v: int) -> float:
        s = v / 255
        return s / 12.92 if s <= 0.03928 else ((s + 0.055) / 1.055) ** 2.4
    r, g, b = (lin(v) for v in _hex(background))
    lum = 0.2126 * r + 0.7152 * g + 0.0722 * b
    return "#000000" if lum > 0.22 else "#ffffff"
