"""What every game screen shares: the session, saving, undo/redo, the
computer's turns in the worker, records in and out, dialogs and hooks.

A game's screen subclasses GameScreen and supplies the drawing
(``render_body``), its input (``on_board_click``), the new-game dialog and
how settings become options and seats.
"""

import asyncio
import json

import js

from ..core.errors import IllegalMove, RecordError, SpielstubeError
from ..core.record import record_from_dict
from ..core.rng import Rng
from ..core.session import Session
from ..games import get_rules
from . import dom
from .ai_client import AiUnavailable

# A computer's move shows at least this long, so a fast reply is still seen.
MIN_THINK_SECONDS = 0.35


def fresh_seed():
    values = js.Uint32Array.new(2)
    js.crypto.getRandomValues(values)
    return int(values[0]) * 4294967296 + int(values[1])


def _note_think_time(game, level, worker_ms, round_trip_seconds):
    """Keeps think times where benchmarks (tools/page_metrics.py) can read them."""
    metrics = getattr(js.window, "spielstubeMetrics", None)
    if dom.missing(metrics):
        return
    metrics.push(json.dumps({"game": game, "level": level, "worker_ms": worker_ms,
                             "round_trip_ms": round(round_trip_seconds * 1000, 1)}))


class GameScreen:
    game = ""
    default_settings = {}
    # The Session plays forced moves (passes) itself unless a screen still does.
    session_plays_forced = True

    def __init__(self, app):
        self.app = app
        self.rules = get_rules(self.game)
        self.session = None
        self.settings = dict(self.default_settings)
        self.root = None
        self.is_open = False
        self.thinking = False
        self.generation = 0  # bumps whenever a pending computer move becomes stale
        self.notice = ""  # one-line feedback under the board
        self.computer_stuck = False  # the worker gave no move; a person may ask again
        self._file_input = None

    def t(self, key, **values):
        return self.app.texts.t(key, **values)

    @property
    def storage_key(self):
        return f"spielstube.{self.game}"

    # -- lifecycle -------------------------------------------------------------
    def open(self, root, params=None):
        """Shows the screen; ``params`` are the route's query (``#game?key=value``)."""
        self.root = root
        self.is_open = True
        if self.session is None and not self.restore():
            self.start_new(self.settings)
            return
        self.render()
        self.maybe_computer_turn()

    def reopen(self, params):
        """The route changed while the screen is open (a new ``?key=value``, say)."""
        self.render()

    def close(self):
        self.is_open = False
        self.generation += 1
        self.thinking = False

    # -- settings -> game ----------------------------------------------------------
    def seats_for(self, settings):
        raise NotImplementedError

    def options_for(self, settings):
        raise NotImplementedError

    def first_seat_for(self, settings, rng):
        return None

    def setup_is_heavy(self, options):
        """True when drawing a setup takes long enough to belong in the worker."""
        return False

    def start_new(self, settings, first=None):
        self.settings = dict(settings)
        self.generation += 1
        self.thinking = False
        options = self.rules.normalize_options(self.options_for(settings))
        seed = fresh_seed()
        if self.setup_is_heavy(options):
            asyncio.ensure_future(self._start_with_worker_setup(options, seed, first))
            self.notice = self.t("preparing_board")
            self.render()
            return
        setup = self.make_setup(options, Rng(seed), first)
        self._begin(options, setup)

    def make_setup(self, options, rng, first):
        setup = self.rules.random_setup(options, rng)
        if first is None:
            first = self.first_seat_for(self.settings, rng)
        if first is not None:
            setup = dict(setup, first=first)
        return setup

    async def _start_with_worker_setup(self, options, seed, first):
        generation = self.generation
        try:
            reply = await self.app.ai.request("setup", game=self.game, options=options, seed=seed)
        except AiUnavailable as exc:
            self.notice = self.t("ai_failed", reason=str(exc))
            self.render()
            return
        if generation != self.generation:
            return
        if not reply.get("ok"):
            self.notice = reply.get("error", "")
            self.render()
            return
        setup = reply["setup"]
        if first is None:
            first = self.first_seat_for(self.settings, Rng(seed))
        if first is not None:
            setup = dict(setup, first=first)
        self._begin(options, setup)

    def _begin(self, options, setup):
        self.session = Session(self.rules, options, setup, self.seats_for(self.settings),
                               play_forced=self.session_plays_forced)
        self.reset_selection()
        self.notice = ""
        self.save()
        if self.is_open:
            self.render()
            self.maybe_computer_turn()

    # -- saving --------------------------------------------------------------
    def save(self):
        if self.session is None:
            return
        data = dict(self.session.to_save(), settings=self.settings)
        dom.storage.set(self.storage_key, json.dumps(data))

    def restore(self):
        """Loads the saved game; a corrupt save is kept aside and reported."""
        text = dom.storage.get(self.storage_key)
        if text is None:
            return False
        try:
            data = json.loads(text)
            if not isinstance(data, dict):
                raise RecordError("the save is not an object")
            settings = data.get("settings") or {}
            if not isinstance(settings, dict):
                raise RecordError("bad settings")
            self.settings = {**self.default_settings, **settings}
            if record_from_dict(data.get("record")).game != self.game:
                raise RecordError("the save holds another game")
            data = dict(data, seats=data.get("seats") or self.seats_for(self.settings))
            session = Session.from_save(data, get_rules, play_forced=self.session_plays_forced)
        except (ValueError, SpielstubeError, TypeError, KeyError, AttributeError) as exc:
            dom.storage.set(self.storage_key + ".corrupt", text)
            dom.storage.remove(self.storage_key)
            self.settings = dict(self.default_settings)
            self.app.toast(self.t("save_corrupt", reason=str(exc)))
            return False
        self.session = session
        self.reset_selection()
        return True

    def load_record(self, record):
        """Replaces the game with a record's position; False and a message on bad input."""
        try:
            seats = self.seats_for(self.settings)
            rules = get_rules(record.game)
            players = rules.normalize_options(record.options).get("players", len(seats))
            if players != len(seats):
                seats = ["human"] + ["ai:" + self.settings.get("level", "normal")] * (players - 1)
            session = Session.from_record(record, get_rules, seats, play_forced=self.session_plays_forced)
        except SpielstubeError as exc:
            self.app.toast(self.t("record_unreadable", reason=str(exc)))
            return False
        self.generation += 1
        self.thinking = False
        self.session = session
        self.reset_selection()
        self.notice = self.t("record_loaded")
        self.save()
        return True

    # -- the computer ------------------------------------------------------------
    def computer_level(self, seat):
        spec = self.session.seats[seat]
        return spec.split(":", 1)[1] if spec.startswith("ai:") else None

    def maybe_computer_turn(self):
        session = self.session
        if session is None or self.thinking or not self.is_open:
            return
        state = session.state
        if state.is_terminal() or self.computer_level(state.current_player) is None:
            return
        self.thinking = True  # at once, so a second call cannot start a second request
        asyncio.ensure_future(self._computer_turn())

    async def _computer_turn(self):
        generation = self.generation
        self.thinking = True
        self.render()
        session = self.session
        seat = session.state.current_player
        started = js.performance.now()
        try:
            reply = await self.app.ai.request(
                "move", record=session.record().to_dict(), level=self.computer_level(seat),
                seed=fresh_seed())
        except AiUnavailable as exc:
            if generation == self.generation:
                self.thinking = False
                self.computer_stuck = True
                self.notice = self.t("ai_failed", reason=str(exc))
                self.render()
            return
        elapsed = (js.performance.now() - started) / 1000
        _note_think_time(self.game, self.computer_level(seat), reply.get("think_ms"), elapsed)
        # Wait out the pause in short steps: a screen may shorten it meanwhile (skip ahead).
        while generation == self.generation and elapsed < self.computer_pause():
            await asyncio.sleep(min(0.1, self.computer_pause() - elapsed))
            elapsed = (js.performance.now() - started) / 1000
        if generation != self.generation or session is not self.session:
            return  # undone, reloaded or closed meanwhile
        self.thinking = False
        if not reply.get("ok"):
            self.computer_stuck = True
            self.notice = self.t("ai_failed", reason=reply.get("error", ""))
            self.render()
            return
        try:
            session.play(self.rules.move_from_json(reply["move"]))
        except (IllegalMove, RecordError) as exc:
            self.computer_stuck = True
            self.notice = self.t("ai_failed", reason=str(exc))
            self.render()
            return
        self.after_move()

    def action_computer_again(self, target):
        """After a failed computer move: ask the worker once more."""
        if self.session is not None and self.computer_stuck:
            self.notice = ""
            self.computer_stuck = False
            self.maybe_computer_turn()
            self.render()

    def computer_pause(self):
        """Seconds from asking for a computer's move to showing it, at least."""
        return MIN_THINK_SECONDS

    def after_move(self):
        self.reset_selection()
        self.save()
        self.render()
        self.maybe_computer_turn()

    def play_human(self, move):
        try:
            self.session.play(move)
        except IllegalMove as exc:
            self.notice = str(exc)
            self.render()
            return False
        self.notice = ""
        self.after_move()
        return True

    # -- input ----------------------------------------------------------------
    def on_click(self, target, event):
        action = dom.data(target, "action")
        if action is not None:
            handler = getattr(self, "action_" + action.replace("-", "_"), None)
            if handler is not None:
                handler(target)
            return
        if self.session is None:
            return
        self.on_board_click(target)

    def on_key(self, key, event):
        if key in ("z", "Z") and (event.ctrlKey or event.metaKey):
            event.preventDefault()
            self.action_undo(None)
        elif key in ("y", "Y") and (event.ctrlKey or event.metaKey):
            event.preventDefault()
            self.action_redo(None)
        elif key == "Escape":
            self.reset_selection()
            self.render()

    def on_board_click(self, target):
        raise NotImplementedError

    def reset_selection(self):
        pass

    def can_undo(self):
        """Whether Undo has something to take back (screens may narrow this)."""
        return self.session is not None and self.session.can_undo()

    def action_undo(self, target):
        if not self.can_undo():
            return
        self.generation += 1
        self.thinking = False
        self.take_back()
        self.notice = ""
        self.reset_selection()
        self.save()
        self.render()
        self.maybe_computer_turn()

    def take_back(self):
        """Undo's step in the session; screens may extend it (skip automatic moves)."""
        self.session.undo()

    def action_redo(self, target):
        if self.session is None or not self.session.can_redo() or self.thinking:
            return
        self.session.redo()
        self.reset_selection()
        self.save()
        self.render()
        self.maybe_computer_turn()

    def action_new_game(self, target):
        dialog = dom.by_id("dialog")
        dom.set_html(dialog, self.render_setup_dialog())
        dialog.showModal()

    def action_cancel_dialog(self, target):
        dom.by_id("dialog").close()

    def action_start_game(self, target):
        dialog = dom.by_id("dialog")
        settings = self.read_setup_dialog(dialog)
        dialog.close()
        self.start_new(settings)

    def action_rematch(self, target):
        self.start_new(self.settings, first=self.rematch_first_seat())

    def rematch_first_seat(self):
        return None

    def action_export(self, target):
        if self.session is None:
            return
        dom.download(f"{self.game}-record.json", self.session.record().to_json(indent=1))

    def action_import(self, target):
        if self._file_input is None:
            element = js.document.createElement("input")
            element.type = "file"
            element.accept = ".json,application/json"
            element.hidden = True
            js.document.body.appendChild(element)
            dom.listen(element, "change", lambda event: asyncio.ensure_future(self._read_file(element)))
            self._file_input = element
        self._file_input.value = ""
        self._file_input.click()

    async def _read_file(self, element):
        files = element.files
        if files.length == 0:
            return
        text = await files.item(0).text()
        self.app.load_json(str(text))

    def on_dialog_closed(self):
        pass

    # -- drawing ----------------------------------------------------------------
    def render(self):
        if self.root is None or not self.is_open:
            return
        focused = self._focus_key()
        dom.set_html(self.root, self.render_screen())
        self.app.texts.apply(self.root)
        self._restore_focus(focused)

    def acting_seat(self):
        """The seat the screen waits for (data-turn); a game may differ from current_player."""
        return self.session.state.current_player

    def hook_attributes(self):
        state = self.session.state if self.session else None
        return dom.attrs(
            data_game=self.game,
            data_turn=str(self.acting_seat()) if state is not None else "-1",
            data_ai_thinking="true" if self.thinking else "false",
            data_game_over="true" if state is not None and state.is_terminal() else "false",
        )

    def render_screen(self):
        body = self.render_body() if self.session is not None else (
            f'<p class="notice">{dom.esc(self.notice or self.t("preparing_board"))}</p>')
        return f'<div class="game game-{self.game}" {self.hook_attributes()}>{body}</div>'

    def render_controls(self):
        session = self.session
        can_undo = self.can_undo()
        can_redo = session is not None and session.can_redo() and not self.thinking

        def button(action, label_key, enabled=True, extra=""):
            return (f'<button type="button" data-action="{action}" {extra}'
                    f'{"" if enabled else " disabled"}>{dom.esc(self.t(label_key))}</button>')

        again = button("computer-again", "computer_again") if self.computer_stuck else ""
        return (
            '<div class="controls">'
            + again
            + button("new-game", "new_game")
            + button("undo", "undo", can_undo, 'aria-keyshortcuts="Control+Z" ')
            + button("redo", "redo", can_redo, 'aria-keyshortcuts="Control+Y" ')
            + button("rules", "rules", True, f'data-for-game="{self.game}" ')
            + button("export", "save_record", session is not None)
            + button("import", "load_record")
            + "</div>"
        )

    def _focus_key(self):
        active = js.document.activeElement
        if dom.missing(active):
            return None
        for name in ("cell", "piece", "action"):
            value = dom.data(active, name)
            if value is not None:
                return name, value
        return None

    def _restore_focus(self, key):
        if key is None:
            return
        name, value = key
        element = dom.query(f'[data-{name}="{value}"]', self.root)
        if not dom.missing(element):
            element.focus()
