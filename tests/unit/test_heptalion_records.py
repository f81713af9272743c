"""Heptalion records: round trip through core.record, replay errors, the replay CLI."""

import json
import os
import subprocess
import sys

import pytest

from heptalion_helpers import new_game, play_random
from spielstube.core.errors import RecordError
from spielstube.core.record import make_record, parse_record, replay
from spielstube.core.rng import Rng
from spielstube.games import get_rules
from spielstube.games.heptalion import RULES

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def finished_record(players=2, seed=4, hidden=False, board="original"):
    options, setup, state = new_game(players, seed, hidden, board)
    final, moves = play_random(state, Rng(seed))
    assert final.is_terminal()
    return make_record(RULES, options, setup, moves, final), final, moves


@pytest.mark.parametrize("players,hidden,board", [
    (2, False, "original"), (3, True, "original"), (4, False, "random"), (2, True, "random"),
])
def test_record_round_trip(players, hidden, board):
    record, final, moves = finished_record(players, 7, hidden, board)
    text = record.to_json()
    again = parse_record(text)
    assert again.to_dict() == json.loads(text)
    replayed = replay(again, get_rules)
    assert replayed.moves == moves
    end = replayed.final
    assert (end.occupied, end.hands, end.alive, end.winner()) == (
        final.occupied, final.hands, final.alive, final.winner())
    assert again.result == RULES.result_json(final) == {
        "winner": final.winner(),
        "ranking": [[final.winner()], [s for s in range(players) if s != final.winner()]]}
    assert replayed.options["hidden_hands"] is hidden and end.hidden is hidden


def test_unfinished_record_replays_without_result():
    options, setup, state = new_game(2, 5)
    state, moves = play_random(state, Rng(5), limit=6)
    record = make_record(RULES, options, setup, moves, state)
    assert record.result is None
    assert replay(parse_record(record.to_json()), get_rules).final.occupied == state.occupied


def broken(kind, index=3):
    record, final, moves = finished_record()
    data = record.to_dict()
    if kind == "malformed move":
        data["moves"][index] = {"tile": "CT", "cells": "up there"}
    elif kind == "unknown tile":
        data["moves"][index] = {"tile": "ZZ", "cells": [[0, 5], [1, 5]]}
    elif kind == "illegal move":
        # Repeat an earlier placement: its fields are covered now.
        data["moves"][index] = dict(data["moves"][index - 2])
    elif kind == "wrong player":
        data["moves"][index] = {**data["moves"][index], "player": 9}
    elif kind == "wrong result":
        loser = 1 - data["result"]["winner"]
        data["result"] = {"winner": loser, "ranking": [[loser], [1 - loser]]}
    return data


@pytest.mark.parametrize("kind,fragment", [
    ("malformed move", "must be two"),
    ("unknown tile", "not a tile code"),
    ("illegal move", "already covered|not in player"),
    ("wrong player", "turn"),
])
def test_replay_names_the_move_index(kind, fragment):
    data = broken(kind, index=3)
    with pytest.raises(RecordError, match=fragment) as err:
        replay(parse_record(json.dumps(data)), get_rules)
    assert err.value.move_index == 3
    assert str(err.value).startswith("move 3: ")


def test_replay_refuses_a_wrong_result():
    with pytest.raises(RecordError, match="recorded result"):
        replay(parse_record(json.dumps(broken("wrong result"))), get_rules)


def test_replay_refuses_moves_after_the_end():
    record, final, moves = finished_record()
    data = record.to_dict()
    data["moves"].append(data["moves"][0])
    with pytest.raises(RecordError, match="already over") as err:
        replay(parse_record(json.dumps(data)), get_rules)
    assert err.value.move_index == len(moves)


@pytest.mark.parametrize("text,fragment", [
    ('{"format": "spielstube/1", "game": "heptalion", "setup": {', "not valid JSON"),
    ('{"format": "spielstube/1", "game": "heptalion", "setup": {"board": 5}}', "11 strings"),
    ('{"format": "spielstube/1", "game": "heptalion", "options": {"players": 5}, "setup": {}}',
     "players must be"),
])
def test_malformed_records_are_record_errors(text, fragment):
    with pytest.raises(RecordError, match=fragment):
        replay(parse_record(text), get_rules)


# -- the command line -------------------------------------------------------------

def run_replay(path):
    env = dict(os.environ, PYTHONPATH=os.path.join(ROOT, "py"))
    return subprocess.run([sys.executable, "-m", "spielstube", "replay", str(path)],
                          cwd=ROOT, env=env, capture_output=True, text=True, timeout=60)


def test_cli_replay_accepts_a_good_record(tmp_path):
    record, final, moves = finished_record()
    path = tmp_path / "good.json"
    path.write_text(record.to_json(indent=1))
    done = run_replay(path)
    assert done.returncode == 0, done.stderr
    summary = json.loads(done.stdout)
    assert summary["ok"] is True and summary["moves"] == len(moves)
    assert summary["result"]["winner"] == final.winner()


@pytest.mark.parametrize("kind", ["illegal move", "malformed move"])
def test_cli_replay_names_the_bad_move_on_one_line(tmp_path, kind):
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(broken(kind, index=5)))
    done = run_replay(path)
    assert done.returncode == 1
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and "move 5:" in lines[0], done.stderr
    assert "Traceback" not in done.stderr


@pytest.mark.parametrize("content", ["{this is not json", '{"format": "spielstube/1", "game": '
                                     '"heptalion", "setup": {"board": null, "hands": [[1]]}}'])
def test_cli_replay_rejects_a_malformed_record_on_one_line(tmp_path, content):
    path = tmp_path / "broken.json"
    path.write_text(content)
    done = run_replay(path)
    assert done.returncode == 1
    assert len(done.stderr.strip().splitlines()) == 1 and "Traceback" not in done.stderr
