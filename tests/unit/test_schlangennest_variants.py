"""Schlangennest variants with extra snakes (rulings): options, layouts, turn order, scoring."""

import json

import pytest

from spielstube.core.errors import IllegalMove, RecordError
from spielstube.core.record import parse_record, replay
from spielstube.core.rng import Rng
from spielstube.games import get_rules
from spielstube.games.schlangennest import RULES, Pass, Place, TurnCurve
from spielstube.games.schlangennest import layouts, validate
from spielstube.games.schlangennest.cards import (AREA_KINDS, CURVE, DX, DY, EDGE_PART, FULL_HAND,
                                                  HEAD, KINDS, STRAIGHT, TAIL)
from spielstube.games.schlangennest.options import AREAS
from spielstube.games.schlangennest.snakes import CLOSED, analyse_board, component
from spielstube.games.schlangennest.state import position
from spielstube.games.schlangennest.turns import Config

S, C, T, H = STRAIGHT, CURVE, TAIL, HEAD
norm = RULES.normalize_options

# The rulings' examples, 5x7 (x 0..4, y 0..6).
NEUTRAL_5X7 = [((0, 1), T, 0), ((0, 0), C, 1), ((1, 0), S, 1), ((2, 0), C, 2)] + [
    ((2, y), S, 0) for y in range(1, 6)] + [((2, 6), C, 0), ((3, 6), S, 1), ((4, 6), C, 3), ((4, 5), H, 2)]
FRAME_WEST_5X7 = [((-1, -1), T, 2), ((-1, 0), S, 0), ((-1, 1), S, 0), ((-1, 2), C, 3), ((-2, 2), C, 1),
                  ((-2, 3), C, 0), ((-1, 3), C, 2)] + [((-1, y), S, 0) for y in range(4, 7)] + [((-1, 7), H, 0)]
# Mirrored east: east and west change places, so curves turn into their mirror rotation.
_MIRROR_ROT = {(C, 3): 0, (C, 1): 2, (C, 0): 3, (C, 2): 1}
FRAME_EAST_5X7 = [((4 - x, y), k, _MIRROR_ROT.get((k, r), r)) for (x, y), k, r in FRAME_WEST_5X7]
AREA_5X7 = {"x": [0, 4], "y": [0, 6]}


def entries(cards, colour):
    return [{"colour": colour, "card": k, "cell": list(cell), "rot": r} for cell, k, r in cards]


def neutral_setup(extra="neutral"):
    if extra == "neutral":
        return {"first": 0, "area": AREA_5X7, "neutral": entries(NEUTRAL_5X7, 2)}
    return {"first": 0, "area": AREA_5X7, "neutral": entries(FRAME_WEST_5X7, 2) + entries(FRAME_EAST_5X7, 3)}


# ----- options ----------------------------------------------------------------------------------


def test_which_options_combine():
    assert norm({"players": 3, "extra": "neutral"})["area"] == [6, 8]
    assert norm({"players": 2, "extra": "frame"})["extra"] == "frame"
    two = norm({"snakes": 2})
    assert two["area"] == [7, 9] and two["tail_first"] and two["two_snake_turn"] == "both"
    assert norm({"snakes": 2, "two_snake_turn": "one", "difficulty": "hard"})["area"] == [5, 11]
    refusals = [
        ({"players": 4, "extra": "neutral"}, "2 or 3 players"),
        ({"players": 3, "extra": "frame"}, "2 players"),
        ({"extra": "neutral", "area": None}, "bounded area"),
        ({"extra": "frame", "area": None}, "bounded area"),
        ({"players": 3, "snakes": 2}, "2 players"),
        ({"snakes": 2, "extra": "neutral"}, "no neutral snake or frame"),
        ({"snakes": 2, "tail_first": False}, "tails come first"),
        ({"two_snake_turn": "one"}, "snakes 2"),
        ({"snakes": 2, "two_snake_turn": "all"}, "two_snake_turn"),
        ({"snakes": 3}, "snakes must be"),
        ({"extra": "snake"}, "extra must be"),
        ({"players": 2, "difficulty": "alternative"}, "no alternative"),
        ({"players": 3, "extra": "neutral", "area": [8, 8]}, "a + b <= 15"),
        ({"players": 2, "extra": "neutral", "area": [7, 9]}, "a + b <= 15"),
        ({"players": 2, "extra": "frame", "area": [3, 12]}, "at most 11"),
        ({"players": 2, "extra": "neutral", "area": [3, 3]}, "no neutral snake fits"),
    ]
    for options, words in refusals:
        with pytest.raises(RecordError) as info:
            norm(options)
        assert words in str(info.value), (options, str(info.value))


