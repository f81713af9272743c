"""The board workshop's page (``#heptalion/workshop?board=<code>``): taps and
buttons, the host's ``board`` reports, the address kept on the board's code
(so a reload or a shared link opens the same board). The markup is
heptalion_workshop's."""

import js

from ..common import bridge
from .board_url import DRAWN
from .workshop import ROUTE, Workshop, address

ROOT_ID = "workshop-screen"
GAME = "heptalion"
KEPT = "spielstube.workshop.rows"  # the board being edited, for a visit without a code


class WorkshopPage:
    def __init__(self, frame, frame_input):
        self.frame = frame
        self.frame_input = frame_input
        self.workshop = Workshop()
        self.root = bridge.by_id(ROOT_ID)
        self.installed = False

    def open(self, pairs):
        """Shown at ``pairs`` (the address's query): its code, else the board kept, else the original."""
        if not self.installed and self.root is not None:
            bridge.listen(self.root, "click", self.on_click)
            bridge.listen(self.root, "submit", self.on_submit)
            bridge.listen(self.root, "keydown", self.on_key)
            self.installed = True
        code = (pairs or {}).get("board")
        if code:
            if code != self.workshop.code():
                self.ask({"code": code})
        elif self.workshop.rows is None:
            kept = bridge.storage.get(KEPT)
            self.ask({"rows": kept.split("/")} if kept else {})
        self.draw()

    def ask(self, fields):
        """A report from the host; a refused code is said, and the board shown stays."""
        rows = fields.get("rows")

        def answered(message):
            if message.get("type") == "board":
                if rows is None or self.workshop.rows is None:  # a code or the original: a new board
                    self.workshop.set_board(message["rows"], message["report"])
                else:  # a report on a swap (one on rows swapped since is left aside)
                    self.workshop.take_report(message["rows"], message["report"])
                self.keep()
            elif message.get("type") == "error":
                texts = self.frame.texts
                self.frame.say(texts.t("workshop.bad_code", reason=texts.reason(
                    message.get("code"), message.get("params"), message.get("message", ""))))
                if self.workshop.rows is None:
                    self.ask({})
                    return
                self.keep()
            self.draw()

        # The host asks the game named (its rules' board_report), whatever game the frame shows.
        self.frame.send("board", dict(fields, game=GAME), answered, versioned=False)

    def keep(self):
        """The address and the store follow the board: a reload opens it again."""
        code = self.workshop.code()
        if self.workshop.rows is not None:
            bridge.storage.set(KEPT, "/".join(self.workshop.rows))
        if code and str(js.location.hash).lstrip("#").startswith(ROUTE):
            js.history.replaceState(None, "", address(code))

    def draw(self):
        if self.root is not None:
            bridge.set_html(self.root, self.workshop.markup(self.frame.texts))

    def on_click(self, event):
        target = bridge.closest(event.target, "[data-ws-cell],[data-ws-action],[data-ws-play]")
        if target is None:
            return
        if bridge.data(target, "ws-play") is not None:
            code = self.workshop.code()
            if code and self.workshop.rows is not None:
                DRAWN[code] = list(self.workshop.rows)  # the link's game is played as drawn
            return  # the link itself goes to the game
        cell = bridge.data(target, "ws-cell")
        if cell is not None:
            self.tap([int(v) for v in cell.split(",")])
            return
        action = bridge.data(target, "ws-action")
        if action == "original":
            self.ask({})
        elif action == "share":
            code = self.workshop.code()
            if code:
                self.frame_input.share(address(code))
        # "load" is the form's submit button: on_submit reads the field

    def on_key(self, event):
        key = str(event.key)
        target = bridge.closest(event.target, "[data-ws-cell]")
        if target is not None and key in ("Enter", " "):
            event.preventDefault()
            self.tap([int(v) for v in bridge.data(target, "ws-cell").split(",")])
            focus = bridge.query(f'[data-ws-cell="{bridge.data(target, "ws-cell")}"]', self.root)
            if focus is not None:
                focus.focus()

    def on_submit(self, event):
        event.preventDefault()
        field = bridge.query("[data-ws-form] input[name=code]", self.root)
        code = str(field.value).strip() if field is not None else ""
        if code:
            self.ask({"code": code})

    def tap(self, cell):
        outcome = self.workshop.tap(cell)
        if outcome == "swapped":
            self.ask({"rows": list(self.workshop.rows)})
        self.draw()
