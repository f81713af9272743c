"""The review of a game (ai/review.py and each game's reviewer; ``review FILE``):
Heptalion's exact marks against plain minimax on small endgames, a lost
position never blundered, every game reviewed end to end from a record, and
a record that cannot be reviewed refused."""

import argparse
import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from heptalion_helpers import new_game, play_random
from spielstube.ai.heptalion.review import HeptalionReviewer
from spielstube.ai.review import MARKS, review_game
from spielstube.ai.schlangennest.review import LOST
from spielstube.commands import review as review_command
from spielstube.core.record import make_record, parse_record, replay
from spielstube.core.rng import Rng
from spielstube.games import get_rules
from spielstube.games.heptalion import RULES as HEPTALION

from test_project import documented_records


def wins(state, memo):
    """Whether the player to move wins against best play: plain minimax on the
    engine's own moves (a placement after which the other is out wins)."""
    key = state.key()
    if key not in memo:
        memo[key] = any(after.is_terminal() or not wins(after, memo)
                        for after in map(state.apply, state.legal_moves()))
    return memo[key]


def move_wins(state, move, memo):
    after = state.apply(move)
    return after.is_terminal() or not wins(after, memo)


def endgame(seed, hidden):
    """A random 2-player game played to its end: (states, moves)."""
    options, setup, state = new_game(2, seed, hidden=hidden)
    final, moves = play_random(state, Rng(f"review/{seed}"))
    states = [state]
    for move in moves:
        states.append(states[-1].apply(move))
    assert states[-1].is_terminal() and final.key() == states[-1].key()
    return options, states, moves


@settings(max_examples=50, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10 ** 6), last=st.integers(1, 8), hidden=st.booleans())
def test_heptalion_marks_agree_with_minimax_on_small_endgames(seed, last, hidden):
    options, states, moves = endgame(seed, hidden)
    indices = list(range(max(0, len(moves) - last), len(moves)))
    reviewer = HeptalionReviewer(options, table_entries=50_000)
    memo = {}
    lines = list(reviewer.review(HEPTALION, states, moves, indices, 2.0))
    assert sorted(index for index, *_ in lines) == indices
    for index, mark, better, detail in lines:
        before, move = states[index], moves[index]
        assert detail["judge"] == "exact"
        # Endgames this small are proven within the budget: no mark is left open.
        assert mark in ("blunder", "good", "best"), (index, mark, detail)
        won = wins(before, memo)
        assert detail["before"] == ("win" if won else "loss")
        if not won:
            assert mark == "good"  # never a blunder: the game was lost already
        elif move_wins(before, move, memo):
            assert mark == "best" and better == []
        else:
            assert mark == "blunder"
            shown = [HEPTALION.move_from_json(data) for data in better]
            winning = [m for m in before.legal_moves() if move_wins(before, m, memo)]
            assert sorted(shown) == sorted(winning)  # every winning placement, and only those
            assert all(data["player"] == before.current_player for data in better)


def test_heptalion_review_leaves_unproven_moves_undecided():
    """At the start, with no time to prove anything, the exact judge says nothing."""
    options, states, moves = endgame(7, False)
    lines = list(HeptalionReviewer(options).review(HEPTALION, states, moves, [0, 1], 0.001))
    assert {mark for _, mark, _, _ in lines} == {"undecided"}


def test_heptalion_three_players_are_the_strong_levels_judgement():
    options, setup, state = new_game(3, 11, hidden=True)
    _, moves = play_random(state, Rng("review/three"), limit=4)
    states = [state]
    for move in moves:
        states.append(states[-1].apply(move))
    lines, summary = review_game(HEPTALION, options, states, moves, 0.05)
    for entry in lines:
        assert entry["mark"] in MARKS
        assert entry["detail"]["judge"] == "strong" or entry["detail"] == {"forced": True}
        for data in entry["better"]:
            states[entry["index"]].apply(HEPTALION.move_from_json(data))  # legal
    assert sum(sum(counts.values()) for counts in summary["marks"].values()) == len(moves)


def write_record(tmp_path, rules, options, setup, moves, final, name):
    path = tmp_path / name
    path.write_text(make_record(rules, options, setup, moves, final).to_json())
    return path


def review_lines(path, seconds, capsys):
    """(exit code, the JSON lines on stdout, stderr) of ``review FILE``."""
    code = review_command.run(argparse.Namespace(file=str(path), seconds=seconds))
    out, err = capsys.readouterr()
    return code, [json.loads(text) for text in out.splitlines()], err


def check_lines(path, lines):
    """Every move has one line, in order, and the summary counts them; a move
    shown as better is legal where it was due."""
    replayed = replay(parse_record(path.read_text()), get_rules)
    *moves, summary = lines
    assert [entry["index"] for entry in moves] == list(range(len(replayed.moves)))
    for entry, before in zip(moves, replayed.states):
        assert entry["player"] == before.current_player and entry["mark"] in MARKS
        for data in entry["better"]:
            before.apply(replayed.rules.move_from_json(data))
    assert summary["summary"] is True and summary["moves"] == len(moves)
    assert sum(sum(counts.values()) for counts in summary["marks"].values()) == len(moves)
    return replayed, moves, summary


