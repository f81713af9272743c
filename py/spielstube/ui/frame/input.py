"""What a person does on index.html, for every game alike: clicks, keys,
the new-game dialog, URL settings, records in and out, the language, the
way to the rules and back, and the page hooks (window.spielstube.record() / load(json) / log()).

``FrameInput`` owns two parts: ``address`` (address.py: settings from the
address, and the confirmation before a game a person has moved in is
replaced) and ``sharing`` (share.py: share links)."""

import json

import js

from ..common import bridge, move_window, new_game_dialog
from . import asking, board_access, dialog_fields, learning, presses, replaying, stepping
from .address import AddressSettings
from .share import Sharing, page_address

LANG_KEY = "spielstube.lang"
TARGETS = "[data-action],[data-piece],[data-cell],[data-move-index]"


class FrameInput:
    def __init__(self, frame):
        self.frame = frame
        self.address = AddressSettings(frame, self.start_game, self.show_dialog, self._open_link)
        self.sharing = Sharing(frame, self.address)
        self.dialog_settings = None  # the settings the new-game dialog shows
        self.router = None  # routes.Router, which routes the address changes

    @property
    def texts(self):
        return self.frame.texts

    def install(self):
        bridge.listen(bridge.document, "click", self.on_click)
        presses.install(TARGETS, self.pressed_across_a_redraw)
        bridge.listen(bridge.document, "keydown", self.on_key)
        bridge.listen(bridge.document, "change", self.on_change)
        bridge.listen(bridge.document, "input", self.on_input)
        bridge.listen(js.window, "resize", self.on_resize)
        bridge.listen(js.window, "pagehide", lambda event: self.frame.keep_pending())
        hooks = bridge.js_object()
        hooks.record = bridge.proxy(self.record_text)
        # The promise is made in JS: one returned from Python came back undefined on the first load.
        hooks.load = js.Function.new("load", "return (text) => new Promise((resolve) => load(text, resolve))")(
            bridge.proxy(self.load_record))
        hooks.log = bridge.proxy(lambda: json.dumps(self.frame.log))
        bridge.window.spielstube = hooks
        self.frame.on_first_view.append(self.address.apply_url_settings)

    # -- events -------------------------------------------------------------------
    def on_click(self, event):
        target = bridge.closest(event.target, TARGETS)
        if target is None:
            return
        detail = getattr(event, "detail", None)
        self.frame.by_keyboard = bridge.missing(detail) or detail == 0  # Enter or Space on a button
        self.activate(target)

    def pressed_across_a_redraw(self, target):
        self.frame.by_keyboard = False
        self.activate(target)

    def on_key(self, event):
        if not self.frame.on_screen:
            return  # the landing or rules page: no game takes keys
        key = str(event.key)
        if (event.ctrlKey or event.metaKey) and key in ("z", "Z", "y", "Y"):
            event.preventDefault()
            self.action("undo" if key in ("z", "Z") else "redo")
            return
        typing = str(event.target.tagName).upper() in ("INPUT", "SELECT", "TEXTAREA") if event.target else False
        handled = self.frame.screen.key(key) if self._may_act() and not typing else None
        if handled is not None:  # the screen's own keys (Topologic: digits choose a seeker)
            self._carry_out(handled)
            return
        if not typing and (stepping.on_entry(self.frame, event, key) or stepping.key(self.frame, event, key)):
            return
        if key == "Escape":
            self.frame.screen.reset()
            self.frame.render()
            return
        if key in ("Enter", " "):
            target = bridge.closest(event.target, "[data-piece],[data-cell],[data-move-index]")
            if target is not None and str(target.tagName).lower() != "button":
                event.preventDefault()  # a field or move-list entry acts like a button
                self.frame.by_keyboard = True
                self.activate(target)

    def on_change(self, event):
        dialog_fields.changed(self, event.target, False)

    def on_input(self, event):
        dialog_fields.changed(self, event.target, True)

    def activate(self, target):
        frame = self.frame
        action = bridge.data(target, "action")
        if action == "pace":
            self.do_pace(bridge.data(target, "pace"))
            return
        if action is not None:
            self.action(action)
            return
        index = bridge.data(target, "move-index")
        if index is not None:
            if int(index) >= move_window.count_of(frame.view or {}) - 1:
                stepping.back_to_present(frame)  # the newest move's position is the game itself
            elif frame.live:
                frame.send("view-past", {"index": int(index)}, versioned=False)
            return
        if not frame.on_screen:
            return
        if len(frame.away.held):
            frame.notice = frame.t("held.wait")  # one held at a time: the host answers it first
            frame.render()
            return
        may_play = frame.away.may_play()
        if not may_play or frame.waiting_for is not None or (frame.shown or {}).get("past") is not None:
            frame.notice = frame.t("frame.wait_for_host") if not may_play else ""
            frame.render()
            return
        piece = bridge.data(target, "piece")
        if piece is not None:  # a player with two snakes names the colour too
            notice, move = frame.screen.tap_piece(piece, bridge.data(target, "colour"))
        else:
            cell = [int(v) for v in bridge.data(target, "cell").split(",")]
            notice, move = frame.screen.tap_cell(cell)
        frame.notice = self._notice(notice)
        if move is not None:
            frame.send_move(move)
        frame.render()

    def _notice(self, key):
        if not key:
            return ""
        return self.frame.screen.notice_text(self.texts, key)

    def _may_act(self):
        frame = self.frame  # (nobody acts in a replay)
        return (frame.away.may_play() and not len(frame.away.held) and frame.waiting_for is None
                and (frame.shown or {}).get("past") is None and not replaying.replayed(frame))

    def on_resize(self, event):
        frame = self.frame
        if frame.screen is not None and frame.shown is not None and frame.renderer.tell_window():
            frame.render()

    def action(self, name):
        # A replay's steps, and a review's or a past position's (other steps: the puzzle's own);
        # a lesson's way on or back.
        if replaying.act(self.frame, name) or asking.act(self.frame, name) or learning.act(self.frame, name):
            return
        method = "do_" + name.replace("-", "_")
        handler = getattr(self, method, None) or getattr(self.sharing, method, None)
        if handler is not None:
            handler()
            return
        if self.frame.on_screen and self._may_act():
            outcome = self.frame.screen.act(name, self._present())
            if outcome is not None:
                self._carry_out(outcome)

    def _carry_out(self, outcome):
        """A screen's answer to an action or key: (notice key, request) -> the intent it asks for."""
        notice, request = outcome
        frame = self.frame
        frame.notice = self._notice(notice)
        frame.keep_prefs()
        if request is not None:
            kind, value = request
            if kind == "move":
                frame.send_move(value)
            elif kind == "new":
                self.start_game(value)
                return
            elif kind == "share":
                self.share(value)
            elif kind == "analyse":
                frame.ask_analysis()
            elif kind == "stop":
                frame.send("stop", versioned=False)
            else:
                frame.send(value)
        frame.render()

    def share(self, hash_text):
        """Copies this page's address with ``hash_text`` (a board code, say), or shows it."""
        self.sharing.offer(page_address() + hash_text)

    # -- actions --------------------------------------------------------------------
    def _present(self):
        return self.frame.view or {}

    def do_earlier_moves(self):
        """MORE entries more: those held at once, the rest when the host sends them."""
        self.frame.moves.show_more()
        self.frame.ask_earlier((self.frame.shown or {}).get("past"))
        self.frame.render()

    def do_undo(self):
        screen = self.frame.screen
        if self.frame.on_screen and self._may_act() and screen.turn_to_take_back():
            screen.take_back_turn()  # a turn not yet sent goes back first (Topologic: a hint stands)
            self.frame.render()
            return
        if self.frame.live and self._present().get("can_undo"):
            self.frame.send("undo")

    def do_redo(self):
        view = self._present()
        if self.frame.live and view.get("can_redo") and view.get("thinking") is None:
            self.frame.send("redo")

    def do_pause(self):
        self.frame.send("pause", versioned=False)

    def do_resume(self):
        self.frame.send("resume", versioned=False)

    def do_pace(self, seconds=None):
        try:
            value = float(seconds)
        except (TypeError, ValueError):
            return
        self.frame.send("pace", {"seconds": value}, versioned=False)

    def do_suggest(self):
        if self._may_act():
            self.frame.ask_suggestion()
            self.frame.render()

    def do_handover_done(self):
        self.frame.send("handover-done")

    def do_computer_again(self):
        self.frame.send("computer-again")

    def do_back_to_present(self):
        stepping.back_to_present(self.frame)

    def do_rematch(self):
        """The same settings again; the host picks who starts from the lowest rank."""
        if self.frame.live and self._present().get("result"):
            self.start_game(None, "rematch")

    def do_new_game(self):
        if self.frame.live:
            self.show_dialog(self._present().get("settings") or {})

    def do_cancel_dialog(self):
        bridge.by_id("dialog").close()

    def do_start_game(self):
        form = bridge.query("[data-new-game-form]")
        values = self._form_values(form)
        if dialog_fields.refused(form, values, self._schema()):
            return  # said at the field; the dialog stays open
        settings = new_game_dialog.settings_from_form(values, self._schema(), self._levels())
        bridge.by_id("dialog").close()
        self.start_game(settings)

    def do_replace_game(self):
        self.address.replace_confirmed()

    def do_keep_game(self):
        self.address.keep_game()

    def do_export(self):
        record = self._present().get("record")
        if record:
            self.sharing.save_record(record)

    def do_import(self):
        bridge.choose_text_file(".json,application/json", self.load_record)

    def do_language(self):
        texts = self.texts
        texts.lang = "de" if texts.lang == "en" else "en"
        bridge.storage.set(LANG_KEY, texts.lang)
        bridge.document.documentElement.lang = texts.lang
        for element in bridge.query_all("[data-i18n]"):
            element.textContent = texts.t(str(element.getAttribute("data-i18n")))
        self.frame.render()
        self.router.refresh()

    def do_rules(self):
        js.location.hash = (self.frame.game or "") + "/rules"

    def do_back_to_game(self):
        js.location.hash = self.router.game_of_rules()

    def do_retry(self):
        js.location.reload()

    def start_game(self, settings, intent="new", on_refused=None):
        """``new`` with ``settings`` (or ``rematch``); ``on_refused`` hears the host's answer."""
        frame = self.frame
        frame.screen.reset()
        frame.notice = ""
        frame.shown = frame.view
        fields = {"settings": settings} if intent == "new" else {}
        frame.waiting_for = frame.send(intent, fields, on_refused, versioned=intent != "new")
        frame.render()
        board_access.bring_into_view()

    def _open_link(self, pairs):
        self.sharing.open_link(pairs)

    # -- the dialog ------------------------------------------------------------------
    def _schema(self):
        return self._present().get("schema") or []

    def _levels(self):
        return new_game_dialog.levels_of(self._present())

    def show_dialog(self, settings, typing=None):
        """The new-game dialog for ``settings``; ``typing``: the field the person types in
        keeps the keyboard, the caret at its end."""
        dialog = bridge.by_id("dialog")
        title = self.texts.t("new_game") + ": " + self.texts.t("game." + self.frame.game)
        # (set first: the field typed in, taken out below, fires its change on the blur)
        self.dialog_settings = settings
        bridge.set_html(dialog, new_game_dialog.dialog_markup(self.texts, title, self._schema(),
                                                              self._levels(), settings, self.frame.game))
        if not dialog.open:
            dialog.showModal()
        dialog_fields.keep_typing(dialog, typing)

    def _form_values(self, form):
        values = {}
        elements = form.elements
        for i in range(elements.length):
            element = elements.item(i)
            name = str(element.name or "")
            kind = str(element.type or "")
            if not name or (kind in ("checkbox", "radio") and not element.checked):
                continue
            values[name] = str(element.value)
        return values

    # -- records ----------------------------------------------------------------------
    def record_text(self):
        return self._present().get("record")

    def load_record(self, text, resolve=None):
        """window.spielstube.load(json): calls ``resolve`` with true (loaded) or false (refused, said why)."""
        frame = self.frame
        done = resolve if resolve is not None else (lambda loaded: None)
        text = "" if bridge.missing(text) else str(text)  # the host checks it (size and depth first)

        def answered(message):
            if message.get("type") == "view":
                frame.set_notice(frame.t("record_loaded"))  # the view is drawn already: only its notice
                done(True)
                return
            reason = self.texts.reason(message.get("code"), message.get("params"), message.get("message", ""))
            if frame.notice:  # an earlier "Record loaded." must not stand beside this refusal
                frame.set_notice("")
            frame.say(self.texts.t("record_unreadable", reason=reason))
            done(False)

        frame.screen.reset()
        frame.shown = frame.view
        frame.waiting_for = frame.send("load", {"record": text}, answered, versioned=False)
        board_access.bring_into_view()
