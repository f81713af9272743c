"""Topologic rules: hints, candidates, turns, rounds, records and replay."""

import copy
import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from spielstube.core.errors import IllegalMove, RecordError, TooManyMoves
from spielstube.core.game import TERMINAL
from spielstube.core.record import Record, make_record, parse_record, record_from_dict, replay
from spielstube.core.rng import Rng
from spielstube.games import get_rules
from spielstube.games.topologic import (
    LOCATIONS, RULES, Hide, Move, build_board, candidates_after, consistent_candidates, hint_for,
    hint_partition, score,
)

OPTIONS = {"seekers": 5, "shape": "6x10"}


def new_state(seed=1, options=OPTIONS, secrets=None, first=0):
    options = RULES.normalize_options(options)
    rng = Rng(seed)
    setup = RULES.random_setup(options, rng)
    if secrets is None:  # the older form: both secrets in the setup, no hide moves
        secrets = [LOCATIONS[rng.below(len(LOCATIONS))] for _ in range(2)]
    setup["secrets"] = [None if s is None else list(s) for s in secrets]
    setup["first_seeker"] = first
    return RULES.initial_state(options, setup), setup


def brute_candidates(board, notebook):
    """Every field that, as the secret, would have produced each recorded hint."""
    return {
        cell for cell in board.cells
        if all(sum(score(board.tiles[p], board.tiles[cell]) for p in positions) == hint
               for positions, hint in notebook)
    }


def finish_round(state):
    """All seekers walked onto the secret by shortest queen paths; returns the state after."""
    round_index = state.round_index
    board = state.board
    target = state.secret_cell
    if state.in_entry:
        state = state.apply(state.make_move([sorted(board.border)[0]] * state.seeker_count))
    while not state.over and state.round_index == round_index:
        step = []
        for here in state.positions:
            if here == target:
                step.append(here)
            else:
                need = board.queen_distance(here, target) - 1
                step.append(min(d for d in board.queen_destinations(here)
                                if board.queen_distance(d, target) == need))
        state = state.apply(state.make_move(step))
    return state


# --- scoring and candidates ------------------------------------------------


def test_score_counts_per_secret():
    for secret in LOCATIONS:
        scores = [score(location, secret) for location in LOCATIONS]
        assert scores.count(2) == 1  # the secret itself
        assert scores.count(1) == 5 + 9  # its colour's other 5 tiles, its pips' other 9
        assert scores.count(0) == 60 - 15


def test_score_examples_from_the_rules():
    yellow5 = (3, 5)
    assert score((3, 5), yellow5) == 2
    assert score((3, 1), yellow5) == 1  # same colour
    assert score((7, 5), yellow5) == 1  # same pips
    assert score((7, 1), yellow5) == 0


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 10_000), turns=st.integers(1, 4))
def test_candidate_tracking_matches_brute_force(seed, turns):
    rng = Rng(seed)
    board = build_board(f"random.{seed}" if seed % 2 else f"6x10.{seed}")
    secret = board.cells[rng.below(60)]
    notebook = []
    candidates = frozenset(board.cells)
    for _ in range(turns):
        positions = [board.cells[rng.below(60)] for _ in range(1 + rng.below(5))]
        hint = hint_for(board, positions, secret)
        notebook.append((positions, hint))
        candidates = consistent_candidates(board, candidates, positions, hint)
        assert candidates == brute_candidates(board, notebook)
        assert secret in candidates
        groups = hint_partition(board, candidates, positions)
        assert sorted(c for g in groups.values() for c in g) == sorted(candidates)
    assert candidates_after(board, notebook) == candidates


# --- options and setup ------------------------------------------------------


def test_options_defaults_and_errors():
    assert RULES.normalize_options({}) == {"seekers": 5, "shape": "6x10"}
    assert RULES.normalize_options({"seekers": 3, "shape": "random"}) == {"seekers": 3, "shape": "random"}
    for bad in ({"seekers": 6}, {"seekers": True}, {"seekers": "5"}, {"shape": "8x8"},
                {"colour": 1}, {"players": 3}, []):
        with pytest.raises(RecordError):
            RULES.normalize_options(bad)
    assert get_rules("topologic") is RULES


