"""Frame widgets and the Heptalion screen's markup from host views. Plain
asserts: tests/mpy/run.mjs runs this file under MicroPython too."""

from spielstube.ui.common import move_entries, widgets
from spielstube.ui.common.texts import Texts
from spielstube.ui.heptalion.screen import HeptalionScreen

TEXTS = Texts({
    "you": {"en": "You"}, "computer_level": {"en": "Computer ({level})"},
    "level_easy": {"en": "easy"}, "frame.player_n": {"en": "Player {n}"},
    "you_win": {"en": "You win!"}, "computer_wins": {"en": "The computer wins."},
    "frame.wins": {"en": "{name} wins."}, "frame.handover": {"en": "Pass to {name}."},
    "frame.handover_done": {"en": "I am {name}"},
}, "en")

ROWS = ["-" * 11] * 4 + ["-----CT----", "-----#-----"] + ["-" * 11] * 5


def view(**changes):
    base = {
        "game": "heptalion", "version": 3, "seat": 0, "viewer": 0, "handover": None,
        "seats": [{"kind": "human"}, {"kind": "ai", "level": "easy"}],
        "thinking": None, "getting_ready": False,
        "board": {"rows": ROWS, "placed": [{"seat": 1, "tile": "TT", "cells": [[5, 5], [6, 5]]}],
                  "hands": [{"seat": 0, "count": 2, "tiles": ["CT", "DX"]},
                            {"seat": 1, "count": 2, "tiles": None}],
                  "out": [None, None], "first": 1, "alive": [True, True]},
        "legal": [{"player": 0, "tile": "CT", "cells": [[4, 5], [4, 6]]}],
        "moves": [{"seat": 1, "kind": "place", "text_key": "heptalion.entry_place",
                   "params": {"tile": "TT", "cells": [[5, 5], [6, 5]]}, "cells": [[5, 5], [6, 5]]}],
        "status": {"key": "status.turn", "params": {"seat": 0}}, "result": None,
        "can_undo": False, "can_redo": False, "stuck": False, "past": None,
    }
    base.update(changes)
    return base


def test_seat_names():
    v = view()
    assert widgets.seat_name(TEXTS, v, 0) == "You"
    assert widgets.seat_name(TEXTS, v, 1) == "Computer (easy)"
    two = view(seats=[{"kind": "human"}, {"kind": "human"}])
    assert widgets.seat_name(TEXTS, two, 1) == "Player 2"


def test_move_list_numbers_entries_oldest_first():
    markup = move_entries.move_list(TEXTS, view(), lambda e: e["params"]["tile"], viewing=0)
    assert 'data-move-index="0"' in markup
    assert '<span class="num">1.</span>' in markup
    assert "viewing" in markup
    assert "TT" in markup


def test_game_over_panel_ranks_and_names_the_winner():
    over = view(seat=None, result={"winner": 1, "ranking": [[1], [0]]}, ranking=[[1], [0]])
    markup = widgets.game_over_panel(TEXTS, over)
    assert "The computer wins." in markup
    assert markup.index('data-rank="1"') < markup.index('data-rank="2"')
    assert 'data-action="rematch"' in markup
    assert widgets.game_over_panel(TEXTS, view()) == ""


def test_controls_follow_the_view_and_the_host():
    markup = widgets.controls(TEXTS, view(can_undo=True), True)
    assert 'data-action="undo" aria-keyshortcuts="Control+Z">' in markup
    assert 'data-action="redo" aria-keyshortcuts="Control+Y" disabled' in markup
    assert 'data-action="undo" aria-keyshortcuts="Control+Z" disabled' in widgets.controls(TEXTS, view(can_undo=True), False)
    assert "computer-again" in widgets.controls(TEXTS, view(stuck=True), True)
    assert 'data-action="share-game">' in widgets.controls(TEXTS, view(record="{}"), True)
    assert 'data-action="share-game" disabled' in widgets.controls(TEXTS, view(record="{}"), False)


def test_thinking_and_getting_ready_differ():
    thinking = widgets.player_panel(TEXTS, view(thinking=1), 1, "")
    ready = widgets.player_panel(TEXTS, view(thinking=1, getting_ready=True), 1, "")
    assert 'data-indicator="thinking"' in thinking
    assert 'data-indicator="getting-ready"' in ready


def test_a_waiting_computer_keeps_the_room_of_its_thinking_word():
    """So its panel, and Undo under it, do not move when it starts or stops thinking."""
    waiting = widgets.player_panel(TEXTS, view(), 1, "")
    thinking = widgets.player_panel(TEXTS, view(thinking=1), 1, "")
    assert 'class="indicator idle" aria-hidden="true"' in waiting and "data-indicator" not in waiting
    # the same words in both (the longer one keeps the width), the one not said hidden
    words = lambda markup: markup[markup.index('<span class="indicator-words">'):]
    assert words(waiting).replace(' aria-hidden="true"', "") == words(thinking).replace(' aria-hidden="true"', "")
    assert words(thinking).count('aria-hidden="true"') == 1
    assert "indicator" not in widgets.player_panel(TEXTS, view(), 0, "")  # a person's panel: no slot


