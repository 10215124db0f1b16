"""Serve a folder (default dist/) over HTTP on localhost, standard library only.

    python3 tools/serve.py [--port 8000] [--dir dist]      # or: make play

Adds what a static host would be set up to send: the right MIME types for
the runtime, a precompressed ``.br``/``.gz`` sibling (written by the build)
when the browser's ``Accept-Encoding`` allows it, a Content-Security-Policy header on every response, and
``Cache-Control: no-cache`` (revalidate, so a rebuild shows at once while an
unchanged 9.6 MB wasm costs only a 304). It lists no folders, answers 400 to
a malformed path, drops a connection idle for :data:`IDLE_TIMEOUT` seconds,
and queues :data:`BACKLOG` connections waiting to be accepted.

The Content-Security-Policy is defined here and nowhere else:
``tools/build.py`` writes :func:`csp` into each page's ``<meta>`` (for hosts
that send no header), naming the page's inline blocks by their hashes, and
the header a host must send into ``dist/_headers``; this server sends the
header of the folder's ``_headers`` (:func:`header_policy`), and the tests
read the policy from here. Importable for tests::

    from tools.serve import serve_in_thread
    server, url = serve_in_thread("dist")   # port 0: a free port
    ...
    server.shutdown()
"""

from __future__ import annotations

import argparse
import email.utils
import os
import sys
import functools
import threading
from urllib.parse import unquote
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

# The policy, one directive a line, each exception with its reason. Checked
# in Chromium with PyScript 0.7.31 + Pyodide 314 by taking sources away one
# at a time (a main-thread script, a worker script and app.zip); e2e tests
# fail on any violation. Static hosts may send no header, so the build writes
# csp(meta=True) into each page's <meta http-equiv> too.
CSP_DIRECTIVES = [
    "default-src 'self'",
    # 'unsafe-eval': Pyodide and PyScript evaluate strings as JavaScript; the
    #   runtime does not start without it (it also allows compiling wasm).
    # 'wasm-unsafe-eval': compiling pyodide.asm.wasm; stated on its own so the
    #   need stays visible should 'unsafe-eval' ever go.
    "script-src 'self' 'unsafe-eval' 'wasm-unsafe-eval'",
    # blob:: PyScript starts each worker script (the bot) from a blob: URL.
    "worker-src 'self' blob:",
    # No 'unsafe-inline': PyScript styles through CSSOM (el.style.x = ...),
    # which CSP allows; style="" attributes are refused, and so is any
    # <style> or <script> block but the page's own, each named by its hash
    # (csp's inline: what index.html needs before its first paint, put in it
    # by tools/build.py).
    "style-src 'self'",
    # data:: small inline images (e.g. <link rel="icon" href="data:,">).
    "img-src 'self' data:",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    # Only as a header: a <meta> policy cannot say who may frame the page
    # (js/guard.js covers hosts that send no header).
    "frame-ancestors 'self'",
]
# Pages that run no Python (the rules pages) evaluate no strings and start no workers.
WITHOUT_PYTHON = {
    "script-src": "script-src 'self'",
    "worker-src": "worker-src 'self'",
}
META_IGNORES = ("frame-ancestors",)


def csp(python: bool = True, meta: bool = False, inline: dict[str, list[str]] | None = None) -> str:
    """The policy for a page (``python``: it runs PyScript), as a header or,
    with ``meta``, for a ``<meta http-equiv>`` (without what a meta ignores).
    ``inline``: sources added to a directive, ``{"script-src": ["'sha256-...'"]}``
    for the page's inline blocks (tools/build.py's ``inline_hashes``)."""
    out = []
    for directive in CSP_DIRECTIVES:
        name = directive.split()[0]
        if meta and name in META_IGNORES:
            continue
        directive = directive if python else WITHOUT_PYTHON.get(name, directive)
        out.append(" ".join([directive, *(inline or {}).get(name, [])]))
    return "; ".join(out)


CSP = csp()  # the header for a folder without a _headers file

#: What a static host is told to send (Netlify's and Cloudflare Pages' format),
#: written by tools/build.py: the policy there names this build's inline blocks.
HEADERS_FILE = "_headers"
HEADER_LINE = "  Content-Security-Policy: "


