"""Rules engines, one package per game. They import core only."""

import importlib

from ..core.errors import RecordError

# name -> module holding RULES (a core.game.GameRules)
_MODULES = {
    "heptalion": "spielstube.games.heptalion",
    "heptalion-puzzle": "spielstube.games.heptalion.puzzle",
    "topologic": "spielstube.games.topologic",
    "schlangennest": "spielstube.games.schlangennest",
}

GAME_NAMES = tuple(_MODULES)


def get_rules(name):
    """The GameRules for ``name``; RecordError for an unknown game."""
    module_name = _MODULES.get(name)
    if module_name is None:
        raise RecordError(f"unknown game {name!r}; known: {', '.join(GAME_NAMES)}")
    try:
        module = importlib.import_module(module_name)
    except ImportError:
        raise RecordError(f"the game {name!r} is not available yet") from None
    return module.RULES
