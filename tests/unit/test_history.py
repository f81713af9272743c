"""The history of games on this device (host/history.py, core/history_entry.py): entries
written per move apart from records, pages newest first, filter, delete, a full storage
dropping the oldest games but never the one in play, replay, play from here, and the
backup's export and import (docs/records.md, "History")."""

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from spielstube.core.history_entry import HistoryError, check, places_of
from spielstube.core.record import record_from_dict
from spielstube.core.rng import Rng
from spielstube.core.session import Session
from spielstube.games import GAME_NAMES, get_rules
from spielstube.host.history import FORMAT, History, MemoryBackend
from spielstube.host.host import Host

from host_helpers import Bench

OPTIONS = {"heptalion": {"players": 2}, "topologic": {"seekers": 3, "shape": "6x10"},
           "schlangennest": {"players": 2}, "heptalion-puzzle": {"board": "original"}}


class Ticking:
    """A clock one second on at each reading: every write has its own time."""

    def __init__(self):
        self.t = 1_790_000_000

    def __call__(self):
        self.t += 1
        return self.t


def played(game, seed, plies=10_000):
    """A record (dict) of a game of random moves, at most ``plies`` of them."""
    rules = get_rules(game)
    options = rules.normalize_options(OPTIONS[game])
    session = Session(rules, options, rules.random_setup(options, Rng(seed)), ["human"] * rules.min_players)
    rng = Rng(seed + 1)
    while not session.state.is_terminal() and len(session.moves) < plies:
        state = session.state
        if game == "topologic" and not state.awaiting_secret:
            session.play(seeking(state))
            continue
        moves = state.legal_moves()
        session.play(moves[rng.below(len(moves))])
    return session.record().to_dict()


def seeking(state):
    """A Topologic seeker turn: every seeker a step nearer the secret (the match ends)."""
    board, target = state.board, state.secret_cell
    if state.in_entry:
        return state.make_move([sorted(board.border)[0]] * state.seeker_count)
    step = []
    for here in state.positions:
        need = board.queen_distance(here, target) - 1
        step.append(here if here == target else min(
            d for d in board.queen_destinations(here) if board.queen_distance(d, target) == need))
    return state.make_move(step)


def host(limit=None):
    return Host(seed=5, history=History(MemoryBackend(limit), clock=Ticking()))


def load(h, record, seats, reply=1):
    answer = h.handle({"id": reply, "intent": "load", "record": json.dumps(record), "seats": seats})
    assert answer[-1]["type"] == "view", answer
    return answer[-1]["view"]


def entries(h, **fields):
    answer = h.handle(dict({"id": 99, "intent": "history"}, **fields))[0]
    assert answer["type"] == "history"
    return answer


# -- the entry ------------------------------------------------------------------------

@pytest.mark.parametrize("game", GAME_NAMES)
def test_every_game_finished_gives_a_valid_entry_with_its_places(game):
    rules = get_rules(game)
    record = played(game, 3)
    h = host()
    players = rules.normalize_options(record["options"]).get("players", rules.min_players)
    seats = ["human"] + ["ai:easy"] * (players - 1)
    load(h, record, seats)
    (entry,) = entries(h)["entries"]
    assert check(entry) is entry
    assert entry["finished"] and entry["moves"] == len(record["moves"])
    assert entry["game"] == rules.history_game and entry["origin"] == (rules.history_origin or "loaded")
    ranking = record["result"].get("ranking")
    if ranking:
        assert entry["places"] == places_of(ranking, len(seats))
        assert [entry["places"][group[0]] for group in ranking] == sorted(entry["places"][g[0]] for g in ranking)
    else:
        assert entry["places"] == [1]
    if game == "topologic":
        hints = entry["extra"]["seeker_hints"]
        counts = record["result"]["counts"]
        assert hints == counts
    else:
        assert entry["extra"] == {}


def test_places_share_a_place_and_count_the_seats_before():
    assert places_of([[2], [0, 1, 3]], 4) == [2, 2, 1, 2]
    assert places_of([[0, 1], [2]], 3) == [1, 1, 3]
    with pytest.raises(HistoryError):
        places_of([[0]], 2)


