"""Schlangennest: card geometry and every laydown rule on small hand-built positions."""

import os

import pytest

from spielstube.core.errors import IllegalMove
from spielstube.core.game import TERMINAL
from spielstube.core.record import parse_record, replay
from spielstube.games import get_rules
from spielstube.games.schlangennest import RULES, Pass, Place, SwapTail, TurnCurve
from spielstube.games.schlangennest import area
from spielstube.games.schlangennest.cards import (CROSSINGS, CURVE, EDGE_PART, HEAD, KINDS,
                                                  PARTS, STRAIGHT, TAIL, normalize_rotation)
from spielstube.games.schlangennest.snakes import BoardError, analyse
from spielstube.games.schlangennest.state import Config, position

S, C, T, H = STRAIGHT, CURVE, TAIL, HEAD


def pos(cards, seat=0, players=2, size=None, hands=None, ply=None):
    cfg = Config(players, size, False, 0)
    return position(cfg, {(x, y): (k, col, r) for x, y, k, col, r in cards}, seat,
                    hands=hands, ply=ply)


def hands_without(players, seat, **counts):
    hands = [{S: 7, C: 9, T: 1, H: 1} for _ in range(players)]
    hands[seat].update(counts)
    return hands


def refused(state, move):
    with pytest.raises(IllegalMove) as info:
        state.apply(move)
    return str(info.value)


# ----- geometry ---------------------------------------------------------------------


@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("rot", range(4))
def test_every_edge_has_exactly_one_part_end(kind, rot):
    edges = sorted(e for part in PARTS[kind][rot] for e in part.edges)
    assert edges == [0, 1, 2, 3]
    for e in range(4):
        assert e in PARTS[kind][rot][EDGE_PART[kind][rot][e]].edges


def test_card_pictures_turn_clockwise():
    assert PARTS[S][0][0].edges == (0, 2) and PARTS[S][0][1].edges == (1, 3)
    assert PARTS[S][1][0].edges == (1, 3)
    assert PARTS[C][0][0].edges == (0, 1) and PARTS[C][0][1].edges == (2, 3)
    assert PARTS[C][3][0].edges == (3, 0)
    tail = PARTS[T][1]
    assert tail[0] == (True, (1,), "tail") and tail[1] == (False, (3,), "head")
    assert tail[2].edges == (2, 0)
    head = PARTS[H][2]
    assert head[0] == (True, (2,), "head") and head[1] == (False, (0,), "tail")
    assert CROSSINGS[C] == () and CROSSINGS[S] == ((0, 1),)


def test_straight_rotations_two_apart_are_the_same_card():
    for r in range(4):
        assert sorted(PARTS[S][r][0].edges) == sorted(PARTS[S][normalize_rotation(S, r)][0].edges)
    state = RULES.initial_state(RULES.normalize_options({}), {"first": 0})
    assert state.apply(Place(0, S, (0, 0), 3)).cards == state.apply(Place(0, S, (0, 0), 1)).cards


# ----- joining ------------------------------------------------------------------------


def test_a_card_may_not_join_two_colours():
    state = RULES.initial_state(RULES.normalize_options({}), {"first": 0})
    state = state.apply(Place(0, S, (0, 0), 0))
    assert "another colour" in refused(state, Place(1, S, (0, 1), 0))
    state.apply(Place(1, S, (0, 1), 1))  # its grey part joins: fine


def three_ends_into_origin(players=3):
    # P0 from the north, P1 from the south, P2 from the east, all pointing into (0, 0).
    return pos([(0, -1, S, 0, 0), (0, 1, S, 1, 0), (1, 0, S, 2, 1)], players=players)


def test_a_grey_part_may_not_join_two_snakes():
    state = three_ends_into_origin()
    # curve r0: own N-E joins P0 and P2's own end -> two colours
    assert "colour" in refused(state, Place(0, C, (0, 0), 0))
    # straight r0: own N-S joins P0 to P1's own end
    assert "colour" in refused(state, Place(0, S, (0, 0), 0))


def test_grey_curve_between_two_snakes_is_refused():
    # P0 from the north, P1 from the south, P2 from the west: a curve own N-E, grey S-W joins P1 and P2.
    state = pos([(0, -1, S, 0, 0), (0, 1, S, 1, 0), (-1, 0, S, 2, 1)], players=3)
    assert refused(state, Place(0, C, (0, 0), 0)) == "it would join two snakes"
    assert Place(0, C, (0, 0), 0) not in state.legal_moves()


