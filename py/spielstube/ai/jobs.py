"""Work the host does for the page besides the computer's moves, by capability,
and the registry of which game's ai package offers which (like agent.py's).

A capability is a kind of job the page may ask for; the host asks
``offers(game, capability)`` and ``make_worker(game, capability)`` and never
names a game. Today two:

- ``ANALYSE`` (intent ``analyse``, docs/host-protocol.md §7): what a position
  is worth, worked on in slices while no computer is to move.
- ``SUGGEST`` (intent ``suggest``): the move the computer at SUGGEST_LEVEL
  would make for a person, decided like its own turns (from the seat's
  view only). Every game with computer players offers it; there is no
  worker to make: the host thinks as for a computer seat.

A game's module lists its capabilities in ``CAPABILITIES`` and builds a
worker with ``make_worker(game, capability)``; it is imported only when its
game first asks, and it imports its searches only when a job runs.
"""

import importlib
from abc import ABC, abstractmethod

from . import agent

ANALYSE = "analyse"
SUGGEST = "suggest"
# The level whose move a suggestion is: the best the computer plays.
SUGGEST_LEVEL = "strong"

# game name -> module with CAPABILITIES and make_worker(game, capability) -> JobWorker
_JOB_MODULES = {
    "heptalion": "spielstube.ai.heptalion.jobs",
    "heptalion-puzzle": "spielstube.ai.heptalion.jobs",
}


class JobWorker(ABC):
    """Works on one capability's jobs for one game; the host keeps it between jobs,
    so what it proved (tables, a board's best) serves later ones."""

    def refusal(self, state):
        """Why ``state`` cannot be worked on: ``(reason, message)`` (the reason a
        code of ``host.no_analysis``: "over", "players", "hidden", ...), or None."""
        return None

    @abstractmethod
    def run(self, state, deadline, progress=None):
        """The JSON-ready result for ``state``, searching until ``deadline`` (ai.clock.now()
        seconds; ThinkCancelled may unwind it from the clock's pause hook). ``progress``,
        if given, takes partial results of the same shape as they come."""

    def snapshot(self):
        """While ``run`` works: its partial result as of now (asked from the clock's
        pause hook), or None."""
        return None

    def cancelled(self):
        """``run`` was unwound midway: drop what it may have left half made."""


def offers(game, capability):
    """Whether ``game``'s ai package does jobs of ``capability`` (imports its job module)."""
    if capability == SUGGEST:
        return agent.offers(game)
    module_name = _JOB_MODULES.get(game)
    if module_name is None:
        return False
    return capability in importlib.import_module(module_name).CAPABILITIES


def make_worker(game, capability):
    """A JobWorker for ``game``'s jobs of ``capability``, or None where the game has none
    (and for SUGGEST, which the host's computer turns do)."""
    if capability == SUGGEST or not offers(game, capability):
        return None
    return importlib.import_module(_JOB_MODULES[game]).make_worker(game, capability)