def test_setup_validation():
    options = RULES.normalize_options(OPTIONS)
    setup = RULES.random_setup(options, Rng(5))
    assert RULES.initial_state(options, setup).board.code == setup["board"]
    bad_setups = []
    wrong_tiles = copy.deepcopy(setup)
    wrong_tiles["tiles"][0][0], wrong_tiles["tiles"][0][1] = wrong_tiles["tiles"][0][1], wrong_tiles["tiles"][0][0]
    bad_setups.append(wrong_tiles)
    bad_setups.append(dict(setup, board="5x12.1"))  # the options say 6x10
    bad_setups.append(dict(setup, board="6x10.zz!"))
    bad_setups.append(dict(setup, secrets=[[3, 7], None]))
    bad_setups.append(dict(setup, secrets=[[3, 2]]))
    bad_setups.append(dict(setup, first_seeker=2))
    bad_setups.append(dict(setup, first_seeker=True))
    bad_setups.append(dict(setup, extra=1))
    for bad in bad_setups:
        with pytest.raises(RecordError):
            RULES.initial_state(options, bad)
    # Tiles may be left out: the board code alone rebuilds them.
    without_tiles = {k: v for k, v in setup.items() if k != "tiles"}
    assert RULES.initial_state(options, without_tiles).board.tiles == build_board(setup["board"]).tiles


# --- turns -----------------------------------------------------------------


def test_entry_must_use_border_fields_and_every_seeker():
    state, _ = new_state()
    assert state.in_entry and state.current_player == 0
    inner = (2, 4)
    border = (0, 4)
    with pytest.raises(IllegalMove, match="border"):
        state.apply(state.make_move([border] * 4 + [inner]))
    with pytest.raises(IllegalMove, match="seekers"):
        state.apply(state.make_move([border] * 4))
    with pytest.raises(IllegalMove, match="no field"):
        state.apply(state.make_move([border] * 4 + [(6, 0)]))
    after = state.apply(state.make_move([border, border, (5, 9), (3, 0), (0, 0)]))
    assert after.positions == (border, border, (5, 9), (3, 0), (0, 0))
    assert not after.in_entry


def test_turn_moves_each_seeker_at_most_one_queen_move():
    state, _ = new_state(secrets=[(0, 1), (0, 2)])
    state = state.apply(state.make_move([(0, 0)] * 5))
    if state.round_index == 1:
        pytest.skip("the entry found the secret")
    legal = state.make_move([(0, 0), (0, 9), (5, 0), (5, 5), (3, 3)])  # stay, row, column, diagonals
    assert state.apply(legal).positions == legal.seekers
    two_moves = state.make_move([(0, 0)] * 4 + [(1, 2)])  # a knight's jump needs two queen moves
    with pytest.raises(IllegalMove, match="one queen move"):
        state.apply(two_moves)
    assert set(state.seeker_destinations(0)) == set(state.board.queen_destinations((0, 0))) | {(0, 0)}


def test_sampled_moves_are_legal_and_apply_computes_the_hint():
    state, _ = new_state(seed=3)
    with pytest.raises(TooManyMoves):
        state.legal_moves()
    for move in state.sample_moves()[:5]:
        after = state.apply(move)
        assert after.last_move.hint == hint_for(state.board, move.seekers, state.secret_cell)
    state = state.apply(state.sample_moves()[0])
    if not state.in_entry:
        for move in state.sample_moves()[::7]:
            state.apply(move)


