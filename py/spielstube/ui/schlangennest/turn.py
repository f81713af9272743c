"""Building a Schlangennest action from the legal moves the host sent.

Laying a card: a person picks a card kind (and, with two snakes, a colour),
then a highlighted field; the card shows there in its first legal
orientation, and Rotate (or tapping the field again) steps through the legal
orientations only; Lay card sends it. When the legal actions are a ring's
quarter turns or the tail swap, the person picks a marked card instead and
steps through its choices the same way. A pass is never offered: the host's
Session plays a forced pass itself.

Pure: no browser, no rules; it runs on CPython and MicroPython.
"""

# What a tap did; the screen turns each into a notice (i18n key) or nothing.
KIND_CHOSEN = "kind"
KIND_CLEARED = "kind-cleared"
CELL_CHOSEN = "cell"
TURNED = "turned"
NOT_YOUR_TURN = "wait_for_turn"
NO_LAYING_NOW = "snake_no_laying_now"
NONE_LEFT = "snake_none_left"
FITS_NOWHERE = "snake_card_fits_nowhere"
CHOOSE_CARD_FIRST = "snake_choose_card_first"
FIELD_DOES_NOT_FIT = "snake_field_does_not_fit"
PICK_MARKED = "snake_pick_marked_"  # + "turn" | "swap"

RING_ACTIONS = ("turn", "swap")

# The next tap toward a given move (``SnakeTurn.next_tap``): a hand card, a field,
# Rotate (the other way, for a ring's turn) or the button that lays it.
TAP_PIECE = "piece"
TAP_CELL = "cell"
TAP_ROTATE = "rotate"
TAP_CONFIRM = "confirm"


def _cell(value):
    return (int(value[0]), int(value[1]))


def piece_key(kind, colour=None):
    """What a hand button stands for: a kind, or kind and colour with two snakes."""
    return kind if colour is None else kind + ":" + str(colour)


def same_move(a, b):
    """Whether two moves in record notation are one move (a straight at r and r + 2 is one
    picture; the key order of the JSON does not matter)."""
    if not isinstance(a, dict) or not isinstance(b, dict) or a.get("action") != b.get("action"):
        return False
    if a.get("player") != b.get("player") or a.get("colour") != b.get("colour"):
        return False
    if "cell" in a or "cell" in b:
        if a.get("cell") is None or b.get("cell") is None or _cell(a["cell"]) != _cell(b["cell"]):
            return False
    if a.get("card") != b.get("card") or a.get("dir") != b.get("dir"):
        return False
    rot_a, rot_b = a.get("rot"), b.get("rot")
    if a.get("card") == "straight" and isinstance(rot_a, int) and isinstance(rot_b, int):
        return rot_a % 2 == rot_b % 2
    return rot_a == rot_b


def _choice_order(move):
    # Rotations (or a turn's direction) in a fixed order, so Rotate steps calmly.
    return move.get("rot", 0) if move.get("action") != "turn" else (0 if move.get("dir", 1) > 0 else 1)


