"""A game of the history replayed on its game's screen (``#<game>/replay/<id>``,
docs/host-protocol.md §7 "History"): the host sets the game in play aside and shows the
record read-only; the page steps through it with the one stepping control (and its keys,
stepping.py, while the focus is not on a board field), and may play on
from the position shown. Functions of the frame (controller.Frame), which holds
``replay_wanted`` (the entry to ask for once the host shows the game).

A replay's view is never stored (controller.keep_pending), and leaving it (any route
to the game) sends ``open``: the game set aside comes back as it was.
"""

import js

from ..common import history_page, move_window, review, widgets
from . import asking, learning


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
    if replayed(frame) and frame.live:
        learning.back_to_game(frame)


def act(frame, name):
    """The stepping control and ``play-from-here`` in a replay; -> True if handled."""
    if not replayed(frame):
        return False
    if name in widgets.STEP_ACTIONS:
        asking.step_review(frame, name)
        return True
    if name == "play-from-here":
        play_from_here(frame)
        return True
    return False


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
            + '<p class="replay-title">' + widgets.esc(texts.t("history.replay_of", date=history_page.iso_minutes(
                entry.get("started", "")))) + '</p>'
            + widgets.step_controls(texts, at, count, texts.t("history.steps"))
            + '<p class="replay-actions"><button type="button" class="primary" data-action="play-from-here">'
            + widgets.esc(texts.t("history.play_from_here")) + '</button> '
            + '<a class="button" href="#history" data-history-link>' + widgets.esc(texts.t("history.back_to_list"))
            + '</a></p></section>')
