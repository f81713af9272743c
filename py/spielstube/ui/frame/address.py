"""URL settings on index.html: ``#<game>?<settings>`` starts a new game
(after a confirmation when a person has moved); a bad value, or one the host
refuses (a mistyped board code), names itself and opens the new-game dialog.

A part that input.FrameInput owns. It reads the frame's present view and
calls back what input does: ``start(settings, on_refused=...)`` starts a
new game, ``show_dialog(settings)`` opens the new-game dialog, ``open_link(pairs)``
opens a shared game (share.py)."""

import js

from ..common import bridge, new_game_dialog, url_settings, widgets


class AddressSettings:
    def __init__(self, frame, start, show_dialog, open_link):
        self.frame = frame
        self._start = start
        self._show_dialog = show_dialog
        self._open_link = open_link
        self._replacing = None  # what the address asks for, waiting for the person to confirm

    def _present(self):
        return self.frame.view or {}

    def apply_url_settings(self):
        frame = self.frame
        game, pairs = url_settings.split_hash(str(js.location.hash))
        if pairs is None or game != frame.game or not frame.live:
            return
        if "record" in pairs:  # a shared game (share.py)
            self._open_link(pairs)
            return
        view = self._present()
        schema = view.get("schema") or []
        pairs, setup = frame.screen.split_url_pairs(pairs)
        try:
            settings = url_settings.parse_settings(pairs, schema, new_game_dialog.levels_of(view),
                                                   view.get("settings"))
            if setup is not None:  # keys that fix the setup (Topologic: board=<code>)
                settings = frame.screen.with_setup(settings, setup, schema)
        except url_settings.SettingsError as exc:
            self.settle_address()
            frame.say(frame.t(exc.key, **exc.params))
            self._show_dialog(view.get("settings") or {})
            return
        self.replace_after_confirming(lambda: self._start(settings, on_refused=self._refused), settle=True)

    def replace_after_confirming(self, carry_out, settle=False):
        """``carry_out()`` now, or after a confirmation when a person has moved in the game
        (``settle``: the address keeps what it asks for until then, so a reload asks again)."""
        view = self._present()
        kinds = widgets.seat_kinds(view)
        by_person = [e for e in view.get("moves") or []
                     if isinstance(e.get("seat"), int) and e["seat"] < len(kinds)
                     and kinds[e["seat"]] == "human"]
        if view.get("moves_first") and "human" in kinds:
            by_person = True  # the entries before the window are at the host: a person may have moved
        if by_person and not view.get("result"):
            self._replacing = carry_out
            dialog = bridge.by_id("dialog")
            t = self.frame.t
            bridge.set_html(dialog, widgets.confirm_dialog("data-confirm-replace", t("frame.replace_game"),
                                                           ("keep-game", t("frame.keep_game")),
                                                           ("replace-game", t("frame.replace_yes"))))
            dialog.showModal()
            return
        if settle:
            self.settle_address()
        carry_out()

    def replace_confirmed(self):
        """``replace-game``: what the address asked for replaces the game."""
        self.settle_address()
        bridge.by_id("dialog").close()
        if self._replacing is not None:
            self._replacing()
        self._replacing = None

    def keep_game(self):
        """``keep-game``: the game stays, and a reload resumes it."""
        self.settle_address()
        self._replacing = None
        bridge.by_id("dialog").close()

    def settle_address(self):
        js.history.replaceState(None, "", "#" + self.frame.game)  # a reload resumes, not restarts

    def _refused(self, message):
        """The host refused the address's settings (a mistyped board code): why, and the dialog."""
        if message.get("type") == "error":
            frame = self.frame
            frame.say(frame.texts.reason(message.get("code"), message.get("params"),
                                         message.get("message", "")))
            self._show_dialog(self._present().get("settings") or {})
