"""A press that a redraw replaced before its release is still a click.

The game root is drawn anew with every view (render.py). A view that comes between
a press and its release replaces the pressed element, and the browser then sends no
click (an Undo pressed while the computer's move arrived was lost). The element drawn
in its place, under the release, takes the click when it does the same thing.
"""

from ..common import bridge

# What a target does, by its attributes: equal on the pressed and the released one.
KEYS = ("action", "pace", "piece", "cell", "move-index")


def key_of(target):
    return tuple(bridge.data(target, name) for name in KEYS)


def install(targets, activate):
    """``targets``: the selector of what may be clicked; ``activate(target)``: its click."""
    pressed = [None]  # (element, key_of) of the primary pointer's press on a target

    def down(event):
        target = bridge.closest(event.target, targets) if event.button == 0 else None
        pressed[0] = None if target is None else (target, key_of(target))

    def up(event):
        before, pressed[0] = pressed[0], None
        if before is None or before[0].isConnected:
            return  # the browser's own click follows
        target = bridge.closest(event.target, targets)
        if target is not None and key_of(target) == before[1]:
            activate(target)

    bridge.listen(bridge.document, "pointerdown", down)
    bridge.listen(bridge.document, "pointerup", up)
