"""The frame's drawing: the status bar, board, panels, move list and hand-over
of the view shown, in one pass (MicroPython).

``Frame`` inherits it; everything here reads the frame's state and never
sends an intent (screen_check asks the host itself).
"""

from . import access, bridge, frame_access, screen_check, widgets


# Parameters of status texts that name a seat; the frame puts the seat's name in.
SEAT_PARAMS = ("seat", "to", "winner")


class FrameRender:
    def status_text(self, view):
        status = view.get("status") or {}
        params = {}
        for key, value in (status.get("params") or {}).items():
            params[key] = widgets.seat_name(self.texts, view, value) if key in SEAT_PARAMS and isinstance(value, int) else value
        if status.get("key") == "status.over":
            return getattr(self.screen, "result_text", widgets.result_text)(self.texts, view)
        shown = dict(view)
        shown["status"] = {"key": status.get("key", ""), "params": params}
        return self.screen.status(self.texts, shown)

    def render(self):
        view = self.shown
        if view is None or self.root is None:
            return
        focused = self._focus_key()
        if hasattr(self.screen, "viewport"):  # a screen that lays its board out by the window's shape
            self.screen.viewport = (int(bridge.window.innerWidth), int(bridge.window.innerHeight))
        texts = self.texts
        past = view.get("past")
        live = self.live and past is None and self.waiting_for is None and self.move_sent is None
        present = self.view or view
        highlight = ()
        if past is not None:
            entry = (view.get("moves") or [])[past]
            highlight = set((c[0], c[1]) for c in entry.get("cells") or [])
        attrs = (f'data-game="{self.game}" data-turn="{-1 if view.get("seat") is None else view.get("seat")}" '
                 f'data-ai-thinking="{"true" if present.get("thinking") is not None else "false"}" '
                 f'data-game-over="{"true" if view.get("result") else "false"}"'
                 + (f' data-viewing="{past}"' if past is not None else "")
                 + ("" if self.live else ' data-read-only="true"')
                 + (' data-busy="true"' if self.move_sent is not None else ""))
        self.screen.frozen = not live
        view, getting_ready = access.before_ready(texts, view, self.live)
        if getting_ready is not None:
            attrs += ' data-getting-ready="true"'
        if self.board_fit:
            attrs += ' data-board-fit="true"'
        if past is not None:
            status = ""
        elif self.waiting_for is not None and self.opened:
            status = self.t("preparing_board")
        else:
            status = getting_ready or self.status_text(view)
        extra = getattr(self.screen, "status_extra", None)
        # The status, the screen's line under it (Topologic's hint) and the notices stay
        # together at the top, in view while the person scrolls to the board or hand.
        markup = (
            f'<div class="game game-{self.game} frame" {attrs}>' + access.heading(texts, self.game)
            + (widgets.past_banner(texts, past) if past is not None else "")
            + '<div class="layout"><div class="board-wrap"><div class="status-bar" data-status-bar>'
            f'<p class="status" role="status" aria-live="polite">{widgets.esc(status)}</p>'
            + (extra(texts, view) if extra is not None else "")
            + f'<p class="notice" aria-live="assertive">{widgets.esc(self.notice)}</p>'
            + (f'<p class="not-saved" data-not-saved role="status">{widgets.esc(self.t("storage.not_saved"))}</p>'
               if self.saves.not_saved else "")
            + '</div>'
            + self.screen.board(texts, view, highlight) + access.fit_button(texts, self.board_fit) + '</div>'
            '<div class="side">'
            f'<div class="players">{self.screen.panels(texts, view)}</div>'
            + (getattr(self.screen, "game_over", widgets.game_over_panel)(texts, view) if past is None else "")
            + widgets.controls(texts, present if past is None else {"record": present.get("record")}, live)
            + widgets.move_list(texts, present, lambda e: self.screen.entry(texts, e), past)
            + widgets.rules_button(texts)
            + '</div></div>'
            + (widgets.handover_screen(texts, view) if view.get("handover") and past is None else "")
            + '</div>')
        pan = frame_access.pan_position(self.root)
        bridge.set_html(self.root, markup)
        self._scroll_moves(past)
        frame_access.keep_pan(self.root, pan, self.t("access.board_pan"))
        self._restore_focus(focused)
        self._focus_next()
        self.announced = frame_access.announce(self, present, past, self.announced)
        screen_check.ask(self, live)

    def _focus_next(self):
        """Where a screen wants the keyboard next (Schlangennest: card -> field -> Lay card)."""
        selector = getattr(self.screen, "take_focus", lambda: None)()
        if selector and self.by_keyboard:
            element = bridge.query(selector, self.root)
            if element is not None:
                element.focus()

    def _scroll_moves(self, past):
        box = bridge.query("[data-move-list]", self.root)
        if box is None:
            return
        chosen = bridge.query(f'[data-move-index="{past}"]', box) if past is not None else None
        if chosen is not None:
            box.scrollTop = chosen.offsetTop - box.offsetTop
        else:
            box.scrollTop = box.scrollHeight  # the newest move in sight

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
        element = bridge.query(f'[data-{key[0]}="{key[1]}"]', self.root)
        if element is not None:
            element.focus()
