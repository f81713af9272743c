"""Heptalion rules: the board, the deal, placements, elimination and the win."""

import os

import pytest

from heptalion_helpers import (
    adjacent_pairs, covered_state, first_position, new_game, positions_by_tile, symbol, tile_of,
)
from spielstube.core.errors import IllegalMove, RecordError
from spielstube.core.game import TERMINAL
from spielstube.core.rng import Rng
from spielstube.games.heptalion import (
    HAND_SIZES, ORIGINAL_ROWS, RULES, SYMBOLS, TILES, Placement,
)
from spielstube.games.heptalion.layouts import canonical_form

SHARED_BOARD = os.path.join(os.path.dirname(__file__), "..", "..", "..", "shared", "data",
                            "heptalion-original-board.txt")


# -- the original board --------------------------------------------------------

def test_original_board_has_each_symbol_eight_times():
    text = "".join(ORIGINAL_ROWS)
    assert len(ORIGINAL_ROWS) == 11 and all(len(line) == 11 for line in ORIGINAL_ROWS)
    assert {s: text.count(s) for s in SYMBOLS} == {s: 8 for s in SYMBOLS}
    assert len(text) - text.count("-") == 56


def test_original_board_has_84_adjacent_pairs_and_three_positions_per_tile():
    assert len(adjacent_pairs(ORIGINAL_ROWS)) == 84
    by_tile = positions_by_tile(ORIGINAL_ROWS)
    assert sorted(by_tile) == sorted(TILES)
    assert {code: len(p) for code, p in by_tile.items()} == {code: 3 for code in TILES}


def test_the_engine_reads_the_board_the_same_way():
    board = RULES.initial_state({}, RULES.random_setup({}, Rng(1))).board
    assert len(board.cells) == 56 and len(board.pairs) == 84
    assert board.position_counts() == {code: 3 for code in TILES}


@pytest.mark.skipif(not os.path.exists(SHARED_BOARD), reason="shared/ is not beside the repo")
def test_packaged_board_is_the_published_one():
    with open(SHARED_BOARD, encoding="utf-8") as handle:
        rows = [line.strip() for line in handle if line.strip() and not line.startswith("#")]
    assert tuple(rows) == ORIGINAL_ROWS


# -- the deal ----------------------------------------------------------------

@pytest.mark.parametrize("players,size,discards", [(2, 14, 0), (3, 9, 1), (4, 7, 0)])
def test_deal_sizes_and_discard(players, size, discards):
    for seed in range(5):
        options, setup, state = new_game(players, seed)
        hands = setup["hands"]
        assert [len(h) for h in hands] == [size] * players
        assert HAND_SIZES[players] == size
        dealt = [code for hand in hands for code in hand]
        assert len(set(dealt)) == len(dealt) == players * size
        if discards:
            assert setup["discard"] in TILES and setup["discard"] not in dealt
            assert sorted(dealt + [setup["discard"]]) == sorted(TILES)
        else:
            assert setup["discard"] is None
            assert sorted(dealt) == sorted(TILES)
        assert 0 <= setup["first"] < players and state.current_player == setup["first"]
        assert [state.hand(s) for s in range(players)] == [sorted(h) for h in hands]


@pytest.mark.parametrize("change,fragment", [
    (lambda s: s.update(discard=None), "discarded tile"),
    (lambda s: s["hands"][0].append("CC"), "must hold 9 tiles"),
    (lambda s: s["hands"][1].__setitem__(0, s["hands"][0][0]), "dealt twice"),
    (lambda s: s.update(board=None), "11 strings"),
    (lambda s: s.update(first=3), "seat index"),
])
def test_bad_setups_are_record_errors(change, fragment):
    options, setup, _ = new_game(3, seed=2)
    change(setup)
    with pytest.raises(RecordError, match=fragment):
        RULES.initial_state(options, setup)


# -- placements --------------------------------------------------------------

def brute_force_moves(state):
    """Legal placements computed from the rows: every free edge-adjacent pair
    whose two symbols are a tile of the mover's hand, either way round."""
    rows = state.board.rows
    hand = set(state.hand(state.current_player))
    out = set()
    for a, b in adjacent_pairs(rows):
        if state.is_free(a) and state.is_free(b):
            code = tile_of(symbol(rows, a), symbol(rows, b))
            if code in hand:
                out.add((code, a, b))
    return out


