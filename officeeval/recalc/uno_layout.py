"""Layout facts read from LibreOffice for one document, in the worker's process (run by a
Python with ``uno``; imported by ``uno_worker.py``, standalone like it: nothing of
officeeval).

``layout(desktop, ctx, request) -> dict`` opens the document hidden (macros never run,
links never updated, read-only), exports it to PDF (``request["pdf"]``, empty pages that
LibreOffice inserts on its own left out, as Word never shows them) and answers, per
application:

* Writer: ``pages`` (Word's count: pages LibreOffice inserts to put an odd page number on
  a right-hand page are not counted), per page its number as shown, numbering type and
  geometry (``page_info``), and per bookmark whose name starts with the request's
  ``mark_prefix`` (the grader marks paragraphs that way, see ``word/layout_marks.py``) the
  page its paragraph starts on, the page it ends on and whether it is the first thing on
  its page (``marks``).
* Calc: per sheet the pages it prints to (``sheets``) and the cells whose displayed text
  does not fit its column (``overflow``), measured with LibreOffice's glyph advances under
  the cell's font, in the whole screen pixels Excel draws them in.
* Impress: per slide and shape whether the text fits the shape at its size (``slides``).

Every app: the font names the document asks for that are not installed (``missing_fonts``).
Page numbers are 1-based and count only the pages Word would show.
"""

import unicodedata

MAX_PAGES = 5000
MAX_MARKS = 20000
MAX_CELLS = 50000
MAX_SHAPES = 5000
MAX_FONT_PARAS = 5000
MEASURE_SECONDS = 20.0  # a workbook's cells are measured for at most this long
SCALE = 20  # device units per point when measuring: a tall font keeps rounding small
PX_PER_MM100 = 96 / 2540  # screen pixels (96 dpi) per 1/100 mm
PAD_PX = 3  # the room Excel keeps between a cell's text and its borders, in pixels


def _props(**kw):
    from com.sun.star.beans import PropertyValue
    out = []
    for k, v in kw.items():
        p = PropertyValue()
        p.Name, p.Value = k, v
        out.append(p)
    return tuple(out)


def _get(obj, name, default=None):
    try:
        return obj.getPropertyValue(name)
    except Exception:  # noqa: BLE001 - a property this object lacks
        return default


def layout(desktop, ctx, req):
    import uno
    src = uno.systemPathToFileUrl(req["in"])
    doc = desktop.loadComponentFromURL(src, "_blank", 0, _props(
        Hidden=True, MacroExecutionMode=0, UpdateDocMode=0, ReadOnly=True))
    if doc is None:
        raise RuntimeError("LibreOffice could not open the document")
    try:
        fonts = _FontProbe(ctx)
        if doc.supportsService("com.sun.star.text.TextDocument"):
            out = _writer(doc, req, fonts)
            pdf_filter = "writer_pdf_Export"
        elif doc.supportsService("com.sun.star.sheet.SpreadsheetDocument"):
            out = _calc(doc, fonts)
            pdf_filter = "calc_pdf_Export"
        elif doc.supportsService("com.sun.star.presentation.PresentationDocument"):
            out = _impress(doc, fonts)
            pdf_filter = "impress_pdf_Export"
        else:
            raise RuntimeError("not a text, spreadsheet or presentation document")
        out["missing_fonts"] = sorted(fonts.missing)
        if req.get("pdf"):
            doc.storeToURL(uno.systemPathToFileUrl(req["pdf"]), _props(
                FilterName=pdf_filter,
                FilterData=uno.Any("[]com.sun.star.beans.PropertyValue", _props(
                    IsSkipEmptyPages=True, ExportNotesPages=False, ExportBookmarks=False,
                    ExportLinksRelativeFsys=False, ExportFormFields=False))))
        return out
    finally:
        try:
            doc.close(True)
        except Exception:  # noqa: BLE001 - a document that will not close is dropped
            pass


class _FontProbe:
    """Which font names are installed (as LibreOffice sees them)."""

    def __init__(self, ctx):
        self.missing = set()
        self._known = None
        self._ctx = ctx
        self._device = None
        self._fonts = {}

    def device(self):
        if self._device is None:
            tk = self._ctx.ServiceManager.createInstanceWithContext("com.sun.star.awt.Toolkit",
                                                                   self._ctx)
            self._device = tk.createScreenCompatibleDevice(100, 100)
        return self._device

    def note(self, name):
        if not name or not isinstance(name, str):
            return
        if self._known is None:
            self._known = {d.Name.lower() for d in self.device().getFontDescriptors()}
        for one in name.split(";"):
            one = one.strip()
            if one and one.lower() not in self._known:
                self.missing.add(one)

    def width_px(self, text, name, size_pt, bold=False):
        """The width of ``text`` on a 96-dpi screen at 100 % as Excel draws it: each
        character's advance (LibreOffice's metrics of the font it uses for ``name``)
        rounded to whole pixels, as hinted screen fonts are."""
        key = (name or "", float(size_pt or 11), bool(bold))
        font = self._fonts.get(key)
        if font is None:
            from com.sun.star.awt import FontDescriptor
            fd = FontDescriptor()
            fd.Name = name or ""
            fd.Height = max(1, int(round(key[1] * SCALE)))
            fd.Weight = 150.0 if bold else 100.0
            font = self._fonts[key] = [self.device().getFont(fd), {}]
        total = 0
        for ch in text[:256]:
            adv = font[1].get(ch)
            if adv is None:
                adv = font[1][ch] = round(font[0].getStringWidth(ch) / SCALE * 96 / 72)
            total += adv
        return total


