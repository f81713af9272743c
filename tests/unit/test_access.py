"""The pure builders of access.py and what the screens draw for fingers, keys
and screen readers. Plain asserts: tests/mpy/run.mjs runs this file under
MicroPython too."""

from spielstube.ui.common import access, move_entries, rules_page, widgets
from spielstube.ui.common.texts import Texts
from spielstube.ui.heptalion.screen import HeptalionScreen
from spielstube.ui.schlangennest.board import card_name
from spielstube.ui.topologic.screen import TopologicScreen

TEXTS = Texts({
    "you": {"en": "You"}, "computer_level": {"en": "Computer ({level})"}, "level_easy": {"en": "easy"},
    "frame.player_n": {"en": "Player {n}"},
    "access.move_announced": {"en": "Move {n}, {name}: {move}"},
    "access.getting_ready_status": {"en": "{name} is getting ready"},
    "access.field_covered": {"en": "covered"}, "sym_clover": {"en": "clover"}, "sym_dot": {"en": "dot"},
    "access.topo_still_possible": {"en": "still possible"}, "access.topo_ruled_out": {"en": "ruled out"},
    "topo_cell_label": {"en": "{place}, row {row}, column {col}"}, "topo_letter_0": {"en": "R"},
    "topo_place": {"en": "{colour} {pips}"}, "topo_colour_0": {"en": "red"},
    "access.snake_card": {"en": "{kind} ({colour}), field {x}, {y}"}, "access.snake_neutral": {"en": "neutral"},
    "snake_kind_curve": {"en": "Curve"}, "snake_colour_0": {"en": "Blue"},
    "game.heptalion": {"en": "Heptalion"}, "rules": {"en": "Rules"}, "rules_topologic": {"en": "Intro\n\n## Turn\n- a"},
    "back_to_game": {"en": "Back"},
}, "en")
SEATS = [{"kind": "human"}, {"kind": "ai", "level": "easy"}]


def test_board_min_px_makes_a_field_46_px():
    assert access.board_min_px(448, 38) == 543  # Heptalion: 448 units wide, fields of 38
    assert access.board_min_px(448, 38) * 38 / 448 >= access.MIN_TAP_PX
    assert access.board_min_px(100, 100, 44) == 44


def test_pan_box_carries_the_least_and_the_zoomed_size():
    markup = access.pan_box("<svg></svg>", 448, 224, 40, 38)  # Heptalion's fields: 40 apart, 38 wide
    assert 'data-board-pan' in markup
    assert "--board-min-w:314px" in markup and "--board-min-h:157px" in markup  # fields 28 px apart
    assert "--board-zoom-w:543px" in markup and "--board-zoom-h:272px" in markup  # faces of 46 px
    assert 314 * 40 / 448 >= access.MIN_FIELD_PX


def test_step_takes_the_nearest_field_on_the_arrows_side():
    # a 3 x 3 grid with the middle missing, 10 px apart
    centres = {}
    for r in range(3):
        for c in range(3):
            if (r, c) != (1, 1):
                centres[f"{r},{c}"] = (c * 10.0, r * 10.0)
    assert access.step(centres, "0,0", "ArrowRight") == "0,1"
    assert access.step(centres, "0,0", "ArrowDown") == "1,0"
    assert access.step(centres, "1,0", "ArrowRight") == "1,2"  # over the gap
    assert access.step(centres, "0,0", "ArrowLeft") is None  # the edge: nothing
    assert access.step(centres, "0,0", "ArrowUp") is None
    assert access.step(centres, None, "ArrowDown") == "0,0"  # the first in reading order
    # straight ahead beats a nearer field off to the side
    assert access.step({"a": (0, 0), "b": (30, 0), "c": (8, 9)}, "a", "ArrowRight") == "b"


VISIBLE = (0, 100, 344, 600)  # the pan box's part of a 360 px phone's screen


def field(left, top, size=46):
    return (left, top, left + size, top + size)


