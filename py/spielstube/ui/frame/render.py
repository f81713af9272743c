"""The frame's drawing: the status bar, board, panels, move list and hand-over
of the view shown, in one pass (MicroPython).

``Frame`` owns one ``Renderer``, which reads the frame's state (the views,
the screen, the texts, what waits for the host) and keeps only what drawing
needs: the move list kept on the page (kept_moves.py) and the last move told
to screen readers. It never sends an intent itself; screen_check, called at
the end of each drawing, sends the screen's ``check`` through the frame.
"""

from ..common import access, bridge, history_stats, lessons, move_window, rematch_score, widgets
from . import board_access, replaying, screen_check
from .kept_moves import KeptMoves


# Parameters of status texts that name a seat; the frame puts the seat's name in.
SEAT_PARAMS = ("seat", "to", "winner")


class Renderer:
    def __init__(self, frame):
        self.frame = frame
        self.announced = None  # (game, moves in the list) last told to screen readers
        self.moves = KeptMoves(frame)
        self._over_drawn = None  # the game whose end was drawn last (its end brings the board into view)

    def switched(self):
        """Another game on the page: its first view is no new move to announce."""
        self.announced = None

    def tell_window(self):
        """The window's size to the screen; -> True if its board is laid out by it."""
        return self.frame.screen.set_window(int(bridge.window.innerWidth), int(bridge.window.innerHeight))

    def status_text(self, view):
        texts, screen = self.frame.texts, self.frame.screen
        status = view.get("status") or {}
        params = {}
        for key, value in (status.get("params") or {}).items():
            params[key] = widgets.seat_name(texts, view, value) if key in SEAT_PARAMS and isinstance(value, int) else value
        if status.get("key") == "status.over":
            return screen.result_text(texts, view)
        shown = dict(view)
        shown["status"] = {"key": status.get("key", ""), "params": params}
        if status.get("key") == "status.move_cap":  # before any screen's own step: no move may follow
            return texts.status(shown["status"])
        return screen.status(texts, shown)

    def render(self):
        frame = self.frame
        view, root, screen = frame.shown, frame.root, frame.screen
        if view is None or root is None:
            return
        focused = self._focus_key()
        self.tell_window()
        texts = frame.texts
        past = view.get("past")
        away = frame.away
        held = len(away.held)
        # The board takes a person's choices: the host's present view, or (host away) the view
        # held for, whose intents are sent once the host is there.
        live = (away.may_play() and not held and past is None and frame.waiting_for is None
                and frame.move_sent is None)
        offers = frame.live or (live and bool(view.get("legal") or view.get("handover")))
        present = frame.view or view
        lesson = present.get("lesson") if frame.view is not None else None  # (a kept view has none)
        highlight = ()
        if past is not None:
            entry = frame.moves.entry(past) or {}
            highlight = set((c[0], c[1]) for c in entry.get("cells") or [])
        attrs = (f'data-game="{frame.game}" data-turn="{-1 if view.get("seat") is None else view.get("seat")}" '
                 f'data-ai-thinking="{"true" if present.get("thinking") is not None else "false"}" '
                 f'data-game-over="{"true" if view.get("result") else "false"}"'
                 + (f' data-viewing="{past}"' if past is not None else "")
                 + f' data-board="{"live" if frame.live else "kept"}"'
                 + ("" if offers else ' data-read-only="true"')
                 + (' data-busy="true"' if frame.move_sent is not None or held else "")
                 + (f' data-held="{held}"' if held else "")
                 + (f' data-lesson="{frame.game}/{lesson.get("n")}"' if lesson else ""))
        screen.frozen = not live
        screen.suggested(frame.suggestion.move(view))
        view, getting_ready = access.before_ready(texts, view, frame.live)
        if getting_ready is not None:
            attrs += ' data-getting-ready="true"'
        if frame.board_zoom:
            attrs += ' data-board-zoom="true"'
        if past is not None:
            status = ""
        elif held:
            status = away.status()
        elif frame.waiting_for is not None and frame.opened:
            status = frame.t("preparing_board")
        elif lesson and lesson.get("done"):
            status = ""  # the lesson's panel says it is done; no turn is to be taken
        else:
            status = getting_ready or self.status_text(view)
        moves_markup = self.moves.part(present, past)
        # The status (or the past move's banner), the screen's line under it (Topologic's
        # hint) and the notice over the status take a space kept for them above the board
        # (static/layout.css): the board stays where it is while a person plays.
        markup = (
            f'<div class="game game-{frame.game} frame" {attrs}>' + access.heading(texts, frame.game)
            + '<div class="layout">' + widgets.side_top(texts)
            + '<div class="board-wrap"><div class="status-bar" data-status-bar>'
            + (widgets.past_banner(texts, past) if past is not None else "")
            + (lessons.panel(texts, lesson) if lesson and past is None else "")
            + f'<p class="status" role="status" aria-live="polite">{widgets.esc(status)}</p>'
            + screen.status_extra(texts, view)
            + f'<p class="notice" aria-live="assertive">{widgets.esc(frame.notice)}</p>'
            + (f'<p class="not-saved" data-not-saved role="status">{widgets.esc(frame.t("storage.not_saved"))}</p>'
               if frame.saves.not_saved else "")
            + '</div>'
            + screen.board(texts, view, highlight) + '</div>'
            '<div class="side">'
            # A replay's steps first, and a game's while it shows a past position: on a phone
            # right under the board.
            + (replaying.side(frame, present, past) if present.get("replay") and frame.view is not None
               else self._past_steps(present, past))
            + f'<div class="players">{screen.panels(texts, view)}</div>'
            # Under the hand (it stays on a phone's first screen); ``live`` is False for a past
            # position: no suggestion while reviewing.
            + self._game_side(present, view, past, live)
            + moves_markup
            + access.zoom_button(texts, frame.board_zoom)
            + widgets.rules_button(texts, "" if lesson else lessons.learn_link(texts, frame.progress, frame.game))
            + '</div></div>'
            + (widgets.handover_screen(texts, view, lambda entry: screen.entry(texts, entry))
               if view.get("handover") and past is None else "")
            + '</div>')
        pan = board_access.pan_position(root)
        self.moves.draw(root, markup)
        for selector, what in frame.suggestion.selectors(view):
            for element in bridge.query_all(selector, root):
                element.classList.add("suggested")
                before = element.getAttribute("data-suggested")
                element.setAttribute("data-suggested", what if bridge.missing(before) else before + " " + what)
        if lesson and past is None and lesson.get("show") is not None and live:
            # What to tap next toward the lesson step's move (core/lessons.py; the host says which).
            for selector in screen.lesson_targets(lesson["show"]):
                for element in bridge.query_all(selector, root):
                    element.setAttribute("data-lesson-target", "")
        self.moves.place(past)
        board_access.keep_pan(root, pan, frame.t("access.board_pan"))
        if past is None:
            over = frame.game if view.get("result") else None
            if over is not None and over != self._over_drawn:
                board_access.bring_into_view()
            self._over_drawn = over
        self._restore_focus(focused)
        self._focus_next()
        self._focus_stepped_move()
        self.announced = board_access.announce(frame, present, past, self.announced)
        screen_check.ask(frame, live and frame.live)

    def _game_side(self, present, view, past, live):
        """What only a game has beside its board (a lesson has the way back to the game only):
        the suggestion, the game's end, the review and the controls."""
        frame, texts = self.frame, self.frame.texts
        if present.get("lesson") and frame.view is not None:
            return lessons.controls(texts)
        if present.get("replay") and frame.view is not None:
            return ""  # (its steps stand first beside the board)
        ended = bool(present.get("result"))
        review_part = widgets.review_panel(texts, present, frame.review, past, move_window.count_of(present),
                                           frame.live and frame.waiting_for is None)
        return (widgets.suggest_button(texts, present, live and frame.live, frame.suggestion)
                # under the hand and its suggestion, which stay on a phone's first screen; over
                # the game's end, whose result it counts
                + rematch_score.section(texts, view)
                + (frame.screen.game_over(texts, view) + history_stats.game_over_line(texts, view)
                   if past is None else "")
                + (widgets.history_link(texts) if ended and past is None else "")
                # Beside the game's end, and while stepping through the reviewed game; while the
                # game runs under the turn's controls, over the move list (the hand stays in view).
                + (review_part if ended else "")
                + widgets.controls(texts, self._controls_view(present, past, live and frame.live),
                                   live and frame.live)
                + ("" if ended else review_part))

    def _past_steps(self, present, past):
        """The stepping control while a game's past position is shown (a finished review
        has its own, beside its summary)."""
        if past is None or self.frame.view is None or self.frame.review.shows(present):
            return ""
        return widgets.past_steps(self.frame.texts, past, move_window.count_of(present))

    def _controls_view(self, present, past, live):
        """What the buttons are drawn from: Undo also takes back a turn being built."""
        if past is not None:
            return {"record": present.get("record")}
        if live and not present.get("can_undo") and self.frame.screen.turn_to_take_back():
            return dict(present, can_undo=True)
        return present

    def notice_line(self, text):
        """Puts ``text`` in the drawn notice line alone; -> False if there is none (draw it all)."""
        root = self.frame.root
        line = bridge.query(".status-bar .notice", root) if root is not None else None
        if line is None:
            return False
        line.textContent = text
        return True

    def _focus_next(self):
        """Where a screen wants the keyboard next (Schlangennest: card -> field -> Lay card)."""
        frame = self.frame
        selector = frame.screen.take_focus()
        if selector and frame.by_keyboard:
            element = bridge.query(selector, frame.root)
            if element is not None:
                element.focus()

    def _focus_stepped_move(self):
        """The entry an arrow key stepped to takes the focus once drawn; later redraws
        keep it there as any focus (_restore_focus)."""
        frame = self.frame
        if frame.focus_move is None:
            return
        # The start has no entry: the keyboard goes on from the stepping control's step forward.
        selector = ('.side .steps [data-action="step-forward"]' if frame.focus_move < 0
                    else f'[data-move-index="{frame.focus_move}"]')
        element = bridge.query(selector, frame.root)
        frame.focus_move = None
        if element is not None:
            element.focus()

    def _focus_key(self):
        active = bridge.document.activeElement
        for name in ("cell", "piece", "action", "move-index"):
            value = bridge.data(active, name)
            if value is not None:
                return name, value
        return None

    def _restore_focus(self, key):
        if key is None:
            return
        element = bridge.query(f'[data-{key[0]}="{key[1]}"]', self.frame.root)
        if element is not None:
            element.focus()
