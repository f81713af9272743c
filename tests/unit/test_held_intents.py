"""Intents held while the host is away (ui/frame/held.py): sent only when the host's
first view shows the position they were made on; a held move stays drawn on the
board meanwhile (Screen.show_held). Runs under MicroPython too (tests/mpy/run.mjs)."""

import json

from spielstube.ui.frame.held import DIFFERS, HELD, RESENT, SEND, HeldIntents, differences, position

MOVE_A = {"player": 0, "tile": "CT", "cells": [[4, 7], [5, 7]]}
MOVE_B = {"player": 0, "tile": "PP", "cells": [[2, 3], [2, 4]]}
ENTRY = {"seat": 1, "kind": "place", "text_key": "heptalion.entry_place",
         "params": {"tile": "SS", "cells": [[8, 5], [8, 6]], "out": []}, "cells": [[8, 5], [8, 6]]}


def view(**changes):
    """A view as the frame holds it (moves: the newest entries, from move ``moves_first`` on)."""
    base = {"game": "heptalion", "version": 7, "seat": 0, "viewer": None, "handover": None,
            "moves": [dict(ENTRY, seat=0), ENTRY], "moves_first": 40, "legal": [MOVE_A, MOVE_B],
            "result": None, "past": None, "thinking": None, "status": {"key": "status.your_turn"}}
    base.update(changes)
    return base


def kept_copy(shown):
    """The kept view as the page reads it back from storage: the same data through JSON."""
    return json.loads(json.dumps(shown))


def test_a_move_made_on_the_kept_view_is_sent_when_the_host_shows_the_same_position():
    held = HeldIntents()
    fields = {"game": "heptalion", "version": 7, "move": MOVE_A}
    held.hold("move", fields, kept_copy(view()))
    assert len(held) == 1 and held.kinds() == ["move"]
    # The host's first view: other fields (status, thinking, the window of entries) may differ.
    outcome = held.settle(view(status={"key": "other"}, moves=[ENTRY], moves_first=41))
    assert outcome == (SEND, [("move", fields)])
    assert len(held) == 0 and held.settle(view()) is None  # nothing stays held


def test_another_position_sends_nothing_and_says_so():
    cases = {
        "version": view(version=8),
        "count": view(moves_first=39),
        "last": view(moves=[ENTRY, dict(ENTRY, seat=0)]),
        "legal": view(legal=[MOVE_B]),
        "seat": view(seat=1),
        "handover": view(handover={"to": 0}),
        "over": view(result={"winner": 1}),
    }
    for name, live in cases.items():
        held = HeldIntents()
        held.hold("move", {"move": MOVE_A, "version": 7}, view())
        outcome = held.settle(live)
        assert outcome[0] == DIFFERS, name
        assert outcome[1] == [("move", {"move": MOVE_A, "version": 7})]
        assert name in differences(position(view()), position(live)), name
        assert len(held) == 0


def test_a_past_view_is_never_the_position_held_for():
    held = HeldIntents()
    held.hold("move", {"move": MOVE_A}, view())
    assert held.settle(view(past=3))[0] == DIFFERS


def test_several_intents_keep_their_order_and_the_first_ones_position():
    held = HeldIntents()
    first = view()
    held.hold("move", {"move": MOVE_A, "version": 7}, first)
    held.hold("undo", {"version": 7}, view(version=9, legal=[]))  # made later: the first position stands
    outcome = held.settle(first)
    assert outcome == (SEND, [("move", {"move": MOVE_A, "version": 7}), ("undo", {"version": 7})])


def test_the_fields_held_are_a_copy():
    held = HeldIntents()
    fields = {"move": MOVE_A}
    held.hold("move", fields, view())
    fields["move"] = MOVE_B
    assert held.settle(view())[1][0][1]["move"] == MOVE_A


def test_an_empty_game_and_a_kept_view_without_entries_compare_alike():
    fresh = view(moves=[], moves_first=0, version=1)
    assert position(kept_copy(fresh)) == position(fresh)
    assert position(fresh)["count"] == 0 and position(fresh)["last"] is None
    held = HeldIntents()
    held.hold("handover-done", {"version": 1}, fresh)
    assert held.settle(dict(fresh, moves_first=None))[0] == SEND


def test_what_may_be_held():
    assert "move" in HELD and "handover-done" in HELD
    for intent in ("new", "load", "open", "analyse", "check", "view-past"):
        assert intent not in HELD
    # A new game a dead worker left unanswered is asked for again; a record to load is not
    # (its own answer says it failed), nor anything the host itself does at open.
    assert set(HELD) < set(RESENT) and "new" in RESENT and "rematch" in RESENT
    assert "load" not in RESENT and "open" not in RESENT


def test_a_held_move_stays_drawn_laid_until_a_view_of_another_version():
    from spielstube.ui.common.texts import Texts
    from spielstube.ui.heptalion.screen import HeptalionScreen
    from spielstube.ui.schlangennest.screen import SchlangennestScreen
    texts = Texts({}, "en")
    seats = [{"kind": "human"}, {"kind": "ai", "level": "easy"}]
    rows = ["-" * 11] * 4 + ["----CT-----", "----PD-----"] + ["-" * 11] * 5
    placed = {"player": 0, "tile": "CD", "cells": [[4, 4], [5, 4]]}
    laid = {"player": 0, "action": "place", "card": "straight", "cell": [0, 0], "rot": 0}
    cases = (
        (HeptalionScreen(), {"board": {"rows": rows, "placed": [], "hands": []}, "legal": [placed]},
         placed, "data-held-move"),
        (SchlangennestScreen(), {"board": {"cards": [], "hands": [{"straight": 7}], "lengths": [0, 0]},
                                 "legal": [laid]}, laid, "preview selected"),
    )
    for screen, fields, move, mark in cases:
        shown = dict(fields, version=3, seat=0, seats=seats, moves=[])
        screen.show(shown, True)
        screen.frozen = True  # the frame's state while a move is held: nothing is offered
        screen.show_held(move)
        drawn = screen.board(texts, shown)
        assert mark in drawn and " legal" not in drawn, screen
        screen.show(dict(shown, version=4), True)  # the host's answer to the move
        assert mark not in screen.board(texts, shown), screen
        screen.show(shown, True)
        screen.show_held(move)
        screen.show_held(None)  # not played: the host showed another position
        assert mark not in screen.board(texts, shown), screen
