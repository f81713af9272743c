"""Schlangennest moves: placing a card, turning a ring's curve, swapping in the tail, passing."""

from collections import namedtuple

from .cards import KINDS, normalize_rotation


def _move_type(name, fields):
    """A namedtuple that equals only moves of its own type (a turn and a swap
    with equal fields are different moves). ``colour`` is None except in
    two-snake games, where every move names the colour it is for."""
    base = namedtuple(name, fields + " colour", defaults=(None,))

    def __eq__(self, other):
        return type(other) is type(self) and tuple.__eq__(self, other)

    def __ne__(self, other):
        return not __eq__(self, other)

    def __hash__(self):
        return hash((name, tuple(self)))

    return type(name, (base,), {"__slots__": (), "__eq__": __eq__, "__ne__": __ne__,
                                "__hash__": __hash__})


# Moves. Every move names its player, so a record line stands on its own.
Place = _move_type("Place", "player kind cell rot")
TurnCurve = _move_type("TurnCurve", "player cell direction")  # +1 clockwise, -1 counter-clockwise
SwapTail = _move_type("SwapTail", "player cell rot")  # rot: the tail card's rotation
Pass = _move_type("Pass", "player")

KIND_INDEX = {k: i for i, k in enumerate(KINDS)}


def move_order(move):
    """The stable order of legal_moves: by colour, then action, card, field, rotation."""
    colour = move.colour or 0
    if isinstance(move, Place):
        return (colour, 0, KIND_INDEX[move.kind], move.cell, move.rot)
    if isinstance(move, TurnCurve):
        return (colour, 1, 0, move.cell, move.direction)
    if isinstance(move, SwapTail):
        return (colour, 2, 0, move.cell, move.rot)
    return (colour, 3, 0, (0, 0), 0)


def normalize_move(move):
    """Moves that look the same compare equal (a straight at r and r + 2)."""
    if isinstance(move, Place) and move.kind in KIND_INDEX and isinstance(move.rot, int):
        return Place(move.player, move.kind, tuple(move.cell), normalize_rotation(move.kind, move.rot),
                     move.colour)
    if isinstance(move, SwapTail) and isinstance(move.rot, int):
        return SwapTail(move.player, tuple(move.cell), move.rot % 4, move.colour)
    return move
