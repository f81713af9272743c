"""Topologic boards: codes, shapes, tiles, border fields, queen moves."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from spielstube.core.errors import RecordError
from spielstube.core.rng import Rng
from spielstube.games.topologic.board import (
    LOCATIONS, RANDOM_SHAPE_BOUND, RECTANGLES, SEED_LIMIT, SHAPES, Board, build_board,
    decode_board_code, encode_board_code, random_board_code,
)

ORTHOGONAL = ((-1, 0), (1, 0), (0, -1), (0, 1))
QUEEN = ORTHOGONAL + ((-1, -1), (-1, 1), (1, -1), (1, 1))

seeds = st.integers(min_value=0, max_value=SEED_LIMIT - 1)


def flood(start, allowed):
    seen = {start}
    stack = [start]
    while stack:
        r, c = stack.pop()
        for dr, dc in ORTHOGONAL:
            nxt = (r + dr, c + dc)
            if nxt in allowed and nxt not in seen:
                seen.add(nxt)
                stack.append(nxt)
    return seen


def has_hole(cells):
    """An empty cell inside the bounding box that cannot reach the outside."""
    rows = 1 + max(r for r, _ in cells)
    cols = 1 + max(c for _, c in cells)
    empty = {(r, c) for r in range(-1, rows + 1) for c in range(-1, cols + 1)} - set(cells)
    return len(flood((-1, -1), empty)) != len(empty)


def line_of_sight(board, start):
    """Queen destinations by walking each of 8 directions until a missing field."""
    found = set()
    for dr, dc in QUEEN:
        r, c = start
        while True:
            r, c = r + dr, c + dc
            if (r, c) not in board.cell_set:
                break
            found.add((r, c))
    return found


@given(shape=st.sampled_from(SHAPES), seed=seeds)
def test_board_code_round_trip(shape, seed):
    code = encode_board_code(shape, seed)
    assert decode_board_code(code) == (shape, seed)
    assert decode_board_code(code.upper()) == (shape, seed)
    assert all(ch.isalnum() or ch in "._-" for ch in code)  # URL-safe as it stands
    assert len(code) <= len("random.") + 8


@settings(max_examples=30, deadline=None)
@given(shape=st.sampled_from(SHAPES), seed=seeds)
def test_code_rebuilds_the_same_board(shape, seed):
    board = build_board(encode_board_code(shape, seed))
    again = build_board(board.code)
    assert again.tiles == board.tiles
    assert again.code == board.code
    assert sorted(board.tiles.values()) == sorted(LOCATIONS)
    assert len(board.cells) == 60


def test_different_seeds_give_different_boards():
    layouts = {tuple(sorted(build_board(f"6x10.{seed}").tiles.items())) for seed in range(20)}
    assert len(layouts) == 20


@pytest.mark.parametrize("code", ["", "6x10", "6x10.", "7x9.12", "6x10.12!", "random.123456789", 42, None])
def test_malformed_codes_are_refused(code):
    with pytest.raises(RecordError):
        decode_board_code(code)


@pytest.mark.parametrize("shape", sorted(RECTANGLES))
def test_rectangles_have_the_named_size_and_their_rim_as_border(shape):
    rows, cols = RECTANGLES[shape]
    board = build_board(encode_board_code(shape, 7))
    assert (board.rows, board.cols) == (rows, cols)
    assert board.cell_set == {(r, c) for r in range(rows) for c in range(cols)}
    assert board.border == {(r, c) for r, c in board.cells if r in (0, rows - 1) or c in (0, cols - 1)}
    assert len(board.border) == 2 * (rows + cols) - 4


@settings(max_examples=25, deadline=None)
@given(seed=seeds)
def test_random_shapes_are_connected_hole_free_and_bounded(seed):
    board = build_board(encode_board_code("random", seed))
    cells = set(board.cells)
    assert len(cells) == 60
    assert flood(next(iter(cells)), cells) == cells
    assert not has_hole(cells)
    assert board.rows <= RANDOM_SHAPE_BOUND and board.cols <= RANDOM_SHAPE_BOUND
    assert min(r for r, _ in cells) == 0 and min(c for _, c in cells) == 0
    # Border: a field with at least one orthogonal side that has no field.
    expected = {(r, c) for r, c in cells if any((r + dr, c + dc) not in cells for dr, dc in ORTHOGONAL)}
    assert board.border == expected


def test_random_shapes_vary():
    shapes = {build_board(encode_board_code("random", seed)).cell_set for seed in range(10)}
    assert len(shapes) == 10


@settings(max_examples=15, deadline=None)
@given(shape=st.sampled_from(SHAPES), seed=seeds)
def test_queen_destinations_follow_lines_and_stop_at_gaps(shape, seed):
    board = build_board(encode_board_code(shape, seed))
    for cell in board.cells:
        assert set(board.queen_destinations(cell)) == line_of_sight(board, cell)


def test_a_gap_blocks_a_queen_move():
    # Row 0: fields at columns 0, 1 and 3; row 1 full. (0,0) sees (0,1) but not (0,3) across the gap.
    cells = [(0, 0), (0, 1), (0, 3), (1, 0), (1, 1), (1, 2), (1, 3)]
    board = Board("test", "custom", 2, 4, {cell: LOCATIONS[i] for i, cell in enumerate(cells)})
    assert (0, 1) in board.queen_destinations((0, 0))
    assert (0, 3) not in board.queen_destinations((0, 0))
    assert (0, 3) not in board.queen_destinations((0, 1))
    assert (1, 2) in board.queen_destinations((0, 1))  # the diagonal exists
    # Round the gap: (0,0) -> (0,1) -> (1,2) -> (0,3), no two-move way.
    assert board.queen_distance((0, 0), (0, 3)) == 3
    assert (1, 2) in board.border  # no field above it


@settings(max_examples=10, deadline=None)
@given(shape=st.sampled_from(SHAPES), seed=seeds)
def test_queen_distance_is_the_fewest_moves(shape, seed):
    board = build_board(encode_board_code(shape, seed))
    rng = Rng(seed)
    for _ in range(20):
        a = board.cells[rng.below(60)]
        b = board.cells[rng.below(60)]
        # Breadth-first by brute force over line_of_sight.
        frontier, seen, steps = {a}, {a}, 0
        while b not in frontier:
            frontier = {d for cell in frontier for d in line_of_sight(board, cell)} - seen
            seen |= frontier
            steps += 1
        assert board.queen_distance(a, b) == steps
        if shape != "random":
            assert steps <= 2  # a rectangle: along the row, then the column


def test_random_board_code_uses_the_rng():
    assert random_board_code("6x10", Rng(1)) == random_board_code("6x10", Rng(1))
    assert random_board_code("6x10", Rng(1)) != random_board_code("6x10", Rng(2))


def test_tiles_json_lists_rows_with_nulls_for_missing_fields():
    board = build_board(encode_board_code("random", 99))
    rows = board.tiles_json()
    assert len(rows) == board.rows and all(len(row) == board.cols for row in rows)
    for r, row in enumerate(rows):
        for c, text in enumerate(row):
            if (r, c) in board.cell_set:
                colour, pips = board.tiles[(r, c)]
                assert text == f"{colour}/{pips}"
            else:
                assert text is None
