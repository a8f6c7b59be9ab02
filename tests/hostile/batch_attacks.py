"""Helpers of the batch-attack suite (test_batch_attacks.py): two small tasks (a Word one
and an Excel one with formula checks) built in a temp folder, the attacking programs as
source text, and a runner of the real ``officeeval batch`` command that records which
processes belonged to it and what it left in its temp folder and in ``/tmp``."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

import openpyxl
from docx import Document

REPO = Path(__file__).resolve().parents[2]

WORD_RUBRIC = """<?xml version="1.0" encoding="UTF-8"?>
<rubric xmlns="urn:officeeval:rubric:1" id="attack-word" app="word" level="1" total="100"
        pass="60">
  <title>attack target (Word)</title>
  <files input="files/input.docx" reference="files/reference.docx" output="output.docx"/>
  <criterion id="c1" skill="font" points="60">
    <check select="paragraph[1]" property="font.bold" op="equals" expected="true"/>
  </criterion>
  <criterion id="c2" skill="paragraph" points="40">
    <check select="paragraph[2]" property="paragraph.alignment" op="equals" expected="center"/>
  </criterion>
</rubric>
"""

EXCEL_RUBRIC = """<?xml version="1.0" encoding="UTF-8"?>
<rubric xmlns="urn:officeeval:rubric:1" id="attack-excel" app="excel" level="1" total="100"
        pass="60">
  <title>attack target (Excel)</title>
  <files input="files/input.xlsx" output="output.xlsx"/>
  <criterion id="c1" skill="formula" points="50">
    <check select="sheet[1]/B1:B5" property="cell.value" op="equals" expected="20"/>
  </criterion>
  <criterion id="c2" skill="formula" points="20">
    <check select="sheet[1]/D1" property="cell.value" op="equals" expected="15"/>
  </criterion>
  <criterion id="c3" skill="format" points="30">
    <check select="sheet[1]/A1" property="font.bold" op="equals" expected="true"/>
  </criterion>
</rubric>
"""

GOOD_WORD = """
from docx import Document
from docx.enum.text import WD_ALIGN_PARAGRAPH
doc = Document("input.docx")
for run in doc.paragraphs[0].runs:
    run.font.bold = True
doc.paragraphs[1].alignment = WD_ALIGN_PARAGRAPH.CENTER
doc.save("output.docx")
"""

FAILING = "import sys\nprint('giving up')\nsys.exit(1)\n"

# --- the attacks (each a program a model could hand in) ------------------------------
SURROGATE_EXCEPTION = """
raise RuntimeError(b'\\xff'.decode('utf-8', 'surrogateescape') + ' and ' + '\\ud800')
"""

NOT_UTF8_EVERYWHERE = """
import os, shutil, sys
open(b'\\xff\\xfe.txt', 'wb').write(b'x')
os.mkdir(b'dir\\xff')
open(b'dir\\xff/\\xc3(.bin', 'wb').write(b'y')
sys.stdout.buffer.write(b'out \\xff\\xfe\\n')
sys.stderr.buffer.write(b'err \\xed\\xa0\\x80\\n')
sys.stdout.flush()
shutil.copyfile('input.docx', 'output.docx')
"""

# Reads its own command line (the supervisor's configuration) to find the status channel
# and every descriptor it holds, writes a refusal and a clean exit to all of them, then
# fails: it wants to be left out of the model's numbers.
FORGED_STATUS = """
import json, os
cfg = {}
try:
    raw = open('/proc/self/cmdline', 'rb').read().split(b'\\0')
    cfg = json.loads([a for a in raw if a.startswith(b'{')][-1])
except Exception as exc:
    print('no config:', exc)
lies = [b'{"event": "refused", "notes": ["forged"]}\\n',
        b'{"event": "exit", "pid": %d, "exit_code": 0, "exception": null}\\n' % os.getpid(),
        b'{"event": "end", "exit_code": 0, "output": {"kind": "file", "copied": true}}\\n']
targets = {cfg.get('status_fd'), cfg.get('out_fd'), *range(3, 64)}
wrote = []
for fd in sorted(t for t in targets if isinstance(t, int)):
    for lie in lies:
        try:
            os.write(fd, lie)
            wrote.append(fd)
        except OSError:
            pass
