"""A test bench for the host: the Driver with a clock the test moves and an
inbox the pause hook delivers from, so every flow runs deterministically."""

import json

from spielstube.ai import clock
from spielstube.host.driver import Driver
from spielstube.host.host import Host


class FakeClock:
    def __init__(self):
        self.t = 1000.0

    def now(self):
        return self.t


class Bench:
    """Sends intents, runs computer turns, and keeps every message posted."""

    def __init__(self, seed=7, sliced=True):
        self.clock = FakeClock()
        self.posted = []
        self.inbox = []  # intents the pause hook hands over while a computer thinks
        self.host = Host(seed=seed)
        self.driver = Driver(self.posted.append, host=self.host, take_intents=self._take,
                             now=self.clock.now, sliced=sliced)
        self._next_id = 1

    def _take(self):
        items, self.inbox[:] = list(self.inbox), []
        return items

    def intent(self, name, **fields):
        intent_id = self._next_id
        self._next_id += 1
        return dict(fields, id=intent_id, intent=name)

    def send(self, name, **fields):
        """The messages answering one intent (handled at once)."""
        intent = self.intent(name, **fields)
        start = len(self.posted)
        self.driver.deliver(json.dumps(intent))
        return [m for m in self.posted[start:] if m.get("reply_to") == intent["id"]]

    def queue(self, name, **fields):
        """An intent that arrives while the computer thinks; its id."""
        intent = self.intent(name, **fields)
        self.inbox.append(json.dumps(intent))
        return intent["id"]

    def view(self):
        """The newest view posted."""
        return next(m["view"] for m in reversed(self.posted) if m["type"] == "view")

    def run(self, limit=400):
        """Runs computer turns, moving the clock on, until the host waits for a person."""
        start = len(self.posted)
        for _ in range(limit):
            wait = self.driver.step()
            if wait is None:
                return self.posted[start:]
            self.clock.t += wait
        raise AssertionError("the host never came to rest")

    def open(self, game, settings=None, save=None):
        replies = self.send("open", game=game, settings=settings, save=save)
        return replies[-1]["view"]

    def move(self, move, version=None):
        view = self.view()
        return self.send("move", game=view["game"], version=view["version"] if version is None else version,
                         move=move)


def ask_job(bench, intent, kind):
    """Asks ``intent`` (suggest, review) for the view shown and runs the host: (the answer,
    the messages of ``kind`` pushed, the "done" one, which is for the version asked)."""
    view = bench.view()
    answer = bench.send(intent, game=view["game"], version=view["version"])[0]
    assert answer["type"] == kind, answer
    pushed = [m for m in bench.run() if m["type"] == kind]
    done = answer if answer["state"] == "done" else pushed[-1]
    assert done["state"] == "done" and done["version"] == view["version"]
    return answer, pushed, done


def pause_at_every_clock_read(monkeypatch):
    """The pause hook runs at every clock.now(), so queued intents arrive at a search's first clock read."""
    monkeypatch.setattr(clock, "PAUSE_EVERY", 0.0)


def pushes(messages):
    """The views the host pushed on its own (computer moves), not answers."""
    return [m["view"] for m in messages if m["type"] == "view" and m["reply_to"] is None]
