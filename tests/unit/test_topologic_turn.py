"""The Topologic turn builders. Plain asserts only: tests/mpy/run.mjs runs this
same file under MicroPython, pytest under CPython."""

from spielstube.ui.topologic import turn as tt

TILES = [["0/1", "1/2", None], ["2/3", "3/4", "4/5"]]
HIDES = [{"player": 1, "action": "hide", "secret": [c, p]} for c, p in ((0, 1), (1, 2), (2, 3), (3, 4), (4, 5))]
BORDER = [[0, 0], [0, 1], [1, 0], [1, 2]]
ENTRY = {"seekers": [BORDER, BORDER, BORDER]}
# seeker 0 stands on (0, 0), seeker 1 on (1, 0), seeker 2 on (1, 0) too
POSITIONS = [[0, 0], [1, 0], [1, 0]]
MOVES = {"seekers": [[[0, 0], [0, 1], [1, 1]], [[1, 0], [1, 1], [0, 0]], [[1, 0], [1, 2]]]}


def test_hide_a_tile_chosen_then_confirmed():
    turn = tt.HideTurn(HIDES, TILES)
    assert turn.cells() == {(0, 0), (0, 1), (1, 0), (1, 1), (1, 2)}
    assert turn.confirm() == (tt.CHOOSE_SECRET_FIRST, None)
    assert turn.choose([1, 1]) is None and turn.choice == (1, 1)
    assert turn.choose((1, 1)) is None and turn.choice is None  # again: dropped
    turn.choose((0, 1))
    assert turn.confirm() == (None, HIDES[1])


def test_hide_offers_only_legal_tiles():
    turn = tt.HideTurn(HIDES[:1], TILES)
    assert turn.cells() == {(0, 0)}
    assert turn.choose((1, 1)) == tt.NOT_YOUR_TURN and turn.choice is None
    assert tt.HideTurn([], TILES).cells() == set()


def test_entry_places_the_next_free_seeker_on_border_fields():
    turn = tt.SeekTurn(ENTRY, None)
    assert turn.entry and turn.active() == 0
    assert turn.legal_cells() == {(0, 0), (0, 1), (1, 0), (1, 2)}
    assert turn.tap((1, 1)) == tt.NOT_BORDER
    assert turn.tap((0, 0)) is None and turn.pending == [(0, 0), None, None]
    assert turn.active() == 1
    turn.tap((0, 0))
    turn.tap((0, 0))  # several seekers share a field
    assert turn.pending == [(0, 0)] * 3 and turn.active() is None and turn.complete()
    assert turn.tap((0, 1)) == tt.ALL_PLACED
    assert turn.confirm() == (None, {"seekers": [[0, 0], [0, 0], [0, 0]]})


def test_entry_a_placed_seeker_is_chosen_again_moved_or_lifted():
    turn = tt.SeekTurn(ENTRY, None)
    for cell in ((0, 0), (0, 1), (1, 0)):
        turn.tap(cell)
    assert turn.tap((0, 1)) is None and turn.selected == 1  # tap on its field chooses it
    turn.tap((1, 2))
    assert turn.pending == [(0, 0), (1, 2), (1, 0)]
    turn.choose_seeker(2)
    assert turn.lift() and turn.pending[2] is None
    assert not turn.complete() and turn.confirm() == (tt.PLACE_ALL_FIRST, None)
    assert turn.active() == 2  # the next free one again
    assert not turn.lift()  # nothing chosen


def test_move_offers_a_seekers_fields_and_marks_what_moved():
    turn = tt.SeekTurn(MOVES, POSITIONS)
    assert not turn.entry and turn.active() is None and turn.legal_cells() == set()
    assert turn.tap((0, 1)) == tt.CHOOSE_SEEKER
    assert turn.choose_seeker(0) is None
    assert turn.legal_cells() == {(0, 1), (1, 1)}  # its own field is not offered
    assert turn.tap((1, 2)) == tt.UNREACHABLE
    turn.tap((1, 1))
    assert turn.moved(0) and turn.changed() and turn.selected is None
    turn.choose_seeker(0)
    turn.tap((0, 0))  # back where it started
    assert not turn.moved(0) and not turn.changed()
    assert turn.confirm() == (None, {"seekers": [[0, 0], [1, 0], [1, 0]]})  # moving none is allowed


def test_move_taps_on_a_shared_field_cycle_through_its_seekers():
    turn = tt.SeekTurn(MOVES, POSITIONS)
    assert turn.tap((1, 0)) is None and turn.selected == 1
    assert turn.tap((1, 0)) is None and turn.selected == 2
    assert turn.tap((1, 0)) is None and turn.selected == 1
    turn.tap((0, 0))  # seeker 1 moves onto seeker 0's field
    assert turn.pending[1] == (0, 0)
    assert turn.tap((1, 0)) is None and turn.selected == 2  # the unmoved one comes first


def test_choosing_a_seeker_twice_drops_it_and_reset_undoes_the_turn():
    turn = tt.SeekTurn(MOVES, POSITIONS)
    turn.choose_seeker(2)
    assert turn.choose_seeker(2) is None and turn.selected is None
    assert turn.choose_seeker(7) == tt.NOT_YOUR_TURN
    turn.choose_seeker(2)
    turn.tap((1, 2))
    turn.reset()
    assert turn.pending == [(0, 0), (1, 0), (1, 0)] and not turn.changed()


def test_no_legal_moves_no_turn():
    turn = tt.SeekTurn([], POSITIONS)
    assert turn.tap((0, 0)) == tt.NOT_YOUR_TURN


def test_a_turn_being_built_survives_a_redraw_of_the_same_position():
    turn = tt.SeekTurn(MOVES, POSITIONS)
    turn.choose_seeker(0)
    turn.tap((1, 1))
    again = tt.SeekTurn(MOVES, POSITIONS).keep_from(turn)
    assert again.pending[0] == (1, 1)
    other = tt.SeekTurn(MOVES, [[0, 1], [1, 0], [1, 0]]).keep_from(turn)
    assert other.pending[0] == (0, 1)
