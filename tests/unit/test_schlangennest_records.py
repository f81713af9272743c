"""Schlangennest records: notation, round trips and replay errors through core.record."""

import json

import pytest

from spielstube.core.errors import RecordError
from spielstube.core.record import make_record, parse_record, replay
from spielstube.core.rng import Rng
from spielstube.games import get_rules
from spielstube.games.schlangennest import RULES, Pass, Place, SwapTail, TurnCurve


def random_game(options, seed):
    rng = Rng(seed)
    options = RULES.normalize_options(options)
    setup = RULES.random_setup(options, rng)
    state = RULES.initial_state(options, setup)
    moves = []
    while not state.is_terminal():
        legal = state.legal_moves()
        move = legal[rng.below(len(legal))]
        moves.append(move)
        state = state.apply(move)
    return options, setup, moves, state


def record_text(options, setup, moves):
    return json.dumps({"format": "spielstube/1", "game": "schlangennest", "options": options,
                       "setup": setup, "moves": moves, "result": None})


def test_move_notation_round_trips():
    for move in (Place(1, "curve", (-2, 3), 3), TurnCurve(0, (1, 1), -1), SwapTail(2, (0, -4), 2),
                 Pass(3), Place(0, "head", (0, 0), 1)):
        data = RULES.move_to_json(move)
        assert RULES.move_from_json(json.loads(json.dumps(data))) == move
    assert RULES.move_to_json(Place(0, "straight", (1, 2), 1)) == {
        "player": 0, "action": "place", "card": "straight", "cell": [1, 2], "rot": 1}
    assert RULES.move_to_json(Pass(1)) == {"player": 1, "action": "pass"}
    assert RULES.move_from_json({"player": 0, "action": "place", "card": "straight",
                                 "cell": [0, 0], "rot": 3}) == Place(0, "straight", (0, 0), 1)


@pytest.mark.parametrize("bad", [
    [], {"player": 0}, {"player": "0", "action": "pass"}, {"player": 0, "action": "jump"},
    {"player": 0, "action": "place", "card": "loop", "cell": [0, 0], "rot": 0},
    {"player": 0, "action": "place", "card": "curve", "cell": [0], "rot": 0},
    {"player": 0, "action": "place", "card": "curve", "cell": [0, 0], "rot": 4},
    {"player": 0, "action": "place", "card": "curve", "cell": [0, True], "rot": 0},
    {"player": 0, "action": "turn", "cell": [0, 0], "dir": 2},
    {"player": 0, "action": "swap", "card": "head", "cell": [0, 0], "rot": 0},
])
def test_malformed_moves_are_refused(bad):
    with pytest.raises(RecordError):
        RULES.move_from_json(bad)


@pytest.mark.parametrize("options", [{"players": 2}, {"players": 3, "difficulty": "hard"},
                                     {"players": 4, "area": None, "tail_first": True}])
def test_records_replay_exactly(options):
    options, setup, moves, final = random_game(options, 7)
    record = make_record(RULES, options, setup, moves, final)
    again = replay(parse_record(record.to_json()), get_rules)
    assert again.final.key() == final.key()
    assert again.final.lengths == final.lengths
    assert record.result == RULES.result_json(final) and record.result["lengths"] == list(final.lengths)


def test_straight_at_rot_plus_two_replays():
    options = RULES.normalize_options({})
    moves = [{"player": 0, "action": "place", "card": "straight", "cell": [0, 0], "rot": 2},
             {"player": 1, "action": "place", "card": "curve", "cell": [1, 1], "rot": 0}]
    result = replay(parse_record(record_text(options, {"first": 0}, moves)), get_rules)
    assert result.final.cards[(0, 0)] == ("straight", 0, 0)


def test_replay_names_the_bad_move():
    options = RULES.normalize_options({})
    moves = [{"player": 1, "action": "place", "card": "straight", "cell": [0, 0], "rot": 0},
             {"player": 0, "action": "place", "card": "straight", "cell": [0, 1], "rot": 0}]
    with pytest.raises(RecordError) as info:
        replay(parse_record(record_text(options, {"first": 1}, moves)), get_rules)
    assert info.value.move_index == 1 and "another colour" in str(info.value)
    moves[1] = {"player": 0, "action": "pass"}
    with pytest.raises(RecordError) as info:
        replay(parse_record(record_text(options, {"first": 1}, moves)), get_rules)
    assert info.value.move_index == 1 and "may not pass" in str(info.value)


def test_bad_setups_and_wrong_results_are_refused():
    options = RULES.normalize_options({})
    for setup in ({}, {"first": 2}, {"first": 0, "seed": 1}, {"first": True}):
        with pytest.raises(RecordError):
            replay(parse_record(record_text(options, setup, [])), get_rules)
    options, setup, moves, final = random_game({}, 3)
    record = make_record(RULES, options, setup, moves, final).to_dict()
    record["result"] = dict(record["result"], lengths=[99, 0])
    with pytest.raises(RecordError):
        replay(parse_record(json.dumps(record)), get_rules)
    record["moves"] = record["moves"] + [{"player": 0, "action": "pass"}]
    with pytest.raises(RecordError) as info:
        replay(parse_record(json.dumps(record)), get_rules)
    assert info.value.move_index == len(moves)
