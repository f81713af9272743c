"""The statistics as the page shows them (ui/common/history_stats.py): one element per
game and level with its counts, help apart, the streak, Topologic's hints as seeker,
and the game-over panel's line, in both languages and for every count.
Plain asserts: tests/mpy/run.mjs runs this file under MicroPython too."""

import json

from spielstube.ui.common import history_stats as hs
from spielstube.ui.common.texts import Texts


def _table():
    """The real texts of the statistics (i18n/history-stats.json) and what they name
    (under MicroPython tests/mpy/run.mjs puts i18n/ at /i18n/)."""
    here = __file__.rsplit("/", 1)[0] if "/" in __file__ else "."
    for root in (here + "/../../i18n/", "/i18n/"):
        table = {}
        try:
            for name in ("history-stats.json", "common.json", "frame.json", "topologic-frame.json",
                         "schlangennest-frame.json"):
                with open(root + name, encoding="utf-8") as handle:
                    table.update(json.load(handle))
            return table
        except OSError:
            pass
    raise AssertionError("i18n/ not found")


TABLE = _table()
EN, DE = Texts(TABLE, "en"), Texts(TABLE, "de")


def tally(played, won, lost, drawn, hints=None):
    return {"played": played, "won": won, "lost": lost, "drawn": drawn, "seeker_hints": hints}


def level(played, won, lost, drawn, streak=None, hints=None, helped=None):
    part = tally(played, won, lost, drawn, hints)
    part["streak"] = streak
    part["with_help"] = helped or tally(0, 0, 0, 0)
    return part


STATS = {
    "heptalion/strong": level(5, 3, 1, 1, {"result": "won", "games": 2}, helped=tally(2, 1, 1, 0)),
    "heptalion/easy": level(1, 0, 1, 0, {"result": "lost", "games": 1}),
    "heptalion/mixed": level(1, 1, 0, 0, {"result": "won", "games": 1}),
    "topologic/normal": level(4, 2, 2, 0, {"result": "lost", "games": 2},
                              hints={"matches": 3, "person": 7.5, "computer": 6.25}),
    "schlangennest/strong": level(1, 0, 0, 1, None),
}


def _between(markup, start, end):
    at = markup.index(start)
    return markup[at:markup.index(end, at)]


def test_one_element_per_game_and_level_in_the_games_order_then_easy_to_strong_then_mixed():
    markup = hs.section(EN, STATS)
    found = []
    at = markup.find('data-stats="')
    while at >= 0:
        at += len('data-stats="')
        found.append(markup[at:markup.index('"', at)])
        at = markup.find('data-stats="', at)
    assert found == ["heptalion/easy", "heptalion/strong", "heptalion/mixed", "topologic/normal",
                     "schlangennest/strong"]
    assert markup.count('data-stats-game="') == 3 and "<h3>Topologic</h3>" in markup


def test_the_counts_the_streak_and_the_games_with_help_apart():
    block = _between(hs.section(EN, STATS), 'data-stats="heptalion/strong"', "</section>")
    for wanted in ('data-played="5" data-won="3" data-lost="1" data-drawn="1"', "<h4>Against strong</h4>",
                   "5 games: 3 won, 1 lost, 1 drawn", "2 wins in a row",
                   'data-stats-part="with-help" data-played="2" data-won="1"', "2 games: 1 won, 1 lost, 0 drawn"):
        assert wanted in block, wanted
    de = _between(hs.section(DE, STATS), 'data-stats="heptalion/strong"', "</section>")
    assert "Gegen „stark“" in de and "5 Partien: 3 gewonnen, 1 verloren, 1 unentschieden" in de
    assert "2 Siege in Folge" in de and "Mit Hilfe" in de


def test_one_game_and_a_draw_read_right():
    easy = _between(hs.section(EN, STATS), 'data-stats="heptalion/easy"', "</section>")
    assert "1 game: 0 won, 1 lost, 0 drawn" in easy and "the last game lost" in easy
    assert 'data-stats-part="with-help"' not in easy  # no game with help: nothing said of it
    drawn = _between(hs.section(DE, STATS), 'data-stats="schlangennest/strong"', "</section>")
    assert "1 Partie: 0 gewonnen, 0 verloren, 1 unentschieden" in drawn
    assert "keine, die letzte Partie endete unentschieden" in drawn
    mixed = _between(hs.section(DE, STATS), 'data-stats="heptalion/mixed"', "</section>")
    assert "Gegen gemischte Spielstärken" in mixed and "die letzte Partie gewonnen" in mixed


def test_topologic_shows_the_mean_hints_as_seeker_against_the_computer():
    en = _between(hs.section(EN, STATS), 'data-stats="topologic/normal"', "</section>")
    assert "You 7.5 · computer 6.3 · from 3 matches" in en
    de = _between(hs.section(DE, STATS), 'data-stats="topologic/normal"', "</section>")
    assert "Du 7,5 · Computer 6,3 · aus 3 Partien" in de
    assert 'data-stats-part="hints"' not in hs.section(EN, {"heptalion/easy": STATS["heptalion/easy"]})


def test_nothing_counted_yet_says_so():
    for stats in ({}, None, {"heptalion": 3, "x/y": "z"}):
        markup = hs.section(EN, stats)
        assert "data-stats=" not in markup and "No game counts yet" in markup


def test_the_game_over_line_for_every_count_in_both_languages():
    assert hs.summary_line(EN, STATS, "heptalion", "strong") == "Against strong: 3 won of 5 games"
    assert hs.summary_line(DE, STATS, "heptalion", "strong") == "Gegen „stark“: 3 von 5 Partien gewonnen"
    assert hs.summary_line(EN, STATS, "heptalion", "easy") == "Against easy: 0 won of 1 game"
    assert hs.summary_line(DE, STATS, "heptalion", "easy") == "Gegen „leicht“: 0 von 1 Partie gewonnen"
    assert hs.summary_line(EN, STATS, "heptalion", "mixed") == "Against mixed levels: 1 won of 1 game"
    assert hs.summary_line(DE, STATS, "heptalion", "strong", with_help=True) == \
        "Mit Hilfe gegen „stark“: 1 von 2 Partien gewonnen"
    assert hs.summary_line(EN, STATS, "heptalion", "easy", with_help=True) == ""
    assert hs.summary_line(EN, STATS, "topologic", "strong") == ""
    assert hs.summary_line(EN, None, "topologic", "strong") == ""


def test_the_game_over_panel_shows_the_hosts_line_and_nothing_without_one():
    stats = {"heptalion/strong": level(5, 3, 2, 0)}
    view = {"stats_line": {"key": "heptalion/strong", "with_help": False, "stats": stats}}
    line = hs.game_over_line(EN, view)
    assert line.startswith('<p class="stats-line" data-stats-line>')
    assert hs.summary_line(EN, stats, "heptalion", "strong") in line
    assert hs.game_over_line(EN, {}) == "" and hs.game_over_line(EN, {"stats_line": None}) == ""
    assert hs.game_over_line(DE, {"stats_line": {"key": "bad"}}) == ""
