"""The Heptalion solitaire (games/heptalion/puzzle.py): rules, invariants, records."""

import json
import os
import subprocess
import sys

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from spielstube.core.errors import IllegalMove, RecordError
from spielstube.core.record import make_record, parse_record, replay
from spielstube.core.rng import Rng
from spielstube.games import get_rules
from spielstube.games.heptalion import ORIGINAL_ROWS, TILES, Placement
from spielstube.games.heptalion.puzzle import RULES

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def new_puzzle(kind, seed):
    options = RULES.normalize_options({"board": kind})
    setup = RULES.random_setup(options, Rng(seed))
    return options, setup, RULES.initial_state(options, setup)


def play_out(state, rng):
    moves = []
    while not state.is_terminal():
        legal = state.legal_moves()
        assert legal and state.current_player == 0
        move = legal[rng.below(len(legal))]
        moves.append(move)
        state = state.apply(move)
    assert state.legal_moves() == []
    return state, moves


@settings(max_examples=25, deadline=None)
@given(st.sampled_from(["original", "random", "perfect"]), st.integers(0, 2**32 - 1))
def test_random_playouts_keep_the_invariants(kind, seed):
    options, setup, state = new_puzzle(kind, seed)
    final, moves = play_out(state, Rng(seed))
    assert len(final.placed) == len(moves)
    assert len(moves) <= 24 or kind != "original"  # 24 is the proven maximum there
    used = [p.tile for p in final.placed]
    assert len(set(used)) == len(used)
    assert final.unused.bit_count() + len(used) == len(TILES)
    assert final.occupied.bit_count() == 2 * len(used)
    view = final.player_view(0)
    assert view["count"] == len(used) and sorted(view["tiles"] + used) == sorted(TILES)
    assert view["playable"] == [] and json.loads(json.dumps(view)) == view
    # No tile left fits anywhere: that is what ends the puzzle.
    for t, code in enumerate(TILES):
        if final.unused >> t & 1:
            assert all(final.occupied & mask for mask, _, _ in final.board.positions[t])
    record = make_record(RULES, options, setup, moves, final)
    assert record.result == {"placed": len(used)}
    again = replay(parse_record(record.to_json()), get_rules)
    assert again.final.key() == final.key()


def test_illegal_placements_carry_reason_codes():
    _, _, state = new_puzzle("original", 1)
    move = state.legal_moves()[0]
    after = state.apply(move)
    with pytest.raises(IllegalMove) as placed:
        after.apply(move)
    assert placed.value.code == "heptalion.tile_placed"
    with pytest.raises(IllegalMove) as no_fit:
        state.apply(Placement(move.tile, ((0, 5), (5, 0))))
    assert no_fit.value.code == "heptalion.tile_does_not_fit"
    covering = next(m for m in state.legal_moves() if m.tile != move.tile and set(m.cells) & set(move.cells))
    with pytest.raises(IllegalMove) as covered:
        after.apply(covering)
    assert covered.value.code == "heptalion.field_covered"


def test_options_and_setup_are_checked():
    with pytest.raises(RecordError):
        RULES.normalize_options({"players": 2})
    with pytest.raises(RecordError):
        RULES.initial_state({"board": "original"}, {"board": list(ORIGINAL_ROWS), "hands": []})
    rotated = list(reversed([line[::-1] for line in ORIGINAL_ROWS]))
    with pytest.raises(RecordError, match="original"):
        RULES.initial_state({"board": "perfect"}, {"board": rotated})
    assert RULES.initial_state({"board": "custom"}, {"board": rotated}).legal_moves()
    assert RULES.option_schema()[0]["values"] == ["original", "random", "perfect", "custom"]


def test_replay_cli_checks_a_puzzle_record(tmp_path):
    options, setup, state = new_puzzle("random", 2)
    final, moves = play_out(state, Rng(2))
    data = make_record(RULES, options, setup, moves, final).to_dict()
    good = tmp_path / "good.json"
    good.write_text(json.dumps(data))
    data["moves"][3] = data["moves"][2]
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(data))
    env = dict(os.environ, PYTHONPATH=os.path.join(ROOT, "py"))

    def run(path):
        return subprocess.run([sys.executable, "-m", "spielstube", "replay", str(path)], cwd=ROOT,
                              env=env, capture_output=True, text=True, timeout=60)

    ok = run(good)
    assert ok.returncode == 0 and json.loads(ok.stdout)["result"] == {"placed": len(moves)}
    refused = run(bad)
    assert refused.returncode == 1 and "move 3" in refused.stderr and "already placed" in refused.stderr
