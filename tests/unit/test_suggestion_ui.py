"""The page's suggestion (ui/common/suggestion.py) and its button. Plain asserts:
tests/mpy/run.mjs runs this file under MicroPython too."""

from spielstube.ui.common import widgets
from spielstube.ui.common.suggestion import Suggestion
from spielstube.ui.common.texts import Texts

TEXTS = Texts({"suggest.button": {"en": "Suggest a move"}, "suggest.working": {"en": "Working…"},
               "suggest.shown": {"en": "Marked"}}, "en")

HEPTALION = {"move": {"player": 0, "tile": "CT", "cells": [[4, 5], [4, 6]]},
             "pieces": [{"piece": "CT", "colour": None}], "cells": [[4, 5], [4, 6]]}
TWO_SNAKES = {"move": {"player": 0, "action": "place", "card": "curve", "cell": [1, -2], "rot": 3, "colour": 2},
              "pieces": [{"piece": "curve", "colour": 2}], "cells": [[1, -2]]}


def done(version, suggestion):
    return {"type": "suggestion", "version": version, "state": "done", "suggestion": suggestion}


def test_marks_the_piece_and_fields_once_the_host_answers_for_the_version_asked():
    s = Suggestion()
    view = {"version": 4, "can_suggest": True, "past": None}
    assert s.may_ask(view)
    s.asked(4)
    assert not s.may_ask(view) and s.button_key() == "suggest.working"
    assert s.selectors(view) == []  # nothing marked while it is worked out
    assert not s.take(done(3, HEPTALION))  # a late answer for another position
    assert s.take(done(4, HEPTALION))
    assert s.selectors(view) == [('[data-piece="CT"]', "piece"), ('[data-cell="4,5"]', "0"),
                                 ('[data-cell="4,6"]', "1")]
    assert s.move(view) == HEPTALION["move"] and s.move(dict(view, version=5)) is None
    assert s.selectors(dict(view, past=0)) == []  # a past position shows none
    assert s.button_key() == "suggest.shown"


def test_a_colour_narrows_the_piece_and_a_new_position_drops_it():
    s = Suggestion()
    s.asked(7)
    s.take(done(7, TWO_SNAKES))
    view = {"version": 7, "can_suggest": True, "past": None}
    assert s.selectors(view) == [('[data-piece="curve"][data-colour="2"]', "piece"), ('[data-cell="1,-2"]', "0")]
    s.view(7)
    assert s.state == "done"
    s.view(8)
    assert s.state is None and s.selectors(dict(view, version=8)) == []
    assert s.may_ask(dict(view, version=8)) and not s.may_ask(dict(view, version=8, can_suggest=False))
    s.asked(8)
    s.refused()
    assert s.may_ask(dict(view, version=8))


def test_the_button_stays_in_place_and_says_what_it_does():
    s = Suggestion()
    view = {"version": 2, "can_suggest": False}
    markup = widgets.suggest_button(TEXTS, view, True, s)
    assert 'data-action="suggest"' in markup and " disabled" in markup.split(">")[1]
    button = widgets.suggest_button(TEXTS, dict(view, can_suggest=True), True, s)
    assert " disabled" not in button and "Suggest a move" in button
    assert " disabled" in widgets.suggest_button(TEXTS, dict(view, can_suggest=True), False, s)  # host away
    s.asked(2)
    button = widgets.suggest_button(TEXTS, dict(view, can_suggest=True), True, s)
    assert 'data-suggest-state="working"' in button and "Working…" in button and " disabled" in button
    assert widgets.suggest_button(TEXTS, dict(view, can_suggest=None), True, s) == ""  # no computer player
    assert widgets.suggest_button(TEXTS, dict(view, watching=True), True, s) == ""  # nobody to suggest to
    assert 'data-action="suggest"' not in widgets.controls(TEXTS, dict(view, can_suggest=True), True)


def test_tapping_the_suggested_card_and_field_starts_at_the_suggested_orientation():
    from spielstube.ui.schlangennest.turn import SnakeTurn
    legal = [{"player": 0, "action": "place", "card": "curve", "cell": [1, 0], "rot": rot} for rot in (0, 1, 3)]
    turn = SnakeTurn(legal)
    turn.preferred = legal[2]
    turn.choose_piece("curve")
    turn.choose_cell([1, 0])
    assert turn.selected_move() == legal[2]
    turn.choose_cell([1, 0])  # tapping the field again still steps on
    assert turn.selected_move() == legal[0]
    plain = SnakeTurn(legal)
    plain.choose_piece("curve")
    plain.choose_cell([1, 0])
    assert plain.selected_move() == legal[0]  # without a suggestion: the first orientation
