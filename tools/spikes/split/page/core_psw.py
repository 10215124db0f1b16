# The PyScript named worker 'core' (Pyodide): the split_core.Core behind two
# exported functions; pushes wait in a queue the main long-polls (outbox()).
import asyncio
import json

from split_core import Core

queue = []
wake = asyncio.Event()


def push(text):
    queue.append(text)
    wake.set()


core = Core(push)


async def command(text):
    text = str(text)
    answer = core.handle(text)
    if json.loads(text)["op"] == "tap":
        asyncio.get_event_loop().call_soon(core.after, text)
    return answer


async def outbox():
    """Resolves once the worker has something to push: a JSON list of messages."""
    while not queue:
        wake.clear()
        await wake.wait()
    batch = json.dumps(queue)
    queue.clear()
    return batch


__export__ = ["command", "outbox"]
