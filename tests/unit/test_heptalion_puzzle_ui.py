"""The page's Heptalion puzzle screen, analysis panel, board workshop and
board-code addresses, from host views and messages. Plain asserts:
tests/mpy/run.mjs runs this file under MicroPython too."""

from spielstube.ui.common import url_settings
from spielstube.ui.common.texts import Texts
from spielstube.ui.heptalion.analysis import TOGGLE, AnalysisPanel
from spielstube.ui.heptalion.puzzle_screen import AGAIN, SHOW_SOLUTION, PuzzleScreen, as_heptalion
from spielstube.ui.heptalion.screen import HeptalionScreen
from spielstube.ui.heptalion.workshop import Workshop, address, swapped

TEXTS = Texts({"puzzle.count": {"en": "Placed: {n}"}, "puzzle.best": {"en": "Best possible: {n}"},
               "analysis.win": {"en": "Won for {name}: {n}"}, "you": {"en": "You"},
               "frame.player_n": {"en": "Player {n}"}}, "en")
ROWS = ["-" * 11] * 4 + ["-----CT----", "-----TD----"] + ["-" * 11] * 5
PLACED = {"player": 0, "tile": "CT", "cells": [[4, 5], [4, 6]]}
LEGAL = [{"player": 0, "tile": "DT", "cells": [[5, 5], [5, 6]]}]


def puzzle_view(version=4, placed=(PLACED,), result=None, past=None):
    return {"game": "heptalion-puzzle", "version": version, "seat": None if result else 0, "viewer": 0,
            "seats": [{"kind": "human"}], "thinking": None, "handover": None, "past": past,
            "board": {"board": ROWS, "tiles": ["DT", "TT"], "playable": ["DT"], "placed": list(placed),
                      "count": len(placed), "last": None},
            "legal": [] if result else LEGAL, "moves": [], "result": result,
            "status": {"key": "status.turn", "params": {"seat": 0}},
            "settings": {"players": 1, "seats": ["human"], "first": 0, "options": {"board": "random"}}}


def analysis_message(view, result, state="done"):
    return {"type": "analysis", "game": view["game"], "version": view["version"], "past": view["past"],
            "state": state, "result": result}


def test_the_puzzle_view_is_drawn_as_a_heptalion_board():
    drawn = as_heptalion(puzzle_view())["board"]
    assert drawn["rows"][4] == "-----##----" and drawn["rows"][5] == ROWS[5]
    assert drawn["placed"] == [{"seat": 0, "tile": "CT", "cells": [[4, 5], [4, 6]]}]
    assert drawn["hands"] == [{"seat": 0, "count": 2, "tiles": ["DT", "TT"]}]


def test_the_puzzle_asks_once_per_position_and_shows_count_best_and_solution():
    screen = PuzzleScreen()
    view = puzzle_view()
    screen.show(view, True)
    assert screen.analysis_request(view) == {"past": None}
    assert screen.analysis_request(view) is None  # asked already
    panels = screen.panels(TEXTS, view)
    assert 'data-puzzle-count="1"' in panels and 'data-puzzle-best=""' in panels
    assert SHOW_SOLUTION not in panels
    solution = [PLACED, {"player": 0, "tile": "DT", "cells": [[5, 5], [5, 6]]}]
    assert not screen.take_analysis(analysis_message(puzzle_view(version=3), {"max": 9}))
    assert screen.take_analysis(analysis_message(view, {
        "max": 2, "proven": True, "reachable": 2, "reachable_proven": True, "placed": 1, "solution": solution}))
    panels = screen.panels(TEXTS, view)
    assert 'data-puzzle-best="2"' in panels and "Best possible: 2" in panels
    assert 'data-puzzle-reach="2"' in panels and SHOW_SOLUTION in panels
    assert 'data-piece="DT"' in panels and 'class="tile legal" data-piece="DT"' in panels  # tiles left
    assert 'class="tile unplayable" data-piece="TT"' in panels
    assert screen.act(SHOW_SOLUTION, view) == (None, None)
    board = screen.board(TEXTS, view)
    assert 'data-solution="2"' in board and board.count('class="placed') == 2
    assert 'class="cell legal' not in board  # a solution shown is not played
    screen.act(SHOW_SOLUTION, view)
    assert 'data-solution' not in screen.board(TEXTS, view)
    screen.show(puzzle_view(version=5), True)  # the next move: the best stays, the board is the person's
    assert 'data-puzzle-best="2"' in screen.panels(TEXTS, puzzle_view(version=5))


