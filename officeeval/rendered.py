"""A document as LibreOffice laid it out: the facts of ``layout.json`` (``recalc.pages``)
with the questions the graders ask of them.

``Rendered.load(folder, version)`` reads a layout folder made by
``LibreOfficeBackend.layout`` (or the service). Pages are Word's pages (1-based, without the
blank pages LibreOffice inserts by itself). Every lookup returns ``None`` for what the
layout does not know (a paragraph LibreOffice could not place, a page past the end);
nothing here raises on a malformed file but ``load`` itself (``UnverifiableValue``: the
layout is ours, not the document's). A base module: the format views read layouts through
it, whatever backend made them (``recalc`` drives LibreOffice).
"""

from __future__ import annotations

import json
import shutil
import tempfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable

from officeeval.cache import memo_table
from officeeval.errors import (
    OfficeEvalError, PackageError, UnevaluableDocument, UnverifiableValue,
)

UNAVAILABLE = "layout backend unavailable"


def no_layout_backend(exc: BaseException) -> bool:
    """Whether ``exc`` says only that no layout backend was handed in (not that one failed:
    a failure's message goes on after the colon). Never raises."""
    return isinstance(exc, UnverifiableValue) and str(exc) == UNAVAILABLE

_ROMAN = ((1000, "M"), (900, "CM"), (500, "D"), (400, "CD"), (100, "C"), (90, "XC"),
          (50, "L"), (40, "XL"), (10, "X"), (9, "IX"), (5, "V"), (4, "IV"), (1, "I"))