# ---------------------------------------------------------------------- Writer
_NUMBERING = {0: "upperLetter", 1: "lowerLetter", 2: "upperRoman", 3: "lowerRoman",
              4: "decimal", 5: "none"}


def _writer(doc, req, fonts):
    vc = doc.getCurrentController().getViewCursor()
    vc.jumpToLastPage()
    physical = min(vc.getPage(), MAX_PAGES)
    shown = {}  # physical page -> Word's page
    info = []
    styles = doc.getStyleFamilies().getByName("PageStyles")
    for phys in range(1, physical + 1):
        if not vc.jumpToPage(phys) or vc.getPage() != phys:
            continue  # an empty page LibreOffice inserted (odd number on a left page)
        vc.jumpToStartOfPage()
        shown[phys] = len(info) + 1
        style_name = vc.getPropertyValue("PageStyleName")
        style = styles.getByName(style_name) if styles.hasByName(style_name) else None
        info.append(_page_info(style, style_name))
    restarts = {}
    _walk_paragraphs(doc, vc, shown, restarts, fonts)
    number = 0
    for i, page in enumerate(info, start=1):
        number = restarts.get(i, number + 1)
        page["number"] = number
    marks = {}
    prefix = req.get("mark_prefix") or ""
    if prefix:
        marks = _marks(doc, vc, shown, prefix)
    return {"app": "word", "pages": len(info), "physical_pages": physical,
            "page_info": info, "marks": marks}


def _page_info(style, name):
    if style is None:
        return {"style": name}
    get = lambda k, d=0: _get(style, k, d)  # noqa: E731
    return {"style": name, "width": get("Width"), "height": get("Height"),
            "top": get("TopMargin"), "bottom": get("BottomMargin"),
            "left": get("LeftMargin"), "right": get("RightMargin"),
            "header": get("HeaderHeight") if get("HeaderIsOn", False) else 0,
            "footer": get("FooterHeight") if get("FooterIsOn", False) else 0,
            "numbering": _NUMBERING.get(get("NumberingType", 4), str(get("NumberingType")))}


def _walk_paragraphs(doc, vc, shown, restarts, fonts):
    """Page-number restarts (``{Word page: number}``) and the fonts body paragraphs use."""
    en = doc.getText().createEnumeration()
    seen = 0
    while en.hasMoreElements() and seen < MAX_FONT_PARAS:
        el = en.nextElement()
        seen += 1
        if el.supportsService("com.sun.star.text.TextTable"):
            continue
        offset = _get(el, "PageNumberOffset")
        if isinstance(offset, int) and _get(el, "PageDescName"):
            vc.gotoRange(el.getStart(), False)
            page = shown.get(vc.getPage())
            if page is not None and page not in restarts:
                restarts[page] = offset
        portions = el.createEnumeration()
        count = 0
        while portions.hasMoreElements() and count < 50:
            portion = portions.nextElement()
            count += 1
            if portion.getString().strip():
                fonts.note(_get(portion, "CharFontName"))
                if any(unicodedata.east_asian_width(c) in "WF" for c in portion.getString()):
                    fonts.note(_get(portion, "CharFontNameAsian"))


def _marks(doc, vc, shown, prefix):
    out = {}
    bookmarks = doc.getBookmarks()
    names = [n for n in bookmarks.getElementNames() if n.startswith(prefix)][:MAX_MARKS]
    for name in names:
        try:
            anchor = bookmarks.getByName(name).getAnchor()
            start = anchor.getStart()
            vc.gotoRange(start, False)
            phys = vc.getPage()
            pos = vc.getPosition()
            vc.jumpToStartOfPage()
            first = vc.getPosition()
            top = (first.X, first.Y) == (pos.X, pos.Y)
            cursor = anchor.getText().createTextCursorByRange(start)
            cursor.gotoEndOfParagraph(False)
            vc.gotoRange(cursor.getEnd(), False)
            end = vc.getPage()
        except Exception:  # noqa: BLE001 - a mark LibreOffice cannot place has no page
            continue
        page, last = shown.get(phys), shown.get(end)
        if page is None:
            continue
        out[name[len(prefix):]] = [page, last or page, bool(top)]
    return out


# ---------------------------------------------------------------------- Calc
def _calc(doc, fonts):
    sheets = doc.getSheets()
    out = []
    budget = MAX_CELLS
    for i in range(sheets.getCount()):
        sheet = sheets.getByIndex(i)
        try:
            pages = doc.getRendererCount(sheet, _props(IsSkipEmptyPages=True))
        except Exception:  # noqa: BLE001 - a sheet LibreOffice cannot paginate
            pages = None
        overflow, checked, budget = _overflow(sheet, fonts, budget)
        out.append({"name": sheet.getName(), "pages": pages, "overflow": overflow,
                    "checked": checked, "complete": budget > 0})
    return {"app": "excel", "sheets": out}