def test_the_solution_shows_each_tiles_symbols_and_steps_forward_and_back():
    screen = PuzzleScreen()
    view = puzzle_view(placed=())
    screen.show(view, True)
    solution = [PLACED, {"player": 0, "tile": "DT", "cells": [[5, 5], [5, 6]]}]
    screen.analysis_request(view)
    assert screen.take_analysis(analysis_message(view, {"max": 2, "proven": True, "solution": solution}))
    assert screen.act("step-forward", view) is None  # no solution shown: not the puzzle's action
    screen.act(SHOW_SOLUTION, view)
    board = screen.board(TEXTS, view)
    # face up: the fields under the tiles keep their symbols (none drawn as covered)
    assert 'data-solution-step="2"' in board and "covered" not in board
    assert board.count('class="placed') == 2 and 'data-cell="4,5"' in board and "<circle" in board
    assert 'data-action="step-last" aria-label="step.last" title="step.last" disabled' in board
    for action, step in (("step-back", 1), ("step-first", 0), ("step-back", 0), ("step-forward", 1),
                         ("step-last", 2), ("step-forward", 2)):
        assert screen.act(action, view) == (None, None)
        board = screen.board(TEXTS, view)
        assert f'data-solution-step="{step}"' in board and board.count('class="placed') == step
    screen.act("step-first", view)
    board = screen.board(TEXTS, view)
    assert 'data-action="step-first" aria-label="step.first" title="step.first" disabled' in board
    assert 'data-action="step-forward" aria-label="step.forward" title="step.forward">' in board


def test_a_finished_puzzle_says_how_many_and_offers_the_same_board_again():
    screen = PuzzleScreen()
    view = puzzle_view(result={"placed": 1})
    screen.show(view, True)
    assert screen.result_text(TEXTS, view) == "puzzle.over"
    assert AGAIN in screen.game_over(TEXTS, view)
    _notice, (kind, settings) = screen.act(AGAIN, view)
    assert kind == "new" and settings["options"] == {"board": "custom"}
    assert settings["setup"] == {"board": ROWS}
    screen.show(dict(view, board=dict(view["board"], board=ROWS[::-1])), True)
    assert screen.analysis.best is None  # another board: its best is not known


def heptalion_view(version=7, past=None, players=2, hidden=False, to_move=0, thinking=None):
    return {"game": "heptalion", "version": version, "past": past, "seat": to_move, "viewer": 0,
            "thinking": thinking, "handover": None,
            "seats": [{"kind": "human"}, {"kind": "human"}],
            "board": {"rows": ROWS, "placed": [], "hands": [], "players": players, "hidden_hands": hidden,
                      "to_move": to_move, "out": [], "first": 0}, "legal": []}


def test_the_analysis_panel_is_off_by_default_and_marks_the_winning_fields():
    screen = HeptalionScreen()
    view = heptalion_view()
    assert screen.analysis_request(view) is None
    assert 'data-analysis="off"' in screen.panels(TEXTS, view)
    assert screen.act(TOGGLE, view) == (None, ("analyse", None))
    assert screen.analysis_request(view) == {"past": None}
    assert 'data-analysis="working"' in screen.panels(TEXTS, view)
    won = {"to_move": 0, "value": "win", "winning_moves": [LEGAL[0]], "undecided": 0}
    assert screen.take_analysis(analysis_message(view, won))
    panels = screen.panels(TEXTS, view)
    assert 'data-analysis="win"' in panels and 'data-winning="DT"' in panels and "Won for Player 1: 1" in panels
    board = screen.board(TEXTS, view)
    assert board.count("winning") == 2 and 'data-cell="5,5"' in board
    past = heptalion_view(past=3)
    assert screen.analysis_request(past) == {"past": 3}  # a past move is analysed on its own
    assert "winning" not in screen.board(TEXTS, past)
    assert screen.act(TOGGLE, view) == (None, ("stop", None))
    assert "winning" not in screen.board(TEXTS, view)


def test_the_analysis_waits_for_a_computer_and_shows_only_for_two_open_hands():
    panel = AnalysisPanel()
    panel.on = True
    assert panel.request(heptalion_view(thinking=1)) is None
    assert panel.request(heptalion_view(to_move=None)) is None
    assert panel.markup(TEXTS, heptalion_view(players=3), str) == ""
    assert panel.markup(TEXTS, heptalion_view(hidden=True), str) == ""
    view = heptalion_view()
    panel.request(view)
    panel.refused({"code": "host.no_analysis", "params": {"reason": "players"}})
    assert panel.status(view) == "refused"


