"""Sandbox record -> outcome, one row per rule (no processes run here)."""

from __future__ import annotations

import pytest

from officeeval.runner.classify import classify
from officeeval.runner.limits import Limits
from officeeval.runner.sandbox_record import SandboxRecord


def rec(**kw) -> SandboxRecord:
    base = dict(mode="bwrap", limits=Limits(timeout=7, cpu=5).to_dict(), started=True,
                exit_code=0, output_found=True)
    base.update(kw)
    return SandboxRecord(**base)


CASES = [
    (rec(), None, ""),
    (rec(timed_out=True, exit_code=None), "exec_timeout", "wall-clock limit of 7 s"),
    (rec(signal="SIGXCPU", exit_code=None), "exec_timeout", "CPU-time limit of 5 s"),
    (rec(signal="SIGXFSZ", exit_code=None), "exec_killed", "file-size limit of 64 MiB"),
    (rec(signal="SIGSEGV", exit_code=None), "exec_killed", "killed by SIGSEGV"),
    (rec(exit_code=None, returncode=137), "exec_killed", "killed (status 137, i.e. SIGKILL)"),
    (rec(exit_code=None, returncode=-9), "exec_killed", "killed (SIGKILL)"),
    (rec(exit_code=1, exception_type="MemoryError", exception_line="MemoryError",
         memory_error=True), "exec_killed", "memory limit of 2048 MiB"),
    (rec(exit_code=1, exception_type="numpy._ArrayMemoryError", memory_error=True,
         exception_line="numpy._ArrayMemoryError: Unable to allocate"), "exec_killed",
     "memory limit"),
    (rec(exit_code=1, exception_type="OSError", errno=27,
         exception_line="OSError: [Errno 27] File too large"), "exec_killed",
     "file-size limit"),
    (rec(exit_code=1, exception_type="BlockingIOError", errno=11,
         exception_line="BlockingIOError: [Errno 11] Resource temporarily unavailable"),
     "exec_killed", "process limit of 64"),
    (rec(exit_code=1, exception_type="OSError", errno=24,
         exception_line="OSError: [Errno 24] Too many open files"), "exec_killed",
     "open-files limit of 256"),
    (rec(exit_code=1, exception_type="AttributeError",
         exception_line="AttributeError: MIDDLE"), "exec_error", "AttributeError: MIDDLE"),
    (rec(exit_code=3), "exec_error", "exited with status 3"),
    # an exception wins over an output written before it
    (rec(exit_code=1, exception_type="ValueError", exception_line="ValueError: x",
         output_found=True), "exec_error", "ValueError: x"),
    (rec(output_found=False), "no_output", "the program wrote no file"),
    (rec(output_found=False, files_written=["result.docx", "notes.txt"]), "no_output",
     "the program wrote: result.docx, notes.txt"),
]


@pytest.mark.parametrize("record,outcome,detail", CASES)
def test_classify(record, outcome, detail):
    got, text = classify(record, "output.docx")
    assert (got.value if got else None) == outcome
    assert detail in text
