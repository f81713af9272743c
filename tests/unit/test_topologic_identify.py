"""The identifying turns' search (ai/topologic/identify.py) against brute force over every turn."""

import itertools

from hypothesis import given, settings, strategies as st

from spielstube.bench.topologic import fresh_boards
from spielstube.ai.topologic.evaluate import walk
from spielstube.ai.topologic.identify import IdentifyingSearch
from spielstube.ai.topologic.seeker import Seeker, tables_for
from spielstube.core.rng import Rng
from spielstube.games.topologic import build_board

INF = float("inf")


def every_turn(tables, positions):
    return itertools.product(*(tables.reach[p] for p in positions))


def classes(tables, turn, candidates):
    groups = {}
    for c in candidates:
        groups.setdefault(sum(tables.score[p][c] for p in turn), []).append(c)
    return groups


def gather(tables, turn, c):
    return max(1, max(tables.distance[p][c] for p in turn))


def strict_value(tables, turn, candidates):
    """Value of a turn that leaves every candidate alone (None if it does not)."""
    full = 2 * len(turn)
    groups = classes(tables, turn, candidates)
    if any(len(g) > 1 for g in groups.values()):
        return None
    return 1.0 + sum(gather(tables, turn, g[0]) for h, g in groups.items() if h != full) / len(candidates)


def brute_strict(tables, positions, candidates):
    values = [strict_value(tables, turn, candidates) for turn in every_turn(tables, positions)]
    return min((v for v in values if v is not None), default=INF)


def near_value(tables, turn, candidates, pair):
    """Value of a turn whose classes have at most two candidates (None otherwise); pair(turn, a, b)."""
    full = 2 * len(turn)
    groups = classes(tables, turn, candidates)
    if len(groups) == 1 or any(len(g) > 2 for g in groups.values()):
        return None
    total = 0.0
    for h, g in groups.items():
        if h == full:
            continue
        total += gather(tables, turn, g[0]) if len(g) == 1 else 2 * pair(turn, *g)
    return 1.0 + total / len(candidates)


_PAIRS = {}


def brute_pair(tables, turn, a, b):
    key = (tables.board.code, tuple(sorted(turn)), a, b)
    if key not in _PAIRS:
        _PAIRS[key] = brute_strict(tables, turn, [a, b])
    return _PAIRS[key]


def brute_near(tables, positions, candidates):
    floors = []
    for turn in every_turn(tables, positions):
        groups = classes(tables, turn, candidates)
        if len(groups) == 1 or any(len(g) > 2 for g in groups.values()):
            continue
        floors.append((1.0 + sum(gather(tables, turn, c) for h, g in groups.items() if h != 2 * len(turn)
                                 for c in g) / len(candidates), turn))
    best = INF
    for floor, turn in sorted(floors):
        if floor >= best:  # a pair is worth at least its gathering floor
            break
        best = min(best, near_value(tables, turn, candidates, lambda t, a, b: brute_pair(tables, t, a, b)))
    return best


def case(seed, count, shape):
    tables = tables_for(build_board(fresh_boards(1, seed, shape)[0]))
    rng = Rng(f"identify/{seed}")
    positions = tuple(rng.below(tables.size) for _ in range(3))
    # Candidates near one another, as a round's are late: around one field.
    centre = rng.below(tables.size)
    near = sorted(range(tables.size), key=lambda c: (tables.distance[centre][c], rng.below(1000)))
    return tables, positions, sorted(near[:count])


@settings(max_examples=12, deadline=None)
@given(seed=st.integers(0, 10 ** 6), count=st.integers(2, 5), shape=st.sampled_from(["6x10", "random"]))
def test_fully_identifying_turns_match_brute_force(seed, count, shape):
    tables, positions, candidates = case(seed, count, shape)
    search = IdentifyingSearch(tables, 3, node_limit=10 ** 9)
    found = search._search(positions, candidates, INF, strict=True)
    expected = brute_strict(tables, positions, candidates)
    if expected == INF:
        assert found is None
        return
    value, turn = found
    assert abs(value - expected) < 1e-9
    assert all(q in tables.reach[p] for p, q in zip(positions, turn))
    assert abs(strict_value(tables, turn, candidates) - value) < 1e-9


@settings(max_examples=8, deadline=None)
@given(seed=st.integers(0, 10 ** 6), count=st.integers(3, 5), shape=st.sampled_from(["6x10", "random"]))
def test_turns_leaving_pairs_are_valued_truly_and_beat_brute_force_identifying(seed, count, shape):
    tables, positions, candidates = case(seed, count, shape)
    search = IdentifyingSearch(tables, 3, node_limit=10 ** 9)
    found = search.best(positions, candidates, INF)
    strict = brute_strict(tables, positions, candidates)
    near = brute_near(tables, positions, candidates)
    if near == INF:
        assert found is None
        return
    value, turn = found
    assert all(q in tables.reach[p] for p, q in zip(positions, turn))
    # The value is what that turn really gives (its pairs told apart by their best next turn) ...
    assert abs(near_value(tables, turn, candidates, lambda t, a, b: brute_pair(tables, t, a, b)) - value) < 1e-9
    # ... never worse than the best turn leaving every candidate alone, never better than the best of all.
    assert near - 1e-9 <= value <= strict + 1e-9
    # Only a turn worth less than ``beat`` is returned.
    assert search.best(positions, candidates, value) is None
    assert search.best(positions, candidates, value + 1e-6)[0] == value


def test_a_cut_search_still_returns_a_legal_turn_or_none():
    tables, positions, candidates = case(7, 5, "6x10")
    search = IdentifyingSearch(tables, 3, node_limit=3)
    found = search.best(positions, candidates, INF)
    assert search.nodes >= 3
    if found is not None:
        assert all(q in tables.reach[p] for p, q in zip(positions, found[1]))


@settings(max_examples=4, deadline=None)
@given(seed=st.integers(0, 10 ** 6), seekers=st.sampled_from([3, 4, 5]), shape=st.sampled_from(["6x10", "random"]))
def test_the_seeker_with_identifying_turns_plays_legally_to_the_end(seed, seekers, shape):
    tables = tables_for(build_board(fresh_boards(1, seed, shape)[0]))
    policy = Seeker(tables, seekers, starts=2, lookahead=2, reply_starts=1, entry_starts=1, entry_lookahead=1,
                    identify_limit=12)
    result = walk(policy, tables, seekers)  # walk checks every turn
    assert len(result.hints) == 60
    assert max(result.hints.values()) <= 14


def test_the_seeker_plays_the_identifying_turn_when_it_beats_its_own_search():
    played = 0
    for seed in range(40):
        tables, positions, candidates = case(seed, 5, "6x10")
        seeker = Seeker(tables, 3, starts=1, lookahead=2, reply_starts=1, identify_limit=5)
        calls = []
        search = seeker.identifier.best

        def spy(*args):
            calls.append((args, search(*args)))
            return calls[-1][1]

        seeker.identifier.best = spy
        turn = seeker.choose(positions, candidates, Rng("turn"))
        (where, group, beat, _), found = calls[0]
        assert (where, group) == (positions, candidates) and beat < INF
        if found is not None and not seeker._uninformative(found[1], candidates):
            assert turn == found[1] and found[0] < beat
            played += 1
    assert played >= 3
