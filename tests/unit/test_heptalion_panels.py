"""Heptalion for 2-4 at one table, the page's pure parts: panel order, marks
of the placements since your last turn, why a seat is out, hands face up or
down, the discard, the ranking, and the confirm step on the screen. Plain
asserts: tests/mpy/run.mjs runs this file under MicroPython too."""

from spielstube.ui.heptalion import panels as hp
from spielstube.ui.common.texts import Texts
from spielstube.ui.heptalion.screen import HeptalionScreen

TEXTS = Texts({
    "you": {"en": "You"}, "computer_level": {"en": "Computer ({level})"},
    "seat_names.computer_n_level": {"en": "Computer {n} ({level})"},
    "level_easy": {"en": "easy"}, "frame.player_n": {"en": "Player {n}"},
    "you_win": {"en": "You win!"}, "frame.wins": {"en": "{name} wins."},
    "hept_table.out_you": {"en": "Out: none of your {count} tiles fits any more."},
    "hept_table.out_you_one": {"en": "Out: your last tile fits nowhere any more."},
    "hept_table.out_other": {"en": "Out: none of their {count} tiles fits any more."},
    "hept_table.out_other_one": {"en": "Out: their last tile fits nowhere any more."},
    "hept_table.others_play_on": {"en": "The others play on."},
    "hept_table.shared_place": {"en": "(shared place)"},
    "hept_table.rematch_last_starts": {"en": "Rematch (last place starts)"},
    "rematch_loser_starts": {"en": "Rematch (the loser starts)"},
    "hept_table.discard": {"en": "Out of the game"},
    "status.thinking": {"en": "{seat} thinks."},
    "hept_table.confirm_or_take_back": {"en": "Confirm or take back."},
}, "en")

ROWS = ["-" * 11] * 4 + ["-----CTT---", "-----##----"] + ["-" * 11] * 5
PERSON = {"kind": "human"}
EASY = {"kind": "ai", "level": "easy"}


def text_of(markup):
    """The words of markup, tags dropped (a seat mark keeps its shape)."""
    out, inside = [], False
    for char in markup:
        if char == "<":
            inside = True
        elif char == ">":
            inside = False
        elif not inside:
            out.append(char)
    return "".join(out)


def view(seats=(PERSON, EASY, EASY), viewer=0, seat=0, placed_by=(), **changes):
    players = len(seats)
    placed = [{"seat": s, "tile": "TT", "cells": [[5, 5], [5, 6]]} for s in placed_by]
    base = {
        "game": "heptalion", "version": 4, "seat": seat, "viewer": viewer, "handover": None,
        "seats": list(seats), "thinking": None, "result": None, "watching": False,
        "board": {"rows": ROWS, "placed": placed, "discard": "OX" if players == 3 else None,
                  "hands": [{"seat": s, "count": 2, "tiles": ["CT", "DX"] if s == viewer else None}
                            for s in range(players)],
                  "out": [None] * players, "alive": [True] * players, "first": 0},
        "legal": [], "moves": [], "status": {"key": "status.thinking", "params": {"seat": "Computer (easy)"}},
    }
    base.update(changes)
    return base


def test_your_own_panel_comes_first_then_the_others_in_playing_order():
    assert hp.panel_order(view(viewer=2, seats=(PERSON, EASY, PERSON)), 3) == [2, 0, 1]
    assert hp.panel_order(view(viewer=None, seats=(EASY, PERSON, EASY, EASY)), 4) == [1, 2, 3, 0]
    assert hp.panel_order(view(viewer=None, seats=(PERSON, PERSON, EASY)), 3) == [0, 1, 2]  # hand-over
    markup = hp.panels(TEXTS, view(viewer=1, seats=(EASY, PERSON, EASY)))
    assert markup.index('data-seat="1"') < markup.index('data-seat="2"') < markup.index('data-seat="0"')


def test_every_placement_since_your_last_turn_is_marked():
    assert hp.recent_placements(view(placed_by=(0, 1, 2, 0, 1))) == {4}
    assert hp.recent_placements(view(viewer=2, seats=(EASY, EASY, PERSON), placed_by=(0, 1, 2, 0, 1))) == {3, 4}
    assert hp.recent_placements(view(viewer=2, seats=(EASY, EASY, PERSON), placed_by=(0, 1))) == {0, 1}
    assert hp.recent_placements(view(placed_by=())) == set()
    # watching: the seat to act stands in for "you"
    watched = view(seats=(EASY, EASY, EASY), viewer=None, seat=1, placed_by=(0, 1, 2, 0))
    assert hp.recent_placements(watched) == {2, 3}
    out = view(seat=2, placed_by=(0, 1, 2, 1, 2, 1))  # you are out: as if watching
    out["board"]["alive"] = [False, True, True]
    assert hp.recent_placements(out) == {5}
    over = view(seat=None, placed_by=(0, 1, 2), viewer=None, seats=(EASY, EASY, EASY))
    assert hp.recent_placements(over) == {2}


