"""The Topologic screen: a match of two rounds, seekers against a secret.

Seats 0 and 1 are each a person or the computer; two people may share the
device (hand-over screens keep the secret from the seeker). Per round one
seat hides the secret (a person by tapping a tile, the computer by a uniform
draw) and the other seeks. A seeker's turn is built locally and becomes one
move only on Confirm: in the entry every seeker goes onto a border field
(several may share one, each can be taken back); later each seeker may make
one queen move, which can be changed or taken back until Confirm. The app
computes each hint. The computer's seeking turns come from the worker one
by one, at a readable pace, or fast after Skip.

Board codes in the address: ``#topologic?board=<shape>.<seed>`` (shape
6x10, 5x12, 4x15 or random; seed up to 8 base-36 digits, e.g.
``#topologic?board=6x10.k3j9az``) rebuilds that exact board. The address
always shows the current board's code, so it can be shared as it is; a link
to another board starts a match on it (after asking, if a match is under
way); a malformed code is reported and changes nothing.
"""

import asyncio

import js

from ..core.errors import RecordError
from ..core.rng import Rng
from ..games.topologic import LOCATIONS, SHAPES, Hide, build_board, decode_board_code, random_board_code
from . import dom
from .game_screen import GameScreen, fresh_seed
from .setup_form import choice_group, dialog_end, read_choice
from .topologic_svg import (
    Geometry, board_svg, chip, field_marks, secret_mark, seeker_badge, seekers_on_board, shade,
    tile_face, trail,
)

LEVELS = ("easy", "normal", "strong")
SEEKER_CHOICES = ("5", "4", "3")
# A computer's seeking turn shows this long, unless the person skips ahead.
WATCH_SECONDS = 1.0