def test_review_command_on_a_whole_heptalion_game(tmp_path, capsys):
    options, setup, state = new_game(2, 5)
    final, moves = play_random(state, Rng("review/whole"))
    path = write_record(tmp_path, HEPTALION, options, setup, moves, final, "heptalion.json")
    code, lines, err = review_lines(path, 0.05, capsys)
    assert code == 0 and err == ""
    _, moves, _ = check_lines(path, lines)
    # The end of a game is proven within a twentieth of a second.
    assert moves[-1]["mark"] in ("best", "good") and moves[-1]["detail"]["judge"] == "exact"


def test_review_command_on_a_topologic_match(tmp_path, capsys):
    _, block = next((name, block) for name, block in documented_records() if '"topologic"' in block)
    path = tmp_path / "topologic.json"
    path.write_text(block)
    code, lines, err = review_lines(path, 0.05, capsys)
    assert code == 0 and err == ""
    replayed, moves, summary = check_lines(path, lines)
    hides = [entry for entry in moves if entry["detail"].get("hide")]
    assert len(hides) == 2 and {entry["mark"] for entry in hides} == {"undecided"}
    for entry in moves:
        if not entry["detail"].get("hide"):
            assert entry["mark"] != "undecided"
            if entry["detail"]["possible_before"] > 1:
                assert entry["detail"]["expected_after"] >= 0
    assert [(r["round"], r["hints"], r["finished"]) for r in summary["rounds"]] == [(0, 5, True), (1, 4, True)]
    assert all(1 <= r["strong_hints"] <= 40 for r in summary["rounds"])


def test_topologic_marks_follow_the_places_left():
    """A turn that tells nothing is a blunder beside the strong turn; the strong turn itself is best."""
    rules = get_rules("topologic")
    _, block = next((name, block) for name, block in documented_records() if '"topologic"' in block)
    replayed = replay(parse_record(block), get_rules)
    from spielstube.ai.topologic.review import TopologicReviewer
    reviewer = TopologicReviewer(replayed.options)
    before = replayed.states[2]  # round 0 after the entry: seekers placed, hint 0
    standing = before.make_move(before.positions)
    mark, better, detail = reviewer.judge(rules, before, before.apply(standing).last_move, 0.05, Rng(1))
    if detail["strong_expected_after"] < detail["possible_before"]:
        # Standing still on fields whose hint is known tells nothing.
        assert detail["expected_after"] == detail["possible_before"]
        assert mark == "blunder" and len(better) == 1
    strong = rules.move_from_json(better[0])
    mark, better, detail = reviewer.judge(rules, before, before.apply(strong).last_move, 0.05, Rng(1))
    assert mark == "best" and better == []


@pytest.mark.parametrize("players", [2, 3])
def test_review_command_on_a_schlangennest_game(tmp_path, capsys, players):
    rules = get_rules("schlangennest")
    options = rules.normalize_options({"players": players, "difficulty": "easy"})
    setup = rules.random_setup(options, Rng(players))
    state = rules.initial_state(options, setup)
    final, moves = play_random(state, Rng(f"review/snakes/{players}"), limit=24 if players == 2 else 12)
    path = write_record(tmp_path, rules, options, setup, moves, final, "snakes.json")
    code, lines, err = review_lines(path, 0.05, capsys)
    assert code == 0 and err == ""
    _, moves, _ = check_lines(path, lines)
    for entry in moves:
        detail = entry["detail"]
        if detail.get("forced"):
            assert entry["mark"] == "best"
            continue
        assert detail["judge"] == "strong" and detail["lost"] == max(0.0, round(detail["before"] - detail["after"], 2))
        if entry["mark"] == "blunder":
            assert detail["before"] > -LOST  # a lost game is not thrown away
        assert (entry["mark"] == "best") == (entry["better"] == [])


def test_a_malformed_record_is_refused_with_exit_2(tmp_path, capsys):
    broken = tmp_path / "broken.json"
    broken.write_text("{")
    code, lines, err = review_lines(broken, 0.05, capsys)
    assert code == 2 and lines == [] and "not valid JSON" in err and len(err.strip().splitlines()) == 1
    _, block = next(documented_records())
    data = json.loads(block)
    data["moves"][1]["cells"] = data["moves"][0]["cells"]
    illegal = tmp_path / "illegal.json"
    illegal.write_text(json.dumps(data))
    code, lines, err = review_lines(illegal, 0.05, capsys)
    assert code == 2 and lines == [] and "move 1" in err
    code, lines, err = review_lines(tmp_path / "missing.json", 0.05, capsys)
    assert code == 2 and lines == [] and "cannot read" in err
    code, lines, err = review_lines(broken, 0.0, capsys)
    assert code == 2 and lines == [] and "--seconds" in err


def test_a_game_without_a_reviewer_is_refused(tmp_path, capsys):
    _, block = next((name, block) for name, block in documented_records() if '"heptalion-puzzle"' in block)
    path = tmp_path / "puzzle.json"
    path.write_text(block)
    code, lines, err = review_lines(path, 0.05, capsys)
    assert code == 2 and lines == [] and "cannot be reviewed" in err
