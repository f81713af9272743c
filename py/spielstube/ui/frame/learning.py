"""Lessons in the frame (``#<game>/learn[/<n>]``, docs/host-protocol.md §7 "Lessons"):
asking the host for a lesson, leaving it for the game in play, the progress kept in
localStorage and drawn on the landing page, each game's screen and its rules page.
Functions of the frame (controller.Frame), which holds ``lesson_wanted`` (the lesson
to ask for once the host shows the game: its number, or 0 for the first not done)
and ``progress`` (common/lessons.Progress).

A lesson's view is never stored (controller.accept): the game's save stays the
game's, and a reload on ``#<game>/learn/<n>`` starts that lesson again.
"""

import js

from ..common import bridge, lessons, widgets
from ..common.lessons import KEY, Progress

GAMES = lessons.GAMES


def load_progress():
    return Progress(bridge.storage.get(KEY))


def keep_progress(frame):
    bridge.storage.set(KEY, frame.progress.text())


def in_lesson(frame):
    return frame.lesson_wanted is not None or bool((frame.view or {}).get("lesson"))


def may_analyse(frame):
    """The position drawn may be analysed: the host is there and it is no lesson's (a lesson
    is worked out by its player) and no replay's (the host refuses both)."""
    return frame.shown is not None and frame.live and not widgets.lesson_or_replay(frame.shown)


def open_lesson(frame, game, number_text):
    """The route ``#<game>/learn[/<n>]``: ``n`` not a whole number from 1 says so and opens lesson 1."""
    n = 0
    if number_text is not None:
        n = lessons.lesson_number(number_text)
        if n is None:
            frame.say(frame.t("lessons.no_such", n=number_text))
            n = 1
    frame.lesson_wanted = n
    instead_of_game(frame, game)
    ask(frame)


def instead_of_game(frame, game):
    """The game's screen for what comes instead of its kept board (a lesson, a replay)."""
    if game != frame.game:
        frame.switch(game, kept=False)
    frame.render()


def may_ask(frame, wanted):
    """What is wanted instead of the game may be asked for now: the host shows the game."""
    return wanted is not None and frame.live and frame.waiting_for is None


def ask(frame):
    """Sends the lesson wanted once the host shows the game (after its ``open``)."""
    n = frame.lesson_wanted
    if not may_ask(frame, n):
        return
    frame.lesson_wanted = None
    fields = {"n": n} if n else {"done": frame.progress.done_ids(frame.game)}
    frame.screen.reset()
    frame.waiting_for = frame.send("lesson", fields, lambda message: answered(frame, message, n), versioned=False)


def answered(frame, message, n):
    if message.get("type") != "error":
        return
    if message.get("code") == "host.no_lesson" and (message.get("params") or {}).get("reason") == "range":
        frame.say(frame.t("lessons.no_such", n=str(n)))
        frame.lesson_wanted = 1
        ask(frame)


def shown(frame, view):
    """A present view arrived: a lesson wanted is asked for now; a lesson's view puts its
    number in the address (a reload starts it again), a lesson done counts in the progress."""
    ask(frame)
    lesson = view.get("lesson")
    if not lesson:
        return
    game, n = frame.game, lesson.get("n")
    wanted = lessons.address(game, n)
    if str(js.location.hash) != wanted:
        js.history.replaceState(None, "", str(js.location.pathname) + str(js.location.search) + wanted)
    if lesson.get("done") and frame.progress.finished(game, lesson.get("id")):
        keep_progress(frame)


def leave(frame):
    """Back to the game in play: ``open`` puts the game set aside back (host/lessons.py)."""
    frame.lesson_wanted = None
    if (frame.view or {}).get("lesson") and frame.live:
        back_to_game(frame)


def back_to_game(frame):
    """From a lesson or a replay: ``open`` puts the game set aside back (host/lessons.py)."""
    frame.screen.reset()
    frame.notice = ""
    frame.send_open()
    frame.render()


def act(frame, name):
    """``[data-action=next-lesson|leave-lesson]``; -> True if ``name`` was one of them."""
    if name == "leave-lesson":
        js.location.hash = frame.game
        return True
    if name == "next-lesson":
        lesson = (frame.view or {}).get("lesson") or {}
        n, count = lesson.get("n") or 1, lesson.get("count") or 1
        js.location.hash = lessons.address(frame.game, n + 1) if n < count else frame.game
        return True
    return False


def ask_ids(frame):
    """The host is ready: the lesson ids of the game shown (each page's life), or on the landing
    page of the games whose count is not known yet (the progress' counts)."""
    if frame.game is not None:
        games = [frame.game] if frame.game in GAMES else []
    else:
        games = [game for game in GAMES if frame.progress.counts(game) is None]
    wanted = [game for game in games if game not in frame.ids_asked]
    if not wanted or not frame.link.ready:
        return
    for game in wanted:
        frame.ids_asked.add(game)
    frame.send("lessons", {"games": wanted}, lambda message: take_ids(frame, message), versioned=False)


def take_ids(frame, message):
    """The ``lessons`` answer: the counts kept and drawn again where shown."""
    if message.get("type") != "lessons":
        return
    changed = False
    for game, ids in (message.get("lessons") or {}).items():
        changed = frame.progress.know(game, ids) or changed
    if changed:
        keep_progress(frame)
        draw_landing(frame)
        if frame.on_screen:
            frame.render()


def draw_landing(frame):
    """The landing page's "Learn to play" and progress per game."""
    for game in GAMES:
        slot = bridge.query(f'[data-learn-slot="{game}"]')
        if slot is not None:
            bridge.set_html(slot, lessons.learn_link(frame.texts, frame.progress, game))
