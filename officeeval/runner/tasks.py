"""The task registry: a task is its rubric plus the files the rubric names (input, reference,
attachments) and the output file name a program must write.

Rubrics are found as ``*.xml`` files in the registry's directories (``rubrics/`` by
default). Each file's root ``id`` is read cheaply at scan time; the full rubric (XSD +
meaning checks) is loaded on first use and cached. An unreadable or invalid rubric is kept
as a ``Task`` with ``error`` set, never an exception at scan time.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

from lxml import etree

from officeeval import apps
from officeeval.errors import RubricError, TaskError
from officeeval.rubric import Rubric, load_rubric

RUBRIC_NS = "urn:officeeval:rubric:1"


@dataclass
class Task:
    """One gradable task. ``rubric`` is ``None`` until loaded or when invalid (then
    ``error`` holds the rubric's problems)."""

    id: str
    path: Path
    rubric: Rubric | None = None
    error: RubricError | None = None

    @property
    def app(self) -> str:
        return self.rubric.app if self.rubric else ""

    @property
    def level(self) -> str:
        return self.rubric.level if self.rubric else ""

    @property
    def output_name(self) -> str:
        """The file the program must write: the rubric's ``<files output=…>``, else
        ``output.<ext>`` for its app."""
        if self.rubric and self.rubric.files.output:
            return Path(self.rubric.files.output).name
        if not self.rubric:
            return "output"
        return "output" + apps.app(self.app).extension

    @property
    def input(self) -> Path | None:
        f = self.rubric.files.input if self.rubric else None
        return Path(f) if f else None

    @property
    def reference(self) -> Path | None:
        f = self.rubric.files.reference if self.rubric else None
        return Path(f) if f else None

    @property
    def attachments(self) -> tuple[Path, ...]:
        return tuple(Path(a) for a in self.rubric.files.attachments if a) if self.rubric \
            else ()

    def files(self) -> list[tuple[str, Path, bool]]:
        """(role, path, exists) for every file the rubric names."""
        out: list[tuple[str, Path, bool]] = []
        for role, p in (("input", self.input), ("reference", self.reference)):
            if p is not None:
                out.append((role, p, p.is_file()))
        for a in self.attachments:
            out.append(("attachment", a, a.is_file()))
        return out

    def sandbox_files(self) -> list[Path]:
        """The files copied into a program's work directory: the input and attachments
        (never the reference or the rubric)."""
        return [p for p in ([self.input] if self.input else []) + list(self.attachments)]

    def missing_files(self) -> list[str]:
        return [f"{role} {p}" for role, p, ok in self.files() if not ok]


@dataclass
class TaskRegistry:
    """Tasks by id, from one or more rubric directories (or single rubric files).
    ``issues`` lists scan-time problems (a file without a rubric id, a duplicate id)."""

    tasks: dict[str, Task] = field(default_factory=dict)
    issues: list[str] = field(default_factory=list)

    @classmethod
    def scan(cls, locations: list[str | Path]) -> "TaskRegistry":
        """Scan directories (``*.xml``, not recursive) and rubric files. A location that
        does not exist is an issue, not an error."""
        reg = cls()
        for loc in locations:
            reg.add_location(Path(loc))
        return reg

    def add_location(self, loc: Path) -> None:
        if loc.is_dir():
            for p in sorted(loc.glob("*.xml")):
                self._add_file(p)
        elif loc.is_file():
            self._add_file(loc)
        else:
            self.issues.append(f"{loc}: no such rubric file or directory")

    def _add_file(self, path: Path) -> None:
        tid = _rubric_id(path)
        if tid is None:
            return  # not a rubric (some other XML next to the rubrics)
        if not tid:
            self.issues.append(f"{path}: the rubric has no id")
            return
        known = self.tasks.get(tid)
        if known is not None:
            if known.path.resolve() != path.resolve():
                self.issues.append(f"{path}: task id {tid!r} is already defined by "
                                   f"{known.path}; ignored")
            return
        self.tasks[tid] = Task(tid, path)

    def get(self, task_id: str) -> Task | None:
        """The task, loaded (its ``error`` set when the rubric is invalid); ``None`` when the
        id is unknown."""
        task = self.tasks.get(task_id)
        if task is not None:
            load(task)
        return task

    def require(self, task_id: str) -> Task:
        """Like ``get`` but raises ``TaskError`` for an unknown id."""
        task = self.get(task_id)
        if task is None:
            raise TaskError(f"unknown task {task_id!r}")
        return task

    def add_rubric(self, path: Path) -> Task:
        """Register (or find) the task defined by one rubric file named explicitly (a
        manifest line's ``rubric``). Raises ``TaskError`` if it is not a rubric."""
        tid = _rubric_id(path)
        if not tid:
            raise TaskError(f"{path} is not a rubric with an id")
        self._add_file(path)
        return self.require(tid)

    def all(self) -> list[Task]:
        for t in self.tasks.values():
            load(t)
        return sorted(self.tasks.values(), key=lambda t: t.id)


def load(task: Task) -> Task:
    """Load the task's rubric once; an invalid rubric sets ``task.error``."""
    if task.rubric is None and task.error is None:
        try:
            task.rubric = load_rubric(task.path)
        except RubricError as exc:
            task.error = exc
    return task


def _rubric_id(path: Path) -> str | None:
    """The root ``id`` of a rubric file; ``""`` for a rubric without one; ``None`` for a
    file that is not a rubric (other namespace, unreadable)."""
    try:
        for _, el in etree.iterparse(str(path), events=("start",), resolve_entities=False,
                                     no_network=True, load_dtd=False, huge_tree=False):
            q = etree.QName(el)
            if q.localname != "rubric" or q.namespace != RUBRIC_NS:
                return None
            return el.get("id") or ""
    except (OSError, etree.XMLSyntaxError):
        # A malformed file that still looks like a rubric must surface as invalid, not vanish.
        try:
            head = path.read_bytes()[:4096].decode("utf-8", "replace")
        except OSError:
            return None
        if RUBRIC_NS in head:
            m = re.search(r"<rubric\b[^>]*\bid=\"([^\"]+)\"", head)
            return m.group(1) if m else ""
        return None
    return None


def default_locations(manifest: Path | None = None) -> list[Path]:
    """Where tasks are looked up when none are given, in this order: ``rubrics/`` next to the
    manifest and one level up (``samples/x.jsonl`` -> ``rubrics/``), ``./rubrics``, and, when
    none of these exists, the ``rubrics/`` of the officeeval checkout itself (a clone or
    editable install: the shipped sample tasks, wherever the command runs). Only existing
    directories are returned; an empty list means no tasks anywhere."""
    out: list[Path] = []
    cands: list[Path] = []
    if manifest is not None:
        d = manifest.resolve().parent
        cands += [d / "rubrics", d.parent / "rubrics"]
    cands.append(Path("rubrics"))
    for c in cands:
        if c.is_dir() and all(c.resolve() != o.resolve() for o in out):
            out.append(c)
    if not out:
        shipped = shipped_rubrics()
        if shipped is not None:
            out.append(shipped)
    return out


def shipped_rubrics() -> Path | None:
    """The ``rubrics/`` directory of the officeeval checkout this package runs from (beside
    the ``officeeval`` package); ``None`` for an installed wheel, which ships none."""
    here = Path(__file__).resolve().parents[2] / "rubrics"
    return here if here.is_dir() and any(here.glob("*.xml")) else None


def describe_locations(locations: list[Path] | list[str], registry: "TaskRegistry") -> str:
    """One line saying where tasks were looked up and how many were found: ``8 tasks from
    rubrics/``."""
    where = ", ".join(str(p) for p in locations) or "nowhere"
    n = len(registry.tasks)
    return f"{n} task{'s' * (n != 1)} from {where}"
