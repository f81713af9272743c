"""The frame: one controller for every game on index.html (MicroPython).

It owns the conversation with the host (docs/host-protocol.md): it opens
the game, sends a person's intents, draws each view the host answers or
pushes, keeps the host's save data and the last public-safe view in
localStorage and draws that view at once, before the host is ready, with
its legal moves. The per-game screen draws the board and builds moves; the
widgets draw the rest. The frame owns its drawing part (render.Renderer,
called by ``render``) and what holds while the host is away (away.HostAway:
a move made then is sent once the host shows the same position); input and
the page hooks live in input.py, the routes (landing page, game, rules) in
routes.py; ``switch`` changes the game. The screen is called through the
hooks of common/screen.Screen.
"""

import json

from ..common import bridge, widgets
from ..common.review import Review
from ..common.suggestion import Suggestion
from . import analysis, asking, board_access, learning, replaying, wait
from .away import HostAway
from .held import HELD
from .render import Renderer
from .saves import SaveKeeper, save_key
from .host_link import HostLink
from ..common.move_window import WINDOW, MoveWindow, count_of


HOST_URL = "./static/host-worker.js"
TOAST_SECONDS = 6


class Frame:
    def __init__(self, texts, screens, game=None):
        self.texts = texts
        self.screens = screens  # game name -> a function making its screen (ui/app.py)
        self.game = game  # None on the landing and rules pages until a game is opened
        self.screen = screens[game]() if game is not None else None
        self.on_screen = game is not None  # the game is the page shown (keys act on it)
        self.view = None  # the host's present view
        self.shown = None  # the view drawn: the present one, a past one or the kept one
        self.live = False  # the host answered and is there: intents go to it
        self.waiting_for = None  # id of a new/load whose answer the board waits for
        self.move_sent = None  # id of a move the host has not answered yet: the board waits
        self.notice = ""
        self.pending = {}  # intent id -> callback(message) for replies the page awaits
        self.saves = SaveKeeper(game) if game is not None else None
        self.restarted = False  # the host was started again: its next open holds the computer
        self.opened = False
        self.on_first_view = []  # called once the host's first view is drawn
        self.log = []  # every view and refusal in arrival order (tests read the order)
        self.by_keyboard = False  # the last choice came from the keyboard (the screen may move the focus on)
        self.focus_move = None  # the move-list entry a key stepped to: focused once it is drawn
        self.board_zoom = False  # the person zoomed in: larger fields, the board panned
        self.moves = MoveWindow()  # the move list as the page holds it (the host sends each entry once)
        self.suggestion = Suggestion()  # the move suggested for the present view ([data-action=suggest])
        self.review = Review()  # the marks of a finished game's moves ([data-action=review])
        self._earlier_asked = None  # (before, count) of the earlier-moves sent and not yet answered
        # learning.py; replay_wanted: the history entry to replay once the host shows the game (replaying.py)
        self.lesson_wanted, self.progress, self.ids_asked, self.replay_wanted = None, learning.load_progress(), set(), None
        self._toast_timer = None
        self._to_keep = None
        self._keep_soon = bridge.proxy(self.keep_pending)
        self.root = bridge.by_id("frame")
        self.renderer = Renderer(self)
        self.away = HostAway(self)
        self.link = HostLink(HOST_URL, self.on_message, self.away.dead,
                             expecting=lambda: (self.view or {}).get("thinking") is not None,
                             on_progress=wait.host_progress)
        if game is not None:
            self._load_prefs()

    def switch(self, game, kept=True):
        """Another game on the same page: its screen and kept view (``kept`` False: not, a
        lesson comes) at once, then ``open`` (the host imports that game only now)."""
        if game == self.game:
            return
        self.game = game
        self.screen = self.screens[game]()
        self.view = self.shown = None
        self.live = False
        self.away.switched()
        self.waiting_for = None
        self.notice = ""
        self.saves = SaveKeeper(game)
        self.opened = False
        self.renderer.switched()
        self.moves.reset()
        self.suggestion.clear()
        self.review.clear()
        self._earlier_asked = None
        self._load_prefs()
        if kept:
            self.draw_kept_view()
        if self.shown is None and self.root is not None:
            bridge.set_html(self.root, self.loading_markup())
        if self.link.ready:
            self.send_open()

    def loading_markup(self):
        """The game's place while its first view is on the way: its name, not the landing page,
        and why there is no board yet (the wait indicator says what the page waits for)."""
        name = self.t("game." + self.game)
        why = self.t("wait.secret_game" if self.saves.has_save() else "wait.new_game")
        return (f'<div class="game game-{self.game} frame" data-game-loading="{self.game}" data-board="none">'
                f'<h1>{widgets.esc(name)}</h1>'
                f'<p class="status" role="status">{widgets.esc(why)}</p></div>')

    def _load_prefs(self):
        """A screen's view choices (Topologic: helper, letters) as the person left them."""
        text = bridge.storage.get(save_key(self.game) + ".prefs")
        if text is None:
            return
        try:
            prefs = json.loads(text)
        except ValueError:
            return
        if isinstance(prefs, dict):
            self.screen.set_prefs(prefs)

    def keep_prefs(self):
        prefs = self.screen.prefs()
        if prefs is not None:
            bridge.storage.set(save_key(self.game) + ".prefs", json.dumps(prefs))

    def t(self, key, **params):
        return self.texts.t(key, **params)

    def render(self):
        """Draws the view shown (render.py)."""
        self.renderer.render()

    def set_notice(self, text):
        """The notice line alone (a redraw of a record at the cap took a third of a second)."""
        self.notice = text
        if not self.renderer.notice_line(text):
            self.render()

    # -- start ----------------------------------------------------------------
    def draw_kept_view(self):
        kept = self.saves.kept_view()
        if kept is None or self.view is not None:
            return
        try:
            self.shown = kept
            self.away.kept_view(kept)
            self.moves.hold(kept.get("moves") or [], kept.get("moves_from") or 0)
            self.screen.show(kept, True)  # its legal moves: a person may move at once
            self.render()
        except Exception:  # a kept view that does not draw (tampered, or from another version)
            self.shown = None
            self.away.kept_view(None)
            self.screen.reset()
            self.saves.drop_kept_view()
            return
        self.mark_board_shown()

    def mark_board_shown(self):
        boot = bridge.window.spielstubeBoot
        if bridge.missing(getattr(boot, "boardShownAt", None)):
            boot.boardShownAt = bridge.now()

    def send_open(self):
        """``open`` with the save as stored (the host checks it before parsing it)."""
        # A restarted host gets the game as this page last had it (also when storage refused it).
        save, fields = self.saves.for_open((self.view or {}).get("save") if self.restarted else None)
        # moves_tail: the page keeps what it is sent, so views come in the page's form: each
        # move-list entry once, of a long game the newest first (move_window), the save and
        # record as texts after the view's JSON, not parsed (common/wire.py).
        fields.update(game=self.game, save=save, settings=None, moves_tail=WINDOW)
        if self.restarted:
            fields["after_restart"] = True
            self.restarted = False
        self.waiting_for = self.link.send("open", fields)  # its answer brings every entry (moves_from 0)

    def send_move(self, move):
        """A person's move: the board takes no input until the host answers it (or, the
        host away, until it is there and has taken the move held meanwhile)."""
        self.move_sent = self.send("move", {"move": move})
        if self.move_sent is None and len(self.away.held):
            self.screen.show_held(move)

    def ask_analysis(self):
        """``analyse`` for the position drawn when the screen wants one (Heptalion's panel,
        the puzzle's best possible); a refusal goes to the screen, not a toast."""
        fields = self.screen.analysis_request(self.shown) if learning.may_analyse(self) else None
        if fields is not None:
            self.send("analyse", fields, self._analysis_answered)

    def ask_suggestion(self):
        """``suggest`` for the present view; the host thinks while the board stays usable."""
        asking.ask(self, "suggest", self.suggestion, self._suggestion_answered)

    def _suggestion_answered(self, message):
        kind = message.get("type")
        if kind == "error":
            asking.refused(self, self.suggestion, message)
        elif kind == "suggestion" and message.get("game") == self.game and self.suggestion.take(message):
            self.suggestion_came()

    def suggestion_came(self):
        """The marks drawn, and the board brought into view: the button stands under the hand,
        the suggestion is on the board."""
        self.render()
        board_access.bring_into_view()

    def _analysis_answered(self, message):
        if message.get("type") == "error" and message.get("code") != "host.stale":
            self.screen.analysis_refused(message)
            self.render()

    def send(self, intent, fields=None, on_reply=None, versioned=True):
        """An intent about the present game (or the ``game`` the fields name: a page of a
        game's own); the version makes a late one stale. With the host away, one about the
        position is held (None is returned) until it is back."""
        fields = dict(fields or {})
        fields.setdefault("game", self.game)
        version = self.away.version()
        if versioned and version is not None:
            fields["version"] = version
        if not self.live and (intent in HELD or versioned):
            self.away.hold(intent, fields)
            return None
        request = self.link.send(intent, fields)
        self.away.track(request, intent, fields)
        if on_reply is not None:
            self.pending[request] = on_reply
        return request

    # -- messages -------------------------------------------------------------
    def on_message(self, message):
        kind = message.get("type")
        if kind == "ready":
            # On arrival, on the page's own clock (a message takes ~1 ms; the worker's clock has another origin).
            bridge.window.spielstubeBoot.workerReadyAt = bridge.now()
            if self.game is not None:
                self.send_open()
            elif not self.opened:
                self._mark_ready()  # the landing page: the host is ready for any game
            learning.ask_ids(self)
            return
        reply_to = message.get("reply_to")
        callback = self.pending.pop(reply_to, None) if reply_to is not None else None
        self.away.answered(reply_to)
        if reply_to is not None and reply_to == self.waiting_for:
            self.waiting_for = None
        if reply_to is not None and reply_to == self.move_sent:
            self.move_sent = None
        if kind == "view":
            self.accept(message["view"])
        elif kind == "moves":
            self.take_earlier(message)
        elif kind == "suggestion" and callback is None:  # pushed once the host has thought
            if message.get("game") == self.game and self.suggestion.take(message):
                self.suggestion_came()
        elif kind == "review" and callback is None:  # progress and the marks, pushed
            asking.take_review(self, message)
        elif kind == "analysis":
            if self.screen is not None and message.get("game") == self.game and self.screen.take_analysis(message):
                analysis.take(self, message)  # a progress push: only what it changed
        elif kind == "error":
            self.log.append({"error": message.get("code"), "reply_to": reply_to})
            if callback is None:
                self.say(self.texts.reason(message.get("code"), message.get("params"),
                                           message.get("message", "")))
            self.render()  # a refused new game no longer waits; the board is live again
        if callback is not None:
            callback(message)

    def accept(self, view):
        if view.get("game") != self.game:
            return
        self._take_moves(view)
        self.log.append({"version": view.get("version"), "moves": count_of(view),
                         "thinking": view.get("thinking"), "past": view.get("past")})
        if view.get("past") is not None:
            if self.view is not None and view.get("version") == self.view.get("version"):
                self.shown = view
                self.render()
                self.ask_analysis()
            return
        first = not self.opened  # a restarted host's first view is not a new start
        back = not self.live  # the host's first view after a reload or a restart
        viewing_past = self.shown is not None and self.shown.get("past") is not None
        same_game = self.view is not None and self.view.get("version") == view.get("version")
        self.view = view
        self.live = True
        self.suggestion.view(view.get("version"))  # a new position drops the suggestion
        self.review.view(view.get("version"))  # and a changed game (undo, new, load) its review
        if not (viewing_past and same_game):
            self.shown = view
        if back:
            self.away.back(view)
        self.screen.show(view, True)
        self._take_notice(view.get("notice"))
        learning.shown(self, view)  # (a lesson wanted once the game is there: the board waits for it)
        replaying.ask(self)  # (so is a replay)
        self.render()
        self.ask_analysis()
        self._to_keep = view  # stored in a task of its own: the drawing comes first
        bridge.call_soon(self._keep_soon)
        if first:
            self.opened = True
            self.mark_board_shown()
            self._mark_ready()
            for callback in self.on_first_view:
                callback()

    def _take_moves(self, view):
        """The view's new entries after those held; ``view.moves`` is then the whole list."""
        fitted = self.moves.take(view)
        if not fitted and self.waiting_for is None:  # (an open's answer brings every entry anyway)
            self.link.send("resend-moves", {"game": self.game})
        self._moves_to_view(view)
        view.pop("moves_from", None)
        self.ask_earlier(view.get("past"))

    def _moves_to_view(self, view):
        """``view.moves`` is then the window held, its first entry move ``moves_first``."""
        view["moves"] = self.moves.entries
        view["moves_first"] = self.moves.offset
        view["moves_count"] = self.moves.count()

    def ask_earlier(self, viewing=None):
        """Asks the host for the entries before the window that the list is to draw now."""
        wanted = self.moves.wanted(viewing)
        if wanted is not None and wanted != self._earlier_asked:
            self._earlier_asked = wanted
            self.send("earlier-moves", {"before": wanted[0], "count": wanted[1]}, versioned=False)

    def take_earlier(self, answer):
        """The host's answer to earlier-moves: the entries join the window, the list is drawn."""
        self._earlier_asked = None
        if answer.get("game") != self.game:
            return
        if not self.moves.prepend(answer):  # a view moved the window meanwhile: ask for its own
            self.ask_earlier((self.shown or {}).get("past"))
            return
        for view in (self.view, self.shown):
            if view is not None:
                self._moves_to_view(view)
        self.render()

    def _mark_ready(self):
        boot = bridge.window.spielstubeBoot
        if bridge.missing(getattr(boot, "readyAt", None)):
            boot.readyAt = bridge.now()
        bridge.document.body.setAttribute("data-app-state", "ready")

    def _take_notice(self, notice):
        if not notice:
            return
        if notice.get("key") == "host.save_unreadable":
            # The save did not replay: keep it aside (nothing lost), say why; with storage
            # full it stays where it is (saves.py) and is not sent again.
            held = self.saves.sent_text is not None
            aside = self.saves.unreadable()
            key = "save_corrupt_kept" if held and aside is None else "save_corrupt"
            self.say(self.t(key, reason=(notice.get("params") or {}).get("detail", "")))
            return
        self.say(self.texts.status(notice))

    def keep_pending(self):
        """Stores the view still waiting for its own task (also when the page goes: a reload or
        a closed tab drops that task, and with it the last move's save); never a lesson's or a replay's."""
        view, self._to_keep = self._to_keep, None
        if view is not None and not view.get("lesson") and not view.get("replay"):  # no game: the save stays
            self.keep(view)

    def keep(self, view):
        """Stores the save data and the public-safe view; says once when storage refuses."""
        was = self.saves.not_saved
        self.saves.keep(view)
        if self.saves.not_saved != was:
            if self.saves.not_saved:
                self.say(self.t("storage.not_saved"))
            self.render()

    def say(self, text, announce=False):
        """A toast; ``announce``: also told to screen readers in the page's live region (a
        toast that was hidden is not always read when it shows)."""
        toast = bridge.by_id("toast")
        if toast is None or not text:
            return
        if announce:
            region = bridge.by_id("announce")
            if region is not None:
                region.textContent = text
        toast.textContent = text
        toast.hidden = False
        bridge.cancel(self._toast_timer)
        self._toast_timer = bridge.later(TOAST_SECONDS, self._hide_toast)

    def _hide_toast(self):
        toast = bridge.by_id("toast")
        if toast is not None:
            toast.hidden = True
