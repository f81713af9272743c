"""The history page's markup (ui/common/history_page.py), its routes and the lesson
progress a backup merges. Plain asserts only: tests/mpy/run.mjs runs this same file
under MicroPython, pytest under CPython."""

from spielstube.ui.common import history_page as hp
from spielstube.ui.common.lessons import Progress
from spielstube.ui.common.texts import Texts
from spielstube.ui.common.url_settings import route_of

GAMES = {"heptalion": 1, "topologic": 1, "schlangennest": 1, "heptalion-puzzle": 1}
KEYS = ("history.title", "history.filter", "history.all_games", "history.export", "history.import",
        "history.loading", "history.empty", "history.back", "history.unfinished", "history.drawn",
        "history.won", "history.lost", "history.aid_analysis", "history.watched", "history.replay",
        "history.delete", "history.delete_ask", "history.delete_yes", "history.delete_no", "you",
        "history.play_from_here_ask", "history.play_from_here_yes", "cancel")
TABLE = dict((key, {"en": key.split(".")[-1]}) for key in KEYS)
TABLE.update({
    "history.more": {"en": "Show {n|# more game|# more games}"},
    "history.place_of": {"en": "place {k} of {n}"},
    "history.placed": {"en": "{n|# tile|# tiles} placed"},
    "history.aid_suggestions": {"en": "{n|# suggestion|# suggestions}"},
    "history.aid_undos": {"en": "{n|# undo|# undos}"},
    "history.aids": {"en": "help: {aids}"},
    "history.seat_place": {"en": "{name}: place {k}"},
    "history.moves": {"en": "{n|# move|# moves}"},
    "history.replay_of": {"en": "Replay of the game of {date}"},
    "computer_level": {"en": "Computer ({level})"},
    "level_strong": {"en": "strong"}, "level_easy": {"en": "easy"},
    "seat_names.computer_n_level": {"en": "Computer {n} ({level})"},
    "frame.player_n": {"en": "Player {n}"},
    "game.heptalion": {"en": "Heptalion"}, "game.topologic": {"en": "Topologic"},
    "game.schlangennest": {"en": "Schlangennest"}, "game.heptalion-puzzle": {"en": "Puzzle"},
})
TEXTS = Texts(TABLE, "en")
PERSON = {"kind": "person", "level": None}
STRONG = {"kind": "computer", "level": "strong"}
EASY = {"kind": "computer", "level": "easy"}


def entry(**changes):
    made = {"id": "g1", "game": "heptalion", "started": "2026-12-03T17:40:00Z", "updated": "2026-12-03T17:52:00Z",
            "seats": [PERSON, STRONG], "finished": True, "places": [1, 2], "origin": "new", "watched": False,
            "aids": {}, "moves": 20, "extra": {}}
    made.update(changes)
    return made


def test_the_result_is_said_from_the_one_persons_view():
    assert hp.outcome(entry()) == ("history.won", {})
    assert hp.outcome(entry(places=[2, 1])) == ("history.lost", {})
    assert hp.outcome(entry(places=[1, 1])) == ("history.drawn", {})
    assert hp.outcome(entry(seats=[STRONG, PERSON, EASY], places=[1, 2, 3])) == ("history.place_of", {"k": 2, "n": 3})
    assert hp.outcome(entry(seats=[STRONG, PERSON, EASY], places=[1, 3, 2])) == ("history.lost", {})
    assert hp.outcome(entry(finished=False, places=None)) == ("history.unfinished", {})
    assert hp.outcome(entry(seats=[STRONG, EASY], watched=True)) is None  # the places per seat instead
    assert hp.outcome(entry(seats=[PERSON], places=[1], origin="puzzle", moves=17)) == ("history.placed", {"n": 17})


def test_an_entry_shows_date_game_seats_result_help_and_its_ways():
    markup = hp.entry_markup(TEXTS, entry(aids={"suggestions": 2, "undos": 1, "analysis": True}), hp.iso_minutes, False)
    assert 'data-history-entry="g1"' in markup and "2026-12-03 17:52 UTC" in markup
    assert "Heptalion" in markup and "you · Computer (strong)" in markup and "won" in markup
    assert "help: 2 suggestions, 1 undo, aid_analysis" in markup
    assert 'href="#heptalion/replay/g1"' in markup and 'data-action="delete-history-entry"' in markup
    watched = hp.entry_markup(TEXTS, entry(seats=[STRONG, EASY], watched=True, places=[2, 1]), hp.iso_minutes, False)
    assert "Computer (strong): place 2 · Computer (easy): place 1" in watched and "watched" in watched
    asked = hp.entry_markup(TEXTS, entry(), hp.iso_minutes, True)
    assert 'data-action="confirm-delete-history-entry"' in asked and 'data-action="keep-history-entry"' in asked
    assert 'data-action="delete-history-entry"' not in asked
    puzzle = hp.entry_markup(TEXTS, entry(seats=[PERSON], places=[1], origin="puzzle"), hp.iso_minutes, False)
    assert 'href="#heptalion-puzzle/replay/g1"' in puzzle


