"""``shape.region``: where a shape sits on its slide in the words exam steps use (右下角,
左下方, 顶部, 中央): the third of the slide's width and height its box's centre falls in.
Shapes are placed with python-pptx on a 16:9 and a 4:3 slide and read back through a
rubric, with ``in`` for a looser reading."""

from __future__ import annotations

import pytest
from pptx import Presentation
from pptx.util import Cm

from officeeval.rubric import load_rubric_text
from officeeval.scoring import evaluate
from officeeval.vocabulary.common import region_of

# (name, left, top, width, height) in cm on a 33.867 x 19.05 cm slide
SHAPES = [("右下按钮", 30.0, 16.5, 2.5, 2.0), ("左下按钮", 1.0, 16.0, 3.0, 2.0),
          ("顶部色条", 0.0, 0.0, 33.867, 1.0), ("正中", 14.0, 8.5, 6.0, 2.0),
          ("右侧", 28.0, 8.0, 4.0, 3.0), ("跨界", 10.0, 13.0, 6.0, 1.0)]
EXPECTED = {"右下按钮": "bottom_right", "左下按钮": "bottom_left", "顶部色条": "top",
            "正中": "center", "右侧": "right", "跨界": "bottom"}


@pytest.fixture(scope="module")
def deck(tmp_path_factory):
    prs = Presentation()
    prs.slide_width, prs.slide_height = Cm(33.867), Cm(19.05)
    slide = prs.slides.add_slide(prs.slide_layouts[6])
    for name, x, y, w, h in SHAPES:
        shape = slide.shapes.add_shape(1, Cm(x), Cm(y), Cm(w), Cm(h))
        shape.name = name
    path = tmp_path_factory.mktemp("region") / "deck.pptx"
    prs.save(path)
    return path


def _check(select: str, expected: str, op: str = "equals"):
    return load_rubric_text(f"""<rubric xmlns="urn:officeeval:rubric:1" id="r" app="ppt">
      <criterion id="c" skill="object" points="100"><check select="{select}"
      property="shape.region" op="{op}" expected="{expected}"/></criterion></rubric>""")


@pytest.mark.parametrize("name", list(EXPECTED))
def test_each_shape_reads_its_region(deck, name):
    k = evaluate(_check(f"slide[1]/shape[name='{name}']", EXPECTED[name]), deck) \
        .criteria[0].checks[0]
    assert k.passed, (k.expected, k.actual, k.detail)


@pytest.mark.parametrize("literal, name, passed", [
    ("右下角", "右下按钮", True), ("右下方", "右下按钮", True), ("左下角", "右下按钮", False),
    ("左下方", "左下按钮", True), ("顶端", "顶部色条", True), ("居中", "正中", False),
    ("中央", "正中", True), ("右侧", "右下按钮", False),
])
def test_chinese_words_name_the_regions(deck, literal, name, passed):
    if literal == "居中":  # an alignment word, not a region: a rubric error
        with pytest.raises(Exception):
            _check(f"slide[1]/shape[name='{name}']", literal)
        return
    k = evaluate(_check(f"slide[1]/shape[name='{name}']", literal), deck).criteria[0].checks[0]
    assert k.passed is passed, (literal, k.actual)


def test_in_reads_a_looser_region(deck):
    k = evaluate(_check("slide[1]/shape[name='右侧']", "右下角|右侧|底部", op="in"), deck) \
        .criteria[0].checks[0]
    assert k.passed


@pytest.mark.parametrize("cx, cy, region", [
    (0.1, 0.1, "top_left"), (0.5, 0.1, "top"), (0.9, 0.1, "top_right"),
    (0.1, 0.5, "left"), (0.5, 0.5, "center"), (0.9, 0.5, "right"),
    (0.1, 0.9, "bottom_left"), (0.5, 0.9, "bottom"), (0.9, 0.9, "bottom_right"),
    (1 / 3, 2 / 3, "center"),  # a centre on a boundary counts as the middle
])
def test_region_of_thirds(cx, cy, region):
    assert region_of(cx, cy) == region
