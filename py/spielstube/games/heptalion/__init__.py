"""Heptalion (Néstor Romeral Andrés): lay dominoes of seven symbols on matching fields.

The board is 56 fields of an 11 x 11 grid; a tile covers two free,
edge-adjacent fields showing its two symbols (either way round). A player who
has no legal placement at the start of their turn is eliminated; the last
player left wins.

  board.py    symbols, tiles, the board, placements, hand bitmasks
  state.py    a position and its legal placements
  rules.py    options, setup, record notation, results (RULES)
  views.py    what a seat may see, described moves, the option schema
  layouts.py  random and perfect boards, custom boards checked
  codes.py    canonical board codes and the workshop's functions
  puzzle.py   the one-person puzzle "how many can you place" (its RULES)
"""

from .board import (
    ALL_TILES_MASK, BOARD_KINDS, HAND_SIZES, NO_FIELD, ORIGINAL_BOARD, ORIGINAL_ROWS, SIZE,
    SYMBOL_NAMES, SYMBOLS, TILE_INDEX, TILES, Board, Placement, board_from_rows, tile_code,
    tiles_of, validate_board_rows,
)
from .rules import RULES, HeptalionRules
from .state import HeptalionState, initial_state

__all__ = [
    "ALL_TILES_MASK", "BOARD_KINDS", "HAND_SIZES", "NO_FIELD", "ORIGINAL_BOARD", "ORIGINAL_ROWS",
    "SIZE", "SYMBOL_NAMES", "SYMBOLS", "TILE_INDEX", "TILES", "Board", "Placement",
    "board_from_rows", "tile_code", "tiles_of", "validate_board_rows", "RULES", "HeptalionRules",
    "HeptalionState", "initial_state",
]