def test_a_round_ends_exactly_at_the_full_hint():
    state, _ = new_state(seed=4)
    secret = state.secret_cell
    state = state.apply(state.make_move([sorted(state.board.border)[0]] * 5))
    if state.round_index == 1:
        pytest.skip("the entry found the secret")
    # Four seekers on the secret and one beside it: 8 of 10, the round goes on.
    board = state.board
    step = []
    for here in state.positions:
        options = board.queen_destinations(here) + (here,)
        step.append(min(options, key=lambda c: (board.queen_distance(c, secret), c)))
    state = state.apply(state.make_move(step))
    state = finish_round(state)
    assert state.round_index == 1 and state.in_entry
    assert state.rounds[0][-1].hint == 10
    assert all(move.hint < 10 for move in state.rounds[0][:-1])
    assert state.current_player == 1 and state.game_master == 0


def test_match_result_and_returns():
    state, setup = new_state(seed=8)
    state = finish_round(state)
    state = finish_round(state)
    assert state.is_terminal() and state.current_player == TERMINAL
    counts = state.counts
    result = RULES.result_json(state)
    assert result["counts"] == list(counts)
    if counts[0] == counts[1]:
        assert result["winner"] is None and result["ranking"] == [[0, 1]]
        assert state.returns() == [0.5, 0.5]
    else:
        winner = 0 if counts[0] < counts[1] else 1
        assert result["winner"] == winner and result["ranking"] == [[winner], [1 - winner]]
        assert state.returns()[winner] == 1.0 and state.returns()[1 - winner] == 0.0
    with pytest.raises(IllegalMove, match="over"):
        state.apply(state.make_move(state.positions))


def test_the_game_master_hides_each_secret_by_a_move_once():
    state, _ = new_state(secrets=[None, None], first=1)
    assert state.awaiting_secret and state.current_player == 0 == state.game_master
    assert state.seeker == 1
    assert len(state.legal_moves()) == 60
    with pytest.raises(IllegalMove, match="not hidden") as info:
        state.apply(Move(1, 0, ((0, 0),) * 5))
    assert info.value.code == "topologic.secret_not_hidden"
    with pytest.raises(IllegalMove) as info:
        state.apply(Hide(1, (4, 2)))
    assert info.value.code == "topologic.not_your_turn"
    state = state.apply(state.hide_move((4, 2)))
    assert state.secret == (4, 2) and not state.awaiting_secret and state.current_player == 1
    assert state.last_move == Hide(0, (4, 2)) and state.last_move.round == 0
    with pytest.raises(IllegalMove) as info:
        state.apply(Hide(0, (1, 1)))
    assert info.value.code == "topologic.secret_already_hidden"
    state = finish_round(state)
    assert state.round_index == 1 and state.awaiting_secret and state.current_player == 1
    assert state.undo_barrier


def test_hide_moves_round_trip_through_a_record():
    state, setup = new_state(seed=6, secrets=[None, None])
    moves = []
    for location in ((2, 3), (7, 6)):
        hide = state.hide_move(location)
        state = state.apply(hide)
        moves.append(state.last_move)
        before = len(state.moves)
        state = finish_round(state)
        moves.extend(state.moves[before:])
    record = make_record(RULES, RULES.normalize_options(OPTIONS), setup, moves, state)
    assert record.moves[0] == {"player": state.first_seeker ^ 1, "action": "hide", "secret": [2, 3]}
    assert "secrets" not in setup or setup["secrets"] == [None, None]
    again = replay(parse_record(record.to_json()), get_rules)
    assert again.final.key() == state.key() and again.moves == moves
    bad = json.loads(record.to_json())
    bad["moves"][0]["secret"] = [10, 1]
    with pytest.raises(RecordError) as info:
        replay(record_from_dict(bad), get_rules)
    assert info.value.move_index == 0


def test_determinize_draws_the_seekers_secret_from_the_candidates():
    state, _ = new_state(seed=11)
    state = state.apply(state.make_move([(0, 0), (0, 3), (5, 9), (2, 0), (0, 7)]))
    if state.round_index == 1:
        pytest.skip("the entry found the secret")
    rng = Rng(2)
    drawn = set()
    for _ in range(40):
        sample = state.determinize(state.current_player, rng)
        assert sample.secret_cell in state.candidates
        assert sample.positions == state.positions and sample.rounds == state.rounds
        drawn.add(sample.secret)
    assert len(drawn) > 1 or len(state.candidates) == 1
    # The game master knows the secret: nothing of this round changes for them.
    assert state.determinize(state.game_master, rng).secret == state.secret