def test_pan_shift_leaves_the_box_alone_while_one_field_is_in_sight():
    assert access.pan_shift(VISIBLE, [field(500, 200), field(300, 200)]) is None  # centre 323: inside
    assert access.pan_shift(VISIBLE, []) is None


def test_pan_shift_brings_all_fields_in_when_they_fit():
    dx, dy = access.pan_shift(VISIBLE, [field(394, 200), field(442, 300)])
    assert (dx, dy) == (442 + 46 + 8 - 344, 0)  # the right edge of the farthest, with the margin
    assert 394 - dx >= 0  # the nearer one stays in too
    dx, _ = access.pan_shift(VISIBLE, [field(-150, 200), field(-100, 250)])
    assert dx == -150 - 8  # to the left: the least scroll


def test_pan_shift_takes_the_nearest_field_when_not_all_fit():
    far_right, far_left = field(1000, 200), field(-900, 200)
    dx, _ = access.pan_shift(VISIBLE, [far_right, far_left])
    assert dx == 1000 + 46 + 8 - 344  # 1000 lies nearer the middle (172) than -900
    assert 0 <= far_right[0] - dx and far_right[2] - dx <= 344


def test_pan_shift_pans_up_or_down_in_a_box_that_scrolls_both_ways():
    assert access.pan_shift(VISIBLE, [field(100, 700)]) == (0, 700 + 46 + 8 - 600)
    assert access.pan_shift(VISIBLE, [field(100, 20)]) == (0, 20 - 8 - 100)


def test_pan_shift_margin_shrinks_when_the_fields_barely_fit():
    dx, _ = access.pan_shift((0, 0, 100, 100), [field(200, 10, 48), field(248, 10, 48)])  # 96 of 100 px wide
    assert dx == 200 - 2  # a margin of (100 - 96) / 2 each side


def test_announcement_names_number_seat_and_move():
    view = {"seats": SEATS, "moves": [{"seat": 0}, {"seat": 1}]}
    said = access.announcement(TEXTS, view, [" places clover / dot ", "5/6–5/7", ""])
    assert said == "Move 2, Computer (easy): places clover / dot 5/6–5/7"
    assert access.announcement(TEXTS, {"seats": SEATS, "moves": []}, ["x"]) == ""


def test_before_ready_says_getting_ready_for_a_computer_turn_only():
    thinking = {"seats": SEATS, "thinking": 1, "result": None}
    shown, status = access.before_ready(TEXTS, thinking, False)
    assert shown["getting_ready"] is True and status == "Computer (easy) is getting ready"
    assert "getting_ready" not in thinking  # the view itself is left alone
    assert access.before_ready(TEXTS, thinking, True) == (thinking, None)  # the host answers: thinking
    person = {"seats": SEATS, "thinking": None}
    assert access.before_ready(TEXTS, person, False) == (person, None)
    marked = widgets.player_panel(TEXTS, shown, 1, "")
    assert 'data-indicator="getting-ready"' in marked and 'data-indicator="thinking"' not in marked


def test_heading_is_level_one():
    assert access.heading(TEXTS, "heptalion") == '<h1 class="game-title">Heptalion</h1>'
    page = rules_page.render_rules("topologic", TEXTS)
    assert page.count("<h1>") == 1 and "<h2>Turn</h2>" in page and "<h3>" not in page


ROWS = ["-" * 11] * 4 + ["-----CT----", "-----#-----"] + ["-" * 11] * 5


def hept_view():
    return {"game": "heptalion", "version": 3, "seat": 0, "viewer": 0, "seats": SEATS, "thinking": None,
            "board": {"rows": ROWS, "placed": [], "hands": [{"seat": 0, "count": 1, "tiles": ["CT"]},
                                                            {"seat": 1, "count": 1, "tiles": None}]},
            "legal": [{"player": 0, "tile": "CT", "cells": [[4, 5], [4, 6]]}], "past": None}


