"""Building a Topologic turn from the legal moves the host sent.

The game master's turn (``HideTurn``): tap a tile, tap it again to drop it,
confirm. The seeker's turn (``SeekTurn``): on the entry every seeker goes on
a border field (several may share one; a placed one can be taken back); later
each seeker may move once to one of its fields (a queen move; its own field
takes it back). Nothing is sent before Confirm. Which fields a seeker may
take comes from the host (``legal["seekers"][i]``); here is no rule, only
the choice. Pure: no browser; it runs on CPython and MicroPython.
"""

# What a tap did; the screen shows each notice key (i18n), a move goes to the host.
NOT_YOUR_TURN = "wait_for_turn"
NOT_BORDER = "topo_not_border"
ALL_PLACED = "topo_all_placed"
UNREACHABLE = "topo_unreachable"
CHOOSE_SEEKER = "topo_choose_seeker"
PLACE_ALL_FIRST = "topo_place_all_first"
CHOOSE_SECRET_FIRST = "topo_choose_secret_first"


def _cell(value):
    return (int(value[0]), int(value[1]))


def location_of(text):
    """``"3/5"`` (a tile in the view) -> (3, 5)."""
    colour, pips = text.split("/")
    return (int(colour), int(pips))


class HideTurn:
    """The game master chooses the tile to hide the secret under."""

    def __init__(self, legal, tiles):
        by_location = {}
        for move in legal or []:
            by_location[(int(move["secret"][0]), int(move["secret"][1]))] = move
        self.by_cell = {}
        for r, row in enumerate(tiles or []):
            for c, text in enumerate(row):
                move = by_location.get(location_of(text)) if text is not None else None
                if move is not None:
                    self.by_cell[(r, c)] = move
        self.choice = None

    def cells(self):
        return set(self.by_cell)

    def choose(self, cell):
        """A tap on a tile chooses it; the same tile again drops the choice."""
        cell = _cell(cell)
        if cell not in self.by_cell:
            return NOT_YOUR_TURN
        self.choice = None if self.choice == cell else cell
        return None

    def confirm(self):
        """-> (notice key or None, the hide move or None)"""
        if self.choice is None:
            return CHOOSE_SECRET_FIRST, None
        return None, self.by_cell[self.choice]


