"""Heptalion's analysis panel while the position is not proven yet: the
host's progress (placements decided so far) on the board and in the panel.
Plain asserts: tests/mpy/run.mjs runs this file under MicroPython too."""

from spielstube.ui.common.texts import Texts
from spielstube.ui.heptalion.analysis import TOGGLE, losing_cells
from spielstube.ui.heptalion.screen import HeptalionScreen

TEXTS = Texts({"analysis.working": {"en": "Working out {name}"},
               "analysis.win_so_far": {"en": "Won for {name} so far: {n}"},
               "analysis.decided": {"en": "{decided} of {total} decided."},
               "analysis.decided_none": {"en": "None of {total} decided yet."},
               "analysis.decided_marked": {"en": "{decided} of {total} decided: {lose} lose."},
               "analysis.searched": {"en": "{nodes} positions in {seconds} s."},
               "analysis.field_loses": {"en": "every placement here loses"},
               "analysis.unknown": {"en": "Not proven after {seconds} s."},
               "frame.player_n": {"en": "Player {n}"}}, "en")
ROWS = ["-" * 11] * 4 + ["-----CT----", "-----TD----"] + ["-" * 11] * 5
# The four placements of this board: CT across and down, DT across and down.
CT_ACROSS = {"player": 0, "tile": "CT", "cells": [[4, 5], [4, 6]]}
CT_DOWN = {"player": 0, "tile": "CT", "cells": [[5, 5], [4, 5]]}  # fields in either order
DT_ACROSS = {"player": 0, "tile": "DT", "cells": [[5, 5], [5, 6]]}
DT_DOWN = {"player": 0, "tile": "DT", "cells": [[4, 6], [5, 6]]}


def view(version=7, past=None):
    return {"game": "heptalion", "version": version, "past": past, "seat": 0, "viewer": 0,
            "thinking": None, "handover": None, "seats": [{"kind": "human"}, {"kind": "human"}],
            "board": {"rows": ROWS, "placed": [], "hands": [], "players": 2, "hidden_hands": False,
                      "to_move": 0, "out": [], "first": 0},
            "legal": [CT_ACROSS, CT_DOWN, DT_ACROSS, DT_DOWN]}


def progress(winning=(), losing=(), undecided=(), nodes=700, seconds=2.4):
    decided = len(winning) + len(losing)
    return {"to_move": 0, "value": "win" if winning else "unknown", "winning_moves": list(winning),
            "losing_moves": list(losing), "undecided_moves": list(undecided),
            "undecided": len(undecided), "decided": decided, "total": decided + len(undecided),
            "nodes": nodes, "seconds": seconds}


def message(shown, state="working", result=None, partial=None):
    out = {"type": "analysis", "game": "heptalion", "version": shown["version"], "past": shown["past"],
           "state": state, "result": result}
    if partial is not None:
        out["progress"] = partial
    return out


def marked(board, mark):
    """The data-cell of every field drawn with class ``mark``."""
    out = []
    for part in board.split("<g ")[1:]:
        if f" {mark}" in part.split('"')[1] or part.split('"')[1] == mark:
            out.append(part.split('data-cell="')[1].split('"')[0])
    return sorted(out)


def test_a_field_loses_when_every_placement_through_it_is_proven_to_lose():
    known = progress(losing=[CT_ACROSS], undecided=[CT_DOWN, DT_ACROSS, DT_DOWN])
    assert losing_cells(known) == set()  # every field still has an undecided placement
    assert losing_cells(known, "CT") == {(4, 6)}  # CT: only across is decided there
    assert losing_cells(known, "DT") == set()
    known = progress(losing=[CT_ACROSS, CT_DOWN], undecided=[DT_ACROSS, DT_DOWN])
    assert losing_cells(known) == {(4, 5)}
    assert losing_cells(known, "CT") == {(4, 5), (4, 6), (5, 5)}
    known = progress(winning=[DT_DOWN], losing=[CT_ACROSS, CT_DOWN, DT_ACROSS])
    assert losing_cells(known) == {(4, 5), (5, 5)}  # a winning placement's fields never lose


