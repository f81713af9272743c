"""Every game's lessons (core/lessons.py): each replays from its record, its
shown moves are legal and reach their goals, its scripted replies are legal,
and every text it needs is there in German and English."""

import glob
import json
import os

import pytest

from spielstube.core import lessons
from spielstube.core.rng import Rng
from spielstube.games import GAME_NAMES, get_rules

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
PLAYED = [name for name in GAME_NAMES if name != "heptalion-puzzle"]


def _texts():
    table = {}
    for path in glob.glob(os.path.join(ROOT, "i18n", "*.json")):
        with open(path, encoding="utf-8") as handle:
            table.update(json.load(handle))
    return table


def _all_lessons():
    return [(game, lesson) for game in PLAYED for lesson in get_rules(game).lessons()]


@pytest.mark.parametrize("game,lesson", _all_lessons(), ids=lambda x: x if isinstance(x, str) else x["id"])
def test_a_lesson_replays_and_its_moves_reach_their_goals(game, lesson):
    assert lessons.check(get_rules(game), lesson, get_rules) is None


@pytest.mark.parametrize("game,lesson", _all_lessons(), ids=lambda x: x if isinstance(x, str) else x["id"])
def test_a_lesson_has_every_text_in_both_languages(game, lesson):
    table = _texts()
    for key in lessons.text_keys(game, lesson):
        assert key in table, key
        assert table[key].get("de") and table[key].get("en"), key


@pytest.mark.parametrize("game", PLAYED)
def test_every_game_teaches_at_least_five_lessons(game):
    assert len(get_rules(game).lessons()) >= 5


@pytest.mark.parametrize("game", PLAYED)
def test_lesson_ids_are_unique(game):
    ids = [lesson["id"] for lesson in get_rules(game).lessons()]
    assert len(ids) == len(set(ids))


def test_a_lesson_whose_shown_move_misses_its_goal_is_refused():
    rules = get_rules("heptalion")
    record = {"format": "spielstube/1", "game": "heptalion", "options": {},
              "setup": rules.random_setup(rules.normalize_options({}), Rng(3)),
              "moves": []}
    state = lessons.start_state(rules, {"record": record}, get_rules).final
    legal = rules.legal_json(state)
    lesson = {"id": "broken", "record": record, "seat": state.current_player,
              "steps": [{"expect": [legal[0]], "show": legal[1]}]}
    with pytest.raises(lessons.LessonError, match="does not reach"):
        lessons.check(rules, lesson, get_rules)
    lesson["steps"][0]["show"] = legal[0]
    assert lessons.check(rules, lesson, get_rules) is None
