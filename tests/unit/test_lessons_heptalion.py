"""Heptalion's lessons (games/heptalion/lessons.py) teach what their titles say.

Beyond tests/unit/test_lessons.py (each replays, its shown moves reach their goals):
every step can be missed by a legal move (else it teaches nothing); every move a
step accepts keeps the lesson's script playable (the host plays the person's own
move, then the scripted replies); the endgame's taught moves win and the others
lose by the exact solver; and each lesson's position shows what its texts claim.
"""

import json
import os

import pytest

from spielstube.ai.heptalion.position import tables_for
from spielstube.ai.heptalion.solver import Solver
from spielstube.core import lessons as core_lessons
from spielstube.games import get_rules
from spielstube.games.heptalion import TILE_INDEX, RULES
from spielstube.games.heptalion.lessons import LESSONS

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
BY_ID = {lesson["id"]: lesson for lesson in LESSONS}


def _start(lesson):
    return core_lessons.start_state(RULES, lesson, get_rules).final


def _move(data):
    return RULES.move_from_json(data)


def _path(lesson):
    """(step, state before the person's move, state after it and the replies) along the shown moves."""
    state = _start(lesson)
    out = []
    for step in lesson["steps"]:
        after = core_lessons.play_replies(RULES, step, state.apply(_move(core_lessons.show_move(step))))
        out.append((step, state, after))
        state = after
    return out


def _accepted(step, state):
    return [move for move in state.legal_moves() if core_lessons.reaches(RULES, step, state, move)]


def _missed(step, state):
    return [move for move in state.legal_moves() if not core_lessons.reaches(RULES, step, state, move)]


def _duel(state):
    """(the mover's tiles, the other's) of a two-player position."""
    alive = [seat for seat, a in enumerate(state.alive) if a]
    assert len(alive) == 2
    seat = state.current_player
    other = alive[0] if alive[1] == seat else alive[1]
    return state.hands[seat], state.hands[other]


def _wins(solver, state):
    """Whether the player to move wins a duel with best play (the exact solver)."""
    if state.is_terminal():
        return False
    me, opp = _duel(state)
    value, _, _ = solver.solve(state.occupied, me, opp)
    assert value is not None
    return value


def _places(state, code):
    """The free placements of tile ``code`` (whoever holds it)."""
    return [mask for mask, _, _ in state.board.positions[TILE_INDEX[code]] if not state.occupied & mask]


def _free_pair_tiles(state):
    """The tile of every free pair of neighbouring fields."""
    return {code for code in TILE_INDEX if _places(state, code)}


def _laid(state):
    return {placement.tile for _, placement in state.placed}


def test_the_lessons_come_in_teaching_order():
    assert [lesson["id"] for lesson in RULES.lessons()] == [
        "matching", "turning", "last-move", "one-field", "safe-count", "three-players", "hidden-hands"]
    assert RULES.lessons() is LESSONS


@pytest.mark.parametrize("lesson", LESSONS, ids=lambda lesson: lesson["id"])
def test_every_step_can_be_missed_by_a_legal_move(lesson):
    for k, (step, before, _) in enumerate(_path(lesson), 1):
        assert _missed(step, before), f"step {k}: every legal move reaches the goal"


@pytest.mark.parametrize("lesson", LESSONS, ids=lambda lesson: lesson["id"])
def test_every_accepted_move_keeps_the_script_playable(lesson):
    """Whichever accepted move the person makes, the replies are legal and every later
    step's shown move is legal there and reaches its goal."""
    seat = lesson["seat"]

    def walk(state, k):
        if k == len(lesson["steps"]):
            return
        step = lesson["steps"][k]
        assert not state.is_terminal() and state.current_player == seat
        shown = _move(core_lessons.show_move(step))
        assert core_lessons.reaches(RULES, step, state, shown)
        for move in _accepted(step, state):
            after = state.apply(move)
            for data in step.get("reply", ()):
                assert not after.is_terminal() and after.current_player != seat
                after = after.apply(_move(data))
            walk(after, k + 1)

    walk(_start(lesson), 0)


