"""The host's entry in the Web Worker (static/host-worker.js): the only host
module that touches js/pyodide. The JS side keeps an inbox of intents and a
``wait`` promise; this module runs the Driver on them.

The pause hook reads the intents that arrived while a computer thinks, one of
two ways (``slicing`` in the ready message):
- "jspi" (``can_run_sync()``): ``run_sync`` on a promise that resolves after the
  queued tasks (a MessageChannel message), so messages reach the inbox;
- "channel" (no JSPI, a service worker controls the worker): a synchronous
  request to the service worker (``bridge.poll()``, sw.js), which holds the
  intents the page also gave it; a poll costs a few milliseconds (more on a
  loaded machine), which ai.clock keeps out of the search's budget;
- "none": the thinks run unsliced (stale results are still dropped, a late
  undo still applies).
Either way every intent goes through the same Driver.deliver; host/inbox.py
hands each on once and in order.
"""

import sys

import js
from pyodide.ffi import can_run_sync, run_sync

from .driver import Driver
from .history import History, MemoryBackend
from .history_idb import IdbBackend
from .host import Host
from .inbox import Inbox
from .wire import encode


def _post(bridge, message):
    bridge.post(encode(message))


class ImportBeat:
    """A finder that finds nothing: each import says the host is alive, since the first open
    of a game imports its rules and computer players with the event loop blocked."""

    def __init__(self, alive):
        self.alive = alive

    def find_spec(self, name, path=None, target=None):
        self.alive()
        return None


async def main():
    """Entered as an async function from JS, so run_sync may suspend the stack."""
    bridge = js.spielstubeHost
    inbox = Inbox()
    channel = None if can_run_sync() else bridge.openChannel()
    channel = channel if isinstance(channel, str) else None  # JS null is jsnull, not None
    slicing = "jspi" if can_run_sync() else "none" if channel is None else "channel"

    def take_waiting():
        return inbox.arrive(bridge.take())

    def take_jspi():
        run_sync(bridge.yieldNow())
        return take_waiting()

    def take_channel():
        return inbox.arrive(list(bridge.poll()) + list(bridge.take()))

    take = {"jspi": take_jspi, "channel": take_channel}.get(slicing, take_waiting)
    # The games kept on this device (static/history-store.js); without it, in memory only.
    store = getattr(js, "spielstubeHistory", None)
    backend = IdbBackend(store) if store is not None else MemoryBackend()
    host = Host(history=History(backend))
    host.history.failed = getattr(backend, "failed", None)
    driver = Driver(lambda message: _post(bridge, message), host=host, take_intents=take, sliced=slicing != "none",
                    beat=lambda: bridge.post('{"type": "alive"}'))

    async def wait(seconds):
        await bridge.wait(-1 if seconds is None else seconds)
        return take_waiting()

    ready = {"type": "ready", "at": js.performance.now(), "origin": js.performance.timeOrigin,
             "sliced": slicing != "none", "slicing": slicing}
    if channel is not None:
        ready["channel"] = channel
    _post(bridge, ready)
    finder = ImportBeat(driver.alive)
    sys.meta_path.insert(0, finder)
    try:
        await driver.run(wait)
    finally:
        sys.meta_path.remove(finder)
