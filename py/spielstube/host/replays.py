"""A game of the history replayed (intent ``history-replay``): its record on a slot of
its own, read-only. As a lesson's (host/lessons.py), the game's slot is set aside while
it shows and ``open`` puts it back; the page steps through it with ``view-past``.

Nobody acts in a replay: no legal moves, no computer thinks, no save. A finished game
shows every seat's view (the game's end shows all); an unfinished one only what every
seat may see (``viewer`` None): a hidden hand or a secret of a game under way, or of
persons sharing the device, is not shown.

The view's ``replay`` is the entry and ``set_aside_unfinished``: whether the game set
aside is unfinished and has moves (play-from-here replaces it: the page asks first).
"""

from ..core.game import WATCHER
from .slot import GameSlot


class ReplaySlot(GameSlot):
    def __init__(self, game, session, entry, version, aside=None):
        super().__init__(game, session, {}, version)
        self.replay = entry
        self.set_aside_unfinished = aside_unfinished(aside)

    def replay_json(self):
        """The view's ``replay``: the entry, and whether an unfinished game waits aside."""
        return dict(self.replay, set_aside_unfinished=self.set_aside_unfinished)

    def computer_to_act(self):
        return None

    def handover_to(self):
        return None

    def viewer(self):
        return None

    def watching(self):
        return False

    def shown_to(self):
        return WATCHER if self.state.is_terminal() else None


def aside_unfinished(slot):
    """Whether ``slot`` (the game set aside, or None) is a game under way with moves."""
    return slot is not None and bool(slot.session.moves) and not slot.session.state.is_terminal()
