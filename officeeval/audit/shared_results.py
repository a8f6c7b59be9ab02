"""LibreOffice's work shared between the documents of one audit that it cannot tell apart.

An audit grades hundreds of mutants of one reference, and a layout check makes each mutant
graded on it a LibreOffice layout (seconds each). Most mutants change nothing LibreOffice
lays out differently: a re-indented or re-zipped copy, a colour, an animation. Here the
backends the audit grades with (``SharedResults.backends``) key every request by the
document's *content as LibreOffice reads it* and ask the real backend once per key:

* every key: the package's members by lower-case name (zip order, compression and the case
  of names are not content, OPC part names being case-insensitive), and each XML part in
  canonical form (C14N) without the whitespace-only text between elements that
  ``audit.workspace.reindent`` changes (OOXML never holds text there: its text lives in
  leaf elements, ``w:t``, ``a:t``, ``v``, which are kept as they are);
* layout keys only: the elements listed in ``LAYOUT_INERT`` are left out. They set how
  something is painted, never its size or place, so no layout fact (pages, where a
  paragraph lands, header and footer text, whether a text fits its shape or its cell,
  missing fonts) can depend on them: text and fill colours, highlight and shading,
  animations, slide transitions, slide backgrounds.

Two documents with one key get one result (a failure too: ``UnevaluableDocument`` is
remembered like a result).

A PowerPoint or Excel layout is also shared *in part*. LibreOffice lays out each slide (each
sheet) from that slide's part (and its relationships) and the parts all slides share
(layouts, masters, theme, the presentation; styles, shared strings, the workbook). When a
document's shared parts have the key of the first document laid out (the reference, graded
first) and only some slides or sheets differ, its layout is a ``PartlyShared`` one: a
question about a slide or sheet whose own key is the reference's is answered from the
reference's layout; any other question (a changed slide, the page count, the list of sheets)
lays the document itself out, once, on demand. A mutant that edits slide 7 then costs no
layout unless a layout check reads slide 7. A recalculated workbook is only read for its values, but its key
keeps every element (styles included: ``CELL("format")`` reads them). None of this changes
a verdict: a mutant gets the very result LibreOffice gave a document that differs from it
only where LibreOffice's answer cannot; ``tests/audit/test_shared_results.py`` grades a
deck rubric's mutants both ways and compares (LibreOffice asked once per exact package: it
fails now and then on a document it lays out at other times, which no sharing causes).

The results live as long as this object (one audit); forked workers inherit those made
before the fork. ``OFFICEEVAL_AUDIT_SHARE=0`` turns the sharing off (every document goes to
LibreOffice): the differential test and ``bench/issue35_bench.py`` compare both ways.
"""

from __future__ import annotations

import hashlib
import os
import posixpath
import threading
import zipfile
from pathlib import Path
from typing import Any

from lxml import etree

from officeeval.backends import Backends
from officeeval.cache import ProcessMemo
from officeeval.errors import OfficeEvalError, UnevaluableDocument
from officeeval.ooxml.ns import A, NSMAP
from officeeval.ooxml.xml import parse_xml
from officeeval.rendered import Rendered

_W = NSMAP["w"]
_P = NSMAP["p"]
_S = NSMAP["s"]
_R = NSMAP["r"]
# Elements that set how something is painted, never its size or place (see the docstring).
LAYOUT_INERT = frozenset({
    f"{{{_W}}}color", f"{{{_W}}}highlight", f"{{{_W}}}shd",
    f"{{{A}}}solidFill", f"{{{A}}}gradFill", f"{{{A}}}pattFill", f"{{{A}}}noFill",
    f"{{{_P}}}timing", f"{{{_P}}}transition", f"{{{_P}}}bg",
})
_XML = (".xml", ".rels", ".vml")


def content_key(path: str | Path, drop: frozenset[str] = frozenset()) -> str:
    """The key of the package at ``path`` (see the module docstring), leaving the elements
    named in ``drop`` out. Raises ``zipfile.BadZipFile`` / ``OSError`` for a file that is
    not a readable zip; a member that does not parse as XML is keyed by its bytes."""
    return Keys.of(path, drop).whole


class Keys:
    """A package's keys: ``whole``; and for a deck or a workbook ``units`` (each slide's
    or worksheet's key, in order: slide number, or the sheet's name) and ``shared`` (the key
    of every other part), empty when the package is neither or its parts cannot be told."""

    def __init__(self, whole: str, shared: str, units: list[tuple[str, str]]) -> None:
        self.whole, self.shared, self.units = whole, shared, units

    @classmethod
    def of(cls, path: str | Path, drop: frozenset[str] = frozenset()) -> "Keys":
        parts: dict[str, bytes] = {}
        whole = hashlib.sha256()
        with zipfile.ZipFile(path) as zf:
            for info in sorted(zf.infolist(), key=lambda i: i.filename.lower()):
                name = info.filename.lower()
                data = zf.read(info)
                key = _part_key(name, data, drop)
                parts[name] = key
                whole.update(name.encode("utf-8") + b"\0" + key + b"\0")
                if name in ("ppt/presentation.xml", "xl/workbook.xml",
                            "ppt/_rels/presentation.xml.rels", "xl/_rels/workbook.xml.rels"):
                    parts["raw:" + name] = data
        units = _units(parts)
        shared = hashlib.sha256()
        own = {n for _, names in units for n in names}
        for name, key in parts.items():
            if not name.startswith("raw:") and name not in own:
                shared.update(name.encode("utf-8") + b"\0" + key + b"\0")
        return cls(whole.hexdigest(), shared.hexdigest() if units else "",
                   [(label, hashlib.sha256(b"".join(parts[n] for n in names)).hexdigest())
                    for label, names in units])


