"""Core: records, replay errors, sessions with undo/redo, the portable RNG."""

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from spielstube.core.errors import RecordError
from spielstube.core.record import parse_record, replay
from spielstube.core.rng import Rng
from spielstube.core.session import Session
from spielstube.games import get_rules

HEPTALION = get_rules("heptalion")


def new_session(seed=1, seats=("human", "ai:easy")):
    options = HEPTALION.normalize_options({})
    setup = HEPTALION.random_setup(options, Rng(seed))
    return Session(HEPTALION, options, setup, list(seats))


def play_random(session, rng, count):
    for _ in range(count):
        if session.state.is_terminal():
            break
        moves = session.state.legal_moves()
        session.play(moves[rng.below(len(moves))])


def test_rng_is_reproducible_and_uniform_enough():
    a, b = Rng(42), Rng(42)
    assert [a.next_u64() for _ in range(5)] == [b.next_u64() for _ in range(5)]
    counts = [0] * 6
    rng = Rng(7)
    for _ in range(6000):
        counts[rng.below(6)] += 1
    assert all(850 < c < 1150 for c in counts)
    assert Rng("board-code").next_u64() == Rng("board-code").next_u64()
    with pytest.raises(ValueError):
        Rng(1).below(0)


@given(st.integers(min_value=0, max_value=2**64 - 1), st.integers(min_value=1, max_value=1000))
def test_rng_below_stays_in_range(seed, bound):
    rng = Rng(seed)
    assert all(0 <= rng.below(bound) < bound for _ in range(20))


def test_parse_record_rejects_malformed_input():
    for text, fragment in [
        ("{not json", "not valid JSON"),
        ("[]", "JSON object"),
        ('{"format": "other/1"}', "unknown record format"),
        ('{"format": "spielstube/1"}', "no \"game\""),
        ('{"format": "spielstube/1", "game": "heptalion", "setup": {}, "moves": {}}', '"moves" must be a list'),
        ('{"format": "spielstube/1", "game": "heptalion", "setup": []}', '"setup" must be an object'),
    ]:
        with pytest.raises(RecordError) as err:
            parse_record(text)
        assert fragment in str(err.value)


def test_replay_names_the_offending_move():
    session = new_session()
    play_random(session, Rng(3), 4)
    data = session.record().to_dict()
    data["moves"][2] = {"player": data["moves"][2]["player"], "tile": "QQ", "cells": [[0, 5], [1, 5]]}
    with pytest.raises(RecordError) as err:
        replay(parse_record(json.dumps(data)), get_rules)
    assert err.value.move_index == 2
    data = session.record().to_dict()
    data["moves"][1]["player"] = data["moves"][0]["player"]
    with pytest.raises(RecordError) as err:
        replay(parse_record(json.dumps(data)), get_rules)
    assert err.value.move_index == 1 and "turn" in str(err.value)


def test_unknown_game_is_a_record_error():
    with pytest.raises(RecordError):
        get_rules("chess")


def test_session_undo_takes_back_the_computer_reply_too():
    session = new_session()
    play_random(session, Rng(5), 4)  # two moves by each seat, whoever started
    movers = list(session.movers)
    moves = list(session.moves)
    assert session.undo()
    # back to a position where the person (seat 0) is to move, their own move undone
    assert session.state.current_player == 0
    assert session.movers == movers[:len(session.movers)]
    assert 0 in [seat for _, seat in session.redo_stack]
    assert session.redo()
    assert session.moves == moves[:len(session.moves)]
    while session.can_redo():
        session.redo()
    assert session.moves == moves


def test_session_play_clears_redo_and_record_names_players():
    session = new_session()
    play_random(session, Rng(9), 4)
    session.undo()
    assert session.can_redo()
    play_random(session, Rng(10), 1)
    assert not session.can_redo()
    record = session.record()
    assert all("player" in m for m in record.moves)
    again = Session.from_record(parse_record(record.to_json()), get_rules, ["human", "ai:easy"])
    assert again.moves == session.moves
    assert again.movers == session.movers


@settings(max_examples=25, deadline=None)
@given(st.integers(min_value=0, max_value=10_000), st.lists(st.sampled_from(["play", "undo", "redo"]), max_size=40))
def test_session_history_always_replays(seed, actions):
    """Whatever the sequence of plays, undos and redos, the record replays to the same state."""
    session = new_session(seed)
    rng = Rng(seed)
    for action in actions:
        if action == "play":
            play_random(session, rng, 1)
        elif action == "undo":
            session.undo()
        else:
            session.redo()
        replayed = replay(parse_record(session.record().to_json()), get_rules)
        assert replayed.final.key() == session.state.key()
        assert len(session.states) == len(session.moves) + 1
