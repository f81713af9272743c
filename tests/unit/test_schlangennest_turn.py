"""The Schlangennest turn builder. Plain asserts only: tests/mpy/run.mjs runs
this same file under MicroPython, pytest under CPython."""

from spielstube.ui.schlangennest import turn as st

PLACE = [
    {"player": 0, "action": "place", "card": "curve", "cell": [1, 0], "rot": 3},
    {"player": 0, "action": "place", "card": "curve", "cell": [1, 0], "rot": 0},
    {"player": 0, "action": "place", "card": "straight", "cell": [1, 0], "rot": 1},
    {"player": 0, "action": "place", "card": "curve", "cell": [0, 1], "rot": 2},
    {"player": 0, "action": "place", "card": "head", "cell": [-1, 0], "rot": 1},
]
RING = [
    {"player": 0, "action": "turn", "cell": [0, 0], "dir": -1},
    {"player": 0, "action": "turn", "cell": [0, 0], "dir": 1},
    {"player": 0, "action": "turn", "cell": [1, -1], "dir": 1},
]
SWAP = [{"player": 1, "action": "swap", "card": "tail", "cell": [2, 0], "rot": 3},
        {"player": 1, "action": "swap", "card": "tail", "cell": [2, 0], "rot": 1}]


def test_offers_only_kinds_with_a_field():
    turn = st.SnakeTurn(PLACE)
    assert turn.pieces() == {"curve", "straight", "head"}
    assert turn.choose_piece("tail") == st.FITS_NOWHERE
    assert turn.choose_piece("tail", in_hand=False) == st.NONE_LEFT
    assert turn.piece is None and turn.legal_cells() == set()


def test_kind_field_rotate_through_the_legal_orientations_only():
    turn = st.SnakeTurn(PLACE)
    assert turn.choose_piece("curve") == st.KIND_CHOSEN
    assert turn.legal_cells() == {(1, 0), (0, 1)}
    assert turn.selected_move() is None
    assert turn.choose_cell([1, 0]) == st.CELL_CHOSEN
    assert turn.selected_move() is PLACE[1]  # rotations in order: 0 before 3
    assert turn.can_rotate()
    assert turn.rotate() == st.TURNED
    assert turn.selected_move() is PLACE[0]
    assert turn.choose_cell((1, 0)) == st.TURNED  # tapping the field again turns it too
    assert turn.selected_move() is PLACE[1]


def test_one_orientation_cannot_rotate():
    turn = st.SnakeTurn(PLACE)
    turn.choose_piece("curve")
    turn.choose_cell((0, 1))
    assert not turn.can_rotate()
    assert turn.rotate() is None
    assert turn.selected_move() is PLACE[3]


def test_a_dark_field_changes_nothing_and_says_so():
    turn = st.SnakeTurn(PLACE)
    turn.choose_piece("head")
    assert turn.choose_cell((5, 5)) == st.FIELD_DOES_NOT_FIT
    assert turn.cell is None and turn.selected_move() is None


def test_a_field_before_a_card_takes_a_kind_that_fits_there():
    turn = st.SnakeTurn(PLACE)
    assert turn.choose_cell((-1, 0)) == st.CELL_CHOSEN
    assert turn.piece == "head" and turn.selected_move() is PLACE[4]
    fresh = st.SnakeTurn(PLACE)
    assert fresh.choose_cell((7, 7)) == st.CHOOSE_CARD_FIRST


def test_the_same_kind_again_puts_it_back_and_another_kind_keeps_a_fitting_field():
    turn = st.SnakeTurn(PLACE)
    turn.choose_piece("curve")
    turn.choose_cell((1, 0))
    assert turn.choose_piece("straight") == st.KIND_CHOSEN
    assert turn.cell == (1, 0) and turn.selected_move() is PLACE[2]
    assert turn.choose_piece("head") == st.KIND_CHOSEN
    assert turn.cell is None
    assert turn.choose_piece("head") == st.KIND_CLEARED
    assert turn.piece is None


def test_ring_turns_offer_marked_cards_and_both_directions():
    turn = st.SnakeTurn(RING)
    assert turn.ring_kind == "turn" and turn.pieces() == set()
    assert turn.choose_piece("curve") == st.NO_LAYING_NOW
    assert turn.legal_cells() == {(0, 0), (1, -1)}
    assert turn.choose_cell((3, 3)) == st.PICK_MARKED + "turn"
    turn.choose_cell((0, 0))
    assert turn.selected_move() is RING[1]  # clockwise first
    turn.rotate()
    assert turn.selected_move() is RING[0]


def test_tail_swap_steps_through_its_two_ways():
    turn = st.SnakeTurn(SWAP)
    assert turn.ring_kind == "swap"
    turn.choose_cell((2, 0))
    assert [turn.selected_move()["rot"], turn.rotate() and turn.selected_move()["rot"]] == [1, 3]


def test_no_legal_moves_means_wait():
    turn = st.SnakeTurn([])
    assert not turn.active()
    assert turn.choose_piece("curve") == st.NOT_YOUR_TURN
    assert turn.choose_cell((0, 0)) == st.NOT_YOUR_TURN
    assert st.SnakeTurn([{"player": 0, "action": "pass"}]).active() is False


def test_two_snakes_name_the_colour():
    legal = [{"player": 0, "action": "place", "card": "tail", "cell": [0, 0], "rot": 0, "colour": 2},
             {"player": 0, "action": "place", "card": "tail", "cell": [0, 0], "rot": 1, "colour": 0}]
    turn = st.SnakeTurn(legal)
    assert turn.pieces() == {"tail:0", "tail:2"}
    turn.choose_piece(st.piece_key("tail", 2))
    turn.choose_cell((0, 0))
    assert turn.selected_move() is legal[0] and not turn.can_rotate()


def test_a_choice_is_kept_when_it_still_fits():
    turn = st.SnakeTurn(PLACE)
    turn.choose_piece("curve")
    turn.choose_cell((1, 0))
    turn.rotate()
    again = st.SnakeTurn(PLACE).keep_from(turn)
    assert again.selected_move() is PLACE[0]
    gone = st.SnakeTurn(PLACE[3:]).keep_from(turn)
    assert gone.piece == "curve" and gone.cell is None