def test_the_texts_are_short_enough_for_a_phone():
    with open(os.path.join(ROOT, "i18n", "lessons-heptalion.json"), encoding="utf-8") as handle:
        table = json.load(handle)
    for key, entry in table.items():
        limit = 50 if key.endswith(".title") else 160
        for lang in ("de", "en"):
            assert len(entry[lang]) <= limit, (key, lang)


# What a step's text says another seat can still lay: (lesson, step from 1, seat, tiles).
STILL_FITTING = [("last-move", 1, 1, {"OX"}), ("one-field", 1, 1, {"DT", "TT"}),
                 ("safe-count", 2, 1, {"DD"}), ("three-players", 1, 1, {"OS"}),
                 ("three-players", 2, 2, {"PP"})]


@pytest.mark.parametrize("name,k,seat,tiles", STILL_FITTING)
def test_the_tiles_a_text_names_are_all_the_other_seat_can_still_lay(name, k, seat, tiles):
    _, before, _ = _path(BY_ID[name])[k - 1]
    assert {code for code in before.hand(seat) if _places(before, code)} == tiles


def test_matching_lays_a_tile_of_two_symbols_then_a_double():
    lesson = BY_ID["matching"]
    (first, before1, _), (second, before2, _) = _path(lesson)
    for step, before, double in ((first, before1, False), (second, before2, True)):
        accepted = _accepted(step, before)
        tiles = {move.tile for move in accepted}
        assert len(tiles) == 1
        tile = tiles.pop()
        assert (tile[0] == tile[1]) is double
        # Every accepted placement: both fields show the tile's symbols.
        for move in accepted:
            symbols = "".join(sorted(before.board.symbol_at(cell) for cell in move.cells))
            assert symbols == tile
        # Other tiles of the hand fit too: the step asks for one of them.
        assert any(move.tile != tile for move in before.legal_moves())


def test_turning_keeps_the_place_of_the_own_double():
    lesson = BY_ID["turning"]
    (step, before, _), (last, before_last, _) = _path(lesson)
    [right] = [_move(data) for data in step["expect"]]
    turned = [move for move in before.legal_moves() if move.tile == right.tile and move != right]
    # The same tile on the same field, the other way round: lying against standing.
    assert turned and all(set(move.cells) & set(right.cells) for move in turned)
    rows = {cell[0] for cell in right.cells}
    assert all(len({cell[0] for cell in move.cells}) != len(rows) for move in turned)
    double = _move(last["expect"][0]).tile
    assert double[0] == double[1] and before.hands[0] >> TILE_INDEX[double] & 1
    assert len(_places(before, double)) == 1
    for move in turned:
        assert _places(before.apply(move), double) == []
    assert _places(before_last, double)


def test_last_move_leaves_the_opponent_no_placement():
    lesson = BY_ID["last-move"]
    [(step, before, after)] = _path(lesson)
    seat = lesson["seat"]
    opponent = 1 - seat
    theirs = [mask for code in before.hand(opponent) for mask in _places(before, code)]
    assert len(theirs) == 1  # the opponent's last placement
    assert after.is_terminal() and after.winner() == seat
    for move in _missed(step, before):
        later = before.apply(move)
        assert not later.is_terminal() and later.current_player == opponent
        assert len(later.legal_moves()) == 1


def test_one_field_takes_both_placements_the_opponent_has_left():
    lesson = BY_ID["one-field"]
    [(step, before, after)] = _path(lesson)
    opponent = 1 - lesson["seat"]
    theirs = [(code, mask) for code in before.hand(opponent) for mask in _places(before, code)]
    assert len({code for code, _ in theirs}) == 2 and len(theirs) == 2
    shared = theirs[0][1] & theirs[1][1]
    assert bin(shared).count("1") == 1
    [taught] = [_move(data) for data in step["expect"]]
    assert shared >> before.board.index[taught.cells[0]] & 1 or shared >> before.board.index[taught.cells[1]] & 1
    assert after.is_terminal() and after.winner() == lesson["seat"]
    left = [len(before.apply(move).legal_moves()) for move in _missed(step, before)]
    assert all(left) and 1 in left  # a move that takes only one of the two is among the misses