def test_the_board_marks_all_recent_placements_and_the_last_one_darker():
    screen = HeptalionScreen()
    v = view(viewer=2, seat=2, seats=(EASY, EASY, PERSON), placed_by=(2, 0, 1))
    screen.show(v, True)
    board = screen.board(TEXTS, v)
    assert board.count(" recent") == 2 and board.count("last recent") == 1
    assert 'class="placed seat-2"' in board


def test_a_seat_that_is_out_is_told_why_with_the_number_of_its_tiles():
    v = view()
    v["board"]["alive"] = [False, True, True]
    v["board"]["out"] = [{"key": "heptalion.out_no_fit", "params": {"seat": 0, "count": 6}},
                         {"key": "heptalion.out_no_fit", "params": {"seat": 1, "count": 1}}, None]
    assert hp.out_text(TEXTS, v, 0) == "Out: none of your 6 tiles fits any more."
    assert hp.out_text(TEXTS, v, 1) == "Out: their last tile fits nowhere any more."
    assert hp.out_text(TEXTS, v, 2) == ""
    panels = hp.panels(TEXTS, v)
    assert 'data-out="0">Out: none of your 6 tiles fits any more.' in panels
    assert hp.status_prefix(TEXTS, v) == "Out: none of your 6 tiles fits any more. The others play on."
    screen = HeptalionScreen()
    screen.show(v, True)
    assert screen.status(TEXTS, v) == ("Out: none of your 6 tiles fits any more. The others play on. "
                                       "Computer (easy) thinks.")


def test_hidden_hands_show_counts_face_down_and_only_the_viewers_tiles():
    v = view()
    markup = hp.panels(TEXTS, v, {"CT"}, None)
    assert markup.count('data-piece="') == 2 and markup.count("face-down") == 4
    assert "data-tile=\"CT\"" not in markup
    handover = view(viewer=None, seats=(PERSON, PERSON, EASY), handover={"to": 1})
    assert "data-piece" not in hp.panels(TEXTS, handover)
    opened = view()
    opened["board"]["hands"][1]["tiles"] = ["OO", "PS"]
    assert 'data-tile="OO"' in hp.panels(TEXTS, opened) and 'data-piece="OO"' not in hp.panels(TEXTS, opened)


def test_three_players_show_the_discarded_tile():
    assert 'data-discard="OX"' in hp.panels(TEXTS, view())
    assert "data-discard" not in hp.panels(TEXTS, view(seats=(PERSON, EASY)))


def test_the_ranking_puts_the_last_one_left_first_and_the_rest_share_second_place():
    v = view(seat=None, result={"winner": 2, "ranking": [[2], [0, 1]]})
    v["board"]["out"] = [{"key": "heptalion.out_no_fit", "params": {"seat": 0, "count": 4}},
                         {"key": "heptalion.out_no_fit", "params": {"seat": 1, "count": 3}}, None]
    markup = hp.game_over(TEXTS, v)
    assert "Computer 2 (easy) wins." in markup  # two computers of one level: which one
    words = text_of(markup)
    assert "1. ▲Computer 2 (easy)2." in words  # the last one left, alone in first place
    assert "2. ●You, ■Computer 1 (easy) (shared place)" in words
    assert "none of your 4 tiles" in markup and "none of their 3 tiles" in markup
    assert "Rematch (last place starts)" in markup and 'data-action="rematch"' in markup
    two = view(seats=(PERSON, EASY), seat=None, result={"winner": 0, "ranking": [[0], [1]]})
    assert "You win!" in hp.game_over(TEXTS, two) and "the loser starts" in hp.game_over(TEXTS, two)
    assert hp.game_over(TEXTS, view()) == ""


def test_confirm_each_move_holds_the_placement_until_confirmed_or_taken_back():
    screen = HeptalionScreen()
    assert screen.prefs() == {"confirm_moves": False}
    legal = [{"player": 0, "tile": "CT", "cells": [[4, 5], [4, 6]]}]
    v = view(seats=(PERSON, EASY), legal=legal)
    screen.show(v, True)
    assert 'data-action="toggle-confirm">' in screen.panels(TEXTS, v)  # beside the panels
    assert "hept-confirm" not in screen.board(TEXTS, v)  # nothing under the board until a tile is laid
    assert screen.act("toggle-confirm", v) == (None, None)
    assert screen.prefs() == {"confirm_moves": True}
    screen.tap_piece("CT")
    screen.tap_cell([4, 5])
    assert screen.tap_cell([4, 6]) == (None, None)  # laid, not sent
    board = screen.board(TEXTS, v)
    assert "data-pending" in board and 'data-action="confirm"' in board and 'data-action="take-back"' in board
    assert 'data-action="toggle-confirm" checked' in screen.panels(TEXTS, v)
    assert screen.status(TEXTS, v) == "Confirm or take back."
    assert screen.act("take-back", v) == (None, None)
    assert "data-pending" not in screen.board(TEXTS, v) and screen.turn.tile == "CT"
    screen.tap_cell([4, 6])
    screen.tap_cell([4, 5])
    assert screen.act("confirm", v) == (None, ("move", legal[0]))
    again = HeptalionScreen()
    again.set_prefs({"confirm_moves": True})
    assert again.confirm_moves is True
    again.set_prefs({})
    assert again.confirm_moves is False
