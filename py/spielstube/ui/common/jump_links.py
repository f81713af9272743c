"""Jump buttons: one tap from the status bar to a part of the screen far below
(Topologic's notebook on a phone) and one tap back to the board.

Buttons, not links: the page's address is its route (#topologic?...), so an
in-page anchor would navigate. The frame's click handler (frame/board_access.py)
scrolls to ``data-jump`` and moves the keyboard focus there. The markup is
pure and runs on CPython and MicroPython."""

from .widgets import esc

# Where "back" goes: the board's box, under the status bar that stays in view.
BOARD = "[data-board-pan]"


def jump_button(texts, target, key, classes="jump"):
    """A button that scrolls to the element ``target`` (a CSS selector) names."""
    return (f'<button type="button" class="{classes}" data-jump="{esc(target)}">'
            f'{esc(texts.t(key))}</button>')


def to_notebook(texts):
    return jump_button(texts, ".topo-notebook", "jump.to_notebook", "jump jump-down")


def back_to_board(texts):
    return jump_button(texts, BOARD, "jump.back_to_board", "jump jump-up")
