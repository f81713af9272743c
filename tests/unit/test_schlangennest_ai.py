"""Schlangennest computer players: legal, deterministic per seed, and the baseline's rule."""

import json
import os
import re
import time

import pytest

from spielstube.ai.agent import make_agent
from spielstube.ai.schlangennest.agents import (BUDGET_SECONDS, PYODIDE_SCALE, SearchAgent, budget_seconds, free_space, greedy_agent,
                                         static_value)
from spielstube.commands.selfplay import run as run_selfplay
from spielstube.bench.selfplay import lengths_by_player, play_match
from spielstube.core.errors import RecordError
from spielstube.core.record import parse_record, replay
from spielstube.core.rng import Rng
from spielstube.games import get_rules
from spielstube.games.schlangennest import RULES
from spielstube.games.schlangennest.state import Config, position

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


@pytest.mark.parametrize("level", ["easy", "normal", "strong"])
def test_levels_play_legal_moves_quickly(level):
    options = RULES.normalize_options({"players": 3})
    agent = make_agent("schlangennest", level, options)
    state = RULES.initial_state(options, {"first": 2})
    rng = Rng(4)
    for _ in range(8):
        if state.is_terminal():
            break
        start = time.perf_counter()
        move = agent.choose_move(state, rng)
        assert time.perf_counter() - start < 2.0
        assert move in state.legal_moves()
        state = state.apply(move)


@pytest.mark.parametrize("level", ["normal", "strong"])
def test_normal_and_strong_use_best_reply_search_for_more_players(level):
    assert type(make_agent("schlangennest", level, {"players": 3})).__name__ == "BestReplyAgent"
    assert type(make_agent("schlangennest", level, {"players": 4})).__name__ == "BestReplyAgent"
    assert type(make_agent("schlangennest", level, {"players": 2})).__name__ == "SearchAgent"


def test_same_seed_same_game():
    # Without a time limit the search is repeatable; the time-limited levels may cut it
    # at different depths on a busy machine.
    options = RULES.normalize_options({})

    def game():
        agent = SearchAgent("test", depth=2, seconds=None)
        state, rng, moves = RULES.initial_state(options, {"first": 0}), Rng(9), []
        for _ in range(12):
            if state.is_terminal():
                break
            moves.append(agent.choose_move(state.uncached(), rng))
            state = state.apply(moves[-1])
        return moves

    assert game() == game()

    def lengths():
        return play_match("schlangennest", ["easy", "greedy"], 2, 9, first=0, margin=lengths_by_player).margins

    assert lengths() == lengths()


def test_greedy_takes_the_longest_snake():
    cfg = Config(2, None, False, 0)
    # P0's end points east into (1, 0); east of it lies P1's straight, whose grey bridge joins
    # nothing yet. A straight on (1, 0) takes that grey part into P0's snake; a curve does not.
    state = position(cfg, {(0, 0): ("straight", 0, 1), (2, 0): ("straight", 1, 0)}, 0)
    move = greedy_agent().choose_move(state, Rng(1))
    assert move.kind == "straight" and move.cell == (1, 0)
    assert state.apply(move).lengths[0] == 3


def test_free_space_stops_at_cards_and_the_area():
    cfg = Config(2, (1, 3), False, 0)
    state = position(cfg, {(0, 0): ("straight", 0, 1), (1, 0): ("straight", 0, 1)}, 0)
    # Each axis is bounded on its own: (-1, 0) and (2, 0) both count, though only one can be used.
    assert free_space(state, 0) == 2
    # A full row: both ends point out of the fixed area, where only head or tail may lie.
    full = position(cfg, {(0, 0): ("straight", 0, 1), (1, 0): ("straight", 0, 1),
                          (2, 0): ("straight", 0, 1)}, 0)
    assert full.border["x"] == (0, 2) and free_space(full, 0) == 0
    assert static_value(full, 0) < static_value(state, 0) + 1


def test_selfplay_command_accepts_greedy_area_options_and_records(capsys, tmp_path):
    class Args:
        game = "schlangennest"
        players = "ai:easy,ai:greedy"
        games = 2
        seed = 3
        area = "4x8"
        options = None
        cpu_clock = False
        records = None
        cpu_clock = False

    assert run_selfplay(Args) == 0
    out = capsys.readouterr().out
    assert "ai:greedy" in out and "2 games" in out
    Args.area = "huge"
    assert run_selfplay(Args) == 2
    Args.area, Args.options, Args.records = None, '{"extra": "frame"}', str(tmp_path / "games")
    assert run_selfplay(Args) == 0
    files = sorted((tmp_path / "games").iterdir())
    assert len(files) == 2
    for path in files:
        record = parse_record(path.read_text())
        assert record.options["extra"] == "frame" and record.result is not None
        replay(record, get_rules)
    for bad in ("{", "[1]"):
        Args.options = bad
        assert run_selfplay(Args) == 2
    Args.options = '{"extra": "spiral"}'
    with pytest.raises(RecordError):  # the command line prints it as "error: ..." and exits 1
        run_selfplay(Args)


VARIANTS = [{"players": 2, "extra": "neutral"}, {"players": 3, "extra": "neutral"},
            {"players": 2, "extra": "frame"}, {"players": 2, "snakes": 2},
            {"players": 2, "snakes": 2, "two_snake_turn": "one"}]


@pytest.mark.parametrize("options", VARIANTS)
@pytest.mark.parametrize("level", ["greedy", "easy", "normal", "strong"])
def test_every_level_plays_every_variant(options, level):
    options = RULES.normalize_options(options)
    agent = SearchAgent("test", depth=3, seconds=None, width=6) if level == "strong" else \
        make_agent("schlangennest", level, options) if level != "greedy" else greedy_agent()
    state = RULES.initial_state(options, RULES.random_setup(options, Rng(2)))
    rng = Rng(4)
    for _ in range(7):
        if state.is_terminal():
            break
        move = agent.choose_move(state, rng)
        assert move in state.legal_moves()
        state = state.apply(move)


def test_the_page_stretches_the_budget_up_to_one_second():
    assert budget_seconds("strong", "linux") == BUDGET_SECONDS["strong"]
    for level in ("normal", "strong"):
        stretched = budget_seconds(level, "emscripten")
        assert stretched == min(BUDGET_SECONDS[level] * PYODIDE_SCALE, 1.0) and stretched <= 1.0
    assert budget_seconds("strong", "emscripten") > BUDGET_SECONDS["strong"]


def test_the_documented_example_replays():
    with open(os.path.join(ROOT, "docs", "records.md"), encoding="utf-8") as handle:
        text = handle.read()
    block = [b for b in re.findall(r"```json\n(\{\"format\".*?)```", text, re.S)
             if '"game": "schlangennest"' in b][0]
    result = replay(parse_record(block), get_rules)
    assert RULES.result_json(result.final) == json.loads(block)["result"]


def test_strong_searches_its_first_card_where_normal_takes_one_ply():
    from spielstube.ai.schlangennest.territory import territory_value
    from spielstube.games.schlangennest.cards import AREA_KINDS

    options = RULES.normalize_options({"extra": "neutral"})
    setup = RULES.random_setup(options, Rng(5))
    state = RULES.initial_state(options, setup)  # seat 0 lays its first card next to the neutral snake
    plain = SearchAgent("plain", depth=2, seconds=None)
    searching = SearchAgent("searching", depth=2, seconds=None, evaluate=territory_value, search_first_cards=True)
    for agent in (plain, searching):
        move = agent.choose_move(state, Rng(1))
        assert move in state.legal_moves() and move.kind in AREA_KINDS
    assert (plain.depth, searching.depth) == (1, 2)
