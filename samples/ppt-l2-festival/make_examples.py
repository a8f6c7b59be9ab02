"""Render the example pictures of ppt-l2-festival from the reference with LibreOffice
headless (``soffice --convert-to png`` renders a presentation's first slide):

* example-1.png — slide "活动概况" (the master's title colour and background, footer and
  slide number);
* example-2.png — slide "客流统计" (the chart).

Each picture is reference.pptx with every other slide (and the custom show, whose slides
would dangle) removed. Needs ``soffice``; run from
this directory after solution.py has written reference.pptx: ``python make_examples.py``.
"""

import os
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))

from example_pictures import render, slide_titled  # noqa: E402


def main() -> None:
    with tempfile.TemporaryDirectory() as t:
        tmp = Path(t)
        for name, title in (("example-1", "活动概况"), ("example-2", "客流统计")):
            slide_titled(HERE / "reference.pptx", title, tmp / f"{name}.pptx")
            render(tmp / f"{name}.pptx", HERE / f"{name}.png", tmp)
            print("wrote", name + ".png")


if __name__ == "__main__":
    os.chdir(HERE)
    main()
