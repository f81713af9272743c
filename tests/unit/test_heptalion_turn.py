"""The Heptalion turn builder. Plain asserts only: tests/mpy/run.mjs runs this
same file under MicroPython, pytest under CPython."""

from spielstube.ui.heptalion import turn as ht

LEGAL = [
    {"player": 0, "tile": "CT", "cells": [[0, 5], [1, 5]]},
    {"player": 0, "tile": "CT", "cells": [[1, 5], [1, 6]]},
    {"player": 0, "tile": "DX", "cells": [[2, 2], [2, 3]]},
]


def test_offers_only_tiles_with_a_placement():
    turn = ht.HeptalionTurn(LEGAL)
    assert turn.tiles() == {"CT", "DX"}
    assert turn.choose_tile("OO") == ht.TILE_FITS_NOWHERE
    assert turn.tile is None
    assert turn.legal_cells() == set()


def test_tile_then_first_then_second_field_gives_the_move():
    turn = ht.HeptalionTurn(LEGAL)
    assert turn.choose_tile("CT") == ht.TILE_CHOSEN
    assert turn.legal_cells() == {(0, 5), (1, 5), (1, 6)}
    assert turn.choose_cell([1, 5]) == (ht.FIRST_CHOSEN, None)
    assert turn.legal_cells() == {(0, 5), (1, 6)}
    outcome, move = turn.choose_cell([0, 5])
    assert outcome == ht.MOVE_READY
    assert move is LEGAL[0]


def test_second_field_in_either_order():
    turn = ht.HeptalionTurn(LEGAL)
    turn.choose_tile("CT")
    turn.choose_cell((1, 6))
    assert turn.choose_cell((1, 5)) == (ht.MOVE_READY, LEGAL[1])


def test_tapping_the_first_field_again_resets_the_fields():
    turn = ht.HeptalionTurn(LEGAL)
    turn.choose_tile("CT")
    turn.choose_cell((1, 5))
    assert turn.choose_cell((1, 5)) == (ht.FIELDS_RESET, None)
    assert turn.first is None
    assert turn.tile == "CT"


def test_another_tile_changes_only_the_local_choice():
    turn = ht.HeptalionTurn(LEGAL)
    turn.choose_tile("CT")
    turn.choose_cell((0, 5))
    assert turn.choose_tile("DX") == ht.TILE_CHOSEN
    assert turn.tile == "DX"
    assert turn.first is None
    assert turn.legal_cells() == {(2, 2), (2, 3)}
    assert turn.choose_tile("DX") == ht.TILE_CLEARED
    assert turn.tile is None


def test_fields_that_do_not_fit_are_refused():
    turn = ht.HeptalionTurn(LEGAL)
    assert turn.choose_cell((0, 5)) == (ht.CHOOSE_TILE_FIRST, None)
    turn.choose_tile("CT")
    assert turn.choose_cell((2, 2)) == (ht.FIELD_DOES_NOT_FIT, None)
    turn.choose_cell((0, 5))
    assert turn.choose_cell((1, 6)) == (ht.SECOND_DOES_NOT_FIT, None)
    assert turn.first == (0, 5)


def test_no_legal_moves_means_not_your_turn():
    turn = ht.HeptalionTurn([])
    assert turn.choose_tile("CT") == ht.NOT_YOUR_TURN
    assert turn.choose_cell((0, 5)) == (ht.NOT_YOUR_TURN, None)


def test_keep_from_carries_a_choice_that_still_fits():
    old = ht.HeptalionTurn(LEGAL)
    old.choose_tile("CT")
    old.choose_cell((1, 6))
    kept = ht.HeptalionTurn(LEGAL).keep_from(old)
    assert (kept.tile, kept.first) == ("CT", (1, 6))
    gone = ht.HeptalionTurn(LEGAL[2:]).keep_from(old)
    assert (gone.tile, gone.first) == (None, None)


def _laid(turn):
    turn.choose_tile("CT")
    turn.choose_cell((0, 5))
    outcome, move = turn.choose_cell((1, 5))
    assert outcome == ht.MOVE_READY
    turn.hold(move)
    return move


def test_a_held_placement_waits_for_confirm_and_nothing_else_is_offered():
    turn = ht.HeptalionTurn(LEGAL)
    assert turn.confirm() == (ht.NOTHING_TO_CONFIRM, None)
    move = _laid(turn)
    assert turn.pending_cells() == [(0, 5), (1, 5)]
    assert turn.legal_cells() == set()
    assert turn.choose_tile("DX") == ht.CONFIRM_OR_TAKE_BACK
    assert turn.choose_cell((2, 2)) == (ht.CONFIRM_OR_TAKE_BACK, None)
    assert turn.confirm() == (ht.MOVE_READY, move)


def test_taking_a_held_placement_back_keeps_the_tile_and_frees_the_fields():
    turn = ht.HeptalionTurn(LEGAL)
    _laid(turn)
    assert turn.take_back() == ht.FIELDS_RESET
    assert (turn.tile, turn.first, turn.pending) == ("CT", None, None)
    assert turn.legal_cells() == {(0, 5), (1, 5), (1, 6)}
    assert turn.pending_cells() == []


def test_a_held_placement_survives_a_redraw_while_it_is_still_legal():
    old = ht.HeptalionTurn(LEGAL)
    move = _laid(old)
    assert ht.HeptalionTurn(LEGAL).keep_from(old).pending == move
    assert ht.HeptalionTurn(LEGAL[1:]).keep_from(old).pending is None


def test_lesson_targets_lead_tap_by_tap_to_the_move_shown():
    turn = ht.HeptalionTurn(LEGAL)
    move = {"player": 0, "tile": "CT", "cells": [[1, 5], [1, 6]]}
    assert turn.targets(move) == ['[data-piece="CT"]']
    turn.choose_tile("DX")
    assert turn.targets(move) == ['[data-piece="CT"]']  # another tile chosen: the right one
    turn.choose_tile("CT")
    assert turn.targets(move) == ['[data-cell="1,5"]']
    turn.choose_cell([1, 6])  # either field first
    assert turn.targets(move) == ['[data-cell="1,5"]']
    outcome, made = turn.choose_cell([1, 5])
    assert outcome == ht.MOVE_READY and made is LEGAL[1]


def test_lesson_targets_undo_a_choice_off_the_way_and_end_at_confirm():
    turn = ht.HeptalionTurn(LEGAL)
    move = {"player": 0, "tile": "CT", "cells": [[1, 5], [1, 6]]}
    turn.choose_tile("CT")
    turn.choose_cell([0, 5])  # a first field the move does not use: tapped again to choose anew
    assert turn.targets(move) == ['[data-cell="0,5"]']
    turn.choose_cell([0, 5])
    assert turn.targets(move) == ['[data-cell="1,5"]']
    turn.hold(LEGAL[0])  # another placement waits for Confirm: taken back first
    assert turn.targets(move) == ['[data-action="take-back"]']
    turn.take_back()
    turn.choose_cell([1, 5])
    outcome, made = turn.choose_cell([1, 6])
    turn.hold(made)
    assert turn.targets(move) == ['[data-action="confirm"]']
    assert turn.targets({"player": 0, "tile": "OO", "cells": [[0, 0], [0, 1]]}) == []
    assert ht.HeptalionTurn([]).targets(move) == []
