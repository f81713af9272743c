"""The Schlangennest screen on the frame: the board, the hand (tray.py) and the
player panels drawn from the host's view (docs/host-protocol.md section 6), and a
person's taps turned into an action with the turn builder.

Pure markup and choices (no browser): the frame sends what ``act`` returns,
and what ``take_check`` returns as a ``check`` intent, whose answer goes to
``checked``: why a field refuses the card (the rules' reason), or the length
the selected card brings. Forced passes are the host's Session's; watch
mode is the frame's.
"""

from ..common.screen import Screen
from . import board as sb
from . import lesson
from . import svg
from . import tray
from .tray import KINDS
from . import turn as st
from ..common.widgets import esc, player_panel, seat_mark, seat_name

GAME = "schlangennest"
PASS_REASONS = ("finished", "ring", "closed", "blocked")
FIELD_REFUSED = "snake_field_refused"  # the notice once the host said why
_ICONS = {}  # move-list pictures of a card, made once (MicroPython formats slowly)


def _mini(kind):
    key = (kind, "mini")
    markup = _ICONS.get(key)
    if markup is None:
        markup = _ICONS[key] = svg.mini_icon(kind)
    return markup


def _move_key(move):
    """A placement as the host and the legal list both write it (json key order may differ)."""
    cell = move.get("cell") or []
    return (move.get("card"), tuple(cell), move.get("rot"), move.get("colour"))


def colour_name(texts, colour):
    key = "snake_colour_" + str(colour)
    return texts.t(key) if texts.has(key) else texts.t("snake_neutral")


class HeldMove:
    """A move made while the host was away, drawn laid as a selected card; nothing is offered
    (the board's turn builder interface, as far as the drawing asks it)."""

    ring = {}
    ring_kind = None
    piece = None

    def __init__(self, move):
        self.move = move
        self.cell = tuple(move.get("cell") or ())

    def legal_cells(self):
        return set()

    def selected_move(self):
        return self.move

    def active(self):
        return False