def header_policy(directory: str | Path) -> str:
    """The Content-Security-Policy header for the site in directory: its
    ``_headers`` file's, else :data:`CSP`."""
    headers = Path(directory) / HEADERS_FILE
    try:
        stamp = headers.stat().st_mtime_ns
    except OSError:
        return CSP
    return _policy_in(str(headers), stamp)


@functools.lru_cache(maxsize=16)
def _policy_in(headers: str, stamp: int) -> str:
    """The policy line of the _headers file at path headers (as of its mtime stamp: a rebuild reads anew)."""
    for line in Path(headers).read_text(encoding="utf-8").splitlines():
        if line.startswith(HEADER_LINE):
            return line[len(HEADER_LINE):].strip()
    return CSP


IDLE_TIMEOUT = 15  # seconds a connection may sit without finishing a request
BACKLOG = 512  # connections the kernel holds until accepted (200 at once must not stall)

MIME_TYPES = {
    ".wasm": "application/wasm",  # lets Chromium compile while streaming
    ".mjs": "text/javascript",
    ".js": "text/javascript",
    ".json": "application/json",
    ".webmanifest": "application/manifest+json",
    ".zip": "application/zip",
    ".toml": "text/plain; charset=utf-8",
    ".py": "text/plain; charset=utf-8",
    ".mpy": "application/octet-stream",  # MicroPython bytecode (Python's table says "MiniPay")
    ".pack": "application/octet-stream",  # the DOM layer's modules in one file (tools/dom_layer.py)
    ".svg": "image/svg+xml",
    ".css": "text/css",
    ".html": "text/html; charset=utf-8",
}


#: Precompressed siblings that tools/precompress.py writes, in the order we prefer them.
SIBLINGS = {"br": ".br", "gzip": ".gz"}


def pick_encoding(accept_encoding: str, available: list[str]) -> str | None:
    """The first of available (in SIBLINGS order) that an Accept-Encoding header allows; None: identity."""
    allowed = {}
    for part in accept_encoding.split(","):
        token, _, params = part.strip().partition(";")
        q = 1.0
        for param in params.split(";"):
            name, _, value = param.strip().partition("=")
            if name.strip().lower() == "q":
                try:
                    q = float(value)
                except ValueError:
                    q = 0.0
        if token:
            allowed[token.strip().lower()] = q
    for encoding in SIBLINGS:
        if encoding in available and allowed.get(encoding, allowed.get("*", 0.0)) > 0:
            return encoding
    return None