def test_alternative_areas_by_name():
    assert norm({"players": 3, "difficulty": "alternative"})["area"] == [5, 9]
    assert norm({"players": 4, "difficulty": "alternative"})["area"] == [6, 10]
    assert norm({"players": 4, "area": [10, 6]})["difficulty"] == "alternative"
    with pytest.raises(RecordError):
        norm({"players": 3, "difficulty": "alternative", "area": [6, 8]})


# ----- layouts ------------------------------------------------------------------------------------


def inside(cell, size_xy):
    return 0 <= cell[0] < size_xy[0] and 0 <= cell[1] < size_xy[1]


def check_colour_set(cards, colour):
    kinds = [k for k, c, _ in cards.values() if c == colour]
    for kind in KINDS:
        assert kinds.count(kind) <= FULL_HAND[kind]
    assert kinds.count(T) == 1 and kinds.count(H) == 1


def check_neutral_snake(cards, w, h, colour):
    check_colour_set(cards, colour)
    assert all(inside(c, (w, h)) for c in cards)
    body = [c for c, card in cards.items() if card[0] in AREA_KINDS]
    assert {c[0] for c in body} >= {0, w - 1} and {c[1] for c in body} >= {0, h - 1}
    middle = {(x, y) for x in {(w - 1) // 2, w // 2} for y in {(h - 1) // 2, h // 2}}
    assert middle & set(body)
    assert 2 * sum(1 for c in body if cards[c][0] == S) >= len(body)


def u_turns(cards, side_cells, w, h):
    """Grey paths entering these frame fields from an area field and leaving onto another."""
    found = set()
    for cell in side_cells:
        kind, _c, rot = cards[cell]
        for e in range(4):
            if inside((cell[0] + DX[e], cell[1] + DY[e]), (w, h)):
                members, terms = component(cards, cell, EDGE_PART[kind][rot][e])
                ends = [(t[0][0] + DX[t[1]], t[0][1] + DY[t[1]]) for t in terms if t is not CLOSED]
                if len(ends) == 2 and all(inside(n, (w, h)) for n in ends):
                    assert abs(ends[0][0] - ends[1][0]) + abs(ends[0][1] - ends[1][1]) == 1
                    found.add(frozenset(members))
    return len(found)


def check_frame(cards, w, h):
    for colour in (2, 3):
        check_colour_set(cards, colour)
    assert not any(inside(c, (w, h)) for c in cards)
    for (x, y), card in cards.items():
        for e in range(4):
            other = cards.get((x + DX[e], y + DY[e]))
            assert other is None or other[1] == card[1], "the frame colours touch"
    sides = {"west": [(-1, y) for y in range(h)], "east": [(w, y) for y in range(h)],
             "north": [(x, -1) for x in range(w)], "south": [(x, h) for x in range(w)]}
    covered = {}
    for name, cells in sides.items():
        if all(c in cards for c in cells) and len({cards[c][1] for c in cells}) == 1:
            covered[name] = cards[cells[0]][1]
    long_pair = ("west", "east") if h >= w else ("north", "south")
    pair = long_pair if all(s in covered for s in long_pair) else ("north", "south")
    assert all(s in covered for s in pair) and covered[pair[0]] != covered[pair[1]]
    for name in pair:
        side = sides[name]
        own = {c: card for c, card in cards.items() if card[1] == covered[name]}
        turns = u_turns(own, side, w, h)
        assert turns >= (1 if len(side) >= 5 else 0)
        assert turns == (2 if len(side) >= 10 else 1)


def custom_areas():
    return [(a, b) for a in range(1, 12) for b in range(a, 16)]


def neutral_cases():
    table = [(p, size, 6) for p in (2, 3) for size in AREAS[p].values()]
    return table + [(2, size, 2) for size in custom_areas()]


@pytest.mark.parametrize("players, size, seeds", neutral_cases())
def test_every_neutral_layout_is_legal_and_as_ruled(players, size, seeds):
    options = {"players": players, "extra": "neutral", "area": list(size)}
    problem = layouts.why_no_layout("neutral", size)
    if problem:
        assert size[0] + size[1] > 15 or size[0] < 2 or "no neutral snake fits" in problem
        with pytest.raises(RecordError):
            norm(options)
        return
    options = norm(options)
    for seed in range(seeds):
        setup = RULES.random_setup(options, Rng(seed))
        (xl, xh), (yl, yh) = [tuple(setup["area"][a]) for a in ("x", "y")]
        assert (xl, yl) == (0, 0) and sorted((xh + 1, yh + 1)) == list(size)
        cards = {tuple(e["cell"]): (e["card"], e["colour"], e["rot"]) for e in setup["neutral"]}
        _labels, snakes = analyse_board(cards)
        assert snakes[players].closed == 2 and set(snakes) == {players}
        check_neutral_snake(cards, xh + 1, yh + 1, players)
        state = RULES.initial_state(options, setup)
        assert state.finished[players] and state.lengths == (0,) * players
        assert state.legal_moves()


@pytest.mark.parametrize("size, seeds", [(size, 6) for size in AREAS[2].values()]
                         + [(size, 2) for size in custom_areas()])
def test_every_frame_layout_is_legal_and_as_ruled(size, seeds):
    options = {"players": 2, "extra": "frame", "area": list(size)}
    if layouts.why_no_layout("frame", size):
        assert size[1] > 11 or size[1] < 2
        with pytest.raises(RecordError):
            norm(options)
        return
    options = norm(options)
    for seed in range(seeds):
        setup = RULES.random_setup(options, Rng(seed))
        w, h = setup["area"]["x"][1] + 1, setup["area"]["y"][1] + 1
        cards = {tuple(e["cell"]): (e["card"], e["colour"], e["rot"]) for e in setup["neutral"]}
        _labels, snakes = analyse_board(cards)
        assert set(snakes) == {2, 3} and all(s.closed == 2 for s in snakes.values())
        check_frame(cards, w, h)
        state = RULES.initial_state(options, setup)
        assert state.legal_moves() and state.lengths == (0, 0)


def test_layouts_follow_the_seed():
    options = norm({"players": 3, "extra": "neutral"})
    assert RULES.random_setup(options, Rng(5)) == RULES.random_setup(options, Rng(5))
    seen = {json.dumps(RULES.random_setup(options, Rng(seed))) for seed in range(8)}
    assert len(seen) > 4


def test_the_rulings_examples_pass_the_validator():
    for extra in ("neutral", "frame"):
        cards, ranges = validate.read_layout(extra, 2, (5, 7), neutral_setup(extra))
        assert ranges == ((0, 4), (0, 6)) and len(cards) == (13 if extra == "neutral" else 22)
    check_neutral_snake({c: (k, 2, r) for c, k, r in NEUTRAL_5X7}, 5, 7, 2)
    check_frame({c: (k, col, r) for col, side in ((2, FRAME_WEST_5X7), (3, FRAME_EAST_5X7))
                 for c, k, r in side}, 5, 7)


def _broken_neutral_setups():
    good = neutral_setup()
    moved = json.loads(json.dumps(good))
    moved["neutral"][0]["rot"] = 2  # the tail turned away: the snake is no longer closed
    short = json.loads(json.dumps(good))
    short["neutral"] = [e for e in short["neutral"] if e["cell"] != [3, 6]]
    wrong_area = dict(good, area={"x": [0, 5], "y": [0, 6]})
    colour = json.loads(json.dumps(good))
    colour["neutral"][3]["colour"] = 1
    doubled = dict(good, neutral=good["neutral"] + [good["neutral"][0]])
    return [moved, short, wrong_area, colour, doubled, dict(good, neutral=[]), dict(good, area=[5, 7])]


@pytest.mark.parametrize("setup", _broken_neutral_setups())
def test_replay_refuses_a_broken_neutral_layout(setup):
    options = norm({"players": 2, "extra": "neutral"})
    text = json.dumps({"format": "spielstube/1", "game": "schlangennest", "options": options,
                       "setup": setup, "moves": [], "result": None})
    with pytest.raises(RecordError) as info:
        replay(parse_record(text), get_rules)
    assert "setup" in str(info.value)


def test_the_validator_refuses_a_frame_inside_the_area_or_touching_colours():
    setup = neutral_setup("frame")
    inner = json.loads(json.dumps(setup))
    for e in inner["neutral"]:
        e["cell"][0] += 1 if e["colour"] == 2 else 0
    with pytest.raises(RecordError):
        validate.read_layout("frame", 2, (5, 7), inner)
    # A neutral snake's layout is no frame.
    with pytest.raises(RecordError):
        validate.read_layout("frame", 2, (5, 7), dict(neutral_setup(), neutral=entries(NEUTRAL_5X7, 2)
                                                      + entries(FRAME_EAST_5X7, 3)))


# ----- play with neutral cards ----------------------------------------------------------------------


def neutral_position(player_cards, seat=0):
    neutral = tuple(sorted((c, (k, 2, r)) for c, k, r in NEUTRAL_5X7))
    cfg = Config(2, (5, 7), False, 0, 1, "both", neutral, ((0, 4), (0, 6)))
    cards = dict(neutral)
    cards.update({c: (k, col, r) for c, k, col, r in player_cards})
    return position(cfg, cards, seat)


def test_first_cards_touch_the_neutral_snake_and_lie_anywhere():
    options = norm({"players": 2, "extra": "neutral"})
    state = RULES.initial_state(options, neutral_setup())
    cells = {m.cell for m in state.legal_moves()}
    assert (0, 0) not in cells and len(cells) > 5
    for x, y in cells:
        assert any((x + dx, y + dy) in state.cards for dx in (-1, 0, 1) for dy in (-1, 0, 1))
    body = [m for m in state.legal_moves() if m.kind in AREA_KINDS]
    assert body and all(0 <= m.cell[0] <= 4 and 0 <= m.cell[1] <= 6 for m in body)


def test_neutral_grey_parts_are_free_and_its_crossings_count():
    # P0's tail on (1, 1) leads east over the neutral straight's grey bridge on (2, 1).
    state = neutral_position([((1, 1), T, 0, 1), ((3, 1), C, 0, 2)])
    assert state.lengths == (3, 0) and state.snake_lengths[2] == 13
    with pytest.raises(IllegalMove) as info:
        state.apply(Place(0, C, (3, 2), 3))  # would take the bridge on (2, 2) too
    assert "neighbouring fields" in str(info.value)
    assert Place(0, C, (3, 2), 3) not in state.legal_moves()
    assert RULES.result_json(state) is None


def test_neutral_snakes_score_nothing():
    options = norm({"players": 2, "extra": "neutral"})
    state = RULES.initial_state(options, neutral_setup())
    rng = Rng(3)
    while not state.is_terminal():
        moves = state.legal_moves()
        state = state.apply(moves[rng.below(len(moves))])
    result = RULES.result_json(state)
    assert result["lengths"] == list(state.lengths) == [state.snake_lengths[0], state.snake_lengths[1]]
    assert state.snake_lengths[2] == 13 and "snake_lengths" not in result


# ----- two snakes per player ---------------------------------------------------------------------


def opening(turn_form, count):
    options = norm({"snakes": 2, "two_snake_turn": turn_form})
    state = RULES.initial_state(options, {"first": 0})
    out = []
    rng = Rng(1)
    for _ in range(count):
        moves = state.legal_moves()
        move = moves[rng.below(len(moves))]
        out.append((move.player, move.colour, getattr(move, "kind", None)))
        state = state.apply(move)
    return out


def test_two_cards_a_turn_opening():
    seq = opening("both", 5)
    assert [p for p, _, _ in seq] == [0, 1, 1, 0, 0]
    assert seq[0][2] == T and {c for _, c, _ in seq[1:3]} == {1, 3} and all(k == T for _, _, k in seq[1:3])
    # A lays the tail of its second snake and a card at the first, in either order.
    assert {c for _, c, _ in seq[3:5]} == {0, 2} and sorted(k == T for _, _, k in seq[3:5]) == [False, True]


def test_one_card_a_turn_opening_lays_both_tails_first():
    seq = opening("one", 6)
    assert [p for p, _, _ in seq] == [0, 1, 0, 1, 0, 1]
    assert [k for _, _, k in seq[:4]] == [T] * 4
    assert {c for p, c, _ in seq[:4] if p == 0} == {0, 2}


def two_snake_position(turn_form="both"):
    # Colour 0 is finished (tail and head), colour 2 open; colours 1 and 3 have their tails.
    cfg = Config(2, None, True, 0, 2, turn_form)
    cards = {(0, 0): (T, 0, 0), (0, -1): (H, 0, 2), (5, 0): (T, 2, 0), (10, 0): (T, 1, 0),
             (15, 0): (T, 3, 0)}
    return position(cfg, cards, 0, ply=4)


def test_a_colour_without_action_passes_as_a_recorded_move():
    state = two_snake_position()
    assert state.pending == (0, 2) and state.left == 2
    moves = state.legal_moves()
    assert moves and all(m.colour == 2 for m in moves)
    after = state.apply(moves[0])
    assert after.current_player == 0 and after.pending == (0,)
    assert after.legal_moves() == [Pass(0, 0)]
    assert RULES.move_to_json(Pass(0, 0)) == {"player": 0, "action": "pass", "colour": 0}
    nxt = after.apply(Pass(0, 0))
    assert nxt.current_player == 1 and nxt.pending == (1, 3) and nxt.left == 2


def test_two_snake_moves_name_their_colour():
    state = two_snake_position()
    move = state.legal_moves()[0]
    for wrong, code in ((move._replace(colour=None), "schlangennest.colour_missing"),
                        (move._replace(colour=1), "schlangennest.colour_not_yours"),
                        (move._replace(colour=0), None)):
        with pytest.raises(IllegalMove) as info:
            state.apply(wrong)
        if code:
            assert info.value.code == code
    after = state.apply(move)
    again = after.apply(Pass(0, 0)).apply(after.apply(Pass(0, 0)).legal_moves()[0])
    with pytest.raises(IllegalMove) as info:
        again.apply(again.legal_moves()[0]._replace(colour=1 if again.pending == (3,) else 3))
    assert info.value.code == "schlangennest.colour_done"
    data = RULES.move_to_json(move)
    assert data["colour"] == 2 and RULES.move_from_json(data) == move
    with pytest.raises(RecordError):
        RULES.move_from_json(dict(data, colour=7))


def test_two_snake_scores_add_up():
    state = two_snake_position()
    assert state.snake_lengths == (2, 1, 1, 1) and state.lengths == (3, 2)
    rng = Rng(2)
    while not state.is_terminal():
        moves = state.legal_moves()
        state = state.apply(moves[rng.below(len(moves))])
    result = RULES.result_json(state)
    per = result["snake_lengths"]
    assert result["lengths"] == [per[0] + per[2], per[1] + per[3]]
    assert state.returns()[0] == (1.0 if per[0] + per[2] > per[1] + per[3] else
                                  0.5 if per[0] + per[2] == per[1] + per[3] else 0.0)


def test_joining_ones_own_two_snakes_is_refused():
    # Colour 0's end points east into (1, 0); colour 2's own part enters (1, 0) from the east.
    cfg = Config(2, None, True, 0, 2, "both")
    cards = {(0, 0): (T, 0, 1), (2, 0): (T, 2, 3), (10, 0): (T, 1, 0), (15, 0): (T, 3, 0)}
    state = position(cfg, cards, 0, ply=4)
    assert not any(m.cell == (1, 0) and m.kind == S for m in state.legal_moves())
    with pytest.raises(IllegalMove) as info:
        state.apply(Place(0, S, (1, 0), 1, 0))
    assert "colour" in str(info.value)


def test_ring_turns_name_the_ring_colour():
    cfg = Config(2, None, True, 0, 2, "one")
    ring = {(0, 0): (C, 2, 1), (1, 0): (C, 2, 2), (1, 1): (C, 2, 3), (0, 1): (C, 2, 0)}
    cards = dict(ring, **{})
    cards.update({(6, 0): (T, 0, 0), (10, 0): (T, 1, 0), (15, 0): (T, 3, 0)})
    state = position(cfg, cards, 0, ply=4)
    turns = [m for m in state.legal_moves() if isinstance(m, TurnCurve)]
    assert len(turns) == 8 and all(m.colour == 2 for m in turns)
    assert any(m.colour == 0 for m in state.legal_moves())


def special_case_nest(pending, left):
    # Colour 1's U has both ends pointing into (0, 0) (from north and east) and no curve left
    # to lay there; colour 2 points into it from the west and, after its move, from the south.
    cfg = Config(2, None, True, 0, 2, "both")
    cards = {(0, -1): (C, 1, 1), (1, -1): (C, 1, 2), (1, 0): (C, 1, 3), (-1, 0): (C, 2, 1),
             (-1, 1): (C, 2, 0), (10, 0): (T, 0, 0), (15, 0): (T, 3, 0)}
    hands = [{S: 7, C: 9, T: 0, H: 1}, {S: 7, C: 0, T: 1, H: 1}]
    return position(cfg, cards, 0, hands=hands, ply=6, pending=pending, left=left)


def test_special_case_counts_the_same_players_other_card_when_it_comes_next():
    move = Place(0, C, (0, 1), 3, 2)
    # Colour 0 still to lay this turn: seat 0 acts next, and its colour 2 can lay on (0, 0).
    after = special_case_nest((0, 2), 2).apply(move)
    assert after.current_player == 0 and after.pending == (0,)
    # Colour 0 already laid: seat 1 is next of the affected, and colour 1 has no card for (0, 0).
    state = special_case_nest((2,), 1)
    with pytest.raises(IllegalMove) as info:
        state.apply(move)
    assert "both ends" in str(info.value) and move not in state.legal_moves()