def test_the_page_has_its_filter_tools_stats_place_and_more():
    state = {"entries": [entry(), entry(id="g2")], "total": 5, "filter": "topologic", "messages": ["kept"]}
    markup = hp.page_markup(TEXTS, state)
    assert markup.count("data-history-entry=") == 2 and "Show 3 more games" in markup
    assert '<option value="topologic" selected>' in markup and "[data-history-filter]" not in markup
    assert "data-history-filter" in markup and "data-history-stats" not in markup  # no counts yet
    counted = hp.page_markup(TEXTS, dict(state, stats={"heptalion/strong": {"played": 2, "won": 1, "lost": 1}}))
    assert "<div data-history-stats>" in counted and 'data-stats="heptalion/strong"' in counted
    assert counted.index("data-history-entry=") < counted.index("data-history-stats")  # the games first
    assert 'data-action="export-history"' in markup and 'data-action="import-history"' in markup
    assert "data-history-file" in markup and "kept" in markup
    empty = hp.page_markup(TEXTS, {"entries": [], "total": 0})
    assert "data-history-empty" in empty and "more-history" not in empty


def test_routes_of_the_history_and_a_replay():
    assert route_of("#history", GAMES) == ("history", None, None)
    assert route_of("#heptalion/replay/1a-2b", GAMES) == ("replay", "heptalion", "1a-2b")
    assert route_of("#heptalion/replay/", GAMES)[0] == "unknown"
    assert route_of("#chess/replay/x", GAMES)[0] == "unknown"


def test_a_backups_lessons_join_those_done_here():
    progress = Progress('{"done": {"heptalion": ["a"]}, "ids": {}}')
    assert progress.merge('{"done": {"heptalion": ["b", "a"], "topologic": ["t"]}, "ids": {"topologic": ["t", "u"]}}')
    assert progress.done_ids("heptalion") == ["a", "b"] and progress.done_ids("topologic") == ["t"]
    assert progress.counts("topologic") == (1, 2)
    assert not progress.merge('{"done": {"heptalion": ["a"]}}') and not progress.merge("not json")


def test_an_entry_names_its_result_and_whether_it_was_watched():
    assert 'data-history-result="won"' in hp.entry_markup(TEXTS, entry(), hp.iso_minutes, False)
    watched = hp.entry_markup(TEXTS, entry(seats=[STRONG, EASY], watched=True), hp.iso_minutes, False)
    assert 'data-history-result="places"' in watched and "data-history-watched" in watched


def test_a_replays_heading_says_the_date_as_the_list_does():
    """The list's rows and a replay's heading say an entry's time with the same formatter
    (the page's: the language and the device's time zone); the row's moment, its update."""
    said = []

    def when(iso):
        said.append(iso)
        return "3 Dec 2026, 18:52"
    assert hp.replay_title(TEXTS, entry(), when) == "Replay of the game of 3 Dec 2026, 18:52"
    row = hp.entry_markup(TEXTS, entry(), when, False)
    assert ">3 Dec 2026, 18:52</time>" in row and said == ["2026-12-03T17:52:00Z"] * 2
    assert hp.replay_title(TEXTS, entry(updated=""), hp.iso_minutes) == "Replay of the game of 2026-12-03 17:40 UTC"


def test_playing_on_over_an_unfinished_game_asks_in_the_pages_dialog():
    markup = hp.play_on_question(TEXTS)
    assert markup.startswith('<form method="dialog" class="setup" data-confirm-play-from-here>')
    assert "<p>play_from_here_ask</p>" in markup
    # Cancel first (it takes the focus when the dialog opens), the way on the primary
    assert markup.index('data-action="keep-replay">cancel<') < markup.index(
        'class="primary" data-action="confirm-play-from-here">play_from_here_yes<')