class SchlangennestScreen(Screen):
    game = GAME
    lesson_targets = lesson.lesson_targets  # what to tap next toward a lesson step's move

    def __init__(self):
        self.turn = st.SnakeTurn([])
        self.version = None
        self.frozen = False  # drawn read-only (a past or kept view): nothing offered
        self.seat = None  # the seat the person acts for
        self.hand = {}
        self._params = {}  # parameters of the last notice
        self._focus = None  # where the keyboard goes after the next drawing
        self._bounds = None
        self._cards = 0
        self._refused = None  # a refused field to ask the host about
        self._asked = None  # the selected move last sent for a preview
        self.preview = None  # (move key, the host's preview)
        self.held = None  # a move made while the host was away: drawn laid until it has it

    def _offer(self):
        return st.SnakeTurn([]) if self.frozen else self.turn

    # -- choices ------------------------------------------------------------
    def show(self, view, live):
        """A new view: fresh legal moves; a choice that still fits is kept."""
        legal = view.get("legal") if live and view.get("past") is None and not view.get("handover") else []
        previous = self.turn if view.get("version") == self.version else None
        if previous is None:
            self.preview = None  # another position: what a card brings is asked afresh
            self.held = None  # the move held is played (or was not)
        self.turn = st.SnakeTurn(legal).keep_from(previous)
        self.version = view.get("version")
        self.seat = view.get("seat")
        hands = (view.get("board") or {}).get("hands") or []
        self.hand = hands[self.seat] if isinstance(self.seat, int) and self.seat < len(hands) else {}

    def reset(self):
        self.turn.piece, self.turn.cell, self.turn.choice = None, None, 0

    def suggested(self, move):
        self.turn.preferred = move  # tapping the suggested card and field lays it as suggested

    def show_held(self, move):
        """The frame holds ``move`` until the host is there (None: it was not played)."""
        self.held = move

    def tap_piece(self, kind, colour=None):
        """-> (notice key or None, None): a card is laid only by Lay card."""
        if colour is not None:
            colour = int(colour)
        outcome = self.turn.choose_piece(st.piece_key(kind, colour), self.hand.get(kind, 0) > 0)
        self._params = {"kind": kind}
        if outcome == st.KIND_CHOSEN:
            self._focus = "[data-cell].legal, [data-cell].selected"
        return self._notice(outcome), None

    def tap_cell(self, cell):
        outcome = self.turn.choose_cell(cell)
        piece = self.turn.piece
        self._params = {"kind": piece.split(":")[0] if piece else ""}
        if outcome == st.FIELD_DOES_NOT_FIT and isinstance(self.seat, int):
            parts = piece.split(":")
            self._refused = {"player": self.seat, "action": "place", "card": parts[0], "cell": list(cell)}
            if len(parts) > 1:
                self._refused["colour"] = int(parts[1])
        if outcome == st.CELL_CHOSEN:
            self._focus = '[data-action="confirm"]'
        return self._notice(outcome), None

    def take_check(self):
        """The move to ask the host about, or None: a refused field (its rotation open),
        else the selected card once, for its length preview."""
        if self._refused is not None:
            data, self._refused = self._refused, None
            return data
        move = self.turn.selected_move()
        if move is None or move.get("action") != "place":
            return None
        key = (self.version, _move_key(move))
        if key == self._asked:
            return None
        self._asked = key
        return move

    def checked(self, message):
        """The host's answer to a check: the notice key to show, or None."""
        if message.get("type") != "check":
            return None
        if message.get("legal"):
            self.preview = (_move_key(message.get("move") or {}), message.get("preview"))
            return None
        card = (message.get("params") or {}).get("card")
        self._params = {"kind": self._params.get("kind") or card or "",
                        "reason": (message.get("code"), message.get("params"), message.get("message", ""))}
        return FIELD_REFUSED

    def _preview_of(self, move):
        if move is None or self.preview is None or self.preview[0] != _move_key(move):
            return None
        return self.preview[1]

    def _notice(self, outcome):
        if outcome.startswith(("snake_", "wait")):
            return outcome
        return None

    def notice_text(self, texts, key):
        params = dict(self._params)
        if "kind" in params:
            params["kind"] = texts.t("snake_kind_" + params["kind"]) if params["kind"] else ""
        if "reason" in params:
            params["reason"] = texts.reason(*params["reason"])
        return texts.t(key, **params)

    def key(self, key):
        """R turns the chosen card; 1-4 choose a card kind. None: not this screen's key."""
        if key in ("r", "R") and self.turn.can_rotate():
            self.turn.rotate()
            return None, None
        if key in ("1", "2", "3", "4") and self.turn.active():
            return self.tap_piece(KINDS[int(key) - 1])
        return None

    def act(self, name, view):
        if name == "rotate":
            self.turn.rotate()
            return None, None
        if name == "confirm":
            move = self.turn.selected_move()
            if move is None:
                return None, None
            self.reset()
            return None, ("move", move)
        return None

    def take_focus(self):
        focus, self._focus = self._focus, None
        return focus

    # -- drawing ------------------------------------------------------------
    def status(self, texts, view):
        """The local step while a person builds an action, else the host's status."""
        turn = self.turn
        board = view.get("board") or {}
        seat = view.get("seat")
        if turn.active() and not self.frozen:
            if turn.ring:
                text = texts.t("snake_ring_" + turn.ring_kind if turn.cell is None
                               else "snake_ring_confirm_" + turn.ring_kind)
            elif turn.piece is None:
                started = (board.get("lengths") or [0] * (seat + 1))[seat]
                text = texts.t("snake_choose_card" if started else "snake_choose_card_first_round")
            elif turn.cell is None:
                text = texts.t("snake_choose_field", kind=texts.t("snake_kind_" + turn.piece.split(":")[0]))
            else:
                text = texts.t("snake_rotate_confirm" if turn.can_rotate() else "snake_confirm")
            persons = [s for s in view.get("seats") or [] if s.get("kind") == "human"]
            return text if len(persons) <= 1 else colour_name(texts, seat) + ": " + text
        return texts.status(view.get("status") or {})

    def board(self, texts, view, highlight=()):
        data = view.get("board") or {}
        turn = self._offer()
        if self.frozen and self.held is not None and view.get("past") is None:
            turn = HeldMove(self.held)
        count = len(data.get("cards") or [])
        if count < self._cards:
            self._bounds = None  # undo or a new game: the board may shrink again
        self._cards = count
        self._bounds = sb.view_bounds(data, turn.legal_cells(), self._bounds)
        moves = view.get("moves") or []
        last = None
        if moves and moves[-1].get("cells") and view.get("past") is None:
            last = tuple(moves[-1]["cells"][0])
        marks = [tuple(c) for c in highlight]
        names = dict((c, self.colour_label(texts, view, c)) for c in range(len(data.get("colours") or [])))
        return (sb.board_svg(texts, data, turn, view.get("seat"), self._bounds, last, marks, names)
                + self._tray(texts, turn, view) + self._nest_info(texts, view))

    def _tray(self, texts, turn, view):
        if not turn.active():
            return tray.waiting_tray(texts, view)
        return tray.turn_tray(texts, turn, self.seat, self.hand, self._preview_of(turn.selected_move()))

    def _nest_info(self, texts, view):
        data = view.get("board") or {}
        size = data.get("area")
        if size is None:
            text = texts.t("snake_nest_unlimited")
        else:
            border = data.get("border") or {}
            fixed = (1 if border.get("x") else 0) + (1 if border.get("y") else 0)
            text = (texts.t("snake_nest_size", a=size[0], b=size[1]) + " · "
                    + texts.t(("snake_nest_open", "snake_nest_half", "snake_nest_fixed")[fixed]))
        if data.get("snakes") == 2:  # the rules force it: say so, not just that it is on
            text += " · " + texts.t("snake_tail_first_two_snakes")
        elif data.get("tail_first"):
            text += " · " + texts.t("snake_tail_first_short")
        return f'<p class="sn-nest-info">{esc(text)}</p>'

    def colour_label(self, texts, view, colour):
        """A snake as the page names it: its colour, "neutral", or with two snakes per
        player whose second snake it is ("Green: your second snake")."""
        data = view.get("board") or {}
        owner = sb.colour_owner(data, colour)
        if owner is None:
            return texts.t("snake_neutral")
        name = colour_name(texts, colour)
        if owner == colour:
            return name
        return texts.t("snake_second_of", colour=name, name=seat_name(texts, view, owner))

    def panels(self, texts, view):
        data = view.get("board") or {}
        hands = data.get("hands") or []
        lengths = data.get("lengths") or []
        seats = len(view.get("seats") or []) or len(hands)
        out = []
        # each player's panel, then beside it the panels of that player's other snakes
        order = sorted(range(len(hands)), key=lambda c: (c % seats, c))
        for seat in order:
            hand = hands[seat]
            counts = "".join(
                f'<span class="sn-mini" title="{esc(texts.t("snake_kind_" + k))}">{_mini(k)}{hand.get(k, 0)}</span>'
                for k in KINDS)
            tags = []
            length = lengths[seat] if seat < len(lengths) else 0
            snake_lengths = data.get("snake_lengths") or lengths
            own = snake_lengths[seat] if seat < len(snake_lengths) else 0  # this colour's snake
            if own == 0:
                tags.append(texts.t("snake_tag_not_started"))
            elif (data.get("finished") or [False] * (seat + 1))[seat]:
                tags.append(texts.t("snake_tag_finished"))
            elif (data.get("rings") or [False] * (seat + 1))[seat]:
                tags.append(texts.t("snake_tag_ring"))
            tag = f'<span class="sn-tag">{esc(" · ".join(tags))}</span>' if tags else ""
            hand_text = ", ".join(texts.t("snake_hand_count_" + k, n=hand.get(k, 0)) for k in KINDS)
            label = self.colour_label(texts, view, seat)
            two = len(hands) > seats
            if two:  # each snake's own length beside its colour; the seat's head the sum
                label += " · " + texts.t("snake_length_label", n=own)
            body = (f'<div class="sn-counts"><span class="sn-colour">{esc(label)}</span>'
                    f'<span class="sn-minis" aria-label="{esc(hand_text)}">{counts}</span>{tag}</div>')
            count_text = texts.t("snake_total_length" if two else "snake_length_label", n=length)
            if seat < seats:
                out.append(player_panel(texts, view, seat, body, None, count_text))
                continue
            owner = sb.colour_owner(data, seat)  # another snake of a seat: that seat's mark and name
            active = " active" if view.get("seat") == owner and not view.get("result") else ""
            out.append(f'<section class="player seat-{seat} sn-extra{active}" data-colour="{seat}" '
                       f'data-owner="{owner}"><h2 class="player-head">{seat_mark(owner)}'
                       f'<span class="name">{esc(seat_name(texts, view, owner))}</span></h2>{body}</section>')
        return "".join(out)

    def entry(self, texts, entry):
        """A move-list entry: the card and the field the board labels, or the pass and why."""
        params = entry.get("params") or {}
        kind = entry.get("kind")
        if kind == "pass":
            reason = params.get("reason")
            why = texts.t("snake_why_pass_" + reason) if reason in PASS_REASONS else ""
            text = texts.t("snake_move_pass") + (": " + why if why else "")
            return f'<span class="entry-text sn-passed">{esc(text)}</span>'
        cell = params.get("cell") or [0, 0]
        x, y = sb.num(cell[0]), sb.num(cell[1])
        if kind == "place":
            card = params.get("card", "straight")
            text = texts.t("snake_move_place", kind=texts.t("snake_kind_" + card), x=x, y=y)
            colour = entry.get("seat") if params.get("colour") is None else params.get("colour")
            icon = self._icon(card, colour, params.get("rot", 0))
        elif kind == "turn":
            text = texts.t("snake_move_turn", x=x, y=y)
            icon = ""
        else:
            text = texts.t("snake_move_swap", x=x, y=y)
            icon = self._icon("tail", entry.get("seat"), params.get("rot", 0))
        return icon + f'<span class="entry-text">{esc(text)}</span>'

    def _icon(self, kind, colour, rot):
        if not isinstance(colour, int):
            return ""
        key = (kind, colour, rot)
        markup = _ICONS.get(key)
        if markup is None:
            owners = [colour] + [None] * (len(svg.PART_PICTURES[kind][0]) - 1)
            markup = _ICONS[key] = (
                f'<svg class="sn-svg card-icon entry-card" viewBox="-2 -2 {sb.CELL + 4} {sb.CELL + 4}" '
                f'width="24" height="24" aria-hidden="true" focusable="false">'
                f'{svg.card(kind, colour, rot, owners, 0, 0)}</svg>')
        return markup
