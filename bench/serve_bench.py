"""Benchmark ``officeeval serve`` against ``batch`` (not a test: it prints measurements).

For each app (Word, Excel, PowerPoint), on the same exam-size documents (the reference
outputs of the shipped tasks of that app, cycled):

1. ``batch``: ``run_batch`` with ``--jobs 2`` on a manifest of ``--requests`` ``output``
   lines, in this process (warmed once: workers forked, recalculated workbooks in the
   recalc cache, then timed with ``--rerun``). Throughput: (n - 1) / (time of the last
   result - time of the first), the steady rate without start-up.
2. ``serve --jobs 2`` (a real uvicorn process on 127.0.0.1, port chosen by the server),
   warmed with each document, loaded by this script with ``POST /v1/score`` (multipart,
   ``detail=summary``; request bodies prepared in advance; one keep-alive connection per
   client thread; plain sockets, so the load generator costs little CPU):

   * latency: one client, ``--requests`` requests one after another: p50/p95/p99;
   * throughput: ``--concurrency`` clients (default 4: two per worker, so a worker never
     waits for the next request), ``--requests`` in all: requests per second, p50/p95/p99.

The machine is shared, so its load drifts within minutes: the batch and serve
throughput phases alternate, ``--rounds`` times per app (default 5); the table gives the
best rate of each side, and the median of the rounds' ratios (each round's ratio compares
two phases run back to back, under about the same load).

Targets (issue 18): p50 under 40 ms for an exam-size Word or PowerPoint document; serve's
throughput at least 80 % of batch's. Every loop has a fixed request count and a timeout:
it stops by itself; the server is stopped at the end. Traffic stays on 127.0.0.1.

    .venv/bin/python bench/serve_bench.py [--requests 200] [--concurrency 4] [--rounds 3]
        [--apps word,ppt,excel]
        [--store]   # the server also writes every result to a results store (as batch does)
"""

from __future__ import annotations

import argparse
import json
import os
import queue
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import uuid
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from officeeval.runner.batch import BatchOptions, Progress, run_batch  # noqa: E402
from officeeval.runner.tasks import TaskRegistry  # noqa: E402

APPS = ("word", "ppt", "excel")
TIMEOUT = 300.0  # seconds any one request may take before the run is abandoned


def documents(app: str) -> list[tuple[str, Path]]:
    """(task id, reference document) for every shipped task of ``app`` that has one."""
    reg = TaskRegistry.scan([REPO / "rubrics"])
    out = []
    for task in reg.all():
        if task.app == app and task.reference is not None and task.reference.is_file():
            out.append((task.id, task.reference))
    return out


# ---------------------------------------------------------------------- batch
class _Times(Progress):
    def __init__(self) -> None:
        self.times: list[float] = []

    def advance(self, outcome, eval_errors) -> None:
        self.times.append(time.perf_counter())


def batch_rate(docs: list[tuple[str, Path]], n: int, workdir: Path) -> tuple[float, float]:
    """(steady documents per second, wall seconds) of a ``--rerun`` of a batch of ``n``
    output lines with --jobs 2 in ``workdir`` (made and run once first, to warm up)."""
    manifest = workdir / "manifest.jsonl"
    out = workdir / "batch-out"
    if not manifest.exists():  # the first round: write the manifest and warm up
        with open(manifest, "w", encoding="utf-8") as f:
            for i in range(n):
                task, path = docs[i % len(docs)]
                f.write(json.dumps({"task": task, "model": "bench", "sample": i,
                                    "output": str(path)}) + "\n")
        run_batch(manifest, out, BatchOptions(jobs=2, tasks=(str(REPO / "rubrics"),),
                                              keep_outputs=False))
    times = _Times()
    started = time.perf_counter()
    result = run_batch(manifest, out, BatchOptions(jobs=2, tasks=(str(REPO / "rubrics"),),
                                                   keep_outputs=False, rerun=True), times)
    wall = time.perf_counter() - started
    assert result.graded == n and not result.errors, result.errors[:3]
    steady = (len(times.times) - 1) / (times.times[-1] - times.times[0])
    return steady, wall


