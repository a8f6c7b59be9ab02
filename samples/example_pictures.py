"""What the sample tasks' ``make_examples.py`` scripts share: reducing a reference to the
part one example picture shows, and rendering it with LibreOffice headless.

A task whose instruction gives some values only by picture (``example-1.png`` …, attached to
the task) renders those pictures from its own reference, so a picture shows exactly what the
reference holds. Each script says what its pictures show; this module holds how.

Needs ``soffice`` (LibreOffice) on the PATH, and python-docx / python-pptx for the reducers
of their format (imported when used, so an Excel script needs neither).
"""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path
from typing import Callable

RENDER_TIMEOUT = 180


def render(document: Path, png: Path, tmp: Path) -> None:
    """Render the first page of ``document`` (a .docx's first page, a workbook's first sheet
    as printed, a deck's first slide) to ``png`` with ``soffice --convert-to png``.

    ``tmp`` holds the LibreOffice profile and the conversion's output, so the user's own
    LibreOffice profile is never touched. Exits the script when ``soffice`` is not installed;
    raises ``subprocess.TimeoutExpired`` (after killing it) when LibreOffice takes longer than
    ``RENDER_TIMEOUT`` seconds, and ``FileNotFoundError`` when it wrote no picture.
    """
    soffice = shutil.which("soffice") or sys.exit("soffice not found")
    proc = subprocess.Popen([soffice, f"-env:UserInstallation=file://{tmp / 'profile'}",
                             "--headless", "--convert-to", "png", "--outdir", str(tmp),
                             str(document)], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        proc.wait(timeout=RENDER_TIMEOUT)
    except subprocess.TimeoutExpired:
        proc.kill()
        raise
    shutil.move(tmp / (document.stem + ".png"), png)


def word_excerpt(reference: Path, keep: Callable, out: Path, *,
                 drop_headers: bool = False) -> None:
    """Save ``reference`` (.docx) to ``out`` with only the body elements ``keep(document)``
    returns (python-docx proxies' elements), the page setup of the last kept section as the
    excerpt's own. With ``drop_headers`` the excerpt has no headers or footers, for a picture
    of the page's content alone."""
    from docx import Document
    from docx.oxml.ns import qn

    doc = Document(reference)
    body = doc.element.body
    kept = keep(doc)  # the proxies stay alive, so identity holds
    final = body.find(qn("w:sectPr"))
    for el in list(body):
        if el is not final and not any(el is k for k in kept):
            body.remove(el)
    for el in list(body):
        ppr = el.find(qn("w:pPr"))
        sect = ppr.find(qn("w:sectPr")) if ppr is not None else None
        if sect is not None:
            # A kept paragraph that ends a section: its page setup is the excerpt's.
            ppr.remove(sect)
            body.remove(final)
            body.append(sect)
            final = sect
    if drop_headers:
        for el in final.findall(qn("w:headerReference")) + final.findall(qn("w:footerReference")):
            final.remove(el)
    doc.save(out)


def slide_titled(reference: Path, title: str, out: Path) -> None:
    """Save ``reference`` (.pptx) to ``out`` with only the slides whose title is ``title``.

    Custom shows name slides by relationship, and the show settings may name a custom show:
    with the other slides gone LibreOffice gives up on such a deck, so the custom shows go
    and show settings that played one play every slide instead."""
    from lxml import etree
    from pptx import Presentation
    from pptx.opc.constants import RELATIONSHIP_TYPE as RT
    from pptx.oxml.ns import qn

    prs = Presentation(reference)
    lst = prs.slides._sldIdLst
    for sid, slide in list(zip(list(lst), prs.slides)):
        if slide.shapes.title is None or slide.shapes.title.text != title:
            prs.part.drop_rel(sid.get(qn("r:id")))
            lst.remove(sid)
    for shows in prs.part._element.findall(qn("p:custShowLst")):
        prs.part._element.remove(shows)
    try:
        props = prs.part.part_related_by(RT.PRES_PROPS)
    except KeyError:
        props = None
    if props is not None:
        root = etree.fromstring(props.blob)
        played = list(root.iter(qn("p:custShow")))
        for el in played:
            el.getparent().replace(el, etree.Element(qn("p:sldAll")))
        if played:
            props._blob = etree.tostring(root, xml_declaration=True, encoding="UTF-8",
                                         standalone=True)
    prs.save(out)


def sheet_first(wb, name: str):
    """Move the sheet ``name`` of the openpyxl workbook ``wb`` to the front and make it the
    only active and selected one (LibreOffice renders the first sheet); returns it."""
    ws = wb[name]
    wb.move_sheet(ws, offset=-wb.index(ws))
    wb.active = 0
    for other in wb.worksheets:
        other.sheet_view.tabSelected = other is ws
    return ws
