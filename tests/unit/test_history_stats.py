"""Statistics per game and computer level from history entries (core/history_stats.py):
what counts and under which level, won/lost/drawn, help counted apart, the streak,
Topologic's hints as seeker; properties over generated entries."""

import copy

from hypothesis import given, settings, strategies as st

from spielstube.core.history_stats import stats

LEVELS = ("easy", "normal", "strong")


def entry(places=(1, 2), levels=("strong",), game="heptalion", ident="g1", updated="2026-12-03T17:40:00Z",
          origin="new", watched=False, finished=True, aids=None, extra=None, person=0):
    """An entry of the shared contract: the person at seat ``person``, computers of ``levels``."""
    seats = [{"kind": "computer", "level": level} for level in levels]
    seats.insert(person, {"kind": "person", "level": None})
    return {"id": ident, "game": game, "started": updated, "updated": updated, "seats": seats,
            "finished": finished, "places": list(places) if finished else None, "origin": origin,
            "watched": watched, "aids": {} if aids is None else aids, "moves": 20,
            "extra": {} if extra is None else extra}


def at(minute, **fields):
    return entry(ident=f"g{minute:03d}", updated=f"2026-12-03T17:{minute:02d}:00Z", **fields)


WON, LOST, DRAWN = (1, 2), (2, 1), (1, 1)


def test_a_win_a_loss_and_a_draw_count_under_the_computers_level():
    found = stats([at(1, places=WON), at(2, places=LOST), at(3, places=DRAWN),
                   at(4, places=WON, levels=("easy",))])
    assert set(found) == {"heptalion/strong", "heptalion/easy"}
    strong = found["heptalion/strong"]
    assert (strong["played"], strong["won"], strong["lost"], strong["drawn"]) == (3, 1, 1, 1)
    assert found["heptalion/easy"]["won"] == 1 and found["heptalion/easy"]["streak"] == {"result": "won", "games": 1}


def test_a_table_of_mixed_levels_counts_under_mixed_and_a_shared_first_place_is_a_draw():
    found = stats([at(1, places=(1, 2, 1), levels=("easy", "strong")),
                   at(2, places=(2, 1, 3), levels=("strong", "strong")),
                   at(3, places=(2, 2, 1), levels=("easy", "strong"), person=2)])
    assert found["heptalion/mixed"]["drawn"] == 1 and found["heptalion/mixed"]["won"] == 1
    assert found["heptalion/strong"]["lost"] == 1


def test_games_that_must_not_count_count_nowhere():
    ignored = [
        at(1, origin="loaded"), at(2, origin="link"), at(3, origin="from-here"), at(4, origin="puzzle"),
        at(5, watched=True), at(6, finished=False),
        dict(at(7), seats=[{"kind": "person", "level": None}, {"kind": "person", "level": None}]),
        dict(at(8), seats=[{"kind": "computer", "level": "easy"}, {"kind": "computer", "level": "easy"}]),
        dict(at(9), places=[1]), dict(at(10), places=None), dict(at(11), places=[1, "2"]),
        dict(at(12), seats=[{"kind": "person"}, {"kind": "computer", "level": None}]),
        dict(at(13), game=None), "not an entry", None, 7, dict(at(14), watched=None),
    ]
    assert stats(ignored) == {}
    assert stats("not a list") == {} and stats(None) == {}


def test_help_is_counted_apart_and_no_help_is_clean():
    found = stats([at(1, places=WON, aids={"suggestions": 0, "undos": 0, "analysis": False}),
                   at(2, places=LOST, aids={"suggestions": 2, "undos": 0, "analysis": False}),
                   at(3, places=WON, aids={"suggestions": 0, "undos": 0, "analysis": True}),
                   at(4, places=WON, aids={"undos": 1})])
    strong = found["heptalion/strong"]
    assert (strong["played"], strong["won"]) == (1, 1)
    assert strong["with_help"] == {"played": 3, "won": 2, "lost": 1, "drawn": 0, "seeker_hints": None}
    assert strong["streak"] == {"result": "won", "games": 1}  # help games neither make nor end it


def test_the_streak_counts_equal_results_back_from_the_newest_and_a_draw_ends_it():
    def streak_of(*results):
        return stats([at(i, places=r) for i, r in enumerate(results)])["heptalion/strong"]["streak"]

    assert streak_of(LOST, WON, WON, WON) == {"result": "won", "games": 3}
    assert streak_of(WON, LOST, LOST) == {"result": "lost", "games": 2}
    assert streak_of(WON, WON, DRAWN) is None
    assert streak_of(WON, DRAWN, WON) == {"result": "won", "games": 1}
    # by the time of the last move, not by the order the entries come in
    entries = [at(3, places=WON), at(1, places=LOST), at(2, places=LOST)]
    assert stats(entries)["heptalion/strong"]["streak"] == {"result": "won", "games": 1}


