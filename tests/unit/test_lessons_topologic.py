"""Topologic's lessons (games/topologic/lessons.py) beyond the generic check of
tests/unit/test_lessons.py: every step can be missed by a legal move, each lesson
teaches what its title and texts say (computed with the engine's deduction), a
goal step's next shown move is legal whatever move the goal accepted, and the
page's lesson targets (ui/topologic) lead from an empty turn to each shown move
on real views, on a desktop and on a turned phone board."""

import itertools
import json
import os
import re

import pytest

from spielstube.core import lessons as core
from spielstube.core.errors import IllegalMove
from spielstube.games import get_rules
from spielstube.games.topologic import lessons as tl
from spielstube.games.topologic.deduction import candidates_after, hint_partition
from spielstube.games.topologic.moves import Hide, Move
from spielstube.ui.topologic.screen import TopologicScreen
from test_topologic_lesson_targets import follow

RULES = get_rules("topologic")
ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
BY_ID = {lesson["id"]: lesson for lesson in tl.LESSONS}
with open(os.path.join(ROOT, "i18n", "lessons-topologic.json"), encoding="utf-8") as _handle:
    TEXTS = json.load(_handle)
with open(os.path.join(ROOT, "i18n", "topologic.json"), encoding="utf-8") as _handle:
    _GAME_TEXTS = json.load(_handle)
COLOUR = {lang: {_GAME_TEXTS[f"topo_colour_{c}"][lang]: c for c in range(10)} for lang in ("de", "en")}


def start(lesson):
    return core.start_state(RULES, lesson, get_rules).final


def states(lesson):
    """(step, the state the person plays it from), along the shown path."""
    state = start(lesson)
    for step in lesson["steps"]:
        yield step, state
        state = core.play_replies(RULES, step, state.apply(RULES.move_from_json(core.show_move(step))))


def turn(state, cells):
    return state.make_move(cells)


def every_turn(state):
    """Every seeker turn from ``state`` (entry: every border field for each seeker)."""
    choices = [state.seeker_destinations(i) for i in range(state.seeker_count)]
    return [turn(state, cells) for cells in itertools.product(*choices)]


def a_few_turns(state):
    """Legal turns that are quick to list: the engine's sample, plus none moved."""
    moves = list(state.sample_moves())
    if state.positions is not None:
        moves.append(turn(state, state.positions))
    return moves


def reaches(step, state, move):
    return core.reaches(RULES, step, state, move)


def text(lesson_id, key, lang="de"):
    return TEXTS[f"lesson.topologic.{lesson_id}.{key}"][lang]


def named(lesson_id, lang):
    """The places (colour, pips) the lesson's texts name, in the order they do."""
    names = sorted(COLOUR[lang], key=len, reverse=True)
    pattern = re.compile(r"\b(" + "|".join(names) + r")/(\d)")
    found = []
    keys = sorted(key for key in TEXTS if key.startswith(f"lesson.topologic.{lesson_id}."))
    for key in keys:
        for colour, pips in pattern.findall(TEXTS[key][lang]):
            found.append((COLOUR[lang][colour], int(pips)))
    return found


def board():
    return tl.board()


# -- every lesson ----------------------------------------------------------------------------

def test_the_lessons_come_in_teaching_order():
    assert [lesson["id"] for lesson in RULES.lessons()] == [
        "hint", "enter", "queen", "notebook", "gather", "hide", "first-turn"]


@pytest.mark.parametrize("lesson", tl.LESSONS, ids=lambda lesson: lesson["id"])
def test_a_legal_move_misses_every_step(lesson):
    for k, (step, state) in enumerate(states(lesson), 1):
        moves = state.legal_moves() if state.awaiting_secret else a_few_turns(state)
        assert any(not reaches(step, state, move) for move in moves), f"step {k}"
        assert any(reaches(step, state, move) for move in moves + [RULES.move_from_json(core.show_move(step))])


@pytest.mark.parametrize("lesson", tl.LESSONS, ids=lambda lesson: lesson["id"])
def test_the_next_shown_move_is_legal_whatever_the_goal_accepted(lesson):
    """A goal accepts many moves, but the next step shows one fixed turn: it must stay legal."""
    steps = list(states(lesson))
    for (step, state), (following, _shown_state) in zip(steps, steps[1:]):
        if "goal" not in step:
            continue
        accepted = [move for move in every_turn(state) if reaches(step, state, move)]
        assert len(accepted) > 1
        for move in accepted:
            after = core.play_replies(RULES, step, state.apply(move))
            after.apply(RULES.move_from_json(core.show_move(following)))  # IllegalMove if not