# --- records ---------------------------------------------------------------


def played_record(seed=21, options=OPTIONS, rounds=2):
    state, setup = new_state(seed, options)
    for _ in range(rounds):
        state = finish_round(state)
    return make_record(RULES, RULES.normalize_options(options), setup, list(state.moves), state), state


def test_record_round_trip_through_json():
    record, final = played_record()
    text = record.to_json()
    replayed = replay(parse_record(text), get_rules)
    assert replayed.final.counts == final.counts
    assert RULES.result_json(replayed.final) == record.result
    assert [RULES.move_to_json(m) for m in replayed.final.moves] == record.moves
    first = record.moves[0]
    assert set(first) == {"player", "round", "seekers", "hint"}


def test_record_of_a_match_in_progress_replays_without_result():
    record, final = played_record(rounds=1)
    data = json.loads(record.to_json())
    assert data["result"] is None
    assert replay(parse_record(json.dumps(data)), get_rules).final.round_index == 1


def replay_error(data):
    with pytest.raises(RecordError) as info:
        replay(parse_record(json.dumps(data)), get_rules)
    return info.value


def test_replay_refuses_malformed_moves():
    record, _ = played_record()
    base = json.loads(record.to_json())
    broken = [
        "not a move",
        {"player": 0, "round": 0, "seekers": [[0, 0]] * 5},  # no hint
        dict(base["moves"][0], hint="3"),
        dict(base["moves"][0], hint=True),
        dict(base["moves"][0], round=2),
        dict(base["moves"][0], seekers=[[0, 0]] * 6),
        dict(base["moves"][0], seekers=[[0, "0"]] * 5),
        dict(base["moves"][0], seekers=[[0, 0, 0]] * 5),
        dict(base["moves"][0], extra=1),
    ]
    for move in broken:
        data = copy.deepcopy(base)
        data["moves"][0] = move
        data["result"] = None
        error = replay_error(data)
        assert error.move_index == 0


def test_replay_refuses_illegal_turns_naming_the_move():
    record, final = played_record(seed=22)
    base = json.loads(record.to_json())
    board = final.board

    def with_move(index, **changes):
        data = copy.deepcopy(base)
        data["moves"][index] = dict(data["moves"][index], **changes)
        data["result"] = None
        return data

    inner = [2, 4]
    error = replay_error(with_move(0, seekers=[inner] * 5))
    assert error.move_index == 0 and "border" in error.reason
    first_hint = base["moves"][0]["hint"]
    error = replay_error(with_move(0, hint=(first_hint + 1) % 11))
    assert error.move_index == 0 and "hint" in error.reason
    if len(final.rounds[0]) > 1:
        start = tuple(base["moves"][0]["seekers"][0])
        far = next(cell for cell in board.cells
                   if cell != start and cell not in board.queen_destinations(start))
        error = replay_error(with_move(1, seekers=[list(far)] + base["moves"][1]["seekers"][1:]))
        assert error.move_index == 1 and "queen" in error.reason


def test_replay_refuses_moves_after_a_round_or_the_match_ended():
    record, final = played_record(seed=23)
    base = json.loads(record.to_json())
    end_of_round0 = len(final.rounds[0]) - 1
    data = copy.deepcopy(base)
    # Another round-0 turn after round 0 was won: the round is over.
    extra = dict(data["moves"][end_of_round0])
    data["moves"].insert(end_of_round0 + 1, extra)
    data["result"] = None
    error = replay_error(data)
    assert error.move_index == end_of_round0 + 1
    data = copy.deepcopy(base)
    data["moves"].append(data["moves"][-1])
    error = replay_error(data)
    assert error.move_index == len(base["moves"]) and "over" in str(error)


