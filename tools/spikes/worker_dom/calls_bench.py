# Worker-side micro-benchmark (calls.html): how many synchronous worker->page
# round trips one Python-level DOM operation costs, and how long each takes.
import time
from pyscript import document, window

spike = window.__spike
root = document.documentElement
hand = document.getElementById("hand")


def count():
    return int(spike.calls)


base0 = count(); base1 = count(); overhead = base1 - base0  # calls that reading the counter itself costs
ops = {
    "document.getElementById('hand')": lambda: document.getElementById("hand"),
    "el.textContent (read)": lambda: hand.textContent,
    "root.dataset.toMove = 'x' (write)": lambda: setattr(root.dataset, "toMove", "x"),
    "str(el.getAttribute('id'))": lambda: str(hand.getAttribute("id")),
    "el.classList.add('spike')": lambda: hand.classList.add("spike"),
    "list(document.querySelectorAll('button')) (~60 nodes)": lambda: list(document.querySelectorAll("button")),
    "document.createElement('img')": lambda: document.createElement("img"),
}
results = {}
N = 200
for name, op in ops.items():
    op()
    c0 = count()
    t0 = time.perf_counter()
    for _ in range(N):
        op()
    dt = time.perf_counter() - t0
    calls = count() - c0 - overhead
    results[name] = {"us_per_op": round(dt / N * 1e6, 1), "calls_per_op": round(calls / N, 2),
                     "us_per_call": round(dt / max(calls, 1) * 1e6, 1)}
window.__spikeCalls = window.JSON.parse(__import__("json").dumps(results))
root.classList.add("calls-done")
