"""The exact solver's shortcuts (one-sided regions as spare moves, bounded
table) against a memoized plain minimax, on positions where they matter."""

import functools
import json
import os
import subprocess
import sys

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from spielstube.ai.heptalion.position import survey, tables_for
from spielstube.ai.heptalion.solver_free import free_moves, has_free_moves, unspoilt
from spielstube.ai.heptalion.solver_moves import lone_tiles
from spielstube.ai.heptalion.solver import Solver, _flood, checkerboard
from spielstube.core.record import make_record
from spielstube.core.rng import Rng
from spielstube.games.heptalion import ORIGINAL_BOARD, RULES, TILE_INDEX, HeptalionState

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

positions = tables_for(ORIGINAL_BOARD).positions


@functools.lru_cache(maxsize=None)
def minimax(occ, me, opp):
    """The mover wins iff some free placement leaves the other side lost."""
    for t in range(28):
        if me >> t & 1:
            for mask in positions[t]:
                if not occ & mask and not minimax(occ | mask, opp, me & ~(1 << t)):
                    return True
    return False


@functools.lru_cache(maxsize=None)
def minimax_with_spares(occ, me, opp, spare):
    """As minimax, plus ``spare`` extra moves of the mover (negative: the
    other side's) that touch nothing."""
    if spare > 0 and not minimax_with_spares(occ, opp, me, 1 - spare):
        return True
    for t in range(28):
        if me >> t & 1:
            for mask in positions[t]:
                if not occ & mask and not minimax_with_spares(occ | mask, opp, me & ~(1 << t), -spare):
                    return True
    return False


def region_position(seed, free_fields):
    """Random free fields and hands: several regions, some touched by one side only."""
    rng = Rng(seed)
    fields = list(range(56))
    rng.shuffle(fields)
    occupied = sum(1 << f for f in fields[free_fields:])
    tiles = list(range(28))
    rng.shuffle(tiles)
    size = 4 + rng.below(7)
    return occupied, sum(1 << t for t in tiles[:size]), sum(1 << t for t in tiles[size:2 * size])


@settings(max_examples=80, deadline=None)
@given(st.integers(0, 2**32 - 1), st.integers(16, 34))
def test_solver_agrees_with_minimax_where_regions_split(seed, free_fields):
    occ, me, opp = region_position(seed, free_fields)
    solver = Solver(positions)
    result, move, losing = solver.solve(occ, me, opp)
    assert result == minimax(occ, me, opp)
    if result:
        t, mask = move
        assert not minimax(occ | mask, opp, me & ~(1 << t))
    value, winning, lost, undecided = Solver(positions).analyse(occ, me, opp)
    assert value == result and not undecided
    for t, mask in winning:
        assert not minimax(occ | mask, opp, me & ~(1 << t))
    for t, mask in lost:
        assert minimax(occ | mask, opp, me & ~(1 << t))


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 2**32 - 1), st.integers(12, 26), st.integers(-3, 3))
def test_spare_moves_count_like_moves_that_touch_nothing(seed, free_fields, spare):
    occ, me, opp = region_position(seed, free_fields)
    solver = Solver(positions)
    solver._start(None, None)
    assert solver._wins(occ, me, opp, spare) == minimax_with_spares(occ, me, opp, spare)


@settings(max_examples=30, deadline=None)
@given(st.integers(0, 2**32 - 1), st.integers(18, 30))
def test_a_tiny_table_that_keeps_turning_over_gives_the_same_answers(seed, free_fields):
    occ, me, opp = region_position(seed, free_fields)
    small = Solver(positions, max_entries=8)
    assert small.solve(occ, me, opp)[0] == minimax(occ, me, opp)
    assert len(small.table) <= 8 and len(small.old) <= 8


def test_checkerboard_colours_every_position_once_each():
    dark = checkerboard(positions)
    for plist in positions:
        for mask in plist:
            assert (mask & dark).bit_count() == 1
    # The shape is not balanced: 24 fields of one colour, 32 of the other,
    # so no board holds more than 24 tiles.
    assert dark.bit_count() in (24, 32)


def test_state_helper_matches_the_engine():
    occ, me, opp = region_position(3, 20)
    state = HeptalionState(ORIGINAL_BOARD, (me, opp), occ, (True, True), 0)
    assert bool(state.legal_moves()) == any(
        not occ & mask for t in range(28) if me >> t & 1 for mask in positions[t])


def record_after(plies, seed, players=2, hidden=False):
    options = RULES.normalize_options({"players": players, "hidden_hands": hidden})
    setup = RULES.random_setup(options, Rng(seed))
    state = RULES.initial_state(options, setup)
    rng = Rng(seed + 7)
    moves = []
    for _ in range(plies):
        legal = state.legal_moves()
        moves.append(legal[rng.below(len(legal))])
        state = state.apply(moves[-1])
    return make_record(RULES, options, setup, moves, state), state