def test_the_endgame_is_won_by_the_taught_moves_and_lost_by_every_other():
    """The exact solver: at each step the accepted moves are exactly the winning ones,
    and the last one leaves the opponent without a placement."""
    lesson = BY_ID["safe-count"]
    seat = lesson["seat"]
    solver = Solver(tables_for(_start(lesson).board).positions)
    path = _path(lesson)
    assert _wins(solver, path[0][1])
    for step, before, _ in path:
        accepted = _accepted(step, before)
        assert accepted and _missed(step, before)
        for move in before.legal_moves():
            after = before.apply(move)
            # A move wins iff the opponent, to move after it, loses.
            assert (not _wins(solver, after)) is (move in accepted), move
    end = path[-1][2]
    assert end.is_terminal() and end.winner() == seat


def test_the_endgame_counts_one_safe_place_and_shared_ones():
    """What the texts say: the person's clover / dot on the left is safe (no tile of the
    opponent's can cover it); after any other first move the opponent wins by taking the
    cross both want with square / cross."""
    lesson = BY_ID["safe-count"]
    solver = Solver(tables_for(_start(lesson).board).positions)
    (step, before, _), _ = _path(lesson)
    opponent = 1 - lesson["seat"]
    theirs = 0
    for code in before.hand(opponent):
        for mask in _places(before, code):
            theirs |= mask
    safe = [mask for mask in _places(before, "CT") if not mask & theirs]
    assert len(safe) == 1
    taking = _move({"tile": "SX", "cells": [[5, 9], [5, 10]]})
    for move in _missed(step, before):
        after = before.apply(move).apply(taking)
        assert not _wins(solver, after)


def test_three_players_put_one_out_then_win_and_share_second_place():
    lesson = BY_ID["three-players"]
    seat = lesson["seat"]
    start = _start(lesson)
    assert start.num_players >= 3 and all(start.alive)
    assert start.discard is not None
    (first, before, after_first), (second, before_second, end) = _path(lesson)
    out_by_move = [s for s in range(start.num_players) if before.alive[s] and not before_second.alive[s]]
    assert len(out_by_move) == 1  # out by the person's move; the game goes on
    assert not before_second.is_terminal()
    for move in _missed(first, before):
        assert all(before.apply(move).alive)
    assert end.is_terminal() and end.winner() == seat
    result = RULES.result_json(end)
    assert result["ranking"] == [[seat], [s for s in range(start.num_players) if s != seat]]
    for move in _missed(second, before_second):
        assert not before_second.apply(move).is_terminal()


def test_hidden_hands_lesson_hides_the_opponent_and_the_free_pairs_tell():
    lesson = BY_ID["hidden-hands"]
    seat = lesson["seat"]
    assert lesson["record"]["options"].get("hidden_hands") is True
    [(step, before, after)] = _path(lesson)
    assert before.hidden
    view = before.player_view(seat)
    assert [hand["tiles"] is None for hand in view["hands"]] == [s != seat for s in range(2)]
    mine, laid = set(before.hand(seat)), _laid(before)
    # Every free pair of fields fits a tile of the person's or one laid, but one.
    unknown = _free_pair_tiles(before) - mine - laid
    assert unknown == {"DP"}
    [taught] = [_move(data) for data in step["expect"]]
    [(mask, a, b)] = [p for p in before.board.positions[TILE_INDEX["DP"]] if not before.occupied & p[0]]
    assert set(taught.cells) & {before.board.cells[a], before.board.cells[b]}
    assert after.is_terminal() and after.winner() == seat