def test_replay_refuses_a_wrong_result_and_a_missing_secret():
    record, _ = played_record(seed=24)
    data = json.loads(record.to_json())
    data["result"] = dict(data["result"], counts=[1, 1])
    replay_error(data)
    data = json.loads(record.to_json())
    data["setup"]["secrets"][0] = None
    data["result"] = None
    assert replay_error(data).move_index == 0


def test_move_to_json_needs_the_hint():
    with pytest.raises(ValueError):
        RULES.move_to_json(Move(0, 0, ((0, 0),) * 5))
    assert Move(0, 0, ((0, 0),)) == Move(0, 0, ((0, 0),), 4)  # the hint is not the move's identity


def test_record_example_in_the_docs_replays():
    import pathlib
    import re

    doc = pathlib.Path(__file__).resolve().parents[2] / "docs" / "records.md"
    text = doc.read_text(encoding="utf-8")
    example = [block for block in re.findall(r"```json\n(.*?)```", text, re.S)
               if '"game": "topologic"' in block][0]
    replayed = replay(parse_record(example), get_rules)
    assert replayed.final.is_terminal()


# --- whole rounds of random legal turns --------------------------------------


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 100_000), seekers=st.sampled_from([3, 4, 5]),
       shape=st.sampled_from(["6x10", "5x12", "4x15", "random"]), data=st.data())
def test_random_playouts_keep_every_invariant(seed, seekers, shape, data):
    options = {"seekers": seekers, "shape": shape}
    state, setup = new_state(seed, options)
    board = state.board
    applied = []
    for _ in range(12):
        if state.is_terminal():
            break
        round_index, player = state.round_index, state.current_player
        # Mostly random fields; sometimes everyone heads for the secret so rounds end.
        cells = []
        for i in range(seekers):
            options_i = state.seeker_destinations(i)
            if data.draw(st.booleans()):
                target = state.secret_cell
                cells.append(min(options_i, key=lambda c: (board.queen_distance(c, target), c)))
            else:
                cells.append(data.draw(st.sampled_from(options_i)))
        before = state
        state = state.apply(before.make_move(cells))
        applied.append(state.last_move)
        hint = state.last_move.hint
        assert 0 <= hint <= 2 * seekers
        assert hint == hint_for(board, cells, before.secret_cell)
        if hint == 2 * seekers:
            assert all(cell == before.secret_cell for cell in cells)
            assert state.is_terminal() or (state.round_index == round_index + 1 and state.in_entry)
        else:
            assert state.round_index == round_index and state.current_player == player
            assert state.secret_cell in state.candidates
            notebook = [(m.seekers, m.hint) for m in state.notebook]
            assert state.candidates == brute_candidates(board, notebook)
        assert sum(state.counts) == len(applied)
    record = make_record(RULES, RULES.normalize_options(options), setup, list(state.moves), state)
    assert replay(parse_record(record.to_json()), get_rules).final.counts == state.counts
    assert isinstance(record, Record)


def test_undo_stops_at_every_confirmed_seeker_turn():
    """A hint once given stands (shared/design/rulings.md): the Session's undo never takes
    back a seeker turn, only a person's hide before the round's first hint."""
    from spielstube.core.session import Session

    state, setup = new_state(seed=6, secrets=[None, None])
    session = Session(RULES, OPTIONS, setup, ["human", "human"])
    session.play(session.state.hide_move((2, 3)))
    assert session.can_undo()  # the hide, before any hint
    session.undo()
    assert session.state.awaiting_secret and not session.can_undo()
    session.redo()
    border = sorted(session.state.board.border)[0]
    session.play(session.state.make_move([border] * session.state.seeker_count))
    hints = len(session.state.notebook)
    assert hints == 1 and session.state.undo_barrier
    assert not session.can_undo() and session.undo() is False
    assert len(session.state.notebook) == hints and sorted(session.state.counts) == [0, 1]
