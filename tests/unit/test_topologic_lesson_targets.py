"""Topologic's lesson targets (Screen.lesson_targets): following them from an empty
turn makes exactly the lesson's move, each target is drawn, and a turn the person
changed on the way is led back. Plain asserts only: tests/mpy/run.mjs runs this same
file under MicroPython, pytest under CPython."""

from spielstube.ui.common.texts import Texts
from spielstube.ui.topologic.screen import TopologicScreen

TILES = [["0/1", "1/2", "2/3", "3/4"], ["4/5", "5/6", "6/1", "7/2"], ["8/3", "9/4", "0/5", "1/6"]]
SEATS = [{"kind": "human"}, {"kind": "ai", "level": "strong"}]
BORDER = [[0, 0], [0, 1], [0, 2], [0, 3], [1, 0], [1, 3], [2, 0], [2, 1], [2, 2], [2, 3]]
TEXTS = Texts({}, "en")


def view(phase, legal, positions=None, round_index=0, rounds=None, version=3, seat=0):
    if rounds is None:
        rounds = [{"seeker": 0, "hints": [], "hidden": phase != "hide", "secret": None}]
    seeker = rounds[round_index]["seeker"]
    return {"game": "topologic", "version": version, "seat": seat, "seats": SEATS, "viewer": 0,
            "handover": None, "thinking": None, "legal": legal, "past": None, "result": None,
            "status": {"key": "status.turn", "params": {"seat": seat}},
            "settings": {"players": 2, "seats": ["human", "ai:strong"], "first": 0,
                         "options": {"seekers": 3, "shape": "6x10"}},
            "board": {"board": "6x10.abc", "tiles": TILES, "seekers": 3, "round": round_index,
                      "phase": phase, "seeker": seeker, "game_master": 1 - seeker, "first_seeker": 0,
                      "positions": positions, "rounds": rounds, "candidates": [], "counts": [0, 0],
                      "full_hint": 6}}


def entry_legal():
    return {"seekers": [BORDER, BORDER, BORDER]}


def queen_fields(cell):
    """Every field of the 3 x 4 board one queen move from ``cell``, and ``cell`` itself."""
    found = [list(cell)]
    for dr in (-1, 0, 1):
        for dc in (-1, 0, 1):
            if dr == 0 and dc == 0:
                continue
            r, c = cell[0] + dr, cell[1] + dc
            while 0 <= r < 3 and 0 <= c < 4:
                found.append([r, c])
                r, c = r + dr, c + dc
    return found


def move_legal(positions):
    return {"seekers": [queen_fields(cell) for cell in positions]}


def hides():
    return [{"player": 0, "action": "hide", "secret": [int(t.split("/")[0]), int(t.split("/")[1])]}
            for row in TILES for t in row]


def drawn(screen, shown):
    return screen.board(TEXTS, shown)


def is_drawn(markup, selector):
    """Whether the one element ``selector`` names is in ``markup`` and can be tapped."""
    if selector.startswith("[data-action="):
        name = selector[len("[data-action="):-1]
        return f'data-action="{name}">' in markup  # a disabled button has " disabled" before ">"
    return selector[1:-1] in markup


def tap(screen, shown, selector):
    """The tap ``selector`` stands for: -> (notice, request)."""
    if selector.startswith('[data-cell="'):
        r, c = selector[len('[data-cell="'):-2].split(",")
        return screen.tap_cell((int(r), int(c)))
    if selector.startswith('[data-piece="'):
        return screen.tap_piece(selector[len('[data-piece="'):-2])
    return screen.act(selector[len("[data-action="):-1], shown)


def follow(screen, shown, move, limit=20):
    """Taps the targets until a move is sent: -> (the request, the selectors tapped)."""
    tapped = []
    for _ in range(limit):
        targets = screen.lesson_targets(move)
        assert len(targets) == 1, targets
        assert is_drawn(drawn(screen, shown), targets[0]), targets[0]
        notice, request = tap(screen, shown, targets[0])
        assert notice is None, (targets[0], notice)
        tapped.append(targets[0])
        if request is not None:
            return request, tapped
    raise AssertionError("the targets never sent a move")


def record_move(seekers, hint=2):
    return {"player": 0, "round": 0, "seekers": seekers, "hint": hint}


def test_an_entry_is_built_field_by_field_then_confirmed():
    screen = TopologicScreen()
    shown = view("entry", entry_legal())
    screen.show(shown, True)
    move = record_move([[0, 0], [2, 3], [0, 0]])
    request, tapped = follow(screen, shown, move)
    assert request == ("move", {"seekers": [[0, 0], [2, 3], [0, 0]]})
    assert tapped == ['[data-cell="0,0"]', '[data-cell="2,3"]', '[data-cell="0,0"]', "[data-action=confirm]"]


def test_a_seeker_placed_elsewhere_is_chosen_by_its_button_and_placed_again():
    screen = TopologicScreen()
    shown = view("entry", entry_legal())
    screen.show(shown, True)
    for cell in ((0, 1), (0, 2), (0, 3)):  # the person placed all three off the marks
        screen.tap_cell(cell)
    move = record_move([[0, 0], [0, 2], [2, 3]])
    assert screen.lesson_targets(move) == ['[data-piece="s0"]']
    request, tapped = follow(screen, shown, move)
    assert request == ("move", {"seekers": [[0, 0], [0, 2], [2, 3]]})
    assert tapped == ['[data-piece="s0"]', '[data-cell="0,0"]', '[data-piece="s2"]', '[data-cell="2,3"]',
                      "[data-action=confirm]"]


