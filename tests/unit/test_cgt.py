"""Canonical forms of short games (ai/cgt.py) against play on the raw game trees."""

import functools

from hypothesis import given, settings
from hypothesis import strategies as st

from spielstube.ai.cgt import ZERO, GameTable

# A raw game: (Left's options, Right's options), each a tuple of raw games.
games = st.recursive(st.just(((), ())),
                     lambda inner: st.tuples(st.lists(inner, max_size=3).map(tuple),
                                             st.lists(inner, max_size=3).map(tuple)),
                     max_leaves=7)


@functools.lru_cache(maxsize=None)
def left_wins_first(g):
    return any(not right_wins_first(option) for option in g[0])


@functools.lru_cache(maxsize=None)
def right_wins_first(g):
    return any(not left_wins_first(option) for option in g[1])


@functools.lru_cache(maxsize=None)
def raw_sum(g, h):
    return (tuple(raw_sum(o, h) for o in g[0]) + tuple(raw_sum(g, o) for o in h[0]),
            tuple(raw_sum(o, h) for o in g[1]) + tuple(raw_sum(g, o) for o in h[1]))


def canonical(table, g):
    return table.game([canonical(table, o) for o in g[0]], [canonical(table, o) for o in g[1]])


@settings(max_examples=150, deadline=None)
@given(games, games)
def test_canonical_forms_keep_who_wins_and_add_like_the_trees(g, h):
    table = GameTable()
    for raw in (g, h, raw_sum(g, h)):
        value = canonical(table, raw)
        assert table.left_wins_first(value) == left_wins_first(raw)
        assert (not table.le(ZERO, value)) == right_wins_first(raw)
    # Equal values have one canonical form, so the sum's id is the same
    # whether the trees or their values are added.
    assert table.add(canonical(table, g), canonical(table, h)) == canonical(table, raw_sum(g, h))


@settings(max_examples=80, deadline=None)
@given(games)
def test_a_game_plus_its_negative_is_zero(g):
    table = GameTable()
    value = canonical(table, g)
    assert table.add(value, table.negative(value)) == ZERO
    assert table.negative(table.negative(value)) == value


def test_known_values():
    table = GameTable()
    one, minus_one, two = table.integer(1), table.integer(-1), table.integer(2)
    star = table.game([ZERO], [ZERO])
    half = table.game([ZERO], [one])
    switch = table.game([one], [minus_one])
    up = table.game([ZERO], [star])
    assert table.add(star, star) == ZERO
    assert table.add(half, half) == one
    assert table.add(switch, switch) == ZERO
    assert table.add(one, one) == two and table.add(one, minus_one) == ZERO
    assert table.game([ZERO, one], []) == two  # the dominated option goes
    assert table.game([minus_one], [one]) == ZERO  # a number between: the simplest, 0
    assert table.le(ZERO, up) and not table.le(up, ZERO)
    up_star = table.add(up, star)  # fuzzy with 0: whoever moves first wins
    assert table.left_wins_first(up_star) and not table.le(ZERO, up_star)
    assert [table.integer_value(g) for g in (ZERO, one, minus_one, two, star, half)] == [0, 1, -1, 2, None, None]
    found = table.game([table.game([ZERO], [])], [])  # {1 | } built by hand is 2
    assert found == two and table.integer_value(found) == 2
