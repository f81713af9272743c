"""The page's form (host/page_form.py, docs/host-protocol.md §7):
a page that opens with ``moves_tail`` gets each move-list entry once; what it lacks is
cut from the first entry that changed (undo, a new game, another viewer); the
host beats from its long work so the page can tell busy from dead."""

import json

from host_helpers import Bench
from test_record_limits import stretched_topologic

from spielstube.core.limits import MAX_MOVES

TWO_PERSONS_HIDDEN = {"players": 2, "seats": ["human", "human"], "first": 0, "options": {"hidden_hands": True}}
PERSON_FIRST = {"players": 2, "seats": ["human", "ai:easy"], "first": 0}


def merged(held, view):
    """What the page does with a delta (ui/move_window.merge, restated: the test must not trust it)."""
    assert view["moves_from"] <= len(held), "the host cut behind what the page holds"
    entries = held[:view["moves_from"]] + view["moves"]
    assert len(entries) == view["moves_count"]
    return entries


def full_entries(bench, game):
    """Every entry of the game now, as a page without deltas gets them."""
    slot = bench.host.slots[game]
    from spielstube.host import view as view_mod
    return view_mod.move_entries(slot, slot.viewer())


def play_legal(bench):
    view = bench.view()
    return bench.move(view["legal"][0])


def views_of_three_turns(bench):
    """Every view posted while the person plays three turns and the computer answers."""
    views = []
    for _ in range(3):
        start = len(bench.posted)
        play_legal(bench)
        bench.run()
        views += [m["view"] for m in bench.posted[start:] if m["type"] == "view"]
    return views


def test_without_the_flag_every_view_carries_every_entry():
    bench = Bench()
    bench.open("heptalion", settings=PERSON_FIRST)
    play_legal(bench)
    bench.run()
    view = bench.view()
    assert "moves_from" not in view and len(view["moves"]) == 2


def test_each_entry_comes_once_and_the_merged_list_is_the_whole_one():
    bench = Bench()
    first = bench.send("open", game="heptalion", settings=PERSON_FIRST, save=None, moves_tail=60)[-1]["view"]
    assert first["moves_from"] == 0 and first["moves"] == [] and first["moves_count"] == 0
    held = merged([], first)
    for view in views_of_three_turns(bench):
        assert len(view["moves"]) <= 1  # only the new entry, never the list again
        held = merged(held, view)
    assert held == full_entries(bench, "heptalion") and len(held) == 6


def test_undo_cuts_the_list_where_it_changed_and_a_past_view_adds_nothing():
    bench = Bench()
    held = merged([], bench.send("open", game="heptalion", settings=PERSON_FIRST, save=None,
                                 moves_tail=60)[-1]["view"])
    for _ in range(2):
        play_legal(bench)
        held = merged(held, bench.view())
        bench.run()
        held = merged(held, bench.view())
    view = bench.view()
    past = bench.send("view-past", game="heptalion", index=1)[-1]["view"]
    assert past["moves"] == [] and past["moves_from"] == 4
    held = merged(held, past)
    undone = bench.send("undo", game="heptalion", version=view["version"])[-1]["view"]
    assert undone["moves_from"] == 2 and undone["moves"] == []  # cut back to two entries
    held = merged(held, undone)
    play_legal(bench)
    held = merged(held, bench.view())
    assert held == full_entries(bench, "heptalion")


def test_a_new_game_a_load_and_a_resend_start_the_list_again():
    bench = Bench()
    bench.send("open", game="heptalion", settings=PERSON_FIRST, save=None, moves_tail=60)
    play_legal(bench)
    bench.run()
    record = bench.view()["record"]
    loaded = bench.send("load", record=record)[-1]["view"]
    assert loaded["moves_from"] == 0 and len(loaded["moves"]) == 2
    again = bench.send("resend-moves", game="heptalion")[-1]["view"]
    assert again["moves_from"] == 0 and len(again["moves"]) == 2
    fresh = bench.send("new", game="heptalion", settings=PERSON_FIRST)[-1]["view"]
    assert fresh["moves_from"] == 0 and fresh["moves"] == []


def test_another_viewer_gets_the_list_from_its_start():
    bench = Bench()
    view = bench.send("open", game="heptalion", settings=TWO_PERSONS_HIDDEN, save=None,
                      moves_tail=60)[-1]["view"]
    held = merged([], view)
    if view["handover"] is not None:
        view = bench.send("handover-done", game="heptalion", version=view["version"])[-1]["view"]
        held = merged(held, view)
    play_legal(bench)
    handover = bench.view()
    assert handover["handover"] is not None and handover["viewer"] is None
    held = merged(held, handover)  # the public view: its own entries, all of them
    assert handover["moves_from"] == 0
    done = bench.send("handover-done", game="heptalion", version=handover["version"])[-1]["view"]
    assert done["viewer"] == 1 and done["moves_from"] == 0
    assert merged(held, done) == full_entries(bench, "heptalion")


def test_the_host_says_it_is_alive_while_it_replays_a_record_at_the_cap():
    """Python blocks the worker's event loop (and its JS heartbeat) while it replays and
    describes 1,000 moves; the host beats from that work. A clock that moves on a second
    per reading stands for a slow machine: every reading is due a beat."""
    beats = []
    bench = Bench()
    ticks = iter(range(10 ** 6))
    bench.driver.beat = lambda: beats.append(1)
    bench.driver.beat_clock = lambda: float(next(ticks))
    bench.send("open", game="topologic", settings=None, save=None)
    beats.clear()
    view = bench.send("load", record=json.dumps(stretched_topologic(MAX_MOVES)))[-1]["view"]
    assert len(view["moves"]) == MAX_MOVES
    assert len(beats) >= 2 * MAX_MOVES  # once per move replayed and once per move described