def test_heptalion_names_every_field_and_sizes_its_board():
    screen = HeptalionScreen()
    view = hept_view()
    screen.show(view, True)
    markup = screen.board(TEXTS, view)
    assert 'role="img" aria-label="clover, 5/6"' in markup
    assert 'role="img" aria-label="covered, 6/6"' in markup
    # zoomed in, fields a fingertip wide: the row and column numbers widen the board (543 -> 562 px)
    assert "data-board-pan" in markup and "--board-zoom-w:562px" in markup
    notice, _move = screen.tap_piece("CT")
    assert screen.take_focus() == access.FIRST_FIELD and screen.take_focus() is None  # once
    markup = screen.board(TEXTS, view)
    assert 'tabindex="0" role="button" aria-label="clover, 5/6"' in markup


def test_move_list_is_a_list_of_buttons():
    view = {"seats": SEATS, "moves": [{"seat": 1}]}
    markup = move_entries.move_list(TEXTS, view, lambda e: "x", viewing=0)
    assert '<li class="entry seat-1 viewing"><button type="button" class="entry-button" data-move-index="0"' in markup
    assert 'aria-pressed="true"' in markup and 'role="button"' not in markup


TILES = [["0/1", "0/2", "0/3"], ["0/4", "0/5", "0/6"]]


def topo_view(positions, legal):
    return {"game": "topologic", "version": 3, "seat": 0, "seats": SEATS, "viewer": 0, "handover": None,
            "thinking": None, "legal": legal, "past": None, "result": None,
            "status": {"key": "status.turn", "params": {"seat": 0}},
            "board": {"board": "6x10.abc", "tiles": TILES, "seekers": 2, "round": 0, "phase": "seek",
                      "seeker": 0, "game_master": 1, "first_seeker": 0, "positions": positions,
                      "rounds": [{"seeker": 0, "hints": [{"seekers": positions, "hint": 1}], "hidden": True,
                                  "secret": None}],
                      "candidates": [[0, 1]], "counts": [1, 0], "full_hint": 4}}


def test_topologic_letters_stay_above_seekers_and_ruled_out_fields_are_hatched():
    screen = TopologicScreen()
    view = topo_view([[0, 0], [1, 2]], {"seekers": [[[0, 0], [0, 1]], [[1, 2], [1, 1]]]})
    screen.show(view, True)
    screen.letters = True
    screen.helper = True
    markup = screen.board(TEXTS, view)
    overlay = markup[markup.index('class="topo-overlay"'):]
    assert overlay.count('class="topo-letter-over"') == 2  # one plate per field with seekers
    assert overlay.index("topo-token") < overlay.index("topo-letter-over")  # drawn after the seekers
    assert 'id="topo-hatch"' in markup and markup.count('class="veil"') == 5  # all but the candidate
    assert "still possible" in markup and "ruled out" in markup
    assert markup.count('role="img" aria-label="red 3, row 1, column 3') == 1  # fields not offered are named
    hint = screen.status_extra(TEXTS, view)
    assert 'class="topo-hint"' in hint and 'data-hint="1"' in hint
    assert "topo-hint" not in markup  # the hint lives in the status bar, not in the board


def test_schlangennest_card_names():
    card = {"card": "curve", "colour": 0}
    assert card_name(TEXTS, card, (1, -2)) == "Curve (Blue), field 1, \u22122"
    assert card_name(TEXTS, {"card": "curve", "colour": 5}, (0, 0)) == "Curve (neutral), field 0, 0"


def test_zoom_button_says_whether_the_board_is_zoomed_in():
    texts = Texts({"access.board_zoom": {"en": "Zoom in on the board"}}, "en")
    assert 'data-action="board-zoom" aria-pressed="false">Zoom in on the board' in access.zoom_button(texts, False)
    assert 'aria-pressed="true"' in access.zoom_button(texts, True)
