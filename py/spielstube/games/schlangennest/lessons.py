"""Schlangennest's lessons (core/lessons.py): the rules a new player needs in
their first hour, each on a small board of its own.

1. the first card: it touches a card already down; a straight or a curve;
2. extending: the card's own-colour part continues the snake at an open end,
   a straight goes on, a curve turns (and Rotate picks the way);
3. grey parts: one taken in, then several at once (one of them on the
   person's own card);
4. the border: the nest's sides are fixed once the cards span its size;
   outside it only a head or a tail may lie;
5. steering: a card's grey part continues another snake, out of the nest;
6. a closed ring: a quarter turn of one of its curves opens it;
7. the special cases: no card may join two snakes or lead three over one field.

Blue (seat 0) is the person, Red (seat 1) and Green (seat 2) reply as the
lessons script. Every position is a record whose moves follow the rules, so
each lesson looks the same every time. The wrong-move text of a step speaks
to every legal move that misses the step's goal
(tests/unit/test_lessons_schlangennest.py checks that at least one does).
"""

from .cards import DX, DY, NORTH
from .moves import Place, TurnCurve

PERSON = 0


def _place(player, card, x, y, rot):
    return {"player": player, "action": "place", "card": card, "cell": [x, y], "rot": rot}


def _turn(player, x, y, direction):
    return {"player": player, "action": "turn", "cell": [x, y], "dir": direction}


def _record(moves, first=0, players=2, difficulty="easy", area=None):
    options = {"players": players, "difficulty": difficulty}
    if area is not None:
        options["area"] = list(area)
    return {"format": "spielstube/1", "game": "schlangennest", "options": options,
            "setup": {"first": first}, "moves": moves, "result": None}


# -- goals (goal(rules, before, move, after) -> bool; the host runs them) --------------

def _gain(before, after, colour=PERSON):
    return after.snake_lengths[colour] - before.snake_lengths[colour]


def _new_ends(before, after, colour):
    return set(after.open_ends(colour)) - set(before.open_ends(colour))


def body_card(rules, before, move, after):
    """A straight or a curve: head and tail close an end at once."""
    return isinstance(move, Place) and move.kind in ("straight", "curve")


def curve_turning_north(rules, before, move, after):
    """A curve whose new open end points north (up on the board)."""
    return (isinstance(move, Place) and move.kind == "curve"
            and (tuple(move.cell), NORTH) in _new_ends(before, after, PERSON))


def several_grey_parts(rules, before, move, after):
    """The snake grows by three or more parts: the card's own part and at least two grey ones."""
    return _gain(before, after) >= 3


def closes_outside(rules, before, move, after):
    """A head or tail laid on a field outside the nest."""
    return (isinstance(move, Place) and move.kind in ("head", "tail")
            and not before.area_allows(tuple(move.cell)))


def _points_outside(state, end):
    (x, y), edge = end
    return not state.area_allows((x + DX[edge], y + DY[edge]))


def steers_out(rules, before, move, after):
    """Another player's snake grew through the card's grey part and now points out of the nest."""
    for colour in range(len(after.snakes)):
        if colour == PERSON or after.snake_lengths[colour] <= before.snake_lengths[colour]:
            continue
        if any(_points_outside(after, end) for end in _new_ends(before, after, colour)):
            return True
    return False


def longest_reopening(rules, before, move, after):
    """A quarter turn that leaves the snake as long as any turn could."""
    best = max(state.snake_lengths[PERSON] for _, state in before.successors())
    return isinstance(move, TurnCurve) and after.snake_lengths[PERSON] == best


# -- the lessons -------------------------------------------------------------------

# The border and steering lessons' nest of 4 x 4 fields begins alike: Blue's curve and
# straight in the top row, Red's straight below them.
_ROWS = [_place(0, "curve", 0, 0, 0), _place(1, "straight", 1, 1, 1), _place(0, "straight", 1, 0, 1)]

