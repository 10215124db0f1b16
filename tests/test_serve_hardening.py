"""tools/serve.py hardening (issue 12): no folder listings, 400 for malformed
paths, an idle timeout, and a backlog that holds 200 connections at once.
Loopback only: the server binds 127.0.0.1 on a free port."""

from __future__ import annotations

import socket
import time

import pytest

from tools import serve, serve_load


@pytest.fixture
def site(tmp_path):
    (tmp_path / "index.html").write_text("<!doctype html><p>hi</p>")
    (tmp_path / "vendor").mkdir()
    (tmp_path / "vendor" / "a.js").write_text("1")
    server, url = serve.serve_in_thread(tmp_path)
    yield server, server.server_address[1]
    server.shutdown()
    server.server_close()


def request(port: int, raw: bytes, timeout: float = 10) -> bytes:
    with socket.create_connection(("127.0.0.1", port), timeout=timeout) as s:
        s.sendall(raw)
        chunks = []
        while True:
            data = s.recv(65536)
            if not data:
                break
            chunks.append(data)
            if b"\r\n\r\n" in b"".join(chunks) and raw.startswith(b"HEAD"):
                break
    return b"".join(chunks)


def status(port: int, path: str) -> int:
    reply = request(port, f"GET {path} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n".encode("latin-1"))
    return int(reply.split(b" ", 2)[1])


def test_folders_are_never_listed(site):
    _, port = site
    assert status(port, "/vendor/") == 404
    assert status(port, "/vendor/a.js") == 200
    assert status(port, "/") == 200  # a folder with an index.html is its page


@pytest.mark.parametrize("path", ["/%00", "/index.html%00.js", "/a\x01b", "/%ff%fe", "index.html", "*"])
def test_a_malformed_path_gets_400_and_no_traceback(site, path, capsys):
    _, port = site
    assert status(port, path) == 400
    assert "Traceback" not in capsys.readouterr().err


def test_an_idle_connection_is_dropped(tmp_path, monkeypatch):
    monkeypatch.setattr(serve.Handler, "timeout", 0.5)
    server, _ = serve.serve_in_thread(tmp_path)
    try:
        with socket.create_connection(("127.0.0.1", server.server_address[1]), timeout=10) as s:
            s.sendall(b"GET / HTTP/1.1\r\n")  # and never the rest
            started = time.monotonic()
            assert s.recv(100) == b""  # the server closed it
            assert time.monotonic() - started < 5
    finally:
        server.shutdown()
        server.server_close()


def test_the_backlog_holds_200_parallel_connections():
    assert serve.Server.request_queue_size >= 200


def test_a_bounded_loopback_load_test(site):
    """600 requests, 200 at a time, every one answered 200 within 10 s
    (tools/serve_load.py; with the old backlog of 5, many got no answer)."""
    _, port = site
    times = serve_load.load(port, parallel=200, rounds=3, path="/vendor/a.js")
    assert len(times) == 600 and serve_load.NO_ANSWER not in times


def test_the_policy_header_is_the_folder_s_own_and_follows_a_rebuild(tmp_path):
    """A folder without _headers gets the base policy; one with it (what
    tools/build.py writes) gets its line, read anew once the file changes."""
    import os
    from urllib.request import urlopen

    (tmp_path / "index.html").write_text("<!doctype html><p>hi</p>")
    server, url = serve.serve_in_thread(tmp_path)
    try:
        def policy() -> str:
            with urlopen(url) as response:
                return response.headers["Content-Security-Policy"]

        assert policy() == serve.CSP
        headers = tmp_path / serve.HEADERS_FILE
        first = serve.csp(inline={"script-src": ["'sha256-AAAA'"]})
        headers.write_text(f"/*\n{serve.HEADER_LINE}{first}\n  X-Content-Type-Options: nosniff\n")
        assert policy() == first and "'sha256-AAAA'" in first
        second = serve.csp(inline={"script-src": ["'sha256-BBBB'"]})
        headers.write_text(f"/*\n{serve.HEADER_LINE}{second}\n")
        os.utime(headers, ns=(headers.stat().st_atime_ns, headers.stat().st_mtime_ns + 10**9))  # a later build
        assert policy() == second
    finally:
        server.shutdown()
        server.server_close()