def _units(parts: dict[str, bytes]) -> list[tuple[str, list[str]]]:
    """``(label, part names)`` of each slide (label: its number) or worksheet (its name),
    in order; ``[]`` when the package is neither or its main part cannot be read."""
    for main, rels, tag, label_of in (
            ("ppt/presentation.xml", "ppt/_rels/presentation.xml.rels",
             f"{{{_P}}}sldId", None),
            ("xl/workbook.xml", "xl/_rels/workbook.xml.rels", f"{{{_S}}}sheet", "name")):
        if "raw:" + main not in parts or "raw:" + rels not in parts:
            continue
        try:
            root = parse_xml(parts["raw:" + main], part=main)
            rel_root = parse_xml(parts["raw:" + rels], part=rels)
        except OfficeEvalError:
            return []
        folder = main.rsplit("/", 1)[0]
        targets = {r.get("Id"): r.get("Target") or "" for r in rel_root}
        out = []
        for n, el in enumerate(root.iter(tag), start=1):
            target = targets.get(el.get(f"{{{_R}}}id"))
            if not target:
                return []
            name = posixpath.normpath(target[1:] if target.startswith("/")
                                      else f"{folder}/{target}").lower()
            rels_name = name.rsplit("/", 1)[0] + "/_rels/" + name.rsplit("/", 1)[1] + ".rels"
            if name not in parts:
                return []
            names = [name] + ([rels_name] if rels_name in parts else [])
            out.append((str(n) if label_of is None else el.get(label_of) or "", names))
        return out
    return []


# Parts keyed before, by their bytes' digest: a mutant shares all but a part or two with
# the reference, and parsing every part again for each mutant cost a tenth of a layout.
_PART_KEYS: "ProcessMemo[bytes]" = ProcessMemo("audit.part_keys", 4096)


def _part_key(name: str, data: bytes, drop: frozenset[str]) -> bytes:
    if not name.endswith(_XML):
        return hashlib.sha256(data).digest()
    memo = (hashlib.sha256(name.encode("utf-8") + b"\0" + data).digest(), drop)
    return _PART_KEYS.get_or_make(memo, lambda: _canonical_key(name, data, drop))


def _canonical_key(name: str, data: bytes, drop: frozenset[str]) -> bytes:
    try:
        root = parse_xml(data, part=name)
    except OfficeEvalError:
        return hashlib.sha256(data).digest()
    if drop:
        for el in [e for e in root.iter(*drop)]:
            parent = el.getparent()
            if parent is not None:
                _remove_keeping_tail(el, parent)
    for el in root.iter():
        if len(el) and el.text is not None and not el.text.strip():
            el.text = None
        if el.tail is not None and not el.tail.strip():
            el.tail = None
    return hashlib.sha256(etree.tostring(root, method="c14n")).digest()


def _remove_keeping_tail(el: etree._Element, parent: etree._Element) -> None:
    # lxml drops an element's tail with it: keep any text that followed it.
    if el.tail and el.tail.strip():
        prev = el.getprevious()
        if prev is not None:
            prev.tail = (prev.tail or "") + el.tail
        else:
            parent.text = (parent.text or "") + el.tail
    parent.remove(el)


class SharedResults:
    """One audit's shared LibreOffice results in front of ``inner`` (the audit's backends).
    ``backends()`` are what its graders use; ``asked`` / ``made`` count the layouts and
    recalculations requested and those the real backend made."""

    def __init__(self, inner: Backends) -> None:
        self.inner = inner
        self._memo: dict[tuple, Any] = {}
        self._lock = threading.Lock()
        self.asked = {"layout": 0, "recalc": 0}
        self.made = {"layout": 0, "recalc": 0}

    def backends(self) -> Backends:
        """Backends answering through this cache (none where ``inner`` has none; ``inner``
        itself when ``OFFICEEVAL_AUDIT_SHARE`` is ``0``)."""
        if os.environ.get("OFFICEEVAL_AUDIT_SHARE", "1").strip().lower() in ("0", "off",
                                                                          "no", "false"):
            return self.inner
        return Backends(recalc=_Recalc(self) if self.inner.recalc is not None else None,
                        layout=_Layout(self) if self.inner.layout is not None else None)

    def _once(self, kind: str, key: tuple, compute) -> Any:
        with self._lock:
            self.asked[kind] += 1
            known = self._memo.get(key)
        if known is None:
            try:
                known = compute()
            except UnevaluableDocument as exc:
                known = exc  # the document's failure: the same for its twins
            with self._lock:
                self.made[kind] += 1
                self._memo[key] = known
        if isinstance(known, UnevaluableDocument):
            raise known
        return known


