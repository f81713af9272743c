"""index.html's routes (MicroPython): ``#`` the landing page, ``#<game>`` a
game, ``#<game>?<settings>`` a new game from the address (input.py applies
them), ``#<game>/rules`` its rules, ``#<game>/learn[/<n>]`` a lesson (learning.py),
``#history`` the games played here (history_page.py), ``#<game>/replay/<id>`` one
replayed (replaying.py). Every change of route closes the dialog;
an unknown address says so and shows the landing page.
"""

import js

from ..common import bridge, rules_page
from . import board_access, learning, replaying
from ..common.texts import LANGUAGES
from ..common.url_settings import route_of


class Router:
    def __init__(self, frame, frame_input, pages, rules_pictures=None):
        self.frame = frame
        self.frame_input = frame_input
        self.pages = pages  # a game's own pages: name -> (element id, title key, maker) (ui/app.py)
        # game -> a function giving that game's rules pictures (name -> drawing), made when shown
        self.rules_pictures = rules_pictures or {}
        self.made = {}  # name -> the page object, made when first shown
        self.page = None
        self.rules_game = None  # the game whose rules are shown

    def install(self):
        self.frame_input.router = self
        bridge.listen(js.window, "hashchange", lambda event: self.route())
        js.history.scrollRestoration = "manual"  # a reload opens at the top, where the board fits
        self._check_language_param()

    def _check_language_param(self):
        lang = js.URLSearchParams.new(js.location.search).get("lang")
        if not bridge.missing(lang) and str(lang) not in LANGUAGES:
            self.frame.say(self.frame.t("bad_lang_param", value=str(lang)))

    def route(self):
        frame = self.frame
        dialog = bridge.by_id("dialog")
        if dialog is not None and dialog.open:
            dialog.close()
        page, game, pairs = route_of(str(js.location.hash), frame.screens)
        if page == "unknown":
            frame.say(frame.t("unknown_page", page=game))
            js.history.replaceState(None, "", str(js.location.pathname) + str(js.location.search))
            page, game = "landing", None
        self.page = page
        self._show(page)
        board_access.bring_into_view()  # another page, or back from the rules: from its top
        if page in self.pages:
            js.document.title = frame.t(self.pages[page][1]) + " · Spielstube"
            self._page(page).open(pairs)
        elif page == "landing":
            js.document.title = "Spielstube"
            learning.draw_landing(frame)
            learning.ask_ids(frame)
        elif page == "learn":
            js.document.title = frame.t("lessons.learn") + " · " + frame.t("game." + game) + " · Spielstube"
            learning.open_lesson(frame, game, pairs)
            learning.ask_ids(frame)
        elif page == "rules":
            self.rules_game = game
            self._draw_rules()
        elif page == "replay":
            js.document.title = frame.t("history.title") + " · " + frame.t("game." + game) + " · Spielstube"
            replaying.open_replay(frame, game, pairs)
        else:
            js.document.title = frame.t("game." + game) + " · Spielstube"
            frame.switch(game)
            if learning.in_lesson(frame):
                learning.leave(frame)  # back from a lesson: the game in play as it was
            elif replaying.in_replay(frame):
                replaying.leave(frame)  # back from a replay: the game in play as it was
            learning.ask_ids(frame)
            frame.render()
            if pairs is not None:
                self.frame_input.address.apply_url_settings()  # at the game's first view if not yet live

    def _show(self, page):
        if page in ("learn", "replay"):
            page = "game"  # a lesson is played, a replay shown, on the game's own screen
        shown = [("landing", "landing"), ("frame", "game"), ("rules-screen", "rules")]
        shown += [(element_id, name) for name, (element_id, _, _) in self.pages.items()]
        for element_id, shown_on in shown:
            element = bridge.by_id(element_id)
            if element is not None:
                element.hidden = page != shown_on
        self.frame.on_screen = page == "game"

    def _page(self, name):
        """A game's own page, made (and its modules imported) when first shown."""
        if name not in self.made:
            self.made[name] = self.pages[name][2](self.frame, self.frame_input)
        return self.made[name]

    def _draw_rules(self):
        game = self.rules_game
        texts = self.frame.texts
        pictures = self.rules_pictures.get(game)
        learn = learning.lessons.learn_link(texts, self.frame.progress, game)
        bridge.set_html(bridge.by_id("rules-screen"),
                        rules_page.render_rules(game, texts, pictures() if pictures is not None else None, learn))
        js.document.title = texts.t("rules") + " · " + rules_page.title(game, texts) + " · Spielstube"

    def refresh(self):
        """After a change of language: the rules text is drawn again."""
        if self.page == "rules":
            self._draw_rules()
        elif self.page == "landing":
            learning.draw_landing(self.frame)
        elif self.page in self.made:
            self.made[self.page].draw()

    def game_of_rules(self):
        return self.rules_game or self.frame.game or ""
