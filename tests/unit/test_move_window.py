"""The page's move list (ui/move_window.py, move_entries.move_list): entries merged
from the host's deltas, the window of the newest drawn, the marks of moves since
the person's last turn. Plain asserts: tests/mpy/run.mjs runs this file under
MicroPython too."""

from spielstube.ui.common import move_entries, move_window
from spielstube.ui.common.texts import Texts
from spielstube.ui.common.move_window import MoveWindow, stepped

TEXTS = Texts({"moves.earlier": {"en": "Show {n} earlier moves"}, "moves.recent": {"en": "(new)"},
               "no_moves_yet": {"en": "No moves yet"}}, "en")


def entry(seat, n=0):
    return {"seat": seat, "kind": "place", "params": {"n": n}, "cells": []}


def entries(seats):
    return [entry(seat, n) for n, seat in enumerate(seats)]


def seats_view(kinds, **changes):
    base = {"seats": [{"kind": kind} for kind in kinds], "viewer": None, "seat": 0, "result": None, "board": {}}
    base.update(changes)
    return base


def test_a_delta_goes_after_what_is_held_and_a_gap_is_noticed():
    held = entries([0, 1, 0])
    merged, cut, ok = move_window.merge(held, {"moves": [entry(1, 9)], "moves_from": 3, "moves_count": 4})
    assert ok and cut == 3 and len(merged) == 4 and merged[3]["params"]["n"] == 9
    merged, cut, ok = move_window.merge(held, {"moves": [entry(1, 9)], "moves_from": 1, "moves_count": 2})
    assert ok and cut == 1 and [e["params"]["n"] for e in merged] == [0, 9]  # an undo and a new move
    merged, cut, ok = move_window.merge(held, {"moves": [], "moves_from": 5, "moves_count": 5})
    assert not ok  # the page lacks entries 3 and 4: it asks for all again
    merged, cut, ok = move_window.merge(held, {"moves": entries([1])})
    assert ok and cut == 0 and len(merged) == 1  # a host without deltas sends the whole list


def test_recent_entries_are_those_since_the_persons_last_move():
    made = entries([0, 1, 2, 3, 0, 1, 2])
    one_person = seats_view(["human", "ai", "ai", "ai"], seat=3)
    assert move_window.recent_from(one_person, made) == 5  # after the person's move 4
    assert move_window.recent_from(one_person, entries([1, 2])) == 0  # not moved yet: all
    viewer = seats_view(["human", "human", "ai"], viewer=1, seat=1)
    assert move_window.recent_from(viewer, made) == 6
    watching = seats_view(["ai", "ai", "ai"], seat=2)  # nobody seated: the seat to act stands in
    assert move_window.recent_from(watching, made) == 7
    assert move_window.recent_from(seats_view(["human", "ai"], result={"winner": 0}), made) == 7
    out = seats_view(["human", "ai", "ai"], seat=2, board={"alive": [False, True, True]})
    assert move_window.recent_from(out, made) == 7  # seat 0 is out: the seat to act's last move
    assert move_window.recent_from(one_person, made[4:], offset=4) == 5  # a kept view's newest only


def test_the_window_shows_the_newest_and_reaches_back_to_a_chosen_move():
    assert move_window.window_start(1000, 0, 60) == 940
    assert move_window.window_start(30, 0, 60) == 0
    assert move_window.window_start(1000, 0, 60, viewing=12) == 12
    assert move_window.window_start(1000, 0, 60, viewing=990) == 940
    assert move_window.window_start(1000, 950, 60) == 950  # a kept view holds no more
    window = MoveWindow()
    window.take({"moves": entries([0, 1] * 100), "moves_from": 0, "moves_count": 200})
    start, drawn = window.drawn()
    assert start == 140 and len(drawn) == 60
    window.show_more()
    assert window.drawn()[0] == 40


