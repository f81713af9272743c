"""Heptalion: lay dominoes of seven symbols on matching fields.

The board is 56 fields of an 11 x 11 grid; a tile covers two free,
edge-adjacent fields showing its two symbols (either way round). A player who
has no legal placement at the start of their turn is eliminated; the last
player left wins. Occupied fields and hands are bitmasks so that the search
can copy states cheaply.
"""

import os
from typing import NamedTuple

from ..core.errors import IllegalMove, RecordError
from ..core.game import TERMINAL, GameRules, State

SYMBOLS = "CDOPSTX"  # clover, diamond, circle, plus, square, dot, cross
SYMBOL_NAMES = {
    "C": "clover", "D": "diamond", "O": "circle", "P": "plus",
    "S": "square", "T": "dot", "X": "cross",
}
SIZE = 11
NO_FIELD = "-"
HAND_SIZES = {2: 14, 3: 9, 4: 7}
BOARD_KINDS = ("original", "random", "perfect", "custom")

# The 28 tiles: unordered symbol pairs, letters in alphabetical order.
TILES = tuple(a + b for i, a in enumerate(SYMBOLS) for b in SYMBOLS[i:])
TILE_INDEX = {code: i for i, code in enumerate(TILES)}
ALL_TILES_MASK = (1 << len(TILES)) - 1


def tile_code(a, b):
    return a + b if a <= b else b + a


def _load_original():
    path = os.path.join(os.path.dirname(__file__), "data", "heptalion-original-board.txt")
    with open(path, encoding="utf-8") as handle:
        rows = [line.strip() for line in handle if line.strip() and not line.startswith("#")]
    return tuple(rows)


ORIGINAL_ROWS = _load_original()


class Board:
    """Fields, adjacency and the matching positions of every tile."""

    def __init__(self, rows):
        self.rows = tuple(rows)
        self.cells = []  # index -> (row, col)
        self.symbols = []  # index -> symbol letter
        self.index = {}
        for r, line in enumerate(self.rows):
            for c, ch in enumerate(line):
                if ch != NO_FIELD:
                    self.index[(r, c)] = len(self.cells)
                    self.cells.append((r, c))
                    self.symbols.append(ch)
        self.pairs = []  # (a, b) with a < b, edge-adjacent fields
        for (r, c), a in self.index.items():
            for dr, dc in ((0, 1), (1, 0)):
                b = self.index.get((r + dr, c + dc))
                if b is not None:
                    self.pairs.append((a, b))
        # tile index -> tuple of (mask, a, b)
        positions = [[] for _ in TILES]
        for a, b in self.pairs:
            t = TILE_INDEX[tile_code(self.symbols[a], self.symbols[b])]
            positions[t].append(((1 << a) | (1 << b), a, b))
        self.positions = tuple(tuple(p) for p in positions)
        self.full_mask = (1 << len(self.cells)) - 1

    def symbol_at(self, cell):
        return self.symbols[self.index[cell]]

    def position_counts(self):
        return {code: len(self.positions[i]) for i, code in enumerate(TILES)}


def validate_board_rows(rows, min_positions=0):
    """A Board from 11 strings; RecordError if the shape or counts are wrong."""
    if not isinstance(rows, (list, tuple)) or len(rows) != SIZE:
        raise RecordError(f"the board must be {SIZE} strings of {SIZE} characters")
    for line in rows:
        if not isinstance(line, str) or len(line) != SIZE:
            raise RecordError(f"the board must be {SIZE} strings of {SIZE} characters")
        if any(ch != NO_FIELD and ch not in SYMBOLS for ch in line):
            raise RecordError(f"board row {line!r} has a letter outside {SYMBOLS} and '-'")
    for r in range(SIZE):
        for c in range(SIZE):
            if (rows[r][c] == NO_FIELD) != (ORIGINAL_ROWS[r][c] == NO_FIELD):
                raise RecordError("the board does not have Heptalion's shape")
    board = Board(rows)
    for sym in SYMBOLS:
        if board.symbols.count(sym) != 8:
            raise RecordError(f"symbol {sym} must stand on exactly 8 fields")
    for code, count in board.position_counts().items():
        if count < min_positions:
            raise RecordError(f"tile {code} has only {count} positions on this board")
    return board


_BOARD_CACHE = {}


