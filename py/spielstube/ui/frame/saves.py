"""What the page keeps per game in localStorage (MicroPython), and what it
does with a save it cannot use.

``spielstube.play.<game>`` holds the host's save as JSON text, handed back
to the host untouched at ``open`` (the host checks size and depth before it
parses; the page never parses a save). A save of the page before the frame,
``spielstube.<game>``, is handed over once with ``save_from: "old-page"``
when there is no new one. A save the host could not restore is set aside
under ``<key>.corrupt`` (``.corrupt.2`` ... if that is taken), so nothing
is lost. ``not_saved`` tells the frame that the last save could not be
written (storage full or blocked).
"""

import json

from ..common import bridge, move_window, widgets

ASIDE_SLOTS = 20
# key -> a save the host could not restore that could not be set aside either (storage
# full): it stays at its key, is not sent again while this page lives (the message would
# repeat at every open) and no new save is written over it (nothing is lost).
_HELD_BAD = {}


def save_key(game):
    return "spielstube.play." + game  # apart from the old page's "spielstube.<game>"


def old_page_key(game):
    return "spielstube." + game


def set_aside(key, text):
    """Moves ``text`` (held at ``key``) to a free ``<key>.corrupt`` key; the key used, or None."""
    storage = bridge.storage
    for n in range(1, ASIDE_SLOTS + 1):
        aside = key + ".corrupt" + ("" if n == 1 else "." + str(n))
        held = storage.get(aside)
        if held is None or held == text:
            if not storage.set(aside, text):
                return None  # storage full: the save stays where it is, nothing is lost
            if storage.get(key) == text:
                storage.remove(key)
            return aside
    return None


class SaveKeeper:
    """One game's keys: what was handed to the host, and whether keeping works."""

    def __init__(self, game):
        self.game = game
        self.sent_key = None  # the key whose text went to the host at open
        self.sent_text = None
        self.not_saved = False  # the last save could not be written

    def has_save(self):
        """A game of this kind was saved here (its kept view may be missing: it keeps secrets)."""
        return bridge.storage.get(save_key(self.game)) is not None

    def for_open(self, last=None):
        """(save text or None, fields for ``open``): ``last`` (the save in the last view of a
        host that died: the game as this page has it, even when storage refused it), else the
        new save, else an old page's one."""
        fields = {}
        key = save_key(self.game)
        text = last if isinstance(last, str) else bridge.storage.get(key)
        if text is None:
            key = old_page_key(self.game)
            text = bridge.storage.get(key)
            if text is not None:
                fields["save_from"] = "old-page"
        if text is not None and _HELD_BAD.get(key) == text:
            text, fields = None, {}  # said once already: a fresh game, the save stays put
        self.sent_key = key if text is not None else None
        self.sent_text = text
        return text, fields

    def unreadable(self):
        """The host could not restore the save sent: it goes aside; the key it went to."""
        if self.sent_text is None:
            return None
        aside = set_aside(self.sent_key, self.sent_text)
        if aside is None:
            _HELD_BAD[self.sent_key] = self.sent_text
            self.not_saved = True  # nothing is saved over it: its message says so, not a second one
        self.sent_key = self.sent_text = None
        return aside

    def _bad_save_in_the_way(self):
        """True while a save that could not be set aside still holds the key (tried again
        here: once there is room it goes aside and the new save may be written)."""
        key = save_key(self.game)
        text = _HELD_BAD.get(key)
        if text is None:
            return False
        if bridge.storage.get(key) == text and set_aside(key, text) is None:
            return True
        del _HELD_BAD[key]
        return False

    def keep(self, view):
        """Stores the save (and the view when it shows nothing a second person may not see).
        False when the save could not be written (``not_saved`` says so until it works again)."""
        saved = True
        if view.get("save") is not None and self._bad_save_in_the_way():
            saved = False
        elif view.get("save") is not None:
            save = view["save"]  # the host's text (the page's form), else an object
            saved = bridge.storage.set(save_key(self.game), save if isinstance(save, str) else json.dumps(save))
            if saved and self.sent_key == old_page_key(self.game):
                bridge.storage.remove(self.sent_key)  # moved into the new save
                self.sent_key = None
        if saved and (view.get("viewer") is None or widgets.seat_kinds(view).count("human") <= 1):
            # With its legal moves and version: after a reload a person moves on it at once (the
            # move is held until the host shows this very position, away.py).
            kept = {}
            for key, value in view.items():
                if key not in ("save", "record"):
                    kept[key] = value
            kept["moves"], kept["moves_from"] = move_window.kept_part(view.get("moves") or [],
                                                                      view.get("moves_first") or 0)
            kept["moves_first"] = kept["moves_from"]
            if not bridge.storage.set(save_key(self.game) + ".view", json.dumps(kept)):
                self.drop_kept_view()  # an older one would be a position the save has left
        elif saved:
            self.drop_kept_view()  # a view a second person may not see: the game waits for the host
        self.not_saved = not saved
        return saved

    def kept_view(self):
        """The view kept from the last visit, or None (a damaged one is dropped: it is only a picture)."""
        key = save_key(self.game) + ".view"
        text = bridge.storage.get(key)
        if text is None:
            return None
        try:
            kept = json.loads(text)
        except Exception:
            kept = None
        if isinstance(kept, dict) and kept.get("game") == self.game:
            return kept
        bridge.storage.remove(key)
        return None

    def drop_kept_view(self):
        bridge.storage.remove(save_key(self.game) + ".view")

