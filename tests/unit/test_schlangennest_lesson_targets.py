"""Schlangennest's lesson targets (SchlangennestScreen.lesson_targets): from any turn
built so far, the next tap toward a move, as a selector of what the screen draws.
Following the targets from an empty turn makes exactly that move, for every legal
move. Plain asserts only: tests/mpy/run.mjs runs this same file under MicroPython
(the fixed lists of legal moves), pytest under CPython (the engine's positions too)."""

from spielstube.ui.common.texts import Texts
from spielstube.ui.schlangennest import turn as st
from spielstube.ui.schlangennest.screen import SchlangennestScreen

TEXTS = Texts({}, "en")


def _place(card, x, y, rot, player=0, colour=None):
    move = {"player": player, "action": "place", "card": card, "cell": [x, y], "rot": rot}
    if colour is not None:
        move["colour"] = colour
    return move


PLACE = [_place("straight", -1, 0, 1), _place("straight", 2, 0, 1),
         _place("curve", -1, 0, 0), _place("curve", -1, 0, 1), _place("curve", 2, 0, 2),
         _place("curve", 2, 0, 3), _place("tail", -1, 0, 1), _place("tail", 2, 0, 3),
         _place("head", -1, 0, 1), _place("head", 2, 0, 3)]
# Two snakes per player: the hand shows each colour's cards, and a move names its colour.
TWO = [_place("straight", 1, 0, 0, 1, 1), _place("curve", 1, 0, 0, 1, 1), _place("curve", 1, 0, 3, 1, 1),
       _place("curve", 0, 2, 1, 1, 3), _place("curve", 0, 2, 2, 1, 3), _place("head", 0, 2, 0, 1, 3)]
RING = [{"player": 0, "action": "turn", "cell": [0, 0], "dir": -1},
        {"player": 0, "action": "turn", "cell": [0, 0], "dir": 1},
        {"player": 0, "action": "turn", "cell": [1, 1], "dir": 1},
        {"player": 0, "action": "turn", "cell": [1, 1], "dir": -1}]
SWAP = [{"player": 1, "action": "swap", "card": "tail", "cell": [2, 0], "rot": 3},
        {"player": 1, "action": "swap", "card": "tail", "cell": [2, 0], "rot": 1}]


def _card(cell, card, colour, rot):
    return {"cell": list(cell), "card": card, "colour": colour, "rot": rot,
            "parts": [{"edges": [0, 1], "own": True, "end": None, "snake": colour},
                      {"edges": [2, 3], "own": False, "end": None, "snake": None}]}


def view_of(legal, seat=0, hands=None, cards=(), version=1, board=None):
    """A host view of ``legal`` (the board as small as drawing needs, unless given)."""
    if board is None:
        full = {"straight": 7, "curve": 9, "tail": 1, "head": 1}
        hands = hands or [full, full]
        board = {"cards": list(cards), "hands": hands, "lengths": [1] * len(hands),
                 "finished": [False] * len(hands), "rings": [False] * len(hands),
                 "open_ends": [[] for _ in hands], "area": [6, 6], "border": {"x": None, "y": None},
                 "extent": {"x": None, "y": None}, "to_move": seat, "first": 0, "players": 2,
                 "tail_first": False, "first_round": False}
    return {"game": "schlangennest", "version": version, "seat": seat, "viewer": seat, "legal": legal,
            "seats": [{"kind": "human"}] + [{"kind": "ai", "level": "easy"}] * (len(board["hands"]) - 1),
            "board": board, "moves": [], "status": {"key": "status.turn", "params": {"seat": seat}},
            "past": None, "handover": None}


def _attributes(selector):
    """[(name, value)] of a selector such as [data-piece="curve"][data-colour="2"]."""
    out = []
    for part in selector.strip("[]").split("]["):
        name, value = part.split("=", 1)
        out.append((name, value.strip('"')))
    return out


