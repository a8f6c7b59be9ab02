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
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

from pptx import Presentation
from pptx.oxml.ns import qn

HERE = Path(__file__).resolve().parent


def only(title: str, out: Path) -> None:
    prs = Presentation(HERE / "reference.pptx")
    lst = prs.slides._sldIdLst
    for sid, slide in list(zip(list(lst), prs.slides)):
        if slide.shapes.title is None or slide.shapes.title.text != title:
            prs.part.drop_rel(sid.get(qn("r:id")))
            lst.remove(sid)
    # The custom show names slides by relationship: with those slides gone LibreOffice
    # gives up, so it goes.
    for shows in prs.part._element.findall(qn("p:custShowLst")):
        prs.part._element.remove(shows)
    prs.save(out)


def render(pptx: Path, png: Path, tmp: Path) -> None:
    soffice = shutil.which("soffice") or sys.exit("soffice not found")
    proc = subprocess.Popen([soffice, f"-env:UserInstallation=file://{tmp / 'profile'}",
                             "--headless", "--convert-to", "png", "--outdir", str(tmp),
                             str(pptx)], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        proc.wait(timeout=180)
    except subprocess.TimeoutExpired:
        proc.kill()
        raise
    shutil.move(tmp / (pptx.stem + ".png"), png)


def main() -> None:
    with tempfile.TemporaryDirectory() as t:
        tmp = Path(t)
        for name, title in (("example-1", "活动概况"), ("example-2", "客流统计")):
            only(title, tmp / f"{name}.pptx")
            render(tmp / f"{name}.pptx", HERE / f"{name}.png", tmp)
            print("wrote", name + ".png")


if __name__ == "__main__":
    os.chdir(HERE)
    main()
