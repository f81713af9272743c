"""Topologic's moves and fixed numbers: a seeker turn (``Move``) and the
game master's hide (``Hide``), what rules and views both read."""

from dataclasses import dataclass, field

SEEKER_COUNTS = (3, 4, 5)
DEFAULT_OPTIONS = {"seekers": 5, "shape": "6x10"}
ROUNDS = 2


@dataclass(frozen=True)
class Move:
    """A seeker turn: the field of every seeker afterwards, in seeker order.

    In the entry turn every field must be a border field; later each must
    equal the seeker's field before or lie one queen move from it. ``hint``
    is not part of a move's identity: None until ``apply`` computes it.
    """

    player: int
    round: int
    seekers: tuple  # ((row, col), ...), one per seeker
    hint: int = field(default=None, compare=False)

    def with_hint(self, hint):
        return Move(self.player, self.round, self.seekers, hint)


@dataclass(frozen=True)
class Hide:
    """The game master hides this round's secret at a location (colour, pips).

    The record form has no round (it is the round whose game master is to
    act), so ``round`` is not part of a hide's identity: None until applied.
    """

    player: int
    secret: tuple
    round: int = field(default=None, compare=False)