def test_three_snakes_may_not_run_over_one_field():
    state = three_ends_into_origin()
    # tail r0: own tail north (P0), grey head south (P1), grey straight east-west (P2)
    assert "three snakes" in refused(state, Place(0, T, (0, 0), 0))
    assert "three snakes" in refused(state, Place(0, H, (0, 0), 0))
    two = three_ends_into_origin(players=3)
    assert Place(0, T, (0, 0), 0) not in two.legal_moves()


def crossing_position():
    # (0, 0): P0's straight, its grey bridge joined to P1's snake: P0 and P1 cross there.
    # P2's own end points west into (0, 1).
    return pos([(0, 0, S, 0, 0), (1, 0, S, 1, 1), (1, 1, S, 2, 1)], players=3)


def test_two_neighbouring_crossings_are_refused():
    state = crossing_position()
    assert state.part_owners((0, 0))[1][3] == 1  # the bridge belongs to P1
    reason = refused(state, Place(0, S, (0, 1), 0))  # P0 crosses P2 right below
    assert "two snakes crossing" in reason
    state.apply(Place(0, C, (0, 1), 3))  # a curve never crosses


def test_a_crossing_not_next_to_another_is_fine():
    state = pos([(0, 0, S, 0, 0), (1, 0, S, 1, 1), (1, 2, S, 2, 1)], players=3)
    after = state.apply(Place(0, S, (0, 1), 0))
    # (0, 1) has no crossing of two snakes: its bridge is not joined to any snake
    assert after.part_owners((0, 1))[1][3] is None
    after = after.apply(Place(1, S, (2, 0), 1))
    assert after.lengths[1] == 3


# ----- the first round -------------------------------------------------------------------


def test_first_round_cards_must_touch_and_may_not_close_a_rival():
    state = RULES.initial_state(RULES.normalize_options({"players": 3}), {"first": 1})
    assert state.current_player == 1 and state.phase == "first"
    assert "lies on" in refused(state, Place(1, S, (3, 3), 0))
    state = state.apply(Place(1, S, (0, 0), 0))
    assert state.first_round
    assert "touch" in refused(state, Place(2, C, (2, 0), 0))
    state.apply(Place(2, C, (1, 1), 0))  # diagonal is enough
    # tail r2: own tail south, grey head north would end P1's snake at (0, 0)'s south end
    assert "first round" in refused(state, Place(2, T, (0, 1), 2))
    moves = state.legal_moves()
    assert Place(2, T, (0, 1), 2) not in moves and Place(2, C, (1, 1), 0) in moves


def test_closing_a_rival_is_allowed_later():
    # P0's end points east into (0, 0), P1's end points west into it.
    state = pos([(-1, 0, S, 0, 1), (1, 0, S, 1, 1)])
    after = state.apply(Place(0, T, (0, 0), 3))  # own tail west, grey head east onto P1's end
    assert after.snakes[0].closed == 1 and after.snakes[1].closed == 1
    assert after.lengths == (2, 2)
    first = RULES.initial_state(RULES.normalize_options({}), {"first": 0}).apply(Place(0, S, (0, 0), 1))
    assert "first round" in refused(first, Place(1, T, (1, 0), 1))


def test_tail_first_variant():
    options = RULES.normalize_options({"tail_first": True})
    state = RULES.initial_state(options, {"first": 0})
    assert {m.kind for m in state.legal_moves()} == {T}
    assert "tail" in refused(state, Place(0, S, (0, 0), 0))


# ----- extending ------------------------------------------------------------------------------


def test_later_cards_extend_an_own_open_end_with_the_own_part():
    state = pos([(0, 0, S, 0, 0), (3, 0, S, 1, 0)])
    assert "extend your snake" in refused(state, Place(0, S, (0, 2), 0))
    # at the end (0, 1), but the own part of a straight r1 runs east-west
    assert "extend your snake" in refused(state, Place(0, S, (0, 1), 1))
    cells = {m.cell for m in state.legal_moves()}
    assert cells == {(0, -1), (0, 1)}
    assert "no head card" in refused(pos([(0, 0, S, 0, 0), (3, 0, S, 1, 0)],
                                         hands=hands_without(2, 0, head=0)), Place(0, H, (0, 1), 0))


