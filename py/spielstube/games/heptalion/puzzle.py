"""Heptalion solitaire: how many of the 28 tiles can one person place?

One seat holds all 28 tiles and lays them by the normal placement rule (two
free, edge-adjacent fields showing the tile's two symbols). The puzzle ends
when no tile fits any more; the result is the number placed. The most that
can be placed is found by ai.heptalion.maximum (games never import ai: the
host asks it and shows "best possible: N").

Record: ``{"game": "heptalion-puzzle", "options": {"board": kind},
"setup": {"board": [11 rows]}, "moves": [{"player": 0, "tile", "cells"}],
"result": {"placed": N} | null}``; the board kinds are those of Heptalion.
"""

from ...core.errors import IllegalMove, RecordError
from ...core.game import TERMINAL, GameRules, State
from .board import ALL_TILES_MASK, BOARD_KINDS, TILE_INDEX, TILES, Placement, tiles_of
from .rules import RULES as HEPTALION
from . import own_boards
from .layouts import checked_board, setup_board_rows

SEAT = 0


class PuzzleState(State):
    __slots__ = ("board", "occupied", "unused", "placed")
    num_players = 1

    def __init__(self, board, occupied=0, unused=ALL_TILES_MASK, placed=()):
        self.board = board
        self.occupied = occupied  # field bitmask
        self.unused = unused  # tile bitmask of the tiles not placed yet
        self.placed = placed  # Placements in order

    @property
    def current_player(self):
        return SEAT if self._open_positions(first_only=True) else TERMINAL

    def legal_moves(self):
        cells = self.board.cells
        return [Placement(TILES[t], (cells[a], cells[b])) for t, a, b in self._open_positions()]

    def apply(self, move):
        if not isinstance(move, Placement):
            raise IllegalMove("a Heptalion move is a Placement", "heptalion.not_a_placement")
        t = TILE_INDEX.get(move.tile)
        if t is None:
            raise IllegalMove(f"{move.tile!r} is not a tile", "heptalion.unknown_tile", tile=move.tile)
        if not self.unused >> t & 1:
            raise IllegalMove(f"tile {move.tile} is already placed", "heptalion.tile_placed",
                              tile=move.tile)
        idx = self.board.index
        try:
            a, b = idx[tuple(move.cells[0])], idx[tuple(move.cells[1])]
        except (KeyError, TypeError, IndexError):
            raise IllegalMove(f"{list(move.cells)} are not two board fields",
                              "heptalion.not_board_fields") from None
        mask = (1 << a) | (1 << b)
        cells = [list(move.cells[0]), list(move.cells[1])]
        if not any(pm == mask for pm, _, _ in self.board.positions[t]):
            raise IllegalMove(
                f"tile {move.tile} does not fit fields {cells[0]} and {cells[1]}"
                " (they must be edge-adjacent and show the tile's two symbols)",
                "heptalion.tile_does_not_fit", tile=move.tile, cells=cells)
        if self.occupied & mask:
            raise IllegalMove(f"a field of {cells[0]}, {cells[1]} is already covered",
                              "heptalion.field_covered", cells=cells)
        placement = Placement.make(move.tile, move.cells[0], move.cells[1])
        return PuzzleState(self.board, self.occupied | mask, self.unused & ~(1 << t),
                           self.placed + (placement,))

    def returns(self):
        return [len(self.placed) / len(TILES)]

    def key(self):
        return (self.occupied, self.unused)

    @property
    def last_move(self):
        return self.placed[-1] if self.placed else None

    def forced_move(self):
        return None  # one person chooses every placement, even the only one

    undo_barrier = False

    def player_view(self, seat=None):
        """Everything is open: the board, the tiles left, what lies where."""
        return {
            "board": list(self.board.rows),
            "tiles": tiles_of(self.unused),
            "playable": sorted({TILES[t] for t, _, _ in self._open_positions()}),
            "placed": [HEPTALION.move_to_json(p) for p in self.placed],
            "count": len(self.placed),
            "last": HEPTALION.move_to_json(self.placed[-1]) if self.placed else None,
        }

    def _open_positions(self, first_only=False):
        occupied, unused = self.occupied, self.unused
        out = []
        for t, plist in enumerate(self.board.positions):
            if unused >> t & 1:
                for mask, a, b in plist:
                    if not occupied & mask:
                        if first_only:
                            return [(t, a, b)]
                        out.append((t, a, b))
        return out


class PuzzleRules(GameRules):
    name = "heptalion-puzzle"
    min_players = 1
    max_players = 1
    history_game = "heptalion"  # the history keeps it with Heptalion's games, as a puzzle
    history_origin = "puzzle"

    def check_options(self, options):
        """One option, the board kind: its default."""
        return {"board": options.get("board", "original")}

    def setup_from_settings(self, options, rng, fixed=None):
        """A board of one's own (option board "custom") from the settings' setup."""
        return own_boards.setup_from_settings(self, options, rng, fixed)

    def kept_setup(self, options, fixed, held):
        return own_boards.kept_setup(options, fixed, held)

    def board_report(self, data):
        """The board workshop's report on a board (own_boards.board_report)."""
        return own_boards.board_report(data)

    def option_schema(self):
        return [{"name": "board", "type": "choice", "values": list(BOARD_KINDS),
                 "default": "original", "label": "heptalion.option_board"}]

    def random_setup(self, options, rng, custom=None):
        """``custom``: the 11 rows of an own board (option "board": "custom")."""
        options = self.normalize_options(options)
        return {"board": setup_board_rows(options["board"], rng, custom)}

    def initial_state(self, options, setup):
        options = self.normalize_options(options)
        if not isinstance(setup, dict):
            raise RecordError("setup must be an object")
        unknown = set(setup) - {"board"}
        if unknown:
            raise RecordError(f"unknown puzzle setup field(s): {', '.join(sorted(unknown))}")
        return PuzzleState(checked_board(options["board"], setup.get("board")))

    def move_to_json(self, move, player=None):
        return HEPTALION.move_to_json(move, player)

    def move_from_json(self, data):
        return HEPTALION.move_from_json(data)

    def legal_json(self, state):
        return [self.move_to_json(m) for m in state.legal_moves()]

    def result_json(self, state):
        if not state.is_terminal():
            return None
        return {"placed": len(state.placed)}

    def describe_move(self, move):
        return HEPTALION.describe_move(move)

    def describe_json(self, state_before, move, viewer=None):
        return {"seat": SEAT, "kind": "place", "text_key": "heptalion.entry_place",
                "params": {"tile": move.tile}, "cells": [list(c) for c in move.cells]}


RULES = PuzzleRules()
