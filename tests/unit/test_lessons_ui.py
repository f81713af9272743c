"""The page's lessons (ui/common/lessons.py, url_settings.route_of): the progress kept
in one localStorage value (a corrupt one ignored), said grammatically, the lesson
panel and the routes. Plain asserts only: tests/mpy/run.mjs runs this same file
under MicroPython, pytest under CPython."""

from spielstube.ui.common import lessons
from spielstube.ui.common.texts import Texts
from spielstube.ui.common.url_settings import route_of

GAMES = {"heptalion": 1, "topologic": 1, "schlangennest": 1, "heptalion-puzzle": 1}
TABLE = {
    "lessons.progress": {"en": "{done} of {n|no lessons|# lesson|# lessons} done",
                         "de": "{done} von {n|keiner Lektion|# Lektion|# Lektionen} geschafft"},
    "lessons.heading": {"en": "Lesson {n} of {count}: {title}"},
    "lessons.step": {"en": "Step {step} of {steps}:"},
    "lessons.next": {"en": "Next lesson"},
    "lessons.back_to_game": {"en": "Back to the game"},
    "lessons.learn": {"en": "Learn to play"},
    "lesson.heptalion.first.title": {"en": "Both symbols"},
    "lesson.heptalion.first.step1": {"en": "Lay the tile."},
    "lesson.heptalion.first.step2": {"en": "Lay another."},
    "lesson.heptalion.first.wrong2": {"en": "Not that one."},
    "lesson.heptalion.first.done": {"en": "Learned."},
}
LESSON = {"game": "heptalion", "id": "first", "n": 2, "count": 3, "step": 2, "steps": 2,
          "show": {"player": 0, "tile": "CT", "cells": [[0, 5], [1, 5]]}, "wrong": False, "done": False}


def test_progress_keeps_ids_done_per_game_and_counts_against_the_hosts_ids():
    progress = lessons.Progress(None)
    assert progress.counts("heptalion") is None and lessons.progress_markup(Texts(TABLE, "en"), progress, "heptalion") == ""
    assert progress.know("heptalion", ["a", "b", "c"]) is True
    assert progress.know("heptalion", ["a", "b", "c"]) is False
    assert progress.finished("heptalion", "b") is True and progress.finished("heptalion", "b") is False
    progress.finished("heptalion", "gone")  # a lesson no longer there does not count
    again = lessons.Progress(progress.text())
    assert again.counts("heptalion") == (1, 3) and again.done_ids("heptalion") == ["b", "gone"]
    assert lessons.progress_text(Texts(TABLE, "en"), again, "heptalion") == "1 of 3 lessons done"
    assert lessons.progress_text(Texts(TABLE, "de"), again, "heptalion") == "1 von 3 Lektionen geschafft"
    again.know("topologic", ["x"])
    again.finished("topologic", "x")
    assert lessons.progress_text(Texts(TABLE, "en"), again, "topologic") == "1 of 1 lesson done"
    assert lessons.progress_text(Texts(TABLE, "de"), again, "topologic") == "1 von 1 Lektion geschafft"


def test_a_corrupt_progress_value_is_ignored():
    for text in ("{", "[]", "null", '{"done": 3}', '{"done": {"heptalion": "a"}, "ids": {"x": [1, "y"]}}', ""):
        progress = lessons.Progress(text)
        assert progress.done_ids("heptalion") == []
        assert progress.counts("heptalion") is None
    assert lessons.Progress('{"ids": {"x": [1, "y"]}}').counts("x") == (0, 1)


def test_the_panel_says_the_lesson_its_step_a_wrong_move_and_the_end():
    texts = Texts(TABLE, "en")
    markup = lessons.panel(texts, LESSON)
    assert "Lesson 2 of 3: Both symbols" in markup and "Step 2 of 2:" in markup and "Lay another." in markup
    assert "data-lesson-wrong" not in markup and "data-lesson-done" not in markup
    wrong = lessons.panel(texts, dict(LESSON, wrong=True))
    assert 'data-lesson-wrong role="status">Not that one.' in wrong
    done = lessons.panel(texts, dict(LESSON, done=True, show=None))
    assert "data-lesson-done" in done and "Learned." in done and "Lay another." not in done
    assert 'data-action="next-lesson" data-lesson-target>Next lesson' in done
    last = lessons.panel(texts, dict(LESSON, n=3, done=True, show=None))
    assert 'data-action="next-lesson" data-lesson-target>Back to the game' in last


def test_learn_links_only_for_games_with_lessons():
    texts = Texts(TABLE, "en")
    progress = lessons.Progress('{"ids": {"heptalion": ["a", "b"]}, "done": {"heptalion": ["a"]}}')
    link = lessons.learn_link(texts, progress, "heptalion")
    assert 'href="#heptalion/learn"' in link and 'data-lesson-progress="heptalion">1 of 2 lessons done' in link
    assert lessons.learn_link(texts, progress, "heptalion-puzzle") == ""
    assert lessons.address("topologic") == "#topologic/learn" and lessons.address("topologic", 4) == "#topologic/learn/4"


def test_learn_routes():
    assert route_of("#heptalion/learn", GAMES) == ("learn", "heptalion", None)
    assert route_of("#schlangennest/learn/3", GAMES) == ("learn", "schlangennest", "3")
    assert route_of("#topologic/learn/x", GAMES) == ("learn", "topologic", "x")
    assert route_of("#heptalion-puzzle/learn", GAMES)[0] == "unknown"
    assert route_of("#heptalion/learn?n=2", GAMES)[0] == "unknown"
    assert lessons.lesson_number("3") == 3 and lessons.lesson_number("0") is None
    assert lessons.lesson_number("x") is None and lessons.lesson_number(None) is None
