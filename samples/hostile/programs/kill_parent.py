# Hostile: kill whatever started this program, then its process group.
import os
import signal

os.kill(os.getppid(), signal.SIGKILL)
try:
    os.killpg(0, signal.SIGKILL)
except OSError:
    pass
