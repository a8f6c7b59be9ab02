"""A package's bytes again, with some parts replaced: for handing a document (or a marked
copy of it) to an outside engine when the view was opened from bytes, or to change a part
without touching the original file."""

from __future__ import annotations

import io
import zipfile

from officeeval.ooxml.package import Package


def package_bytes(pkg: Package, replace: dict[str, bytes] | None = None) -> bytes:
    """Every member of ``pkg`` (read under its limits), with ``replace`` (part name, any
    case) written instead of the stored bytes. Raises ``PackageError`` like ``read``."""
    swap = {k.lstrip("/").lower(): v for k, v in (replace or {}).items()}
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as z:
        for name in pkg.part_names():
            key = name.lstrip("/").lower()
            z.writestr(name, swap[key] if key in swap else pkg.read(name))
    return out.getvalue()
