"""Talks to the AI worker (static/ai-worker.js) with JSON messages.

Each request gets an id and an asyncio future; replies arriving for
requests nobody awaits any more (after an undo, say) are dropped.
"""

import asyncio
import json

import js

from . import dom


class AiUnavailable(Exception):
    pass


class AiClient:
    def __init__(self):
        self._next_id = 1
        self._pending = {}
        self._worker = None
        self._start()

    def _start(self):
        """A fresh worker; also after a failure, so "ask again" can recover."""
        if self._worker is not None:
            self._worker.terminate()
        self._failed = None
        self.ready = asyncio.get_event_loop().create_future()
        options = js.Object.fromEntries([["type", "module"]])
        url = js.URL.new("static/ai-worker.js", js.document.baseURI).href
        self._worker = js.Worker.new(url, options)
        dom.listen(self._worker, "message", self._on_message)
        dom.listen(self._worker, "error", self._on_error)

    def _on_message(self, event):
        reply = json.loads(str(event.data))
        kind = reply.get("type")
        if kind == "ready":
            js.window.spielstubeBoot.workerReadyAt = js.performance.now()
            if not self.ready.done():
                self.ready.set_result(True)
            return
        if kind == "failed":
            self._fail(reply.get("error", "the computer player could not start"))
            return
        future = self._pending.pop(reply.get("id"), None)
        if future is not None and not future.done():
            future.set_result(reply)

    def _on_error(self, event):
        message = getattr(event, "message", None) or "the computer player stopped"
        self._fail(str(message))

    def _fail(self, message):
        self._failed = message
        if not self.ready.done():
            self.ready.set_exception(AiUnavailable(message))
        for future in self._pending.values():
            if not future.done():
                future.set_exception(AiUnavailable(message))
        self._pending.clear()

    async def request(self, kind, **payload):
        if self._failed:
            self._start()
        await self.ready
        request_id = self._next_id
        self._next_id += 1
        future = asyncio.get_event_loop().create_future()
        self._pending[request_id] = future
        self._worker.postMessage(json.dumps({"id": request_id, "kind": kind, **payload}))
        return await future
