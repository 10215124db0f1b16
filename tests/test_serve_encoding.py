"""tools/serve.py's Accept-Encoding negotiation over the build's precompressed siblings.

A small site is built in a temporary folder (a wasm, a page, a file too small
to compress) with tools/precompress.py, served on a free port, and asked for
with raw http.client requests so the bytes on the wire are what is checked.
"""

from __future__ import annotations

import gzip
import http.client
import os

import pytest

from tools import precompress
from tools.serve import pick_encoding, serve_in_thread

brotli = pytest.importorskip("brotli")

WASM = bytes(range(256)) * 400 + b"\0" * 50_000  # compressible, not text
PAGE = ("<!doctype html><title>t</title>" + "<p>Sessenta e Seis</p>" * 200).encode()


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    root = tmp_path_factory.mktemp("site")
    (root / "vendor").mkdir()
    (root / "vendor" / "rt.wasm").write_bytes(WASM)
    (root / "index.html").write_bytes(PAGE)
    (root / "tiny.js").write_bytes(b"1;")
    (root / "mod.mpy").write_bytes(b"M\x06\x00\x1f")
    (root / "data.png").write_bytes(b"PNG" + os.urandom(4000))
    precompress.write_siblings(root, cache=tmp_path_factory.mktemp("cache"))
    server, url = serve_in_thread(root)
    yield root, server.server_address[1]
    server.shutdown()
    server.server_close()


def get(port, path, method="GET", **headers):
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    try:
        conn.request(method, path, headers=headers)
        response = conn.getresponse()
        return response, response.read()
    finally:
        conn.close()


def test_siblings_written_only_where_they_help(site):
    root, _ = site
    assert (root / "vendor" / "rt.wasm.br").is_file() and (root / "vendor" / "rt.wasm.gz").is_file()
    assert (root / "index.html.br").is_file()
    assert not (root / "tiny.js.br").exists(), "a 2-byte file gains nothing"
    assert not (root / "data.png.gz").exists(), "png is not in the compressible list"
    assert gzip.decompress((root / "vendor" / "rt.wasm.gz").read_bytes()) == WASM
    assert brotli.decompress((root / "vendor" / "rt.wasm.br").read_bytes()) == WASM


@pytest.mark.parametrize(
    ("accept", "encoding"),
    [("gzip, deflate, br, zstd", "br"), ("gzip", "gzip"), ("br;q=0, gzip;q=0.8", "gzip"), ("", None), ("identity", None)],
)
def test_wasm_negotiated(site, accept, encoding):
    _, port = site
    response, body = get(port, "/vendor/rt.wasm", **({"Accept-Encoding": accept} if accept else {}))
    assert response.status == 200
    assert response.headers["Content-Type"] == "application/wasm"
    assert response.headers["Vary"] == "Accept-Encoding"
    assert response.headers["Content-Encoding"] == encoding
    assert int(response.headers["Content-Length"]) == len(body)
    decode = {"br": brotli.decompress, "gzip": gzip.decompress, None: bytes}[encoding]
    assert decode(body) == WASM
    if encoding:
        assert len(body) < len(WASM) / 2


def test_folder_url_negotiates_its_index(site):
    _, port = site
    response, body = get(port, "/", **{"Accept-Encoding": "br"})
    assert response.headers["Content-Encoding"] == "br"
    assert response.headers["Content-Type"].startswith("text/html")
    assert brotli.decompress(body) == PAGE


def test_file_without_siblings_is_plain(site):
    _, port = site
    response, body = get(port, "/tiny.js", **{"Accept-Encoding": "br, gzip"})
    assert response.headers["Content-Encoding"] is None
    assert body == b"1;"


def test_micropython_bytecode_is_served_as_bytes(site):
    _, port = site
    response, body = get(port, "/mod.mpy")
    assert response.headers["Content-Type"] == "application/octet-stream"
    assert body == b"M\x06\x00\x1f"


def test_head_sends_the_encoded_length_and_no_body(site):
    root, port = site
    response, body = get(port, "/vendor/rt.wasm", "HEAD", **{"Accept-Encoding": "gzip"})
    assert body == b""
    assert response.headers["Content-Encoding"] == "gzip"
    assert int(response.headers["Content-Length"]) == (root / "vendor" / "rt.wasm.gz").stat().st_size


def test_revalidation_answers_304_with_vary(site):
    _, port = site
    first, _ = get(port, "/vendor/rt.wasm", **{"Accept-Encoding": "br"})
    again, body = get(port, "/vendor/rt.wasm", **{"Accept-Encoding": "br", "If-Modified-Since": first.headers["Last-Modified"]})
    assert again.status == 304 and body == b""
    assert again.headers["Vary"] == "Accept-Encoding"
    stale, _ = get(port, "/vendor/rt.wasm", **{"Accept-Encoding": "br", "If-Modified-Since": "Thu, 01 Jan 1970 00:00:00 GMT"})
    assert stale.status == 200


def test_a_file_edited_after_the_build_is_not_served_from_its_stale_sibling(site):
    root, port = site
    page = root / "stale.html"
    page.write_bytes(PAGE)
    precompress.write_siblings(root, cache=root / ".cache")
    edited = PAGE.replace(b"Sessenta", b"Sessanta")
    page.write_bytes(edited)
    later = (root / "stale.html.br").stat().st_mtime + 5
    os.utime(page, (later, later))
    response, body = get(port, "/stale.html", **{"Accept-Encoding": "br, gzip"})
    assert response.headers["Content-Encoding"] is None
    assert body == edited


def test_missing_file_is_still_a_404(site):
    _, port = site
    response, _ = get(port, "/nope.wasm", **{"Accept-Encoding": "br"})
    assert response.status == 404


@pytest.mark.parametrize(
    ("header", "expected"),
    [("BR", "br"), ("gzip;q=1, br;q=0", "gzip"), ("*", "br"), ("*;q=0", None), ("br;q=oops, gzip", "gzip"), ("deflate", None)],
)
def test_pick_encoding(header, expected):
    assert pick_encoding(header, ["br", "gzip"]) == expected