@pytest.mark.parametrize("lesson", tl.LESSONS, ids=lambda lesson: lesson["id"])
def test_the_secret_is_fixed_in_the_record_and_the_person_acts(lesson):
    state = start(lesson)
    assert lesson["seat"] == 0 and state.current_player == 0
    assert lesson["record"]["setup"]["board"] == tl.BOARD
    if lesson["id"] == "hide":
        assert state.awaiting_secret and state.game_master == 0
    else:
        assert state.secret is not None and state.seeker == 0


@pytest.mark.parametrize("lang", ("de", "en"))
def test_both_languages_name_the_same_places(lang):
    for lesson in tl.LESSONS:
        assert named(lesson["id"], lang) == named(lesson["id"], "de")


@pytest.mark.parametrize("lesson", tl.LESSONS, ids=lambda lesson: lesson["id"])
@pytest.mark.parametrize("window", [None, (360, 640), (740, 360)])
def test_the_page_targets_lead_to_each_shown_move(lesson, window):
    """The screen on views as the host builds them: following ``lesson_targets`` from an
    empty turn sends a move that is the step's shown move."""
    screen = TopologicScreen()
    if window is not None:
        screen.set_window(*window)
    for version, (step, state) in enumerate(states(lesson), 1):
        shown = {"game": "topologic", "version": version, "seat": 0, "viewer": 0,
                 "seats": [{"kind": "human"}, {"kind": "ai", "level": "strong"}],
                 "handover": None, "thinking": None, "legal": RULES.legal_json(state), "past": None,
                 "result": None, "status": {"key": "status.turn", "params": {"seat": 0}},
                 "settings": {"players": 2, "seats": ["human", "ai:strong"], "first": 0,
                              "options": lesson["record"]["options"]},
                 "board": state.player_view(0)}
        screen.show(shown, True)
        request, _tapped = follow(screen, shown, core.show_move(step))
        assert request[0] == "move"
        move = RULES.person_move(state, request[1])
        played = RULES.move_to_json(state.apply(move).last_move)
        assert played == core.normal(RULES, state, core.show_move(step))


# -- each lesson teaches what it says ---------------------------------------------------------

def test_hint_a_seeker_scores_for_colour_or_pips_and_two_on_the_secret():
    lesson = BY_ID["hint"]
    (first, before), (second, middle) = states(lesson)
    b = before.board
    assert before.secret == (2, 3) and named("hint", "de")[0] == (2, 3)  # gelb/3, said in step 1
    assert before.notebook[-1].hint == 0
    shown = RULES.move_from_json(core.show_move(first))
    moved = [i for i, (a, c) in enumerate(zip(before.positions, shown.seekers)) if a != c]
    assert moved == [0] and b.tiles[shown.seekers[0]] == (2, 4)  # seeker 1 onto gelb/4, the colour
    assert before.apply(shown).last_move.hint == 1
    fours = [move for move in every_turn(middle) if reaches(second, middle, move)]
    assert fours and all(middle.apply(move).last_move.hint == 4 for move in fours)
    # the wrong text's claim: without a seeker on gelb/3 three seekers make at most 3
    assert all(middle.secret_cell in move.seekers for move in fours)
    assert any(move.seekers.count(middle.secret_cell) == 1 for move in fours)  # 2 + 1 + 1


def test_enter_seekers_enter_on_border_fields_of_different_colours():
    lesson = BY_ID["enter"]
    ((step, state),) = states(lesson)
    b = state.board
    assert state.in_entry and state.seeker_destinations(0) == tuple(sorted(b.border))
    inner = next(cell for cell in b.cells if cell not in b.border)
    with pytest.raises(IllegalMove):
        state.apply(turn(state, [inner] + [sorted(b.border)[0]] * 2))
    for move in every_turn(state):
        colours = set(b.tiles[cell][0] for cell in move.seekers)
        assert reaches(step, state, move) == (len(colours) == 3)
    shown = RULES.move_from_json(core.show_move(step))
    pips = sorted(b.tiles[cell][1] for cell in shown.seekers)
    assert pips[0] == pips[1] != pips[2] or pips[0] != pips[1] == pips[2]  # a best first split


def test_queen_a_long_diagonal_then_all_three_on_one_field():
    lesson = BY_ID["queen"]
    (first, before), (second, middle) = states(lesson)
    b = before.board
    shown = RULES.move_from_json(core.show_move(first))
    (r0, c0), (r1, c1) = before.positions[0], shown.seekers[0]
    assert abs(r1 - r0) == abs(c1 - c0) == 5 and shown.seekers[1:] == before.positions[1:]
    assert b.tiles[shown.seekers[0]] == (2, 2) and named("queen", "de") == [(2, 2), (2, 2)]
    together = [move for move in every_turn(middle) if reaches(second, middle, move)]
    assert all(len(set(move.seekers)) == 1 for move in together)
    assert len(set(move.seekers[0] for move in together)) >= 3  # several fields do


