"""The report opens in headless Chromium without console errors or network requests, the
charts have a size on screen, a screenshot shows them, and Chinese text in a chart is drawn
with a CJK font. Skips only when Chromium is absent (CI installs it)."""

from __future__ import annotations

import pytest

from officeeval.report.compare import write_compare
from officeeval.report.fonts import cjk_fonts
from officeeval.report.html import write_report
from officeeval.report.palette import BAR, STATUS, heat

from chromium import Browser, find_chromium
from png import count_color, read_png

EXE = find_chromium()
pytestmark = [pytest.mark.chromium,
              pytest.mark.skipif(EXE is None, reason="headless Chromium is not installed")]


@pytest.fixture(scope="module")
def written(rich_outdir, tmp_path_factory):
    out = tmp_path_factory.mktemp("chromium-report")
    return write_report(rich_outdir, out)


def _local_only(urls: list[str]) -> list[str]:
    return [u for u in urls if not u.startswith(("file://", "data:", "about:"))]


def _chart_box(b: Browser, n: int) -> tuple[float, float]:
    return tuple(b.evaluate(f"(() => {{ const r = document.querySelectorAll('svg.chart')[{n}]"
                            f".getBoundingClientRect(); return [r.top + window.scrollY, "
                            f"r.height]; }})()"))


def test_index_renders_without_errors_and_shows_the_charts(written, tmp_path):
    with Browser(EXE) as b:
        b.open(written.as_uri())
        assert b.problems() == []
        assert _local_only(b.requests()) == []
        sizes = b.evaluate("Array.from(document.querySelectorAll('svg.chart')).map(s => {"
                           "const r = s.getBoundingClientRect(); return [r.width, r.height];})")
        assert len(sizes) == 5
        assert all(w > 400 and h > 100 for w, h in sizes), sizes
        # The score-rate chart: the model bars are drawn in the bar color.
        top, height = _chart_box(b, 0)
        b.screenshot(tmp_path / "sr.png", top, height)
        w, h, rows = read_png(tmp_path / "sr.png")
        assert w == 1280 and abs(h - height) <= 2
        assert count_color(rows, BAR) > 4 * 18 * 100   # four bars, 18 px high, >100 px long
        assert count_color(rows, STATUS["fail"], 20) > 50  # the dashed 60 line
        # The heatmap: cells in many colors of the scale, both sides of the pass line.
        top, height = _chart_box(b, 1)
        b.screenshot(tmp_path / "heat.png", top, height)
        _, _, rows = read_png(tmp_path / "heat.png")
        assert count_color(rows, heat(0.95), 12) > 200 or count_color(rows, heat(0.9), 12) > 200
        assert count_color(rows, heat(0.25), 12) + count_color(rows, heat(0.3), 12) > 200
        # A full-page screenshot is a real image of the page.
        b.screenshot(tmp_path / "page.png", 0, 1600)
        assert (tmp_path / "page.png").stat().st_size > 50_000


def test_chinese_text_in_a_chart_uses_a_cjk_font(written):
    status = cjk_fonts()
    if not status.present:
        pytest.skip("no CJK font installed here (apt-get install fonts-noto-cjk)")
    with Browser(EXE) as b:
        b.open(written.as_uri())
        assert b.evaluate("(() => { const t = Array.from(document.querySelectorAll("
                          "'svg.chart text')).find(e => e.textContent.includes('动画效果'));"
                          " if (t) t.setAttribute('data-probe', '1'); return !!t; })()")
        b.send("DOM.enable")
        b.send("CSS.enable")
        root = b.send("DOM.getDocument")["root"]["nodeId"]
        node = b.send("DOM.querySelector", {"nodeId": root,
                                            "selector": "[data-probe]"})["nodeId"]
        fonts = b.send("CSS.getPlatformFontsForNode", {"nodeId": node})["fonts"]
        cjk = [f for f in fonts if "CJK" in f["familyName"] or "Han" in f["familyName"]
               or "Hei" in f["familyName"]]
        assert cjk and sum(f["glyphCount"] for f in cjk) >= 4, fonts
        if "Noto Sans CJK SC" in status.families:
            # The stack's first choice, not whatever fallback the system would pick (a
            # Japanese face draws some Chinese characters differently).
            assert [f["familyName"] for f in cjk] == ["Noto Sans CJK SC"], fonts


def test_grade_sheets_and_compare_page_render_without_errors(written, rich_outdir, tmp_path):
    sheets = sorted((written.parent / "sheets").iterdir())
    compare = write_compare(rich_outdir, rich_outdir, tmp_path / "cmp")
    with Browser(EXE) as b:
        for page in (sheets[0], sheets[-1], written.parent / "generations.html", compare):
            b.events.clear()
            b.open(page.as_uri())
            assert b.problems() == [], page
            assert _local_only(b.requests()) == [], page
            assert b.evaluate("document.querySelectorAll('table tr').length") > 3


def test_wide_tables_scroll_in_view_instead_of_being_cut(written):
    """In a 1400-pixel window the page never scrolls sideways; every table wider than the
    page scrolls in a box no taller than the window (its scrollbar in view), reaches its
    last column, and keeps its first column (the model) and its header in view."""
    with Browser(EXE, width=1400, height=900) as b:
        b.open(written.as_uri())
        page = b.evaluate("[document.documentElement.scrollWidth, window.innerWidth]")
        assert page[0] <= page[1], page
        wide = b.evaluate("""Array.from(document.querySelectorAll('.scroll'))
          .filter(d => d.offsetParent !== null && d.scrollWidth > d.clientWidth + 1)
          .map(d => {
            const box = () => d.getBoundingClientRect();
            d.scrollIntoView();
            d.scrollTop = d.scrollHeight;
            d.scrollLeft = d.scrollWidth;
            const row = d.querySelectorAll('tr')[d.querySelectorAll('tr').length - 1];
            const head = d.querySelector('tr');
            return {overflow: getComputedStyle(d).overflowX,
                    fits: d.clientHeight <= window.innerHeight,
                    scrolled: d.scrollLeft > 0,
                    last: head.lastElementChild.getBoundingClientRect().right <= box().right + 1,
                    first: row.firstElementChild.getBoundingClientRect().left >= box().left - 1,
                    header: head.firstElementChild.getBoundingClientRect().top >= box().top - 1};
          })""")
    assert wide, "the rich report has tables wider than a 1400-pixel page"
    for table in wide:
        assert table == {"overflow": "auto", "fits": True, "scrolled": True, "last": True,
                         "first": True, "header": True}, table
