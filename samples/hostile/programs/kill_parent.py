# Hostile: kill whatever started this program, then its own process group.
import os
import signal

try:
    os.kill(os.getppid(), signal.SIGKILL)
    print(f"killed my parent ({os.getppid()})", flush=True)
except OSError as exc:
    print(f"cannot kill my parent: {type(exc).__name__}", flush=True)
os.killpg(0, signal.SIGKILL)  # the whole group: this process included