def test_an_unsliced_think_beats_from_the_searchs_clock():
    beats = []
    bench = Bench(sliced=False)
    ticks = iter(range(10 ** 7))
    bench.driver.beat = lambda: beats.append(1)
    bench.driver.beat_clock = lambda: float(next(ticks))
    bench.open("heptalion", settings={"players": 2, "seats": ["ai:strong", "human"], "first": 0})
    beats.clear()
    pushed = [m for m in bench.run() if m["type"] == "view"]
    assert pushed and beats  # the search read its clock, and each reading may beat


def test_a_page_that_asks_gets_the_save_as_the_text_to_store():
    bench = Bench()
    view = bench.send("open", game="heptalion", settings=PERSON_FIRST, save=None, moves_tail=60)[-1]["view"]
    assert isinstance(view["save"], str) and json.loads(view["save"])["seats"] == ["human", "ai:easy"]
    play_legal(bench)
    text = bench.view()["save"]
    assert isinstance(text, str) and len(json.loads(text)["record"]["moves"]) == 1
    again = Bench()  # the text restores like the object did
    restored = again.send("open", game="heptalion", settings=None, save=text)[-1]["view"]
    assert isinstance(restored["save"], dict) and len(restored["moves"]) == 1  # asked for nothing


def windowed(held, first, view):
    """What the page does with a view when it keeps a window (ui/move_window, restated):
    (entries held, the index of the first)."""
    if "moves_first" in view:
        assert view["moves_from"] == view["moves_first"]
        return list(view["moves"]), view["moves_first"]
    assert first <= view["moves_from"] <= first + len(held), "the host cut outside the page's window"
    entries = held[:view["moves_from"] - first] + view["moves"]
    assert first + len(entries) == view["moves_count"]
    return entries, first


def test_with_a_tail_the_first_view_at_the_cap_brings_the_newest_entries_and_the_rest_on_request():
    bench = Bench()
    bench.send("open", game="topologic", settings=None, save=None, moves_tail=60)
    text = json.dumps(stretched_topologic(MAX_MOVES))
    view = bench.send("load", record=text, seats=["human", "ai:easy"])[-1]["view"]
    assert view["handover"] is None and view["viewer"] == 0
    assert len(view["moves"]) == 60 and view["moves_first"] == MAX_MOVES - 60
    assert view["moves_count"] == MAX_MOVES
    held, first = windowed([], 0, view)
    # Earlier entries, 100 at a time, join the window at its start.
    answer = bench.send("earlier-moves", game="topologic", before=first, count=100)[-1]
    assert answer["type"] == "moves" and answer["fitted"]
    assert answer["from"] == first - 100 and answer["before"] == first and len(answer["moves"]) == 100
    held, first = answer["moves"] + held, answer["from"]
    # A request that does not start at the window (crossed by a view) brings nothing.
    stale = bench.send("earlier-moves", game="topologic", before=first + 1, count=5)[-1]
    assert stale["fitted"] is False and stale["moves"] == []
    # A past view from inside the window brings nothing new.
    past = bench.send("view-past", game="topologic", index=first)[-1]["view"]
    assert past["moves"] == [] and "moves_first" not in past
    held, first = windowed(held, first, past)
    whole = full_entries(bench, "topologic")
    assert held == whole[first:] and first == MAX_MOVES - 160
    rest = bench.send("earlier-moves", game="topologic", before=first, count=10 ** 6)[-1]
    assert rest["from"] == 0 and answer_entries_fit(rest, held, whole)


def answer_entries_fit(answer, held, whole):
    return answer["moves"] + held == whole


def four_handed_record(plies, seed=3):
    """A 4-player Heptalion record ``plies`` placements in (legal moves, seat 0 to move)."""
    from spielstube.core.rng import Rng
    from spielstube.core.session import Session
    from spielstube.games import get_rules

    rules = get_rules("heptalion")
    options = rules.normalize_options({"players": 4})
    rng = Rng(seed)
    session = Session(rules, options, rules.random_setup(options, rng), ["human"] * 4)
    while len(session.moves) < plies or session.state.current_player != 0:
        moves = session.state.legal_moves()
        session.play(moves[rng.below(len(moves))])
    return session.record().to_dict()


def test_with_a_tail_an_undo_before_the_window_starts_a_new_one():
    # (Heptalion: in Topologic a hint once given stands, so its undo never reaches back far)
    bench = Bench()
    bench.send("open", game="heptalion", settings=None, save=None, moves_tail=2)
    record = four_handed_record(12)
    seats = ["human", "ai:easy", "ai:easy", "ai:easy"]
    view = bench.send("load", record=json.dumps(record), seats=seats)[-1]["view"]
    held, first = windowed([], 0, view)
    assert first == len(record["moves"]) - 2
    mine = max(k for k, move in enumerate(record["moves"]) if move["player"] == 0)
    undone = bench.send("undo", game="heptalion", version=view["version"])[-1]["view"]
    assert undone["moves_count"] == mine < first  # the person's last placement, before the window
    held, first = windowed(held, first, undone)
    assert "moves_first" in undone and held == full_entries(bench, "heptalion")[first:]


def test_a_short_game_with_a_tail_is_sent_whole_as_before():
    bench = Bench()
    first = bench.send("open", game="heptalion", settings=PERSON_FIRST, save=None,
                       moves_tail=60)[-1]["view"]
    held, start = windowed([], 0, first)
    for view in views_of_three_turns(bench):
        assert "moves_first" not in view
        held, start = windowed(held, start, view)
    assert start == 0 and held == full_entries(bench, "heptalion")