def drawn_tags(screen, view, selector):
    """The opening tags of the screen's markup that ``selector`` matches."""
    markup = screen.board(TEXTS, view)
    wanted = [f'{name}="{value}"' for name, value in _attributes(selector)]
    return [tag for tag in markup.split("<") if all(" " + w in tag for w in wanted)]


def tap(screen, view, selector):
    """The frame's handling of a tap on what ``selector`` names; the move sent, or None."""
    attrs = dict(_attributes(selector))
    if "data-piece" in attrs:
        screen.tap_piece(attrs["data-piece"], attrs.get("data-colour"))
    elif "data-cell" in attrs:
        screen.tap_cell([int(v) for v in attrs["data-cell"].split(",")])
    else:
        outcome = screen.act(attrs["data-action"], view)
        if outcome and outcome[1] is not None:
            return outcome[1][1]
    return None


def follow(screen, view, move, limit=12):
    """Taps only what lesson_targets marks until a move is sent; that move (each target
    drawn exactly once and tappable)."""
    for _ in range(limit):
        targets = screen.lesson_targets(move)
        assert len(targets) == 1, (move, targets)
        tags = drawn_tags(screen, view, targets[0])
        assert len(tags) == 1, (targets[0], tags)
        assert " disabled" not in tags[0] and "aria-disabled" not in tags[0], tags[0]
        sent = tap(screen, view, targets[0])
        if sent is not None:
            assert screen.lesson_targets(move) != ["[data-action=\"confirm\"]"]
            return sent
    raise AssertionError(f"no move after {limit} taps toward {move}")


def check_every_move(view):
    """Following the targets from an empty turn sends each legal move itself."""
    for move in view["legal"]:
        screen = SchlangennestScreen()
        screen.show(view, True)
        sent = follow(screen, view, move)
        assert sent == move, (sent, move)


def test_every_placement_is_reached_by_its_targets():
    check_every_move(view_of(PLACE))


def test_two_snakes_name_the_card_of_the_moves_colour():
    full = {"straight": 7, "curve": 9, "tail": 1, "head": 1}
    shown = view_of(TWO, seat=1, hands=[full, full, full, full])
    screen = SchlangennestScreen()
    screen.show(shown, True)
    assert screen.lesson_targets(TWO[3]) == ['[data-piece="curve"][data-colour="3"]']
    check_every_move(shown)


def test_a_rings_turn_and_the_tail_swap_start_at_the_card_on_the_board():
    cards = [_card((0, 0), "curve", 0, 1), _card((1, 1), "curve", 0, 3)]
    check_every_move(view_of(RING, cards=cards))
    screen = SchlangennestScreen()
    shown = view_of(RING, cards=cards)
    screen.show(shown, True)
    assert screen.lesson_targets(RING[3]) == ['[data-cell="1,1"]']
    screen.tap_cell([1, 1])
    assert screen.lesson_targets(RING[3]) == ['[data-action="rotate"]']  # "the other way"
    straight = [{"cell": [2, 0], "card": "straight", "colour": 1, "rot": 1,
                 "parts": [{"edges": [1, 3], "own": True, "end": None, "snake": 1},
                           {"edges": [0, 2], "own": False, "end": None, "snake": None}]}]
    check_every_move(view_of(SWAP, seat=1, cards=straight))


def test_another_card_or_field_chosen_first_is_corrected():
    shown = view_of(PLACE)
    screen = SchlangennestScreen()
    screen.show(shown, True)
    goal = _place("curve", 2, 0, 3)
    assert screen.lesson_targets(goal) == ['[data-piece="curve"]']  # no card chosen yet
    screen.tap_piece("straight")
    assert screen.lesson_targets(goal) == ['[data-piece="curve"]']  # another card chosen
    screen.tap_piece("curve")
    assert screen.lesson_targets(goal) == ['[data-cell="2,0"]']
    screen.tap_cell([-1, 0])  # another field
    assert screen.lesson_targets(goal) == ['[data-cell="2,0"]']
    screen.tap_cell([2, 0])
    assert screen.turn.selected_move() == _place("curve", 2, 0, 2)  # rotations in order
    assert screen.lesson_targets(goal) == ['[data-action="rotate"]']
    screen.act("rotate", shown)
    assert screen.lesson_targets(goal) == ['[data-action="confirm"]']
    screen.tap_cell([2, 0])  # tapping the field again turns the card on: rotate once more
    assert screen.lesson_targets(goal) == ['[data-action="rotate"]']
    screen.act("rotate", shown)
    assert screen.act("confirm", shown) == (None, ("move", goal))


