"""Schlangennest (Günter Cornett): lay a long snake in a shared nest.

cards: card geometry; snakes: parts, ownership and the field rules; area: the
agreed a x b area; turns: colours and what a turn takes; state: positions and
legal actions; options: options and which variants combine; layouts: the
neutral snake and the frame laid from the seed; validate: the static check of
a setup's neutral cards; rules: setup, records and results.
"""

from .cards import CURVE, EDGE_NAMES, FULL_HAND, HEAD, KINDS, STRAIGHT, TAIL
from .options import AREAS, DIFFICULTIES
from .rules import RULES, SchlangennestRules
from .state import FIRST_CELL, Pass, Place, SchlangennestState, SwapTail, TurnCurve

__all__ = [
    "AREAS", "CURVE", "DIFFICULTIES", "EDGE_NAMES", "FIRST_CELL", "FULL_HAND", "HEAD", "KINDS",
    "Pass", "Place", "RULES", "STRAIGHT", "SchlangennestRules", "SchlangennestState",
    "SwapTail", "TAIL", "TurnCurve",
]