def test_entry_markup_is_made_once_until_the_entry_or_the_look_changes():
    made = []

    def make(e):
        made.append(e["params"]["n"])
        return "m" + str(e["params"]["n"])

    window = MoveWindow()
    window.take({"moves": entries([0, 1, 0]), "moves_from": 0, "moves_count": 3})
    generation = window.generation
    assert [window.entry_markup(i, "en", make) for i in range(3)] == ["m0", "m1", "m2"]
    assert window.missing(0, "en") == 0 and window.missing(0, "de") == 3
    window.take({"moves": [], "moves_from": 3, "moves_count": 3})  # a view with nothing new
    assert window.generation == generation
    window.take({"moves": [entry(1, 7)], "moves_from": 2, "moves_count": 3})  # move 2 replaced
    assert window.generation > generation and window.missing(0, "en") == 1
    assert [window.entry_markup(i, "en", make) for i in range(3)] == ["m0", "m1", "m7"]
    assert made == [0, 1, 2, 7]
    window.entry_markup(0, "de", make)  # another language: made again
    assert made[-1] == 0


def test_new_moves_keep_the_lineage_and_anything_else_starts_a_new_one():
    """The page adds new entries to the list it shows while the lineage stays (kept_moves.py)."""
    window = MoveWindow()
    window.take({"moves": entries([0, 1, 0]), "moves_from": 0, "moves_count": 3})
    lineage, generation = window.lineage, window.generation
    window.take({"moves": [entry(1, 3), entry(0, 4)], "moves_from": 3, "moves_count": 5})  # two new moves
    assert window.lineage == lineage and window.generation > generation and window.count() == 5
    window.take({"moves": [], "moves_from": 3, "moves_count": 3})  # an undo of both
    assert window.lineage > lineage and window.count() == 3
    lineage = window.lineage
    window.take({"moves": [entry(1, 8)], "moves_from": 2, "moves_count": 3})  # move 2 replaced
    assert window.lineage > lineage
    lineage = window.lineage
    window.hold(entries([0, 1]), 0)  # a kept picture
    assert window.lineage > lineage


def test_entries_added_one_by_one_make_the_list_drawn_at_once():
    made = entries([0, 1, 2, 3] * 3)
    recent = 9

    def markup_at(index, e):
        return "m" + str(index)

    whole = move_entries.move_list(TEXTS, None, None, None, 0, made, recent, 0, markup_at)
    added = "".join(move_entries.items(TEXTS, made[:5], 0, None, recent, markup_at)
                    + move_entries.items(TEXTS, made[5:], 5, None, recent, markup_at))
    assert whole == ('<section class="move-list" data-move-section>' + move_entries.head(TEXTS, 0, 0, False)
                     + '<ol class="moves" data-move-list>' + added + '</ol></section>')
    assert whole.count(" recent") == 3


def test_the_list_drawn_numbers_from_its_start_and_offers_the_earlier_moves():
    made = entries([0, 1] * 50)
    markup = move_entries.move_list(TEXTS, None, None, None, 40, made[40:], recent=99, held_from=0,
                                    markup_at=lambda i, e: "x")
    assert 'data-move-index="40"' in markup and 'data-move-index="39"' not in markup
    assert '<span class="num">41.</span>' in markup
    assert 'data-action="earlier-moves"' in markup and "Show 40 earlier moves" in markup
    assert markup.count("recent") == 1 and "(new)" in markup
    whole = move_entries.move_list(TEXTS, {"moves": made[:3]}, lambda e: "y")
    assert "earlier-moves" not in whole and whole.count("data-move-index") == 3
    kept = move_entries.move_list(TEXTS, {"moves": made[95:], "moves_from": 95}, lambda e: "y")
    assert 'data-move-index="95"' in kept and "earlier-moves" not in kept  # a kept picture has no more
    assert "No moves yet" in move_entries.move_list(TEXTS, {"moves": []}, lambda e: "y")


def test_a_kept_view_holds_the_newest_entries_only():
    part, first = move_window.kept_part(entries([0] * 1000))
    assert first == 1000 - move_window.WINDOW and len(part) == move_window.WINDOW
    part, first = move_window.kept_part(entries([0, 1]))
    assert first == 0 and len(part) == 2