def valid_entry(**changes):
    entry = {"id": "a-1", "game": "heptalion", "started": "2026-12-03T17:40:00Z",
             "updated": "2026-12-03T17:50:00Z", "seats": [{"kind": "person", "level": None},
                                                          {"kind": "computer", "level": "strong"}],
             "finished": True, "places": [1, 2], "origin": "new", "watched": False,
             "aids": {"suggestions": 1, "undos": 0, "analysis": False}, "moves": 20, "extra": {}}
    entry.update(changes)
    return entry


@pytest.mark.parametrize("changes", [
    {"id": ""}, {"id": "a b"}, {"game": "chess"}, {"started": "yesterday"}, {"updated": "2026-12-03T17:00:00Z"},
    {"seats": []}, {"seats": [{"kind": "person", "level": "strong"}]}, {"finished": False},
    {"places": [0, 2]}, {"places": [2, 2]}, {"origin": "found"}, {"watched": True},
    {"aids": {"hints": 1}}, {"aids": {"undos": -1}}, {"moves": -1}, {"extra": {"x": 1}},
    {"extra": {"seeker_hints": [1]}}, {"more": 1}])
def test_the_validator_refuses_what_is_no_entry(changes):
    check(valid_entry())
    with pytest.raises(HistoryError):
        check(valid_entry(**changes))


# -- writing as the game goes on ------------------------------------------------------------

def test_each_move_writes_the_entry_and_record_of_that_game_alone():
    bench = Bench(seed=3)
    bench.host.history = History(MemoryBackend(), clock=Ticking())
    bench.host.history.held = bench.host._held_ids
    backend = bench.host.history.backend
    view = bench.open("heptalion", {"players": 2, "seats": ["human", "ai:easy"], "first": 0})
    assert backend.writes == 0  # a game of no moves is not kept
    bench.move(view["legal"][0])
    bench.run()
    (ident,) = backend.entries
    entry = json.loads(backend.entries[ident])
    assert entry["moves"] == 2 and not entry["finished"] and entry["origin"] == "new"
    record = json.loads(backend.records[ident])
    assert len(record["moves"]) == 2
    writes = backend.writes
    bench.send("pause", game="heptalion")  # a view that changes nothing writes nothing
    assert backend.writes == writes
    bench.send("undo", game="heptalion", version=bench.view()["version"])
    assert json.loads(backend.entries[ident])["moves"] == 0
    assert json.loads(backend.entries[ident])["aids"] == {"suggestions": 0, "undos": 1, "analysis": False}


def test_a_restored_game_keeps_its_entry_and_a_rematch_starts_another():
    h = host()
    view = load(h, played("heptalion", 4, plies=4), ["human", "ai:easy"])
    ident = entries(h)["entries"][0]["id"]
    save = view["save"]
    assert save["history"]["id"] == ident
    again = Host(seed=6, history=h.history)
    again.history.held = again._held_ids
    answer = again.handle({"id": 1, "intent": "open", "game": "heptalion", "save": json.dumps(save)})
    assert answer[-1]["view"]["save"]["history"] == save["history"]
    finished = load(h, played("heptalion", 4), ["human", "ai:easy"], reply=2)
    h.handle({"id": 3, "intent": "rematch", "game": "heptalion", "version": finished["version"]})
    slot = h.slots["heptalion"]
    assert slot.history["origin"] == "rematch" and slot.history["id"] not in (ident,)


def test_lessons_and_replays_are_never_kept():
    h = host()
    h.handle({"id": 1, "intent": "lesson", "game": "heptalion", "n": 1})
    view = h.handle({"id": 2, "intent": "lesson", "game": "heptalion", "n": 1})[-1]["view"]
    assert view["lesson"] is not None
    assert entries(h)["total"] == 0


# -- pages, filter, delete --------------------------------------------------------------------

