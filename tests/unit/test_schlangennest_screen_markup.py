"""The Schlangennest screen's markup from a fixed host view. Plain asserts only:
tests/mpy/run.mjs runs this same file under MicroPython, pytest under CPython."""

from spielstube.ui.common.texts import Texts
from spielstube.ui.schlangennest.screen import SchlangennestScreen
from spielstube.ui.schlangennest import board as sb

TEXTS = Texts({
    "snake_colour_0": {"en": "Blue"}, "snake_colour_1": {"en": "Red"},
    "snake_kind_curve": {"en": "Curve"}, "snake_kind_straight": {"en": "Straight"},
    "snake_kind_tail": {"en": "Tail"}, "snake_kind_head": {"en": "Head"},
    "snake_move_place": {"en": "{kind} at {x}, {y}"}, "snake_move_pass": {"en": "passes"},
    "snake_why_pass_blocked": {"en": "no card fits"}, "you": {"en": "You"},
    "status.thinking": {"en": "{seat} is thinking…", "params": {"seat": "other"}},
    "computer_level": {"en": "Computer ({level})", "params": {"level": "level"}}, "level_easy": {"en": "easy"},
    "snake_field_does_not_fit": {"en": "{kind} does not fit there."},
    "snake_field_refused": {"en": "{kind} does not fit there: {reason}"},
    "reason.schlangennest.joins_colours": {"en": "it would join two colours."},
    "snake_length_preview": {"en": "Length after it: {n} (now {before})"},
}, "en")

CURVE = {"cell": [0, 0], "card": "curve", "colour": 0, "rot": 1,
         "parts": [{"edges": [1, 2], "own": True, "end": None, "snake": 0},
                   {"edges": [3, 0], "own": False, "end": None, "snake": None}]}
NEUTRAL = {"cell": [2, 2], "card": "straight", "colour": 2, "rot": 0,
           "parts": [{"edges": [0, 2], "own": True, "end": None, "snake": 2},
                     {"edges": [1, 3], "own": False, "end": None, "snake": None}]}
LEGAL = [{"player": 1, "action": "place", "card": "curve", "cell": [-1, 0], "rot": 2},
         {"player": 1, "action": "place", "card": "curve", "cell": [-1, 0], "rot": 3},
         {"player": 1, "action": "place", "card": "head", "cell": [-1, 0], "rot": 1}]


def view(legal=LEGAL):
    board = {"cards": [CURVE, NEUTRAL], "hands": [{"straight": 7, "curve": 8, "tail": 1, "head": 1},
                                                  {"straight": 7, "curve": 9, "tail": 1, "head": 0}],
             "lengths": [2, 0], "finished": [False, False], "rings": [False, False],
             "open_ends": [[{"cell": [0, 0], "edge": 2}], []], "area": [5, 7],
             "border": {"x": None, "y": None}, "extent": {"x": [-4, 4], "y": [-6, 6]},
             "to_move": 1, "first": 0, "players": 2, "tail_first": False, "first_round": True}
    return {"game": "schlangennest", "version": 3, "seat": 1, "viewer": 1, "legal": legal,
            "seats": [{"kind": "ai", "level": "easy"}, {"kind": "human"}], "board": board,
            "moves": [{"seat": 0, "kind": "place", "text_key": "schlangennest.entry_place",
                       "params": {"card": "curve", "cell": [0, 0], "rot": 1}, "cells": [[0, 0]]}],
            "status": {"key": "status.turn", "params": {"seat": 1}}, "past": None, "handover": None}


def test_hand_offers_the_kinds_that_fit_and_the_tray_waits_for_a_field():
    screen = SchlangennestScreen()
    shown = view()
    screen.show(shown, True)
    markup = screen.board(TEXTS, shown)
    assert 'data-piece="curve"' in markup and 'data-piece="straight"' in markup
    assert markup.count('sn-card-btn legal') == 2  # curve and head
    assert 'data-action="confirm" disabled' in markup
    assert "\u22121" in markup  # the field labels use a real minus sign
    assert 'class="sn-card straight neutral"' in markup  # a colour no seat has: drawn calm


def test_a_kind_a_field_and_rotate_then_lay_sends_the_legal_move():
    screen = SchlangennestScreen()
    shown = view()
    screen.show(shown, True)
    assert screen.tap_piece("curve") == (None, None)
    assert screen.tap_cell([3, 3])[0] == "snake_field_does_not_fit"
    assert screen.notice_text(TEXTS, "snake_field_does_not_fit") == "Curve does not fit there."
    assert screen.tap_cell([-1, 0]) == (None, None)
    assert "preview selected" in screen.board(TEXTS, shown)
    assert screen.key("R") == (None, None)
    notice, request = screen.act("confirm", shown)
    assert request == ("move", LEGAL[1])
    assert screen.take_focus() == '[data-action="confirm"]'