def test_legal_moves_match_a_brute_force_count_through_a_game():
    rng = Rng(3)
    _, _, state = new_game(2, seed=3)
    while not state.is_terminal():
        legal = state.legal_moves()
        assert {(m.tile, m.cells[0], m.cells[1]) for m in legal} == brute_force_moves(state)
        assert len(set(legal)) == len(legal)
        state = state.apply(legal[rng.below(len(legal))])


def test_diagonal_fields_are_not_a_placement():
    rows = ORIGINAL_ROWS
    tried = 0
    for r in range(11):
        for c in range(11):
            a, b = (r, c), (r + 1, c + 1)
            if symbol(rows, a) != "-" and symbol(rows, b) != "-":
                code = tile_of(symbol(rows, a), symbol(rows, b))
                state = covered_state([[code], ["XX"]])
                with pytest.raises(IllegalMove, match="edge-adjacent"):
                    state.apply(Placement.make(code, a, b))
                tried += 1
    assert tried > 20


def test_gaps_are_not_fields():
    # (5, 4) is one of the five gaps in the middle; (5, 3) next to it is a D.
    assert symbol(ORIGINAL_ROWS, (5, 4)) == "-" and symbol(ORIGINAL_ROWS, (5, 3)) == "D"
    state = covered_state([["DD"], ["XX"]])
    with pytest.raises(IllegalMove, match="board fields"):
        state.apply(Placement("DD", ((5, 3), (5, 4))))
    # Fields on both sides of a gap are not neighbours either.
    a, b = (5, 3), (5, 7)
    code = tile_of(symbol(ORIGINAL_ROWS, a), symbol(ORIGINAL_ROWS, b))
    with pytest.raises(IllegalMove):
        covered_state([[code], ["XX"]]).apply(Placement.make(code, a, b))


def test_symbols_either_way_round():
    state = covered_state([["CT", "DD"], ["XX"]])
    a, b = first_position("CT")
    forward = state.apply(Placement("CT", (a, b)))
    backward = state.apply(Placement("CT", (b, a)))
    assert forward.occupied == backward.occupied != 0
    assert forward.last == backward.last == Placement.make("CT", a, b)
    assert {symbol(ORIGINAL_ROWS, a), symbol(ORIGINAL_ROWS, b)} == {"C", "T"}


def test_wrong_symbols_are_refused():
    state = covered_state([["CT", "DD"], ["XX"]])
    a, b = first_position("DD")
    with pytest.raises(IllegalMove, match="does not fit"):
        state.apply(Placement("CT", (a, b)))


def test_covered_fields_are_refused():
    state = covered_state([["CT", "DD"], ["XX", "CC"]])
    a, b = first_position("CT")
    state = state.apply(Placement("CT", (a, b)))
    board = state.board
    # Any other tile's position through a covered field is refused.
    for code in TILES:
        for mask, i, j in board.positions[TILES.index(code)]:
            if mask & state.occupied:
                probe = covered_state([[code], ["XX"]])
                probe.occupied = state.occupied
                with pytest.raises(IllegalMove, match="already covered"):
                    probe.apply(Placement(code, (board.cells[i], board.cells[j])))


def test_a_tile_not_in_hand_is_refused_and_a_placed_tile_leaves_the_hand():
    state = covered_state([["CT", "DD"], ["XX", "CC"]])
    a, b = first_position("XX")
    with pytest.raises(IllegalMove, match="not in player 0's hand"):
        state.apply(Placement("XX", (a, b)))
    after = state.apply(Placement("CT", first_position("CT")))
    assert after.hand(0) == ["DD"]
    assert after.current_player == 1


# -- elimination and the win ---------------------------------------------------

def test_two_players_the_player_to_move_without_placement_loses():
    # Player 1's only tile (XX) is blocked everywhere: after player 0's move
    # player 1 cannot place, and player 0 wins at once.
    state = covered_state([["CT", "DD"], ["XX"]], covered_tiles=["XX"])
    after = state.apply(Placement("CT", first_position("CT", state.occupied)))
    assert after.current_player == TERMINAL and after.is_terminal()
    assert after.winner() == 0 and after.returns() == [1.0, 0.0]
    assert RULES.result_json(after) == {"winner": 0, "ranking": [[0], [1]]}
    assert after.legal_moves() == []
    with pytest.raises(IllegalMove, match="over"):
        after.apply(Placement("DD", first_position("DD", after.occupied)))


