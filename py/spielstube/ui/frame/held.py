"""A person's intents made while the host is not there, kept until it is (MicroPython).

The host is away while a reloaded page's worker still boots (the kept view is
drawn, with its legal moves) and while a worker that died is started again (the
last view stays). A move made then is not lost: it is held here with the
position it was built on, and sent once the host's first view shows that same
position (same version, moves and legal list). If the host shows another one
(the save was changed meanwhile, in another tab say), nothing is sent and the
frame says so. Intents sent to a worker that then died unanswered are held the
same way.

Pure (no browser): runs on CPython and MicroPython.
"""

from ..common.move_window import count_of

# Intents about a position that a person may make on a kept board; the others wait for the host.
HELD = ("move", "undo", "redo", "handover-done")
# Intents a worker that died left unanswered which are sent again (a new game asked for too).
RESENT = HELD + ("new", "rematch")
SEND = "send"
DIFFERS = "differs"


def position(view):
    """What a held intent relies on in ``view``: two views alike here are the same position
    for the person (the move list's last entry stands for the list: its count is compared too)."""
    moves = view.get("moves") or []
    handover = view.get("handover") or {}
    return {
        "version": view.get("version"),
        "seat": view.get("seat"),
        "viewer": view.get("viewer"),
        "handover": handover.get("to"),
        "count": count_of(view),
        "last": moves[-1] if moves else None,
        "legal": view.get("legal") or [],
        "over": bool(view.get("result")),
    }


def differences(basis, live):
    """The names of what differs between a held basis and a live view's position (sorted)."""
    return sorted(key for key in basis if basis[key] != live.get(key))


class HeldIntents:
    """The intents held for one game, in the order made, and the position they were made on."""

    def __init__(self):
        self.items = []  # (intent, fields) as they would have been sent
        self.basis = None

    def __len__(self):
        return len(self.items)

    def hold(self, intent, fields, view):
        """Keeps an intent made on ``view`` (the first one held fixes the position)."""
        if not self.items:
            self.basis = position(view)
        self.items.append((intent, dict(fields)))

    def kinds(self):
        return [intent for intent, _fields in self.items]

    def settle(self, view):
        """The host's first view is here: (SEND, items) when it shows the position they were
        made on, (DIFFERS, items) when not, None when nothing is held. Nothing stays held."""
        if not self.items:
            return None
        items, basis = self.items, self.basis
        self.clear()
        if view.get("past") is None and not differences(basis, position(view)):
            return SEND, items
        return DIFFERS, items

    def clear(self):
        self.items = []
        self.basis = None