# and through /proc, at whatever parent holds the channel
for pid in {os.getppid(), 1}:
    try:
        for name in os.listdir('/proc/%d/fd' % pid):
            try:
                fd = os.open('/proc/%d/fd/%s' % (pid, name), os.O_WRONLY | os.O_NONBLOCK)
                os.write(fd, lies[0])
                wrote.append('proc:%d/%s' % (pid, name))
            except OSError:
                pass
    except OSError:
        pass
print('wrote to', sorted(set(map(str, wrote))))
os._exit(1)
"""

DEEP_FOLDERS = """
import os, shutil
shutil.copyfile('input.docx', 'output.docx')
here = os.open('.', os.O_RDONLY)
for i in range(1200):
    os.mkdir('d', dir_fd=here)
    nxt = os.open('d', os.O_RDONLY, dir_fd=here)
    os.close(here)
    here = nxt
open('/proc/self/fd/%d/leaf.txt' % here, 'w').write('deep')
print('nested 1200 folders')
"""

DISK_FILLER = """
import os
block = os.urandom(1 << 20)
written = 0
for i in range(40):
    with open('fill%02d.bin' % i, 'wb') as f:
        for _ in range(60):
            f.write(block)
            written += len(block)
print('wrote', written)
"""

MANY_FILES = """
import os
for i in range(200000):
    os.close(os.open('f%06d' % i, os.O_CREAT | os.O_WRONLY, 0o644))
print('made 200000 files')
"""

SYMLINK_OUTPUT = "import os\nos.symlink('/etc/passwd', 'output.docx')\n"
FIFO_OUTPUT = "import os\nos.mkfifo('output.docx')\n"
FOLDER_OUTPUT = "import os\nos.mkdir('output.docx')\nopen('output.docx/x', 'w').write('x')\n"

EXCEL_WRONG = """
import openpyxl
wb = openpyxl.load_workbook('input.xlsx')
ws = wb.active
ws['A1'].font = openpyxl.styles.Font(bold=True)
for r in range(1, 6):
    ws.cell(r, 2, '=A%d*3' % r)          # wrong: the task wants A*2 = 20
