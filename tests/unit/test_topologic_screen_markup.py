"""The Topologic screen's markup and choices from hand-made views. Plain
asserts only: tests/mpy/run.mjs runs this same file under MicroPython."""

from spielstube.ui.common.texts import Texts
from spielstube.ui.topologic.screen import TopologicScreen

TILES = [["0/1", "1/2", "2/3"], ["3/4", "4/5", "5/6"]]
SEATS = [{"kind": "human"}, {"kind": "ai", "level": "easy"}]


def view(phase, legal, positions=None, hints=(), secret=None, result=None, version=3):
    return {"game": "topologic", "version": version, "seat": 0, "seats": SEATS, "viewer": 0,
            "handover": None, "thinking": None, "legal": legal, "past": None, "result": result,
            "status": {"key": "status.turn", "params": {"seat": 0}},
            "settings": {"players": 2, "seats": ["human", "ai:easy"], "first": 0,
                         "options": {"seekers": 2, "shape": "6x10"}},
            "board": {"board": "6x10.abc", "tiles": TILES, "seekers": 2, "round": 0, "phase": phase,
                      "seeker": 0, "game_master": 1, "first_seeker": 0, "positions": positions,
                      "rounds": [{"seeker": 0, "hints": list(hints), "hidden": True, "secret": secret}],
                      "candidates": [[0, 1], [1, 1]], "counts": [len(hints), 0], "full_hint": 4}}


ENTRY = {"seekers": [[[0, 0], [0, 1], [1, 2]], [[0, 0], [0, 1], [1, 2]]]}
MOVE = {"seekers": [[[0, 0], [0, 1], [1, 1]], [[1, 2], [1, 1]]]}
HINTS = [{"seekers": [[0, 0], [1, 2]], "hint": 1}]


def test_entry_marks_the_border_fields_and_builds_the_move():
    screen = TopologicScreen()
    shown = view("entry", ENTRY)
    screen.show(shown, True)
    texts = Texts({}, "en")
    markup = screen.board(texts, shown)
    assert 'data-phase="entry"' in markup
    assert markup.count('class="cell legal"') == 3
    assert 'data-piece="s0"' in markup and 'data-piece="s1"' in markup
    screen.tap_cell((0, 0))
    screen.tap_cell((1, 2))
    notice, request = screen.act("confirm", shown)
    assert notice is None and request == ("move", {"seekers": [[0, 0], [1, 2]]})


def test_the_turn_being_built_stays_when_the_same_view_comes_again():
    screen = TopologicScreen()
    shown = view("seek", MOVE, positions=[[0, 0], [1, 2]], hints=HINTS)
    screen.show(shown, True)
    screen.tap_piece("s0")
    screen.tap_cell((1, 1))
    screen.show(shown, True)
    assert screen.seek.pending[0] == (1, 1)
    screen.show(view("seek", MOVE, positions=[[0, 0], [1, 2]], hints=HINTS, version=4), True)
    assert screen.seek.pending[0] == (0, 0)


def test_the_helper_shades_what_the_view_rules_out():
    screen = TopologicScreen()
    shown = view("seek", MOVE, positions=[[0, 0], [1, 2]], hints=HINTS)
    screen.show(shown, True)
    screen.act("toggle-helper", shown)
    markup = screen.board(Texts({}, "en"), shown)
    assert markup.count("candidate") == 2 and markup.count("ruled-out") == 4
    assert markup.count('class="veil"') == 4
    assert 'data-hint="1"' in screen.status_extra(Texts({}, "en"), shown)  # the hint is in the status bar


def test_hide_then_confirm_and_keys():
    screen = TopologicScreen()
    hides = [{"player": 0, "action": "hide", "secret": [c, p]} for c, p in ((0, 1), (4, 5))]
    shown = view("hide", hides)
    screen.show(shown, True)
    markup = screen.board(Texts({}, "en"), shown)
    assert 'data-phase="secret"' in markup and markup.count('class="cell legal"') == 2
    assert screen.key("1") is None  # no seekers to choose while hiding
    screen.tap_cell((1, 1))
    assert screen.act("confirm", shown) == (None, ("move", hides[1]))


def test_a_read_only_view_offers_nothing():
    screen = TopologicScreen()
    shown = view("entry", ENTRY)
    screen.show(shown, False)
    assert screen.phase(shown) == "watch"
    assert screen.tap_cell((0, 0)) == ("wait_for_turn", None)
    assert "legal" not in screen.board(Texts({}, "en"), shown)


def test_the_board_code_from_the_address_fixes_the_setup_and_its_shape():
    screen = TopologicScreen()
    pairs, setup = screen.split_url_pairs({"board": "5x12.k3j9az", "seekers": "4"})
    assert pairs == {"seekers": "4"} and setup == {"board": "5x12.k3j9az"}
    schema = [{"name": "shape", "type": "choice", "values": ["6x10", "5x12"]}]
    settings = screen.with_setup({"options": {"shape": "6x10"}}, setup, schema)
    assert settings["options"]["shape"] == "5x12" and settings["setup"] == setup
    assert screen.split_url_pairs({"seekers": "4"}) == ({"seekers": "4"}, None)


def test_the_match_over_offers_a_rematch_on_the_same_board():
    screen = TopologicScreen()
    shown = view("over", [], positions=[[0, 0], [1, 2]], hints=HINTS, secret=[4, 5],
                 result={"winner": 0, "counts": [1, 2], "ranking": [[0], [1]]})
    screen.show(shown, True)
    markup = screen.board(Texts({}, "en"), shown)
    assert 'data-phase="over"' in markup and "topo-secret" in markup
    notice, request = screen.act("rematch-same-board", shown)
    assert request[0] == "new" and request[1]["setup"] == {"board": "6x10.abc"} and request[1]["first"] == 1


