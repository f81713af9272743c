"""Topologic (Dieter Stein): seekers deduce a secret location from hints.

  board.py      shapes, tile layout, board codes, border fields, queen moves
  deduction.py  scoring hints and tracking the candidate secrets
  moves.py      a seeker turn and a hide, the fixed numbers
  rules.py      the match: state, record notation (RULES)
  views.py      what a seat may see, legal moves and move-list entries as JSON
"""

from .board import (
    COLOURS, LOCATIONS, PIPS, RANDOM_SHAPE, RECTANGLES, SHAPES, Board, build_board,
    decode_board_code, encode_board_code, location_text, random_board_code, random_shape,
)
from .deduction import candidates_after, consistent_candidates, hint_for, hint_partition, score
from .rules import RULES, SEEKER_COUNTS, Hide, Move, TopologicRules, TopologicState

__all__ = [
    "COLOURS", "LOCATIONS", "PIPS", "RANDOM_SHAPE", "RECTANGLES", "SHAPES", "Board",
    "build_board", "decode_board_code", "encode_board_code", "location_text",
    "random_board_code", "random_shape", "candidates_after", "consistent_candidates",
    "hint_for", "hint_partition", "score", "RULES", "SEEKER_COUNTS", "Hide", "Move",
    "TopologicRules", "TopologicState",
]