def test_two_players_game_goes_on_while_the_other_can_place():
    state = covered_state([["CT", "DD"], ["XX"]])
    after = state.apply(Placement("CT", first_position("CT")))
    assert after.current_player == 1 and not after.is_terminal()
    assert after.returns() == [0.0, 0.0]


def test_three_players_eliminated_player_is_skipped_and_last_one_wins():
    # Player 1 is blocked from the start of their turn; 0 and 2 play on.
    state = covered_state([["CT", "DD"], ["XX"], ["OO", "PP"]], covered_tiles=["XX"])
    s1 = state.apply(Placement("CT", first_position("CT", state.occupied)))
    assert s1.alive == (True, False, True) and s1.current_player == 2
    s2 = s1.apply(Placement("OO", first_position("OO", s1.occupied)))
    assert s2.current_player == 0  # player 1 skipped
    s3 = s2.apply(Placement("DD", first_position("DD", s2.occupied)))
    assert s3.current_player == 2
    s4 = s3.apply(Placement("PP", first_position("PP", s3.occupied)))
    # Player 0 has no tile left: eliminated; player 2 is the last one and
    # wins although their own hand is empty too.
    assert s4.is_terminal() and s4.winner() == 2
    assert s4.returns() == [0.0, 0.0, 1.0]
    assert RULES.result_json(s4) == {"winner": 2, "ranking": [[2], [0, 1]]}


def test_four_players_several_eliminated_in_one_pass():
    state = covered_state([["CT"], ["XX"], ["OO"], ["PP", "DD"]], covered_tiles=["XX", "OO"])
    after = state.apply(Placement("CT", first_position("CT", state.occupied)))
    assert after.alive == (True, False, False, True) and after.current_player == 3
    last = after.apply(Placement("PP", first_position("PP", after.occupied)))
    # Player 0 has no tile: eliminated, so player 3 is the last one left.
    assert last.is_terminal() and last.winner() == 3
    assert RULES.result_json(last)["ranking"] == [[3], [0, 1, 2]]


# -- boards ---------------------------------------------------------------------

def symbol_counts(rows):
    text = "".join(rows)
    return {s: text.count(s) for s in SYMBOLS}


@pytest.mark.parametrize("seed", range(4))
def test_random_board_meets_its_rule(seed):
    options, setup, state = new_game(2, seed, board="random")
    rows = setup["board"]
    assert symbol_counts(rows) == {s: 8 for s in SYMBOLS}
    assert all((a == "-") == (b == "-") for ra, rb in zip(rows, ORIGINAL_ROWS) for a, b in zip(ra, rb))
    counts = {code: len(p) for code, p in positions_by_tile(rows).items()}
    assert sorted(counts) == sorted(TILES) and min(counts.values()) >= 2
    assert state.board.rows == tuple(rows)


def test_random_boards_differ_from_each_other_and_the_original():
    boards = {tuple(new_game(2, seed, board="random")[1]["board"]) for seed in range(4)}
    assert len(boards) == 4 and ORIGINAL_ROWS not in boards


@pytest.mark.parametrize("seed", range(2))
def test_perfect_board_meets_its_rule(seed):
    options, setup, state = new_game(2, seed, board="perfect")
    rows = setup["board"]
    assert symbol_counts(rows) == {s: 8 for s in SYMBOLS}
    assert {code: len(p) for code, p in positions_by_tile(rows).items()} == {c: 3 for c in TILES}
    assert canonical_form(rows) != canonical_form(ORIGINAL_ROWS)


def test_canonical_form_ignores_rotation_reflection_and_renaming():
    rotated = ["".join(row[c] for row in reversed(ORIGINAL_ROWS)) for c in range(11)]
    mirrored = [row[::-1] for row in rotated]
    rename = str.maketrans("CDOPSTX", "DOPSTXC")
    renamed = [row.translate(rename) for row in mirrored]
    assert renamed != list(ORIGINAL_ROWS)
    assert canonical_form(renamed) == canonical_form(ORIGINAL_ROWS)
    swapped = list(ORIGINAL_ROWS)
    swapped[0] = "-----O-----"  # one field changed: a different board
    assert canonical_form(swapped) != canonical_form(ORIGINAL_ROWS)


def test_board_options_are_checked_against_the_setup():
    options, setup, _ = new_game(2, 1, board="random")
    with pytest.raises(RecordError, match="original"):
        RULES.initial_state({"players": 2}, setup)
    with pytest.raises(RecordError, match="perfect|3 positions"):
        RULES.initial_state({"players": 2, "board": "perfect"}, setup)
