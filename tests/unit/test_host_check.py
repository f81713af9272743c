"""The host's ``check`` intent: why a Schlangennest card does not fit a field
(the rules' reason code, rotation not yet chosen), and the length a legal
card brings; nothing is played."""

from host_helpers import Bench

from spielstube.core.rng import Rng
from spielstube.games import get_rules
from spielstube.games.schlangennest.cards import KINDS, rotations
from spielstube.games.schlangennest.explain import check_json


def _open(seed=3):
    bench = Bench(seed=seed)
    view = bench.open("schlangennest", {"players": 2, "seats": ["human", "human"], "first": 0})
    return bench, view


def _check(bench, view, move, version=None):
    return bench.send("check", game="schlangennest", version=view["version"] if version is None else version,
                      move=move)


def test_a_first_card_off_the_first_field_is_refused_with_the_rules_reason():
    bench, view = _open()
    [answer] = _check(bench, view, {"player": 0, "action": "place", "card": "straight", "cell": [2, 1]})
    assert answer["type"] == "check" and answer["legal"] is False
    assert answer["code"] == "schlangennest.first_cell" and answer["params"] == {"cell": [0, 0]}
    assert bench.view()["version"] == view["version"]  # nothing was played


def test_a_legal_card_previews_its_snake_length_and_changes_nothing():
    bench, view = _open()
    move = view["legal"][0]
    [answer] = _check(bench, view, move)
    assert answer["legal"] is True and answer["move"] == move
    assert answer["preview"]["length_before"] == 0 and answer["preview"]["length"] == 1
    assert answer["preview"]["colour"] == 0
    again = bench.move(move)[-1]["view"]
    assert again["board"]["lengths"][0] == answer["preview"]["length"]


def test_a_stale_or_foreign_check_is_refused():
    bench, view = _open()
    stale = _check(bench, view, view["legal"][0], version=view["version"] - 1)
    assert stale[0]["type"] == "error" and stale[0]["code"] == "host.stale"
    foreign = _check(bench, view, dict(view["legal"][0], player=1))
    assert foreign[0]["code"] == "host.not_your_turn"
    malformed = _check(bench, view, {"player": 0, "action": "place", "card": "spade", "cell": [0, 0]})
    assert malformed[0]["code"] == "host.bad_move"


def _positions(count, seed, options=None):
    rules = get_rules("schlangennest")
    rng = Rng(seed)
    options = rules.normalize_options(options or {})
    state = rules.initial_state(options, rules.random_setup(options, rng))
    out = []
    while not state.is_terminal() and len(out) < count:
        out.append(state)
        moves = state.legal_moves()
        state = state.apply(moves[rng.below(len(moves))])
    return rules, out


def _unfitting_fields_at_open_ends(state):
    """(kind, cell) next to an open end of the mover's snake where no rotation of a card in hand fits."""
    player = state.current_player
    snake = state.snakes[player] if isinstance(player, int) and player >= 0 else None
    if snake is None or not snake.open_ends:
        return []
    legal = {(m.kind, m.cell) for m in state.legal_moves() if hasattr(m, "kind")}
    out = []
    for (cx, cy), edge in snake.open_ends:
        cell = (cx + (0, 1, 0, -1)[edge], cy + (-1, 0, 1, 0)[edge])
        for index, kind in enumerate(KINDS):
            if (kind, cell) not in legal and cell not in state.cards and state.hands_tuple[player][index] > 0:
                out.append((kind, cell))
    return out


def test_the_reason_comes_from_the_rotation_that_got_furthest():
    """Next to one's own open end some rotation does extend the snake, so the
    reason given is never "must extend" but the rule that stands in the way."""
    codes = set()
    for seed in range(4):
        rules, states = _positions(60, seed, {"players": 4, "area": [4, 6]})
        for state in states:
            for kind, cell in _unfitting_fields_at_open_ends(state):
                answer = check_json(rules, state, {"player": state.current_player, "action": "place",
                                                   "card": kind, "cell": list(cell)})
                assert answer["legal"] is False and answer["code"] != "schlangennest.must_extend", answer
                codes.add(answer["code"])
    assert codes  # the positions had such fields


def test_a_placement_without_rotation_is_legal_when_any_rotation_is():
    rules, states = _positions(12, seed=5)
    for state in states:
        for move in state.legal_moves()[:5]:
            if not hasattr(move, "kind"):
                continue
            data = rules.move_to_json(move)
            del data["rot"]
            answer = check_json(rules, state, data)
            assert answer["legal"] and answer["move"]["rot"] in rotations(move.kind)