def test_the_workshop_swaps_two_fields_and_waits_for_the_report():
    workshop = Workshop()
    workshop.set_board(ROWS, {"code": "abc", "perfect": False, "original": False,
                              "positions": {"CT": 1, "DT": 2, "TT": 4}})
    assert 'data-ws-code="abc"' in workshop.markup(TEXTS)
    assert workshop.tap((0, 0)) is None  # no field there
    assert workshop.tap((4, 5)) == "chosen" and workshop.tap((4, 5)) == "cleared"
    assert workshop.tap((4, 5)) == "chosen"
    assert workshop.tap((5, 6)) == "swapped"
    assert workshop.rows == swapped(ROWS, (4, 5), (5, 6)) and workshop.rows[4][5] == "D"
    markup = workshop.markup(TEXTS)
    assert 'data-workshop="checking"' in markup and "data-ws-code" not in markup
    assert not workshop.take_report(ROWS, {"code": "old"})  # a report on the rows before
    assert workshop.take_report(swapped(ROWS, (4, 5), (5, 6)), {
        "code": "xyz", "perfect": True, "original": False, "positions": {"CT": 3, "DT": 2, "TT": 5}})
    markup = workshop.markup(TEXTS)
    assert 'data-workshop="ready"' in markup and 'data-ws-perfect="true"' in markup and 'data-ws-new="true"' in markup
    assert 'class="ws-tile few" data-ws-tile="DT"' in markup and 'class="ws-tile many" data-ws-tile="TT"' in markup
    # the game on it seats you against the computer, you first (the puzzle: you alone)
    assert 'href="#heptalion?board=xyz&amp;seats=human,ai:normal&amp;first=0"' in markup
    assert 'href="#heptalion-puzzle?board=xyz"' in markup
    assert address("xyz") == "#heptalion/workshop?board=xyz"


def test_board_codes_in_the_address():
    games = {"heptalion": 1, "heptalion-puzzle": 1}
    assert url_settings.route_of("#heptalion/workshop?board=abc", games) == ("workshop", "heptalion", {"board": "abc"})
    assert url_settings.route_of("#heptalion/workshop", games) == ("workshop", "heptalion", None)
    assert url_settings.route_of("#heptalion-puzzle/workshop", games)[0] == "unknown"
    assert url_settings.route_of("#heptalion-puzzle", games) == ("game", "heptalion-puzzle", None)
    screen = PuzzleScreen()
    assert screen.split_url_pairs({"board": "random"}) == ({"board": "random"}, None)
    pairs, setup = screen.split_url_pairs({"board": "abc", "seats": "human"})
    assert pairs == {"seats": "human"} and setup == {"board": "abc"}
    settings = screen.with_setup({"options": {"board": "original"}, "players": 1}, setup, [])
    assert settings["options"] == {"board": "custom"} and settings["setup"] == {"board": "abc"}


def test_the_heptalion_screen_leads_to_the_puzzle_and_the_workshop():
    panels = HeptalionScreen().panels(TEXTS, heptalion_view(players=3))
    assert 'href="#heptalion-puzzle"' in panels and 'href="#heptalion/workshop"' in panels


REPLAY = {"id": "g1", "set_aside_unfinished": False}


def test_a_replay_offers_no_analysis_setting_or_link_of_a_game_in_play():
    """A replay (the view's ``replay``) is read-only and its way out is back to the list:
    no analysis switch (the host refuses it), no "confirm each move", no puzzle or workshop
    link, as in a lesson; the same for a replayed puzzle (no best placement asked for)."""
    shown = dict(heptalion_view(), replay=REPLAY)
    panels = HeptalionScreen().panels(TEXTS, shown)
    assert "data-analysis" not in panels and TOGGLE not in panels and "toggle-confirm" not in panels
    assert "#heptalion-puzzle" not in panels and "#heptalion/workshop" not in panels
    assert "toggle-confirm" in HeptalionScreen().panels(TEXTS, heptalion_view())  # (the game in play has them)
    assert "data-analysis" not in HeptalionScreen().panels(TEXTS, dict(heptalion_view(past=2), replay=REPLAY))
    puzzle = PuzzleScreen()
    replayed = dict(puzzle_view(), replay=REPLAY)
    puzzle.show(replayed, False)
    markup = puzzle.panels(TEXTS, replayed)
    assert "puzzle-progress" not in markup and "toggle-confirm" not in markup and "#heptalion/workshop" not in markup
    assert "puzzle-progress" in puzzle.panels(TEXTS, puzzle_view())


def test_the_new_game_dialog_of_the_puzzle_has_one_person_and_its_boards():
    from spielstube.ui.common import new_game_dialog as dialog
    schema = [{"name": "board", "type": "choice", "values": ["original", "random", "perfect", "custom"],
               "default": "original", "label": "heptalion.option_board"}]
    markup = dialog.dialog_markup(TEXTS, "New", schema, ["easy"], {"players": 1, "seats": ["human"],
                                                                   "options": {"board": "random"}})
    assert 'name="seat-0"' not in markup and 'name="first"' not in markup
    assert 'type="hidden" name="players" value="1"' in markup and 'value="random" checked' in markup
    settings = dialog.settings_from_form({"players": "1", "board": "perfect"}, schema, ["easy"])
    assert settings == {"players": 1, "seats": ["human"], "first": 0, "options": {"board": "perfect"}}
    two = dialog.settings_from_form({"board": "perfect"}, schema, ["easy"])
    assert two["players"] == 2  # a game without the players option and no field: 2, as before
