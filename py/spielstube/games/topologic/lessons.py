"""Topologic's lessons (core/lessons.py), in the order they are taught.

Every lesson plays on the same board (BOARD) so that its fields grow
familiar, and fixes its round's secret with the game master's hide in the
record, so a lesson is the same every time. The person is seat 0: the seeker
(``first_seeker`` 0, seat 1 hides in the record), except in the hiding
lesson, where seat 0 is the game master of the first round.

A seeker step's move is the seekers' fields after the turn with the hint
they earn (record notation); the page sends it without the hint and the
host computes it. A ``goal`` accepts every move that does what the step
says, computed with deduction.py where it is about places. Only a lesson's
last step, or a step whose next shown move is legal after every move the
goal accepts (gathering: every seeker one queen move from the secret, then
all onto it), has a goal: a later step's shown move is a fixed turn, made
from the fields the shown path leads to.

Texts: i18n/lessons-topologic.json (``lesson.topologic.<id>.*``). They name
the places of this board ("gelb/3"), so tests/unit/test_lessons_topologic.py
checks every place a text names against the record.

Hiding inside (lesson "hide"): over every secret of fresh 6x10 boards with 5
seekers (tools/measure/topologic_hide_places.py, the seeker's exact tree), the
normal seeker needs 4.21 hints for a secret on an inner field and 4.07 on a
border field (200 boards: inner - border +0.135 +- 0.026), the strong seeker
4.03 and 3.96 (60 boards: +0.079 +- 0.042). A little, but the same way; the
place's colour and pips make no difference (every colour has six places,
every pip count ten).
"""

from .board import build_board
from .deduction import hint_partition

BOARD = "6x10.lernen"
#      0    1    2    3    4    5    6    7    8    9
# 0  0/3  4/6  9/5  3/2  3/5  7/4  1/2  5/4  7/2  5/3
# 1  7/6  0/4  3/1  0/1  6/5  1/1  2/1  7/5  1/3  2/5
# 2  0/5  9/6  4/1  8/1  5/5  8/5  1/6  9/1  3/4  9/3
# 3  7/3  2/4  2/6  4/3  6/2  4/2  7/1  5/6  4/5  5/2
# 4  8/4  6/1  3/6  8/6  2/3  5/1  0/2  6/6  9/4  3/3
# 5  4/4  1/5  9/2  0/6  6/3  2/2  1/4  8/3  8/2  6/4
# Colours: 0 red, 1 orange, 2 yellow, 3 teal, 4 sky blue, 5 blue, 6 violet,
# 7 pink, 8 white, 9 black.

# A first turn is good when, whatever the hint, at most this many places stay possible
# (a third of the 60): five colours and two pip counts, three seekers on one and two on
# the other, do it; five colours and five pip counts leave up to 30.
FIRST_TURN_MOST = 20


def _record(seekers, moves, first_seeker=0):
    return {"format": "spielstube/1", "game": "topologic",
            "options": {"seekers": seekers, "shape": "6x10"},
            "setup": {"board": BOARD, "first_seeker": first_seeker},
            "moves": moves}


def _hide(secret, player=1):
    return {"player": player, "action": "hide", "secret": list(secret)}


def _turn(cells, hint, player=0, round_index=0):
    return {"player": player, "round": round_index, "seekers": [list(cell) for cell in cells], "hint": hint}


def _fields(move):
    return tuple(tuple(cell) for cell in move.seekers)


# -- goals: goal(rules, before, move, after) -> bool ---------------------------------------

def hint_is_four(rules, before, move, after):
    """The turn earns the hint 4."""
    return after.last_move.hint == 4


def three_colours(rules, before, move, after):
    """An entry on fields of three different colours."""
    return len(set(before.board.tiles[cell][0] for cell in _fields(move))) == len(move.seekers)


def all_on_one_field(rules, before, move, after):
    """Every seeker ends the turn on the same field."""
    return len(set(_fields(move))) == 1


def all_still_possible(rules, before, move, after):
    """Every seeker ends the turn on a place the hints so far allow."""
    return all(cell in before.candidates for cell in _fields(move))


def one_move_from_the_secret(rules, before, move, after):
    """Every seeker ends the turn on the only place left or one queen move from it."""
    (place,) = before.candidates
    board = before.board
    return all(cell == place or place in board.queen_destinations(cell) for cell in _fields(move))


def hidden_inside(rules, before, move, after):
    """The secret is hidden on a field that is not a border field."""
    return before.board.cell_of[tuple(move.secret)] not in before.board.border


