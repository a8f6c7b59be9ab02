"""Render the example pictures of ppt-l2-farm from the reference with LibreOffice
headless (``soffice --convert-to png`` renders a presentation's first slide):

* example-1.png — slide "项目背景" (the master's title colour and colour bar, date, footer
  and slide number);
* example-2.png — the title slide (its layout's background, the master's bar hidden);
* example-3.png — slide "建设历程" (the SmartArt graphic: layout and colours, drawn by
  LibreOffice from the drawing part the solution writes);
* example-4.png — slide "常见问题" (the button's shape and colour, the answer).

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
        for name, title in (("example-1", "项目背景"), ("example-2", "青禾智慧农业示范园"),
                            ("example-3", "建设历程"), ("example-4", "常见问题")):
            slide_titled(HERE / "reference.pptx", title, tmp / f"{name}.pptx")
            render(tmp / f"{name}.pptx", HERE / f"{name}.png", tmp)
            print("wrote", name + ".png")


if __name__ == "__main__":
    os.chdir(HERE)
    main()
