"""play.html's start: the host's worker first (it takes longest), then the
texts, the kept view drawn at once, and the input."""

import json

import js

from . import bridge
from .frame import SCREENS, Frame
from .frame_input import FrameInput
from .frame_texts import Texts
from .url_settings import split_hash

DEFAULT_GAME = "heptalion"


async def load_texts():
    table = await bridge.window.spielstubeTexts
    return Texts(json.loads(js.JSON.stringify(table)), str(bridge.window.spielstubeBoot.lang))


async def start():
    game, _pairs = split_hash(str(js.location.hash))
    unknown = game and game not in SCREENS
    if game not in SCREENS:
        game = DEFAULT_GAME
    texts = Texts({}, "en")
    frame = Frame(texts, game)
    frame.link.start()  # Pyodide's boot is the long pole: begin it before anything else
    try:
        loaded = await load_texts()
        texts.table, texts.lang = loaded.table, loaded.lang
    except Exception as exc:  # without texts the page still works, with keys for words
        frame.say("i18n: " + str(exc))
    FrameInput(frame).install()
    frame.draw_kept_view()
    if unknown:
        frame.say(texts.t("unknown_page", page=str(js.location.hash).lstrip("#")))
    return frame
