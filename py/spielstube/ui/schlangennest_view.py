"""The Schlangennest screen: two to four seats, each a person or the computer.

Laying a card: choose a kind from the hand (``data-piece``), the fields where
it fits light up (``legal``); a tap shows the card there in its first legal
orientation (the board is drawn from the position after the move, so the
grey parts it would join show their new owner); rotate (button, R, or the
same field again) steps through the legal orientations only; confirm lays
it. A closed ring offers its turnable curves (or, failing that, the
straights that can take the tail) the same way. A player with nothing legal
passes: by one click, or by itself when the snake is finished for good.

With every seat a computer the screen is a watch mode: the moves come at the
chosen pace, and can be paused.
"""

import asyncio

import js

from ..core.errors import IllegalMove
from ..games.schlangennest import AREAS, FIRST_CELL, KINDS, Pass, Place, SwapTail, TurnCurve
from ..games.schlangennest.cards import rotations
from ..games.schlangennest.rules import MAX_SIDE
from . import dom
from . import schlangennest_svg as svg
from .game_screen import GameScreen
from .setup_form import check_box, choice_group, dialog_end, read_check, read_choice

LEVELS = ("easy", "normal", "strong")
SEAT_CHOICES = ("human",) + tuple("ai:" + level for level in LEVELS)
DIFFICULTIES = ("easy", "recommended", "hard", "custom", "unlimited")
PACES = {"calm": 1.5, "normal": 0.8, "fast": 0.15}  # seconds a computer move stays at least
HUMAN_PASS_SECONDS = 0.9  # a finished person's pass shows this long
MIN_VIEW = 5  # the board shows at least this many fields each way
MAX_FIELD_PX = 84
ENTER_MS = 450  # a new card's drop-in animation
DISABLED = ' aria-disabled="true"'
ON = ' class="on"'

# Engine refusal codes -> texts for people (the English message is for records and tools).
_WHY = {
    "schlangennest.field_taken": "snake_why_taken",
    "schlangennest.tail_first": "snake_why_tail_first",
    "schlangennest.first_must_touch": "snake_why_touch",
    "schlangennest.must_extend": "snake_why_extend",
    "schlangennest.outside_area": "snake_why_area",
    "schlangennest.joins_colours": "snake_why_colour",
    "schlangennest.joins_snakes": "snake_why_two_snakes",
    "schlangennest.breaks_snake": "snake_why_two_snakes",
    "schlangennest.three_snakes": "snake_why_three",
    "schlangennest.double_crossings": "snake_why_crossings",
    "schlangennest.first_round_close": "snake_why_first_close",
    "schlangennest.special_case": "snake_why_special",
}


def _cell_text(cell):
    return f"{cell[0]},{cell[1]}"


def _parse_cell(text):
    try:
        x, y = (int(v) for v in text.split(","))
    except ValueError:
        return None
    return (x, y)


def _num(value):
    return str(value).replace("-", "\u2212")


class _Options:
    """What the person to move can do in one state, indexed for the screen.

    Built once per state (the state itself memoizes its successors)."""

    def __init__(self, state):
        self.state = state
        pairs = state.successors() if not state.is_terminal() else []
        self.outcomes = dict(pairs)
        self.moves = [m for m, _ in pairs]
        self.place = {}   # kind -> cell -> [Place] in rotation order
        self.ring = {}    # cell -> [TurnCurve or SwapTail]
        self.ring_kind = None
        for move in self.moves:
            if isinstance(move, Place):
                self.place.setdefault(move.kind, {}).setdefault(move.cell, []).append(move)
            elif isinstance(move, (TurnCurve, SwapTail)):
                self.ring.setdefault(move.cell, []).append(move)
                self.ring_kind = "turn" if isinstance(move, TurnCurve) else "swap"
        self.pass_only = len(self.moves) == 1 and isinstance(self.moves[0], Pass)

    def choices(self, kind, cell):
        if self.ring:
            return self.ring.get(cell, [])
        return self.place.get(kind, {}).get(cell, [])


