"""Every seat has its own name, also when two computers share a level: in
panels, status, ranking and announcements (all built by widgets.seat_name).
Plain asserts: tests/mpy/run.mjs runs this file under MicroPython too."""

from spielstube.ui.common import widgets
from spielstube.ui.common.texts import Texts

TEXTS = Texts({
    "you": {"en": "You", "de": "Du"},
    "computer_level": {"en": "Computer ({level})", "de": "Computer ({level})"},
    "seat_names.computer_n_level": {"en": "Computer {n} ({level})", "de": "Computer {n} ({level})"},
    "level_easy": {"en": "easy", "de": "leicht"}, "level_strong": {"en": "strong", "de": "stark"},
    "frame.player_n": {"en": "Player {n}", "de": "Spieler {n}"},
}, "en")

HUMAN = {"kind": "human"}


def ai(level):
    return {"kind": "ai", "level": level}


def names(seats, texts=TEXTS):
    view = {"seats": seats}
    return [widgets.seat_name(texts, view, seat) for seat in range(len(seats))]


def test_computers_of_one_level_are_numbered_and_every_name_differs():
    assert names([HUMAN, ai("strong"), ai("strong")]) == ["You", "Computer 1 (strong)", "Computer 2 (strong)"]
    assert names([ai("easy"), ai("easy")]) == ["Computer 1 (easy)", "Computer 2 (easy)"]
    # once two share a level every computer is numbered, in seat order
    assert names([ai("strong"), HUMAN, ai("easy"), ai("strong")]) == [
        "Computer 1 (strong)", "You", "Computer 2 (easy)", "Computer 3 (strong)"]
    four = names([HUMAN, HUMAN, ai("easy"), ai("easy")])
    assert four == ["Player 1", "Player 2", "Computer 1 (easy)", "Computer 2 (easy)"]
    assert len(set(four)) == 4


def test_computers_of_different_levels_keep_their_plain_names():
    assert names([HUMAN, ai("easy"), ai("strong")]) == ["You", "Computer (easy)", "Computer (strong)"]
    assert names([ai("easy"), ai("strong")]) == ["Computer (easy)", "Computer (strong)"]


def test_german_names_are_distinct_too():
    german = Texts(TEXTS.table, "de")
    assert names([HUMAN, ai("strong"), ai("strong")], german) == ["Du", "Computer 1 (stark)", "Computer 2 (stark)"]
