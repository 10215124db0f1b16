# MicroPython (type="mpy") checks of what the DOM layer relies on, and of the
# repo's renderer on real models (split/models.json, from gen_models.py).
# Results: window.splitCheck (JSON text), read by check.py's driver (run_check.py).
from pyscript import window, document
import json
import asyncio

results = []


def check(name, fn):
    try:
        results.append([name, "ok", repr(fn())])
    except Exception as e:
        results.append([name, "FAIL", type(e).__name__ + ": " + str(e)])


async def acheck(name, coro):
    try:
        results.append([name, "ok", repr(await coro)])
    except Exception as e:
        results.append([name, "FAIL", type(e).__name__ + ": " + str(e)])


import sys
check("sys.implementation", lambda: (sys.implementation.name, sys.version))
import pyscript
check("pyscript names", lambda: sorted(n for n in dir(pyscript) if not n.startswith("_")))
from pyscript import ffi
check("ffi names", lambda: sorted(n for n in dir(ffi) if not n.startswith("_")))
check("pyscript.RUNNING_IN_WORKER", lambda: pyscript.RUNNING_IN_WORKER)
check("create_named_worker on mpy main", lambda: callable(pyscript.create_named_worker))
check("to_js(dict) is a plain Object", lambda: str(window.Object.prototype.toString.call(ffi.to_js({"a": 1}))))
check("to_js(dict).a", lambda: ffi.to_js({"a": 1}).a)
check("JSON.stringify(to_js(nested))", lambda: str(window.JSON.stringify(ffi.to_js({"a": [1, {"b": None}]}))))

body = document.body
check("proxy == same object (body == body)", lambda: document.body == document.body)
check("proxy is same object", lambda: document.body is document.body)
check("activeElement == body (nothing focused)", lambda: document.activeElement == document.body)
check("querySelector(miss) is None", lambda: document.querySelector("#nope") is None)
check("querySelector(miss) falsy", lambda: not document.querySelector("#nope"))
check("getattr(window, missing, None)", lambda: getattr(window, "sixtysixNothing", None))
check("hasattr(window, missing)", lambda: hasattr(window, "sixtysixNothing"))
check("window.missing (undefined) repr", lambda: window.sixtysixNothing)
check("ffi.is_none(js null)", lambda: ffi.is_none(document.querySelector("#nope")))
check("textContent is str", lambda: type(document.title).__name__)
check("len(NodeList)", lambda: len(document.querySelectorAll("button")))
check("iterate NodeList", lambda: len([b for b in document.querySelectorAll("button")]))
check("iterate HTMLCollection", lambda: len([c for c in document.body.children]))
check("children.length", lambda: document.body.children.length)
check("el.hidden = True -> JS bool", lambda: (setattr(document.getElementById("notice"), "hidden", True), document.getElementById("notice").hidden)[1])
check("dataset write/read", lambda: (setattr(document.documentElement.dataset, "probe", "x"), str(document.documentElement.dataset.probe))[1])
check("classList.toggle(name, bool)", lambda: document.body.classList.toggle("probe", False))
check("rect floats + round", lambda: round(document.body.getBoundingClientRect().width))
check("raise from None", lambda: exec("try:\n    raise KeyError('k')\nexcept KeyError:\n    try:\n        raise AttributeError('a') from None\n    except AttributeError as e:\n        r = str(e)\n"))
check("next(genexpr)", lambda: next(i for i, x in enumerate([3, 4]) if x == 4))
check("str.format f-string nested", lambda: f"img[data-code=\"{'QH'}\"]")
check("performance.now() float", lambda: type(window.performance.now()).__name__)

from pyscript.ffi import create_proxy
p = create_proxy(lambda e: None)
check("create_proxy result type", lambda: type(p).__name__)
check("create_proxy(...).destroy exists", lambda: hasattr(p, "destroy"))


def try_destroy():
    p.destroy()
    return "destroyed"


check("create_proxy(...).destroy()", try_destroy)

from ui.dom import elements
fired = []


def on_click(e):
    fired.append(str(e.type))
    fired.append(str(e.currentTarget.id))
    e.preventDefault()
    fired.append(bool(e.defaultPrevented))


def listen_and_unbind():
    unbind = elements.listen(document.getElementById("btn-hint"), "click", on_click)
    document.getElementById("btn-hint").click()
    unbind()
    document.getElementById("btn-hint").click()
    return fired


check("elements.listen + click + unbind", listen_and_unbind)


def handler_raises(e):
    raise ValueError("raised in a handler (expected by the check)")


