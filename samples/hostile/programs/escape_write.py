# Hostile: write outside the work directory, then hand in the untouched input as the answer.
# (A probe: it removes whatever it managed to write, and says so on stdout.)
import os
import shutil

TARGETS = ["../escaped.txt", os.path.expanduser("~/../escaped-home.txt"), "/escaped.txt",
           "/opt/officeeval/escaped.txt", "/tmp/officeeval-escape-probe.txt"]
for path in TARGETS:
    try:
        with open(path, "w") as f:
            f.write("escaped")
        print(f"WROTE {os.path.abspath(path)} (now removed)")
        os.remove(path)
    except OSError as exc:
        print(f"refused {path}: {type(exc).__name__}")
shutil.copyfile("input.docx", "output.docx")
