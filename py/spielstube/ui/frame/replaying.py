"""A game of the history replayed on its game's screen (``#<game>/replay/<id>``,
docs/host-protocol.md §7 "History"): the host sets the game in play aside and shows the
record read-only; the page steps through it with the one stepping control (and its keys,
stepping.py, while the focus is not on a board field), and may play on
from the position shown. Functions of the frame (controller.Frame), which holds
``replay_wanted`` (the entry to ask for once the host shows the game).

A replay's view is never stored (controller.keep_pending), and leaving it (any route
to the game) sends ``open``: the game set aside comes back as it was. Playing on replaces
the game set aside (it stays in the history); when that game is unfinished and has moves
(the view's ``replay.set_aside_unfinished``) the page's dialog asks first.
"""

import js

from ..common import bridge, history_page, move_window, review, widgets
from . import asking, learning
from .history_page import local_time

QUESTION = "[data-confirm-play-from-here]"


def replayed(frame):
    """The entry the view shown replays, or None."""
    return (frame.view or {}).get("replay")


def in_replay(frame):
    return frame.replay_wanted is not None or bool(replayed(frame))


def open_replay(frame, game, ident):
    """The route ``#<game>/replay/<id>``."""
    if (replayed(frame) or {}).get("id") == ident and game == frame.game:
        frame.render()
        return
    frame.replay_wanted = ident
    learning.instead_of_game(frame, game)
    ask(frame)


def ask(frame):
    """Sends the replay wanted once the host shows the game (after its ``open``)."""
    ident = frame.replay_wanted
    if not learning.may_ask(frame, ident):
        return
    frame.replay_wanted = None
    frame.screen.reset()
    frame.notice = ""
    frame.waiting_for = frame.send("history-replay", {"entry": ident}, lambda message: answered(frame, message),
                                   versioned=False)


def answered(frame, message):
    if message.get("type") == "error":
        frame.say(frame.texts.reason(message.get("code"), message.get("params"), message.get("message", "")))
        js.location.hash = "history"


def leave(frame):
    """Back to the game in play: ``open`` puts the game set aside back (host/replays.py)."""
    frame.replay_wanted = None
    close_question()
    if replayed(frame) and frame.live:
        learning.back_to_game(frame)


def act(frame, name):
    """The stepping control, ``play-from-here`` and its question in a replay; -> True if handled."""
    if name in ("keep-replay", "confirm-play-from-here"):
        close_question()  # Cancel (as Escape): the replay stays as it is
        if name == "confirm-play-from-here" and replayed(frame):
            play_from_here(frame)
        return True
    if not replayed(frame):
        return False
    if name in widgets.STEP_ACTIONS:
        asking.step_review(frame, name)
        return True
    if name == "play-from-here":
        if replayed(frame).get("set_aside_unfinished"):
            ask_play_on(frame)
        else:
            play_from_here(frame)
        return True
    return False


def ask_play_on(frame):
    """The game set aside is unfinished: the page's dialog asks before it is replaced
    (its first button, Cancel, has the focus)."""
    dialog = bridge.by_id("dialog")
    bridge.set_html(dialog, history_page.play_on_question(frame.texts))
    dialog.showModal()


def close_question():
    dialog = bridge.by_id("dialog")
    if dialog is not None and dialog.open and bridge.query(QUESTION, dialog) is not None:
        dialog.close()


def play_from_here(frame):
    """A new game from the position shown (its moves so far), the same seats."""
    past = (frame.shown or {}).get("past")
    moves = move_window.count_of(frame.view or {}) if past is None else past + 1
    game = frame.game

    def answered(message):
        if message.get("type") == "view":
            frame.set_notice("")
            # The address becomes the game's without a route: the replay is gone already.
            js.history.replaceState(None, "", str(js.location.pathname) + str(js.location.search) + "#" + game)
        else:
            frame.say(frame.texts.reason(message.get("code"), message.get("params"), message.get("message", "")))
    frame.waiting_for = frame.send("play-from-here", {"moves": moves}, answered, versioned=False)
    frame.render()


def side(frame, present, past):
    """Beside the board in a replay: what it is, the steps, play on from here, the way back."""
    texts = frame.texts
    entry = present.get("replay") or {}
    count = move_window.count_of(present)
    at = review.position(past, count)
    return ('<section class="replay-panel" data-replay="' + widgets.esc(entry.get("id", "")) + '">'
            + '<p class="replay-title">' + widgets.esc(history_page.replay_title(
                texts, entry, lambda iso: local_time(texts.lang, iso))) + '</p>'
            + widgets.step_controls(texts, at, count, texts.t("history.steps"))
            + '<p class="replay-actions"><button type="button" class="primary" data-action="play-from-here">'
            + widgets.esc(texts.t("history.play_from_here")) + '</button> '
            + '<a class="button" href="#history" data-history-link>' + widgets.esc(texts.t("history.back_to_list"))
            + '</a></p></section>')
