"""The turn builder against the real rules (CPython only): in random
positions every legal placement can be built by taps, and whatever taps
build is a legal placement."""

from hypothesis import given, settings, strategies as st

from heptalion_helpers import new_game, play_random
from spielstube.core.rng import Rng
from spielstube.games.heptalion import RULES
from spielstube.ui.heptalion.turn import MOVE_READY, HeptalionTurn


def position(seed, plies, players):
    _options, _setup, state = new_game(players=players, seed=seed)
    return play_random(state, Rng(seed), limit=plies)[0]


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 10**6), st.integers(0, 20), st.sampled_from([2, 3, 4]))
def test_every_legal_placement_can_be_built(seed, plies, players):
    state = position(seed, plies, players)
    legal = RULES.legal_json(state) if not state.is_terminal() else []
    for move in legal:
        turn = HeptalionTurn(legal)
        turn.choose_tile(move["tile"])
        first, second = move["cells"]
        assert tuple(first) in turn.legal_cells()
        turn.choose_cell(first)
        assert tuple(second) in turn.legal_cells()
        assert turn.choose_cell(second) == (MOVE_READY, move)


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 10**6), st.integers(0, 20),
       st.lists(st.tuples(st.booleans(), st.integers(0, 27), st.integers(0, 10), st.integers(0, 10)),
                max_size=30))
def test_taps_only_ever_build_legal_placements(seed, plies, taps):
    state = position(seed, plies, 2)
    legal = RULES.legal_json(state) if not state.is_terminal() else []
    tiles = sorted({m["tile"] for m in legal}) or ["CT"]
    turn = HeptalionTurn(legal)
    for is_tile, tile_index, r, c in taps:
        if is_tile:
            turn.choose_tile(tiles[tile_index % len(tiles)])
            continue
        outcome, move = turn.choose_cell((r, c))
        if outcome == MOVE_READY:
            assert move in legal
            assert move["tile"] == turn.tile
        assert turn.legal_cells() <= {tuple(cell) for m in legal for cell in m["cells"]}
