"""A package's bytes again, with some parts replaced: for handing a document (or a marked
copy of it) to an outside engine when the view was opened from bytes, or to change a part
without touching the original file.

Part names are case-insensitive (ISO 29500-2 and Office agree), LibreOffice's package
reader is not: a member stored as ``Word/Document.xml`` that the relationships call
``word/document.xml`` opens in Word and not in LibreOffice. The copy spells every member as
the relationships that point at it do, and each relationships part after its source."""

from __future__ import annotations

import io
import posixpath
import zipfile

from officeeval.ooxml.package import Package


def canonical_names(pkg: Package) -> dict[str, str]:
    """``{stored name: name as the relationships spell it}`` for every member of ``pkg``
    (the stored name where nothing points at a member or the spellings agree). Walks the
    relationships from the package's own, each target spelled after its source's
    canonical folder and the relationship's own text."""
    names = [n.lstrip("/") for n in pkg.part_names()]
    stored = {n.lower(): n for n in names}
    canon: dict[str, str] = {}
    queue = [("", "")]
    while queue:
        source, spelled_source = queue.pop(0)
        try:
            rels = pkg.rels(source)
        except Exception:  # noqa: BLE001 - an unreadable rels part: keep stored names
            continue
        folder, spelled_folder = posixpath.dirname(source), posixpath.dirname(spelled_source)
        for rel in rels.values():
            target = rel.target.lstrip("/") if rel.target else ""
            if rel.external or not target:
                continue
            if folder and target.startswith(folder + "/"):
                # Relative targets were joined to the stored folder: spell it as canonical.
                target = (spelled_folder + "/" if spelled_folder else "") + \
                    target[len(folder) + 1:]
            key = target.lower()
            if key in stored and key not in canon:
                canon[key] = target
                queue.append((stored[key], target))
    out = {n: canon.get(n.lower(), n) for n in names if not n.lower().endswith(".rels")}
    by_lower = {k.lower(): v for k, v in out.items()}
    for n in names:
        if not n.lower().endswith(".rels"):
            continue
        folder, base = posixpath.split(n)
        if base.lower() == ".rels" and folder.lower() == "_rels":
            out[n] = "_rels/.rels"
            continue
        source = posixpath.join(posixpath.dirname(folder), base[:-len(".rels")]).lower()
        spelled = by_lower.get(source) if posixpath.basename(folder).lower() == "_rels" \
            else None
        if spelled is None:
            out[n] = n
        else:
            sfolder, sbase = posixpath.split(spelled)
            out[n] = posixpath.join(sfolder, "_rels", sbase + ".rels")
    return out


def package_bytes(pkg: Package, replace: dict[str, bytes] | None = None) -> bytes:
    """Every member of ``pkg`` (read under its limits) under its ``canonical_names``
    spelling, with ``replace`` (part name, any case) written instead of the stored bytes.
    Raises ``PackageError`` like ``read``."""
    swap = {k.lstrip("/").lower(): v for k, v in (replace or {}).items()}
    names = canonical_names(pkg)
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as z:
        for name in pkg.part_names():
            key = name.lstrip("/").lower()
            target = names.get(name.lstrip("/"), name.lstrip("/"))
            z.writestr(target, swap[key] if key in swap else pkg.read(name))
    return out.getvalue()
