"""The agent's working folder and its paths: what persists between python calls, what a
killed call leaves, the quotas over the folder's whole life, and the paths a tool will
read (nothing outside the folder, no link followed)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from officeeval.agent.paths import PathRefused, open_file, read_bytes, relative
from officeeval.agent.tools import Toolbox
from officeeval.agent.workspace import MAX_ENTRIES, Workspace
from officeeval.runner.limits import MIB, Limits
from officeeval.runner.sandbox import Sandbox, SandboxConfig

LIMITS = Limits(timeout=30, cpu=30, disk=4 * MIB)


@pytest.fixture(scope="module")
def sandbox() -> Sandbox:
    return Sandbox(SandboxConfig())


@pytest.fixture
def ws(tmp_path: Path) -> Workspace:
    src = tmp_path / "src"
    src.mkdir()
    (src / "input.txt").write_text("hello")
    return Workspace.create(tmp_path / "work", [("input.txt", src / "input.txt")])


@pytest.mark.parametrize("path, rel", [("output.docx", "output.docx"),
                                       ("./a/b.docx", "a/b.docx"),
                                       ("/sandbox/output.docx", "output.docx"),
                                       ("/sandbox/./x/y.xlsx", "x/y.xlsx")])
def test_paths_inside_the_folder(path, rel):
    assert relative(path) == rel


@pytest.mark.parametrize("path", ["", "  ", "../rubrics/r.xml", "a/../../b.docx",
                                  "/etc/passwd", "/sandbox/../etc/passwd", "/sandboxed/x",
                                  "/sandbox", ".", "a\0b", 7, None, "x" * 2000])
def test_paths_outside_the_folder_are_refused(path):
    with pytest.raises(PathRefused):
        relative(path)


def test_links_and_folders_are_never_read(tmp_path: Path):
    root = tmp_path / "root"
    (root / "sub").mkdir(parents=True)
    (root / "ok.docx").write_bytes(b"data")
    secret = tmp_path / "secret.xml"
    secret.write_text("SECRET")
    os.symlink(secret, root / "link.docx")
    os.symlink(tmp_path, root / "up")
    os.mkfifo(root / "fifo.docx")
    assert read_bytes(root, "ok.docx", 10) == b"data"
    for rel, why in [("link.docx", "link"), ("up/secret.xml", "not a folder"),
                     ("sub", "not a regular file"), ("fifo.docx", "not a regular file"),
                     ("missing.docx", "no such file")]:
        with pytest.raises(PathRefused, match=why):
            os.close(open_file(root, rel))
    with pytest.raises(PathRefused, match="more than"):
        read_bytes(root, "ok.docx", 3)


def test_files_persist_between_calls_and_a_failing_call_keeps_its_files(ws, sandbox):
    run = ws.run_python(sandbox, "open('a.txt', 'w').write('1')\nimport os\n"
                        "os.makedirs('d/e')\nopen('d/e/f.txt', 'w').write('2')\n",
                        "output.docx", LIMITS)
    assert (run.exit_code, run.kept, run.state) == (0, True, 1)
    run = ws.run_python(sandbox, "print(open('a.txt').read() + open('d/e/f.txt').read())\n"
                        "open('b.txt', 'w').write('3')\nraise SystemExit(4)\n",
                        "output.docx", LIMITS)
    assert (run.exit_code, run.kept, run.stdout.strip()) == (4, True, "12")
    assert sorted(p.name for p in ws.folder.iterdir()) == ["a.txt", "b.txt", "d", "input.txt"]
    ws.settle()
    assert sorted(os.listdir(ws.root / "states")) == ["0000", "0002"]


def test_a_killed_call_leaves_the_folder_as_it_was(ws, sandbox):
    run = ws.run_python(sandbox, "open('a.txt', 'w').write('1')\nimport time\n"
                        "time.sleep(60)\n", "output.docx", Limits(timeout=2, cpu=2))
    assert run.timed_out and not run.kept and run.state == 0
    assert sorted(p.name for p in ws.folder.iterdir()) == ["input.txt"]


def test_the_disk_quota_holds_over_many_calls(ws, sandbox):
    write = "open('{n}.bin', 'wb').write(b'x' * 3 * 1024 * 1024)\n"
    run = ws.run_python(sandbox, write.format(n=1), "output.docx", LIMITS)
    assert run.kept and run.exit_code == 0
    run = ws.run_python(sandbox, write.format(n=2), "output.docx", LIMITS)
    assert not run.kept and run.state == 1  # 6 MiB would pass the folder's 4 MiB
    assert sorted(p.name for p in ws.folder.iterdir()) == ["1.bin", "input.txt"]
    run = ws.run_python(sandbox, "import os\nos.remove('1.bin')\n" + write.format(n=3),
                        "output.docx", LIMITS)
    assert run.kept and sorted(p.name for p in ws.folder.iterdir()) == ["3.bin", "input.txt"]


def test_the_entries_quota_holds(ws, sandbox):
    code = f"for i in range({MAX_ENTRIES + 5}):\n    open(f'f{{i}}', 'w').close()\n"
    run = ws.run_python(sandbox, code, "output.docx", LIMITS)
    assert not run.kept and run.quota == "files"
    assert ws.usage()[0] == 1


def test_links_the_program_makes_are_not_kept(ws, sandbox, tmp_path):
    run = ws.run_python(sandbox, "import os\nos.symlink('/etc/passwd', 'p.docx')\n"
                        "os.mkfifo('f')\nopen('k.txt', 'w').close()\n", "output.docx", LIMITS)
    assert run.kept and sorted(x[0] for x in run.not_kept) == ["f", "p.docx"]
    assert sorted(p.name for p in ws.folder.iterdir()) == ["input.txt", "k.txt"]


def test_resume_takes_the_state_the_journal_names(ws, sandbox):
    ws.run_python(sandbox, "open('a.txt', 'w').close()\n", "output.docx", LIMITS)
    ws.run_python(sandbox, "open('b.txt', 'w').close()\n", "output.docx", LIMITS)
    again = Workspace.resume(ws.root, 1)  # state 2 was made but never journaled
    assert sorted(p.name for p in again.folder.iterdir()) == ["a.txt", "input.txt"]
    assert not (ws.root / "states" / "0002").exists()
    assert again.base_files == 1


def test_submit_hands_in_a_copy_and_tools_refuse_what_is_not_a_document(ws, sandbox,
                                                                         tmp_path):
    box = Toolbox(ws, sandbox, "output.docx", LIMITS, tmp_path / "renders",
                  tmp_path / "handin" / "output.docx")
    r = box.call("submit", "{}", "step-1-1")
    assert not r.ok and not r.submitted and "no such file" in r.text
    r = box.call("outline", '{"path": "input.txt"}', "step-2-1")
    assert not r.ok and "not a .docx" in r.text
    r = box.call("outline", "{not json", "step-3-1")
    assert not r.ok and "not valid JSON" in r.text
    r = box.call("nope", "{}", "step-4-1")
    assert not r.ok and "no tool 'nope'" in r.text
    r = box.call("render", '{"path": "output.docx", "page": 0}', "step-5-1")
    assert not r.ok and "page" in r.text
    box.call("python", '{"code": "open(\'output.docx\', \'wb\').write(b\'PK\')"}', "s-6-1")
    r = box.call("submit", "", "step-7-1")
    assert r.ok and r.submitted and (tmp_path / "handin" / "output.docx").read_bytes() == b"PK"
    r = box.call("outline", '{"path": "output.docx"}', "step-8-1")
    assert not r.ok and "does not open" in r.text


def test_an_agent_never_falls_back_to_rlimits_only_unless_asked(monkeypatch):
    from officeeval.agent.run import agent_sandbox
    from officeeval.runner import isolation
    from officeeval.runner.sandbox import SandboxError
    monkeypatch.setattr(isolation, "bwrap_usable", lambda python: (False, "no bwrap here"))
    with pytest.raises(SandboxError, match="--isolation rlimits"):
        agent_sandbox(SandboxConfig(isolation="auto"))
    assert agent_sandbox(SandboxConfig(isolation="rlimits")).mode == "rlimits-only"
