"""A minimal SVG writer for the report's charts: shapes, text, tooltips (SVG ``<title>``).

Everything is escaped here, so chart code can pass model names, skills and Chinese text
straight from a (hostile) store. Charts scale with the page (``viewBox``, width 100 %).
"""

from __future__ import annotations

from markupsafe import Markup, escape

from officeeval.report.palette import INK


def text_width(s: str, size: float) -> float:
    """Approximate rendered width: CJK and other wide characters take a full em, the rest
    about 0.6 em (enough to lay out labels without a font engine)."""
    return sum(size if ord(ch) >= 0x2E80 else size * 0.6 for ch in s)


def clip(s: str, size: float, width: float) -> str:
    """S shortened with an ellipsis to fit WIDTH (the full text goes in a tooltip)."""
    if text_width(s, size) <= width:
        return s
    while s and text_width(s + "…", size) > width:
        s = s[:-1]
    return s + "…"


def _num(v: float) -> str:
    return f"{v:.1f}".rstrip("0").rstrip(".")


class Svg:
    """Collects elements and renders one ``<svg>``; coordinates in user units."""

    def __init__(self, width: float, height: float, label: str) -> None:
        self.width, self.height, self.label = width, height, label
        self.parts: list[str] = []

    @staticmethod
    def _title(title: str | None) -> str:
        return f"<title>{escape(title)}</title>" if title else ""

    def rect(self, x: float, y: float, w: float, h: float, fill: str,
             title: str | None = None, stroke: str | None = None, rx: float = 0,
             cls: str | None = None) -> None:
        extra = f' stroke="{stroke}"' if stroke else ""
        extra += f' rx="{_num(rx)}"' if rx else ""
        extra += f' class="{escape(cls)}"' if cls else ""
        self.parts.append(f'<rect x="{_num(x)}" y="{_num(y)}" width="{_num(max(w, 0))}" '
                          f'height="{_num(max(h, 0))}" fill="{fill}"{extra}>'
                          f'{self._title(title)}</rect>')

    def line(self, x1: float, y1: float, x2: float, y2: float, stroke: str,
             width: float = 1, dash: str | None = None, title: str | None = None) -> None:
        d = f' stroke-dasharray="{dash}"' if dash else ""
        self.parts.append(f'<line x1="{_num(x1)}" y1="{_num(y1)}" x2="{_num(x2)}" '
                          f'y2="{_num(y2)}" stroke="{stroke}" stroke-width="{_num(width)}"{d}>'
                          f'{self._title(title)}</line>')

    def circle(self, cx: float, cy: float, r: float, fill: str, title: str | None = None,
               stroke: str | None = None) -> None:
        s = f' stroke="{stroke}" stroke-width="1.5"' if stroke else ""
        self.parts.append(f'<circle cx="{_num(cx)}" cy="{_num(cy)}" r="{_num(r)}" '
                          f'fill="{fill}"{s}>{self._title(title)}</circle>')

    def text(self, x: float, y: float, s: str, size: float = 12, anchor: str = "start",
             fill: str = INK, weight: str | None = None, rotate: float | None = None,
             title: str | None = None) -> None:
        w = f' font-weight="{weight}"' if weight else ""
        r = f' transform="rotate({_num(rotate)} {_num(x)} {_num(y)})"' if rotate else ""
        self.parts.append(f'<text x="{_num(x)}" y="{_num(y)}" font-size="{_num(size)}" '
                          f'text-anchor="{anchor}" dominant-baseline="middle" '
                          f'fill="{fill}"{w}{r}>{self._title(title)}{escape(s)}</text>')

    def render(self) -> Markup:
        # Shrinks with the page down to 640 px, then the chart box scrolls (a heatmap of 40
        # skills must not shrink into unreadable text).
        return Markup(f'<svg class="chart" xmlns="http://www.w3.org/2000/svg" role="img" '
                      f'aria-label="{escape(self.label)}" viewBox="0 0 {_num(self.width)} '
                      f'{_num(self.height)}" width="100%" style="max-width:{_num(self.width)}px;'
                      f'min-width:{_num(min(self.width, 640))}px" '
                      f'preserveAspectRatio="xMinYMin meet">'
                      + "".join(self.parts) + "</svg>")


def pct(v: float | None, digits: int = 1) -> str:
    """A rate as a percentage string; ``–`` for None."""
    return "–" if v is None else f"{v * 100:.{digits}f}%"


def interval(ci: tuple | list | None) -> str:
    """A CI as ``[lo–hi]`` in percent; empty when unknown."""
    if not ci or ci[0] is None or ci[1] is None:
        return ""
    return f"[{ci[0] * 100:.1f}–{ci[1] * 100:.1f}]"