def test_a_kept_picture_is_replaced_only_by_a_whole_list():
    window = MoveWindow()
    window.hold(entries([0, 1]), 940)
    assert window.take({"moves": [entry(0)], "moves_from": 3, "moves_count": 4})  # a stray delta
    assert window.count() == 942 and window.offset == 940
    assert window.take({"moves": entries([0, 1, 0]), "moves_from": 0, "moves_count": 3})
    assert window.count() == 3 and window.offset == 0


def test_a_window_from_the_host_holds_the_newest_and_takes_deltas_and_earlier_entries():
    window = MoveWindow()
    ok = window.take({"moves": entries([0, 1] * 30), "moves_from": 940, "moves_first": 940, "moves_count": 1000})
    assert ok and window.offset == 940 and window.count() == 1000 and window.drawn()[0] == 940
    assert window.wanted() is None  # the newest WINDOW are held
    assert window.take({"moves": [entry(0, 77)], "moves_from": 999, "moves_count": 1000})  # an undo and a move
    assert window.count() == 1000 and window.entry(999)["params"]["n"] == 77 and window.entry(939) is None
    assert not window.take({"moves": [entry(0)], "moves_from": 930, "moves_count": 931})  # behind the window
    window.show_more()
    assert window.wanted() == (940, 100)  # 100 more drawn: ask for the 100 before the window
    generation = window.generation
    assert not window.prepend({"from": 839, "before": 939, "moves": entries([1] * 100), "fitted": True})
    assert not window.prepend({"from": 840, "before": 940, "moves": [], "fitted": False})
    assert window.prepend({"from": 840, "before": 940, "moves": entries([1] * 100), "fitted": True})
    assert window.offset == 840 and window.count() == 1000 and window.generation > generation
    assert window.drawn()[0] == 840 and window.wanted() is None
    assert window.wanted(viewing=12) == (840, 828)  # a move viewed from further back
    assert move_window.kept_part(window.entries, window.offset)[1] == 940


def test_a_kept_picture_asks_the_host_for_nothing_and_gives_way_to_its_window():
    window = MoveWindow()
    window.hold(entries([0, 1] * 30), 940)
    window.show_more()
    assert window.wanted() is None and window.drawn()[0] == 940
    assert window.take({"moves": [entry(0)], "moves_from": 999, "moves_count": 1000})  # kept as it is
    assert window.offset == 940 and window.picture
    assert window.take({"moves": entries([0] * 60), "moves_from": 940, "moves_first": 940, "moves_count": 1000})
    assert not window.picture and window.wanted() == (940, 100)
    short = MoveWindow()
    short.hold(entries([0, 1, 0]), 0)
    assert short.take({"moves": entries([0, 1]), "moves_from": 0, "moves_count": 2})
    assert short.count() == 2 and not short.picture


# (entry focused, key, moves) -> ("past", k): after move k, -1 the start; ("present", newest)
KEYS_ON_ENTRIES = [
    ((5, "ArrowUp", 10), ("past", 4)),
    ((5, "ArrowLeft", 10), ("past", 4)),
    ((5, "ArrowDown", 10), ("past", 6)),
    ((8, "ArrowRight", 10), ("present", 9)),
    ((9, "ArrowDown", 10), ("present", 9)),
    ((0, "ArrowUp", 10), ("past", -1)),  # before the first move: the start
    ((7, "Home", 10), ("past", -1)),
    ((3, "End", 10), ("present", 9)),
    ((0, "ArrowUp", 1), ("past", -1)),
    ((0, "ArrowDown", 1), ("present", 0)),
    ((5, "Enter", 10), None),
    ((0, "ArrowUp", 0), None),
]


def test_keys_on_an_entry_step_through_the_positions_from_the_start_and_past_the_newest_to_the_game():
    for (index, key, count), expected in KEYS_ON_ENTRIES:
        assert stepped(index, key, count) == expected, (index, key, count)