class SnakeTurn:
    """The local choice of one person's turn; ``legal`` is the view's list."""

    def __init__(self, legal):
        self.place = {}  # piece key -> cell -> [moves in rotation order]
        self.ring = {}  # cell -> [turn or swap moves]
        self.ring_kind = None
        self.count = 0
        for move in legal or []:
            action = move.get("action")
            if action == "place":
                key = piece_key(move["card"], move.get("colour"))
                self.place.setdefault(key, {}).setdefault(_cell(move["cell"]), []).append(move)
            elif action in RING_ACTIONS:
                self.ring.setdefault(_cell(move["cell"]), []).append(move)
                self.ring_kind = action
            else:
                continue
            self.count += 1
        for by_cell in list(self.place.values()) + [self.ring]:
            for moves in by_cell.values():
                moves.sort(key=_choice_order)
        self.piece = None
        self.cell = None
        self.choice = 0
        self.preferred = None  # the suggested move: a field chosen starts at its orientation

    # -- what is offered ---------------------------------------------------------
    def active(self):
        return self.count > 0

    def pieces(self):
        """Piece keys with at least one legal field (none while a ring action is due)."""
        return set(self.place)

    def legal_cells(self):
        if self.ring:
            return set(self.ring)
        if self.piece is None:
            return set()
        return set(self.place.get(self.piece, {}))

    def choices(self):
        """The legal moves at the chosen field, in the order Rotate steps through them."""
        if self.cell is None:
            return []
        if self.ring:
            return self.ring.get(self.cell, [])
        return self.place.get(self.piece, {}).get(self.cell, [])

    def selected_move(self):
        moves = self.choices()
        return moves[self.choice % len(moves)] if moves else None

    def can_rotate(self):
        return len(self.choices()) > 1

    # -- taps ---------------------------------------------------------------------
    def choose_piece(self, key, in_hand=True):
        """A hand button: ``in_hand`` False when the seat has none of that card left."""
        if not self.active():
            return NOT_YOUR_TURN
        if self.ring:
            return NO_LAYING_NOW
        if key not in self.place:
            return FITS_NOWHERE if in_hand else NONE_LEFT
        if key == self.piece:
            self.piece, self.cell, self.choice = None, None, 0  # a second tap puts it back
            return KIND_CLEARED
        self.piece = key
        self.choice = 0
        if self.cell not in self.place[key]:
            self.cell = None
        return KIND_CHOSEN

    def choose_cell(self, cell):
        cell = _cell(cell)
        if not self.active():
            return NOT_YOUR_TURN
        if self.ring:
            if cell not in self.ring:
                return PICK_MARKED + self.ring_kind
        elif self.piece is None:
            # A field before a card: the first card kind that fits there.
            for key in sorted(self.place):
                if cell in self.place[key]:
                    self.piece = key
                    break
            else:
                return CHOOSE_CARD_FIRST
        elif cell not in self.place[self.piece]:
            return FIELD_DOES_NOT_FIT
        if cell == self.cell:
            self.choice += 1  # the same field again: the next legal orientation
            return TURNED
        self.cell = cell
        choices = self.choices()
        self.choice = choices.index(self.preferred) if self.preferred in choices else 0
        return CELL_CHOSEN

    def rotate(self):
        if not self.can_rotate():
            return None
        self.choice += 1
        return TURNED

    def next_tap(self, move):
        """The next tap that brings the turn built so far to ``move`` (record notation), as
        (TAP_PIECE, piece key), (TAP_CELL, cell), (TAP_ROTATE, None) or (TAP_CONFIRM, None);
        None when ``move`` is not among the legal moves offered. Taps in that order: the
        card (when none or another one is chosen), its field, Rotate until the orientation
        is the move's, then the button that lays it; a ring's turn or swap starts at its card."""
        if not self.active() or not isinstance(move, dict) or move.get("cell") is None:
            return None
        cell = _cell(move["cell"])
        if move.get("action") == "place" and not self.ring:
            key = piece_key(move.get("card"), move.get("colour"))
            moves = self.place.get(key, {}).get(cell, [])
            if not any(same_move(m, move) for m in moves):
                return None
            if self.piece != key:
                return TAP_PIECE, key
        elif move.get("action") in RING_ACTIONS and self.ring:
            if not any(same_move(m, move) for m in self.ring.get(cell, [])):
                return None
        else:
            return None
        if self.cell != cell:
            return TAP_CELL, cell
        if not same_move(self.selected_move(), move):
            return TAP_ROTATE, None
        return TAP_CONFIRM, None

    def keep_from(self, previous):
        """Carries a choice over to new legal moves where it still fits."""
        if previous is None:
            return self
        if previous.piece in self.place and not self.ring:
            self.piece = previous.piece
        if previous.cell in self.legal_cells():
            self.cell = previous.cell
            self.choice = previous.choice
        return self
