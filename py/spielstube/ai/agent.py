"""The opponent interface and the registry of levels per game."""

import importlib
from abc import ABC, abstractmethod

from ..core.errors import SpielstubeError

LEVELS = ("easy", "normal", "strong")

# game name -> module with make_agent(level, options) -> Agent
_AI_MODULES = {
    "heptalion": "spielstube.ai.heptalion",
    "topologic": "spielstube.ai.topologic",
    "schlangennest": "spielstube.ai.schlangennest",
}


class Agent(ABC):
    """Chooses a move for the player to act in a state.

    ``choose_move`` must only use what that player may know: games with
    hidden information are searched through ``state.determinize(seat, rng)``.
    """

    level = "normal"

    @abstractmethod
    def choose_move(self, state, rng):
        """A legal move of ``state.current_player``; ``rng`` is a core.rng.Rng."""


def offers(game):
    """Whether ``game`` has computer players (without importing them)."""
    return game in _AI_MODULES


def make_agent(game, level, options=None):
    if level not in LEVELS:
        raise SpielstubeError(f"unknown level {level!r}; choose one of {', '.join(LEVELS)}")
    module_name = _AI_MODULES.get(game)
    if module_name is None:
        raise SpielstubeError(f"no computer player for {game!r}")
    module = importlib.import_module(module_name)
    return module.make_agent(level, options or {})