def test_progress_marks_the_losing_fields_and_counts_what_is_decided():
    screen = HeptalionScreen()
    shown = view()
    screen.act(TOGGLE, shown)
    assert screen.analysis_request(shown) == {"past": None}
    assert screen.take_analysis(message(shown))  # the answer to analyse: nothing decided yet
    panel = screen.panels(TEXTS, shown)
    assert 'data-analysis="working"' in panel and "data-decided" not in panel
    assert marked(screen.board(TEXTS, shown), "losing") == []
    # Searched, nothing decided yet (the first moves of a game): it says how far it got.
    assert screen.take_analysis(message(shown, partial=progress(undecided=[CT_ACROSS, DT_DOWN], nodes=900)))
    panel = screen.panels(TEXTS, shown)
    assert 'data-decided="0" data-total="2"' in panel and "None of 2 decided yet." in panel
    assert "900 positions in 2 s." in panel
    partial = progress(losing=[CT_ACROSS, CT_DOWN], undecided=[DT_ACROSS, DT_DOWN])
    assert screen.take_analysis(message(shown, partial=partial))
    panel = screen.panels(TEXTS, shown)
    assert 'data-analysis="working"' in panel and 'data-decided="2" data-total="4"' in panel
    assert '<progress max="4" value="2" aria-hidden="true">' in panel  # the line says it in words
    assert "2 of 4 decided: 2 lose." in panel
    assert "700 positions in 2 s." in panel and "Working out Player 1" in panel
    board = screen.board(TEXTS, shown)
    assert marked(board, "losing") == ["4,5"] and "every placement here loses" in board
    # Another version's progress is not this position's.
    assert not screen.take_analysis(message(view(version=8), partial=progress(losing=[DT_ACROSS])))
    assert marked(screen.board(TEXTS, shown), "losing") == ["4,5"]


def test_a_placement_proven_to_win_shows_while_the_rest_is_checked():
    screen = HeptalionScreen()
    shown = view()
    screen.act(TOGGLE, shown)
    screen.analysis_request(shown)
    screen.take_analysis(message(shown, partial=progress(winning=[DT_DOWN], losing=[CT_ACROSS],
                                                          undecided=[CT_DOWN, DT_ACROSS])))
    panel = screen.panels(TEXTS, shown)
    assert 'data-analysis="working"' in panel and "Won for Player 1 so far: 1" in panel
    assert 'data-winning="DT"' in panel
    assert marked(screen.board(TEXTS, shown), "winning") == ["4,6", "5,6"]


def test_the_result_replaces_the_progress_and_a_new_position_starts_empty():
    screen = HeptalionScreen()
    shown = view()
    screen.act(TOGGLE, shown)
    screen.analysis_request(shown)
    screen.take_analysis(message(shown, partial=progress(losing=[CT_ACROSS, CT_DOWN],
                                                          undecided=[DT_ACROSS, DT_DOWN])))
    # Out of time: the result keeps what was decided, and says so.
    unknown = dict(progress(losing=[CT_ACROSS, CT_DOWN, DT_ACROSS], undecided=[DT_DOWN]), seconds=120.0)
    assert screen.take_analysis(message(shown, "done", result=unknown))
    panel = screen.panels(TEXTS, shown)
    assert 'data-analysis="unknown"' in panel and "Not proven after 120.0 s." in panel
    assert "3 of 4 decided: 3 lose." in panel and 'data-nodes="700"' in panel
    assert marked(screen.board(TEXTS, shown), "losing") == ["4,5", "5,5"]
    # A move: the new position knows nothing yet.
    after = view(version=8)
    assert screen.analysis_request(after) == {"past": None}
    assert marked(screen.board(TEXTS, after), "losing") == []
    assert "data-decided" not in screen.panels(TEXTS, after)
    # Switched off: no marks, no counts.
    screen.take_analysis(message(after, partial=progress(losing=[CT_ACROSS, CT_DOWN], undecided=[DT_DOWN])))
    screen.act(TOGGLE, after)
    assert marked(screen.board(TEXTS, after), "losing") == [] and "data-decided" not in screen.panels(TEXTS, after)
