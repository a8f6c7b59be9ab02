"""Is a CJK font installed? Reports name Chinese fonts first-class in their font stacks; when
none is installed, Chinese text shows as boxes, so the report says how to install one.
"""

from __future__ import annotations

import shutil
import subprocess
from dataclasses import dataclass

INSTALL_HINT = ("Chinese text needs a CJK font. On Debian/Ubuntu: "
                "sudo apt-get install fonts-noto-cjk (Fedora: google-noto-sans-cjk-fonts; "
                "macOS and Windows ship PingFang SC / Microsoft YaHei).")


@dataclass(frozen=True)
class FontStatus:
    """``present`` is None when it could not be checked (no ``fc-list`` here)."""

    present: bool | None
    families: tuple[str, ...] = ()

    @property
    def note(self) -> str:
        if self.present:
            return f"CJK font found on the machine that wrote this report: {self.families[0]}."
        if self.present is None:
            return "Could not check for a CJK font on the machine that wrote this report."
        return "No CJK font was found on the machine that wrote this report."


def cjk_fonts(timeout: float = 10.0) -> FontStatus:
    """Ask fontconfig for fonts covering Chinese. Never raises: a missing ``fc-list``, a
    timeout or an error gives ``FontStatus(None)``."""
    exe = shutil.which("fc-list")
    if not exe:
        return FontStatus(None)
    try:
        out = subprocess.run([exe, ":lang=zh", "family"], capture_output=True, text=True,
                             timeout=timeout, check=False).stdout
    except (OSError, subprocess.SubprocessError):
        return FontStatus(None)
    families = sorted({f.split(",")[0].strip() for f in out.splitlines() if f.strip()})
    # Prefer a sans face in the note: it is what the stacks ask for first.
    families.sort(key=lambda f: (("Sans" not in f) and ("Hei" not in f),
                                 "SC" not in f.split(), f))
    return FontStatus(bool(families), tuple(families))