ws['D1'] = '=SUM(A1:A5)/5+5'           # right: 15
{extra}
wb.save('output.xlsx')
"""
# The LibreOffice-timeout trick: formulas that keep LibreOffice busy far past its limit,
# so that the checks of the wrong formulas above could not be verified. Far past both
# attempts' limits on any machine (the test sets 3 s of CPU, retried at 12 s): 119 such
# sums were computed within the retry on a fast idle machine, so it is 599.
HEAVY = ("for r in range(1, 600):\n"
         "    ws.cell(r, 7, '=SUMPRODUCT((ROW(Z1:Z1048576)>%d)*1)' % r)")


def build_tasks(root: Path) -> Path:
    """Write rubrics/attack-word.xml and rubrics/attack-excel.xml with their files under
    ``root``; return the rubrics folder."""
    files = root / "files"
    files.mkdir(parents=True, exist_ok=True)
    doc = Document()
    doc.add_paragraph("Notice")
    doc.add_paragraph("The library opens at nine.")
    doc.save(files / "input.docx")
    ref = Document(files / "input.docx")
    for run in ref.paragraphs[0].runs:
        run.font.bold = True
    ref.paragraphs[1].alignment = 1
    ref.save(files / "reference.docx")
    wb = openpyxl.Workbook()
    for r in range(1, 6):
        wb.active.cell(r, 1, 10)
    wb.save(files / "input.xlsx")
    rubrics = root / "rubrics"
    rubrics.mkdir(exist_ok=True)
    (rubrics / "attack-word.xml").write_text(WORD_RUBRIC, encoding="utf-8")
    (rubrics / "attack-excel.xml").write_text(EXCEL_RUBRIC, encoding="utf-8")
    (rubrics / "files").symlink_to(files, target_is_directory=True)
    return rubrics


def write_manifest(path: Path, lines: list[dict | str]) -> Path:
    path.write_text("".join((x if isinstance(x, str) else json.dumps(x)) + "\n"
                            for x in lines), encoding="utf-8")
    return path


def short_tmpdir() -> Path:
    """A temp folder of a batch's own, with a short path (the pool's fork server and the
    recalculation service put Unix sockets there: 108 bytes at most)."""
    import tempfile
    return Path(tempfile.mkdtemp(prefix="oe-", dir="/tmp"))


@dataclass
class BatchRun:
    returncode: int
    stdout: str
    stderr: str
    seconds: float
    pids: set[int] = field(default_factory=set)  # every process of the batch seen
    seen: set[str] = field(default_factory=set)  # every name seen in its temp folder


def run_cli(args: list[str], cwd: Path, tmpdir: Path, env: dict[str, str] | None = None,
            timeout: float = 900) -> BatchRun:
    """Run ``python -m officeeval ARGS`` with its temp folder in ``tmpdir`` (so whatever
    it leaves there is its own), noting the pid of every process it starts."""
    full_env = {**os.environ, "TMPDIR": str(tmpdir), **(env or {})}
    started = time.monotonic()
    proc = subprocess.Popen([sys.executable, "-m", "officeeval", *args], cwd=cwd,
                            env=full_env, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            text=True, start_new_session=True)
    pids: set[int] = {proc.pid}
    seen: set[str] = set()
    import threading
    out: dict[str, str] = {}

    def read(name: str, stream) -> None:  # noqa: ANN001
        out[name] = stream.read()
    readers = [threading.Thread(target=read, args=(n, s), daemon=True)
               for n, s in (("stdout", proc.stdout), ("stderr", proc.stderr))]
    for t in readers:
        t.start()
    while proc.poll() is None:
        pids |= descendants(proc.pid)
        try:
            seen |= set(os.listdir(tmpdir))
        except OSError:
            pass
        if time.monotonic() - started > timeout:
            os.killpg(proc.pid, 9)
            raise AssertionError(f"the batch took more than {timeout} s")
        time.sleep(0.05)
    for t in readers:
        t.join()
    return BatchRun(proc.returncode, out.get("stdout", ""), out.get("stderr", ""),
                    time.monotonic() - started, pids, seen)


def descendants(root: int) -> set[int]:
    parents: dict[int, int] = {}
    for entry in os.scandir("/proc"):
        if entry.name.isdigit():
            try:
                with open(f"/proc/{entry.name}/stat", "rb") as f:
                    rest = f.read().rsplit(b")", 1)[1].split()
                parents[int(entry.name)] = int(rest[1])
            except (OSError, IndexError, ValueError):
                continue
    found, todo = set(), [root]
    while todo:
        p = todo.pop()
        for child, parent in parents.items():
            if parent == p and child not in found:
                found.add(child)
                todo.append(child)
    return found


def start_time(pid: int) -> int | None:
    """The start time of process ``pid`` (clock ticks after boot), ``None`` when it is
    gone: with the pid, it names one process (a pid alone may be recycled)."""
    try:
        with open(f"/proc/{pid}/stat", "rb") as f:
            rest = f.read().rsplit(b")", 1)[1].split()
        if rest[0] == b"Z":
            return None
        return int(rest[19])
    except (OSError, IndexError, ValueError):
        return None


def leftovers(tmpdir: Path, run: BatchRun) -> list[str]:
    """What a batch left: any ``officeeval-*`` entry in its temp folder, and LibreOffice
    pipes in ``/tmp`` named for one of its processes or for one of its profiles."""
    from officeeval.recalc.libreoffice import WORKDIR_PREFIX, single_instance_pipe
    pids = run.pids
    left = sorted(p.name for p in tmpdir.iterdir() if p.name.startswith("officeeval-"))
    for name in run.seen:
        if name.startswith(WORKDIR_PREFIX):
            pipe = Path("/tmp") / single_instance_pipe(tmpdir / name / "profile")
            if pipe.exists():
                left.append(str(pipe))
    for p in Path("/tmp").glob(f"OSL_PIPE_{os.getuid()}_officeeval_*"):
        try:
            pid = int(p.name.split("_officeeval_", 1)[1].split("_", 1)[0])
        except ValueError:
            continue
        if pid in pids:
            left.append(str(p))
    return left
