"""The strong level's territory fill: every field claimed at most once, never
more than a colour's own reachable room, all of it when it plays alone."""

from spielstube.ai.schlangennest.agents import free_space
from spielstube.ai.schlangennest.territory import territory, territory_value
from spielstube.core.rng import Rng
from spielstube.games import get_rules
from spielstube.games.schlangennest.turns import seat_colours

ALL = 10 ** 6


def playout_positions(options, seed, count=40):
    rules = get_rules("schlangennest")
    rng = Rng(seed)
    options = rules.normalize_options(options)
    state = rules.initial_state(options, rules.random_setup(options, rng))
    out = []
    while not state.is_terminal() and len(out) < count:
        if None not in state.extent():  # the area bounds the fill (no card yet: it does not)
            out.append(state)
        moves = state.legal_moves()
        state = state.apply(moves[rng.below(len(moves))])
    return out


def playing(state):
    return [c for s in range(state.num_players) for c in seat_colours(state.cfg, s)]


def empty_fields(state):
    (xlo, xhi), (ylo, yhi) = state.extent()
    return sum(1 for x in range(xlo, xhi + 1) for y in range(ylo, yhi + 1) if (x, y) not in state.cards)


def test_claims_are_disjoint_and_within_each_colours_reach():
    for options in ({}, {"players": 3}, {"extra": "frame"}, {"snakes": 2}):
        for seed in (1, 2):
            for state in playout_positions(options, seed):
                colours = playing(state)
                room = territory(state, colours)
                assert sum(room) <= empty_fields(state)
                for c in colours:
                    assert room[c] <= free_space(state, c, cap=ALL)
                assert all(room[c] == 0 for c in range(len(room)) if c not in colours)


def test_a_colour_alone_claims_all_the_room_it_reaches():
    for state in playout_positions({}, 3):
        for c in playing(state):
            assert territory(state, [c])[c] == free_space(state, c, cap=ALL)


def test_the_value_is_zero_sum_for_two_players():
    for state in playout_positions({}, 4):
        assert abs(territory_value(state, 0) + territory_value(state, 1)) < 1e-9
