"""Keys that step through the positions of the game shown (architecture.md, "Stepping
through positions"): Home the start, End the present, the left and right arrows one move
back and on, as the one stepping control does. They act in a replay, under a review and
in a game in play (at its present the left arrow shows the position before the last
move), unless the focus is on a board field or a piece (where the arrows go from field to
field), in a form field, or in a dialog (the new-game one, the hand-over). A lesson keeps
its keys to its steps; a focused move-list entry steps from itself, the arrows up and
down too (``on_entry``).
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


def on_entry(frame, event, name):
    """Arrows, Home and End on a focused move-list entry walk through the game's positions
    from that entry, the keyboard staying on the list; -> True if the key was one of them."""
    entry = bridge.closest(event.target, "[data-move-index]") if event.target else None
    if entry is None:
        return False
    step = move_window.stepped(int(bridge.data(entry, "move-index")), name, move_window.count_of(frame.view or {}))
    if step is None:
        return False
    event.preventDefault()  # the arrow walks the moves, it does not scroll the page
    kind, index = step
    if kind == "present":
        frame.focus_move = index
        back_to_present(frame)
    elif frame.live:
        frame.focus_move = index
        frame.send("view-past", {"index": index}, versioned=False)
        if index >= 0:  # (the start has no entry: the focus goes once it is drawn)
            frame.render()  # the entry takes the focus now; the position follows with the host's answer
    return True


def back_to_present(frame):
    """The game as it is now (``[data-action=back-to-present]``, the step past the newest move)."""
    if frame.view is not None:
        frame.shown = frame.view
        frame.render()