def board_from_rows(rows):
    if not isinstance(rows, (list, tuple)) or not all(isinstance(line, str) for line in rows):
        raise RecordError(f"the board must be {SIZE} strings of {SIZE} characters")
    key = tuple(rows)
    board = _BOARD_CACHE.get(key)
    if board is None:
        board = validate_board_rows(list(key))
        if len(_BOARD_CACHE) > 64:
            _BOARD_CACHE.clear()
        _BOARD_CACHE[key] = board
    return board


ORIGINAL_BOARD = board_from_rows(ORIGINAL_ROWS)


class Placement(NamedTuple):
    """A tile laid on two fields; cells in canonical (sorted) order."""

    tile: str
    cells: tuple  # ((r, c), (r, c))

    @staticmethod
    def make(tile, cell_a, cell_b):
        a, b = tuple(cell_a), tuple(cell_b)
        return Placement(tile, (a, b) if a <= b else (b, a))


def _cells_json(cells):
    """Cells as JSON lists for an error's params, whatever a caller passed."""
    try:
        return [[int(v) for v in cell] for cell in cells]
    except (TypeError, ValueError):
        return repr(cells)


def _mask_of(hand):
    mask = 0
    for code in hand:
        mask |= 1 << TILE_INDEX[code]
    return mask


def tiles_of(mask):
    return [code for i, code in enumerate(TILES) if mask >> i & 1]


