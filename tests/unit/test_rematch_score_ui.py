"""The score across rematches over the players' panels (ui/common/rematch_score.section).
Plain asserts: tests/mpy/run.mjs runs this file under MicroPython too."""

from spielstube.ui.common import rematch_score
from spielstube.ui.common.texts import Texts

TEXTS = Texts({
    "you": {"en": "You"}, "computer_level": {"en": "Computer ({level})"},
    "level_easy": {"en": "easy"}, "level_strong": {"en": "strong"}, "frame.player_n": {"en": "Player {n}"},
    "rematch_score.label": {"en": "Rematches:"},
    "rematch_score.detail": {"en": "{scores} after {n|# game|# games}"},
    "rematch_score.half": {"en": "A shared first place counts ½."},
}, "en")

TWO = [{"kind": "human"}, {"kind": "ai", "level": "strong"}]
THREE = [{"kind": "human"}, {"kind": "ai", "level": "easy"}, {"kind": "ai", "level": "strong"}]


def _attr(markup, name):
    start = markup.index(name + '="') + len(name) + 2
    return markup[start:markup.index('"', start)]


def test_nothing_shows_until_a_game_of_the_run_has_finished():
    assert rematch_score.section(TEXTS, {"seats": TWO, "rematch_score": None}) == ""
    assert rematch_score.section(TEXTS, {"seats": TWO}) == ""
    assert rematch_score.section(TEXTS, None) == ""


def test_two_seats_read_as_a_score_with_each_seat_named_for_screen_readers():
    markup = rematch_score.section(TEXTS, {"seats": TWO, "rematch_score": {
        "games": 3, "wins": [2, 1], "shared": [0, 0]}})
    assert _attr(markup, "data-rematch-score") == "2 : 1"
    assert "Rematches:" in markup
    assert '<span class="sr-only">You 2, Computer (strong) 1 after 3 games</span>' in markup
    assert markup.index("seat-0") < markup.index("seat-1")  # each number after its seat's mark
    assert "½" not in markup


def test_three_seats_have_a_number_each_in_seat_order_and_a_shared_first_place_counts_half():
    markup = rematch_score.section(TEXTS, {"seats": THREE, "rematch_score": {
        "games": 2, "wins": [1, 0, 0], "shared": [1, 0, 1]}})
    assert _attr(markup, "data-rematch-score") == "1½ : 0 : ½"
    assert "You 1½, Computer (easy) 0, Computer (strong) ½ after 2 games" in markup
    assert "A shared first place counts ½." in markup


def test_one_game_is_said_in_the_singular():
    markup = rematch_score.section(TEXTS, {"seats": TWO, "rematch_score": {
        "games": 1, "wins": [0, 1], "shared": [0, 0]}})
    assert "You 0, Computer (strong) 1 after 1 game<" in markup


def test_a_damaged_score_in_a_kept_view_is_left_out():
    for score in ({"games": 1, "wins": [1], "shared": [0, 0]}, {"games": 0, "wins": [0, 0], "shared": [0, 0]},
                  {"games": "2", "wins": [1, 1], "shared": [0, 0]}, "2 : 1", {"wins": [1, 0]},
                  {"games": 2, "wins": ["1", 0], "shared": [0, 0]}, {"games": 2, "wins": [1, 0], "shared": [None, 0]}):
        assert rematch_score.section(TEXTS, {"seats": TWO, "rematch_score": score}) == ""


def test_points_are_written_with_halves():
    assert [rematch_score.score_points(w, s) for w, s in ((0, 0), (0, 1), (1, 1), (2, 0), (1, 3), (0, 2))] == [
        "0", "½", "1½", "2", "2½", "1"]
