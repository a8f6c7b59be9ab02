"""The value types only PowerPoint needs: slide sizes by aspect ratio or paper, angles, and
names that compare through a vocabulary when both sides are built-in names (layout names in
English or Chinese, table style names) and exactly otherwise."""

from __future__ import annotations

from typing import Any

from officeeval.errors import ValueParseError
from officeeval.properties import types as T
from officeeval.properties.types import CompareContext, TextType, ValueType, normalize_text
from officeeval.vocabulary import get as vocab


class SlideSizeType(ValueType):
    """``16:9``, ``4:3``, ``16:10``, 宽屏, 标准, ``A4`` (PowerPoint's A4 paper slide),
    ``Letter`` …, or exact ``33.867cm x 19.05cm``."""

    name = "slide_size"
    description = ("a slide size: 16:9, 4:3, 16:10 (宽屏, 标准), a paper (A4, Letter, B5 …) "
                   "or exact WxH (25.4cm x 19.05cm)")

    def parse(self, literal: str) -> Any:
        from officeeval.ppt.slide_size import parse_slide_size
        spec = parse_slide_size(literal)
        if spec is None:
            raise ValueParseError(f"{literal!r} is not a slide size (16:9, 4:3, A4, "
                                  f"25.4cm x 19.05cm)")
        return spec

    def render(self, value: Any) -> str:
        return "(none)" if value is None else str(value)

    def equals(self, actual: Any, expected: Any, ctx: CompareContext) -> bool:
        from officeeval.ppt.presentation import SlideSize
        from officeeval.ppt.slide_size import SizeSpec, size_matches
        if not isinstance(actual, SlideSize) or not isinstance(expected, SizeSpec):
            return False
        tol = ctx.tolerance.absolute if ctx.tolerance and ctx.tolerance.absolute else 1.0
        return size_matches(actual, expected, tol)


class VocabNameType(TextType):
    """A name that may be a built-in one: when both sides are known to the vocabulary they
    compare by token (``标题幻灯片`` = ``Title Slide``; ``中度样式 2 - 强调 1`` =
    ``Medium Style 2 - Accent 1``); otherwise as text, ignoring case."""

    def __init__(self, vocab_name: str, name: str, description: str) -> None:
        self.vocab_name = vocab_name
        self.name = name
        self.description = description

    def equals(self, actual: Any, expected: Any, ctx: CompareContext) -> bool:
        if actual is None or expected is None:
            return False
        v = vocab(self.vocab_name)
        a_tok, e_tok = v.canonical(str(actual)), v.canonical(str(expected))
        if a_tok is not None and e_tok is not None:
            return a_tok == e_tok
        return normalize_text(str(actual), ctx.normalize).casefold() == normalize_text(
            str(expected), ctx.normalize).casefold()


SLIDE_SIZE = SlideSizeType()
LAYOUT_NAME = VocabNameType("layout_type", "layout_name", "a layout name (built-in names in "
                            "English or Chinese: Title Slide = 标题幻灯片)")
PPT_TABLE_STYLE = VocabNameType("ppt_table_style", "table_style", "a table style name "
                                "(built-in names in English or Chinese: Medium Style 2 - "
                                "Accent 1 = 中度样式 2 - 强调 1)")
DEGREES = T.NumberType(unit="°", name="angle", default_tolerance=T.Tolerance(absolute=0.01))
