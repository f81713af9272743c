"""The worker glue (host/worker_entry.py) under CPython, with stand-ins for
the js bridge of static/host-worker.js and pyodide.ffi: it says ready, then
answers the inbox and pushes computer moves; with JSPI missing it still plays."""

import asyncio
import importlib
import json
import sys
import types


class StopWorker(Exception):
    pass


class FakeBridge:
    """static/host-worker.js's spielstubeHost: an inbox, wait, yieldNow, post."""

    def __init__(self, script, channel=None, polled=()):
        self.script = list(script)  # intents arriving one per wait
        self.inbox = []
        self.posted = []
        self.yields = 0
        self.channel = channel  # the key openChannel gives, or None (no service worker)
        self.polled = list(polled)  # what the channel holds: [seq, text] pairs, given at the first poll
        self.polls = 0

    def openChannel(self):  # noqa: N802 (the JS name)
        return self.channel

    def poll(self):
        self.polls += 1
        items, self.polled = self.polled, []
        return items

    def take(self):
        items, self.inbox[:] = list(self.inbox), []
        return items

    async def _wait(self, seconds):
        if self.script:
            self.inbox.append(self.script.pop(0))
        elif seconds < 0:
            raise StopWorker()  # nothing more will come: the test is over
        else:
            await asyncio.sleep(seconds)

    def wait(self, seconds):
        return self._wait(seconds)

    def yieldNow(self):  # noqa: N802 (the JS name)
        self.yields += 1
        return None

    def post(self, text):
        self.posted.append(json.loads(text))


def _run(monkeypatch, script, jspi=True, bridge=None):
    bridge = bridge or FakeBridge(script)
    js = types.ModuleType("js")
    js.spielstubeHost = bridge
    js.performance = types.SimpleNamespace(now=lambda: 12.5, timeOrigin=1000.0)
    ffi = types.ModuleType("pyodide.ffi")
    ffi.can_run_sync = lambda: jspi
    ffi.run_sync = lambda awaitable: awaitable
    pyodide = types.ModuleType("pyodide")
    pyodide.ffi = ffi
    monkeypatch.setitem(sys.modules, "js", js)
    monkeypatch.setitem(sys.modules, "pyodide", pyodide)
    monkeypatch.setitem(sys.modules, "pyodide.ffi", ffi)
    monkeypatch.delitem(sys.modules, "spielstube.host.worker_entry", raising=False)
    entry = importlib.import_module("spielstube.host.worker_entry")
    try:
        asyncio.run(entry.main())
    except StopWorker:
        pass
    return bridge


SCRIPT = [
    json.dumps({"id": 1, "intent": "open", "game": "heptalion", "save": None,
                "settings": {"seats": ["human", "ai:normal"], "first": 1}}),
]


def test_the_worker_says_ready_then_answers_and_pushes_the_computers_move(monkeypatch):
    bridge = _run(monkeypatch, SCRIPT)
    alive = [m for m in bridge.posted if m == {"type": "alive"}]
    ready, opened, pushed = [m for m in bridge.posted if m != {"type": "alive"}]
    assert alive  # the host said so itself while Python worked (imports, the think)
    assert ready == {"type": "ready", "at": 12.5, "origin": 1000.0, "sliced": True, "slicing": "jspi"}
    assert opened["reply_to"] == 1 and opened["view"]["thinking"] == 1
    assert pushed["reply_to"] is None and pushed["view"]["seat"] == 0 and pushed["view"]["legal"]
    assert bridge.yields > 0  # the search let the event loop run


def test_without_jspi_the_worker_plays_unsliced(monkeypatch):
    bridge = _run(monkeypatch, SCRIPT, jspi=False)
    assert bridge.posted[0]["sliced"] is False and bridge.posted[0]["slicing"] == "none"
    assert bridge.posted[-1]["view"]["seat"] == 0 and bridge.yields == 0
    assert {"type": "alive"} in bridge.posted  # said by Python: the event loop never ran


def test_without_jspi_a_service_workers_channel_slices_the_think_and_its_intents_are_answered_in_it(monkeypatch):
    """The person moves (message 1 opens, message 2 moves); while the computer thinks the
    channel gives the undo (3) and again the move (2, a copy already delivered): the undo is
    answered from inside the think, the copy is dropped, and the think's move never shows."""
    opened = json.dumps({"id": 1, "intent": "open", "game": "heptalion", "save": None,
                         "settings": {"seats": ["human", "ai:strong"], "first": 0}})
    bridge = FakeBridge([[1, opened]], channel="k1")
    version = {}

    def move_then_undo():
        view = [m for m in bridge.posted if m.get("reply_to") == 1][0]["view"]
        move = json.dumps({"id": 2, "intent": "move", "game": "heptalion", "version": view["version"],
                           "move": view["legal"][0]})
        version["moved"] = view["version"] + 1
        bridge.inbox.append([2, move])
        bridge.polled = [[2, move], [3, json.dumps({"id": 3, "intent": "undo", "game": "heptalion",
                                                    "version": version["moved"]})]]
    bridge.script.append(move_then_undo)
    wait = bridge._wait

    async def scripted_wait(seconds):
        if bridge.script and callable(bridge.script[0]):
            bridge.script.pop(0)()
            return None
        return await wait(seconds)
    bridge.wait = scripted_wait
    _run(monkeypatch, [], jspi=False, bridge=bridge)
    ready = bridge.posted[[m.get("type") for m in bridge.posted].index("ready")]
    assert ready["slicing"] == "channel" and ready["channel"] == "k1" and ready["sliced"] is True
    replies = [m for m in bridge.posted if m.get("reply_to") is not None]
    assert [m["reply_to"] for m in replies] == [1, 2, 3]  # each once, in order
    undo = replies[2]
    assert undo["type"] == "view" and undo.get("during_think") is True and undo["view"]["moves"] == []
    assert bridge.polls > 0
    assert not [m for m in bridge.posted if m.get("type") == "view" and m.get("reply_to") is None]
