"""The most tiles on a board (ai.heptalion.maximum): exact, checked against brute force."""

import json
import os
import subprocess
import sys

from hypothesis import given, settings
from hypothesis import strategies as st

from spielstube.ai import clock
from spielstube.ai.heptalion.maximum import MaximumSearch, best_completion, maximum_placement
from spielstube.core.rng import Rng
from spielstube.games.heptalion import (
    ALL_TILES_MASK, ORIGINAL_BOARD, TILES, Board, Placement,
)
from spielstube.games.heptalion.layouts import random_board_rows
from spielstube.games.heptalion.puzzle import RULES as PUZZLE

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def brute_force(board, occupied, tiles):
    """Every subset of the open positions, by plain recursion (small cases only)."""
    open_positions = [(t, mask) for t, plist in enumerate(board.positions) if tiles >> t & 1
                      for mask, _, _ in plist if not occupied & mask]

    def best(i, occ, used):
        if i == len(open_positions):
            return 0
        t, mask = open_positions[i]
        skip = best(i + 1, occ, used)
        if occ & mask or used >> t & 1:
            return skip
        return max(skip, 1 + best(i + 1, occ | mask, used | 1 << t))

    return best(0, occupied, 0)


def replay_placements(board, occupied, tiles, placements):
    """The placements are on free fields, disjoint, one per allowed tile."""
    used = 0
    for t, a, b in placements:
        mask = (1 << a) | (1 << b)
        assert any(m == mask for m, _, _ in board.positions[t])
        assert not occupied & mask and tiles >> t & 1 and not used >> t & 1
        occupied |= mask
        used |= 1 << t


def test_original_board_holds_24_of_28_tiles_and_the_placements_replay():
    result = maximum_placement(ORIGINAL_BOARD)
    assert result.proven and result.max == 24 == len(result.placements)
    replay_placements(ORIGINAL_BOARD, 0, ALL_TILES_MASK, result.placements)
    state = PUZZLE.initial_state({"board": "original"}, {"board": list(ORIGINAL_BOARD.rows)})
    cells = ORIGINAL_BOARD.cells
    for t, a, b in result.placements:
        state = state.apply(Placement(TILES[t], (cells[a], cells[b])))
    assert len(state.placed) == 24


def partial_case(seed, board_seed):
    """A board with most fields covered, so that brute force stays small."""
    rng = Rng(seed)
    board = ORIGINAL_BOARD if board_seed == 0 else Board(random_board_rows(Rng(board_seed)))
    occupied = 0
    for i in range(len(board.cells)):
        if rng.below(100) < 55:
            occupied |= 1 << i
    tiles = 0
    for t in range(len(TILES)):
        if rng.below(100) < 70:
            tiles |= 1 << t
    return board, occupied, tiles


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 2**32 - 1), st.integers(0, 3))
def test_maximum_equals_brute_force_on_partial_boards(seed, board_seed):
    board, occupied, tiles = partial_case(seed, board_seed)
    result = MaximumSearch(board).run(occupied, tiles)
    assert result.proven
    assert result.max == brute_force(board, occupied, tiles)
    replay_placements(board, occupied, tiles, result.placements)


@settings(max_examples=20, deadline=None)
@given(st.integers(0, 2**32 - 1))
def test_best_completion_of_a_puzzle_position_keeps_the_placements_made(seed):
    state = PUZZLE.initial_state({}, {"board": list(ORIGINAL_BOARD.rows)})
    rng = Rng(seed)
    for _ in range(rng.below(12)):
        moves = state.legal_moves()
        if not moves:
            break
        state = state.apply(moves[rng.below(len(moves))])
    made = state.placed
    result = best_completion(state)
    assert result.proven and result.placements[:len(made)] == made
    assert result.max == len(result.placements) <= 24
    for move in result.placements[len(made):]:
        state = state.apply(move)
    assert len(state.placed) == result.max


def test_a_deadline_in_the_past_gives_an_unproven_but_legal_answer():
    board = Board(random_board_rows(Rng(1)))  # 23, and a search of some 50 000 nodes
    result = maximum_placement(board, deadline=clock.now() - 1)
    assert not result.proven
    replay_placements(board, 0, ALL_TILES_MASK, result.placements)
    assert result.max == len(result.placements) < 24


def run_cli(*args):
    env = dict(os.environ, PYTHONPATH=os.path.join(ROOT, "py"))
    return subprocess.run([sys.executable, "-m", "spielstube", *args], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=120)


def test_cli_prints_one_json_line_with_a_placement_reaching_the_maximum():
    done = run_cli("puzzle", "heptalion-max", "--board", "random", "--seed", "5")
    assert done.returncode == 0, done.stderr
    lines = done.stdout.strip().splitlines()
    assert len(lines) == 1
    data = json.loads(lines[0])
    assert data["proven"] is True and len(data["placements"]) == data["max"]
    state = PUZZLE.initial_state({"board": "random"}, {"board": data["board"]})
    for move in data["placements"]:
        state = state.apply(PUZZLE.move_from_json(move))
    assert len(state.placed) == data["max"]


def test_cli_refuses_a_bad_board_choice():
    done = run_cli("puzzle", "heptalion-max", "--board", "not a board")
    assert done.returncode == 1
    assert "--board" in done.stderr and done.stdout == ""