def test_a_replay_offers_no_rematch_share_new_board_or_switch():
    """A replay's way on is play-from-here: no rematch, next round, share, new board, nor the
    helper and letters switches (they act on a turn being played); the result stays said."""
    replay = {"id": "g1", "set_aside_unfinished": True}
    texts = Texts({}, "en")
    over = dict(view("over", [], positions=[[0, 0], [1, 2]], hints=HINTS, secret=[4, 5],
                     result={"winner": 0, "counts": [1, 2], "ranking": [[0], [1]]}), replay=replay)
    screen = TopologicScreen()
    screen.show(over, False)
    markup = screen.board(texts, over) + screen.panels(texts, over)
    assert "topo-match-over" in markup
    for action in ("rematch-same-board", "rematch-new-board", "share", "new-board", "toggle-helper", "toggle-letters"):
        assert f'data-action="{action}"' not in markup, action
    start = dict(view("entry", []), replay=replay)
    screen = TopologicScreen()
    screen.show(start, False)
    assert 'data-action="new-board"' not in screen.panels(texts, start)
    playing = view("entry", ENTRY)
    screen.show(playing, True)
    markup = screen.panels(texts, playing)
    assert 'data-action="new-board"' in markup and 'data-action="toggle-letters"' in markup
    screen.letters = True  # the letters chosen stay explained in a replay
    assert "topo-legend" in screen.panels(texts, start) and "toggle-letters" not in screen.panels(texts, start)


def test_a_hide_entry_names_the_place_only_with_its_secret():
    screen = TopologicScreen()
    screen.show(view("entry", ENTRY), True)
    texts = Texts({}, "en")
    hidden = {"seat": 1, "kind": "hide", "text_key": "topologic.entry_hide", "params": {"round": 0, "secret": None},
              "cells": []}
    assert "topo-chip" not in screen.entry(texts, hidden)
    mine = dict(hidden, params={"round": 0, "secret": [4, 5]}, cells=[[1, 1]])
    assert "topo-chip" in screen.entry(texts, mine)  # a list from JSON, drawn as a chip


def test_round_two_says_whose_count_is_from_round_one():
    """The hider of round 2 sought in round 1: its count is said as round 1's, never beside
    "hiding" as if it were this round's."""
    texts = Texts({"topo_role_seeker": {"en": "seeking"}, "topo_role_master": {"en": "hiding"},
                   "topo_hints_n": {"en": "{n|no hints yet|# hint|# hints}", "params": {"n": "count"}},
                   "topo_hints_in_round": {"en": "{n|no hints|# hint|# hints} in round {round}",
                                           "params": {"n": "count", "round": "number"}}}, "en")
    shown = view("entry", ENTRY)
    board = shown["board"]
    board.update(round=1, seeker=1, game_master=0, counts=[6, 0],
                 rounds=[{"seeker": 0, "hints": HINTS * 6, "hidden": False, "secret": [0, 1]},
                         {"seeker": 1, "hints": [], "hidden": True, "secret": None}])
    screen = TopologicScreen()
    screen.show(shown, False)
    assert "6 hints" in screen.panels(texts, shown)  # the round's end: round 1 still shown
    screen.rounds_moved_on.add(screen.round_end_key(board))  # "next round"
    panels = screen.panels(texts, shown)
    hider = panels[panels.index('data-seat="0"'):panels.index('data-seat="1"')]
    seeker = panels[panels.index('data-seat="1"'):]
    assert "hiding" in hider and "6 hints in round 1" in hider
    assert "seeking" in seeker and "no hints yet" in seeker


def _field_label(markup, cell):
    """The aria-label of the field at ``cell`` ("r,c") in a board's markup."""
    at = markup.index(f'data-cell="{cell}"')
    start = markup.rindex("<g ", 0, at)
    label = markup.index('aria-label="', start) + len('aria-label="')
    return markup[label:markup.index('"', label)]


def test_a_redraw_names_the_seekers_where_they_stand_now_and_in_the_language_shown():
    # Fields are made once and kept (draw._field): a seeker that moved, another language
    # or the letters switched on make the fields they change again.
    table = {"topo_cell_label": {"en": "field {row}.{col}", "de": "Feld {row}.{col}"},
             "topo_cell_seekers": {"en": "seekers {seekers}", "de": "Sucher {seekers}"},
             "topo_letter_0": {"en": "R", "de": "R"}}
    texts = Texts(table, "en")
    screen = TopologicScreen()
    before = view("watch", [], positions=[[0, 0], [1, 2]], hints=HINTS)
    screen.show(before, False)
    markup = screen.board(texts, before)
    assert _field_label(markup, "0,0") == "field 1.1; seekers 1"
    assert _field_label(markup, "0,1") == "field 1.2"
    after = view("watch", [], positions=[[0, 1], [1, 2]], hints=HINTS, version=4)
    screen.show(after, False)
    markup = screen.board(texts, after)
    assert _field_label(markup, "0,0") == "field 1.1"
    assert _field_label(markup, "0,1") == "field 1.2; seekers 1"
    texts.lang = "de"
    assert _field_label(screen.board(texts, after), "0,1") == "Feld 1.2; Sucher 1"
    assert 'class="letter"' not in screen.board(texts, after)
    screen.act("toggle-letters", after)
    assert 'class="letter"' in screen.board(texts, after)
