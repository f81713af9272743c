"""Schlangennest's lessons beyond the generic check (test_lessons.py): each step can
be missed by a legal move (so its wrong-move text is needed), every move a step
accepts leads on to a playable next step, and each lesson teaches what its title
says, checked against the engine's legal moves and refusals."""

import json
import os

import pytest

from spielstube.core import lessons
from spielstube.games import get_rules
from spielstube.games.schlangennest.cards import DX, DY
from spielstube.games.schlangennest.moves import Place, TurnCurve

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
RULES = get_rules("schlangennest")
LESSONS = {lesson["id"]: lesson for lesson in RULES.lessons()}
BLUE, RED = 0, 1


def start(lesson_id):
    return lessons.start_state(RULES, LESSONS[lesson_id], get_rules).final


def step_states(lesson_id):
    """(step, state before it) along the shown moves."""
    lesson = LESSONS[lesson_id]
    state = start(lesson_id)
    out = []
    for step in lesson["steps"]:
        out.append((step, state))
        state = lessons.play_replies(RULES, step, state.apply(RULES.move_from_json(lessons.show_move(step))))
    return out


def accepted(step, state):
    return [m for m in state.legal_moves() if lessons.reaches(RULES, step, state, m)]


def missed(step, state):
    return [m for m in state.legal_moves() if not lessons.reaches(RULES, step, state, m)]


def gain(before, after, colour=BLUE):
    return after.snake_lengths[colour] - before.snake_lengths[colour]


def target(end):
    (x, y), edge = end
    return (x + DX[edge], y + DY[edge])


def test_seven_lessons_in_the_order_of_a_first_hour():
    assert list(LESSONS) == ["first-card", "extend", "grey-parts", "border", "steer", "ring", "special-cases"]
    for lesson in LESSONS.values():
        assert lesson["seat"] == BLUE
        assert set(lesson["record"]["setup"]) == {"first"}  # no deal, no seed: always the same board
        assert len(lesson["record"]["moves"]) <= 6  # a small board, readable on a phone


@pytest.mark.parametrize("lesson_id", list(LESSONS))
def test_every_step_can_be_missed_by_a_legal_move(lesson_id):
    for k, (step, state) in enumerate(step_states(lesson_id), 1):
        assert missed(step, state), f"{lesson_id} step {k}: no legal move misses its goal"


@pytest.mark.parametrize("lesson_id", list(LESSONS))
def test_every_accepted_move_leads_on_to_a_playable_next_step(lesson_id):
    """Whichever accepted move the person makes, the scripted replies are legal and the
    next step's shown move is legal and reaches its goal (the host plays the person's move)."""
    steps = LESSONS[lesson_id]["steps"]

    def walk(k, state):
        if k == len(steps):
            return 1
        step = steps[k]
        shown = RULES.move_from_json(lessons.show_move(step))
        assert shown in state.legal_moves() and lessons.reaches(RULES, step, state, shown)
        paths = 0
        for move in accepted(step, state):
            after = lessons.play_replies(RULES, step, state.apply(move))
            assert after.current_player == BLUE or k + 1 == len(steps)
            paths += walk(k + 1, after)
        return paths

    assert walk(0, start(lesson_id)) >= 1


def test_first_card_touches_the_card_down_and_is_a_straight_or_a_curve():
    ((step, state),) = step_states("first-card")
    assert len(state.cards) == 1 and state.snakes[BLUE] is None
    for move in state.legal_moves():
        touching = any(abs(move.cell[0] - x) <= 1 and abs(move.cell[1] - y) <= 1 for x, y in state.cards)
        assert touching
    assert {m.kind for m in accepted(step, state)} == {"straight", "curve"}
    assert {m.kind for m in missed(step, state)} == {"head", "tail"}  # legal, and closing an end
    diagonal = [m for m in accepted(step, state) if m.cell == (1, 1)]
    assert diagonal and lessons.show_move(step)["cell"] == [1, 1]  # a corner is enough


def test_extend_joins_the_cards_own_part_to_an_open_end_and_a_curve_turns_up():
    (first, before), (second, later) = step_states("extend")
    for step, state in ((first, before), (second, later)):
        for move in state.legal_moves():
            ends = {target(end) for end in state.open_ends(BLUE)}
            assert move.cell in ends  # every card continues the snake at an open end
    (straight,) = accepted(first, before)
    assert straight.kind == "straight"
    curves = accepted(second, later)
    assert curves and all(m.kind == "curve" for m in curves)
    assert [m for m in missed(second, later) if m.kind == "curve"]  # a curve turned down misses