def run_solve(tmp_path, record, *extra):
    path = tmp_path / "game.json"
    path.write_text(record.to_json())
    env = dict(os.environ, PYTHONPATH=os.path.join(ROOT, "py"))
    return subprocess.run([sys.executable, "-m", "spielstube", "solve", str(path), *extra], cwd=ROOT,
                          env=env, capture_output=True, text=True, timeout=120)


@pytest.mark.parametrize("seed", [1, 2, 3, 4])
def test_solve_cli_lists_exactly_the_winning_placements(tmp_path, seed):
    record, state = record_after(12, seed)
    done = run_solve(tmp_path, record)
    assert done.returncode == 0, done.stderr
    answer = json.loads(done.stdout)
    seat = state.current_player
    assert answer["to_move"] == seat and answer["undecided"] == 0
    occ, me, opp = state.occupied, state.hands[seat], state.hands[1 - seat]
    idx = state.board.index
    expected = []
    for move in state.legal_moves():
        t = TILE_INDEX[move.tile]
        mask = (1 << idx[move.cells[0]]) | (1 << idx[move.cells[1]])
        if not minimax(occ | mask, opp, me & ~(1 << t)):
            expected.append(RULES.move_to_json(move, seat))
    key = lambda m: (m["tile"], m["cells"])
    assert sorted(answer["winning_moves"], key=key) == sorted(expected, key=key)
    assert answer["value"] == ("win" if expected else "loss")


def test_solve_cli_refuses_hidden_hands_and_three_players(tmp_path):
    for record in (record_after(2, 1, hidden=True)[0], record_after(2, 1, players=3)[0]):
        done = run_solve(tmp_path, record)
        assert done.returncode == 1 and done.stdout == ""
        assert "open hands" in done.stderr or "2-player" in done.stderr


def test_solve_cli_says_unknown_when_time_runs_out(tmp_path):
    record, _ = record_after(0, 5)
    done = run_solve(tmp_path, record, "--seconds", "0")
    answer = json.loads(done.stdout)
    assert done.returncode == 0 and answer["value"] in ("unknown", "win")
    assert answer["undecided"] > 0


def test_strong_level_tries_the_solver_from_the_first_move():
    from spielstube.ai.heptalion import make_agent

    _, state = record_after(0, 3)
    agent = make_agent("strong", {"players": 2}, seconds=0.05)
    move = agent.choose_move(state, Rng(1))
    assert move in state.legal_moves()
    assert "solved" in agent.last_info  # tried at ply 0 (and, in 0.05 s, not finished)


@pytest.mark.parametrize("seed", [1, 2])
def test_strong_level_plays_a_proven_winning_move_when_the_proof_fits(seed):
    from spielstube.ai.heptalion import make_agent

    _, state = record_after(12, seed)
    seat = state.current_player
    occ, me, opp = state.occupied, state.hands[seat], state.hands[1 - seat]
    agent = make_agent("strong", {"players": 2}, seconds=30)
    move = agent.choose_move(state, Rng(1))
    idx = state.board.index
    mask = (1 << idx[move.cells[0]]) | (1 << idx[move.cells[1]])
    if minimax(occ, me, opp):
        assert agent.last_info["solved"] is True
        assert not minimax(occ | mask, opp, me & ~(1 << TILE_INDEX[move.tile]))
    else:
        assert agent.last_info["solved"] is False


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 2**32 - 1), st.integers(12, 24), st.randoms(use_true_random=False))
def test_one_table_answers_every_spare_count_in_any_order(seed, free_fields, rnd):
    # Entries keep the spare counts known to win and to lose, and answer the
    # counts beyond them: asking one solver for several counts checks that.
    occ, me, opp = region_position(seed, free_fields)
    solver = Solver(positions)
    spares = list(range(-3, 4))
    rnd.shuffle(spares)
    for spare in spares:
        solver._start(None, None)
        assert solver._wins(occ, me, opp, spare) == minimax_with_spares(occ, me, opp, spare), spare


def dealt_position(seed, plies):
    """A 2-player deal on the original board after ``plies`` random moves."""
    state = record_after(plies, seed)[1]
    seat = state.current_player
    return state.occupied, state.hands[seat], state.hands[1 - seat]


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 2**32 - 1), st.integers(8, 11))
def test_solver_agrees_with_minimax_on_dealt_positions(seed, plies):
    # Game positions: both hands full of contested tiles, where the bounds
    # one move short (free first moves) fire often.
    occ, me, opp = dealt_position(seed, plies)
    value, winning, lost, undecided = Solver(positions).analyse(occ, me, opp)
    assert value == minimax(occ, me, opp) and not undecided
    for t, mask in winning:
        assert not minimax(occ | mask, opp, me & ~(1 << t))
    for t, mask in lost:
        assert minimax(occ | mask, opp, me & ~(1 << t))


