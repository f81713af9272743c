"""The page's line to the host: one module worker, JSON messages with ids.

Intents go out as ``{"id": n, "intent": name, ...}``; the host answers
with ``view``/``error`` messages (``reply_to`` the id), reports its start-up
``progress``, says ``ready`` once and ``alive`` every second. A worker that
dies (failed script, uncaught error) is started again; so is one that ends
without a word (``self.close()``, a crash that sends no error event) or
hangs (a busy loop): nothing heard for DEAD_SECONDS while an answer or a
computer's move is due. After MAX_RESTARTS in a row the frame shows the
failure with a retry.

Each intent to a worker is numbered (``[seq, text]``, 1, 2, ... per worker);
when the host says it reads the service worker's intent channel (``ready``
with ``channel``: no JSPI, docs/host-protocol.md "Slices without JSPI"), a
copy also goes to the service worker, which the host reads from inside a
computer's search. The intents answered during a think or an analysis are
listed on ``window.spielstubeBoot`` (``answeredDuringThink``,
``answeredDuringAnalysis``) beside ``hostSlicing``, for tests and measurements.
"""

import json

import js

from ..common import bridge
from ..common.wire import decode

MAX_RESTARTS = 2
# The worker's JS posts ``alive`` every second while its event loop runs (a sliced think
# yields to it every 40 ms); while Python works through a replay, a view of 1,000 moves
# or an unsliced think, the host posts it itself every half second (host/driver.py
# ALIVE_EVERY). So a silence this long means a worker that ended, not a busy one.
DEAD_SECONDS = 6
CHECK_SECONDS = 1


class HostLink:
    def __init__(self, url, on_message, on_dead, expecting=None, on_progress=None):
        self.url = url
        self.on_message = on_message  # called with each decoded message (a dict)
        self.on_dead = on_dead  # called with (reason, restarting)
        self.on_progress = on_progress or (lambda value: None)  # the worker's start-up progress (0..1)
        self.expecting = expecting or (lambda: False)  # True while the host owes a push (a computer move)
        self.worker = None
        self.next_id = 1
        self.restarts = 0
        self.ready = False
        self.unanswered = {}  # id -> intent name, of intents sent and not answered yet
        self.seq = 0  # intents numbered for this worker
        self.channel = None  # the service worker's intent channel the host reads, if any
        self.heard_at = 0
        self.checked_at = 0
        self._on_message = bridge.proxy(self._message)
        self._on_error = bridge.proxy(self._error)
        self._check = bridge.proxy(self._check_alive)
        self._timer = None

    def start(self):
        self.ready = False
        self.unanswered = {}
        self.seq = 0
        self.channel = None
        self.heard_at = self.checked_at = bridge.now()
        if self._timer is None:
            self._timer = js.setInterval(self._check, CHECK_SECONDS * 1000)
        self.worker = js.Worker.new(self.url, bridge.js_object('{"type": "module"}'))
        self.worker.addEventListener("message", self._on_message)
        self.worker.addEventListener("error", self._on_error)
        self.worker.addEventListener("messageerror", self._on_error)

    def send(self, intent, fields=None):
        """Posts an intent; returns its id (replies carry it as ``reply_to``)."""
        message = dict(fields or {})
        message["id"] = self.next_id
        message["intent"] = intent
        self.next_id += 1
        self.unanswered[message["id"]] = intent
        self.seq += 1
        text = json.dumps(message)
        self.worker.postMessage(js.JSON.parse(json.dumps([self.seq, text])))
        if self.channel is not None:
            self._to_channel(self.seq, text)
        return message["id"]

    def _to_channel(self, seq, text):
        controller = js.navigator.serviceWorker.controller
        if bridge.missing(controller):
            return  # the worker's message carries it anyway
        controller.postMessage(js.JSON.parse(json.dumps(
            {"type": "intent", "channel": self.channel, "seq": seq, "text": text})))

    def restart(self):
        if self.worker is not None:
            self.worker.terminate()
        self.start()

    def _check_alive(self, *_args):
        now = bridge.now()
        if now - self.checked_at > 3 * CHECK_SECONDS * 1000:
            self.heard_at = now  # this page slept (a frozen tab): the worker may have too
        self.checked_at = now
        if not self.ready or self.worker is None:
            return
        if (self.unanswered or self.expecting()) and now - self.heard_at > DEAD_SECONDS * 1000:
            self._died("no answer")

    def _message(self, event):
        self.heard_at = bridge.now()
        try:
            message = decode(str(event.data))
        except ValueError:
            return
        if not isinstance(message, dict):
            return
        kind = message.get("type")
        if kind == "alive":
            return
        if kind == "progress":
            self.on_progress(message.get("value"))
            if isinstance(message.get("step"), str) and isinstance(message.get("at"), (int, float)):
                # As a float: a whole number that large is a big int, which does not reach JS intact.
                js.window.spielstubeBoot.workerStep(message["step"], float(message["at"]))
            return
        intent = self.unanswered.pop(message.get("reply_to"), None)
        if intent is not None and (message.get("during_think") or message.get("during_analysis")):
            boot = js.window.spielstubeBoot
            (boot.answeredDuringThink if message.get("during_think") else boot.answeredDuringAnalysis).push(intent)
        if kind == "ready":
            self.ready = True
            self.restarts = 0
            channel = message.get("channel")
            self.channel = channel if isinstance(channel, str) else None
            js.window.spielstubeBoot.hostSlicing = message.get("slicing") or ""
        elif kind == "failed":
            self._died(message.get("error") or "failed")
            return
        self.on_message(message)

    def _error(self, event):
        if not bridge.missing(getattr(event, "preventDefault", None)):
            event.preventDefault()  # handled here: no uncaught error in the console
        reason = getattr(event, "message", None)
        self._died("" if bridge.missing(reason) else str(reason))

    def _died(self, reason):
        self.ready = False
        restarting = self.restarts < MAX_RESTARTS
        if restarting:
            self.restarts += 1
            self.restart()
        else:
            self.worker.terminate()
        self.on_dead(reason, restarting)