# ---------------------------------------------------------------------- serve
class Server:
    def __init__(self, store: Path | None) -> None:
        cmd = [sys.executable, "-m", "officeeval", "serve", "--port", "0", "--jobs", "2",
               "--queue", "64", "--tasks", str(REPO / "rubrics")]
        if store is not None:
            cmd += ["--store", str(store)]
        self.proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                     text=True, cwd=str(REPO))
        lines: queue.Queue = queue.Queue()
        threading.Thread(target=lambda: [lines.put(x) for x in self.proc.stdout],
                         daemon=True).start()
        end = time.monotonic() + 120
        while True:
            try:
                line = lines.get(timeout=max(0.1, end - time.monotonic()))
            except queue.Empty:
                self.stop()
                raise SystemExit("the server did not start: " + self.proc.stderr.read())
            if "listening on http://" in line:
                address = line.split("http://", 1)[1].split(";", 1)[0].strip()
                host, port = address.rsplit(":", 1)
                self.host, self.port = host, int(port)
                return

    def stop(self) -> None:
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGTERM)
            try:
                self.proc.wait(60)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()


def score_request(host: str, port: int, task: str, doc: Path) -> bytes:
    """The bytes of one ``POST /v1/score?detail=summary`` (multipart)."""
    boundary = uuid.uuid4().hex
    data = doc.read_bytes()
    body = (f"--{boundary}\r\nContent-Disposition: form-data; name=\"task\"\r\n\r\n"
            f"{task}\r\n--{boundary}\r\nContent-Disposition: form-data; name=\"document\"; "
            f"filename=\"{doc.name}\"\r\nContent-Type: application/octet-stream\r\n\r\n"
            ).encode() + data + f"\r\n--{boundary}--\r\n".encode()
    head = (f"POST /v1/score?detail=summary HTTP/1.1\r\nHost: {host}:{port}\r\n"
            f"Content-Type: multipart/form-data; boundary={boundary}\r\n"
            f"Content-Length: {len(body)}\r\n\r\n").encode()
    return head + body


class Connection:
    """One keep-alive HTTP/1.1 connection; ``ask`` sends prepared bytes and returns the
    status and body of the answer."""

    def __init__(self, host: str, port: int) -> None:
        self.sock = socket.create_connection((host, port), timeout=TIMEOUT)
        self.sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        self.buf = b""

    def ask(self, request: bytes) -> tuple[int, bytes]:
        self.sock.sendall(request)
        while b"\r\n\r\n" not in self.buf:
            self._read()
        head, self.buf = self.buf.split(b"\r\n\r\n", 1)
        lines = head.split(b"\r\n")
        status = int(lines[0].split()[1])
        length = next(int(v) for k, _, v in (ln.partition(b":") for ln in lines[1:])
                      if k.strip().lower() == b"content-length")
        while len(self.buf) < length:
            self._read()
        body, self.buf = self.buf[:length], self.buf[length:]
        return status, body

    def _read(self) -> None:
        chunk = self.sock.recv(1 << 16)
        if not chunk:
            raise ConnectionError("the server closed the connection")
        self.buf += chunk

    def close(self) -> None:
        self.sock.close()


def load(server: Server, requests: list[bytes], clients: int) -> tuple[list[float], float]:
    """Send ``requests`` (in order, shared by ``clients`` threads); return each one's
    latency in seconds and the wall time of the whole load."""
    todo: queue.Queue = queue.Queue()
    for r in requests:
        todo.put(r)
    latencies: list[float] = []
    failures: list[str] = []
    lock = threading.Lock()

    def client() -> None:
        conn = Connection(server.host, server.port)
        try:
            while True:
                try:
                    req = todo.get_nowait()
                except queue.Empty:
                    return
                t = time.perf_counter()
                status, body = conn.ask(req)
                spent = time.perf_counter() - t
                with lock:
                    if status == 200:
                        latencies.append(spent)
                    else:
                        failures.append(f"{status}: {body[:200]!r}")
        finally:
            conn.close()

    threads = [threading.Thread(target=client) for _ in range(clients)]
    started = time.perf_counter()
    for t in threads:
        t.start()
    for t in threads:
        t.join(TIMEOUT * len(requests))
    wall = time.perf_counter() - started
    if failures:
        raise SystemExit(f"{len(failures)} request(s) failed, e.g. {failures[0]}")
    return latencies, wall