def one_short_claim(solver, occ, me, opp):
    """What the bounds with free moves say of a position (True: the mover
    wins, False: loses, None: they say nothing), spare moves left out."""
    my_tiles = survey(occ, me, positions)[1]
    opp_tiles = survey(occ, opp, positions)[1]
    my_seen = opp_seen = 0
    for _, union in my_tiles:
        my_seen |= union
    for _, union in opp_tiles:
        opp_seen |= union
    my_sure = solver._private_packing(occ | opp_seen, my_tiles, 0)
    opp_most = solver._packing(occ, opp_tiles)
    if my_sure <= opp_most and has_free_moves(positions, occ, free_moves(positions, occ, occ | opp_seen, my_tiles),
                                              opp_tiles, 2 * (opp_most - my_sure) + 1):
        return True
    opp_sure = solver._private_packing(occ | my_seen, opp_tiles, 0)
    my_most = solver._packing(occ, my_tiles)
    if opp_sure < my_most and has_free_moves(positions, occ, free_moves(positions, occ, occ | my_seen, opp_tiles),
                                             my_tiles, 2 * (my_most - opp_sure)):
        return False
    if my_most == opp_sure + 1 and unspoilt(positions, occ, my_tiles,
                                             free_moves(positions, occ, occ | my_seen, opp_tiles)):
        return False
    return None


class Recording(Solver):
    """A solver that keeps the positions its search visits without spare moves."""

    def __init__(self):
        super().__init__(positions)
        self.visited = []

    def _search(self, occ, my_tiles, opp_tiles, spare):
        if not spare:
            self.visited.append((occ, sum(1 << t for t, _ in my_tiles), sum(1 << t for t, _ in opp_tiles)))
        return super()._search(occ, my_tiles, opp_tiles, spare)


def one_short_claims(seed, plies):
    """(position, claim) for the positions a solve from a dealt position
    visits where the bounds one move short say something."""
    solver = Recording()
    solver.solve(*dealt_position(seed, plies))
    out = []
    for position in solver.visited:
        claim = one_short_claim(solver, *position)
        if claim is not None:
            out.append((position, claim))
    return out


@settings(max_examples=12, deadline=None)
@given(st.integers(0, 2**32 - 1), st.integers(8, 10))
def test_the_bounds_with_free_moves_agree_with_minimax(seed, plies):
    for position, claim in one_short_claims(seed, plies):
        assert claim == minimax(*position), position


def test_the_bounds_with_free_moves_do_fire_in_searches():
    # Else the property test above would check nothing.
    claims = [claim for seed in range(4) for _, claim in one_short_claims(seed, 8)]
    assert True in claims and False in claims


def lone_tile_of(occ, me, opp):
    """A lone tile (solver_moves.lone_tiles) of either side linked to the
    contested fields: (tile bit, whether it is the mover's), or None."""
    _, my_tiles, _, my_seen, my_multi, _, _ = survey(occ, me, positions)
    _, opp_tiles, _, _, multi, _, _ = survey(occ, opp, positions, my_seen, my_multi)
    opp_seen = survey(occ, opp, positions)[3]
    if not my_seen & opp_seen:
        return None
    region = _flood(my_seen & opp_seen, my_tiles + opp_tiles)[0]
    for tiles, other_seen, mine in ((my_tiles, opp_seen, True), (opp_tiles, my_seen, False)):
        lone = lone_tiles(positions, occ, tiles, other_seen, multi, region)
        if lone:
            return lone & -lone, mine
    return None


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 2**32 - 1), st.integers(9, 12), st.integers(-2, 2))
def test_a_lone_tile_is_worth_one_spare_move(seed, plies, spare):
    # The rule itself, against minimax: taking a lone tile out of its
    # side's hand and giving that side one more spare move changes nothing;
    # and the solver, which uses the rule, agrees with minimax there.
    for tries in range(40):
        occ, me, opp = dealt_position(seed + tries, plies)
        found = lone_tile_of(occ, me, opp)
        if found:
            break
    else:
        return
    tile, mine = found
    value = minimax_with_spares(occ, me, opp, spare)
    if mine:
        assert value == minimax_with_spares(occ, me & ~tile, opp, spare + 1)
    else:
        assert value == minimax_with_spares(occ, me, opp & ~tile, spare - 1)
    solver = Solver(positions)
    solver._start(None, None)
    assert solver._wins(occ, me, opp, spare) == value
