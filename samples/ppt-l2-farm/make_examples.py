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
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

from lxml import etree
from pptx import Presentation
from pptx.opc.constants import RELATIONSHIP_TYPE as RT
from pptx.oxml.ns import qn

HERE = Path(__file__).resolve().parent


def only(title: str, out: Path) -> None:
    prs = Presentation(HERE / "reference.pptx")
    lst = prs.slides._sldIdLst
    for sid, slide in list(zip(list(lst), prs.slides)):
        if slide.shapes.title is None or slide.shapes.title.text != title:
            prs.part.drop_rel(sid.get(qn("r:id")))
            lst.remove(sid)
    # The custom show names slides by relationship, and the show settings name the custom
    # show: with those slides gone LibreOffice gives up, so both go.
    for shows in prs.part._element.findall(qn("p:custShowLst")):
        prs.part._element.remove(shows)
    props = prs.part.part_related_by(RT.PRES_PROPS)
    root = etree.fromstring(props.blob)
    for el in root.iter(qn("p:custShow")):
        el.getparent().replace(el, etree.Element(qn("p:sldAll")))
    props._blob = etree.tostring(root, xml_declaration=True, encoding="UTF-8", standalone=True)
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
        for name, title in (("example-1", "项目背景"), ("example-2", "青禾智慧农业示范园"),
                            ("example-3", "建设历程"), ("example-4", "常见问题")):
            only(title, tmp / f"{name}.pptx")
            render(tmp / f"{name}.pptx", HERE / f"{name}.png", tmp)
            print("wrote", name + ".png")


if __name__ == "__main__":
    os.chdir(HERE)
    main()
