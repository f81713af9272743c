"""The --board argument of the Heptalion commands: a kind or a board code."""

from ..core.errors import RecordError
from ..core.rng import Rng
from ..games.heptalion import ORIGINAL_ROWS
from ..games.heptalion.layouts import perfect_board_rows, random_board_rows
from ..games.heptalion.codes import is_board_code, rows_from_code

BOARD_HELP = "original, random, perfect (with --seed) or a board code"


def board_rows(choice, seed):
    """The rows ``--board`` names; RecordError for anything else."""
    if choice == "original":
        return list(ORIGINAL_ROWS)
    if choice == "random":
        return random_board_rows(Rng(seed))
    if choice == "perfect":
        return perfect_board_rows(Rng(seed))
    if is_board_code(choice):
        return rows_from_code(choice)
    raise RecordError(f"--board {choice!r}: expected {BOARD_HELP}")