class HeptalionState(State):
    __slots__ = ("board", "num_players", "hands", "occupied", "alive", "_to_move",
                 "last", "discard", "hidden", "first", "placed")

    def __init__(self, board, hands, occupied, alive, to_move, last=None,
                 discard=None, hidden=False, first=0, placed=()):
        self.board = board
        self.num_players = len(hands)
        self.hands = hands  # tuple of tile bitmasks, one per seat
        self.occupied = occupied  # field bitmask
        self.alive = alive  # tuple of bools
        self._to_move = to_move
        self.last = last  # the last Placement, or None
        self.discard = discard  # tile code out of the game (3 players), or None
        self.hidden = hidden
        self.first = first
        self.placed = placed  # tuple of (seat, Placement) in order

    # -- protocol -------------------------------------------------------
    @property
    def current_player(self):
        return self._to_move

    def legal_moves(self):
        if self._to_move == TERMINAL:
            return []
        return [self._placement(t, a, b) for t, a, b in self._legal_triples(self._to_move)]

    def apply(self, move):
        seat = self._to_move
        if seat == TERMINAL:
            raise IllegalMove("the game is over", "heptalion.game_over")
        if not isinstance(move, Placement):
            raise IllegalMove("a Heptalion move is a Placement", "heptalion.not_a_placement")
        t = TILE_INDEX.get(move.tile)
        if t is None:
            raise IllegalMove(f"{move.tile!r} is not a tile", "heptalion.unknown_tile", tile=str(move.tile))
        if not self.hands[seat] >> t & 1:
            raise IllegalMove(f"tile {move.tile} is not in player {seat}'s hand",
                              "heptalion.tile_not_in_hand", tile=move.tile, seat=seat)
        idx = self.board.index
        try:
            a, b = idx[tuple(move.cells[0])], idx[tuple(move.cells[1])]
        except (KeyError, TypeError, IndexError):
            raise IllegalMove(f"{list(move.cells)} are not two board fields",
                              "heptalion.not_board_fields", cells=_cells_json(move.cells)) from None
        mask = (1 << a) | (1 << b)
        if not any(pm == mask for pm, _, _ in self.board.positions[t]):
            raise IllegalMove(
                f"tile {move.tile} does not fit fields {list(move.cells[0])} and {list(move.cells[1])}"
                " (they must be edge-adjacent and show the tile's two symbols)",
                "heptalion.tile_does_not_fit", tile=move.tile, cells=_cells_json(move.cells))
        if self.occupied & mask:
            raise IllegalMove(f"a field of {list(move.cells[0])}, {list(move.cells[1])} is already covered",
                              "heptalion.field_covered", cells=_cells_json(move.cells))
        return self._after(seat, t, mask, Placement.make(move.tile, move.cells[0], move.cells[1]))

    def returns(self):
        if self._to_move != TERMINAL:
            return [0.0] * self.num_players
        return [1.0 if alive else 0.0 for alive in self.alive]

    def key(self):
        return (self.occupied, self.hands, self._to_move, self.alive)

    def determinize(self, seat, rng):
        """Re-deal the hands ``seat`` cannot see (hidden hands only)."""
        if not self.hidden:
            return self
        unseen = []
        for other in range(self.num_players):
            if other != seat:
                unseen.extend(i for i in range(len(TILES)) if self.hands[other] >> i & 1)
        # Sorted first, so the draw depends only on what ``seat`` can see.
        unseen.sort()
        rng.shuffle(unseen)
        hands = list(self.hands)
        pos = 0
        for other in range(self.num_players):
            if other != seat:
                size = bin(self.hands[other]).count("1")
                mask = 0
                for i in unseen[pos:pos + size]:
                    mask |= 1 << i
                hands[other] = mask
                pos += size
        clone = self._copy(hands=tuple(hands))
        return clone

    @property
    def last_move(self):
        return self.last

    def player_view(self, seat):
        from .heptalion_json import player_view
        return player_view(self, seat)

    # -- helpers ----------------------------------------------------------
    def winner(self):
        if self._to_move != TERMINAL:
            return None
        return self.alive.index(True)

    def hand(self, seat):
        return tiles_of(self.hands[seat])

    def is_free(self, cell):
        i = self.board.index.get(tuple(cell))
        return i is not None and not self.occupied >> i & 1

    def playable_tiles(self, seat=None):
        seat = self._to_move if seat is None else seat
        if seat == TERMINAL:
            return []
        return sorted({TILES[t] for t, _, _ in self._legal_triples(seat)})

    def placements_of(self, tile):
        """Legal placements of one tile for the player to move."""
        return [m for m in self.legal_moves() if m.tile == tile]

    def has_placement(self, seat):
        occupied = self.occupied
        hand = self.hands[seat]
        positions = self.board.positions
        for t in range(len(TILES)):
            if hand >> t & 1:
                for mask, _, _ in positions[t]:
                    if not occupied & mask:
                        return True
        return False

    def _legal_triples(self, seat):
        occupied = self.occupied
        hand = self.hands[seat]
        positions = self.board.positions
        out = []
        for t in range(len(TILES)):
            if hand >> t & 1:
                for mask, a, b in positions[t]:
                    if not occupied & mask:
                        out.append((t, a, b))
        return out

    def _placement(self, t, a, b):
        cells = self.board.cells
        return Placement(TILES[t], (cells[a], cells[b]))

    def _copy(self, **changes):
        fields = dict(board=self.board, hands=self.hands, occupied=self.occupied, alive=self.alive,
                      to_move=self._to_move, last=self.last, discard=self.discard,
                      hidden=self.hidden, first=self.first, placed=self.placed)
        fields.update(changes)
        return HeptalionState(**fields)

    def _after(self, seat, t, mask, placement):
        hands = list(self.hands)
        hands[seat] &= ~(1 << t)
        state = self._copy(hands=tuple(hands), occupied=self.occupied | mask, last=placement,
                           placed=self.placed + ((seat, placement),))
        state._advance_from(seat)
        return state

    def _advance_from(self, seat):
        """Pass the turn on, eliminating players who cannot place."""
        alive = list(self.alive)
        n = self.num_players
        nxt = seat
        while True:
            if alive.count(True) == 1:
                self.alive = tuple(alive)
                self._to_move = TERMINAL
                return
            nxt = (nxt + 1) % n
            if not alive[nxt]:
                continue
            if self.has_placement(nxt):
                self.alive = tuple(alive)
                self._to_move = nxt
                return
            alive[nxt] = False


def initial_state(board, hands, first=0, discard=None, hidden=False):
    n = len(hands)
    state = HeptalionState(board, tuple(_mask_of(h) for h in hands), 0, (True,) * n,
                           first, discard=discard, hidden=hidden, first=first)
    # The start player may already be stuck (never on a fresh board, but a
    # custom setup could do it): run the start-of-turn check.
    if not state.has_placement(first):
        state._advance_from((first - 1) % n)
    return state


# -- rules object ------------------------------------------------------------