LESSONS = (
    # Red has laid the first card; Blue's first card touches it, at a side or a corner.
    {"id": "first-card",
     "record": _record([_place(1, "straight", 0, 0, 0)], first=1),
     "seat": PERSON,
     "steps": [{"goal": body_card, "show": _place(0, "straight", 1, 1, 0)}]},

    # Two first cards down; Blue continues its snake: a straight to the right, then a curve up.
    {"id": "extend",
     "record": _record([_place(0, "straight", 0, 0, 1), _place(1, "straight", 0, 1, 1)]),
     "seat": PERSON,
     "steps": [{"expect": [_place(0, "straight", 1, 0, 1)],
                "reply": [_place(1, "straight", -1, 1, 1)]},
               {"goal": curve_turning_north, "show": _place(0, "curve", 2, 0, 3)}]},

    # Red's curve above Blue's snake has a free grey part; after Red's reply two grey
    # parts (one on Blue's own card) join, and Blue takes both at once.
    {"id": "grey-parts",
     "record": _record([_place(0, "curve", 0, 0, 0), _place(1, "curve", -1, -1, 3),
                        _place(0, "curve", 1, 0, 3), _place(1, "curve", -1, -2, 1)]),
     "seat": PERSON,
     "steps": [{"expect": [_place(0, "curve", 0, -1, 2)],
                "reply": [_place(1, "curve", 0, -2, 3)]},
               {"goal": several_grey_parts, "show": _place(0, "curve", 1, -1, 2)}]},

    # A 4 x 4 nest whose cards span 3 columns: Blue's straight makes it 4 (the side
    # borders are fixed), and Blue's snake then points out of the nest.
    {"id": "border",
     "record": _record(_ROWS + [_place(1, "straight", 0, 1, 1), _place(0, "straight", 2, 0, 1),
                                _place(1, "straight", 2, 1, 1)], difficulty="custom", area=(4, 4)),
     "seat": PERSON,
     "steps": [{"expect": [_place(0, "straight", 3, 0, 1)],
                "reply": [_place(1, "curve", 3, 1, 2)]},
               {"goal": closes_outside, "show": _place(0, "tail", 4, 0, 3)}]},

    # Blue's and Red's ends meet on the nest's right edge: Blue's curve leads Red out.
    {"id": "steer",
     "record": _record(_ROWS + [_place(1, "straight", 2, 1, 1), _place(0, "straight", 2, 0, 1),
                                _place(1, "curve", 3, 1, 3)], difficulty="custom", area=(4, 4)),
     "seat": PERSON,
     "steps": [{"goal": steers_out, "show": _place(0, "curve", 3, 0, 3)}]},

    # Blue closed its snake into a ring (three own curves and Red's grey curve); turning
    # the curve beside Red's next card opens it and takes that card's grey part in too.
    {"id": "ring",
     "record": _record([_place(0, "curve", 0, 0, 1), _place(1, "curve", 0, 1, 2),
                        _place(0, "curve", 1, 0, 2), _place(1, "curve", 0, 2, 0),
                        _place(0, "curve", 1, 1, 3), _place(1, "curve", 1, 2, 2)]),
     "seat": PERSON,
     "steps": [{"goal": longest_reopening, "show": _turn(0, 1, 1, 1)}]},

    # Three players in a 5 x 5 nest (the board drawn large enough for six cards): Blue's,
    # Red's and Green's ends all point into the field above Blue's straight. Every card
    # there would join two snakes or lead three over the field.
    {"id": "special-cases",
     "record": _record([_place(0, "straight", 0, 0, 0), _place(1, "curve", -1, -1, 1),
                        _place(2, "curve", 0, -2, 2), _place(0, "curve", 0, 1, 3),
                        _place(1, "straight", -1, 0, 0), _place(2, "straight", -1, -2, 1)],
                       players=3, difficulty="custom", area=(5, 5)),
     "seat": PERSON,
     "steps": [{"goal": body_card, "show": _place(0, "straight", -1, 1, 1)}]},
)