def test_lengths_count_own_and_grey_parts():
    state = pos([(0, 0, S, 0, 1), (1, 0, C, 0, 2), (1, 1, S, 0, 0)])
    # a straight row whose grey bridge of (1, 1) joins nothing: 3 own parts; the curve's grey N-E
    # faces empty fields
    assert state.lengths == (3, 0)
    state = pos([(0, 0, S, 0, 0), (1, 0, S, 1, 1)])
    assert state.lengths == (1, 2)  # P1's own straight plus P0's bridge
    assert sorted(state.open_ends(1)) == [((0, 0), 3), ((1, 0), 1)]


# ----- area --------------------------------------------------------------------------------


def test_area_fits_either_way_and_borders_stay_fixed():
    size = (2, 3)
    span = area.span_of([(0, 0), (1, 0)])
    assert area.allows(size, span, area.NO_FIXED, (2, 0))
    assert area.allows(size, span, area.NO_FIXED, (0, 1))
    span = area.span_of([(0, 0), (1, 0), (2, 0)])
    fixed = area.fix(size, span, area.NO_FIXED)
    assert fixed == ((0, 2), None)
    assert not area.allows(size, span, fixed, (3, 0)) and not area.allows(size, span, fixed, (-1, 0))
    assert area.allows(size, span, fixed, (0, -1)) and not area.allows(size, (0, 2, -1, 0), fixed, (0, 1))
    assert area.extent(size, span, fixed) == ((0, 2), (-1, 1))
    assert area.extent(None, span, fixed) == (None, None)
    # once fixed, a smaller span does not free the border
    assert not area.allows(size, (1, 1, 0, 0), fixed, (-1, 0))


def test_square_area_fixes_each_axis_at_its_side():
    fixed = area.fix((2, 2), (0, 1, 0, 0), area.NO_FIXED)
    assert fixed == ((0, 1), None)


def test_only_head_and_tail_may_lie_outside_the_area():
    # custom 1x3: a straight row along x fixes the border at x 0..2
    state = pos([(0, 0, S, 0, 1), (1, 0, S, 0, 1), (2, 0, S, 0, 1), (1, 1, S, 1, 0)], size=(2, 3))
    assert state.border == {"x": (0, 2), "y": (0, 1)}
    assert "outside the area" in refused(state, Place(0, S, (3, 0), 1))
    assert {m.kind for m in state.legal_moves()} == {T, H}
    assert not state.area_allows((3, 0)) and state.area_allows((1, 0))


def test_difficulty_fills_the_area_from_the_table():
    norm = RULES.normalize_options
    assert norm({})["area"] == [5, 7]
    assert norm({"players": 3, "difficulty": "hard"})["area"] == [4, 10]
    assert norm({"players": 4, "difficulty": "easy"})["area"] == [8, 8]
    assert norm({"area": None}) == {"players": 2, "difficulty": "unlimited", "area": None,
                                    "tail_first": False, "extra": "none", "snakes": 1}
    assert norm({"area": [9, 4]})["area"] == [4, 9] and norm({"area": [9, 4]})["difficulty"] == "custom"
    assert norm({"area": [4, 8]})["difficulty"] == "hard"
    from spielstube.core.errors import RecordError
    for bad in ({"players": 5}, {"difficulty": "custom"}, {"difficulty": "easy", "area": [3, 3]},
                {"area": [0, 3]}, {"colour": 1}, {"tail_first": 1}):
        with pytest.raises(RecordError):
            norm(bad)


# ----- the special case ----------------------------------------------------------------------


def nest_before_special_case(**p0_hand):
    # P0's snake (a U of curves) already has both ends pointing into (0, 0) from north and east;
    # P1's ends come from the west and (after the move below) from the south.
    cards = [(0, -1, C, 0, 1), (1, -1, C, 0, 2), (1, 0, C, 0, 3),
             (-1, 0, C, 1, 1), (-1, 1, C, 1, 0)]
    return pos(cards, seat=1, hands=hands_without(2, 0, **p0_hand) if p0_hand else None)


def test_special_case_needs_a_card_for_the_next_affected_player():
    move = Place(1, C, (0, 1), 3)
    allowed = nest_before_special_case().apply(move)
    assert allowed.current_player == 0
    assert allowed.legal_moves() == [Place(0, C, (0, 0), 0)]
    state = nest_before_special_case(curve=0)
    reason = refused(state, move)
    assert "both ends" in reason and "player 1" in reason
    assert move not in state.legal_moves()


