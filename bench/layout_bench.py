"""Layout backend: how often LibreOffice's page count agrees with Word's own, and what a
layout costs.

Word records, when it saves, the page count it laid out (``docProps/app.xml`` ``<Pages>``)
and where its pages broke (``w:lastRenderedPageBreak``). For every Word-saved .docx of the
shared corpus (``../shared/corpus/real``) this lays the document out with the layout
backend (marks included, as grading does) and compares:

* ``pages``: LibreOffice's page count vs ``<Pages>`` (exact, within one page);
* ``paragraphs``: the page LibreOffice puts each body paragraph on vs Word's page for it
  (one more than the ``w:lastRenderedPageBreak`` before it), exact.

Times: ``cold`` is a document's first layout (LibreOffice already running: its start-up
is reported apart), ``cached`` the same request again (the backend's cache by content).

Run: ``python bench/layout_bench.py [--limit N] [--json out.json]``.
"""

from __future__ import annotations

import argparse
import io
import json
import re
import statistics
import sys
import tempfile
import time
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from officeeval.ooxml.package import Package  # noqa: E402
from officeeval.recalc.libreoffice import LibreOfficeBackend, find_soffice  # noqa: E402
from officeeval.rendered import Rendered  # noqa: E402
from officeeval.word.document import WordDocument  # noqa: E402
from officeeval.word.layout_marks import MARK_PREFIX, mark_index, marked_copy  # noqa: E402

CORPUS = ROOT.parent / "shared" / "corpus" / "real"
W = "{http://schemas.openxmlformats.org/wordprocessingml/2006/main}"


def word_saved() -> list[tuple[Path, str]]:
    out = []
    for line in (CORPUS / "MANIFEST.tsv").read_text("utf-8").splitlines():
        if line.startswith("#") or line.startswith("file\t"):
            continue
        cols = line.split("\t")
        if cols[1] == "docx" and "Word" in cols[6]:
            out.append((CORPUS / cols[0], cols[7]))
    return out


def word_pages(path: Path) -> int | None:
    with zipfile.ZipFile(path) as z:
        try:
            app = z.read("docProps/app.xml").decode("utf-8", "replace")
        except KeyError:
            return None
    m = re.search(r"<Pages>(\d+)</Pages>", app)
    return int(m.group(1)) if m else None


def break_pages(doc: WordDocument) -> tuple[list[tuple[int, int]], int]:
    """(mark, Word's page) for body-level paragraphs: one more than the rendered breaks
    Word left before the paragraph, and one more again when the paragraph's first
    content is such a break (it starts the new page); and the count of breaks."""
    idx = mark_index(doc)
    out = []
    breaks = 0
    for p in doc.body.iter(W + "p"):
        if any(a.tag == W + "txbxContent" for a in p.iterancestors()):
            continue  # a text box's paragraphs (twice: mc:Choice and mc:Fallback)
        first = next((el for el in p.iter(W + "t", W + "lastRenderedPageBreak")), None)
        starts = first is not None and first.tag == W + "lastRenderedPageBreak"
        if p.getparent() is doc.body and p in idx:
            out.append((idx[p], breaks + 1 + (1 if starts else 0)))
        breaks += sum(1 for _ in p.iter(W + "lastRenderedPageBreak"))
    return out, breaks


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--limit", type=int, default=0)
    ap.add_argument("--json")
    args = ap.parse_args()
    if not CORPUS.is_dir():
        print("no corpus beside the checkout")
        return 2
    soffice = find_soffice()
    if soffice is None:
        print("no LibreOffice")
        return 2
    from officeeval.recalc.store import soffice_version
    version = soffice_version(soffice)
    backend = LibreOfficeBackend(soffice, timeout=60)
    began = time.perf_counter()
    backend.start()
    startup = time.perf_counter() - began
    rows = []
    docs = word_saved()
    if args.limit:
        docs = docs[:args.limit]
    tmp = Path(tempfile.mkdtemp(prefix="layout-bench-"))
    for path, app_version in docs:
        expected = word_pages(path)
        pkg = Package.open(path)
        doc = WordDocument(pkg, str(path))
        marked = tmp / path.name
        marked.write_bytes(marked_copy(doc))
        t0 = time.perf_counter()
        try:
            folder = backend.layout(marked, MARK_PREFIX)
        except Exception as exc:  # noqa: BLE001 - a bench reports every failure
            rows.append({"file": path.name, "error": str(exc)[:120]})
            continue
        cold = time.perf_counter() - t0
        t0 = time.perf_counter()
        backend.layout(marked, MARK_PREFIX)
        cached = time.perf_counter() - t0
        r = Rendered.load(folder, version)
        pairs, breaks = break_pages(doc)
        compared = [(r.mark(m), page) for m, page in pairs]
        agree = sum(1 for got, want in compared if got is not None and got[0] == want)
        rows.append({"file": path.name, "word": app_version, "pages_word": expected,
                     "pages_lo": r.page_count, "cold_s": round(cold, 3),
                     "cached_s": round(cached, 5), "paragraphs": len(pairs),
                     "word_breaks": breaks,
                     "paragraph_pages_agree": agree,
                     "missing_fonts": r.missing_fonts})
        pkg.close()
    backend.close()
    ok = [r for r in rows if "error" not in r and r["pages_word"] is not None]
    exact = sum(1 for r in ok if r["pages_word"] == r["pages_lo"])
    near = sum(1 for r in ok if abs(r["pages_word"] - r["pages_lo"]) <= 1)
    # Word's page of a paragraph is known only where Word recorded its breaks (one per
    # page after the first); a document written without them tells nothing.
    recorded = [r for r in ok if r["pages_word"] > 1 and r["word_breaks"] >= r["pages_word"] - 1]
    paras = sum(r["paragraphs"] for r in recorded)
    para_ok = sum(r["paragraph_pages_agree"] for r in recorded)
    same = [r for r in recorded if r["pages_word"] == r["pages_lo"]]
    colds = [r["cold_s"] for r in ok]
    print(f"{version}; LibreOffice start {startup:.2f} s")
    print(f"Word-saved documents with <Pages>: {len(ok)} (of {len(rows)} laid out, "
          f"{sum(1 for r in rows if 'error' in r)} failed)")
    print(f"page count exact: {exact}/{len(ok)}; within one page: {near}/{len(ok)}")
    print(f"body paragraphs on Word's page, in the {len(recorded)} documents where Word "
          f"recorded its page breaks: {para_ok}/{paras}; in the {len(same)} of them whose "
          f"page counts agree: {sum(r['paragraph_pages_agree'] for r in same)}/"
          f"{sum(r['paragraphs'] for r in same)}")
    if colds:
        print(f"layout per document cold: median {statistics.median(colds):.2f} s, "
              f"max {max(colds):.2f} s; cached: median "
              f"{statistics.median(r['cached_s'] for r in ok) * 1000:.2f} ms")
    for r in rows:
        print(json.dumps(r, ensure_ascii=False))
    if args.json:
        Path(args.json).write_text(json.dumps(rows, ensure_ascii=False, indent=1), "utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
