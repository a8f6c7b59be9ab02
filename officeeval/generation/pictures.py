"""The pictures a task's instruction refers to (``参照示例图 example-1.png``), and how they
travel with a prompt: as image parts of the user message for a model that accepts images
(``inline``), or named as omitted for a text-only model (``omit``, the exam's text-only
setting).

A picture is a file of the task with a picture's suffix (``.png``, ``.jpg``/``.jpeg``,
``.gif``, ``.webp``) — one of its attachments, or a file in the folder of its input — whose
name the instruction mentions (``example-1.png``). A name the instruction mentions that is no
such file (a step asking the program to *write* ``chart.png``) is not a picture. Pictures are sent byte for byte as the
task holds them (never re-encoded, so a measured setting does not depend on an image
library's resampler); one over ``MAX_PICTURE_BYTES`` or ``MAX_PICTURE_SIDE`` pixels, or
not a PNG, JPEG, GIF or WebP image, is refused with ``TaskError``.
"""

from __future__ import annotations

import base64
import hashlib
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from officeeval.errors import TaskError
from officeeval.runner.tasks import Task

MODES = ("inline", "omit")
DEFAULT_MODE = "omit"
MAX_PICTURE_BYTES = 4 * 1024 * 1024     # per picture, as stored (base64 adds a third)
MAX_PICTURE_SIDE = 4096                  # pixels, the longer side
MAX_PICTURES = 8                         # per prompt
SUFFIXES = (".png", ".jpg", ".jpeg", ".gif", ".webp")
# A character of a file name: a mention glued to one is part of a longer name.
_FILE_CHAR = re.compile(r"[A-Za-z0-9_.\-]")


@dataclass(frozen=True)
class Picture:
    """One picture of a task: its file name as the instruction says it, where it is, its
    media type (from its first bytes), pixel size and SHA-256."""

    name: str
    path: Path
    mime: str
    width: int
    height: int
    size: int
    sha256: str

    def record(self, shown: bool) -> dict[str, Any]:
        """What a prompt line records about the picture (never its bytes)."""
        if not shown:
            return {"name": self.name, "bytes": self.size, "shown": False}
        return {"name": self.name, "mime": self.mime, "width": self.width,
                "height": self.height, "bytes": self.size, "sha256": self.sha256,
                "shown": True}

    def part(self) -> dict[str, Any]:
        """The OpenAI chat-completions image part (a data URL). Raises ``TaskError`` when
        the file changed or vanished since it was checked."""
        data = _read(self.path)
        if hashlib.sha256(data).hexdigest() != self.sha256:
            raise TaskError(f"picture {self.path} changed while the prompt was built")
        url = f"data:{self.mime};base64,{base64.b64encode(data).decode('ascii')}"
        return {"type": "image_url", "image_url": {"url": url}}


def mentioned_at(name: str, instruction: str) -> int:
    """Where the instruction first mentions the file ``name`` (-1: nowhere). A mention is
    the name not glued to a longer file name (``1.png`` is not mentioned by
    ``example-1.png``); Chinese text may touch it (``参照示例图example-1.png``)."""
    start = 0
    while True:
        i = instruction.find(name, start)
        if i < 0:
            return -1
        before = instruction[i - 1] if i else ""
        after = instruction[i + len(name)] if i + len(name) < len(instruction) else ""
        if not _FILE_CHAR.match(before) and not re.match(r"[A-Za-z0-9_]", after):
            return i
        start = i + 1


def task_pictures(task: Task, instruction: str, check: bool = True) -> list[Picture]:
    """The pictures of ``task`` its ``instruction`` mentions, in the order of first mention:
    its attachments, and the files beside its input, with a picture's suffix. With
    ``check`` (pictures that will be sent), raises ``TaskError`` for a picture that cannot
    be read, is not an image, is too large, or for more than ``MAX_PICTURES``; without,
    only names and sizes are read (nothing is refused: an omitted picture is only named)."""
    candidates: dict[str, Path] = {}
    for a in task.attachments:
        if a.suffix.lower() in SUFFIXES:
            candidates.setdefault(a.name, a)
    folder = task.input.parent if task.input is not None else None
    if folder is not None:
        try:
            beside = sorted(folder.iterdir())[:1000]
        except OSError:
            beside = []
        for f in beside:
            if f.suffix.lower() in SUFFIXES and f.is_file():
                candidates.setdefault(f.name, f)
    found = sorted((i, name) for name in candidates
                   if (i := mentioned_at(name, instruction)) >= 0)
    out: list[Picture] = []
    for _, name in found:
        path = candidates[name]
        if check:
            out.append(load_picture(path, name, task.id))
        else:
            try:
                size = path.stat().st_size
            except OSError:
                size = 0
            out.append(Picture(name, path, "", 0, 0, size, ""))
    if check and len(out) > MAX_PICTURES:
        raise TaskError(f"task {task.id!r}: its instruction refers to {len(out)} pictures "
                        f"(at most {MAX_PICTURES} travel with a prompt)")
    return out


def load_picture(path: Path, name: str, task_id: str = "") -> Picture:
    """Check one picture. Raises ``TaskError`` (unreadable, not a PNG/JPEG/GIF/WebP image,
    over ``MAX_PICTURE_BYTES`` or ``MAX_PICTURE_SIDE``)."""
    who = f"task {task_id!r}: picture {path}" if task_id else f"picture {path}"
    try:
        size = path.stat().st_size
    except OSError as exc:
        raise TaskError(f"{who}: {exc}") from exc
    if size > MAX_PICTURE_BYTES:
        raise TaskError(f"{who} is {size} bytes, over the limit of {MAX_PICTURE_BYTES} bytes "
                        f"for a picture sent with a prompt: make it smaller (downscale it "
                        f"or save it as JPEG)")
    data = _read(path)
    mime = _media_type(data)
    if mime is None:
        raise TaskError(f"{who} is not a PNG, JPEG, GIF or WebP image")
    width, height = _dimensions(data, who)
    if max(width, height) > MAX_PICTURE_SIDE:
        raise TaskError(f"{who} is {width}x{height} pixels, over the limit of "
                        f"{MAX_PICTURE_SIDE} pixels on a side: downscale it")
    return Picture(name, path, mime, width, height, len(data),
                   hashlib.sha256(data).hexdigest())


def _read(path: Path) -> bytes:
    try:
        with open(path, "rb") as f:
            data = f.read(MAX_PICTURE_BYTES + 1)
    except OSError as exc:
        raise TaskError(f"cannot read picture {path}: {exc}") from exc
    if len(data) > MAX_PICTURE_BYTES:
        raise TaskError(f"picture {path} grew over {MAX_PICTURE_BYTES} bytes")
    return data


def _media_type(data: bytes) -> str | None:
    if data.startswith(b"\x89PNG\r\n\x1a\n"):
        return "image/png"
    if data.startswith(b"\xff\xd8\xff"):
        return "image/jpeg"
    if data[:6] in (b"GIF87a", b"GIF89a"):
        return "image/gif"
    if data[:4] == b"RIFF" and data[8:12] == b"WEBP":
        return "image/webp"
    return None


def _dimensions(data: bytes, who: str) -> tuple[int, int]:
    """Width and height from the image header (Pillow reads the header only; nothing is
    decoded). Raises ``TaskError`` for a header it cannot read."""
    import io

    from PIL import Image, UnidentifiedImageError
    try:
        with Image.open(io.BytesIO(data)) as im:
            return int(im.width), int(im.height)
    except (UnidentifiedImageError, OSError, ValueError,
            Image.DecompressionBombError) as exc:
        raise TaskError(f"{who}: not a readable image ({exc})") from exc
