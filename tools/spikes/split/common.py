"""Shared by the spike's scripts: the server (tools/serve.py, no isolation
headers), Chromium's launch and the memory reading (as in ../worker_dom)."""
import functools
import os
import sys
import threading
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
REPO = HERE.parents[2]
sys.path.insert(0, str(REPO))
from tools import serve  # noqa: E402

ARGS = ["--no-sandbox", "--disable-background-networking", "--disable-component-update", "--disable-sync"]


def start_server(directory=None):
    handler = functools.partial(type("H", (serve.Handler,), {"quiet": True}), directory=str(directory or REPO / "dist"))
    server = serve.Server(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, f"http://127.0.0.1:{server.server_address[1]}/"


def chromium_pids():
    pids = []
    for pid in os.listdir("/proc"):
        if not pid.isdigit():
            continue
        try:
            exe = os.readlink(f"/proc/{pid}/exe")
        except OSError:
            continue
        if "chromium" in exe or exe.endswith("/chrome"):
            pids.append(int(pid))
    return pids


def descendants(root):
    """Every process under ``root`` (our Playwright driver's Chromium and its children)."""
    children = {}
    for pid in os.listdir("/proc"):
        if pid.isdigit():
            try:
                ppid = int(open(f"/proc/{pid}/stat").read().rsplit(")", 1)[1].split()[1])
            except (OSError, IndexError, ValueError):
                continue
            children.setdefault(ppid, []).append(int(pid))
    out, todo = set(), [root]
    while todo:
        for c in children.get(todo.pop(), []):
            if c not in out:
                out.add(c)
                todo.append(c)
    return out


#: Chromium processes that were there before our launch (another user's browser):
#: never counted.
OTHERS = set()


def memory():
    """Summed USS (Private_Clean + Private_Dirty) and PSS of the Chromium processes
    started since our launch (see OTHERS), MB."""
    uss = pss = 0
    by_type = {}
    mine = descendants(os.getpid())
    for pid in chromium_pids():
        if pid in OTHERS or pid not in mine:
            continue
        try:
            fields = {}
            for line in open(f"/proc/{pid}/smaps_rollup"):
                parts = line.split()
                if len(parts) >= 2 and parts[0].endswith(":") and parts[1].isdigit():
                    fields[parts[0][:-1]] = int(parts[1])
        except OSError:
            continue
        own = fields.get("Private_Clean", 0) + fields.get("Private_Dirty", 0)
        try:
            cmd = open(f"/proc/{pid}/cmdline").read().split("\0")
        except OSError:
            cmd = []
        kind = next((c.split("=", 1)[1] for c in cmd if c.startswith("--type=")), "browser")
        by_type[kind] = round(by_type.get(kind, 0) + own / 1024, 1)
        uss += own
        pss += fields.get("Pss", 0)
    return {"uss_mb": round(uss / 1024, 1), "pss_mb": round(pss / 1024, 1), "by_type": by_type}


def launch(p):
    OTHERS.clear()
    OTHERS.update(chromium_pids())
    return p.chromium.launch(executable_path="/usr/bin/chromium", args=ARGS)


def close(browser):
    browser.close()
    for _ in range(50):
        if not set(chromium_pids()) - OTHERS:
            break
        time.sleep(0.1)