def test_pages_newest_first_filtered_by_game():
    h = host()
    made = []
    for index in range(7):
        game = ("heptalion", "schlangennest")[index % 2]
        load(h, played(game, index, plies=3), ["human", "ai:easy"], reply=index + 1)
        made.append((game, h.slots[game].history["id"]))
    first = entries(h, count=3)
    assert first["total"] == 7 and [e["id"] for e in first["entries"]] == [i for _, i in made[::-1][:3]]
    rest = entries(h, start=3, count=50)
    assert [e["id"] for e in rest["entries"]] == [i for _, i in made[::-1][3:]]
    only = entries(h, filter="schlangennest")
    assert [e["id"] for e in only["entries"]] == [i for g, i in made[::-1] if g == "schlangennest"]
    assert h.handle({"id": 1, "intent": "history", "filter": "chess"})[0]["code"] == "host.unknown_game"


def test_a_deleted_entry_is_gone_and_not_written_again():
    h = host()
    view = load(h, played("heptalion", 4, plies=4), ["human", "human"])
    ident = h.slots["heptalion"].history["id"]
    answer = h.handle({"id": 5, "intent": "history-delete", "entry": ident})[0]
    assert answer == {"type": "history-deleted", "reply_to": 5, "entry": ident, "deleted": True}
    h.handle({"id": 6, "intent": "move", "game": "heptalion", "version": view["version"], "move": view["legal"][0]})
    assert entries(h)["total"] == 0 and ident not in h.history.backend.entries


# -- a full storage ------------------------------------------------------------------------------