def straight_nest(**p0_hand):
    # P0's snake runs round the east side with both ends pointing into (0, 0), from the north and
    # the south; P1's snake crosses it on the bridge at (2, 0) and runs round the north side.
    # P1 is about to lay its last curve on (-1, 0), pointing its second end east into (0, 0).
    p0 = [(0, -1, C, 0, 1), (1, -1, S, 0, 1), (2, -1, C, 0, 2), (2, 0, S, 0, 0), (2, 1, C, 0, 3),
          (1, 1, S, 0, 1), (0, 1, C, 0, 0)]
    p1 = [(1, 0, S, 1, 1), (3, 0, C, 1, 3), (3, -1, S, 1, 0), (3, -2, C, 1, 2), (2, -2, S, 1, 1),
          (1, -2, S, 1, 1), (0, -2, S, 1, 1), (-1, -2, C, 1, 1), (-1, -1, S, 1, 0)]
    return pos(p0 + p1, seat=1, hands=hands_without(2, 0, **p0_hand) if p0_hand else None)


def test_special_case_across_lets_the_tail_do():
    move = Place(1, C, (-1, 0), 0)
    after = straight_nest().apply(move)
    assert sorted(after.legal_moves(), key=lambda m: (m.kind, m.rot)) == [
        Place(0, H, (0, 0), 0), Place(0, H, (0, 0), 2), Place(0, S, (0, 0), 0),
        Place(0, T, (0, 0), 0), Place(0, T, (0, 0), 2)]
    after = straight_nest(straight=0).apply(move)  # "logically, the tail"
    assert {m.kind for m in after.legal_moves()} == {H, T}
    reason = refused(straight_nest(straight=0, tail=0, head=0), move)
    assert "both ends" in reason


# ----- rings --------------------------------------------------------------------------------------

FREE_RING = [(0, 0, C, 0, 1), (1, 0, C, 0, 2), (1, 1, C, 0, 3), (0, 1, C, 0, 0), (5, 5, S, 1, 0)]

# P0's ring of 2x3 is fenced in by P1 (west) and P2 (east): every quarter turn of one of its
# curves would lead its own part onto a rival's own part.
FENCED_RING = [
    (0, 0, C, 0, 1), (1, 0, S, 0, 1), (2, 0, C, 0, 2), (2, 1, C, 0, 3), (1, 1, S, 0, 1), (0, 1, C, 0, 0),
    (0, -1, S, 1, 0), (-1, 0, C, 1, 1), (-1, 1, C, 1, 0), (0, 2, S, 1, 0),
    (2, -1, S, 2, 0), (3, 0, C, 2, 2), (3, 1, C, 2, 3), (2, 2, S, 2, 0),
]


def test_a_ring_is_reopened_by_a_quarter_turn():
    state = pos(FREE_RING)
    assert state.rings == (True, False)
    moves = state.legal_moves()
    assert all(isinstance(m, TurnCurve) for m in moves) and len(moves) == 8
    after = state.apply(TurnCurve(0, (0, 0), 1))
    assert after.cards[(0, 0)] == (C, 0, 2)
    assert not after.rings[0] and after.lengths[0] == 5  # the grey curve joined in
    assert "turned" in refused(after.apply(Place(1, S, (5, 6), 0)), TurnCurve(0, (0, 1), 1))


def test_turning_must_keep_the_rules():
    state = pos(FENCED_RING, players=3)
    assert state.rings[0]
    assert "colour" in refused(state, TurnCurve(0, (0, 0), 1))
    assert "colour" in refused(state, TurnCurve(0, (2, 1), -1))
    assert "own curve" in refused(state, TurnCurve(0, (1, 0), 1))


def test_tail_swap_only_when_no_turn_is_legal():
    state = pos(FREE_RING)
    assert "still be turned" in refused(state, SwapTail(0, (0, 0), 0))
    state = pos(FENCED_RING, players=3)
    moves = state.legal_moves()
    assert TurnCurve(0, (1, 0), 1) != SwapTail(0, (1, 0), 1)
    assert moves == [SwapTail(0, (1, 0), 1), SwapTail(0, (1, 0), 3),
                     SwapTail(0, (1, 1), 1), SwapTail(0, (1, 1), 3)]
    after = state.apply(SwapTail(0, (1, 0), 3))
    assert after.cards[(1, 0)] == (T, 0, 3)
    assert after.finished[0] and after.lengths[0] == 7 and state.lengths[0] == 6
    assert after.hand(0)[S] == state.hand(0)[S] + 1 and after.hand(0)[T] == 0
    assert "along the straight" in refused(state, SwapTail(0, (1, 0), 0))
    assert "own straight" in refused(state, SwapTail(0, (0, 0), 1))


