"""index.html's composition root: the screen of each game and a game's own
pages, handed to the frame; then the start: the host's worker first (it takes
longest), the texts, the input and the route (the game's kept view is drawn
at once).

Only Heptalion's screen is imported at start; the others when their game is
first shown: less to load and a smaller MicroPython heap."""

import json

import js

from .common import bridge
from .common.texts import Texts
from .frame import board_access, wait
from .frame.controller import Frame
from .frame.input import FrameInput
from .frame.routes import Router
from .heptalion.screen import HeptalionScreen


def _schlangennest_screen():
    from .schlangennest.screen import SchlangennestScreen
    return SchlangennestScreen()


def _topologic_screen():
    from .topologic.screen import TopologicScreen
    return TopologicScreen()


def _puzzle_screen():
    from .heptalion.puzzle_screen import PuzzleScreen
    return PuzzleScreen()


def _workshop_page(frame, frame_input):
    from .heptalion.workshop_page import WorkshopPage
    return WorkshopPage(frame, frame_input)


def _history_page(frame, frame_input):
    from .frame.history_page import HistoryPage
    return HistoryPage(frame, frame_input)


def _heptalion_pictures():
    from .heptalion.rules_pictures import PICTURES
    return PICTURES


def _topologic_pictures():
    from .topologic.rules_pictures import PICTURES
    return PICTURES


def _schlangennest_pictures():
    from .schlangennest.rules_pictures import PICTURES
    return PICTURES


SCREENS = {"heptalion": HeptalionScreen, "topologic": _topologic_screen,
           "schlangennest": _schlangennest_screen, "heptalion-puzzle": _puzzle_screen}
# A game's pages besides its screen and rules (common/url_settings.SUBPAGES routes them):
# name -> (the element shown, the title's text key, the page's maker).
PAGES = {"workshop": ("workshop-screen", "workshop.title", _workshop_page),
         "history": ("history-screen", "history.title", _history_page)}
# Each game's pictures on its rules page, drawn by its own SVG code (imported when shown).
RULES_PICTURES = {"heptalion": _heptalion_pictures, "heptalion-puzzle": _heptalion_pictures,
                  "topologic": _topologic_pictures, "schlangennest": _schlangennest_pictures}


async def load_texts():
    table = await bridge.window.spielstubeTexts
    return Texts(json.loads(js.JSON.stringify(table)), str(bridge.window.spielstubeBoot.lang))


async def start():
    texts = Texts({}, "en")
    frame = Frame(texts, SCREENS)
    frame.link.start()  # Pyodide's boot is the long pole: begin it before anything else
    wait.page_started()
    try:
        loaded = await load_texts()
        texts.table, texts.lang = loaded.table, loaded.lang
    except Exception as exc:  # without texts the page still works, with keys for words
        frame.say("i18n: " + str(exc))
    frame_input = FrameInput(frame)
    frame_input.install()
    board_access.install(frame)  # arrow keys over the board, the pan box on resize
    router = Router(frame, frame_input, PAGES, RULES_PICTURES)
    router.install()
    router.route()
    return frame