def test_handover_screen_lists_the_moves_since_that_person_last_moved():
    seats = [{"kind": "human"}, {"kind": "human"}, {"kind": "ai", "level": "easy"}]
    moves = [{"seat": s, "kind": "place", "text_key": "heptalion.entry_place", "params": {"tile": t}}
             for s, t in ((0, "CT"), (1, "DX"), (2, "TT"), (0, "PP"), (1, "SS"), (2, "OO"))]
    shown = view(handover={"to": 1}, seats=seats, moves=moves, viewer=None)
    markup = widgets.handover_screen(TEXTS, shown, lambda entry: "<i>" + entry["params"]["tile"] + "</i>")
    assert markup.count("data-handover-move=") == 1 and 'data-handover-move="5"' in markup
    assert "<i>OO</i>" in markup and "<i>SS</i>" not in markup and "data-move-index" not in markup
    assert "Computer (easy)" in markup
    first = widgets.handover_screen(TEXTS, view(handover={"to": 1}, seats=seats, moves=moves[:1], viewer=None),
                                    lambda entry: "<i>" + entry["params"]["tile"] + "</i>")
    assert 'data-handover-move="0"' in first and "<i>CT</i>" in first  # not moved yet: every move so far
    kept = view(handover={"to": 1}, seats=seats, moves=moves[4:], moves_from=4, viewer=None)
    assert 'data-handover-move="5"' in widgets.handover_screen(TEXTS, kept, lambda entry: "")
    assert "data-handover-moves" not in widgets.handover_screen(TEXTS, shown)  # no entries drawn: none listed


def test_handover_screen_shows_no_hand():
    markup = widgets.handover_screen(TEXTS, view(handover={"to": 1}, seats=[{"kind": "human"}] * 2))
    assert 'data-handover="1"' in markup and "Player 2" in markup
    assert "data-piece" not in markup


def test_heptalion_screen_offers_only_legal_tiles_and_fields():
    screen = HeptalionScreen()
    v = view()
    screen.show(v, True)
    panels = screen.panels(TEXTS, v)
    assert 'class="tile legal" data-piece="CT"' in panels
    assert 'data-piece="DX"' in panels and 'class="tile unplayable" data-piece="DX"' in panels
    assert panels.count("face-down") == 2
    assert screen.tap_piece("CT") == (None, None)
    board = screen.board(TEXTS, v)
    assert 'class="cell legal" data-cell="4,5"' in board
    assert 'class="cell covered" data-cell="5,5"' in board
    assert 'class="placed seat-1 last recent"' in board  # new since seat 0's last turn
    assert screen.tap_cell([4, 6]) == (None, None)
    assert screen.tap_cell([4, 5]) == (None, v["legal"][0])


def test_heptalion_screen_frozen_offers_nothing():
    screen = HeptalionScreen()
    v = view()
    screen.show(v, True)
    screen.frozen = True
    assert "legal" not in screen.board(TEXTS, v)
    assert "tile legal" not in screen.panels(TEXTS, v)
    kept = HeptalionScreen()
    kept.show(v, False)
    assert kept.tap_piece("CT") == ("wait_for_turn", None)


def test_heptalion_entry_names_tile_and_fields():
    screen = HeptalionScreen()
    text = screen.entry(Texts({"heptalion.entry_place": {"en": "{tile}"},
                               "sym_dot": {"en": "dot"}}, "en"), view()["moves"][0])
    assert "dot / dot</span>" in text and "6/6–7/6" in text


def test_an_out_seat_shows_its_reason():
    texts = Texts({"heptalion.out_no_fit": {"en": "Out: none of the {count} tiles fitted."}}, "en")
    markup = widgets.player_panel(texts, view(), 1, "", {"key": "heptalion.out_no_fit",
                                                          "params": {"seat": 1, "count": 3}})
    assert "Out: none of the 3 tiles fitted." in markup


def test_the_result_names_which_computer_won_when_there_are_several():
    texts = Texts({"you": {"en": "You"}, "computer_level": {"en": "Computer ({level})"},
                   "seat_names.computer_n_level": {"en": "Computer {n} ({level})"},
                   "level_easy": {"en": "easy"}, "frame.wins": {"en": "{name} wins."},
                   "computer_wins": {"en": "The computer wins."}, "you_win": {"en": "You win!"}}, "en")
    three = view(seats=[{"kind": "human"}, {"kind": "ai", "level": "easy"}, {"kind": "ai", "level": "easy"}],
                 result={"winner": 2, "ranking": [[2], [0, 1]]})
    assert widgets.result_text(texts, three) == "Computer 2 (easy) wins."
    assert widgets.result_text(texts, dict(three, result={"winner": 0})) == "You win!"
    assert widgets.result_text(texts, view(result={"winner": 1})) == "The computer wins."


def test_the_star_says_what_it_marks_beside_it():
    texts = Texts({"start_player": {"en": "starts"}, "start_player.topologic": {"en": "seeks first"}}, "en")
    first = view()["board"]["first"]
    markup = widgets.player_panel(texts, view(), first, "")
    assert '<span class="star-note">starts</span>' in markup
    assert '<span class="star-note">seeks first</span>' in widgets.player_panel(texts, view(game="topologic"), first, "")
    assert "star-note" not in widgets.player_panel(texts, view(), 1 - first, "")