def test_ring_without_turn_or_tail_must_pass():
    state = pos(FENCED_RING, players=3, hands=hands_without(3, 0, tail=0, straight=5))
    assert state.legal_moves() == [Pass(0)]
    assert "must pass" in refused(state, SwapTail(0, (1, 0), 1))


def test_breaking_a_snake_in_two_is_refused():
    # P1's snake runs through the grey curve of P0's card at (0, 0); P0 turning it would cut P1.
    cards = {(0, 0): (C, 0, 1), (-1, 0): (S, 1, 1), (0, -1): (S, 1, 0)}
    analyse(cards)
    cards[(0, 0)] = (C, 0, 2)
    with pytest.raises(BoardError):
        analyse(cards)


# ----- passing and the end -----------------------------------------------------------------------


def test_passing_and_game_end():
    # P0 finished (tail and head), P1 has one move left
    cards = [(0, 0, T, 0, 0), (0, -1, H, 0, 2), (5, 0, T, 1, 0)]
    state = pos(cards, seat=0)
    assert state.finished == (True, False)
    assert state.legal_moves() == [Pass(0)]
    assert "may not pass" in refused(state.apply(Pass(0)), Pass(1))
    state = state.apply(Pass(0))
    assert state.current_player == 1
    state = state.apply(Place(1, H, (5, -1), 2))
    assert state.current_player == TERMINAL and state.is_terminal()
    assert state.legal_moves() == []
    assert "over" in refused(state, Pass(0))
    assert state.lengths == (2, 2) and state.returns() == [0.5, 0.5]
    assert RULES.result_json(state) == {"winner": None, "lengths": [2, 2], "ranking": [[0, 1]]}


def test_returns_give_the_sole_winner_everything():
    state = pos([(0, 0, S, 0, 0), (5, 0, C, 1, 0), (6, 0, C, 1, 2), (9, 9, S, 2, 0)], players=3)
    assert state.lengths == (1, 2, 1)
    assert state.returns() == [0.0, 1.0, 0.0]
    assert RULES.result_json(state) is None  # not over yet


# A copy of shared/data/schlangennest-ring-turn-finishes.json (the reproduction).
RING_TURN_FINISHES = os.path.join(os.path.dirname(__file__), "data", "schlangennest-ring-turn-finishes.json")


def test_a_ring_turn_that_closes_both_new_ends_finishes_the_snake():
    # The rulings' reproduction: P0's 2x2 ring lies between P1's tail (grey head east) and P2's
    # head (grey tail south); turning the curve on (0, 0) leads both new ends onto them.
    moves_before = [
        (0, C, (0, 0), 1), (1, T, (-1, 0), 3), (2, H, (0, -1), 0), (0, C, (1, 0), 2),
        (1, S, (-2, 0), 1), (2, S, (0, -2), 0), (0, C, (1, 1), 3), (1, S, (-3, 0), 1),
        (2, S, (0, -3), 0), (0, C, (0, 1), 0), (1, S, (-4, 0), 1), (2, S, (0, -4), 0),
    ]
    options = RULES.normalize_options({"players": 3, "area": None})
    state = RULES.initial_state(options, {"first": 0})
    for player, kind, cell, rot in moves_before:
        state = state.apply(Place(player, kind, cell, rot))
    assert state.rings[0] and state.lengths[0] == 4
    turn = TurnCurve(0, (0, 0), 1)
    assert turn in state.legal_moves()
    after = state.apply(turn)
    assert after.finished[0] and not after.rings[0] and after.lengths[0] == 7
    assert after.open_ends(0) == []
    with open(RING_TURN_FINISHES, encoding="utf-8") as handle:
        record = parse_record(handle.read())
    final = replay(record, get_rules).final
    assert final.finished[0] and final.lengths[0] == 7 and final.cards == after.cards


def test_a_ring_turn_must_leave_no_ring():
    # Every legal turn of the free ring opens it; no listed turn leaves a ring behind.
    state = pos(FREE_RING)
    for move in state.legal_moves():
        assert not state.apply(move).rings[0]
