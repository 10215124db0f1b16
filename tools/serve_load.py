"""A loopback load test of tools/serve.py: rounds of N connections opened at once.

    python3 tools/serve_load.py [--parallel 200] [--rounds 3] [--backlog 5]

Prints how many requests took over a second and how many got no answer
within 10 s. ``--backlog`` overrides the server's listen backlog, to compare
against the old value (5). tests/test_serve_hardening.py runs the same load.
"""

from __future__ import annotations

import argparse
import socket
import sys
import tempfile
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from tools import serve  # noqa: E402

NO_ANSWER = float("inf")


def get(port: int, path: str = "/a.js", timeout: float = 10) -> float:
    """Seconds one GET took on a new connection; ``NO_ANSWER`` if it got none in time."""
    started = time.monotonic()
    try:
        with socket.create_connection(("127.0.0.1", port), timeout=timeout) as s:
            s.sendall(f"GET {path} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n".encode())
            reply = b""
            while chunk := s.recv(65536):
                reply += chunk
    except OSError:
        return NO_ANSWER
    return time.monotonic() - started if reply.startswith(b"HTTP/1.1 200") else NO_ANSWER


def load(port: int, parallel: int, rounds: int, path: str = "/a.js") -> list[float]:
    times = []
    for _ in range(rounds):
        barrier = threading.Barrier(parallel)

        def one(_):
            barrier.wait(timeout=30)  # all connections at once
            return get(port, path)

        with ThreadPoolExecutor(max_workers=parallel) as pool:
            times += pool.map(one, range(parallel))
    return times


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--parallel", type=int, default=200)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--backlog", type=int, default=serve.BACKLOG)
    args = parser.parse_args(argv)
    folder = Path(tempfile.mkdtemp())
    (folder / "a.js").write_text("1")
    serve.Server.request_queue_size = args.backlog
    server, _ = serve.serve_in_thread(folder)
    try:
        times = load(server.server_address[1], args.parallel, args.rounds)
    finally:
        server.shutdown()
        server.server_close()
    slow = sum(t > 1 for t in times)
    lost = sum(t == NO_ANSWER for t in times)
    print(f"backlog {args.backlog}: {len(times)} requests, {args.parallel} at once: "
          f"{slow} took over 1 s, {lost} got no answer within 10 s")


if __name__ == "__main__":
    main()