def test_the_host_says_why_a_field_is_refused_and_what_the_chosen_card_brings():
    screen = SchlangennestScreen()
    shown = view()
    screen.show(shown, True)
    assert screen.take_check() is None  # nothing chosen, nothing to ask
    screen.tap_piece("curve")
    screen.tap_cell([3, 3])
    asked = screen.take_check()
    assert asked == {"player": 1, "action": "place", "card": "curve", "cell": [3, 3]}  # no rotation yet
    refusal = {"type": "check", "legal": False, "code": "schlangennest.joins_colours", "params": {},
               "message": "joins"}
    key = screen.checked(refusal)
    assert screen.notice_text(TEXTS, key) == "Curve does not fit there: it would join two colours."
    screen.tap_cell([-1, 0])
    asked = screen.take_check()
    assert asked == LEGAL[0] and screen.take_check() is None  # once per card and rotation
    assert "sn-preview" not in screen.board(TEXTS, shown)
    answer = {"type": "check", "legal": True, "move": LEGAL[0],
              "preview": {"colour": 1, "length_before": 0, "length": 1, "lengths": [2, 1], "finished": False}}
    assert screen.checked(answer) is None
    markup = screen.board(TEXTS, shown)
    assert 'data-preview-length="1"' in markup and "Length after it: 1 (now 0)" in markup
    screen.turn.rotate()  # another rotation: its own preview is asked for
    assert "sn-preview" not in screen.board(TEXTS, shown)
    assert screen.take_check() == LEGAL[1]
    assert screen.checked({"type": "error", "code": "host.stale"}) is None


def test_panels_entries_and_status_name_the_colours():
    screen = SchlangennestScreen()
    shown = view()
    screen.show(shown, True)
    panels = screen.panels(TEXTS, shown)
    assert "Blue" in panels and "Red" in panels
    assert "Curve at 0, 0" in screen.entry(TEXTS, shown["moves"][0])
    passed = {"seat": 0, "kind": "pass", "params": {"reason": "blocked"}, "cells": []}
    assert "passes: no card fits" in screen.entry(TEXTS, passed)
    screen.show(view(legal=[]), True)
    # the status names a computer as its panel does (the frame puts the seat's name in)
    thinking = dict(view(legal=[]), status={"key": "status.thinking", "params": {"seat": "Computer (easy)"}})
    assert screen.status(TEXTS, thinking) == "Computer (easy) is thinking…"
    assert "Computer (easy)" in screen.panels(TEXTS, thinking)
    waiting = screen.board(TEXTS, view(legal=[]))
    assert 'class="sn-tray waiting"' in waiting and " legal" not in waiting


def test_the_persons_cards_keep_their_place_while_another_seat_moves():
    """The tray is drawn on the computer's turn too, none of its cards playable (so nothing
    under it moves as turns pass); no tray where nobody's cards are shown."""
    screen = SchlangennestScreen()
    computer = dict(view(legal=[]), seat=0, viewer=None)
    screen.show(computer, True)
    waiting = screen.board(TEXTS, computer)
    pieces = waiting.count("data-piece=")
    assert pieces == 4 and waiting.count("aria-pressed=\"false\" disabled") == pieces
    assert "×9" in waiting and "×0" in waiting and "×8" not in waiting  # the person's hand (seat 1), not the computer's
    assert 'data-action="rotate" aria-keyshortcuts="R" disabled' in waiting
    assert 'data-action="confirm" disabled' in waiting
    # Two snakes each: a row per snake the person owns, as on their turn.
    two = dict(computer, board=dict(computer["board"], snakes=2, colours=[
        {"colour": 0, "seat": 0}, {"colour": 1, "seat": 1}, {"colour": 2, "seat": 0}, {"colour": 3, "seat": 1}]))
    rows = screen.board(TEXTS, two)
    assert rows.count("data-piece=") == 8 and rows.count('data-colour="1"') == 4 and rows.count('data-colour="3"') == 4
    watched = dict(computer, seats=[{"kind": "ai", "level": "easy"}, {"kind": "ai", "level": "easy"}])
    assert "sn-tray" not in screen.board(TEXTS, watched)
    passing = dict(computer, seats=[{"kind": "human"}, {"kind": "human"}])
    assert "sn-tray" not in screen.board(TEXTS, passing)  # two persons, nobody holds the device
    assert "sn-tray" not in screen.board(TEXTS, dict(computer, result={"winners": [1]}))
    mine = view()
    screen.show(mine, True)
    assert 'class="sn-tray"' in screen.board(TEXTS, mine)  # the person's turn: offered


def test_an_empty_table_shows_the_nest_size_its_status_names():
    x0, x1, y0, y1 = sb.view_bounds({"cards": [], "area": [5, 7], "border": {}}, [])
    assert (x1 - x0 + 1, y1 - y0 + 1) == (5, 7)
    x0, x1, y0, y1 = sb.view_bounds({"cards": [], "area": None, "border": {}}, [])
    assert (x1 - x0 + 1, y1 - y0 + 1) == (sb.MIN_VIEW, sb.MIN_VIEW)  # unlimited: the least view