def format_page_number(number: int, numbering: str) -> str:
    """A page number as a page shows it in that numbering (``upperRoman`` 4 -> ``IV``);
    decimal for numberings not listed."""
    if numbering in ("upperRoman", "lowerRoman") and 0 < number < 4000:
        out, n = "", number
        for value, letters in _ROMAN:
            while n >= value:
                out += letters
                n -= value
        return out if numbering == "upperRoman" else out.lower()
    if numbering in ("upperLetter", "lowerLetter") and number > 0:
        letter = chr(ord("A") + (number - 1) % 26) * ((number - 1) // 26 + 1)
        return letter if numbering == "upperLetter" else letter.lower()
    return str(number)


# Fonts LibreOffice replaces by one with the same advance widths (its own replacement
# table; the Debian packages in the README install them), and the CJK fonts whose
# ideographs Noto CJK draws at the same advance (1 em) though with other line heights.
METRIC_COMPATIBLE = {
    "calibri": "Carlito", "cambria": "Caladea", "arial": "Liberation Sans",
    "helvetica": "Liberation Sans", "times new roman": "Liberation Serif",
    "times": "Liberation Serif", "courier new": "Liberation Mono",
    "courier": "Liberation Mono", "arial narrow": "Liberation Sans Narrow"}
CJK_SANS = ("黑体", "simhei", "微软雅黑", "microsoft yahei", "等线", "dengxian", "ｍｓ ゴシック",
            "ms gothic", "游ゴシック", "yu gothic", "맑은 고딕", "malgun gothic")
CJK_SERIF = ("宋体", "simsun", "新宋体", "nsimsun", "仿宋", "fangsong", "楷体", "kaiti",
             "新細明體", "pmingliu", "mingliu", "ｍｓ 明朝", "ms mincho", "游明朝", "yu mincho",
             "batang", "바탕")


def font_substitution(name: str) -> dict[str, str]:
    """How a font the document asks for and the machine lacks is drawn: ``{"font",
    "rendered_with", "metrics"}`` with ``metrics`` ``compatible`` (same advance widths:
    pages break as in Office), ``ideographs`` (CJK: same advance for ideographs, other
    line heights) or ``different`` (a fallback font: line and page breaks may move)."""
    key = name.strip().lower()
    if key in METRIC_COMPATIBLE:
        return {"font": name, "rendered_with": METRIC_COMPATIBLE[key], "metrics": "compatible"}
    if key in CJK_SANS:
        return {"font": name, "rendered_with": "Noto Sans CJK", "metrics": "ideographs"}
    if key in CJK_SERIF:
        return {"font": name, "rendered_with": "Noto Serif CJK", "metrics": "ideographs"}
    return {"font": name, "rendered_with": "a fallback font", "metrics": "different"}


@dataclass
class Rendered:
    """The layout of one document (see the module docstring). ``version`` is the
    LibreOffice build that made it (``LibreOffice 25.2.3.2``); ``source`` the observation
    source the graders give its values."""

    app: str
    facts: dict[str, Any]
    folder: Path
    version: str = "LibreOffice"
    marks: dict[str, list] = field(default_factory=dict)

    @classmethod
    def load(cls, folder: Path, version: str | None = None) -> "Rendered":
        """Read ``folder/layout.json``; raises ``UnverifiableValue`` when it is missing or
        not a layout."""
        try:
            facts = json.loads((Path(folder) / "layout.json").read_text("utf-8"))
        except (OSError, ValueError) as exc:
            raise UnverifiableValue(f"no layout in {folder}: {exc}") from exc
        # The app is the one of the view that asked for the layout; a file without one is
        # not a layout the backend wrote.
        if not isinstance(facts, dict) or not isinstance(facts.get("app"), str) \
                or not facts["app"]:
            raise UnverifiableValue(f"not a layout: {folder}")
        marks = facts.get("marks") if isinstance(facts.get("marks"), dict) else {}
        return cls(facts["app"], facts, Path(folder), version or "LibreOffice", marks)

    @property
    def source(self) -> str:
        return f"rendered ({self.version})"

    @property
    def pdf(self) -> Path | None:
        path = self.folder / "document.pdf"
        return path if path.is_file() else None

    @property
    def missing_fonts(self) -> list[str]:
        fonts = self.facts.get("missing_fonts")
        return [f for f in fonts if isinstance(f, str)] if isinstance(fonts, list) else []

    @property
    def substitutions(self) -> list[dict[str, str]]:
        """``font_substitution`` of every missing font, in name order."""
        return [font_substitution(f) for f in self.missing_fonts]

    @property
    def reliable(self) -> bool:
        """Whether every font the document asks for was drawn with Office's advance
        widths (installed, or replaced by a metric-compatible font): the condition under
        which LibreOffice's page breaks were measured to agree with Word's
        (``bench/RESULTS.md``)."""
        return all(s["metrics"] == "compatible" for s in self.substitutions)

    # ------------------------------------------------------------------ Word
    @property
    def page_count(self) -> int | None:
        """Pages of the document, as the layout counted them: Word's own count (``pages``,
        without the blank pages LibreOffice inserts), else the pages a workbook's sheets
        print to (``sheets``), else the pages printed (PowerPoint: its slides)."""
        if "pages" in self.facts:
            n = self.facts.get("pages")
        elif "sheets" in self.facts:
            pages = [s.get("pages") for s in self.sheets]
            n = sum(p for p in pages if isinstance(p, int)) if pages else None
        else:
            n = self.facts.get("pdf_pages")
        return n if isinstance(n, int) else None

    def mark(self, n: int) -> tuple[int, int, bool] | None:
        """(first page, last page, first thing on its page) of marked paragraph ``n``."""
        hit = self.marks.get(str(n))
        if not isinstance(hit, list) or len(hit) != 3:
            return None
        first, last, top = hit
        if not isinstance(first, int) or not isinstance(last, int):
            return None
        return first, last, bool(top)

    def page(self, n: int) -> dict[str, Any] | None:
        """The facts of page ``n`` (1-based): ``number`` (as shown), ``numbering``,
        ``header_text``, ``footer_text``, geometry; ``None`` past the end."""
        pages = self.facts.get("page_info")
        if not isinstance(pages, list) or not 1 <= n <= len(pages):
            return None
        info = pages[n - 1]
        return info if isinstance(info, dict) else None

    def page_label(self, n: int) -> str | None:
        """The page number page ``n`` shows in its numbering (``III``, ``3``)."""
        info = self.page(n)
        if info is None or not isinstance(info.get("number"), int):
            return None
        return format_page_number(info["number"], str(info.get("numbering") or "decimal"))

    # ------------------------------------------------------------------ Excel
    @property
    def sheets(self) -> list[dict[str, Any]]:
        sheets = self.facts.get("sheets")
        return [s for s in sheets if isinstance(s, dict)] if isinstance(sheets, list) else []

    def sheet(self, name: str) -> dict[str, Any] | None:
        for s in self.sheets:
            if s.get("name") == name:
                return s
        return None

    # ------------------------------------------------------------------ PowerPoint
    def shape_fit(self, slide: int, index: int, name: str) -> list | None:
        """``[name, fits, needed, height]`` of the ``index``-th shape (0-based, drawing
        order) of slide ``slide`` (1-based); found by ``name`` when the order disagrees."""
        slides = self.facts.get("slides")
        if not isinstance(slides, list) or not 1 <= slide <= len(slides):
            return None
        shapes = slides[slide - 1]
        if 0 <= index < len(shapes) and shapes[index][0] == name:
            return shapes[index]
        named = [s for s in shapes if s[0] == name]
        return named[0] if len(named) == 1 else None


def obtain(doc: Any, layouter: Any, data: Callable[[], bytes], suffix: str,
           mark_prefix: str = "") -> Rendered:
    """The layout of the view ``doc`` by ``layouter`` (an object with ``layout(path,
    mark_prefix) -> Rendered``; the grader hands it in), made from ``data()`` (the
    package's bytes, marked or not) written to a private file named ``*suffix``, once per
    view (remembered on it, failures too). Raises ``UnverifiableValue`` ("layout backend
    unavailable") without a backend and when the backend fails (it would not start, it is
    gone): those are the evaluator's failures, ``eval_error``s never charged to the
    candidate. Raises ``UnevaluableDocument`` when LibreOffice timed out or crashed on this
    document (charged, ``unevaluable``, as a recalculation timeout is; on an input or
    reference document the grader makes it an evaluator error). A package that cannot be
    read under the limits raises its ``PackageError``."""
    memo = memo_table(doc, "_officeeval_rendered")
    known = memo.get("layout")
    if isinstance(known, Rendered):
        return known
    if isinstance(known, OfficeEvalError):
        raise known
    try:
        if layouter is None:
            raise UnverifiableValue(UNAVAILABLE)
        folder = Path(tempfile.mkdtemp(prefix="officeeval-layout-"))
        try:
            path = folder / f"document{suffix}"
            path.write_bytes(data())
            result = layouter.layout(path, mark_prefix)
        finally:
            shutil.rmtree(folder, ignore_errors=True)
    except UnverifiableValue as exc:
        memo["layout"] = exc
        raise
    except (PackageError, UnevaluableDocument) as exc:
        # LibreOffice timed out or died on this very document: as for a recalculation, the
        # document defeated the grader and is charged for it (``unevaluable``); were it an
        # evaluator error, its points would leave the total and a document built to hang
        # the layout would escape every layout check.
        if isinstance(exc, UnevaluableDocument):
            memo["layout"] = exc
        raise
    except OfficeEvalError as exc:  # the backend itself failed (would not start, is gone)
        err = UnverifiableValue(f"{UNAVAILABLE}: {exc}")
        memo["layout"] = err
        raise err from exc
    memo["layout"] = result
    return result


def already(doc: Any) -> Rendered | None:
    """The layout ``obtain`` made for ``doc``, if it made one (nothing is started)."""
    known = memo_table(doc, "_officeeval_rendered").get("layout")
    return known if isinstance(known, Rendered) else None
