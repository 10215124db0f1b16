# The spike's main thread: MicroPython (PyScript type="mpy"). It only draws the
# models the worker sends and forwards taps. Transport from ?via=post|psw.
from pyscript import window, document

perf = window.performance
perf.mark("split:mpy-start")

import json
import asyncio
from pyscript.ffi import create_proxy, to_js

from ui.dom.model_view import read_model
from ui.dom.render import Renderer
from ui.dom.elements import root, by_id

perf.mark("split:mpy-imports")
stats = window.splitStats  # a JS object made by split/link.js: the spike's own numbers
params = window.URLSearchParams.new(window.location.search)
VIA = str(root.dataset.via)
renderer = Renderer("pt")
state = {"first": True, "pending": {}, "n": 0}


def log(*a):
    window.console.log("split:", *a)


def draw(text):
    t0 = perf.now()
    m = read_model(text)
    t1 = perf.now()
    renderer.render(m)
    t2 = perf.now()
    stats.renders.push(to_js([t1 - t0, t2 - t1]))
    if state["first"]:
        state["first"] = False
        perf.mark("split:first-render")
        root.classList.remove("booting")
        root.classList.add("ready")


def on_message(text):
    """One message from the worker: 'kind|id|payload'."""
    kind, rid, payload = text.split("|", 2)
    if kind == "model":
        draw(payload)
    elif kind == "pong":
        stats.rtt.push(perf.now() - float(rid))
        stats.rttBytes = len(payload)
        resolve = state["pending"].pop(rid, None)
        if resolve:
            resolve()
    elif kind == "ready":
        perf.mark("split:worker-ready-seen")
        stats.workerTimes = payload
    elif kind == "error":
        window.console.error("split worker error: " + payload)
    else:
        log("unknown message", kind)


class PostLink:
    """A plain module worker (split/core-worker.mjs); split/link.js made it at
    page start and queued what came before this listener."""

    def __init__(self):
        self.link = window.splitLink
        self.link.listen(create_proxy(self.receive))

    def receive(self, data):
        on_message(str(data))

    def send(self, obj):
        self.link.worker.postMessage(json.dumps(obj))

    async def ping(self, i):
        rid = str(perf.now())
        d = window.splitDeferred()
        state["pending"][rid] = d.resolve
        self.send({"op": "ping", "id": rid})
        await d.promise


class PswLink:
    """A PyScript named worker ('core'): commands are exported functions the
    main awaits; pushes come by long-polling core.outbox()."""

    def __init__(self, core):
        self.core = core

    async def poll(self):
        while True:
            batch = await self.core.outbox()
            for text in json.loads(str(batch)):
                on_message(text)

    def send(self, obj):
        asyncio.create_task(self.call(obj))

    async def call(self, obj):
        answer = await self.core.command(json.dumps(obj))
        if answer:
            on_message(str(answer))

    async def ping(self, i):
        rid = str(perf.now())
        answer = await self.core.command(json.dumps({"op": "ping", "id": rid}))
        on_message(str(answer))

    async def ping_push(self, i):
        rid = str(perf.now())
        d = window.splitDeferred()
        state["pending"][rid] = d.resolve
        await self.core.command(json.dumps({"op": "ping_push", "id": rid}))
        await d.promise


def on_hand_click(event):
    button = event.target.closest("button.card")
    if not button or str(button.getAttribute("aria-disabled")) == "true":
        return
    code = str(button.dataset.code)
    stats.taps.push(to_js([code, perf.now()]))
    renderer.hold()
    link.send({"op": "tap", "code": code})


async def rtt_bench(n):
    """n round trips: a command, answered by one JSON model (see split_core.ping)."""
    window.splitStats.rtt = window.Array.new()
    for i in range(n):
        await link.ping(i)
    if VIA == "psw":
        stats.rttDirect = stats.rtt
        stats.rtt = window.Array.new()
        for i in range(n):
            await link.ping_push(i)
    stats.rttDone = True


link = None


async def main():
    global link
    perf.mark("split:mpy-main")
    by_id("hand").addEventListener("click", create_proxy(on_hand_click))
    if VIA == "psw":
        from pyscript import workers
        core = await workers["core"]
        perf.mark("split:worker-ready-seen")
        link = PswLink(core)
        asyncio.create_task(link.poll())
        await link.call({"op": "start", "seed": int(str(params.get("seed") or "11")), "lang": "pt"})
    else:
        link = PostLink()
        link.send({"op": "start", "seed": int(str(params.get("seed") or "11")), "lang": "pt"})
    window.splitRtt = create_proxy(lambda n: asyncio.create_task(rtt_bench(int(n))))


asyncio.create_task(main())
