"""tools/serve.py's server plus cross-origin isolation headers (COOP/COEP).

    from coi_server import serve_coi
    server, base = serve_coi(SPIKE_TREE + "/dist", isolate=True)
"""
import functools
import sys
import threading

from spike_paths import HERE, REPO, SPIKE_TREE  # noqa: E402,F401
from tools import serve  # noqa: E402


class CoiHandler(serve.Handler):
    isolate = True

    def end_headers(self):
        if self.isolate:
            self.send_header("Cross-Origin-Opener-Policy", "same-origin")
            self.send_header("Cross-Origin-Embedder-Policy", "require-corp")
        super().end_headers()


def serve_coi(directory, isolate=True, port=0):
    handler = functools.partial(type("H", (CoiHandler,), {"quiet": True, "isolate": isolate}),
                                directory=str(directory))
    server = serve.Server(("127.0.0.1", port), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, f"http://127.0.0.1:{server.server_address[1]}/"