def test_a_full_storage_drops_the_oldest_and_keeps_the_game_in_play():
    record = played("heptalion", 4, plies=6)
    size = len(json.dumps(record))
    h = host(limit=size * 3 + size // 2)  # room for three such games
    for index in range(3):
        load(h, played("heptalion", 4 + index, plies=6), ["human", "ai:easy"], reply=index + 1)
    oldest = [e["id"] for e in entries(h)["entries"]][::-1]
    view = load(h, played("schlangennest", 1, plies=6), ["human", "ai:easy"], reply=9)
    in_play = {h.slots[g].history["id"] for g in h.slots}
    listed = entries(h)
    assert listed["dropped"] >= 1 and oldest[0] not in {e["id"] for e in listed["entries"]}
    assert in_play <= {e["id"] for e in listed["entries"]} and in_play <= set(h.history.backend.records)
    assert entries(h)["dropped"] == 0  # said once
    assert view["save"] is not None


def test_a_storage_that_cannot_take_even_the_game_in_play_keeps_the_game_going():
    h = host(limit=10)
    view = load(h, played("heptalion", 4, plies=4), ["human", "human"])
    answer = h.handle({"id": 2, "intent": "move", "game": "heptalion", "version": view["version"],
                       "move": view["legal"][0]})
    assert answer[-1]["type"] == "view"
    assert h.history.backend.records == {}


def test_a_late_quota_failure_makes_room_and_writes_again():
    h = host()
    load(h, played("heptalion", 4, plies=4), ["human", "ai:easy"])
    old = h.slots["heptalion"].history["id"]
    load(h, played("schlangennest", 4, plies=4), ["human", "ai:easy"], reply=2)
    new = h.slots["schlangennest"].history["id"]
    h.slots.pop("heptalion")  # no longer held
    answer = h.handle({"intent": "history-stored", "entry": new, "ok": False, "reason": "QuotaExceededError",
                       "record": h.history.backend.records[new]})
    # said at once beside the game whose write needed the room, and not again by the list
    assert [m["view"]["notice"] for m in answer if m["type"] == "view"] == [{"key": "history.dropped", "params": {"n": 1}}]
    assert answer[-1]["view"]["game"] == "schlangennest" and answer[-1]["reply_to"] is None
    listed = entries(h)
    assert [e["id"] for e in listed["entries"]] == [new] and listed["dropped"] == 0 and old not in h.history.backend.records


def test_entries_dropped_for_a_game_no_longer_held_are_told_by_the_next_list_even_after_a_restart():
    backend = MemoryBackend()
    h = Host(seed=5, history=History(backend, clock=Ticking()))
    load(h, played("heptalion", 4, plies=4), ["human", "ai:easy"])
    old = h.slots["heptalion"].history["id"]
    load(h, played("schlangennest", 4, plies=4), ["human", "ai:easy"], reply=2)
    new = h.slots["schlangennest"].history["id"]
    h.slots.pop("heptalion")
    h.slots.pop("schlangennest")  # (its page went before the storage answered)
    assert h.handle({"intent": "history-stored", "entry": new, "ok": False, "reason": "QuotaExceededError",
                     "record": backend.records[new]}) == []
    assert old not in backend.records
    again = Host(seed=6, history=History(backend, clock=Ticking()))  # a reload: a new host, the same storage
    assert entries(again)["dropped"] == 1
    assert entries(again)["dropped"] == 0
    assert Host(seed=7, history=History(backend, clock=Ticking())).history.dropped == 0


# -- replay and play from here ---------------------------------------------------------------

def test_a_replay_steps_through_the_record_and_gives_back_the_game_in_play():
    h = host()
    load(h, played("schlangennest", 2, plies=8), ["human", "ai:easy"])
    ident = h.slots["schlangennest"].history["id"]
    live = load(h, played("schlangennest", 3, plies=2), ["human", "ai:easy"], reply=2)
    view = h.handle({"id": 3, "intent": "history-replay", "game": "schlangennest", "entry": ident})[-1]["view"]
    assert view["replay"]["id"] == ident and view["legal"] == [] and view["save"] is None
    assert len(view["moves"]) == view["replay"]["moves"] >= 3 and view["can_undo"] is False
    past = h.handle({"id": 4, "intent": "view-past", "game": "schlangennest", "index": 2})[-1]["view"]
    assert past["past"] == 2
    assert h.handle({"id": 5, "intent": "move", "game": "schlangennest", "version": view["version"],
                     "move": {}})[0]["code"] == "host.in_replay"
    back = h.handle({"id": 6, "intent": "open", "game": "schlangennest"})[-1]["view"]
    assert back["replay"] is None and back["record"] == live["record"]


def test_a_replay_says_whether_the_game_set_aside_is_unfinished_with_moves():
    h = host()
    load(h, played("heptalion", 4), ["human", "ai:easy"])  # a finished game
    finished = h.slots["heptalion"].history["id"]
    view = h.handle({"id": 2, "intent": "history-replay", "game": "heptalion", "entry": finished})[-1]["view"]
    assert view["replay"]["set_aside_unfinished"] is False  # the game set aside is the finished one
    assert "set_aside_unfinished" not in h.history.entries[finished]  # the entry itself is not changed
    load(h, played("heptalion", 5, plies=3), ["human", "ai:easy"], reply=3)  # a game under way
    view = h.handle({"id": 4, "intent": "history-replay", "game": "heptalion", "entry": finished})[-1]["view"]
    assert view["replay"]["set_aside_unfinished"] is True and view["replay"]["id"] == finished
    past = h.handle({"id": 5, "intent": "view-past", "game": "heptalion", "index": 1})[-1]["view"]
    assert past["replay"]["set_aside_unfinished"] is True
    h.handle({"id": 6, "intent": "new", "game": "heptalion", "settings": {"players": 2, "seats": ["human", "human"]}})
    view = h.handle({"id": 7, "intent": "history-replay", "game": "heptalion", "entry": finished})[-1]["view"]
    assert view["replay"]["set_aside_unfinished"] is False  # a new game without a move


def test_a_replay_of_an_unfinished_game_with_hidden_hands_shows_no_hand():
    h = host()
    rules = get_rules("heptalion")
    options = rules.normalize_options({"players": 2, "hidden_hands": True})
    session = Session(rules, options, rules.random_setup(options, Rng(8)), ["human", "human"])
    session.play(session.state.legal_moves()[0])
    load(h, session.record().to_dict(), ["human", "human"])
    ident = h.slots["heptalion"].history["id"]
    view = h.handle({"id": 2, "intent": "history-replay", "game": "heptalion", "entry": ident})[-1]["view"]
    assert view["board"] == session.state.player_view(None)
    assert view["board"] != session.state.player_view(0) and view["board"] != session.state.player_view(1)


def test_play_from_here_starts_a_new_game_at_that_position_with_the_same_seats():
    h = host()
    record = played("heptalion", 4)
    load(h, record, ["human", "ai:strong"])
    ident = h.slots["heptalion"].history["id"]
    h.handle({"id": 2, "intent": "history-replay", "game": "heptalion", "entry": ident})
    view = h.handle({"id": 3, "intent": "play-from-here", "game": "heptalion", "moves": 5})[-1]["view"]
    assert view["replay"] is None and len(view["moves"]) == 5 and view["result"] is None
    assert [s.get("level") for s in view["seats"]] == [None, "strong"]
    assert json.loads(view["record"])["moves"] == record["moves"][:5]
    slot = h.slots["heptalion"]
    assert slot.history["origin"] == "from-here" and slot.history["id"] != ident


# -- backup ------------------------------------------------------------------------------------

def exported(h, lessons=None):
    answer = h.handle({"id": 7, "intent": "history-export", "lessons": lessons or {}})[0]
    assert answer["type"] == "history-export"
    return answer["text"]


def test_export_and_import_round_trip_merges_without_duplicates():
    h = host()
    load(h, played("heptalion", 4), ["human", "ai:easy"])
    load(h, played("topologic", 4, plies=6), ["ai:easy", "ai:easy"], reply=2)
    text = exported(h, {"done": {"heptalion": ["h1"]}})
    data = json.loads(text)
    assert data["format"] == FORMAT and len(data["entries"]) == 2 and data["lessons"] == {"done": {"heptalion": ["h1"]}}
    fresh = host()
    answer = fresh.handle({"id": 1, "intent": "history-import", "text": text})[0]
    assert answer["type"] == "history-imported" and answer["added"] == 2 and answer["known"] == 0
    assert entries(fresh)["entries"] == entries(h)["entries"]
    again = fresh.handle({"id": 2, "intent": "history-import", "text": text})[0]
    assert again["added"] == 0 and again["known"] == 2 and entries(fresh)["total"] == 2
    ident = data["entries"][0]["entry"]["id"]
    assert record_from_dict(json.loads(fresh.history.backend.records[ident]))


def damaged(text):
    data = json.loads(text)
    data["entries"][1]["record"]["moves"][0]["cells"] = [[0, 0], [0, 1]]
    return json.dumps(data)


@pytest.mark.parametrize("make", [
    lambda text: text[: len(text) // 2],
    lambda text: json.dumps({"format": "spielstube/1", "game": "heptalion"}),
    lambda text: json.dumps(dict(json.loads(text), format="other/1")),
    damaged,
    lambda text: json.dumps(dict(json.loads(text), entries=[{"entry": {}, "record": {}}])),
    lambda text: "[" * 100 + "]" * 100,
])
def test_a_damaged_or_foreign_file_is_refused_and_nothing_is_written(make):
    h = host()
    load(h, played("heptalion", 4, plies=5), ["human", "ai:easy"])
    load(h, played("heptalion", 5, plies=5), ["human", "ai:easy"], reply=2)
    text = exported(h)
    fresh = host()
    load(fresh, played("schlangennest", 1, plies=3), ["human", "ai:easy"])
    before = dict(fresh.history.backend.records)
    answer = fresh.handle({"id": 3, "intent": "history-import", "text": make(text)})[0]
    assert answer["type"] == "error" and answer["code"] == "host.bad_backup"
    assert fresh.history.backend.records == before and entries(fresh)["total"] == 1


@settings(max_examples=15, deadline=None)
@given(st.lists(st.sampled_from(["heptalion", "schlangennest", "topologic"]), min_size=1, max_size=6),
       st.integers(1, 4), st.sampled_from([None, "heptalion", "schlangennest", "topologic"]))
def test_pages_put_together_are_the_whole_list_newest_first(games, size, chosen):
    store = History(MemoryBackend(), clock=Ticking())
    for index, game in enumerate(games):
        store.write(valid_entry(id=f"g{index}", game=game, updated=f"2026-12-03T18:{index:02d}:00Z"), "{}")
    whole, total = store.page(chosen, 0, 100)
    pieces = []
    while len(pieces) < total:
        page, _ = store.page(chosen, len(pieces), size)
        pieces += page
    assert pieces == whole and total == len([g for g in games if chosen in (None, g)])
    assert [e["updated"] for e in whole] == sorted((e["updated"] for e in whole), reverse=True)


class LateBackend(MemoryBackend):
    """Reads answer later, as the worker's IndexedDB does (an intent ``history-read``)."""

    def __init__(self):
        super().__init__()
        self.asked = []

    def read(self, ids, request):
        self.asked.append((request, {ident: self.records.get(ident) for ident in ids}))
        return None


def test_a_replay_and_an_export_answer_once_the_storage_has_read_the_records():
    h = Host(seed=5, history=History(LateBackend(), clock=Ticking()))
    h.history.held = h._held_ids
    load(h, played("heptalion", 4, plies=6), ["human", "ai:easy"])
    ident = h.slots["heptalion"].history["id"]
    assert h.handle({"id": 2, "intent": "history-replay", "game": "heptalion", "entry": ident}) == []
    assert h.handle({"id": 3, "intent": "history-export", "lessons": {}}) == []
    (replay_read, replay_records), (export_read, export_records) = h.history.backend.asked
    answer = h.handle({"intent": "history-export-never", "id": 9})
    assert answer[0]["code"] == "host.unknown_intent"
    replayed = h.handle({"intent": "history-read", "request": replay_read, "records": replay_records})
    assert replayed[0]["reply_to"] == 2 and replayed[0]["view"]["replay"]["id"] == ident
    moves = h.history.entries[ident]["moves"]
    h.history.entries[ident] = dict(h.history.entries[ident], moves=moves + 1)  # played on meanwhile
    exported = h.handle({"intent": "history-read", "request": export_read, "records": export_records})
    (item,) = json.loads(exported[0]["text"])["entries"]
    assert exported[0]["reply_to"] == 3 and item["entry"]["id"] == ident
    assert item["entry"]["moves"] == moves == len(item["record"]["moves"])  # as the record read
    assert h.handle({"intent": "history-read", "request": export_read, "records": {}}) == []  # once only


# -- the game-over line's counts ------------------------------------------------------
def counted_entry(ident, places, level="strong", aids=None, origin="rematch"):
    return {"id": ident, "game": "heptalion", "started": "2026-12-01T10:00:00Z",
            "updated": "2026-12-01T10:%02d:00Z" % len(ident), "finished": True, "places": places,
            "seats": [{"kind": "person", "level": None}, {"kind": "computer", "level": level}],
            "origin": origin, "watched": False, "aids": aids or {}, "moves": 30, "extra": {}}


class FinishedSlot:
    def __init__(self, ident):
        self.history = {"id": ident}


def test_the_game_over_line_counts_the_finished_games_against_that_level_only():
    from spielstube.host.history import stats_line
    store = History(MemoryBackend(), clock=Ticking())
    for entry in (counted_entry("a", [1, 2]), counted_entry("bb", [2, 1]), counted_entry("ccc", [1, 2]),
                  counted_entry("dddd", [1, 2], level="easy"),
                  counted_entry("eeeee", [1, 2], aids={"suggestions": 1, "undos": 0, "analysis": False})):
        store.entries[entry["id"]] = entry
    line = stats_line(store, FinishedSlot("ccc"))
    assert line["key"] == "heptalion/strong" and line["with_help"] is False
    assert set(line["stats"]) == {"heptalion/strong"}  # only this level's counts travel
    strong = line["stats"]["heptalion/strong"]
    assert (strong["played"], strong["won"], strong["lost"]) == (3, 2, 1)
    assert strong["with_help"]["played"] == 1 and stats_line(store, FinishedSlot("eeeee"))["with_help"] is True
    store.entries["f"] = counted_entry("f", [1, 2], origin="loaded")
    assert stats_line(store, FinishedSlot("f")) is None  # a loaded game is not counted
    assert stats_line(store, FinishedSlot("gone")) is None


def test_a_finished_loaded_game_has_no_game_over_line():
    h = host()
    view = load(h, played("heptalion", 4), ["human", "ai:easy"])
    assert view["result"] and view.get("stats_line") is None
