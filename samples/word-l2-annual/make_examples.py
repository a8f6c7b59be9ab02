"""Render the example pictures of word-l2-annual from the reference with LibreOffice
headless (``soffice --convert-to png`` renders a document's first page):

* example-1.png — the cover page (section 1 of reference.docx);
* example-2.png — the converted table with its caption (the table style, its position);
* example-3.png — the start of chapter 一 (how "标题 1" and "标题 2" look).

Each picture is the reference itself with everything else removed, so what it shows is
what the reference holds. Needs ``soffice``; run from this directory after solution.py has
written reference.docx: ``python make_examples.py``.
"""

import os
import sys
import tempfile
from pathlib import Path

from docx.oxml.ns import qn

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))

from example_pictures import render, word_excerpt  # noqa: E402


def main() -> None:
    with tempfile.TemporaryDirectory() as t:
        tmp = Path(t)
        body = lambda d: list(d.element.body)  # noqa: E731
        parts = {
            "example-1": lambda d: body(d)[:4],
            "example-2": lambda d: [e for e in body(d) if e.tag == qn("w:tbl")
                                    or "Caption" in (e.xpath("string(.//w:pStyle/@w:val)") or "")],
            "example-3": lambda d: [p._p for p in d.paragraphs
                                    if p.text.startswith(("一、总体情况", "（一）服务网络"))
                                    or p.text.startswith("2025年，滨江区")],
        }
        for name, keep in parts.items():
            src = tmp / f"{name}.docx"
            word_excerpt(HERE / "reference.docx", keep, src)
            render(src, HERE / f"{name}.png", tmp)
            print("wrote", name + ".png")


if __name__ == "__main__":
    os.chdir(HERE)
    main()