def _key_or_none(path: Path, drop: frozenset[str]) -> str | None:
    try:
        return content_key(path, drop)
    except (zipfile.BadZipFile, OSError, ValueError, EOFError):
        return None  # not ours to judge: the real backend says what is wrong with it


class _Layout:
    BASES = 4  # the first documents laid out in full: the reference, its prepared copy …

    def __init__(self, shared: SharedResults) -> None:
        self._shared = shared
        self._bases: list[tuple[Keys, str, Rendered]] = []

    def layout(self, path: Path, mark_prefix: str = "") -> Any:
        inner = self._shared.inner.layout
        try:
            keys = Keys.of(path, LAYOUT_INERT)
        except (zipfile.BadZipFile, OSError, ValueError, EOFError):
            return inner.layout(path, mark_prefix)  # the real backend says what is wrong
        key = ("layout", mark_prefix, keys.whole)
        base, same = self._closest(keys, mark_prefix)
        if base is not None and key not in self._shared._memo:
            data = Path(path).read_bytes()  # the caller removes its file when we return
            with self._shared._lock:
                self._shared.asked["layout"] += 1
            return PartlyShared(base, same, lambda: self._shared._once(
                "layout", key, lambda: _laid_out(inner, data, Path(path).suffix,
                                                 mark_prefix)))
        out = self._shared._once("layout", key, lambda: inner.layout(path, mark_prefix))
        if keys.units and isinstance(out, Rendered) and len(self._bases) < self.BASES \
                and all(b[0].whole != keys.whole for b in self._bases):
            self._bases.append((keys, mark_prefix, out))
        return out

    def _closest(self, keys: Keys, mark_prefix: str) -> tuple[Rendered | None, set[str]]:
        """The base layout sharing the most slides or sheets with ``keys`` (all its shared
        parts equal), and the labels of those; ``(None, set())`` when none shares one."""
        best: tuple[Rendered | None, set[str]] = (None, set())
        if not keys.units:
            return best
        for bkeys, prefix, rendered in self._bases:
            if prefix != mark_prefix or bkeys.shared != keys.shared \
                    or len(bkeys.units) != len(keys.units):
                continue
            same = {label for (label, k), (blabel, bk) in zip(keys.units, bkeys.units)
                    if k == bk and label == blabel}
            if len(same) > len(best[1]):
                best = (rendered, same)
        return best


def _laid_out(inner: Any, data: bytes, suffix: str, mark_prefix: str) -> Any:
    import shutil
    import tempfile
    folder = Path(tempfile.mkdtemp(prefix="officeeval-audit-layout-"))
    try:
        path = folder / f"document{suffix}"
        path.write_bytes(data)
        return inner.layout(path, mark_prefix)
    finally:
        shutil.rmtree(folder, ignore_errors=True)


class PartlyShared(Rendered):
    """A layout answered from ``base`` for the slides or sheets in ``same`` (their parts
    and every shared part are the base's), from ``real()`` (the document itself laid out,
    asked once) for anything else. Raises what ``real()`` raises, when it is asked."""

    def __init__(self, base: Rendered, same: set[str], real: Any) -> None:
        super().__init__(base.app, base.facts, base.folder, base.version, base.marks)
        self._same = same
        self._real_fn = real
        self._real: Rendered | None = None

    def real(self) -> Rendered:
        if self._real is None:
            self._real = self._real_fn()
        return self._real

    def shape_fit(self, slide: int, index: int, name: str) -> list | None:
        if str(slide) in self._same:
            return super().shape_fit(slide, index, name)
        return self.real().shape_fit(slide, index, name)

    def sheet(self, name: str) -> dict[str, Any] | None:
        if name in self._same:
            return super().sheet(name)
        return self.real().sheet(name)

    @property
    def sheets(self) -> list[dict[str, Any]]:
        return self.real().sheets

    @property
    def page_count(self) -> int | None:
        return self.real().page_count

    @property
    def missing_fonts(self) -> list[str]:
        # Only the ScoreCard's note reads it (no check): the reference's until laid out.
        return (self._real or Rendered(self.app, self.facts, self.folder, self.version,
                                       self.marks)).missing_fonts


class _Recalc:
    def __init__(self, shared: SharedResults) -> None:
        self._shared = shared

    @property
    def version(self) -> str | None:
        return getattr(self._shared.inner.recalc, "version", None)

    def recalculate(self, path: Path) -> Path:
        inner = self._shared.inner.recalc
        key = _key_or_none(Path(path), frozenset())
        if key is None:
            return inner.recalculate(path)
        return self._shared._once("recalc", ("recalc", key), lambda: inner.recalculate(path))
