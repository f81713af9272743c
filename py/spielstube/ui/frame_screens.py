"""The screen of each game on index.html. Only Heptalion's is imported at start;
the others when their game is first shown: less to load and a smaller
MicroPython heap."""

from .heptalion_screen import HeptalionScreen


def _schlangennest_screen():
    from .schlangennest_screen import SchlangennestScreen
    return SchlangennestScreen()


def _topologic_screen():
    from .topologic_screen import TopologicScreen
    return TopologicScreen()


def _puzzle_screen():
    from .heptalion_puzzle_screen import PuzzleScreen
    return PuzzleScreen()


SCREENS = {"heptalion": HeptalionScreen, "topologic": _topologic_screen,
           "schlangennest": _schlangennest_screen, "heptalion-puzzle": _puzzle_screen}