def test_a_queen_turn_picks_each_seeker_on_its_field_then_its_destination():
    screen = TopologicScreen()
    positions = [[0, 0], [2, 3], [1, 1]]
    shown = view("seek", move_legal(positions), positions=positions)
    screen.show(shown, True)
    assert screen.phase(shown) == "move"
    move = record_move([[2, 2], [2, 3], [0, 1]])  # seeker 2 stays
    request, tapped = follow(screen, shown, move)
    assert request == ("move", {"seekers": [[2, 2], [2, 3], [0, 1]]})
    assert tapped == ['[data-cell="0,0"]', '[data-cell="2,2"]', '[data-cell="1,1"]', '[data-cell="0,1"]',
                      "[data-action=confirm]"]


def test_a_seeker_sharing_a_field_with_one_that_stays_is_chosen_by_its_button():
    screen = TopologicScreen()
    positions = [[1, 1], [1, 1], [0, 0]]
    shown = view("seek", move_legal(positions), positions=positions)
    screen.show(shown, True)
    move = record_move([[1, 1], [1, 3], [0, 0]])  # a tap on (1, 1) would pick seeker 1
    request, tapped = follow(screen, shown, move)
    assert request == ("move", {"seekers": [[1, 1], [1, 3], [0, 0]]})
    assert tapped == ['[data-piece="s1"]', '[data-cell="1,3"]', "[data-action=confirm]"]


def test_another_chosen_seeker_is_never_sent_to_the_target_field():
    screen = TopologicScreen()
    positions = [[0, 0], [2, 3], [1, 1]]
    shown = view("seek", move_legal(positions), positions=positions)
    screen.show(shown, True)
    screen.tap_piece("s1")  # the person chose seeker 2; the step moves seeker 1
    move = record_move([[0, 3], [2, 3], [1, 1]])
    assert screen.lesson_targets(move) == ['[data-piece="s0"]']
    screen.tap_cell((0, 1))  # no: seeker 2 goes somewhere else first
    screen.tap_cell((1, 1))  # and seeker 3 is chosen
    request, tapped = follow(screen, shown, move)
    assert request == ("move", {"seekers": [[0, 3], [2, 3], [1, 1]]})
    assert tapped[0] == '[data-piece="s0"]' and tapped[-1] == "[data-action=confirm]"


def test_a_field_no_seeker_may_take_is_never_marked():
    screen = TopologicScreen()
    positions = [[0, 0], [2, 3], [1, 1]]
    shown = view("seek", move_legal(positions), positions=positions)
    screen.show(shown, True)
    assert screen.lesson_targets(record_move([[1, 2], [2, 3], [1, 1]])) == []  # (1, 2): no queen move
    assert screen.lesson_targets(record_move([[0, 0], [2, 3]])) == []
    assert screen.lesson_targets(None) == []


def test_a_hide_marks_its_tile_then_confirm():
    screen = TopologicScreen()
    rounds = [{"seeker": 1, "hints": [], "hidden": False, "secret": None}]
    shown = view("hide", hides(), rounds=rounds)
    screen.show(shown, True)
    assert screen.phase(shown) == "secret"
    move = {"player": 0, "action": "hide", "secret": [6, 1]}
    screen.tap_cell((0, 0))  # another tile chosen first
    request, tapped = follow(screen, shown, move)
    assert request == ("move", move)
    assert tapped == ['[data-cell="1,2"]', "[data-action=confirm]"]
    assert screen.lesson_targets({"player": 0, "action": "hide", "secret": [9, 9]}) == []


def test_the_round_end_is_read_before_the_next_rounds_hide():
    screen = TopologicScreen()
    rounds = [{"seeker": 0, "hints": [{"seekers": [[0, 0]] * 3, "hint": 6}], "hidden": True, "secret": [0, 1]},
              {"seeker": 1, "hints": [], "hidden": False, "secret": None}]
    shown = view("hide", hides(), round_index=1, rounds=rounds)
    screen.show(shown, True)
    assert screen.phase(shown) == "round-end"
    move = {"player": 0, "action": "hide", "secret": [3, 4]}
    request, tapped = follow(screen, shown, move)
    assert request == ("move", move)
    assert tapped == ["[data-action=next-round]", '[data-cell="0,3"]', "[data-action=confirm]"]


def test_an_upright_phone_turns_the_board_but_not_the_fields_names():
    screen = TopologicScreen()
    screen.set_window(360, 640)
    positions = [[0, 0], [2, 3], [1, 1]]
    shown = view("seek", move_legal(positions), positions=positions)
    screen.show(shown, True)
    markup = drawn(screen, shown)
    assert 'data-cell="2,3"' in markup and 'data-cell="3,2"' not in markup
    request, _tapped = follow(screen, shown, record_move([[0, 3], [2, 0], [1, 1]]))
    assert request == ("move", {"seekers": [[0, 3], [2, 0], [1, 1]]})


def test_nothing_is_marked_while_the_person_only_watches():
    screen = TopologicScreen()
    assert screen.lesson_targets(record_move([[0, 0]] * 3)) == []  # nothing shown yet
    positions = [[0, 0], [2, 3], [1, 1]]
    shown = view("seek", [], positions=positions)  # not the person's turn: no legal moves
    screen.show(shown, True)
    assert screen.phase(shown) == "watch"
    assert screen.lesson_targets(record_move([[0, 1], [2, 3], [1, 1]])) == []
