"""The host's entry in the Web Worker (static/host-worker.js): the only host
module that touches js/pyodide. The JS side keeps an inbox of intents and a
``wait`` promise; this module runs the Driver on them.

With JSPI (``can_run_sync()``) the pause hook runs ``run_sync`` on a
promise that resolves after the queued tasks (a MessageChannel message), so
messages reach the inbox while a computer thinks;
without it the thinks run unsliced (stale results are still dropped).
"""

import sys

import js
from pyodide.ffi import can_run_sync, run_sync

from .driver import Driver
from .history import History, MemoryBackend
from .history_idb import IdbBackend
from .host import Host
from .wire import encode


def _take(bridge):
    return [str(text) for text in bridge.take()]


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
    sliced = bool(can_run_sync())

    def take_sliced():
        run_sync(bridge.yieldNow())
        return _take(bridge)

    # The games kept on this device (static/history-store.js); without it, in memory only.
    store = getattr(js, "spielstubeHistory", None)
    backend = IdbBackend(store) if store is not None else MemoryBackend()
    host = Host(history=History(backend))
    host.history.failed = getattr(backend, "failed", None)
    driver = Driver(lambda message: _post(bridge, message), host=host,
                    take_intents=take_sliced if sliced else (lambda: _take(bridge)), sliced=sliced,
                    beat=lambda: bridge.post('{"type": "alive"}'))

    async def wait(seconds):
        await bridge.wait(-1 if seconds is None else seconds)
        return _take(bridge)

    _post(bridge, {"type": "ready", "at": js.performance.now(), "origin": js.performance.timeOrigin,
                   "sliced": sliced})
    finder = ImportBeat(driver.alive)
    sys.meta_path.insert(0, finder)
    try:
        await driver.run(wait)
    finally:
        sys.meta_path.remove(finder)
