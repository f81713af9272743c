"""Keys that step through the positions of the game shown (architecture.md, "Stepping
through positions"): Home the start, End the present, the left and right arrows one move
back and on, as the one stepping control does. They act in a replay, under a review and
in a game in play (at its present the left arrow shows the position before the last
move), unless the focus is on a board field or a piece (where the arrows go from field to
field), in a form field, or in a dialog (the new-game one, the hand-over). A lesson keeps
its keys to its steps; a focused move-list entry steps from itself (input.py).
Functions of the frame (controller.Frame).
"""

from ..common import bridge, move_window
from . import asking, replaying

KEYS = {"Home": "step-first", "End": "step-last", "ArrowLeft": "step-back", "ArrowRight": "step-forward"}
# Where these keys keep their own meaning.
OWN_KEYS = "[data-cell],[data-piece],input,select,textarea,dialog,[role=dialog]"


def steps(frame):
    """Whether the keys step the game shown now."""
    view = frame.view
    if view is None or not frame.live:
        return False
    if replaying.replayed(frame):
        return True
    return not view.get("lesson") and not view.get("handover") and move_window.count_of(view) > 0


def key(frame, event, name):
    """``name`` (the key) as a step; -> True if handled."""
    action = KEYS.get(name)
    if action is None or not steps(frame):
        return False
    if event.ctrlKey or event.metaKey or event.altKey or event.shiftKey:
        return False  # (the browser's own: Alt+Left goes back a page)
    target = event.target
    if target and bridge.closest(target, OWN_KEYS) is not None:
        return False
    event.preventDefault()
    asking.step_review(frame, action)
    return True