def test_topologic_compares_the_hints_as_seeker_on_the_matches_where_both_sought():
    found = stats([
        at(1, game="topologic", places=WON, extra={"seeker_hints": [5, 8]}),
        at(2, game="topologic", places=LOST, extra={"seeker_hints": [9, 6]}, person=1),  # person sought 6
        at(3, game="topologic", places=LOST, extra={"seeker_hints": [7, None]}),  # the computer never sought
        at(4, game="topologic", places=WON, extra={}),
        at(5, game="topologic", places=WON, extra={"seeker_hints": [4, 6]}, aids={"suggestions": 1}),
    ])
    topo = found["topologic/strong"]
    assert topo["played"] == 4
    assert topo["seeker_hints"] == {"matches": 2, "person": 5.5, "computer": 8.5}
    assert topo["with_help"]["seeker_hints"] == {"matches": 1, "person": 4, "computer": 6}
    damaged = stats([
        at(1, game="topologic", places=WON, extra={"seeker_hints": [5, "8"]}),
        at(2, game="topologic", places=WON, extra={"seeker_hints": [1, 2, 3]}),
        at(3, game="topologic", places=WON, extra={"seeker_hints": {"0": 5}}),
        at(4, game="topologic", places=WON, extra=[5, 8]),
    ])["topologic/strong"]
    assert damaged["played"] == 4 and damaged["seeker_hints"] is None  # the match counts, its hints not


# -- properties over generated entries ---------------------------------------------------
def _entry(draw, minute):
    players = draw(st.integers(2, 4))
    person = draw(st.integers(0, players - 1))
    levels = tuple(draw(st.sampled_from(LEVELS)) for _ in range(players - 1))
    places = [draw(st.integers(1, players)) for _ in range(players)]
    places[draw(st.integers(0, players - 1))] = 1  # someone is first
    aids = draw(st.sampled_from([{}, {"suggestions": 0, "undos": 0, "analysis": False},
                                 {"suggestions": 1, "undos": 0, "analysis": False}, {"analysis": True}]))
    return at(minute, places=places, levels=levels, person=person, aids=aids,
              game=draw(st.sampled_from(("heptalion", "topologic", "schlangennest"))),
              origin=draw(st.sampled_from(("new", "rematch", "loaded", "link", "from-here", "puzzle"))),
              watched=draw(st.booleans()), finished=draw(st.booleans()),
              extra=draw(st.sampled_from([{}, {"seeker_hints": [3] * players}, {"seeker_hints": [None] * players}])))


@st.composite
def histories(draw):
    count = draw(st.integers(0, 30))
    minutes = draw(st.lists(st.integers(0, 59), min_size=count, max_size=count, unique=True))
    return [_entry(draw, minute) for minute in minutes]


@settings(max_examples=60, deadline=None)
@given(histories())
def test_the_counts_add_up_and_a_streak_is_never_longer_than_the_clean_games(entries):
    for key, part in stats(entries).items():
        for tally in (part, part["with_help"]):
            assert tally["played"] == tally["won"] + tally["lost"] + tally["drawn"]
        assert part["played"] + part["with_help"]["played"] >= 1
        if part["streak"] is not None:
            assert 1 <= part["streak"]["games"] <= part[part["streak"]["result"]]
        assert key.split("/")[1] in LEVELS + ("mixed",)


@settings(max_examples=60, deadline=None)
@given(histories(), st.randoms(use_true_random=False))
def test_the_order_the_entries_come_in_changes_nothing(entries, rng):
    shuffled = list(entries)
    rng.shuffle(shuffled)
    assert stats(shuffled) == stats(entries)


@settings(max_examples=60, deadline=None)
@given(histories(), st.integers(0, 59))
def test_an_entry_that_must_not_count_changes_nothing(entries, minute):
    before = copy.deepcopy(stats(entries))
    for ignored in (at(minute, origin="loaded", places=WON), at(minute, watched=True, places=WON),
                    at(minute, finished=False), at(minute, origin="puzzle", places=LOST)):
        assert stats(entries + [ignored]) == before


@settings(max_examples=60, deadline=None)
@given(histories(), st.randoms(use_true_random=False))
def test_when_the_games_were_played_matters_for_the_streak_alone(entries, rng):
    times = [e["updated"] for e in entries]
    rng.shuffle(times)
    moved = [dict(e, updated=t) for e, t in zip(entries, times)]
    without_streak = [dict((key, dict(part, streak=None)) for key, part in stats(given).items())
                      for given in (entries, moved)]
    assert without_streak[0] == without_streak[1]
