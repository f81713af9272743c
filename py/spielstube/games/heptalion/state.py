"""A Heptalion position: the board, the hands as bitmasks, the occupied
fields, who is still in and whose turn it is. A player with no legal
placement at the start of their turn is eliminated."""

from ...core.errors import IllegalMove
from ...core.game import TERMINAL, State
from .board import TILE_INDEX, TILES, Placement, _cells_json, _mask_of, tiles_of

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

    def with_hands(self, hands):
        """This position with other hands (a tuple of tile bitmasks, one per seat)."""
        return self._copy(hands=tuple(hands))

    @property
    def last_move(self):
        return self.last

    def player_view(self, seat):
        from .views import player_view
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
