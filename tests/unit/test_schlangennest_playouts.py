"""Schlangennest: random playouts never break an invariant of the board."""

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from spielstube.core.rng import Rng
from spielstube.games.schlangennest import RULES
from spielstube.games.schlangennest.cards import AREA_KINDS, DX, DY, EDGE_PART, FULL_HAND, KINDS
from spielstube.games.schlangennest.snakes import analyse, check_fields

BOUNDED = ["easy", "recommended", "hard"]
OPTIONS = st.one_of(
    st.fixed_dictionaries({
        "players": st.integers(2, 4),
        "difficulty": st.sampled_from(BOUNDED + ["unlimited"]),
        "tail_first": st.booleans(),
    }),
    st.fixed_dictionaries({"players": st.sampled_from([2, 3]), "extra": st.just("neutral"),
                           "difficulty": st.sampled_from(BOUNDED), "tail_first": st.booleans()}),
    st.fixed_dictionaries({"players": st.just(3), "extra": st.just("neutral"),
                           "difficulty": st.just("alternative")}),
    st.fixed_dictionaries({"players": st.just(2), "extra": st.just("frame"),
                           "difficulty": st.sampled_from(BOUNDED), "tail_first": st.booleans()}),
    st.fixed_dictionaries({"players": st.just(2), "snakes": st.just(2),
                           "two_snake_turn": st.sampled_from(["both", "one"]),
                           "difficulty": st.sampled_from(BOUNDED + ["alternative", "unlimited"])}),
)


def check_invariants(state, neutral):
    cards, labels = state.cards, state.labels
    # The neutral cards never move.
    assert all(cards.get(cell) == card for cell, card in neutral.items())
    # Every shared edge joins two part ends of one component (one snake or both unowned).
    for (x, y), (kind, _c, rot) in cards.items():
        for e in (1, 2):
            other = cards.get((x + DX[e], y + DY[e]))
            if other is not None:
                mine = labels[(x, y)][EDGE_PART[kind][rot][e]]
                theirs = labels[(x + DX[e], y + DY[e])][EDGE_PART[other[0]][other[2]][(e + 2) % 4]]
                assert mine == theirs
    # The incremental bookkeeping equals a fresh analysis (which refuses two colours in a
    # component and a colour in two components).
    fresh_labels, fresh_snakes = analyse(cards)
    assert fresh_labels == labels
    for sid, snake in enumerate(state.snakes):
        assert fresh_snakes.get(sid) == snake
        parts = sum(1 for labs in labels.values() for s in labs if s == sid)
        assert state.snake_lengths[sid] == parts
    assert check_fields(cards, labels, list(cards)) is None
    # Hands hold the full set minus the cards down; a seat scores its own colours only.
    for colour in range(len(state.snakes)):
        down = [k for k, c, _ in cards.values() if c == colour]
        assert state.hand(colour) == {k: FULL_HAND[k] - down.count(k) for k in KINDS}
    players = state.num_players
    assert list(state.lengths) == [sum(state.snake_lengths[c] for c in range(seat, players * state.cfg.snakes,
                                                                            players))
                                   for seat in range(players)]
    size = state.cfg.size
    area_cells = [c for c, card in cards.items() if card[0] in AREA_KINDS and c not in neutral]
    if size is not None and area_cells:
        w = max(c[0] for c in area_cells) - min(c[0] for c in area_cells) + 1
        h = max(c[1] for c in area_cells) - min(c[1] for c in area_cells) + 1
        assert (w <= size[0] and h <= size[1]) or (w <= size[1] and h <= size[0])
        for axis, rng in enumerate(state.fixed):
            if rng is not None:
                assert all(rng[0] <= c[axis] <= rng[1] for c in area_cells)


def pick(moves, rng, grow):
    # "grow" avoids heads and tails while it can, for long snakes and crowded nests.
    if grow:
        body = [m for m in moves if getattr(m, "kind", None) in AREA_KINDS]
        if body:
            moves = body
    return moves[rng.below(len(moves))]


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(OPTIONS, st.integers(0, 2**32 - 1), st.booleans())
def test_random_playouts_keep_every_invariant(options, seed, grow):
    rng = Rng(seed)
    options = RULES.normalize_options(options)
    players = options["players"]
    state = RULES.initial_state(options, RULES.random_setup(options, rng))
    neutral = dict(state.cards)
    while not state.is_terminal():
        moves = state.legal_moves()
        assert moves and len(set(moves)) == len(moves)
        assert all(m.player == state.current_player for m in moves)
        # Two-snake moves name a colour still to act this turn; others name none.
        named = {m.colour for m in moves}
        assert named <= set(state.pending) if options["snakes"] == 2 else named == {None}
        assert all(c % players == state.current_player for c in state.pending)
        state = state.apply(pick(moves, rng, grow))
        check_invariants(state, neutral)
    assert max(state.returns()) > 0 and abs(sum(state.returns()) - 1.0) < 1e-9
