"""Schlangennest cards and their geometry (see shared/design/rulings.md).

Coordinates: a field is (x, y); x grows to the east, y to the south (as on a
screen). Edges of a field: 0 north, 1 east, 2 south, 3 west. A card at
rotation r is its base picture turned r quarter turns clockwise, so an edge e
of the base picture lies at edge (e + r) % 4.

Base pictures (rotation 0):
- straight: own straight north-south, grey straight east-west bridging it;
- curve: own curve north-east, grey curve south-west;
- tail: own tail leaving north, grey head leaving south, grey straight
  east-west crossing both;
- head: own head leaving north, grey tail leaving south, grey straight
  east-west crossing both.
"""

from collections import namedtuple

NORTH, EAST, SOUTH, WEST = 0, 1, 2, 3
EDGE_NAMES = ("north", "east", "south", "west")
DX = (0, 1, 0, -1)
DY = (-1, 0, 1, 0)

STRAIGHT, CURVE, TAIL, HEAD = "straight", "curve", "tail", "head"
KINDS = (STRAIGHT, CURVE, TAIL, HEAD)
# Cards per colour: 7 straight, 9 curve, 1 tail, 1 head.
FULL_HAND = {STRAIGHT: 7, CURVE: 9, TAIL: 1, HEAD: 1}
# Straight and curve cards count for the area; head and tail cards never do.
AREA_KINDS = frozenset((STRAIGHT, CURVE))

# A part: own colour or grey; the edges it leaves by (two for a body part, one
# for a head or tail part); and "head"/"tail" for an end part, else None.
Part = namedtuple("Part", "own edges end")

_BASE_PARTS = {
    STRAIGHT: (Part(True, (0, 2), None), Part(False, (1, 3), None)),
    CURVE: (Part(True, (0, 1), None), Part(False, (2, 3), None)),
    TAIL: (Part(True, (0,), "tail"), Part(False, (2,), "head"), Part(False, (1, 3), None)),
    HEAD: (Part(True, (0,), "head"), Part(False, (2,), "tail"), Part(False, (1, 3), None)),
}
# Pairs of part indices that physically cross on the card (curves never do).
CROSSINGS = {
    STRAIGHT: ((0, 1),),
    CURVE: (),
    TAIL: ((0, 2), (1, 2)),
    HEAD: ((0, 2), (1, 2)),
}
OWN_PART = 0  # index of the own-colour part on every card


def _rotated(parts, rot):
    return tuple(Part(p.own, tuple((e + rot) % 4 for e in p.edges), p.end) for p in parts)


# PARTS[kind][rot] -> tuple of Part; EDGE_PART[kind][rot][edge] -> part index
PARTS = {k: tuple(_rotated(_BASE_PARTS[k], r) for r in range(4)) for k in KINDS}
EDGE_PART = {
    k: tuple(
        tuple(next(i for i, p in enumerate(PARTS[k][r]) if e in p.edges) for e in range(4))
        for r in range(4)
    )
    for k in KINDS
}


def normalize_rotation(kind, rot):
    """A straight looks the same at r and r + 2; its canonical rotation is 0 or 1."""
    rot %= 4
    return rot % 2 if kind == STRAIGHT else rot


def rotations(kind):
    """The distinct rotations of a card kind."""
    return (0, 1) if kind == STRAIGHT else (0, 1, 2, 3)


def neighbour(cell, edge):
    return (cell[0] + DX[edge], cell[1] + DY[edge])


def own_rotations_at(kind, edge):
    """Rotations at which the card's own part leaves by ``edge``."""
    if kind == STRAIGHT:
        return (edge % 2,)
    if kind == CURVE:
        return (edge, (edge - 1) % 4)
    return (edge,)