def pct(xs: list[float], q: float) -> float:
    xs = sorted(xs)
    return 1000 * xs[min(len(xs) - 1, max(0, round(q * (len(xs) - 1))))]


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--requests", type=int, default=200)
    ap.add_argument("--concurrency", type=int, default=4)
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--apps", default=",".join(APPS))
    ap.add_argument("--store", action="store_true",
                    help="the server writes every result to a results store")
    args = ap.parse_args()
    apps = [a for a in args.apps.split(",") if a]
    load_avg = os.getloadavg()
    rows = []
    with tempfile.TemporaryDirectory(prefix="serve-bench-") as tmp:
        work = Path(tmp)
        server = Server(work / "serve-store" if args.store else None)
        try:
            for app in apps:
                docs = documents(app)
                prepared = [score_request(server.host, server.port, t, p) for t, p in docs]
                load(server, prepared, 1)  # warm: every worker loads, LibreOffice ready
                load(server, prepared * 2, 2)
                reqs = [prepared[i % len(prepared)] for i in range(args.requests)]
                single, _ = load(server, reqs, 1)
                best_batch, best_serve, busy_best, ratios = 0.0, 0.0, [], []
                for rnd in range(args.rounds):
                    d = work / f"batch-{app}"
                    d.mkdir(exist_ok=True)
                    b_rate, _ = batch_rate(docs, args.requests, d)
                    busy, wall = load(server, reqs, args.concurrency)
                    s_rate = len(busy) / wall
                    ratios.append(s_rate / b_rate)
                    print(f"{app} round {rnd + 1}: batch {b_rate:.1f}/s, serve {s_rate:.1f}/s "
                          f"({s_rate / b_rate:.2f})", flush=True)
                    best_batch = max(best_batch, b_rate)
                    if s_rate > best_serve:
                        best_serve, busy_best = s_rate, busy
                rows.append((app, len(docs),
                             statistics.mean(len(r) for r in prepared) / 1024,
                             pct(single, .5), pct(single, .95), pct(single, .99),
                             pct(busy_best, .5), pct(busy_best, .95), pct(busy_best, .99),
                             best_serve, best_batch, best_serve / best_batch, ratios))
        finally:
            server.stop()
    print(f"\nload average at start {load_avg[0]:.1f} {load_avg[1]:.1f} {load_avg[2]:.1f}, "
          f"at the end {' '.join(f'{x:.1f}' for x in os.getloadavg())}; {args.requests} "
          f"requests per phase; throughput with {args.concurrency} clients; "
          f"{args.rounds} alternating rounds; server "
          f"{'with' if args.store else 'without'} a results store\n")
    print("| app | docs | KiB/request | p50 ms (1 client) | p95 | p99 | "
          f"p50 ms ({args.concurrency} clients) | p95 | p99 | serve docs/s | "
          "batch docs/s | serve/batch (median of rounds) | per round |")
    print("| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: "
          "| --- |")
    for r in rows:
        print(f"| {r[0]} | {r[1]} | {r[2]:.0f} | {r[3]:.1f} | {r[4]:.1f} | {r[5]:.1f} | "
              f"{r[6]:.1f} | {r[7]:.1f} | {r[8]:.1f} | {r[9]:.1f} | {r[10]:.1f} | "
              f"{statistics.median(r[12]):.2f} | {', '.join(f'{x:.2f}' for x in r[12])} |")


if __name__ == "__main__":
    main()
