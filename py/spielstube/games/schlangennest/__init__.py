"""Schlangennest (Günter Cornett): lay a long snake in a shared nest.

cards: card geometry; snakes: parts, ownership and the field rules; area: the
agreed a x b area; state: positions and legal actions; rules: options,
records and results.
"""

from .cards import CURVE, EDGE_NAMES, FULL_HAND, HEAD, KINDS, STRAIGHT, TAIL
from .rules import AREAS, DIFFICULTIES, RULES, SchlangennestRules
from .state import FIRST_CELL, Pass, Place, SchlangennestState, SwapTail, TurnCurve

__all__ = [
    "AREAS", "CURVE", "DIFFICULTIES", "EDGE_NAMES", "FIRST_CELL", "FULL_HAND", "HEAD", "KINDS",
    "Pass", "Place", "RULES", "STRAIGHT", "SchlangennestRules", "SchlangennestState",
    "SwapTail", "TAIL", "TurnCurve",
]