class Handler(SimpleHTTPRequestHandler):
    extensions_map = {**SimpleHTTPRequestHandler.extensions_map, **MIME_TYPES}
    protocol_version = "HTTP/1.1"  # keep-alive, as real static hosts do
    quiet = False

    def send_header(self, keyword: str, value: str) -> None:
        if keyword.lower() == "content-type":
            self.html = value.startswith("text/html")
        super().send_header(keyword, value)

    def end_headers(self) -> None:
        # A page gets the folder's own policy (its _headers, which names the
        # page's inline blocks; read anew after a rebuild), any other file the
        # same without those hashes: they allow nothing there, and over
        # HTTP/1.1 a header's bytes go again with every response (about 15 kB
        # of a first visit's 60).
        page = getattr(self, "html", True)
        self.send_header("Content-Security-Policy", header_policy(self.directory) if page else CSP)
        self.html = True
        self.send_header("X-Content-Type-Options", "nosniff")
        self.send_header("Cache-Control", "no-cache")
        super().end_headers()

    timeout = IDLE_TIMEOUT  # socket timeout: a half-open request cannot hold a thread for ever

    def parse_request(self) -> bool:
        if not super().parse_request():
            return False
        try:
            path = unquote(self.path.split("?", 1)[0].split("#", 1)[0], errors="strict")
        except UnicodeDecodeError:
            path = "\0"
        if not path.startswith("/") or any(ord(c) < 32 or c == "\x7f" for c in path):
            self.send_error(400, "Malformed path")
            return False
        return True

    def list_directory(self, path):
        # A folder without index.html is not a page: never list what is in it.
        self.send_error(404, "Not found")
        return None
    def send_head(self):
        negotiated = self.negotiated_file()
        if negotiated is None:
            return super().send_head()
        return self.send_negotiated_head(*negotiated)

    def negotiated_file(self) -> tuple[Path, str | None] | None:
        """(the file, the encoding to send it in, None for identity) for a file
        with precompressed siblings; None for anything else (the base class serves it)."""
        path = Path(self.translate_path(self.path))
        if path.is_dir():
            if not self.path.partition("?")[0].partition("#")[0].endswith("/"):
                return None  # the base class redirects to the slash
            path = path / "index.html"
        if not path.is_file():
            return None
        available = [enc for enc, suffix in SIBLINGS.items() if self.fresh_sibling(path, suffix)]
        if not available:
            return None
        return path, pick_encoding(self.headers.get("Accept-Encoding", ""), available)

    @staticmethod
    def fresh_sibling(path: Path, suffix: str) -> bool:
        """A sibling older than its file is stale (the file was edited after the
        build): the file itself is sent, never old bytes."""
        sibling = path.with_name(path.name + suffix)
        try:
            return sibling.stat().st_mtime >= path.stat().st_mtime
        except OSError:
            return False

    def send_negotiated_head(self, path: Path, encoding: str | None):
        """Headers for path sent as encoding: the original's type (application/wasm
        stays, so streaming compilation works), the encoded length, Vary."""
        served = path if encoding is None else path.with_name(path.name + SIBLINGS[encoding])
        mtime = int(path.stat().st_mtime)
        since = self.headers.get("If-Modified-Since")
        if since and not self.headers.get("If-None-Match"):
            try:
                unchanged = email.utils.parsedate_to_datetime(since).timestamp() >= mtime
            except (TypeError, ValueError, IndexError, OverflowError):
                unchanged = False
            if unchanged:
                self.send_response(304)
                self.send_header("Vary", "Accept-Encoding")
                self.end_headers()
                return None
        f = open(served, "rb")
        try:
            self.send_response(200)
            self.send_header("Content-type", self.guess_type(str(path)))
            if encoding:
                self.send_header("Content-Encoding", encoding)
            self.send_header("Vary", "Accept-Encoding")
            self.send_header("Content-Length", str(os.fstat(f.fileno()).st_size))
            self.send_header("Last-Modified", self.date_time_string(mtime))
            self.end_headers()
        except BaseException:
            f.close()
            raise
        return f

    def log_message(self, format: str, *args) -> None:
        if not self.quiet:
            super().log_message(format, *args)


class Server(ThreadingHTTPServer):
    daemon_threads = True
    request_queue_size = BACKLOG

    def handle_error(self, request, client_address) -> None:
        # A browser that drops a connection mid-file is normal, not an error.
        if not isinstance(sys.exc_info()[1], (ConnectionError, TimeoutError)):
            super().handle_error(request, client_address)


def make_server(directory: str | Path = ROOT / "dist", port: int = 8000, host: str = "127.0.0.1", quiet: bool = False) -> Server:
    """A server for directory on host:port (port 0 picks a free one)."""
    handler = functools.partial(type("H", (Handler,), {"quiet": quiet}), directory=str(directory))
    return Server((host, port), handler)


def serve_in_thread(directory: str | Path = ROOT / "dist", port: int = 0, quiet: bool = True) -> tuple[Server, str]:
    """Start a server in a daemon thread; return it and its base URL (with a trailing /)."""
    server = make_server(directory, port, quiet=quiet)
    # shutdown() waits for the loop's next look at its flag: half a second by
    # default, which tests starting a server each paid every time.
    threading.Thread(target=server.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True, name="serve").start()
    return server, f"http://127.0.0.1:{server.server_address[1]}/"


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--port", type=int, default=8000)
    parser.add_argument("--dir", default=str(ROOT / "dist"))
    parser.add_argument("--host", default="127.0.0.1", help="address to bind (default: loopback only)")
    args = parser.parse_args(argv)
    if not Path(args.dir).is_dir():
        raise SystemExit(f"serve: {args.dir} does not exist (run `make dist`)")
    server = make_server(args.dir, args.port, args.host)
    print(f"Serving {args.dir} at http://localhost:{server.server_address[1]}/  (Ctrl-C to stop)", flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()


if __name__ == "__main__":
    main()