def test_notebook_hint_zero_rules_out_the_colours_and_pips_it_names():
    lesson = BY_ID["notebook"]
    ((step, state),) = states(lesson)
    b = state.board
    (entry,) = state.notebook
    assert entry.hint == 0
    places = [b.tiles[cell] for cell in entry.seekers]
    assert places == [(0, 3), (5, 2), (1, 5)] == named("notebook", "de")  # rot/3, blau/2, orange/5
    possible = set(cell for cell, (colour, pips) in b.tiles.items()
                   if colour not in (0, 5, 1) and pips not in (3, 2, 5))
    assert set(state.candidates) == possible == set(candidates_after(b, [(entry.seekers, 0)]))
    assert len(possible) == 21 and "21" in text("notebook", "done") and "21" in text("notebook", "done", "en")
    assert state.secret_cell in possible
    for move in every_turn(state):
        assert reaches(step, state, move) == all(cell in possible for cell in move.seekers)


def test_gather_one_place_left_and_every_seeker_must_reach_it():
    lesson = BY_ID["gather"]
    (first, before), (second, middle) = states(lesson)
    b = before.board
    assert set(before.candidates) == {before.secret_cell} and before.secret == (6, 2)
    assert set(named("gather", "de")) == {(6, 2)}  # violett/2
    distances = sorted(b.queen_distance(cell, before.secret_cell) for cell in before.positions)
    assert distances[-1] == 2  # it cannot be done in one turn
    for move in every_turn(before):
        ok = all(b.queen_distance(cell, before.secret_cell) <= 1 for cell in move.seekers)
        assert reaches(first, before, move) == ok
    gathered = middle.apply(RULES.move_from_json(core.show_move(second)))
    assert gathered.round_index == 1 and gathered.counts[0] == len(before.notebook) + 2
    assert gathered.rounds[0][-1].hint == 6


def test_hide_the_game_master_hides_inside():
    lesson = BY_ID["hide"]
    ((step, state),) = states(lesson)
    b = state.board
    inside = set(cell for cell in b.cells if cell not in b.border)
    for move in state.legal_moves():
        assert isinstance(move, Hide)
        assert reaches(step, state, move) == (b.cell_of[move.secret] in inside)
    after = state.apply(RULES.move_from_json(core.show_move(step)))
    assert after.current_player == 1 and after.seeker == 1 and after.secret_cell in inside


def _split_most(colours, pips):
    """The most places one hint leaves after an entry with these colour and pip counts (as
    many seekers on colour i as colours[i], on pips j + 1 as pips[j]), board-free."""
    counts_c = dict(enumerate(colours))
    counts_p = dict((j + 1, n) for j, n in enumerate(pips))
    groups = {}
    for colour in range(10):
        for pip in range(1, 7):
            hint = counts_c.get(colour, 0) + counts_p.get(pip, 0)
            groups[hint] = groups.get(hint, 0) + 1
    return max(groups.values())


def test_first_turn_the_tip_leaves_a_third_and_all_different_does_not():
    lesson = BY_ID["first-turn"]
    ((step, state),) = states(lesson)
    b = state.board
    assert state.in_entry and state.seeker_count == 5 and len(state.candidates) == 60
    assert tl.FIRST_TURN_MOST == 20 and "20" in text("first-turn", "step1")
    # the tip: five colours, two pip counts (three seekers on one, two on the other)
    assert _split_most((1, 1, 1, 1, 1), (3, 2)) == 20
    assert _split_most((1, 1, 1, 1, 1), (1, 1, 1, 1, 1)) == 30 and "30" in text("first-turn", "done")
    shown = RULES.move_from_json(core.show_move(step))
    assert len(set(b.tiles[cell][0] for cell in shown.seekers)) == 5
    assert sorted(list(b.tiles[cell][1] for cell in shown.seekers).count(p) for p in range(1, 7) if
                  any(b.tiles[cell][1] == p for cell in shown.seekers)) == [2, 3]
    # the goal agrees with the places a hint can leave, computed with deduction
    for move in a_few_turns(state) + [shown]:
        groups = hint_partition(b, state.candidates, move.seekers)
        most = max(len(group) for hint, group in groups.items() if hint != 10)
        assert reaches(step, state, move) == (most <= 20)
    assert not reaches(step, state, turn(state, [sorted(b.border)[0]] * 5))  # all on one field
    different = [(0, 0), (0, 1), (0, 2), (0, 3), (0, 5)]  # rot/3 hellblau/6 schwarz/5 türkis/2 pink/4
    assert len(set(b.tiles[cell][0] for cell in different)) == len(set(b.tiles[cell][1] for cell in different)) == 5
    assert not reaches(step, state, turn(state, different))


def test_the_seeker_moves_are_moves_of_the_person():
    for lesson in tl.LESSONS:
        for step, state in states(lesson):
            move = RULES.move_from_json(core.show_move(step))
            assert move.player == lesson["seat"]
            assert isinstance(move, Hide if lesson["id"] == "hide" else Move)
