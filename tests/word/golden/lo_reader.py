"""LibreOffice as an independent reader of .docx files, for cross-checking golden values.

Run with the system Python that has ``uno`` (python3-uno), not the project venv::

    /usr/bin/python3 tests/word/golden/lo_reader.py FILE.docx [FILE.docx …] > out.json

It starts a private headless soffice, opens each file and prints, per file, what LibreOffice
computes: for each body paragraph (tables skipped) its text, list label, outline level,
alignment, indents, spacing, and the first text portion's font names, size, weight and
posture; per page style in use its size and margins; the table count with rows and columns.
Lengths are in points. The output is JSON on stdout.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import tempfile
import time

import uno  # noqa: F401  (system python3-uno)
from com.sun.star.beans import PropertyValue  # type: ignore

HUNDREDTH_MM_TO_PT = 72 / 2540
ADJUST = {0: "left", 1: "right", 2: "justify", 3: "center", 4: "justify"}


def _prop(name, value):
    p = PropertyValue()
    p.Name, p.Value = name, value
    return p


def _connect(port: int, profile: str):
    proc = subprocess.Popen(["soffice", "--headless", "--invisible", "--nologo",
                             "--norestore", f"-env:UserInstallation=file://{profile}",
                             f"--accept=socket,host=127.0.0.1,port={port};urp;"],
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    local = uno.getComponentContext()
    resolver = local.ServiceManager.createInstanceWithContext(
        "com.sun.star.bridge.UnoUrlResolver", local)
    for _ in range(120):
        try:
            ctx = resolver.resolve(f"uno:socket,host=127.0.0.1,port={port};urp;"
                                   "StarOffice.ComponentContext")
            return proc, ctx.ServiceManager.createInstanceWithContext(
                "com.sun.star.frame.Desktop", ctx)
        except Exception:  # noqa: BLE001 - soffice still starting
            time.sleep(0.5)
    proc.kill()
    raise RuntimeError("soffice did not start")


def _pt(v) -> float:
    return round(v * HUNDREDTH_MM_TO_PT, 2)


def _text_portions(paragraph):
    """The paragraph's text portions in order, those inside a content control included.
    LibreOffice 7.5 and later import a ``w:sdt`` holding text as a content control: the
    paragraph then shows one ``ContentControl`` portion whose own string is empty, and the
    characters (with their fonts) are portions of the control."""
    portions = paragraph.createEnumeration()
    while portions.hasMoreElements():
        portion = portions.nextElement()
        if portion.getPropertyValue("TextPortionType") == "ContentControl":
            yield from _text_portions(portion.getPropertyValue("ContentControl"))
        else:
            yield portion


def read(desktop, path: str) -> dict:
    url = uno.systemPathToFileUrl(os.path.abspath(path))
    doc = desktop.loadComponentFromURL(url, "_blank", 0, (_prop("Hidden", True),))
    try:
        out = {"paragraphs": [], "pages": {}, "tables": []}
        enum = doc.getText().createEnumeration()
        while enum.hasMoreElements():
            el = enum.nextElement()
            if not el.supportsService("com.sun.star.text.Paragraph"):
                continue
            info = {
                "text": el.getString(),
                "label": el.getPropertyValue("ListLabelString"),
                "outline": el.getPropertyValue("OutlineLevel"),
                "align": ADJUST.get(el.getPropertyValue("ParaAdjust"), "?"),
                "left": _pt(el.getPropertyValue("ParaLeftMargin")),
                "first_line": _pt(el.getPropertyValue("ParaFirstLineIndent")),
                "before": _pt(el.getPropertyValue("ParaTopMargin")),
                "after": _pt(el.getPropertyValue("ParaBottomMargin")),
                "style": el.getPropertyValue("ParaStyleName"),
                "page_style": el.getPropertyValue("PageStyleName"),
            }
            for portion in _text_portions(el):
                if portion.getString().strip():
                    info.update(
                        font=portion.getPropertyValue("CharFontName"),
                        font_asian=portion.getPropertyValue("CharFontNameAsian"),
                        size=portion.getPropertyValue("CharHeight"),
                        size_asian=portion.getPropertyValue("CharHeightAsian"),
                        bold=portion.getPropertyValue("CharWeight") > 100,
                        italic=int(portion.getPropertyValue("CharPosture").value != "NONE"),
                    )
                    break
            out["paragraphs"].append(info)
        styles = doc.getStyleFamilies().getByName("PageStyles")
        used = {p["page_style"] for p in out["paragraphs"]}
        for name in used:
            if name and styles.hasByName(name):
                st = styles.getByName(name)
                out["pages"][name] = {
                    "width": _pt(st.getPropertyValue("Width")),
                    "height": _pt(st.getPropertyValue("Height")),
                    "top": _pt(st.getPropertyValue("TopMargin")),
                    "bottom": _pt(st.getPropertyValue("BottomMargin")),
                    "left": _pt(st.getPropertyValue("LeftMargin")),
                    "right": _pt(st.getPropertyValue("RightMargin")),
                    "landscape": bool(st.getPropertyValue("IsLandscape")),
                }
        tables = doc.getTextTables()
        for i in range(tables.getCount()):
            t = tables.getByIndex(i)
            out["tables"].append({"rows": t.getRows().getCount(),
                                  "columns": t.getColumns().getCount()})
        return out
    finally:
        doc.close(True)


def main(paths: list[str]) -> None:
    profile = tempfile.mkdtemp(prefix="lo-golden-")
    proc, desktop = _connect(2002 + os.getpid() % 1000, profile)
    try:
        result = {os.path.basename(p): read(desktop, p) for p in paths}
    finally:
        try:
            desktop.terminate()
        except Exception:  # noqa: BLE001 - soffice may already be gone
            pass
        proc.wait(timeout=30)
        shutil.rmtree(profile, ignore_errors=True)
    json.dump(result, sys.stdout, ensure_ascii=False, indent=1)


if __name__ == "__main__":
    main(sys.argv[1:])