class HeptalionRules(GameRules):
    name = "heptalion"
    min_players = 2
    max_players = 4

    def normalize_options(self, options):
        options = dict(options or {})
        unknown = set(options) - {"players", "hidden_hands", "board"}
        if unknown:
            raise RecordError(f"unknown Heptalion option(s): {', '.join(sorted(unknown))}")
        players = options.get("players", 2)
        if not isinstance(players, int) or isinstance(players, bool) or players not in HAND_SIZES:
            raise RecordError("players must be 2, 3 or 4")
        hidden = options.get("hidden_hands", False)
        if not isinstance(hidden, bool):
            raise RecordError("hidden_hands must be true or false")
        board = options.get("board", "original")
        if board not in BOARD_KINDS:
            raise RecordError(f"board must be one of {', '.join(BOARD_KINDS)}")
        return {"players": players, "hidden_hands": hidden, "board": board}

    def random_setup(self, options, rng, first=None, custom=None):
        """``custom``: the 11 rows of an own board (option "board": "custom")."""
        options = self.normalize_options(options)
        players = options["players"]
        from .heptalion_layouts import setup_board_rows  # it builds on this module

        rows = setup_board_rows(options["board"], rng, custom)
        tiles = list(TILES)
        rng.shuffle(tiles)
        size = HAND_SIZES[players]
        hands = [sorted(tiles[i * size:(i + 1) * size]) for i in range(players)]
        discard = tiles[players * size] if players * size < len(TILES) else None
        if first is None:
            first = rng.below(players)
        return {"board": rows, "hands": hands, "discard": discard, "first": first}

    def initial_state(self, options, setup):
        options = self.normalize_options(options)
        if not isinstance(setup, dict):
            raise RecordError("setup must be an object")
        players = options["players"]
        from .heptalion_layouts import checked_board

        board = checked_board(options["board"], setup.get("board"))
        hands = setup.get("hands")
        if not isinstance(hands, list) or len(hands) != players:
            raise RecordError(f"setup must deal {players} hands")
        seen = set()
        for hand in hands:
            if not isinstance(hand, list) or len(hand) != HAND_SIZES[players]:
                raise RecordError(f"each hand must hold {HAND_SIZES[players]} tiles")
            for code in hand:
                if not isinstance(code, str) or code not in TILE_INDEX:
                    raise RecordError(f"{code!r} is not a tile code (two letters of {SYMBOLS}, sorted)")
                if code in seen:
                    raise RecordError(f"tile {code} is dealt twice")
                seen.add(code)
        discard = setup.get("discard")
        if players == 3:
            if not isinstance(discard, str) or discard not in TILE_INDEX or discard in seen:
                raise RecordError("with 3 players the setup names the one discarded tile")
        elif discard is not None:
            raise RecordError("only a 3-player game has a discarded tile")
        first = setup.get("first", 0)
        if not isinstance(first, int) or isinstance(first, bool) or not 0 <= first < players:
            raise RecordError("first must be a seat index")
        return initial_state(board, hands, first=first, discard=discard, hidden=options["hidden_hands"])

    def move_to_json(self, move, player=None):
        data = {"tile": move.tile, "cells": [list(move.cells[0]), list(move.cells[1])]}
        if player is not None:
            data = {"player": player, **data}
        return data

    def move_from_json(self, data):
        if not isinstance(data, dict):
            raise RecordError("a move must be an object")
        tile = data.get("tile")
        cells = data.get("cells")
        if not isinstance(tile, str) or tile not in TILE_INDEX:
            raise RecordError(f"{tile!r} is not a tile code")
        if (not isinstance(cells, list) or len(cells) != 2
                or not all(isinstance(c, list) and len(c) == 2
                           and all(isinstance(v, int) and not isinstance(v, bool) for v in c)
                           for c in cells)):
            raise RecordError('"cells" must be two [row, col] pairs')
        return Placement.make(tile, cells[0], cells[1])

    def result_json(self, state):
        if not state.is_terminal():
            return None
        winner = state.winner()
        others = [seat for seat in range(state.num_players) if seat != winner]
        return {"winner": winner, "ranking": [[winner], others]}

    def describe_move(self, move):
        (r1, c1), (r2, c2) = move.cells
        return f"{move.tile} {r1},{c1}-{r2},{c2}"

    def describe_json(self, state_before, move, viewer):
        from .heptalion_json import describe_json
        return describe_json(state_before, move, viewer)

    def option_schema(self):
        from .heptalion_json import option_schema
        return option_schema()


RULES = HeptalionRules()