check("listener that raises (see console)", lambda: (document.body.addEventListener("probe-event", create_proxy(handler_raises)),
                                                    document.body.dispatchEvent(window.Event.new("probe-event")))[1])
check("show_dialog", lambda: (elements.show_dialog("menu-dialog"), bool(document.getElementById("menu-dialog").open),
                              document.getElementById("menu-dialog").close())[1])

from ui.dom.model_view import read_model
from ui.dom.render import Renderer
from ui.dom.sheet import draw_sheet


async def timed_sleep():
    t = window.performance.now()
    await asyncio.sleep(0.05)
    return round(window.performance.now() - t, 1)


async def sleep0_cost():
    t = window.performance.now()
    for _ in range(20):
        await asyncio.sleep(0)
    return round((window.performance.now() - t) / 20, 2)


async def await_js_promise():
    r = await window.fetch("./split/models.json")
    return len(str(await r.text()))


async def task_raises():
    raise RuntimeError("raised in a task (expected by the check)")


async def main():
    check("asyncio names", lambda: sorted(n for n in dir(asyncio) if not n.startswith("_")))
    await acheck("asyncio.sleep(0.05) ms", timed_sleep())
    await acheck("asyncio.sleep(0) ms each", sleep0_cost())
    await acheck("await a JS Promise (fetch)", await_js_promise())
    ev = asyncio.Event()
    asyncio.create_task(_set_later(ev))
    await acheck("asyncio.Event across tasks", _wait(ev))
    asyncio.create_task(task_raises())
    await asyncio.sleep(0.05)
    results.append(["a task that raised: see the console", "info", ""])
    r = await window.fetch("./split/models.json")
    models = json.loads(str(await r.text()))
    perf = window.performance
    renderer = Renderer("pt")
    times = {}
    for name in ["start", "mid", "mid_focus", "mid_four", "mid", "over", "mid", "start"]:
        m = read_model(models[name])
        t0 = perf.now()
        try:
            renderer.render(m)
            status = "ok"
        except Exception as e:
            status = type(e).__name__ + ": " + str(e)
            import sys
            sys.print_exception(e)
        times.setdefault(name, []).append(round(perf.now() - t0, 2))
        results.append(["render " + name, "ok" if status == "ok" else "FAIL", status])
    results.append(["render times ms", "info", repr(times)])
    # the focused hand then a render that keeps it (had_focus path: b == activeElement)
    renderer.render(read_model(models["mid"]))
    document.querySelectorAll("#hand button.card")[2].focus()
    check("render mid with card 2 focused (had_focus path)", lambda: renderer.render(read_model(models["mid"])))
    check("focus kept on card 2", lambda: str(document.activeElement.dataset.code) == str(document.querySelectorAll("#hand button.card")[2].dataset.code))
    check("render mid_focus (focus=1) returns", lambda: renderer.render(read_model(models["mid_focus"])))
    check("focus on card 1", lambda: str(document.activeElement.dataset.code) == str(document.querySelectorAll("#hand button.card")[1].dataset.code))
    check("NodeList[i] indexing", lambda: str(document.querySelectorAll("#hand button.card")[0].tagName))
    # the same mid-hand model drawn 30 times into a fresh shell each time: cold render cost
    cold = []
    for i in range(30):
        by = document.getElementById
        by("hand").replaceChildren()
        by("trick").replaceChildren()
        by("opp-hand").replaceChildren()
        r2 = Renderer("pt")
        m = read_model(models["mid"])
        t0 = perf.now()
        r2.render(m)
        cold.append(round(perf.now() - t0, 2))
    cold.sort()
    results.append(["cold render mid x30 (median, min, max) ms", "info", repr((cold[15], cold[0], cold[-1]))])
    warm = []
    for i in range(30):
        m = read_model(models["mid" if i % 2 else "mid_focus"])
        t0 = perf.now()
        r2.render(m)
        warm.append(round(perf.now() - t0, 2))
    warm.sort()
    results.append(["alternating render mid/mid_focus x30 (median, min, max) ms", "info", repr((warm[15], warm[0], warm[-1]))])
    parse = []
    for i in range(30):
        t0 = perf.now()
        read_model(models["mid"])
        parse.append(round(perf.now() - t0, 3))
    parse.sort()
    results.append(["read_model(mid) ms median", "info", repr(parse[15])])
    await acheck("Renderer.sweep (asyncio + motion.aim_gather)", renderer.sweep("you", 0.01))
    window.splitCheck = json.dumps(results)
    document.documentElement.classList.add("ready")


async def _set_later(ev):
    await asyncio.sleep(0.01)
    ev.set()


async def _wait(ev):
    await ev.wait()
    return "set"


asyncio.create_task(main())
