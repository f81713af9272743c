"""What the page asks the host to work out in the background for the game
shown, the board staying usable meanwhile: a suggestion (common/suggestion.py)
and a review (common/review.py), whose stepping control walks the move list
as past-move viewing does. Functions of the frame (controller.Frame).
"""

from ..common import move_window, review, widgets


def ask(frame, intent, state, answered):
    """``intent`` about the present view for ``state`` (a Suggestion or Review, which notes
    what was asked); the host's answer goes to ``answered``."""
    view = frame.view
    if view is None or not frame.live or not state.may_ask(view):
        return
    state.asked(view.get("version"))
    if frame.send(intent, None, answered) is None:
        state.refused()  # held for an absent host: ask again once it is there


def refused(frame, state, message):
    state.refused()
    if message.get("code") != "host.stale":  # (a stale one: the current view follows)
        frame.say(frame.texts.reason(message.get("code"), message.get("params"), message.get("message", "")))
    frame.render()


def act(frame, name):
    """``[data-action=review]``, and the stepping control while a review or a past position
    shows; -> True if ``name`` was one of them."""
    if name == "review":
        ask_review(frame)
        frame.render()
        return True
    if name in widgets.STEP_ACTIONS and (frame.review.shows(frame.view)
                                         or (frame.shown or {}).get("past") is not None):
        step_review(frame, name)
        return True
    return False


def ask_review(frame):
    """``review`` for the finished game shown."""
    ask(frame, "review", frame.review, lambda message: review_answered(frame, message))


def review_answered(frame, message):
    if message.get("type") == "error":
        refused(frame, frame.review, message)
    elif message.get("type") == "review":
        take_review(frame, message)


def take_review(frame, message):
    """The host's answer or push: progress, then the marks."""
    if message.get("game") == frame.game and frame.review.take(message):
        frame.render()


def step_review(frame, name):
    """``[data-action=step-...]`` (or its key) under a review, in a replay, in a game: the
    move list's past-move viewing, from the start (-1) to the present."""
    where = review.step(name, (frame.shown or {}).get("past"), move_window.count_of(frame.view or {}))
    if where is None or not frame.live:
        return
    kind, index = where
    if kind == "present":
        frame.shown = frame.view
        frame.render()
    else:
        frame.send("view-past", {"index": index}, versioned=False)
