"""Where the words put a created object, and another place the same words allow.

``placement(clause)`` reads the region words of the clause about an object (右下角, 左下方,
顶部, 居中, 右侧 …) and the dimensions it states in numbers (高 1 厘米, 与幻灯片同宽,
位置 …). ``moved_box`` moves and resizes a box as another candidate following those words
would have placed it: within the named region (by ``REGION_MOVE`` of the page), centred
where the words centre it, against the edge the words put it on, and anywhere on the page
(by ``FREE_MOVE``) when the words say nothing; never a dimension stated in numbers.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

REGION_MOVE = 0.05   # of the page, inside a named region (the brief's 3–8 %)
FREE_MOVE = 0.08     # of the page, when no words place the object
GROW, SHRINK = 1.12, 0.88  # ±12 % (the brief's 10–15 %)
FLUSH = 0.01         # a box this close (of the page) to an edge is against it

# Region words -> (horizontal, vertical); the longest match wins.
_REGIONS = (
    ("右下角", "right", "bottom"), ("右下方", "right", "bottom"), ("右下部", "right", "bottom"),
    ("左下角", "left", "bottom"), ("左下方", "left", "bottom"), ("左下部", "left", "bottom"),
    ("右上角", "right", "top"), ("右上方", "right", "top"), ("右上部", "right", "top"),
    ("左上角", "left", "top"), ("左上方", "left", "top"), ("左上部", "left", "top"),
    ("顶部", None, "top"), ("顶端", None, "top"), ("最上方", None, "top"),
    ("底部", None, "bottom"), ("底端", None, "bottom"), ("最下方", None, "bottom"),
    ("左侧", "left", None), ("左边", "left", None), ("右侧", "right", None),
    ("右边", "right", None),
    ("水平居中", "centre", None), ("垂直居中", None, "centre"), ("居中", "centre", "centre"),
    ("正中", "centre", "centre"), ("中央", "centre", "centre"),
)
# Things whose place a clause may give beside the object's own: their region words are not
# the object's.
_OTHER = re.compile(r"图例|标签|标题|页码|编号|文字|段落|题注|单元格|对齐")
_PLACING = re.compile(r"添加|插入|放置|放在|绘制|移到|移动到")


def _own(text: str, word: str) -> bool:
    """Whether ``word`` places the object rather than something else the clause names:
    in its comma-clause, no other thing (图例, 段落 …) comes before it unless a placing verb
    does too ("图例位于底部" and "图表所在段落居中" are not the object's; "在右下角插入文字为…
    的文本框" is)."""
    for part in re.split(r"[，,、；;]", text):
        i = part.find(word)
        if i < 0:
            continue
        before = part[:i]
        if not _OTHER.search(before) or _PLACING.search(before):
            return True
    return False
_NUMBER = r"\d+(?:\.\d+)?\s*(?:厘米|cm|毫米|mm|磅|pt|英寸|in)"


@dataclass(frozen=True)
class Placement:
    """What the words say of an object's place: ``h`` / ``v`` the region (``left``,
    ``right``, ``centre`` / ``top``, ``bottom``, ``centre``; ``None``: not said),
    ``fixed`` the box parts stated in numbers (``x``, ``y``, ``w``, ``h``), ``words`` the
    words found (for descriptions)."""

    h: str | None = None
    v: str | None = None
    fixed: frozenset[str] = field(default_factory=frozenset)
    words: tuple[str, ...] = ()

    @property
    def said(self) -> bool:
        return bool(self.h or self.v)


def placement(clause: str | None) -> Placement:
    """The placement the clause states (an empty ``Placement`` for ``None``)."""
    if not clause:
        return Placement()
    text = re.sub(r"\s+", " ", clause)
    h = v = None
    words: list[str] = []
    taken = ""
    for word, hh, vv in _REGIONS:
        if word in text and word not in taken and _own(text, word):
            # "图表左上角位于 A9": the object's own corner, not a region of the page.
            if re.search(re.escape(word) + r"\s*(位于|在|对齐|放置)", text):
                continue
            words.append(word)
            taken += word
            h = h or hh
            v = v or vv
    fixed: set[str] = set()
    if re.search(r"(高|高度)\s*(为|是|:|：)?\s*" + _NUMBER, text, re.I) or "同高" in text:
        fixed.add("h")
    if re.search(r"(宽|宽度)\s*(为|是|:|：)?\s*" + _NUMBER, text, re.I) or "同宽" in text:
        fixed.add("w")
    if "同宽" in text:
        fixed.add("x")
    if "同高" in text:
        fixed.add("y")
    if re.search(r"(大小|尺寸)[^，。；]*?" + _NUMBER, text, re.I) or \
            re.search(r"缩放\s*\d+\s*%", text):
        fixed |= {"w", "h"}
    if re.search(r"(位置|距)[^，。；]*?" + _NUMBER, text, re.I):
        fixed |= {"x", "y"}
    if re.search(r"(水平|左边距|距左)[^，。；]*?" + _NUMBER, text, re.I):
        fixed.add("x")
    if re.search(r"(垂直|上边距|距上|距顶)[^，。；]*?" + _NUMBER, text, re.I):
        fixed.add("y")
    return Placement(h, v, frozenset(fixed), tuple(words))


Box = tuple[float, float, float, float]  # x, y, width, height (any one unit)


def _axis(pos: float, size: float, new_size: float, page: float, where: str | None,
          fixed_pos: bool, move: float, fraction: float) -> float | None:
    """The new start of one axis, the move scaled by ``fraction``; ``None`` when no place
    satisfies the words."""
    if fixed_pos:
        return pos
    if where == "centre":
        return pos + size / 2 - new_size / 2
    near_start = pos <= FLUSH * page
    near_end = pos + size >= page * (1 - FLUSH)
    if where == "start" and near_start:
        return 0.0
    if where == "end" and near_end:
        return page - new_size
    centre = pos + size / 2
    # Toward the middle of the region (or of the page), so the move keeps it in.
    lo, hi = {"start": (0.0, page / 2), "end": (page / 2, page)}.get(where or "", (0.0, page))
    mid = (lo + hi) / 2
    step = move * page * (-1 if centre > mid else 1)
    new = pos + step * fraction + (size - new_size) / 2
    new = max(0.0, min(page - new_size, new))
    c = new + new_size / 2
    return new if lo - 1e-6 <= c <= hi + 1e-6 else None


def _overlap(a: Box, b: Box) -> float:
    w = min(a[0] + a[2], b[0] + b[2]) - max(a[0], b[0])
    h = min(a[1] + a[3], b[1] + b[3]) - max(a[1], b[1])
    return w * h if w > 0 and h > 0 else 0.0


def moved_box(box: Box, page: tuple[float, float], p: Placement, grow: bool = True,
              keep_aspect: bool = False, avoid: list[Box] | tuple = ()) -> Box | None:
    """``box`` moved and resized as the words of ``p`` allow on a page of ``page`` (width,
    height), covering no box of ``avoid`` it did not cover before (the title, the other
    objects); the largest such move of ``REGION_MOVE`` / ``FREE_MOVE`` and resize of
    ``GROW`` / ``SHRINK`` (then smaller ones). ``None`` when nothing changes or no place
    satisfies them (the variant is then not made)."""
    x, y, w, h = box
    pw, ph = page
    if pw <= 0 or ph <= 0 or w <= 0 or h <= 0:
        return None
    move = REGION_MOVE if p.said else FREE_MOVE
    side = {"left": "start", "right": "end", "centre": "centre"}
    vside = {"top": "start", "bottom": "end", "centre": "centre"}
    clear = [b for b in avoid if _overlap(box, b) <= 0]
    for f in ((GROW if grow else SHRINK), (1 + GROW) / 2 if grow else (1 + SHRINK) / 2,
              SHRINK if grow else 1.0):
        nw = w if "w" in p.fixed else w * f
        nh = h if "h" in p.fixed else h * f
        if keep_aspect and ({"w", "h"} & p.fixed):
            nw, nh = w, h
        nw, nh = min(nw, pw), min(nh, ph)
        for fraction in (1.0, 0.5, 0.25):
            nx = _axis(x, w, nw, pw, side.get(p.h or ""), "x" in p.fixed, move, fraction)
            ny = _axis(y, h, nh, ph, vside.get(p.v or ""), "y" in p.fixed, move, fraction)
            if nx is None or ny is None:
                continue
            out = (nx, ny, nw, nh)
            if all(abs(a - b) < 1e-6 for a, b in zip(out, box)):
                continue
            if any(_overlap(out, b) > 0 for b in clear):
                continue
            return out
    return None


def within(box: Box, page: tuple[float, float], p: Placement) -> bool:
    """Whether ``box`` lies on the page in the region ``p`` names (its centre in the
    named half; centred within 1 % of the page)."""
    x, y, w, h = box
    pw, ph = page
    if x < -1e-6 or y < -1e-6 or x + w > pw + 1e-3 or y + h > ph + 1e-3:
        return False
    cx, cy = x + w / 2, y + h / 2
    ok = {"left": cx <= pw / 2, "right": cx >= pw / 2,
          "centre": abs(cx - pw / 2) <= FLUSH * pw, None: True}[p.h]
    return ok and {"top": cy <= ph / 2, "bottom": cy >= ph / 2,
                   "centre": abs(cy - ph / 2) <= FLUSH * ph, None: True}[p.v]