class TopologicScreen(GameScreen):
    game = "topologic"
    default_settings = {
        "p0": "human", "p1": "computer", "first": "0", "seekers": 5, "shape": "6x10",
        "level": "strong", "letters": False, "helper": False,
    }

    def __init__(self, app):
        super().__init__(app)
        self.board_code_wanted = None  # the next match's board, from a link or a rematch
        self.dialog_note = ""  # shown atop the new-game dialog
        self.dialog_code = ""  # prefilled board code in the new-game dialog
        self.skip_round = None  # round whose computer turns play without pause
        self._acks = set()  # panels a person has dismissed ("round-end", "gm-1", ...)
        self._acks_session = None
        self._turn_state = None  # the state the local turn below belongs to
        self.pending = []  # the seekers' fields in the turn being built (None: not placed)
        self.selected = None  # seeker index, or None
        self.secret_choice = None  # the field a person means to hide the secret on
        self._transposed = None
        dom.listen(js.window, "resize", self._on_resize)

    # -- settings -> match -------------------------------------------------------------
    def seats_for(self, settings):
        level = settings.get("level", "normal")
        return ["human" if settings.get(f"p{seat}", "human") == "human" else "ai:" + level
                for seat in (0, 1)]

    def options_for(self, settings):
        shape = settings.get("shape", "6x10")
        if self.board_code_wanted:
            shape = decode_board_code(self.board_code_wanted)[0]
        return {"seekers": int(settings.get("seekers", 5)), "shape": shape}

    def make_setup(self, options, rng, first):
        code = self.board_code_wanted or random_board_code(options["shape"], rng)
        self.board_code_wanted = None
        board = build_board(code)
        if first is None:
            first = {"0": 0, "1": 1}.get(str(self.settings.get("first")), None)
        if first is None:
            first = rng.below(2)
        # No secrets: each round's game master hides one by a move.
        return self.rules.setup_for(board, first)

    def start_match(self, board_code=None, first=None):
        self.board_code_wanted = board_code
        if board_code:
            self.settings["shape"] = decode_board_code(board_code)[0]
        self.skip_round = None
        self.start_new(self.settings, first=first)

    def load_record(self, record):
        if not super().load_record(record):
            return False
        options = self.session.options
        self.settings.update(seekers=options["seekers"], shape=options["shape"])
        self.save()
        return True

    # -- opening and the address -------------------------------------------------------
    def open(self, root, params=None):
        self.root = root
        self.is_open = True
        if self.session is None:
            self.restore()
        self.apply_board_param((params or {}).get("board"))

    def reopen(self, params):
        self.apply_board_param(params.get("board"))

    def apply_board_param(self, code):
        """A board code from the address: play it, or say why not and keep the match."""
        current = self.session.state.board.code if self.session else None
        message = ""
        if code is not None:
            try:
                wanted = build_board(code).code
            except RecordError:
                key = "topo_bad_code_kept" if self.session else "topo_bad_code_new"
                message = self.t(key, code=code[:40])
                self.app.toast(message, seconds=8)
            else:
                if wanted != current:
                    if self.session is None or not self._match_under_way():
                        self.start_match(wanted)
                        return
                    self.render()
                    self.dialog_note = self.t("topo_link_board_note", code=wanted)
                    self.dialog_code = wanted
                    self.action_new_game(None)
                    return
        if self.session is None:
            self.start_match()  # draws, shows, and lets a computer begin
            if message:
                self.notice = message
                self.render()
            return
        if message:
            self.notice = message
        self.render()
        self.maybe_computer_turn()

    def _match_under_way(self):
        state = self.session.state
        return self._seeking_started() and not state.is_terminal()

    def _seeking_started(self):
        """A seeker has moved (a computer's hide alone does not start a match)."""
        return any(not isinstance(move, Hide) for move in self.session.moves)

    def _sync_address(self):
        """Keeps ``#topologic?board=<code>`` in the address while the board shows."""
        if self.session is None:
            return
        path = str(js.location.hash).lstrip("#").partition("?")[0]
        if path != self.game:
            return
        wanted = f"#{self.game}?board={self.session.state.board.code}"
        if str(js.location.hash) != wanted:
            js.history.replaceState(None, "", str(js.location.pathname) + str(js.location.search) + wanted)

    def share_url(self):
        return (str(js.location.origin) + str(js.location.pathname)
                + f"#{self.game}?board={self.session.state.board.code}")

    # -- who is who ----------------------------------------------------------------------
    def _humans(self):
        return [seat for seat in (0, 1) if self.session.is_human(seat)]

    def seat_name(self, seat):
        alone = len(self._humans()) == 1
        if self.session.is_human(seat):
            return self.t("you") if alone else self.t(f"topo_player_{seat + 1}")
        if alone:
            return self.t("computer_level", level=self.t("level_" + self.computer_level(seat)))
        return self.t(f"topo_computer_{seat + 1}")

    def place_name(self, location):
        return self.t("topo_place", colour=self.t("topo_colour_" + str(location[0])), pips=location[1])

    def letter(self, location):
        return self.t("topo_letter_" + str(location[0])) if self.settings.get("letters") else None

    # -- phases ----------------------------------------------------------------------------
    def acks(self):
        if self._acks_session is not self.session:
            self._acks_session = self.session
            self._acks = set()
        return self._acks

    def phase(self):
        """What the screen asks for now (also the root's data-phase)."""
        state = self.session.state
        if state.is_terminal():
            return "over"
        both_human = len(self._humans()) == 2
        if state.round_index == 1 and not state.notebook and "round-end" not in self.acks():
            return "round-end"
        if state.awaiting_secret:
            if not self.session.is_human(state.game_master):
                return "watch"  # the computer hides it at once
            if both_human and f"gm-{state.round_index}" not in self.acks():
                return "handover-gm"
            return "secret"
        if not self.session.is_human(state.seeker):
            return "watch"
        if both_human and state.in_entry and f"seeker-{state.round_index}" not in self.acks():
            return "handover-seeker"
        return "entry" if state.in_entry else "move"

    def secret_visible(self):
        """Whether the person at the device may see this round's secret now."""
        state = self.session.state
        if state.is_terminal():
            return True
        if state.secret is None:
            return False
        # The secret shows to a watching person, never to a seeking one.
        return not self.session.is_human(state.seeker)

    # -- the turn being built ----------------------------------------------------------------
    def turn(self):
        """The local turn for the current state, started afresh when the state changes."""
        state = self.session.state
        if self._turn_state is not state:
            self._turn_state = state
            positions = state.positions
            self.pending = list(positions) if positions else [None] * state.seeker_count
            self.selected = None
        return self.pending

    def reset_selection(self):
        self._turn_state = None
        self.selected = None
        self.secret_choice = None

    def _active_seeker(self):
        """The selected seeker; in the entry the next unplaced one by default."""
        pending = self.turn()
        if self.selected is not None:
            return self.selected
        if self.session.state.in_entry:
            return next((i for i, cell in enumerate(pending) if cell is None), None)
        return None

    def _seekers_at(self, cell):
        return [i for i, here in enumerate(self.turn()) if here == cell]

    def _changed(self):
        state = self.session.state
        pending = self.turn()
        if state.in_entry:
            return any(cell is not None for cell in pending)
        return any(cell != start for cell, start in zip(pending, state.positions))

    # -- input -------------------------------------------------------------------------------
    def on_board_click(self, target):
        phase = self.phase()
        piece = dom.data(target, "piece")
        cell_text = dom.data(target, "cell")
        cell = tuple(int(v) for v in cell_text.split(",")) if cell_text else None
        if phase == "secret":
            if cell is not None:
                self.secret_choice = None if self.secret_choice == cell else cell
                self.notice = ""
                self.render()
            return
        if phase not in ("entry", "move"):
            if phase == "watch":
                self.notice = self.t("wait_for_turn")
                self.render()
            return
        self.notice = ""
        if piece is not None and piece.startswith("s") and piece[1:].isdigit():
            self.select_seeker(int(piece[1:]))
        elif cell is not None:
            if phase == "entry":
                self._entry_click(cell)
            else:
                self._move_click(cell)
        self.render()

    def select_seeker(self, index):
        if not 0 <= index < len(self.turn()):
            return
        self.notice = ""
        self.selected = None if self._active_seeker() == index and self.selected == index else index

    def _entry_click(self, cell):
        state = self.session.state
        pending = self.turn()
        seeker = self._active_seeker()
        if cell not in state.board.border:
            self.notice = self.t("topo_not_border")
            return
        if seeker is None:
            here = self._seekers_at(cell)
            if here:
                self.selected = here[-1]
            else:
                self.notice = self.t("topo_all_placed")
            return
        pending[seeker] = cell
        self.selected = None

    def _move_click(self, cell):
        state = self.session.state
        pending = self.turn()
        seeker = self.selected
        here = self._seekers_at(cell)
        if seeker is not None:
            if cell == pending[seeker]:
                # Its own field again: the next seeker standing there, else none.
                self.selected = here[(here.index(seeker) + 1) % len(here)] if len(here) > 1 else None
                return
            if cell in state.seeker_destinations(seeker):
                pending[seeker] = cell
                self.selected = None
                return
            if here:
                self.selected = here[0]
                return
            self.notice = self.t("topo_unreachable", n=seeker + 1)
            return
        if here:
            unmoved = [i for i in here if pending[i] == state.positions[i]]
            self.selected = (unmoved or here)[0]
        else:
            self.notice = self.t("topo_choose_seeker")

    def on_key(self, key, event):
        phase = self.phase() if self.session else None
        if phase in ("entry", "move") and key in "12345" and len(key) == 1:
            self.select_seeker(int(key) - 1)
            self.render()
            return
        if phase == "entry" and key in ("Delete", "Backspace"):
            self.action_lift(None)
            return
        if key == "Escape":  # drops the selection, keeps the turn being built
            self.selected = None
            self.secret_choice = None
            self.render()
            return
        super().on_key(key, event)

    def action_confirm(self, target):
        if self.session is None:
            return
        phase = self.phase()
        if phase == "secret":
            self._hide_secret_here()
            return
        if phase not in ("entry", "move"):
            return
        pending = self.turn()
        if any(cell is None for cell in pending):
            self.notice = self.t("topo_place_all_first", n=len(pending))
            self.render()
            return
        state = self.session.state
        self.play_human(state.make_move(pending))

    def action_lift(self, target):
        """Takes the selected seeker off the board again (entry only)."""
        if self.session is None or self.phase() != "entry":
            return
        seeker = self.selected
        if seeker is not None and self.turn()[seeker] is not None:
            self.pending[seeker] = None
            self.selected = None
            self.notice = ""
        self.render()

    def action_reset_turn(self, target):
        if self.session is None:
            return
        self._turn_state = None
        self.turn()
        self.notice = ""
        self.render()

    def can_undo(self):
        """Undo stays inside a round, in the turns of a person seeking it."""
        session = self.session
        if session is None or self.thinking or not session.moves:
            return False
        if not session.is_human(session.movers[-1]) or isinstance(session.moves[-1], Hide):
            return False  # a hidden secret stays hidden
        return session.moves[-1].round == session.state.round_index

    def action_undo(self, target):
        # A turn being built is taken back first.
        if self.session is not None and self.phase() in ("entry", "move") and self._changed():
            self.action_reset_turn(target)
            return
        super().action_undo(target)

    # -- the game master -------------------------------------------------------------------
    def _hide_secret_here(self):
        cell = self.secret_choice
        if cell is None:
            self.notice = self.t("topo_choose_secret_first")
            self.render()
            return
        self._hide(self.session.state.board.tiles[cell])
        self.notice = ""
        self.save()
        self.render()
        self.maybe_computer_turn()

    def _hide(self, location):
        """The game master's hide move (IllegalMove if this round's secret is set)."""
        session = self.session
        session.play(session.state.hide_move(location))
        self.reset_selection()

    def maybe_computer_turn(self):
        session = self.session
        if session is None or not self.is_open:
            return
        state = session.state
        if state.awaiting_secret and not session.is_human(state.game_master):
            # The computer game master hides at once, uniformly.
            rng = Rng(fresh_seed())
            self._hide(LOCATIONS[rng.below(len(LOCATIONS))])
            self.save()
            self.render()
        if self.phase() == "watch":
            super().maybe_computer_turn()

    def computer_pause(self):
        state = self.session.state if self.session else None
        if state is not None and self.skip_round == state.round_index:
            return 0
        return WATCH_SECONDS

    async def _computer_turn(self):
        self.computer_stuck = False
        await super()._computer_turn()
        if self.session is not None and self.phase() == "watch" and not self.thinking:
            self.computer_stuck = True  # no move came (the reason is in the notice)
            self.render()

    def action_skip(self, target):
        if self.session is not None and self.phase() == "watch":
            self.skip_round = self.session.state.round_index
            self.render()

    # -- panels a person dismisses ------------------------------------------------------------
    def action_next_round(self, target):
        if self.session is not None:
            self.acks().add("round-end")
            self.render()
            self.maybe_computer_turn()

    def action_handover(self, target):
        if self.session is None:
            return
        phase = self.phase()
        round_index = self.session.state.round_index
        if phase == "handover-gm":
            self.acks().add(f"gm-{round_index}")
        elif phase == "handover-seeker":
            self.acks().add(f"seeker-{round_index}")
        self.render()

    # -- view toggles, board and rematch actions --------------------------------------------------
    def action_toggle_helper(self, target):
        self.settings["helper"] = not self.settings.get("helper")
        self.save()
        self.render()

    def action_toggle_letters(self, target):
        self.settings["letters"] = not self.settings.get("letters")
        self.save()
        self.render()

    def action_new_board(self, target):
        self.start_match()

    def action_rematch(self, target):
        self.start_match(first=self._rematch_first())

    def action_rematch_same_board(self, target):
        self.start_match(self.session.state.board.code, first=self._rematch_first())

    def _rematch_first(self):
        # Roles swap: whoever hid the first secret seeks first now.
        return 1 - self.session.state.first_seeker

    def action_copy_link(self, target):
        asyncio.ensure_future(self._copy_link())

    async def _copy_link(self):
        url = self.share_url()
        try:
            await js.navigator.clipboard.writeText(url)
            self.notice = self.t("topo_link_copied", url=url)
        except Exception:
            self.notice = self.t("topo_link_copy_failed", url=url)
        self.render()

    def _on_resize(self, event):
        if self.is_open and self.session is not None and self._transposed != self._want_transposed():
            self.render()

    def _want_transposed(self):
        """Wide boards stand upright on a narrow portrait screen: bigger fields."""
        board = self.session.state.board
        width, height = int(js.window.innerWidth), int(js.window.innerHeight)
        return board.cols > board.rows and width < 700 and height > width

    # -- drawing -------------------------------------------------------------------------------
    def render(self):
        if self.root is None or not self.is_open:
            return
        self._sync_address()
        super().render()

    def acting_seat(self):
        state = self.session.state
        return state.game_master if self.phase() in ("secret", "handover-gm") else state.current_player

    def hook_attributes(self):
        base = super().hook_attributes()
        if self.session is None:
            return base
        state = self.session.state
        return base + " " + dom.attrs(
            data_phase=self.phase(), data_round=str(state.round_index), data_board=state.board.code,
            data_helper="true" if self.settings.get("helper") else "false")

    def render_body(self):
        phase = self.phase()
        if phase in ("handover-gm", "handover-seeker"):
            main = self._handover_panel(phase)
        else:
            main = (f'{self._board(phase)}'
                    f'{self._result_panel(phase)}'
                    f'{self._turn_panel(phase)}'
                    f'<p class="notice" aria-live="assertive">{dom.esc(self.notice)}</p>')
        return (
            '<div class="layout topo-layout">'
            '<div class="board-wrap">'
            f'<p class="status" role="status" aria-live="polite">{dom.esc(self._status(phase))}</p>'
            f'{self._hint_line(phase)}'
            f'{main}'
            '</div>'
            '<aside class="side">'
            f'{self._score_panel(phase)}'
            f'{self._view_toggles()}'
            f'{self._controls()}'
            f'{self._notebook(phase)}'
            '</aside>'
            '</div>'
        )

    def _status(self, phase):
        state = self.session.state
        if phase == "over":
            return self._result_text()
        if phase == "round-end":
            return self.t("topo_round_over_status")
        if phase in ("handover-gm", "handover-seeker"):
            return self.t("topo_handover_status")
        if phase == "secret":
            if self.secret_choice is not None:
                place = self.place_name(state.board.tiles[self.secret_choice])
                return self.t("topo_status_secret_chosen", place=place)
            return self.t("topo_status_secret")
        if phase == "watch":
            if self.skip_round == state.round_index:
                return self.t("topo_skipping")
            text = self.t("topo_status_watch", name=self.seat_name(state.seeker))
            if state.secret is not None and self.session.is_human(state.game_master):
                text += " " + self.t("topo_your_secret", place=self.place_name(state.secret))
            return text
        seeker = self._active_seeker()
        if phase == "entry":
            pending = self.turn()
            if seeker is not None and pending[seeker] is not None:
                return self.t("topo_status_replace", n=seeker + 1)
            if seeker is not None:
                return self.t("topo_status_place", n=seeker + 1)
            return self.t("topo_status_placed")
        if seeker is not None:
            return self.t("topo_status_move_seeker", n=seeker + 1)
        return self.t("topo_status_move")

    def _hint_line(self, phase):
        """The newest hint of the round shown, large: what a turn just earned."""
        state = self.session.state
        notebook = state.rounds[self._shown_round(phase)]
        if not notebook:
            return '<p class="topo-hint empty" aria-hidden="true"></p>'
        move = notebook[-1]
        return (f'<p class="topo-hint" data-hint-number="{len(notebook)}" data-hint="{move.hint}" '
                f'aria-live="polite">{dom.esc(self.t("topo_hint_line", k=len(notebook), full=state.full_hint))}'
                f' <strong>{move.hint}</strong></p>')

    def _shown_round(self, phase):
        """The round the screen shows: the one just over until a person moves on."""
        return 0 if phase == "round-end" else self.session.state.round_index

    def _board(self, phase):
        state = self.session.state
        board = state.board
        transposed = self._want_transposed()
        self._transposed = transposed
        geometry = Geometry(board.rows, board.cols, transposed)
        seeking = phase in ("entry", "move")
        pending = self.turn()
        start = None
        positions = None
        secret_cell = None
        if phase == "round-end":
            last = state.rounds[0][-1]
            positions = list(last.seekers)
            secret_cell = board.cell_of[state.secrets[0]]
        else:
            if seeking:
                positions = pending
                start = state.positions
            else:
                positions = list(state.positions) if state.positions else None
            if self.secret_visible():
                secret_cell = state.secret_cell
        # What may be tapped now.
        legal = set()
        selectable = set()
        active = self._active_seeker() if seeking else None
        if phase == "secret":
            legal = set(board.cells)
        elif phase == "entry":
            if active is not None:
                legal = set(board.border)
            selectable = {cell for cell in pending if cell is not None}
        elif phase == "move":
            if active is not None:
                legal = set(state.seeker_destinations(active)) - {pending[active]}
            selectable = {cell for cell in pending if cell is not None}
        helper = self.settings.get("helper") and phase not in ("secret", "over", "round-end")
        candidates = state.candidates if helper and not state.in_entry else None
        fields = []
        for cell in board.cells:
            location = board.tiles[cell]
            x, y = geometry.origin(cell)
            classes = ["cell"]
            extra = ""
            if cell in board.border:
                classes.append("border")
            if cell in legal:
                classes.append("legal")
            if cell == self.secret_choice and phase == "secret":
                classes.append("selected")
            if candidates is not None:
                classes.append("candidate" if cell in candidates else "ruled-out")
            if cell in legal or cell in selectable or "selected" in classes:
                label = self.t("topo_cell_label", place=self.place_name(location),
                               row=cell[0] + 1, col=cell[1] + 1)
                here = [str(i + 1) for i, at in enumerate(positions or ()) if at == cell]
                if here:
                    label += "; " + self.t("topo_cell_seekers", seekers=", ".join(here))
                extra = f' tabindex="0" role="button" aria-label="{dom.esc(label)}"'
            inner = tile_face(x, y, location, self.letter(location))
            if candidates is not None and cell not in candidates:
                inner += shade(x, y)
            if extra:  # only fields that take a tap or the focus need the outline
                inner += field_marks(x, y)
            fields.append((cell, inner, f'class="{" ".join(classes)}" data-tile="{location[0]}/{location[1]}"{extra}'))
        overlays = []
        if secret_cell is not None:
            overlays.append(secret_mark(geometry, secret_cell))
        overlays.extend(self._trails(geometry, phase, start, positions))
        if positions is not None:
            def token_classes(i):
                classes = "topo-token"
                if start is not None and positions[i] != start[i]:
                    classes += " moved"
                if seeking and i == active:
                    classes += " selected"
                return classes

            overlays.append(seekers_on_board(geometry, positions, token_classes))
        return board_svg(geometry, fields, "".join(overlays), dom.esc(self.t("board")))

    def _trails(self, geometry, phase, start, positions):
        """Lines from where seekers stood: this turn's moves, or the last turn's."""
        state = self.session.state
        if positions is None:
            return []
        if start is not None:
            return [trail(geometry, a, b, "topo-trail pending") for a, b in zip(start, positions)
                    if b is not None and a != b]
        notebook = state.rounds[self._shown_round(phase)]
        if len(notebook) < 2:
            return []
        before, after = notebook[-2].seekers, notebook[-1].seekers
        return [trail(geometry, a, b) for a, b in zip(before, after) if a != b]

    def _turn_panel(self, phase):
        """Under the board: the seekers as buttons and what ends or undoes the turn."""
        state = self.session.state
        if phase == "secret":
            chosen = self.secret_choice
            return ('<div class="topo-turn">'
                    f'<button type="button" class="primary" data-action="confirm"'
                    f'{"" if chosen is not None else " disabled"}>{dom.esc(self.t("topo_confirm_secret"))}</button>'
                    '</div>')
        if phase == "watch":
            # (a failed computer move offers "ask again" among the controls)
            if not self.computer_stuck and self.skip_round != state.round_index:
                button = f'<button type="button" data-action="skip">{dom.esc(self.t("topo_skip"))}</button>'
            else:
                button = ""
            return f'<div class="topo-turn">{button}</div>'
        if phase not in ("entry", "move"):
            return ""
        pending = self.turn()
        active = self._active_seeker()
        buttons = []
        for i, cell in enumerate(pending):
            moved = phase == "move" and cell != state.positions[i]
            classes = "topo-seeker legal" + (" selected" if i == active else "") + (" moved" if moved else "")
            if cell is None:
                where = self.t("topo_not_placed")
                picture = '<span class="topo-chip empty" aria-hidden="true"></span>'
            else:
                location = state.board.tiles[cell]
                where = self.place_name(location)
                picture = chip(location, self.letter(location), 24)
            label = self.t("topo_seeker_label", n=i + 1, place=where)
            if moved:
                label += " · " + self.t("topo_moved")
            badge_classes = "topo-token" + (" moved" if moved else "") + (" selected" if i == active else "")
            buttons.append(
                f'<button type="button" class="{classes}" data-piece="s{i}" '
                f'data-at="{"" if cell is None else f"{cell[0]},{cell[1]}"}" '
                f'aria-pressed="{"true" if i == active else "false"}" aria-label="{dom.esc(label)}" '
                f'title="{dom.esc(label)}">{seeker_badge(i + 1, badge_classes)}{picture}</button>')
        complete = all(cell is not None for cell in pending)
        actions = [f'<button type="button" class="primary" data-action="confirm"{"" if complete else " disabled"}>'
                   f'{dom.esc(self.t("topo_confirm"))}</button>']
        if phase == "entry" and self.selected is not None and pending[self.selected] is not None:
            actions.append(f'<button type="button" data-action="lift">{dom.esc(self.t("topo_lift"))}</button>')
        if self._changed():
            actions.append(f'<button type="button" data-action="reset-turn">{dom.esc(self.t("topo_reset_turn"))}</button>')
        return (f'<div class="topo-turn"><div class="topo-tray" role="group" '
                f'aria-label="{dom.esc(self.t("topo_seekers"))}">{"".join(buttons)}</div>'
                f'<div class="topo-actions">{"".join(actions)}</div></div>')

    def _handover_panel(self, phase):
        state = self.session.state
        seeker = self.seat_name(state.seeker)
        master = self.seat_name(state.game_master)
        if phase == "handover-gm":
            text = self.t("topo_handover_gm", master=master, seeker=seeker)
            button = self.t("topo_handover_gm_button", master=master)
        else:
            text = self.t("topo_handover_seeker", master=master, seeker=seeker)
            button = self.t("topo_handover_seeker_button", seeker=seeker)
        return ('<div class="topo-handover" role="dialog" aria-modal="false">'
                f'<p>{dom.esc(text)}</p>'
                f'<button type="button" class="primary" data-action="handover">{dom.esc(button)}</button>'
                '</div>')

    def _hints_text(self, n):
        return self.t("topo_hints_1") if n == 1 else self.t("topo_hints_n", n=n)

    def _score_panel(self, phase):
        state = self.session.state
        shown = self._shown_round(phase)
        seeker = state.seeker_of_round(shown)
        rows = []
        counts = state.counts
        started = {state.seeker_of_round(r) for r in range(shown + 1)}
        for seat in (0, 1):
            if state.is_terminal():
                role = ""
            elif seat == seeker:
                role = self.t("topo_role_seeker")
            else:
                role = self.t("topo_role_master")
            count = self._hints_text(counts[seat]) if seat in started else "–"
            active = not state.is_terminal() and seat == seeker
            rows.append(
                f'<li class="seat-{seat}{" active" if active else ""}" data-seat="{seat}">'
                f'<span class="seat-dot"></span><span class="name">{dom.esc(self.seat_name(seat))}</span>'
                f'<span class="role">{dom.esc(role)}</span><span class="count">{dom.esc(count)}</span></li>')
        round_text = self.t("topo_round_of", round=shown + 1)
        if state.is_terminal():
            round_text = self.t("topo_match_over")
        return (f'<section class="player topo-score"><h2 class="player-head">{dom.esc(round_text)}'
                f'<span class="count">{dom.esc(self.t("topo_board_code", code=state.board.code))}</span></h2>'
                f'<ul>{"".join(rows)}</ul></section>')

    def _result_text(self):
        state = self.session.state
        a, b = state.counts
        winner = state.winner()
        if winner is None:
            return self.t("topo_draw", n=a)
        loser = 1 - winner
        won, lost = state.counts[winner], state.counts[loser]
        humans = self._humans()
        if len(humans) == 1:
            if winner == humans[0]:
                return self.t("topo_you_win", mine=won, theirs=lost)
            return self.t("topo_you_lose", name=self.seat_name(winner), mine=lost, theirs=won)
        return self.t("topo_seat_wins", name=self.seat_name(winner), a=won, b=lost)

    def _round_summary(self, round_index):
        state = self.session.state
        notebook = state.rounds[round_index]
        return self.t("topo_round_summary", round=round_index + 1, n=len(notebook),
                      name=self.seat_name(state.seeker_of_round(round_index)),
                      place=self.place_name(state.secrets[round_index]))

    def _result_panel(self, phase):
        state = self.session.state
        if phase == "round-end":
            seeker = state.seeker_of_round(0)
            n = len(state.rounds[0])
            if len(self._humans()) == 1 and self.session.is_human(seeker):
                found = self.t("topo_round_over_you", n=n)
            else:
                found = self.t("topo_round_over_other", name=self.seat_name(seeker), n=n)
            return ('<div class="game-over topo-round-end" role="alert">'
                    f'<p>{dom.esc(found)}</p>'
                    f'<p class="detail">{dom.esc(self.t("topo_secret_was", place=self.place_name(state.secrets[0])))}</p>'
                    f'<button type="button" class="primary" data-action="next-round">{dom.esc(self.t("topo_next_round"))}</button>'
                    '</div>')
        if phase != "over":
            return ""
        lines = "".join(f'<p class="detail">{dom.esc(self._round_summary(r))}</p>' for r in (0, 1))
        return ('<div class="game-over" role="alert">'
                f'<p>{dom.esc(self._result_text())}</p>{lines}'
                f'<div class="topo-actions">'
                f'<button type="button" class="primary" data-action="rematch">{dom.esc(self.t("topo_rematch_new"))}</button>'
                f'<button type="button" data-action="rematch-same-board">{dom.esc(self.t("topo_rematch_same"))}</button>'
                '</div></div>')

    def _view_toggles(self):
        def toggle(action, key, on):
            return (f'<button type="button" class="topo-toggle" data-action="{action}" role="switch" '
                    f'aria-checked="{"true" if on else "false"}"><span class="knob" aria-hidden="true"></span>'
                    f'{dom.esc(self.t(key))}</button>')

        letters = bool(self.settings.get("letters"))
        legend = ""
        if letters:
            items = "".join(
                f'<li>{chip((colour, 5), self.t("topo_letter_" + str(colour)), 20)}'
                f'<span>{dom.esc(self.t("topo_letter_" + str(colour)))} = '
                f'{dom.esc(self.t("topo_colour_" + str(colour)))}</span></li>'
                for colour in range(10))
            legend = f'<ul class="topo-legend">{items}</ul>'
        state = self.session.state
        helper_note = ""
        if self.settings.get("helper") and not state.is_terminal() and state.notebook:
            n = len(state.candidates)
            helper_note = f'<p class="topo-helper-note">{dom.esc(self.t("topo_helper_count", n=n))}</p>'
        return ('<section class="topo-view">'
                + toggle("toggle-helper", "topo_helper", self.settings.get("helper"))
                + helper_note
                + toggle("toggle-letters", "topo_letters", letters)
                + legend + '</section>')

    def _controls(self):
        controls = self.render_controls()
        extra = (f'<button type="button" data-action="copy-link">{dom.esc(self.t("topo_copy_link"))}</button>')
        if not self._seeking_started() and not self.session.state.is_terminal():
            extra += f'<button type="button" data-action="new-board">{dom.esc(self.t("topo_new_board"))}</button>'
        return controls[:-len("</div>")] + extra + "</div>"

    def _notebook(self, phase):
        state = self.session.state
        shown = self._shown_round(phase)
        rows = []
        board = state.board
        for k, move in enumerate(state.rounds[shown], 1):
            places = [self.place_name(board.tiles[cell]) for cell in move.seekers]
            chips = "".join(chip(board.tiles[cell], self.letter(board.tiles[cell]), 22) for cell in move.seekers)
            label = self.t("topo_hint_row_label", k=k, h=move.hint, places=", ".join(places))
            rows.append(f'<li data-hint="{move.hint}" aria-label="{dom.esc(label)}">'
                        f'<span class="k">{k}</span><span class="chips">{chips}</span>'
                        f'<span class="h">{move.hint}</span></li>')
        empty = "" if rows else f'<p class="empty">{dom.esc(self.t("topo_notebook_empty"))}</p>'
        earlier = ""
        if shown == 1:
            earlier = f'<p class="detail">{dom.esc(self._round_summary(0))}</p>'
        return (f'<section class="move-list topo-notebook"><h2>'
                f'{dom.esc(self.t("topo_notebook_round", round=shown + 1))}</h2>{earlier}{empty}'
                f'<ol>{"".join(rows)}</ol></section>')

    # -- new game dialog ---------------------------------------------------------------------
    def action_new_game(self, target):
        if target is not None:  # the button, not a link: no note, no code
            self.dialog_note = ""
            self.dialog_code = ""
        super().action_new_game(target)

    def render_setup_dialog(self):
        s = self.settings
        note = f'<p class="topo-dialog-note">{dom.esc(self.dialog_note)}</p>' if self.dialog_note else ""
        people = [("human", "topo_person"), ("computer", "computer")]
        return (
            '<form method="dialog" class="setup topo-setup">'
            f'<h2>{dom.esc(self.t("new_game"))}: Topologic</h2>{note}'
            + choice_group(self.t, "p0", "topo_player_1", people, s.get("p0"))
            + choice_group(self.t, "p1", "topo_player_2", people, s.get("p1"))
            + choice_group(self.t, "first", "topo_seeks_first",
                           [("0", "topo_player_1"), ("1", "topo_player_2"), ("random", "random")],
                           str(s.get("first")))
            + choice_group(self.t, "seekers", "topo_seekers",
                           [(n, "topo_n_seekers_" + n) for n in SEEKER_CHOICES], str(s.get("seekers")))
            + choice_group(self.t, "shape", "topo_shape",
                           [(shape, "topo_shape_" + shape) for shape in SHAPES], s.get("shape"))
            + '<fieldset><legend>' + dom.esc(self.t("topo_code_field")) + '</legend>'
            f'<input type="text" name="board_code" class="topo-code-input" value="{dom.esc(self.dialog_code)}" '
            'autocomplete="off" autocapitalize="off" spellcheck="false" placeholder="6x10.k3j9az">'
            '<p class="notice topo-code-error" aria-live="assertive"></p></fieldset>'
            + choice_group(self.t, "level", "level", [(lv, "level_" + lv) for lv in LEVELS], s.get("level"))
            + dialog_end(self.t)
        )

    def read_setup_dialog(self, dialog):
        return {
            **self.settings,
            "p0": read_choice(dialog, "p0", ("human", "computer"), "human"),
            "p1": read_choice(dialog, "p1", ("human", "computer"), "computer"),
            "first": read_choice(dialog, "first", ("0", "1", "random"), "0"),
            "seekers": int(read_choice(dialog, "seekers", SEEKER_CHOICES, "5")),
            "shape": read_choice(dialog, "shape", SHAPES, "6x10"),
            "level": read_choice(dialog, "level", LEVELS, "strong"),
        }

    def action_start_game(self, target):
        dialog = dom.by_id("dialog")
        settings = self.read_setup_dialog(dialog)
        field = dialog.querySelector('input[name="board_code"]')
        code = "" if dom.missing(field) else str(field.value).strip()
        if code:
            try:
                code = build_board(code).code
            except RecordError:
                error = dialog.querySelector(".topo-code-error")
                error.textContent = self.t("topo_code_invalid")
                field.focus()
                return
        dialog.close()
        self.dialog_note = ""
        self.dialog_code = ""
        self.settings = settings
        self.start_match(code or None)
