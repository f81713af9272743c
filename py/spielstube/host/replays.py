"""A game of the history replayed (intent ``history-replay``): its record on a slot of
its own, read-only. As a lesson's (host/lessons.py), the game's slot is set aside while
it shows and ``open`` puts it back; the page steps through it with ``view-past``.

Nobody acts in a replay: no legal moves, no computer thinks, no save. A finished game
shows every seat's view (the game's end shows all); an unfinished one only what every
seat may see (``viewer`` None): a hidden hand or a secret of a game under way, or of
persons sharing the device, is not shown.
"""

from ..core.game import WATCHER
from .slot import GameSlot


class ReplaySlot(GameSlot):
    def __init__(self, game, session, entry, version):
        super().__init__(game, session, {}, version)
        self.replay = entry

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
