"""The intents that reached the worker, each handed on once and in the page's order.

Without JSPI an intent comes two ways (docs/host-protocol.md, "Slices without
JSPI"): as a message to the worker, read when its event loop runs, and
through the service worker's channel (static/host-worker.js ``poll``), read
from inside a computer's search. The page numbers the intents it sends to one
worker 1, 2, 3, ... (``seq``); whichever copy comes first is handed on, the
other is dropped, and one that came ahead of a gap waits for it. An intent
with no number (a page or a probe that does not number them) is handed on
as it comes.
"""


class Inbox:
    def __init__(self):
        self.expected = 1  # the number of the next intent to hand on
        self.held = {}  # number -> JSON text, arrived ahead of a gap

    def arrive(self, items):
        """The intents' JSON texts to deliver now, in order, for ``items``: texts with no
        number, or (seq, text) pairs from either way in."""
        ready = []
        for item in items:
            if isinstance(item, str):
                ready.append(item)
                continue
            seq, text = int(item[0]), str(item[1])
            if seq < self.expected or seq in self.held:
                continue  # the other copy came first
            self.held[seq] = text
            while self.expected in self.held:
                ready.append(self.held.pop(self.expected))
                self.expected += 1
        return ready
