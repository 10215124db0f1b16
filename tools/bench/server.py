"""tools/serve.py's handler in a server that counts every byte it writes (one per browser context)."""

from __future__ import annotations

import functools
import math
import threading
import time
from pathlib import Path


class ByteLog:
    """Every response a server wrote: (end time, path, bytes, status, Sec-Fetch-Dest)."""

    def __init__(self):
        self.lock = threading.Lock()
        self.entries: list[tuple[float, str, int, str, str]] = []

    def add(self, entry) -> None:
        with self.lock:
            self.entries.append(entry)

    def between(self, start: float, end: float = math.inf) -> list[tuple]:
        with self.lock:
            return [e for e in self.entries if start <= e[0] <= end]


class _CountingWriter:
    def __init__(self, raw, handler):
        self.raw, self.handler = raw, handler

    def write(self, data) -> int:
        self.handler.bytes_out += len(data)
        return self.raw.write(data)

    def __getattr__(self, name):
        return getattr(self.raw, name)


def counting_server(directory: Path):
    """tools/serve.py's server and handler, counting each response's bytes."""
    from tools.serve import Handler, Server

    log = ByteLog()

    class CountingHandler(Handler):
        quiet = True

        def setup(self) -> None:
            super().setup()
            self.bytes_out = 0
            self.wfile = _CountingWriter(self.wfile, self)

        def send_response(self, code, message=None) -> None:
            self.status = code
            super().send_response(code, message)

        def handle_one_request(self) -> None:
            self.bytes_out, self.status = 0, 0
            super().handle_one_request()
            if self.bytes_out:
                headers = getattr(self, "headers", None)
                dest = headers.get("Sec-Fetch-Dest", "") if headers else ""
                log.add((time.time(), getattr(self, "path", "?"), self.bytes_out, self.status, dest))

    server = Server(("127.0.0.1", 0), functools.partial(CountingHandler, directory=str(directory)))
    threading.Thread(target=server.serve_forever, daemon=True, name="bench-serve").start()
    return server, f"http://127.0.0.1:{server.server_address[1]}/", log
