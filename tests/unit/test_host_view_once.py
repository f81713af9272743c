"""A view is built once, in the form its page asked for at ``open`` (host/view.py,
docs/host-protocol.md §7 "The page's form"): its record is made once and, for the page,
written out once (the save splices the record's text in); a past view brings the page no
record at all; and the page's form carries every field of the whole view, the same values
once the page has put its entries and texts back."""

import json

from host_helpers import Bench
from test_record_limits import stretched_topologic

from spielstube.core.limits import MAX_MOVES
from spielstube.core.record import Record
from spielstube.core.session import Session
from spielstube.host.wire import encode
from spielstube.ui.common.wire import decode

PERSON_FIRST = {"players": 2, "seats": ["human", "ai:easy"], "first": 0}
PAGE = {"moves_tail": 60}  # what the page sends with open (ui/frame/controller.py)


class Spy:
    """Counts the records made, and the json.dumps calls given one of them (anywhere inside)."""

    def __init__(self, monkeypatch):
        self.made = 0
        self.records = []
        self.written = 0
        real_record, real_to_dict, real_dumps = Session.record, Record.to_dict, json.dumps

        def record(session):
            self.made += 1
            return real_record(session)

        def to_dict(rec):
            data = real_to_dict(rec)
            self.records.append(data)
            return data

        def dumps(obj, *args, **kwargs):
            if any(_holds(obj, data) for data in self.records):
                self.written += 1
            return real_dumps(obj, *args, **kwargs)

        monkeypatch.setattr(Session, "record", record)
        monkeypatch.setattr(Record, "to_dict", to_dict)
        monkeypatch.setattr(json, "dumps", dumps)

    def reset(self):
        self.made = self.written = 0
        self.records = []


def _holds(obj, data):
    if obj is data:
        return True
    if isinstance(obj, dict):
        return any(_holds(value, data) for value in obj.values())
    if isinstance(obj, list):
        return any(_holds(value, data) for value in obj)
    return False


def answer(bench, intent, **fields):
    """The texts the host posts for one intent, handled and encoded as in the worker."""
    return [encode(message) for message in bench.host.handle(dict(fields, intent=intent, id=99))]


def at_the_cap(page):
    bench = Bench()
    bench.send("open", game="topologic", settings=None, save=None, **(PAGE if page else {}))
    view = bench.send("load", record=json.dumps(stretched_topologic(MAX_MOVES)), seats=["human", "ai:easy"])[-1]
    return bench, view["view"]


def test_a_view_for_the_page_makes_its_record_once_and_writes_it_out_once(monkeypatch):
    bench, view = at_the_cap(page=True)
    spy = Spy(monkeypatch)
    # (an intent answered by the present view: pace; undo refuses here, a hint once given stands)
    texts = answer(bench, "pace", game="topologic", seconds=0.8)
    assert len(texts) == 1 and "\n" in texts[0]  # a view, its texts after it
    assert spy.made == 1 and spy.written == 1


def test_a_whole_view_makes_its_record_once(monkeypatch):
    bench, view = at_the_cap(page=False)
    spy = Spy(monkeypatch)
    bench.host.handle({"id": 99, "intent": "pace", "game": "topologic", "seconds": 0.8})
    assert spy.made == 1


def test_a_past_view_for_the_page_makes_no_record(monkeypatch):
    bench, _view = at_the_cap(page=True)
    spy = Spy(monkeypatch)
    texts = answer(bench, "view-past", game="topologic", index=5)
    past = json.loads(texts[0])["view"]
    assert past["past"] == 5 and past["save"] is None and past["record"] is None
    assert spy.made == 0 and spy.written == 0
    whole, _view = at_the_cap(page=False)  # a reader of whole views gets them as ever
    assert whole.send("view-past", game="topologic", index=5)[-1]["view"]["record"]


def played(fields):
    """Every view message of one game: three turns against the computer, a past view, an
    undo and a hand-over game; as the page decodes them."""
    bench = Bench()
    bench.send("open", game="heptalion", settings=PERSON_FIRST, save=None, **fields)
    for _ in range(3):
        bench.move(bench.view()["legal"][0])
        bench.run()
    bench.send("view-past", game="heptalion", index=1)
    bench.send("undo", game="heptalion", version=bench.view()["version"])
    bench.send("new", game="heptalion", settings={"players": 2, "seats": ["human", "human"], "first": 0,
                                                   "options": {"hidden_hands": True}})
    bench.send("handover-done", game="heptalion", version=bench.view()["version"])
    bench.move(bench.view()["legal"][0])
    return [decode(encode(m))["view"] for m in bench.posted if m["type"] == "view"]


def test_the_pages_form_carries_every_field_of_the_whole_view():
    whole, page = played({}), played(PAGE)
    assert len(whole) == len(page) > 10
    held = []
    for full, part in zip(whole, page):
        assert set(part) == set(full) | {"moves_from", "moves_count"}
        held = held[:part["moves_from"]] + part["moves"]
        assert held == full["moves"] and part["moves_count"] == len(held)
        if part["past"] is None:
            # (the game's history mark holds its own time and random id: two runs differ there)
            assert dict(json.loads(part["save"]), history=None) == dict(full["save"], history=None)
            assert part["record"] == full["record"]
        else:
            assert part["save"] is None and part["record"] is None and full["record"]
        for key in set(full) - {"moves", "save", "record"}:
            assert part[key] == full[key], key