def test_grey_parts_one_then_several_at_once_one_of_them_on_the_card_just_laid():
    (first, before), (second, later) = step_states("grey-parts")
    assert [gain(before, before.apply(m)) for m in accepted(first, before)] == [2]
    assert max(gain(before, s) for _, s in before.successors()) == 2  # no chain to take yet
    assert {gain(later, s) for m, s in later.successors() if m not in accepted(second, later)} >= {1, 2}
    laid_first = tuple(lessons.show_move(first)["cell"])
    for move in accepted(second, later):
        after = later.apply(move)
        assert gain(later, after) >= 3
        grey_owners = [owner for _edges, own, _end, owner in after.part_owners(laid_first) if own is None]
        assert grey_owners == [BLUE]  # the grey part of Blue's own card joined too


def test_border_is_fixed_by_the_fourth_column_and_outside_only_head_or_tail_lie():
    (first, before), (second, later) = step_states("border")
    assert before.fixed == (None, None)
    (straight,) = accepted(first, before)
    after = before.apply(straight)
    assert after.fixed[0] is not None and after.fixed[1] is None  # the side borders
    assert any(not after.area_allows(target(end)) for end in after.open_ends(BLUE))
    outside = [m for m in later.legal_moves() if not later.area_allows(m.cell)]
    assert {m.kind for m in outside} == {"head", "tail"}
    assert set(accepted(second, later)) == set(outside)
    cell = outside[0].cell
    for kind, rot in (("straight", 1), ("curve", 3)):  # a body card out there is refused
        answer = RULES.check_json(later, {"player": BLUE, "action": "place", "card": kind,
                                          "cell": list(cell), "rot": rot})
        assert answer["legal"] is False and answer["code"] == "schlangennest.outside_area"


def test_steer_leads_reds_snake_out_of_the_nest_through_the_cards_grey_part():
    ((step, state),) = step_states("steer")
    reds = {target(end) for end in state.open_ends(RED)}
    blues = {target(end) for end in state.open_ends(BLUE)}
    assert reds & blues  # both ends point at one field
    (move,) = accepted(step, state)
    after = state.apply(move)
    assert gain(state, after, RED) == 1 and gain(state, after, BLUE) == 1
    assert any(not after.area_allows(target(end)) for end in after.open_ends(RED))
    assert all(after.area_allows(target(end)) for end in after.open_ends(BLUE))
    other_way = [m for m in missed(step, state) if m.cell == move.cell]
    assert other_way  # the same field with the card turned leaves Red inside


def test_ring_is_reopened_by_a_quarter_turn_and_the_best_turn_takes_a_grey_part():
    ((step, state),) = step_states("ring")
    assert state.rings[BLUE] and not state.open_ends(BLUE)
    moves = state.legal_moves()
    assert moves and all(isinstance(m, TurnCurve) for m in moves)
    for move in accepted(step, state):
        after = state.apply(move)
        assert not after.rings[BLUE] and len(after.open_ends(BLUE)) == 2
        assert gain(state, after) == 2
    assert {gain(state, state.apply(m)) for m in missed(step, state)} == {1}


def test_special_cases_offer_tempting_moves_the_rules_forbid():
    ((step, state),) = step_states("special-cases")
    assert state.num_players == 3
    field = (0, -1)
    pointing = [c for c in range(3) if field in {target(end) for end in state.open_ends(c)}]
    assert pointing == [0, 1, 2]  # Blue's, Red's and Green's ends meet there
    assert not [m for m in state.legal_moves() if m.cell == field]
    codes = {}
    for kind, rot in (("straight", 0), ("curve", 1), ("curve", 2), ("tail", 2), ("head", 2)):
        answer = RULES.check_json(state, {"player": BLUE, "action": "place", "card": kind,
                                          "cell": list(field), "rot": rot})
        assert answer["legal"] is False
        codes[(kind, rot)] = answer["code"]
    assert codes[("straight", 0)] == "schlangennest.joins_colours"  # Blue's part onto Green's end
    assert codes[("curve", 1)] == "schlangennest.joins_snakes"  # its grey part joins Red and Green
    assert codes[("tail", 2)] == "schlangennest.three_snakes"  # it would close Green, but runs Red over it too
    assert all(m.cell != field for m in state.legal_moves())
    assert {m.kind for m in accepted(step, state)} == {"straight", "curve"}
    assert all(isinstance(m, Place) for m in state.legal_moves())


def test_texts_are_short_enough_to_stand_above_a_phones_board():
    with open(os.path.join(ROOT, "i18n", "lessons-schlangennest.json"), encoding="utf-8") as handle:
        table = json.load(handle)
    needed = {key for lesson in LESSONS.values() for key in lessons.text_keys("schlangennest", lesson)}
    assert set(table) == needed
    for key, entry in table.items():
        limit = 30 if key.endswith(".title") else 170
        for lang in ("de", "en"):
            assert len(entry[lang]) <= limit, (key, lang, len(entry[lang]))
