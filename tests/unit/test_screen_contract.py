"""Every game screen implements the frame's screen contract (ui/common/screen.py):
a Screen subclass with the hooks every screen must have, and the optional
hooks it overrides exactly those it means to (a misspelt hook would leave the
default in place). Plain asserts: tests/mpy/run.mjs runs this file under
MicroPython too, whose method lookup is not CPython's."""

from spielstube.ui.common import widgets
from spielstube.ui.common.screen import Screen
from spielstube.ui.common.texts import Texts
from spielstube.ui.heptalion.puzzle_screen import PuzzleScreen
from spielstube.ui.heptalion.screen import HeptalionScreen
from spielstube.ui.schlangennest.screen import SchlangennestScreen
from spielstube.ui.topologic.screen import TopologicScreen

# The screens ui/app.py hands the frame (test_frame_screen_calls.py checks the list).
SCREENS = (HeptalionScreen, PuzzleScreen, TopologicScreen, SchlangennestScreen)

# Hooks without a default: each screen's own.
REQUIRED = ("show", "reset", "tap_piece", "tap_cell", "status", "board", "panels", "entry")

ANALYSIS = ("analysis_request", "take_analysis", "analysis_refused", "analysis_patch")
# The optional hooks each screen overrides, and only those.
OVERRIDES = {
    HeptalionScreen: ("act", "take_focus", "prefs", "set_prefs", "split_url_pairs", "with_setup",
                      "status_extra", "game_over", "show_held", "lesson_targets") + ANALYSIS,
    PuzzleScreen: ("act", "take_focus", "prefs", "set_prefs", "split_url_pairs", "with_setup",
                   "status_extra", "game_over", "result_text", "show_held", "lesson_targets") + ANALYSIS,
    TopologicScreen: ("act", "key", "notice_text", "prefs", "set_prefs", "split_url_pairs", "with_setup",
                      "status_extra", "set_window", "turn_to_take_back", "take_back_turn", "game_over",
                      "lesson_targets"),
    SchlangennestScreen: ("act", "key", "notice_text", "take_focus", "take_check", "checked", "show_held",
                          "suggested", "lesson_targets"),
}

OPTIONAL = ("act", "key", "notice_text", "take_focus", "set_window", "result_text", "status_extra",
            "game_over", "prefs", "set_prefs", "split_url_pairs", "with_setup", "take_check", "checked",
            "show_held", "turn_to_take_back", "take_back_turn", "suggested", "lesson_targets") + ANALYSIS

TEXTS = Texts({"frame.draw": {"en": "A draw"}, "rematch_loser_starts": {"en": "Again"}}, "en")
OVER = {"game": "g", "version": 1, "seat": None, "seats": [{"kind": "human"}, {"kind": "ai"}],
        "result": {"winner": None, "ranking": [[0, 1]]}}


def test_every_screen_is_a_screen():
    for screen in SCREENS:
        assert issubclass(screen, Screen), screen
    assert set(OVERRIDES) == set(SCREENS)


def test_the_hooks_named_here_are_the_contract():
    hooks = set(name for name in dir(Screen) if not name.startswith("_"))
    assert hooks == set(REQUIRED) | set(OPTIONAL) | {"frozen"}, sorted(hooks ^ (set(REQUIRED) | set(OPTIONAL)))


def test_every_screen_has_the_hooks_without_a_default():
    bare = Screen()
    calls = {"show": ({}, True), "reset": (), "tap_piece": ("x",), "tap_cell": ([0, 0],),
             "status": (TEXTS, {}), "board": (TEXTS, {}), "panels": (TEXTS, {}), "entry": (TEXTS, {})}
    for name in REQUIRED:
        try:
            getattr(bare, name)(*calls[name])
        except NotImplementedError:
            pass
        else:
            raise AssertionError(name + " has a default")
        for screen in SCREENS:
            assert getattr(screen, name) is not getattr(Screen, name), (screen, name)


def test_each_screen_overrides_the_optional_hooks_it_means_to():
    for screen in SCREENS:
        own = set(name for name in OPTIONAL if getattr(screen, name) is not getattr(Screen, name))
        assert own == set(OVERRIDES[screen]), (screen, sorted(own ^ set(OVERRIDES[screen])))


def test_the_optional_hooks_answer_neutrally():
    bare = Screen()
    assert bare.frozen is False
    assert bare.act("confirm", {}) is None and bare.key("1") is None
    assert bare.notice_text(Texts({"k": {"en": "Words"}}, "en"), "k") == "Words"
    assert bare.take_focus() is None
    assert bare.show_held({"player": 0}) is None and bare.show_held(None) is None
    assert bare.suggested({"player": 0}) is None and bare.suggested(None) is None
    assert bare.set_window(800, 600) is False
    assert bare.result_text(TEXTS, OVER) == widgets.result_text(TEXTS, OVER) == "A draw"
    assert bare.status_extra(TEXTS, OVER) == ""
    assert bare.game_over(TEXTS, OVER) == widgets.game_over_panel(TEXTS, OVER) != ""
    assert bare.prefs() is None
    bare.set_prefs({"helper": True})
    assert bare.prefs() is None
    pairs = {"players": "2"}
    assert bare.split_url_pairs(pairs) == (pairs, None)
    settings = {"players": 2, "options": {}}
    assert bare.with_setup(settings, {"board": "x"}, []) is settings
    assert bare.take_check() is None and bare.checked({"type": "check", "legal": True}) is None
    assert bare.analysis_request(OVER) is None and bare.take_analysis({"type": "analysis"}) is False
    assert bare.analysis_refused({"type": "error"}) is None and bare.analysis_patch(TEXTS, OVER) is None


def test_a_screen_without_a_window_layout_says_so():
    for screen in SCREENS:
        laid_out = screen().set_window(400, 800)
        assert laid_out is (screen is TopologicScreen), screen
    topologic = TopologicScreen()
    topologic.set_window(400, 800)
    assert topologic.viewport == (400, 800)