def test_a_straight_shown_at_the_other_equal_rotation_is_the_same_move():
    shown = view_of(PLACE)
    screen = SchlangennestScreen()
    screen.show(shown, True)
    assert follow(screen, shown, _place("straight", 2, 0, 3)) == _place("straight", 2, 0, 1)


def test_nothing_is_marked_for_a_move_not_offered_or_a_frozen_board():
    shown = view_of(PLACE)
    screen = SchlangennestScreen()
    screen.show(shown, True)
    assert screen.lesson_targets(_place("curve", 5, 5, 0)) == []
    assert screen.lesson_targets(_place("curve", 2, 0, 3, player=1)) == []  # another seat's
    assert screen.lesson_targets(RING[0]) == []
    assert screen.lesson_targets(None) == []
    screen.frozen = True
    assert screen.lesson_targets(PLACE[0]) == []
    watching = SchlangennestScreen()
    watching.show(shown, False)  # not live: nothing is offered
    assert watching.lesson_targets(PLACE[0]) == []


def _engine():
    """The rules engine (CPython only: MicroPython carries ui/ alone), or None."""
    try:
        from spielstube.games import get_rules
    except ImportError:
        return None
    return get_rules


def _engine_view(rules, state, version=1):
    seat = state.current_player
    board = state.player_view(seat)
    view = view_of([rules.move_to_json(m) for m in state.legal_moves()], seat=seat, version=version,
                   board=board)
    view["seats"] = [{"kind": "human"}] + [{"kind": "ai", "level": "easy"}] * (state.num_players - 1)
    return view


def test_every_legal_move_of_the_lesson_positions_and_of_played_games():
    get_rules = _engine()
    if get_rules is None:
        return
    from spielstube.core import lessons
    from spielstube.core.rng import Rng
    rules = get_rules("schlangennest")
    states = []
    for lesson in rules.lessons():
        state = lessons.start_state(rules, lesson, get_rules).final
        for step in lesson["steps"]:
            states.append(state)
            state = lessons.play_replies(rules, step, state.apply(rules.move_from_json(lessons.show_move(step))))
    for seed, options in ((1, {"players": 2}), (2, {"players": 3}), (3, {"players": 2, "snakes": 2}),
                          (4, {"players": 2, "snakes": 2, "two_snake_turn": "one"})):
        rng = Rng(seed)
        options = rules.normalize_options(options)
        state = rules.initial_state(options, rules.random_setup(options, rng))
        for ply in range(40):
            if state.is_terminal():
                break
            moves = state.legal_moves()
            if ply % 6 == 5 and len(moves) > 1:
                states.append(state)
            state = state.apply(moves[rng.below(len(moves))])
    assert len(states) > 15
    for state in states:
        view = _engine_view(rules, state)
        if view["legal"] and view["legal"][0]["action"] != "pass":
            check_every_move(view)


def test_the_lesson_position_of_a_ring_is_reached_by_its_targets():
    get_rules = _engine()
    if get_rules is None:
        return
    from spielstube.core import lessons
    rules = get_rules("schlangennest")
    ring = [lesson for lesson in rules.lessons() if lesson["id"] == "ring"][0]
    state = lessons.start_state(rules, ring, get_rules).final
    view = _engine_view(rules, state)
    assert {move["action"] for move in view["legal"]} == {"turn"}
    screen = SchlangennestScreen()
    screen.show(view, True)
    assert follow(screen, view, ring["steps"][0]["show"]) == ring["steps"][0]["show"]
    assert st.same_move(ring["steps"][0]["show"], view["legal"][-1]) or ring["steps"][0]["show"] in view["legal"]