def most_left(board, candidates, cells, full):
    """The most places a turn with the seekers on ``cells`` can leave possible (the group of
    the hint that ends the round leaves none)."""
    groups = hint_partition(board, candidates, cells)
    return max([len(group) for hint, group in groups.items() if hint != full] or [0])


def a_third_at_most(rules, before, move, after):
    """Whatever the hint, at most FIRST_TURN_MOST places stay possible."""
    return most_left(before.board, before.candidates, _fields(move), before.full_hint) <= FIRST_TURN_MOST


# -- the lessons ---------------------------------------------------------------------------

LESSONS = (
    # What a hint adds up to. The secret is gelb/3 (4, 4); the text says so. The entry scored
    # 0: hellblau/6, hellblau/4, pink/2. Seeker 1 to gelb/4 (yellow) scores 1; the hint 4 then
    # needs a seeker on gelb/3 itself: three seekers without it make at most 3.
    {"id": "hint",
     "record": _record(3, [_hide((2, 3)), _turn([(0, 1), (5, 0), (0, 8)], 0)]),
     "seat": 0,
     "steps": [
         {"expect": [_turn([(3, 1), (5, 0), (0, 8)], 1)]},
         {"goal": hint_is_four, "show": _turn([(3, 1), (5, 4), (4, 4)], 4)},
     ]},
    # Entering on border fields, on three different colours (rot/3, blau/3, hellblau/4: the
    # pips 3, 3, 4 are one of the two best first splits for three seekers, ai/topologic/entry.py).
    {"id": "enter",
     "record": _record(3, [_hide((9, 4))]),
     "seat": 0,
     "steps": [
         {"goal": three_colours, "show": _turn([(0, 0), (0, 9), (5, 0)], 1)},
     ]},
    # Queen moves: seeker 1 diagonally across the board, then all three onto one field
    # (gelb/2 (5, 5), pink/2 (5, 9) and blau/3 (0, 9) meet on violett/3 (5, 4), 2/5 (1, 9),
    # 5/6 (3, 7) or on seeker 2's field).
    {"id": "queen",
     "record": _record(3, [_hide((8, 1)), _turn([(0, 0), (5, 9), (0, 9)], 0)]),
     "seat": 0,
     "steps": [
         {"expect": [_turn([(5, 5), (5, 9), (0, 9)], 0)]},
         {"goal": all_on_one_field, "show": _turn([(5, 4), (5, 4), (5, 4)], 0)},
     ]},
    # Reading the notebook: the hint 0 for rot/3, blau/2 and orange/5 rules out red, blue and
    # orange and the pips 3, 2 and 5: 21 places stay possible (secret türkis/6).
    {"id": "notebook",
     "record": _record(3, [_hide((3, 6)), _turn([(0, 0), (3, 9), (5, 1)], 0)]),
     "seat": 0,
     "steps": [
         {"goal": all_still_possible, "show": _turn([(2, 2), (3, 6), (2, 1)], 1)},
     ]},
    # Gathering: three hints leave only violett/2 (3, 4); seeker 1 on (2, 8) is two queen
    # moves from it, so the round takes two more hints.
    {"id": "gather",
     "record": _record(3, [_hide((6, 2)), _turn([(2, 0), (0, 0), (2, 9)], 0),
                           _turn([(2, 9), (0, 1), (4, 7)], 1), _turn([(2, 8), (1, 2), (3, 8)], 0)]),
     "seat": 0,
     "steps": [
         {"goal": one_move_from_the_secret, "show": _turn([(3, 7), (3, 4), (3, 4)], 4)},
         {"expect": [_turn([(3, 4), (3, 4), (3, 4)], 6)]},
     ]},
    # Hiding as the game master (seat 0 in the first round; the computer seeks, not played).
    {"id": "hide",
     "record": _record(5, [], first_seeker=1),
     "seat": 0,
     "steps": [
         {"goal": hidden_inside, "show": _hide((5, 5), player=0)},
     ]},
    # A good first turn with five seekers: rot/3, violett/3, schwarz/3, orange/2, gelb/2
    # (five colours, pips 3 + 2) leave at most 20 places whatever the hint.
    {"id": "first-turn",
     "record": _record(5, [_hide((4, 1))]),
     "seat": 0,
     "steps": [
         {"goal": a_third_at_most, "show": _turn([(0, 0), (5, 4), (2, 9), (0, 6), (5, 5)], 0)},
     ]},
)


def lessons():
    return LESSONS


def board():
    """The lessons' board (for tests and tools)."""
    return build_board(BOARD)
