"""The page's controller: routes, language, screens, and the automation hooks."""

import asyncio
from urllib.parse import parse_qsl

import js
from pyodide.ffi import create_proxy

from ..core.errors import RecordError
from ..core.record import parse_record
from . import dom
from .ai_client import AiClient
from .i18n import LANGUAGES, load_texts
from .rules_page import render_rules

LANG_KEY = "spielstube.lang"
LAST_GAME_KEY = "spielstube.last-game"


def _screen_classes():
    # Imported here so start-up pays only for the screens that exist.
    from .heptalion_view import HeptalionScreen

    screens = {"heptalion": HeptalionScreen}
    try:
        from .topologic_view import TopologicScreen

        screens["topologic"] = TopologicScreen
    except ImportError:
        pass
    try:
        from .schlangennest_view import SchlangennestScreen

        screens["schlangennest"] = SchlangennestScreen
    except ImportError:
        pass
    return screens


class App:
    def __init__(self, texts):
        self.texts = texts
        self.screen_classes = _screen_classes()
        self.screens = {}
        self.screen = None
        self.ai = AiClient()
        self._toast_timer = None

    # -- start --------------------------------------------------------------
    def start(self):
        body = js.document.body
        dom.listen(js.document, "click", self.on_click)
        dom.listen(js.document, "keydown", self.on_key)
        dom.listen(js.window, "hashchange", lambda event: self.route())
        dom.listen(dom.by_id("dialog"), "close", lambda event: self.screen and self.screen.on_dialog_closed())
        self._install_hooks()
        self._mark_available_games()
        self.texts.apply()
        self._check_url()
        self.route()
        js.window.spielstubeMetrics = js.Array.new()
        js.window.spielstubeBoot.readyAt = js.performance.now()
        body.dataset.appState = "ready"

    def _install_hooks(self):
        hooks = js.Object.new()
        hooks.record = create_proxy(self.record_json)
        hooks.load = create_proxy(self.load_json)
        hooks.version = "spielstube/1"
        js.window.spielstube = hooks

    def _mark_available_games(self):
        for link in dom.query_all("[data-game-link]"):
            name = dom.data(link, "game-link")
            soon = link.querySelector(".soon")
            available = name in self.screen_classes
            soon.hidden = available
            if available:
                link.removeAttribute("aria-disabled")
            else:
                link.setAttribute("aria-disabled", "true")

    def _check_url(self):
        params = js.URLSearchParams.new(js.location.search)
        lang = params.get("lang")
        if not dom.missing(lang) and str(lang) not in LANGUAGES:
            self.toast(self.texts.t("bad_lang_param", value=str(lang)))

    # -- routing -------------------------------------------------------------
    def route(self):
        route = str(js.location.hash).lstrip("#")
        # #game[/sub][?key=value&...]: the query goes to the game's screen.
        path, _, query = route.partition("?")
        params = dict(parse_qsl(query))
        name, _, sub = path.partition("/")
        landing = dom.by_id("landing")
        game_screen = dom.by_id("game-screen")
        rules_screen = dom.by_id("rules-screen")
        if name == "":
            self._leave_game()
            landing.hidden, game_screen.hidden, rules_screen.hidden = False, True, True
            js.document.title = "Spielstube"
            return
        if name not in self.screen_classes:
            known = ("topologic", "heptalion", "schlangennest")
            key = "coming_soon_toast" if name in known else "unknown_page"
            self.toast(self.texts.t(key, page=name))
            js.history.replaceState(None, "", js.location.pathname + js.location.search)
            self.route()
            return
        if sub == "rules":
            landing.hidden, game_screen.hidden, rules_screen.hidden = True, True, False
            dom.set_html(rules_screen, render_rules(name, self.texts))
            js.document.title = f"{self.texts.t('rules')} · {name.capitalize()} · Spielstube"
            return
        if sub:
            self.toast(self.texts.t("unknown_page", page=route))
        landing.hidden, game_screen.hidden, rules_screen.hidden = True, False, True
        self._open_game(name, params)

    def _open_game(self, name, params=None):
        params = params or {}
        if self.screen is not None and self.screen.game == name and self.screen.is_open:
            self.screen.reopen(params)
            return
        self._leave_game()
        screen = self.screens.get(name)
        if screen is None:
            screen = self.screens[name] = self.screen_classes[name](self)
        self.screen = screen
        dom.storage.set(LAST_GAME_KEY, name)
        js.document.title = f"{name.capitalize()} · Spielstube"
        screen.open(dom.by_id("game-screen"), params)

    def _leave_game(self):
        if self.screen is not None:
            self.screen.close()
        self.screen = None

    def go(self, route):
        js.location.hash = route

    # -- input ---------------------------------------------------------------
    def on_click(self, event):
        target = dom.closest(event.target, "[data-action],[data-cell],[data-piece],[data-game-link]")
        if target is None:
            return
        link = dom.data(target, "game-link")
        if link is not None and link not in self.screen_classes:
            event.preventDefault()
            self.toast(self.texts.t("coming_soon_toast", page=link.capitalize()))
            return
        action = dom.data(target, "action")
        if action == "language":
            self.switch_language()
        elif action == "retry":
            js.location.reload()
        elif action == "rules":
            game = dom.data(target, "for-game") or (self.screen.game if self.screen else "")
            self.go(f"{game}/rules")
        elif action == "back-to-game":
            self.go(dom.data(target, "for-game") or "")
        elif self.screen is not None and link is None:
            self.screen.on_click(target, event)

    def on_key(self, event):
        key = str(event.key)
        target = event.target
        if key in ("Enter", " ") and (dom.data(target, "cell") or dom.data(target, "piece")):
            if str(target.tagName).lower() != "button":  # buttons click by themselves
                event.preventDefault()
                self.on_click(js.Object.fromEntries([["target", target]]))
            return
        if self.screen is not None and not str(target.tagName).lower() in ("input", "select", "textarea"):
            self.screen.on_key(key, event)

    # -- language ------------------------------------------------------------
    def switch_language(self):
        self.texts.lang = "en" if self.texts.lang == "de" else "de"
        dom.storage.set(LANG_KEY, self.texts.lang)
        self.texts.apply()
        self.route_refresh()

    def route_refresh(self):
        route = str(js.location.hash).lstrip("#")
        if route.endswith("/rules"):
            self.route()
        elif self.screen is not None:
            self.screen.render()

    # -- feedback ------------------------------------------------------------
    def toast(self, message, seconds=5):
        box = dom.by_id("toast")
        box.textContent = message
        box.hidden = False
        if self._toast_timer is not None:
            js.clearTimeout(self._toast_timer)

        def hide():
            box.hidden = True

        self._toast_timer = js.setTimeout(create_proxy(hide), int(seconds * 1000))

    # -- hooks -----------------------------------------------------------------
    def record_json(self):
        if self.screen is None or self.screen.session is None:
            return "null"
        return self.screen.session.record().to_json()

    def load_json(self, text):
        """Replaces the game with a record's position; False and a message on bad input."""
        try:
            record = parse_record(str(text))
        except RecordError as exc:
            self.toast(self.texts.t("record_unreadable", reason=str(exc)))
            return False
        if record.game not in self.screen_classes:
            self.toast(self.texts.t("record_unreadable", reason=f"unknown game {record.game!r}"))
            return False
        screen = self.screens.get(record.game) or self.screen_classes[record.game](self)
        self.screens[record.game] = screen
        if not screen.load_record(record):
            return False
        if self.screen is not screen:
            self.go(record.game)
        else:
            screen.render()
            screen.maybe_computer_turn()
        return True


async def start():
    try:
        texts = await load_texts()
        app = App(texts)
        js.window.spielstubeApp = create_proxy(lambda: app)  # for debugging in devtools
        app.start()
    except Exception as exc:
        js.window.spielstubeBootError(f"{type(exc).__name__}: {exc}")
        raise
    # Keep the interpreter's loop alive for the worker replies.
    await asyncio.sleep(0)
