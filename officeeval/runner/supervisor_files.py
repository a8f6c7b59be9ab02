"""The supervisor's files as they go next to each program: the modules it runs inside the
sandbox (``MODULES``) compiled by the sandbox's interpreter, and the stub that interpreter
starts.
"""

from __future__ import annotations

import subprocess
import sys
import tempfile
from pathlib import Path

from officeeval.runner import isolation

# What the sandbox's interpreter runs: the supervisor is imported from its folder (compiled
# once per sandbox: a program's start pays no compilation of the supervisor), which is then
# taken off the path again.
STUB = """import json, os, sys
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import officeeval_supervisor
del sys.path[0]
officeeval_supervisor.main(json.loads(sys.argv[1]))
"""
# Their sources, by the names they are imported as in the sandbox (``folders`` is the host's
# module too).
MODULES = {"officeeval_supervisor": Path(__file__).with_name("bootstrap.py"),
           "officeeval_folders": Path(__file__).with_name("folders.py"),
           "officeeval_launch": Path(__file__).with_name("launch.py"),
           "officeeval_workfiles": Path(__file__).with_name("workfiles.py")}


def compiled(interp: isolation.Interpreter) -> dict[str, bytes]:
    """The files of the supervisor's modules (``MODULES``) as they go next to each
    program: bytecode compiled by the sandbox's interpreter (unchecked-hash ``.pyc``,
    loaded without its source) when it can be made, else the sources themselves."""
    import py_compile
    with tempfile.TemporaryDirectory() as d:
        out: dict[str, bytes] = {}
        for name, src in MODULES.items():
            pyc = Path(d, f"{name}.pyc")
            try:
                if interp.version.split(".")[:2] == [str(sys.version_info[0]),
                                                      str(sys.version_info[1])]:
                    py_compile.compile(str(src), cfile=str(pyc), doraise=True,
                                       invalidation_mode=py_compile.PycInvalidationMode
                                       .UNCHECKED_HASH)
                else:
                    subprocess.run([interp.executable, "-I", "-c", _COMPILE, str(src),
                                    str(pyc)], check=True, timeout=60, capture_output=True)
                out[pyc.name] = pyc.read_bytes()
            except (OSError, py_compile.PyCompileError, subprocess.SubprocessError):
                out[f"{name}.py"] = src.read_bytes()
        return out


_COMPILE = ("import py_compile, sys; py_compile.compile(sys.argv[1], cfile=sys.argv[2], "
            "doraise=True, invalidation_mode=py_compile.PycInvalidationMode.UNCHECKED_HASH)")
