"""Headless Chromium driven over the DevTools protocol on a pipe (no port, no websocket
library): load a page, collect console errors, exceptions, log entries and every network
request, evaluate JavaScript, take screenshots.

Also a script: ``python tests/report/chromium.py REPORT/index.html OUT.png [HEIGHT | #ANCHOR]``
writes a screenshot of the top of a page, HEIGHT pixels tall or down to the element ANCHOR
(docs/report-screenshot.png is ``reports/sample-run/report/index.html … '#breakdowns'``).
"""

from __future__ import annotations

import base64
import fcntl
import json
import os
import select
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync",
         "--hide-scrollbars", "--remote-debugging-pipe"]


def find_chromium() -> str | None:
    for name in ("/usr/bin/chromium", "chromium", "chromium-browser", "google-chrome"):
        path = shutil.which(name)
        if path:
            return path
    return None


class Browser:
    """One headless Chromium with a fresh profile; use as a context manager."""

    def __init__(self, exe: str, width: int = 1280, height: int = 900) -> None:
        self.profile = tempfile.mkdtemp(prefix="officeeval-chromium-")
        cmd_r, cmd_w = os.pipe()   # we write commands; Chromium reads fd 3
        res_r, res_w = os.pipe()   # Chromium writes fd 4; we read
        # Park the child's ends on high descriptors so that the dup2 onto 3 and 4 in the
        # child cannot clobber one with the other.
        hi_r, hi_w = fcntl.fcntl(cmd_r, fcntl.F_DUPFD, 200), fcntl.fcntl(res_w, fcntl.F_DUPFD, 200)
        os.close(cmd_r)
        os.close(res_w)

        def child() -> None:
            os.dup2(hi_r, 3)
            os.dup2(hi_w, 4)

        self.stderr = open(Path(self.profile) / "stderr.log", "wb")
        self.proc = subprocess.Popen(
            [exe, *FLAGS, f"--user-data-dir={self.profile}", f"--window-size={width},{height}",
             "about:blank"], stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
            stderr=self.stderr, pass_fds=(3, 4, hi_r, hi_w), preexec_fn=child)
        os.close(hi_r)
        os.close(hi_w)
        self.w, self.r = cmd_w, res_r
        self.buf = b""
        self.next_id = 0
        self.events: list[dict[str, Any]] = []
        self.session: str | None = None
        self.width, self.height = width, height

    # -- protocol ------------------------------------------------------------------------
    def _read_message(self, deadline: float) -> dict[str, Any]:
        while b"\0" not in self.buf:
            left = deadline - time.monotonic()
            if left <= 0:
                raise TimeoutError("no answer from Chromium")
            ready, _, _ = select.select([self.r], [], [], left)
            if ready:
                chunk = os.read(self.r, 1 << 20)
                if not chunk:
                    raise ConnectionError("Chromium closed the DevTools pipe")
                self.buf += chunk
        msg, self.buf = self.buf.split(b"\0", 1)
        return json.loads(msg)

    def send(self, method: str, params: dict | None = None, session: bool = True,
             timeout: float = 60) -> dict[str, Any]:
        self.next_id += 1
        msg: dict[str, Any] = {"id": self.next_id, "method": method, "params": params or {}}
        if session and self.session:
            msg["sessionId"] = self.session
        os.write(self.w, json.dumps(msg).encode() + b"\0")
        deadline = time.monotonic() + timeout
        while True:
            m = self._read_message(deadline)
            if m.get("id") == self.next_id:
                if "error" in m:
                    raise RuntimeError(f"{method}: {m['error']}")
                return m.get("result", {})
            self.events.append(m)

    def wait_event(self, method: str, timeout: float = 60) -> dict[str, Any]:
        for e in self.events:
            if e.get("method") == method:
                return e
        deadline = time.monotonic() + timeout
        while True:
            m = self._read_message(deadline)
            self.events.append(m)
            if m.get("method") == method:
                return m

    # -- page ----------------------------------------------------------------------------
    def open(self, url: str) -> None:
        target = self.send("Target.createTarget", {"url": "about:blank"}, session=False)
        self.session = self.send("Target.attachToTarget",
                                 {"targetId": target["targetId"], "flatten": True},
                                 session=False)["sessionId"]
        for domain in ("Runtime", "Log", "Network", "Page"):
            self.send(f"{domain}.enable")
        self.send("Emulation.setDeviceMetricsOverride",
                  {"width": self.width, "height": self.height, "deviceScaleFactor": 1,
                   "mobile": False})
        self.send("Page.navigate", {"url": url})
        self.wait_event("Page.loadEventFired")
        self.evaluate("document.fonts.ready.then(() => true)")

    def evaluate(self, expression: str) -> Any:
        r = self.send("Runtime.evaluate", {"expression": expression, "returnByValue": True,
                                           "awaitPromise": True})
        if "exceptionDetails" in r:
            raise RuntimeError(f"evaluate failed: {r['exceptionDetails']}")
        return r["result"].get("value")

    def problems(self) -> list[str]:
        """Console errors/warnings, uncaught exceptions and error log entries so far."""
        out = []
        for e in self.events:
            m, p = e.get("method"), e.get("params", {})
            if m == "Runtime.consoleAPICalled" and p.get("type") in ("error", "warning",
                                                                      "assert"):
                out.append(f"console.{p['type']}: "
                           + " ".join(str(a.get("value", a.get("description")))
                                      for a in p.get("args", [])))
            elif m == "Runtime.exceptionThrown":
                out.append(f"exception: {p['exceptionDetails'].get('text')}")
            elif m == "Log.entryAdded" and p["entry"].get("level") in ("error", "warning"):
                out.append(f"log {p['entry']['level']}: {p['entry'].get('text')} "
                           f"{p['entry'].get('url', '')}")
            elif m == "Network.loadingFailed":
                out.append(f"load failed: {p.get('errorText')}")
        return out

    def requests(self) -> list[str]:
        return [e["params"]["request"]["url"] for e in self.events
                if e.get("method") == "Network.requestWillBeSent"]

    def screenshot(self, path: str | Path, y: float = 0, height: float | None = None) -> None:
        full = self.evaluate("document.documentElement.scrollHeight")
        height = min(height or full, full - y)
        data = self.send("Page.captureScreenshot", {
            "format": "png", "captureBeyondViewport": True,
            "clip": {"x": 0, "y": y, "width": self.width, "height": height, "scale": 1}})
        Path(path).write_bytes(base64.b64decode(data["data"]))

    def close(self) -> None:
        try:
            self.send("Browser.close", session=False, timeout=10)
        except (OSError, RuntimeError, TimeoutError, ConnectionError):
            pass
        try:
            self.proc.wait(timeout=15)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()
        for fd in (self.w, self.r):
            os.close(fd)
        self.stderr.close()
        shutil.rmtree(self.profile, ignore_errors=True)

    def __enter__(self) -> "Browser":
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


if __name__ == "__main__":
    page, out = Path(sys.argv[1]).resolve(), sys.argv[2]
    until = sys.argv[3] if len(sys.argv) > 3 else "1700"
    exe = find_chromium()
    if not exe:
        sys.exit("chromium not found")
    with Browser(exe, width=1200) as b:
        b.open(page.as_uri())
        height = float(until) if not until.startswith("#") else b.evaluate(
            f"document.getElementById({json.dumps(until[1:])}).getBoundingClientRect().top"
            f" + window.scrollY - 20")
        b.screenshot(out, 0, height)
        print("\n".join(b.problems()) or "no console problems", file=sys.stderr)