class SeekTurn:
    """The seekers' fields while a person builds a turn; ``legal`` is the view's dict."""

    def __init__(self, legal, positions):
        self.fields = [set(_cell(c) for c in cells) for cells in (legal or {}).get("seekers") or []]
        self.entry = positions is None
        count = len(self.fields)
        self.start = [None] * count if self.entry else [_cell(c) for c in positions]
        self.pending = list(self.start)
        self.selected = None

    def count(self):
        return len(self.pending)

    def active(self):
        """The chosen seeker; in the entry the next one not placed by default."""
        if self.selected is not None:
            return self.selected
        if self.entry:
            for i, cell in enumerate(self.pending):
                if cell is None:
                    return i
        return None

    def here(self, cell):
        return [i for i, at in enumerate(self.pending) if at == cell]

    def moved(self, i):
        return not self.entry and self.pending[i] != self.start[i]

    def changed(self):
        return any(cell != start for cell, start in zip(self.pending, self.start))

    def complete(self):
        return bool(self.pending) and all(cell is not None for cell in self.pending)

    def legal_cells(self):
        """The fields a tap may send the active seeker to now."""
        seeker = self.active()
        if seeker is None:
            return set()
        if self.entry:
            return set(self.fields[seeker])
        return set(self.fields[seeker]) - {self.pending[seeker]}

    def selectable_cells(self):
        return set(cell for cell in self.pending if cell is not None)

    def choose_seeker(self, index):
        """A seeker's button or digit: chosen, or dropped when chosen again."""
        if not 0 <= index < self.count():
            return NOT_YOUR_TURN
        self.selected = None if self.active() == index and self.selected == index else index
        return None

    def tap(self, cell):
        """A tap on a field: -> notice key or None."""
        cell = _cell(cell)
        if not self.fields:
            return NOT_YOUR_TURN
        return self._tap_entry(cell) if self.entry else self._tap_move(cell)

    def _tap_entry(self, cell):
        seeker = self.active()
        if cell not in self.fields[0]:  # every seeker enters on the same (border) fields
            return NOT_BORDER
        if seeker is None:
            here = self.here(cell)
            if not here:
                return ALL_PLACED
            self.selected = here[-1]
            return None
        self.pending[seeker] = cell
        self.selected = None
        return None

    def _tap_move(self, cell):
        seeker = self.selected
        here = self.here(cell)
        if seeker is not None:
            if cell == self.pending[seeker]:
                # Its own field again: the next seeker standing there, else none.
                self.selected = here[(here.index(seeker) + 1) % len(here)] if len(here) > 1 else None
                return None
            if cell in self.fields[seeker]:
                self.pending[seeker] = cell
                self.selected = None
                return None
            if here:
                self.selected = here[0]
                return None
            return UNREACHABLE
        if here:
            unmoved = [i for i in here if not self.moved(i)]
            self.selected = (unmoved or here)[0]
            return None
        return CHOOSE_SEEKER

    def lift(self):
        """Takes the chosen seeker off the board again (entry only)."""
        seeker = self.selected
        if self.entry and seeker is not None and self.pending[seeker] is not None:
            self.pending[seeker] = None
            self.selected = None
            return True
        return False

    def reset(self):
        self.pending = list(self.start)
        self.selected = None

    def confirm(self):
        """-> (notice key or None, the move in record notation without its hint, or None)"""
        if not self.complete():
            return PLACE_ALL_FIRST, None
        return None, {"seekers": [[cell[0], cell[1]] for cell in self.pending]}

    def keep_from(self, previous):
        """The same position shown again (a re-render): the turn being built stays."""
        if previous is None or previous.start != self.start or previous.fields != self.fields:
            return self
        return previous


# -- lessons: the next tap toward a given move (Screen.lesson_targets) ---------------------

CONFIRM = "[data-action=confirm]"


def field_selector(cell):
    """A board field; ``data-cell`` keeps the record's row and column also where the
    board is drawn turned (an upright phone)."""
    return f'[data-cell="{cell[0]},{cell[1]}"]'


def seeker_selector(index):
    """A seeker's button under the board."""
    return f'[data-piece="s{index}"]'


def hide_targets(turn, secret):
    """What to tap next to hide the secret at ``secret`` ([colour, pips]): its tile, then
    Confirm; [] when no tile holds it."""
    location = (int(secret[0]), int(secret[1]))
    for cell, move in turn.by_cell.items():
        if (int(move["secret"][0]), int(move["secret"][1])) == location:
            return [CONFIRM] if turn.choice == cell else [field_selector(cell)]
    return []


def seek_targets(turn, seekers):
    """What to tap next to turn the pending fields into ``seekers`` (every seeker's field
    after the turn): for the first seeker not there yet, the tap that chooses it unless it
    is the chosen one (its field where a tap on that picks it, else its button), then its
    field; when all are there, Confirm. [] when a field is not the seeker's to take."""
    goal = [_cell(cell) for cell in seekers or []]
    if len(goal) != turn.count():
        return []
    for i, cell in enumerate(goal):
        if turn.pending[i] == cell:
            continue
        if cell not in turn.fields[i]:
            return []
        if turn.active() == i:
            return [field_selector(cell)]
        here = turn.pending[i]
        if not turn.entry and turn.selected is None:
            # A tap on a field with seekers picks the first one there not moved yet.
            standing = turn.here(here)
            unmoved = [k for k in standing if not turn.moved(k)]
            if (unmoved or standing)[0] == i:
                return [field_selector(here)]
        return [seeker_selector(i)]
    return [CONFIRM]
