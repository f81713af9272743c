"""Building a Heptalion placement from the legal moves the host sent.

A person chooses a tile, then the first field, then the second. Only tiles
and fields that some legal move uses are offered. Another tile changes only
the local choice (no move is made); tapping the first field again resets the
fields. With "confirm each move" a complete placement is held (``hold``)
until it is confirmed or taken back. Pure: no browser, no rules; it runs on
CPython and MicroPython.
"""

# What a tap did; the screen turns each into a notice (i18n key) or a move.
TILE_CHOSEN = "tile"
TILE_CLEARED = "tile-cleared"
TILE_FITS_NOWHERE = "hept_tile_fits_nowhere"
CHOOSE_TILE_FIRST = "hept_choose_tile_first"
FIELD_DOES_NOT_FIT = "hept_field_does_not_fit"
SECOND_DOES_NOT_FIT = "hept_second_field_does_not_fit"
FIRST_CHOSEN = "first"
FIELDS_RESET = "fields-reset"
MOVE_READY = "move"
NOT_YOUR_TURN = "wait_for_turn"
CONFIRM_OR_TAKE_BACK = "hept_table.confirm_or_take_back"
NOTHING_TO_CONFIRM = "hept_table.nothing_to_confirm"


def _cell(value):
    return (int(value[0]), int(value[1]))


class HeptalionTurn:
    """The local choice of one person's turn; ``legal`` is the view's list."""

    def __init__(self, legal):
        self.moves = []
        for move in legal or []:
            cells = [_cell(c) for c in move["cells"]]
            self.moves.append((move["tile"], cells[0], cells[1], move))
        self.tile = None
        self.first = None
        self.pending = None  # a complete placement waiting for Confirm (record notation)

    def tiles(self):
        """Tile codes with at least one legal placement."""
        return set(tile for tile, _a, _b, _m in self.moves)

    def legal_cells(self):
        """The fields a tap may choose now: for the tile, or next to the first field."""
        cells = set()
        if self.pending is not None:
            return cells
        for tile, a, b, _m in self.moves:
            if tile != self.tile:
                continue
            if self.first is None:
                cells.add(a)
                cells.add(b)
            elif self.first == a:
                cells.add(b)
            elif self.first == b:
                cells.add(a)
        return cells

    def choose_tile(self, tile):
        if not self.moves:
            return NOT_YOUR_TURN
        if self.pending is not None:
            return CONFIRM_OR_TAKE_BACK
        if tile not in self.tiles():
            return TILE_FITS_NOWHERE
        self.first = None
        if self.tile == tile:
            self.tile = None
            return TILE_CLEARED
        self.tile = tile
        return TILE_CHOSEN

    def choose_cell(self, cell):
        """A tap on a field: an outcome, and the move (record notation) once complete."""
        cell = _cell(cell)
        if not self.moves:
            return NOT_YOUR_TURN, None
        if self.pending is not None:
            return CONFIRM_OR_TAKE_BACK, None
        if self.tile is None:
            return CHOOSE_TILE_FIRST, None
        if self.first is None:
            if cell in self.legal_cells():
                self.first = cell
                return FIRST_CHOSEN, None
            return FIELD_DOES_NOT_FIT, None
        if cell == self.first:
            self.first = None
            return FIELDS_RESET, None
        for tile, a, b, move in self.moves:
            if tile == self.tile and (a, b) in ((self.first, cell), (cell, self.first)):
                return MOVE_READY, move
        return SECOND_DOES_NOT_FIT, None

    def hold(self, move):
        """A complete placement laid but not yet sent: it waits for confirm()."""
        self.pending = move

    def confirm(self):
        """-> (outcome, move): the held placement to send, or why there is none."""
        if self.pending is None:
            return NOTHING_TO_CONFIRM, None
        return MOVE_READY, self.pending

    def take_back(self):
        """The held placement goes back; the tile stays chosen."""
        self.pending = None
        self.first = None
        return FIELDS_RESET

    def pending_cells(self):
        if self.pending is None:
            return []
        return [_cell(c) for c in self.pending["cells"]]

    def keep_from(self, previous):
        """Carries a choice over to new legal moves where it still fits."""
        if previous is None or previous.tile not in self.tiles():
            return self
        self.tile = previous.tile
        if previous.pending is not None and any(m == previous.pending for _t, _a, _b, m in self.moves):
            self.pending = previous.pending
            return self
        if previous.first is not None and previous.first in self.legal_cells():
            self.first = previous.first
        return self

    def targets(self, move):
        """CSS selectors of the next tap toward ``move`` (a placement, record notation) from
        the choice so far: its tile in the hand, then its fields one by one, then Confirm
        when the placement waits for it; a choice off the way is undone first (a held other
        placement taken back, a first field off the move tapped again). [] if ``move``
        is not among the legal moves."""
        tile, cells = move.get("tile"), [_cell(c) for c in move.get("cells") or []]
        if len(cells) != 2 or not any(t == tile and set((a, b)) == set(cells) for t, a, b, _m in self.moves):
            return []
        if self.pending is not None:
            held = self.pending
            if held.get("tile") == tile and set(_cell(c) for c in held["cells"]) == set(cells):
                return ['[data-action="confirm"]']
            return ['[data-action="take-back"]']
        if self.tile != tile:
            return [f'[data-piece="{tile}"]']
        if self.first is None:
            return [_field(cells[0])]
        if self.first not in cells:
            return [_field(self.first)]  # tapped again, the fields are chosen anew
        return [_field(cells[1] if self.first == cells[0] else cells[0])]


def _field(cell):
    return f'[data-cell="{cell[0]},{cell[1]}"]'