class SchlangennestScreen(GameScreen):
    game = "schlangennest"
    # This screen shows a pass for a moment and lets a blocked person click it;
    # the frame's host leaves forced passes to the Session.
    session_plays_forced = False
    default_settings = {
        "players": 2,
        "seats": ["human", "ai:normal", "ai:normal", "ai:normal"],
        "difficulty": "recommended",
        "custom": [6, 8],
        "tail_first": False,
        "first": "random",
        "pace": "normal",
    }

    def __init__(self, app):
        super().__init__(app)
        self.kind = None
        self.cell = None
        self.choice = 0
        self.paused = False
        self._passing = None  # a token while a pass nobody chooses is pending
        self._options = None
        self._bounds = None
        self._bounds_for = None
        self._shown = (None, 0, 0.0)  # (session, moves shown, when the last move first showed)
        self._by_keyboard = False
        self._focus_after = None  # a selector to focus after the next render

    # -- settings -> game ----------------------------------------------------------
    def _players(self, settings=None):
        players = (settings or self.settings).get("players", 2)
        return players if players in (2, 3, 4) else 2

    def seats_for(self, settings):
        seats = list(settings.get("seats") or self.default_settings["seats"])
        seats += self.default_settings["seats"][len(seats):]
        seats = [s if s in SEAT_CHOICES else "ai:normal" for s in seats]
        return seats[:self._players(settings)]

    def options_for(self, settings):
        difficulty = settings.get("difficulty", "recommended")
        if difficulty not in DIFFICULTIES:
            difficulty = "recommended"
        options = {"players": self._players(settings), "difficulty": difficulty,
                   "tail_first": bool(settings.get("tail_first", False))}
        if difficulty == "custom":
            options["area"] = list(settings.get("custom") or [6, 8])
        elif difficulty == "unlimited":
            options["area"] = None
        return options

    def first_seat_for(self, settings, rng):
        return 0 if settings.get("first") == "seat0" else None

    def rematch_first_seat(self):
        state = self.session.state
        return (self.session.setup.get("first", 0) + 1) % state.num_players

    def load_record(self, record):
        if not super().load_record(record):
            return False
        self._drop_pending_pass()
        options = self.session.options
        seats = self.session.seats
        self.settings = dict(self.settings, players=options["players"],
                             difficulty=options["difficulty"], tail_first=options["tail_first"],
                             seats=seats + self.default_settings["seats"][len(seats):])
        if options["difficulty"] == "custom":
            self.settings["custom"] = list(options["area"])
        self.save()
        return True

    def computer_pause(self):
        return PACES.get(self.settings.get("pace"), PACES["normal"])

    def reset_selection(self):
        self.kind = None
        self.cell = None
        self.choice = 0

    # -- what can be done now --------------------------------------------------------
    def _options_for(self, state):
        if self._options is None or self._options.state is not state:
            self._options = _Options(state)
        return self._options

    def _human_options(self):
        """The options of the person to move, or None when no person may act now."""
        session = self.session
        if session is None or self.thinking or self._passing or not session.human_to_move():
            return None
        return self._options_for(session.state)

    def watching(self):
        return self.session is not None and not any(self.session.is_human(s)
                                                    for s in range(len(self.session.seats)))

    def _auto_passes(self, state):
        """True when the seat to move must pass and nobody needs to click for it."""
        if state.is_terminal():
            return False
        seat = state.current_player
        if not self._options_for(state).pass_only:
            return False
        return not self.session.is_human(seat) or state.finished[seat]

    def selected_move(self, options=None):
        options = options or self._human_options()
        if options is None or self.cell is None:
            return None
        choices = options.choices(self.kind, self.cell)
        if not choices:
            return None
        return choices[self.choice % len(choices)]

    # -- the computer and forced passes -------------------------------------------------
    def maybe_computer_turn(self):
        session = self.session
        if session is None or not self.is_open or self.thinking or self._passing:
            return
        state = session.state
        if state.is_terminal():
            return
        computer = self.computer_level(state.current_player) is not None
        if computer and self.paused:
            return
        if self._auto_passes(state):
            token = self._passing = object()
            self.thinking = computer  # the hooks show a computer's turn in progress
            delay = self.computer_pause() if computer else max(self.computer_pause(), HUMAN_PASS_SECONDS)
            asyncio.ensure_future(self._pass_later(token, session, len(session.moves), delay))
            self.render()
            return
        super().maybe_computer_turn()

    def _drop_pending_pass(self):
        """Undo, a new game, a loaded record: a pending pass no longer applies."""
        self._passing = None

    async def _pass_later(self, token, session, ply, delay):
        await asyncio.sleep(delay)
        if self._passing is not token:
            return  # dropped meanwhile
        self._passing = None
        self.thinking = False
        if session is not self.session or len(session.moves) != ply or not self.is_open:
            self.render()
            self.maybe_computer_turn()
            return
        if self.computer_level(session.state.current_player) is not None and self.paused:
            self.render()
            return
        self._play_pass()

    def _play_pass(self):
        session = self.session
        move = Pass(session.state.current_player)
        if session.can_redo() and session.redo_stack[-1][0] == move:
            session.redo()  # keep what was undone: this pass was part of it
        else:
            session.play(move)
        self.notice = ""
        self.after_move()

    # -- input ----------------------------------------------------------------------
    def on_click(self, target, event):
        # A click from the keyboard (Enter, Space) has no pointer: detail 0 or none.
        detail = getattr(event, "detail", None)
        self._by_keyboard = dom.missing(detail) or detail == 0
        super().on_click(target, event)

    def render(self):
        super().render()
        if self._focus_after is not None and self.root is not None:
            element = dom.query(self._focus_after, self.root)
            self._focus_after = None
            if not dom.missing(element):
                element.focus()

    def on_key(self, key, event):
        dialog = dom.by_id("dialog")
        if not dom.missing(dialog) and dialog.open:
            return
        plain = not (event.ctrlKey or event.metaKey or event.altKey)
        if key in ("r", "R") and plain:
            event.preventDefault()
            self.action_rotate(None)
        elif key in ("1", "2", "3", "4") and plain and self._human_options() is not None:
            self._by_keyboard = True
            self._pick_kind(KINDS[int(key) - 1])
        else:
            super().on_key(key, event)

    def on_board_click(self, target):
        piece = dom.data(target, "piece")
        cell_text = dom.data(target, "cell")
        options = self._human_options()
        if options is None:
            if not self.session.state.is_terminal() and (piece is not None or cell_text is not None):
                self.notice = self.t("wait_for_turn")
                self.render()
            return
        if piece is not None:
            self._pick_kind(piece)
        elif cell_text is not None:
            cell = _parse_cell(cell_text)
            if cell is not None:
                self._pick_cell(cell, options)

    def _pick_kind(self, kind):
        options = self._human_options()
        if options is None or kind not in KINDS:
            return
        if options.ring or options.pass_only:
            self.notice = self.t("snake_no_laying_now")
        elif kind not in options.place:
            hand = self.session.state.hand(self.session.state.current_player)
            self.notice = self.t("snake_none_left" if hand[kind] == 0 else "snake_card_fits_nowhere",
                                 kind=self.t("snake_kind_" + kind))
        elif kind == self.kind:
            self.reset_selection()  # a second tap puts the card back
            self.notice = ""
        else:
            self.kind = kind
            self.choice = 0
            if self.cell not in options.place[kind]:
                self.cell = None
            self.notice = ""
            if self._by_keyboard:  # on to the fields, so Tab and Enter go on from there
                self._focus_after = "[data-cell].legal, [data-cell].selected"
        self.render()

    def _pick_cell(self, cell, options):
        if options.pass_only:
            self.notice = self.t("snake_must_pass")
        elif options.ring:
            if cell not in options.ring:
                self.notice = self.t("snake_pick_marked_" + options.ring_kind)
            elif cell == self.cell:
                self.choice += 1
                self.notice = ""
            else:
                self.cell, self.choice, self.notice = cell, 0, ""
                if self._by_keyboard:
                    self._focus_after = '[data-action="confirm"]'
        else:
            kind = self.kind
            if kind is None:
                # A tap on a field before a card: take the first card that fits there.
                kind = next((k for k in KINDS if cell in options.place.get(k, {})), None)
                if kind is None:
                    self.notice = self.t("snake_choose_card_first")
                    self.render()
                    return
                self.kind = kind
            if cell in options.place.get(kind, {}):
                if cell == self.cell:
                    self.choice += 1  # the same field again: the next orientation
                else:
                    self.cell, self.choice = cell, 0
                    if self._by_keyboard:  # R turns it, Enter lays it
                        self._focus_after = '[data-action="confirm"]'
                self.notice = ""
            else:
                self.notice = self._why_not(options.state, kind, cell)
        self.render()

    def _why_not(self, state, kind, cell):
        """Why the chosen card cannot go on ``cell``, in the player's words."""
        seat = state.current_player
        keys = []
        for rot in rotations(kind):
            try:
                state.apply(Place(seat, kind, cell, rot))
            except IllegalMove as exc:
                keys.append(_WHY.get(exc.code, "snake_why_other"))
        # The wrong way round says little when another way meets a real rule.
        telling = [k for k in keys if k not in ("snake_why_extend", "snake_why_other")]
        key = (telling or keys or ["snake_why_other"])[0]
        return self.t(key, kind=self.t("snake_kind_" + kind))

    def action_rotate(self, target):
        if self.selected_move() is None:
            return
        self.choice += 1
        self.render()

    def action_confirm(self, target):
        move = self.selected_move()
        if move is not None:
            self.play_human(move)

    def action_pass(self, target):
        options = self._human_options()
        if options is not None and options.pass_only:
            self._play_pass()

    def action_pause(self, target):
        self.paused = True
        self.render()

    def action_resume(self, target):
        self.paused = False
        self.render()
        self.maybe_computer_turn()

    def action_pace(self, target):
        pace = dom.data(target, "pace") if target is not None else None
        if pace in PACES:
            self.settings["pace"] = pace
            self.save()
            self.render()

    def take_back(self):
        session = self.session
        self._drop_pending_pass()
        session.undo()
        # Skip back over passes nobody chose (a finished snake passes by itself).
        while session.can_undo() and self._auto_passes(session.state):
            session.undo()

    def action_redo(self, target):
        if self.session is not None and self.session.can_redo() and not self.thinking:
            self._drop_pending_pass()
        super().action_redo(target)

    def close(self):
        self._drop_pending_pass()
        super().close()

    def start_new(self, settings, first=None):
        self.paused = False
        self._drop_pending_pass()
        self.reset_selection()
        super().start_new(settings, first)

    # -- names ------------------------------------------------------------------------
    def colour_name(self, seat):
        return self.t(f"snake_colour_{seat}")

    def _single_human(self):
        humans = [s for s in range(len(self.session.seats)) if self.session.is_human(s)]
        return humans[0] if len(humans) == 1 else None

    def seat_role(self, seat):
        level = self.computer_level(seat)
        if level is not None:
            return self.t("computer_level", level=self.t("level_" + level))
        return self.t("you") if self._single_human() == seat else self.t("snake_person")

    def seat_name(self, seat):
        """How status lines name a seat: "You" for the only person, else the colour."""
        if self._single_human() == seat:
            return self.t("you")
        return self.colour_name(seat)

    # -- drawing ------------------------------------------------------------------------
    def render_body(self):
        session = self.session
        state = session.state
        options = self._human_options()
        move = self.selected_move(options)
        if move is None and options is not None and self.cell is not None:
            self.cell = None  # the selection no longer fits this position
        shown = options.outcomes[move] if move is not None else state
        return (
            '<div class="layout sn-layout">'
            '<div class="board-wrap">'
            f'<p class="status" role="status" aria-live="polite">{dom.esc(self._status(options, move))}</p>'
            f'{self._board_svg(state, shown, options, move)}'
            f'<p class="notice" aria-live="assertive">{dom.esc(self.notice)}</p>'
            f'{self._tray(options, move, shown)}'
            '</div>'
            '<aside class="side">'
            f'{self._game_over_panel()}'
            f'<div class="players">{"".join(self._player_panel(s, shown) for s in range(state.num_players))}</div>'
            f'{self._nest_info(state)}'
            f'{self._watch_controls()}'
            f'{self.render_controls()}'
            f'{self._move_list()}'
            '</aside>'
            '</div>'
        )

    # status and guidance
    def _status(self, options, move):
        session = self.session
        state = session.state
        if state.is_terminal():
            return self._result_text()
        seat = state.current_player
        if self.paused and self.computer_level(seat) is not None and not self.thinking:
            return self.t("snake_paused")
        if self._passing or (options is None and self._auto_passes(state)):
            return self.t("snake_passes", name=self.seat_name(seat), why=self._pass_reason(state, seat))
        if options is None:
            if self.thinking:
                return self.t("snake_thinking", name=self.colour_name(seat))
            return self.t("snake_to_move", name=self.colour_name(seat))
        if options.pass_only:
            text = self.t("snake_you_must_pass", why=self._pass_reason(state, seat))
        elif options.ring:
            if self.cell is None:
                text = self.t("snake_ring_" + options.ring_kind)
            else:
                text = self.t("snake_ring_confirm_" + options.ring_kind)
        elif self.kind is None:
            text = self.t("snake_choose_card_first_round" if state.lengths[seat] == 0 else "snake_choose_card")
        elif self.cell is None:
            text = self.t("snake_choose_field", kind=self.t("snake_kind_" + self.kind))
        else:
            many = len(options.choices(self.kind, self.cell)) > 1
            text = self.t("snake_rotate_confirm" if many else "snake_confirm")
        if self._single_human() is None:
            text = f"{self.colour_name(seat)}: {text}"
        return text

    def _pass_reason(self, state, seat):
        if state.finished[seat]:
            return self.t("snake_why_pass_finished")
        if state.rings[seat]:
            return self.t("snake_why_pass_ring")
        if state.lengths[seat] and not state.open_ends(seat):
            return self.t("snake_why_pass_closed")
        return self.t("snake_why_pass_blocked")

    def _result_text(self):
        state = self.session.state
        ranking = self.rules.result_json(state)["ranking"]
        best = ranking[0]
        if len(best) > 1:
            return self.t("snake_tie", names=", ".join(self.seat_name(s) for s in best),
                          length=state.lengths[best[0]])
        winner = best[0]
        if self._single_human() == winner:
            return self.t("snake_you_win", length=state.lengths[winner])
        return self.t("snake_wins", name=self.colour_name(winner), length=state.lengths[winner])

    # the board
    def _legal_cells(self, options):
        if options is None or options.pass_only:
            return set()
        if options.ring:
            return set(options.ring)
        if self.kind is None:
            return set()
        return set(options.place.get(self.kind, {}))

    def _view_bounds(self, state, legal):
        cells = list(state.cards) or [FIRST_CELL]
        xs = [c[0] for c in cells] + [c[0] for c in legal]
        ys = [c[1] for c in cells] + [c[1] for c in legal]
        # The cards and the fields around them; this only ever grows, so the
        # board does not jump. The nest's reach is drawn where it cuts
        # through this margin (and tints what lies beyond, up to the edge).
        x0, x1, y0, y1 = min(xs) - 1, max(xs) + 1, min(ys) - 1, max(ys) + 1
        border = state.border
        if border["x"] is not None:
            x0, x1 = min(x0, border["x"][0]), max(x1, border["x"][1])
        if border["y"] is not None:
            y0, y1 = min(y0, border["y"][0]), max(y1, border["y"][1])
        while x1 - x0 + 1 < MIN_VIEW:
            x0, x1 = (x0 - 1, x1) if (x1 - x0) % 2 else (x0, x1 + 1)
        while y1 - y0 + 1 < MIN_VIEW:
            y0, y1 = (y0 - 1, y1) if (y1 - y0) % 2 else (y0, y1 + 1)
        # Grow only, within one game, so the board does not jump about.
        if self._bounds_for is self.session and self._bounds is not None:
            b = self._bounds
            x0, x1, y0, y1 = min(x0, b[0]), max(x1, b[1]), min(y0, b[2]), max(y1, b[3])
        self._bounds, self._bounds_for = (x0, x1, y0, y1), self.session
        return self._bounds

    def _entering(self):
        """(cell of the newest card, animation offset in ms) while it drops in."""
        session = self.session
        count = len(session.moves)
        now = js.performance.now()
        shown_session, shown_count, since = self._shown
        if shown_session is not session or shown_count != count:
            grew = shown_session is session and count == shown_count + 1
            self._shown = (session, count, now if grew else -1e9)
            since = self._shown[2]
        elapsed = now - since
        if not session.moves or elapsed >= ENTER_MS:
            return None, 0
        last = session.moves[-1]
        return (getattr(last, "cell", None), int(elapsed))

    def _board_svg(self, state, shown, options, move):
        legal = self._legal_cells(options)
        bounds = self._view_bounds(state, legal)
        parts = [svg.grid(bounds)]
        extent = shown.extent()
        if extent[0] is not None and extent[1] is not None:
            border = shown.border
            parts.append(svg.nest(extent, border["x"] is not None, border["y"] is not None))
        selected = self.cell if move is not None else None
        # Empty fields one can tap: around the cards (diagonals too, for first cards).
        cards = shown.cards
        empties = set(legal)
        if not cards:
            empties.add(FIRST_CELL)
        for (x, y) in cards:
            for dx in (-1, 0, 1):
                for dy in (-1, 0, 1):
                    c = (x + dx, y + dy)
                    if c not in cards:
                        empties.add(c)
        empties -= set(cards)
        fields = []
        for cell in sorted(empties):
            if bounds[0] <= cell[0] <= bounds[1] and bounds[2] <= cell[1] <= bounds[3] or cell in legal:
                if cell in legal:
                    label = self.t("snake_field_label", x=_num(cell[0]), y=_num(cell[1]))
                    attrs = f'tabindex="0" role="button" aria-label="{dom.esc(label)}"'
                    fields.append(svg.field(cell, "sn-field legal", attrs))
                else:
                    fields.append(svg.field(cell, "sn-field"))
        parts.extend(fields)
        last = self.session.moves[-1] if self.session.moves else None
        last_cell = getattr(last, "cell", None)
        entering, offset = self._entering()
        for cell in sorted(cards):
            kind, colour, rot = cards[cell]
            owners = [o[3] for o in shown.part_owners(cell)]
            classes = ""
            attrs = f' data-cell="{_cell_text(cell)}"'
            if cell == selected:
                classes += " preview selected"
                label = self.t("snake_preview_label", kind=self.t("snake_kind_" + kind),
                               x=_num(cell[0]), y=_num(cell[1]))
                attrs += f' tabindex="0" role="button" aria-label="{dom.esc(label)}"'
            elif cell in legal:
                classes += " legal"
                label = self.t("snake_card_label_" + options.ring_kind, x=_num(cell[0]), y=_num(cell[1]))
                attrs += f' tabindex="0" role="button" aria-label="{dom.esc(label)}"'
            if cell == entering and selected is None:
                classes += " enter"
                attrs += f' style="--enter-offset:-{offset}ms"'
            parts.append(svg.card(kind, colour, rot, owners, cell[0], cell[1], classes, attrs))
        seat = state.current_player if not state.is_terminal() else None
        for s in range(shown.num_players):
            for end_cell, edge in shown.open_ends(s):
                parts.append(svg.open_end(end_cell, edge, s, current=s == seat))
        if last_cell is not None and last_cell in cards and last_cell != selected:
            parts.append(svg.highlight(last_cell, "last-frame"))
        for cell in legal:
            if cell in cards and cell != selected:
                parts.append(svg.highlight(cell, "legal-frame"))
        if selected is not None:
            parts.append(svg.highlight(selected, "preview-frame"))
        # A field is never drawn larger than MAX_FIELD_PX, so an early board stays calm.
        limit = (bounds[1] - bounds[0] + 1) * MAX_FIELD_PX
        return (f'<svg class="board sn-svg sn-board" viewBox="{svg.view_box(bounds)}" role="group" '
                f'style="max-width:{limit}px" '
                f'aria-label="{dom.esc(self.t("board"))}">{"".join(parts)}</svg>')

    # the hand and the actions under the board
    def _tray(self, options, move, shown):
        state = self.session.state
        if state.is_terminal() or options is None:
            return ""
        seat = state.current_player
        if options.pass_only:
            return (
                '<div class="sn-tray sn-pass" role="group">'
                f'<p>{dom.esc(self.t("snake_pass_explain", why=self._pass_reason(state, seat)))}</p>'
                f'<button type="button" class="primary legal" data-action="pass">{dom.esc(self.t("snake_pass"))}</button>'
                '</div>'
            )
        hand = state.hand(seat)
        buttons = []
        for number, kind in enumerate(KINDS, 1):
            legal = not options.ring and kind in options.place
            selected = kind == self.kind and not options.ring
            classes = "sn-card-btn" + (" legal" if legal else " unplayable") + (" selected" if selected else "")
            name = self.t("snake_kind_" + kind)
            label = self.t("snake_hand_label", kind=name, n=hand[kind])
            buttons.append(
                f'<button type="button" class="{classes}" data-piece="{kind}" '
                f'aria-pressed="{"true" if selected else "false"}" aria-label="{dom.esc(label)}" '
                f'aria-keyshortcuts="{number}"{"" if legal else DISABLED}>'
                f'{svg.card_icon(kind, seat, 40)}<span class="sn-kind">{dom.esc(name)}</span>'
                f'<span class="sn-count">×{hand[kind]}</span></button>')
        many = move is not None and len(options.choices(self.kind, self.cell)) > 1
        rotate_key = "snake_turn_other_way" if options.ring_kind == "turn" else "snake_rotate"
        confirm_key = {"turn": "snake_confirm_turn", "swap": "snake_confirm_swap"}.get(
            options.ring_kind, "snake_confirm_place")
        rotate = (f'<button type="button" data-action="rotate" aria-keyshortcuts="R"'
                  f'{"" if many else " disabled"}>↻ {dom.esc(self.t(rotate_key))}</button>')
        confirm = (f'<button type="button" class="primary{" legal" if move is not None else ""}" data-action="confirm"'
                   f'{"" if move is not None else " disabled"}>{dom.esc(self.t(confirm_key))}</button>')
        gain = ""
        if move is not None:
            before, after = state.lengths[seat], shown.lengths[seat]
            gain = (f'<span class="sn-gain">{dom.esc(self.t("snake_length_after", before=before, after=after))}'
                    '</span>')
        hand_group = (f'<div class="sn-hand seat-{seat}" role="group" aria-label="{dom.esc(self.t("snake_your_cards"))}">'
                      f'{"".join(buttons)}</div>')
        return (f'<div class="sn-tray">{hand_group}'
                f'<div class="sn-actions">{rotate}{confirm}{gain}</div></div>')

    # the side panel
    def _player_panel(self, seat, shown):
        state = self.session.state
        active = not state.is_terminal() and state.current_player == seat
        star = (f'<span class="star" title="{dom.esc(self.t("start_player"))}" '
                f'aria-label="{dom.esc(self.t("start_player"))}">★</span>') if self.session.setup.get("first") == seat else ""
        spinner = '<span class="spinner" aria-hidden="true"></span>' if active and self.thinking else ""
        length = state.lengths[seat]
        after = shown.lengths[seat]
        change = f' <span class="sn-after">→ {after}</span>' if after != length else ""
        hand = state.hand(seat)
        counts = "".join(
            f'<span class="sn-mini" title="{dom.esc(self.t("snake_kind_" + k))}">{svg.mini_icon(k)}{hand[k]}</span>'
            for k in KINDS)
        tags = []
        if state.lengths[seat] == 0:
            tags.append(self.t("snake_tag_not_started"))
        elif state.finished[seat]:
            tags.append(self.t("snake_tag_finished"))
        elif state.rings[seat]:
            tags.append(self.t("snake_tag_ring"))
        tag = f'<span class="sn-tag">{dom.esc(" · ".join(tags))}</span>' if tags else ""
        return (
            f'<section class="player sn-player seat-{seat}{" active" if active else ""}" data-seat="{seat}">'
            f'<h2 class="player-head"><span class="seat-dot"></span>'
            f'<span class="sn-name">{dom.esc(self.colour_name(seat))}</span>'
            f'<span class="sn-role">{dom.esc(self.seat_role(seat))}</span>{star}{spinner}'
            f'<span class="count sn-length" aria-label="{dom.esc(self.t("snake_length_label", n=length))}">'
            f'{length}{change}</span></h2>'
            f'<div class="sn-counts" aria-label="{dom.esc(self._hand_text(hand))}">{counts}{tag}</div>'
            '</section>'
        )

    def _hand_text(self, hand):
        return ", ".join(f'{hand[k]} {self.t("snake_kind_" + k)}' for k in KINDS)

    def _nest_info(self, state):
        options = self.session.options
        size = options["area"]
        if size is None:
            text = self.t("snake_nest_unlimited")
        else:
            border = state.border
            fixed = (border["x"] is not None) + (border["y"] is not None)
            text = self.t("snake_nest_size", a=size[0], b=size[1]) + " · " + self.t(
                ("snake_nest_open", "snake_nest_half", "snake_nest_fixed")[fixed])
        if options["tail_first"]:
            text += " · " + self.t("snake_tail_first_short")
        return f'<p class="sn-nest-info">{dom.esc(text)}</p>'

    def _watch_controls(self):
        if not self.watching() or self.session.state.is_terminal():
            return ""
        pause = (f'<button type="button" data-action="resume" class="primary">{dom.esc(self.t("snake_resume"))}</button>'
                 if self.paused else
                 f'<button type="button" data-action="pause">{dom.esc(self.t("snake_pause"))}</button>')
        current = self.settings.get("pace", "normal")
        paces = "".join(
            f'<button type="button" data-action="pace" data-pace="{p}" aria-pressed="{"true" if p == current else "false"}"'
            f'{ON if p == current else ""}>{dom.esc(self.t("snake_pace_" + p))}</button>'
            for p in PACES)
        return (f'<div class="sn-watch" role="group" aria-label="{dom.esc(self.t("snake_watching"))}">'
                f'<span>{dom.esc(self.t("snake_watching"))}</span>{pause}'
                f'<span class="sn-paces">{paces}</span></div>')

    def _game_over_panel(self):
        state = self.session.state
        if not state.is_terminal():
            return ""
        ranking = self.rules.result_json(state)["ranking"]
        rows = []
        place = 1
        for group in ranking:
            for seat in group:
                rows.append(
                    f'<li class="seat-{seat}"><span class="sn-rank">{place}.</span><span class="seat-dot"></span>'
                    f'{dom.esc(self.colour_name(seat))} <span class="sn-role">{dom.esc(self.seat_role(seat))}</span>'
                    f'<span class="sn-length">{state.lengths[seat]}</span></li>')
            place += len(group)
        return (
            '<div class="game-over" role="alert">'
            f'<p>{dom.esc(self._result_text())}</p>'
            f'<ol class="sn-ranking">{"".join(rows)}</ol>'
            f'<button type="button" class="primary" data-action="rematch">{dom.esc(self.t("snake_rematch"))}</button> '
            f'<button type="button" data-action="new-game">{dom.esc(self.t("new_game"))}</button>'
            '</div>'
        )

    def _describe(self, move):
        if isinstance(move, Place):
            return self.t("snake_move_place", kind=self.t("snake_kind_" + move.kind),
                          x=_num(move.cell[0]), y=_num(move.cell[1]))
        if isinstance(move, TurnCurve):
            return self.t("snake_move_turn", x=_num(move.cell[0]), y=_num(move.cell[1]))
        if isinstance(move, SwapTail):
            return self.t("snake_move_swap", x=_num(move.cell[0]), y=_num(move.cell[1]))
        return self.t("snake_move_pass")

    def _move_list(self):
        session = self.session
        items = []
        for number, (move, seat) in enumerate(zip(session.moves, session.movers), 1):
            items.append(
                f'<li class="seat-{seat}{" sn-passed" if isinstance(move, Pass) else ""}" value="{number}">'
                f'<span class="seat-dot"></span><span class="who">{dom.esc(self.colour_name(seat))}</span>'
                f'{dom.esc(self._describe(move))}</li>')
        items.reverse()  # the newest on top
        empty = f'<p class="empty">{dom.esc(self.t("no_moves_yet"))}</p>' if not items else ""
        return (f'<section class="move-list"><h2>{dom.esc(self.t("moves"))}</h2>{empty}'
                f'<ol class="moves sn-moves" reversed>{"".join(items)}</ol></section>')

    # -- new game dialog -------------------------------------------------------------
    def render_setup_dialog(self):
        s = self.settings
        players = self._players()
        seats = list(s.get("seats") or self.default_settings["seats"])
        seats += self.default_settings["seats"][len(seats):]
        rows = []
        for seat in range(4):
            options = "".join(
                f'<option value="{v}"{" selected" if seats[seat] == v else ""}>{dom.esc(self._seat_choice_label(v))}</option>'
                for v in SEAT_CHOICES)
            rows.append(
                f'<div class="sn-seat-row seat-{seat}" data-seat-row="{seat}">'
                f'<label for="sn-seat-{seat}"><span class="seat-dot"></span>{dom.esc(self.colour_name(seat))}</label>'
                f'<select id="sn-seat-{seat}" name="seat{seat}">{options}</select></div>')
        sizes = []
        for difficulty in DIFFICULTIES:
            checked = " checked" if s.get("difficulty") == difficulty else ""
            note = ""
            if difficulty in AREAS[2]:
                note = "".join(f'<span class="sn-size" data-for="{n}">{AREAS[n][difficulty][0]} × '
                               f'{AREAS[n][difficulty][1]}</span>' for n in (2, 3, 4))
            sizes.append(
                f'<label class="choice"><input type="radio" name="difficulty" value="{difficulty}"{checked}>'
                f'<span>{dom.esc(self.t("snake_area_" + difficulty))}{note}</span></label>')
            if difficulty == "custom":
                sizes.append(self._custom_inputs())
        return (
            '<form method="dialog" class="setup sn-setup">'
            f'<h2>{dom.esc(self.t("new_game"))}: Schlangennest</h2>'
            + choice_group(self.t, "players", "snake_players",
                           [(str(n), f"snake_players_{n}") for n in (2, 3, 4)], str(players))
            + f'<fieldset class="sn-seats"><legend>{dom.esc(self.t("snake_who_plays"))}</legend>{"".join(rows)}</fieldset>'
            + f'<fieldset class="sn-area"><legend>{dom.esc(self.t("snake_area"))}</legend>{"".join(sizes)}</fieldset>'
            + check_box(self.t, "tail_first", "snake_tail_first", s.get("tail_first"))
            + choice_group(self.t, "first", "who_starts",
                           [("random", "random"), ("seat0", "snake_first_seat0")], s.get("first", "random"))
            + choice_group(self.t, "pace", "snake_pace",
                           [(p, "snake_pace_" + p) for p in PACES], s.get("pace", "normal"))
            + dialog_end(self.t)
        )

    def _custom_inputs(self):
        custom = list(self.settings.get("custom") or [6, 8])
        return (
            f'<div class="sn-custom"><label>{dom.esc(self.t("snake_custom_size"))} '
            f'<input type="number" name="custom_a" min="1" max="{MAX_SIDE}" value="{custom[0]}" inputmode="numeric"></label>'
            f'<span aria-hidden="true">×</span>'
            f'<input type="number" name="custom_b" min="1" max="{MAX_SIDE}" value="{custom[1]}" inputmode="numeric" '
            f'aria-label="{dom.esc(self.t("snake_custom_size_b"))}"></div>')

    def _seat_choice_label(self, value):
        if value == "human":
            return self.t("snake_person")
        return self.t("computer_level", level=self.t("level_" + value.split(":", 1)[1]))

    def read_setup_dialog(self, dialog):
        players = int(read_choice(dialog, "players", ("2", "3", "4"), str(self._players())))
        seats = []
        for seat in range(4):
            element = dialog.querySelector(f'select[name="seat{seat}"]')
            value = "human" if dom.missing(element) else str(element.value)
            seats.append(value if value in SEAT_CHOICES else "ai:normal")
        custom = []
        for name, default in (("custom_a", 6), ("custom_b", 8)):
            element = dialog.querySelector(f'input[name="{name}"]')
            try:
                value = int(str(element.value))
            except (ValueError, AttributeError):
                value = default
            custom.append(min(max(value, 1), MAX_SIDE))
        return {
            "players": players,
            "seats": seats,
            "difficulty": read_choice(dialog, "difficulty", DIFFICULTIES, "recommended"),
            "custom": sorted(custom),
            "tail_first": read_check(dialog, "tail_first"),
            "first": read_choice(dialog, "first", ("random", "seat0"), "random"),
            "pace": read_choice(dialog, "pace", tuple(PACES), "normal"),
        }
