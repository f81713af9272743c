"""The suggested move on the page (``[data-action=suggest]``, docs/host-protocol.md
§7): what was asked for which version, and what to mark once the host answers.

The host thinks in the background (the board stays usable) and answers with
the move and what carries it on the page: pieces (``data-piece``, with
``data-colour``) and fields (``data-cell``). Those get the class
``suggested``. A view of another version drops the suggestion, so a late
answer for a position that went is never shown.

Pure (no browser): runs on CPython and MicroPython.
"""

WORKING = "working"
DONE = "done"


class Suggestion:
    def __init__(self):
        self.version = None  # the version asked for (None: nothing asked)
        self.state = None  # WORKING, DONE or None
        self.marks = None  # the host's suggestion: {"move", "pieces", "cells"}

    def clear(self):
        self.version = self.state = self.marks = None

    def view(self, version):
        """A present view: a suggestion for another version goes."""
        if self.version is not None and version != self.version:
            self.clear()

    def may_ask(self, view):
        """Whether the button asks now: the host offers it and nothing is asked for this view."""
        return bool(view.get("can_suggest")) and self.version != view.get("version")

    def asked(self, version):
        self.version, self.state, self.marks = version, WORKING, None

    def take(self, message):
        """The host's ``suggestion`` message; -> True if it changed what is shown."""
        if message.get("version") != self.version or self.version is None:
            return False
        if message.get("state") == DONE and isinstance(message.get("suggestion"), dict):
            self.state, self.marks = DONE, message["suggestion"]
            return True
        return False

    def refused(self):
        """The host refused the ask: the button may ask again."""
        self.clear()

    def button_key(self):
        """The text of the button now."""
        return {WORKING: "suggest.working", DONE: "suggest.shown"}.get(self.state, "suggest.button")

    def move(self, view):
        """The suggested move if it is for ``view`` (the present one), else None."""
        return self.marks.get("move") if self._shows(view) else None

    def _shows(self, view):
        return self.state == DONE and view.get("past") is None and view.get("version") == self.version

    def selectors(self, view):
        """(CSS selector, what it is) of what carries the suggestion in ``view`` (the present
        one only): "piece", or a field's place in the move's list (Topologic: the seeker),
        which the page puts in ``data-suggested``."""
        if not self._shows(view):
            return []
        out = []
        for piece in self.marks.get("pieces") or []:
            selector = f'[data-piece="{piece.get("piece")}"]'
            if piece.get("colour") is not None:
                selector += f'[data-colour="{piece["colour"]}"]'
            out.append((selector, "piece"))
        for index, cell in enumerate(self.marks.get("cells") or []):
            out.append((f'[data-cell="{cell[0]},{cell[1]}"]', str(index)))
        return out
