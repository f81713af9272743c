"""Share links on index.html (MicroPython): ``#<game>?record=<text>&seats=<seats>``.

"Share" asks the host for the game as a share text (core/share.py: the
record deflated, in URL-safe base64, with a check) and its seats; when the
link would show something a player may not see yet (hidden hands, a
Topologic secret) the page warns before it makes it; Save record warns alike. The link is copied to
the clipboard where the browser allows it, else shown to copy by hand.
Opening such a link loads it in the host (``load`` with ``share``): a
damaged link is refused with a message and the game stays; a game in which
a person has moved is replaced only after confirming. The receiver plays on
and shares again: two people far apart play by sending the link back and forth.
"""

import js

from ..common import bridge, widgets

LINK_KEYS = ("record", "seats")


def page_address():
    return str(js.location.origin) + str(js.location.pathname)


def link_hash(game, text, seats):
    return "#" + game + "?record=" + text + "&seats=" + ",".join(seats)


class Sharing:
    """A part input.FrameInput owns; opening a link goes through ``address``
    (address.AddressSettings), which asks first when a person has moved."""

    def __init__(self, frame, address):
        self.frame = frame
        self.address = address
        self._waiting = None  # a link or file waiting for the person to accept the warning

    def t(self, key, **params):
        return self.frame.texts.t(key, **params)

    # -- making a link ------------------------------------------------------------
    def do_share_game(self):
        if self.frame.live:
            self.frame.send("share", on_reply=self._made, versioned=False)

    def _made(self, message):
        frame = self.frame
        if message.get("type") != "share":
            frame.say(frame.texts.reason(message.get("code"), message.get("params"), message.get("message", "")))
            return
        url = page_address() + link_hash(frame.game, str(message.get("text")), message.get("seats") or [])
        if message.get("reveals_secrets"):
            self._waiting = lambda: self.offer(url)
            self._warn("share", "data-share-warning", "make-share-link")
            return
        self.offer(url)

    def _warn(self, what, attribute, action):
        """Asks first: the link or file holds what a player may not see yet (this game's words)."""
        game = self.frame.game or ""
        key = what + ".reveals." + game
        text = self.t(key if self.frame.texts.has(key) else what + ".reveals")
        self._dialog(
            f'<form method="dialog" class="setup" {attribute}><p>{widgets.esc(text)}</p>'
            '<div class="dialog-buttons">'
            f'<button type="button" data-action="cancel-dialog">{widgets.esc(self.t("cancel"))}</button>'
            f'<button type="button" class="primary" data-action="{action}">'
            f'{widgets.esc(self.t(what + ".make_anyway"))}</button></div></form>')

    # -- saving a record ------------------------------------------------------------
    def save_record(self, record):
        """Save record: the file holds the whole game, so it warns as Share does when a
        secret is in it (the host says so in its share answer)."""
        frame = self.frame
        if not frame.live:
            frame.say(self.t("frame.wait_for_host"))
            return

        def checked(message):
            if message.get("type") == "share" and message.get("reveals_secrets"):
                self._waiting = lambda: self._download(record)
                self._warn("save", "data-save-warning", "save-anyway")
                return
            self._download(record)

        frame.send("share", on_reply=checked, versioned=False)

    def _download(self, record):
        bridge.download(self.frame.game + "-record.json", record)

    def _accepted(self):
        """The warning accepted: what waited on it (a link or a file) goes ahead."""
        waiting, self._waiting = self._waiting, None
        bridge.by_id("dialog").close()
        if waiting is not None:
            waiting()

    def do_make_share_link(self):
        self._accepted()

    def do_save_anyway(self):
        self._accepted()

    def offer(self, url):
        """Copies ``url`` to the clipboard, or shows it to copy by hand."""
        frame = self.frame

        def copied(*_result):
            frame.say(self.t("share.copied", url=url))

        def failed(*_error):
            frame.say(self.t("share.copy_failed", url=url))
            self.show_link(url)

        try:
            js.navigator.clipboard.writeText(url).then(bridge.proxy(copied), bridge.proxy(failed))
        except Exception:  # no clipboard here (an old browser, a plain http page)
            failed()

    def show_link(self, url):
        self._dialog(
            f'<form method="dialog" class="setup share-link" data-share-dialog>'
            f'<p>{widgets.esc(self.t("share.copy_by_hand"))}</p>'
            f'<input type="text" readonly data-share-link value="{widgets.esc(url)}"'
            f' aria-label="{widgets.esc(self.t("share.link"))}">'
            '<div class="dialog-buttons">'
            f'<button type="button" class="primary" data-action="cancel-dialog">{widgets.esc(self.t("close"))}</button>'
            '</div></form>')
        field = bridge.query("[data-share-link]")
        if field is not None:
            field.focus()
            field.select()

    def _dialog(self, markup):
        dialog = bridge.by_id("dialog")
        bridge.set_html(dialog, markup)
        if not dialog.open:
            dialog.showModal()

    # -- opening a link --------------------------------------------------------------
    def open_link(self, pairs):
        """``#<game>?record=...``: the shared game, after a confirmation if a person has moved here."""
        frame = self.frame
        self.address.settle_address()  # a reload resumes the game, whether it opened or not
        unknown = [key for key in pairs if key not in LINK_KEYS]
        if unknown:
            frame.say(self.t("url.unknown_key", key=unknown[0]))
            return
        seats = pairs.get("seats")
        seats = [s.strip() for s in seats.split(",")] if seats else None
        self.address.replace_after_confirming(lambda: self._load(pairs.get("record") or "", seats))

    def _load(self, text, seats):
        frame = self.frame

        def answered(message):
            if message.get("type") == "view":
                seats = (message.get("view") or {}).get("seats") or []
                against = any(seat.get("kind") == "ai" for seat in seats)  # nobody to share it back to
                frame.notice = self.t("share.opened_here" if against else "share.opened")
                frame.render()
                return
            reason = frame.texts.reason(message.get("code"), message.get("params"), message.get("message", ""))
            frame.say(self.t("share.unreadable", reason=reason))

        fields = {"share": text}
        if seats is not None:
            fields["seats"] = seats
        frame.screen.reset()
        frame.shown = frame.view
        frame.waiting_for = frame.send("load", fields, answered, versioned=False)
        frame.render()
