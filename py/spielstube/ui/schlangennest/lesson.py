"""What a lesson marks on the Schlangennest screen (Screen.lesson_targets): the next tap
toward a step's move, from the turn built so far (turn.SnakeTurn.next_tap), as a selector
of what the screen draws: a card in the hand (with its data-colour when a player has two
snakes), a field or a ring's card on the board, Rotate ("the other way" for a ring's turn)
or Lay card. Pure: no browser, no rules.
"""

from . import turn as st


def tap_selector(what, value):
    """The selector of one tap (``SnakeTurn.next_tap``'s answer)."""
    if what == st.TAP_PIECE:
        parts = value.split(":")
        colour = f'[data-colour="{parts[1]}"]' if len(parts) > 1 else ""
        return f'[data-piece="{parts[0]}"]{colour}'
    if what == st.TAP_CELL:
        return f'[data-cell="{value[0]},{value[1]}"]'
    return '[data-action="rotate"]' if what == st.TAP_ROTATE else '[data-action="confirm"]'


def lesson_targets(screen, move):
    """The screen's hook: [] while it is drawn read-only or ``move`` is not offered."""
    tap = None if screen.frozen else screen.turn.next_tap(move)
    return [] if tap is None else [tap_selector(*tap)]