def _overflow(sheet, fonts, budget):
    """Cells (``A1`` names: ``[needed px, room px, text]``) whose displayed text is wider
    than the room it has: a number or date wider than its column (Excel shows ``####``), a
    text wider than its column and the empty cells it may spill into. Returns (overflow,
    cells checked, budget left)."""
    from com.sun.star.table.CellContentType import FORMULA, VALUE
    import time
    cursor = sheet.createCursor()
    cursor.gotoEndOfUsedArea(False)
    last_col = cursor.getRangeAddress().EndColumn
    columns = sheet.getColumns()
    widths = {}
    overflow = {}
    checked = 0
    deadline = time.monotonic() + MEASURE_SECONDS
    # VALUE | STRING | FORMULA: only cells holding something are visited.
    cells = sheet.queryContentCells(1 | 4 | 16).getCells().createEnumeration()
    while cells.hasMoreElements():
        if budget <= 0 or time.monotonic() > deadline:
            return overflow, checked, 0
        cell = cells.nextElement()
        kind = cell.getType()
        addr = cell.getCellAddress()
        col, row = addr.Column, addr.Row
        text = cell.getString()
        if not text:
            continue
        budget -= 1
        checked += 1
        numeric = kind == VALUE or (kind == FORMULA and cell.getError() == 0
                                    and _get(cell, "FormulaResultType2") == 1)
        if _get(cell, "IsTextWrapped", False) and not numeric:
            continue
        asian = any(unicodedata.east_asian_width(c) in "WF" for c in text)
        font = _get(cell, "CharFontNameAsian" if asian else "CharFontName") or ""
        fonts.note(font)
        need = fonts.width_px(text, font, _get(cell, "CharHeight", 11.0),
                              (_get(cell, "CharWeight", 100.0) or 100.0) > 100.0)
        need += PAD_PX + _get(cell, "ParaIndent", 0) * PX_PER_MM100
        room = _room(sheet, columns, widths, col, row, last_col, numeric) * PX_PER_MM100
        if need > room + 0.5:
            name = cell.AbsoluteName.split(".")[-1].replace("$", "")
            overflow[name] = [round(need, 1), round(room, 1), text[:40]]
    return overflow, checked, budget


def _room(sheet, columns, widths, col, row, last_col, numeric):
    def width(c):
        if c not in widths:
            widths[c] = columns.getByIndex(c).getPropertyValue("Width")
        return widths[c]
    cell = sheet.getCellByPosition(col, row)
    room = width(col)
    if _get(cell, "IsMerged", False):
        cursor = sheet.createCursorByRange(sheet.getCellRangeByPosition(col, row, col, row))
        cursor.collapseToMergedArea()
        addr = cursor.getRangeAddress()
        room = sum(width(c) for c in range(addr.StartColumn, addr.EndColumn + 1))
        return room
    if numeric:
        return room
    from com.sun.star.table.CellContentType import EMPTY
    c = col + 1
    while c <= min(last_col + 50, 1023) and sheet.getCellByPosition(c, row).getType() == EMPTY:
        room += width(c)
        c += 1
    if c > last_col:
        return 10 ** 9  # nothing to its right: a text may run on
    return room


# ---------------------------------------------------------------------- Impress
def _impress(doc, fonts):
    pages = doc.getDrawPages()
    slides = []
    budget = MAX_SHAPES
    for i in range(pages.getCount()):
        page = pages.getByIndex(i)
        shapes = []
        for j in range(page.getCount()):
            if budget <= 0:
                break
            budget -= 1
            shapes.append(_shape_fit(page.getByIndex(j), fonts))
        slides.append(shapes)
    return {"app": "ppt", "slides": slides}


def _shape_fit(shape, fonts):
    """``[name, fits, needed height, height]`` (1/100 mm); fits ``None`` for a shape
    without text."""
    name = _get(shape, "Name", "") or ""
    try:
        text = shape.getString()
    except Exception:  # noqa: BLE001 - a shape without text (a picture, a group)
        return [name, None, None, None]
    if not text.strip():
        return [name, None, None, None]
    en = shape.getText().createEnumeration()
    while en.hasMoreElements():
        para = en.nextElement()
        fonts.note(_get(para, "CharFontName"))
    size = shape.getSize()
    fit = _get(shape, "TextFitToSize")
    if fit is not None and getattr(fit, "value", "") in ("AUTOFIT", "PROPORTIONAL", "ALLLINES"):
        return [name, True, size.Height, size.Height]  # the text shrinks to fit
    if _get(shape, "TextAutoGrowHeight", False):
        return [name, True, size.Height, size.Height]  # the shape grows with its text
    try:
        shape.setPropertyValue("TextAutoGrowHeight", True)
        needed = shape.getSize().Height
    except Exception:  # noqa: BLE001 - a shape that cannot grow is not measured
        return [name, None, None, size.Height]
    return [name, needed <= size.Height + 10, needed, size.Height]
