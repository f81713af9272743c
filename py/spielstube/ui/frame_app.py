"""index.html's start: the host's worker first (it takes longest), then the
texts, the input and the route (the game's kept view is drawn at once)."""

import json

import js

from . import bridge, frame_access
from .frame import Frame
from .frame_input import FrameInput
from .frame_routes import Router
from .frame_texts import Texts


async def load_texts():
    table = await bridge.window.spielstubeTexts
    return Texts(json.loads(js.JSON.stringify(table)), str(bridge.window.spielstubeBoot.lang))


async def start():
    texts = Texts({}, "en")
    frame = Frame(texts)
    frame.link.start()  # Pyodide's boot is the long pole: begin it before anything else
    try:
        loaded = await load_texts()
        texts.table, texts.lang = loaded.table, loaded.lang
    except Exception as exc:  # without texts the page still works, with keys for words
        frame.say("i18n: " + str(exc))
    frame_input = FrameInput(frame)
    frame_input.install()
    frame_access.install(frame)  # arrow keys over the board, the pan box on resize
    router = Router(frame, frame_input)
    router.install()
    router.route()
    return frame
