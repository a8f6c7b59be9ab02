"""Grade one document in a child process and print what happened as one JSON line.

Run by the hostile tests under RLIMIT_AS / RLIMIT_CPU (set by the parent before exec):
``python hostile_child.py RUBRIC DOCUMENT``. It records every package the engine opens
(bytes inflated, parts read and parsed, from ``Package.stats``), every audited network or
subprocess event, and runs ``officeeval.inspection.inspect`` over the document when it
opens. A crash prints a traceback on stderr and exits non-zero, which the test reports.
"""

from __future__ import annotations

import json
import resource
import sys

EVENTS: list[list[str]] = []
GRADING = [False]  # the rubric loader (xmlschema) opens its own schemas by URL: not counted
_WATCHED = ("socket.connect", "socket.getaddrinfo", "socket.gethostbyname",
            "urllib.Request", "http.client.connect", "subprocess.Popen", "os.system",
            "ftplib.connect")


def _audit(event: str, args: tuple) -> None:
    if GRADING[0] and event in _WATCHED:
        EVENTS.append([event, repr(args)[:200]])


def main(rubric_path: str, document: str) -> dict:
    sys.addaudithook(_audit)
    from officeeval.ooxml import package as pk

    opened: list = []
    original = pk.Package.open.__func__

    def spy(cls, *args, **kwargs):
        pkg = original(cls, *args, **kwargs)
        opened.append(pkg)
        return pkg

    pk.Package.open = classmethod(spy)  # type: ignore[method-assign]

    from officeeval.errors import OfficeEvalError, PackageError
    from officeeval.formats import open_document
    from officeeval.inspection import inspect
    from officeeval.rubric import load_rubric
    from officeeval.scoring import evaluate

    rubric = load_rubric(rubric_path)
    GRADING[0] = True
    card = evaluate(rubric, document)
    out: dict = {"card": card.to_dict(), "inspect_rows": 0, "inspect_errors": [],
                 "inspect_open": None}
    if card.outcome == "ok":
        try:
            doc = open_document(document, rubric.app)
        except PackageError as exc:
            out["inspect_open"] = f"{exc.stage}: {exc}"
        else:
            try:
                rows = inspect(doc)
            except OfficeEvalError as exc:
                rows = []
                out["inspect_open"] = f"{type(exc).__name__}: {exc}"
            finally:
                doc.close()
            out["inspect_rows"] = len(rows)
            out["inspect_errors"] = [r for r in rows if r.get("error")]
    out["packages"] = [p.stats() for p in opened]
    out["events"] = EVENTS
    out["maxrss_kb"] = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return out


if __name__ == "__main__":
    result = main(sys.argv[1], sys.argv[2])
    sys.stdout.write(json.dumps(result, ensure_ascii=False, default=str) + "\n")
