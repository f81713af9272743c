"""The frame's browser side of access.py: the board's pan box kept where the
person left it across redraws, and the live region that tells screen readers
each new move (index.html's #announce, outside the redrawn frame, so it stays
the same element and is read)."""

import js

from . import access, bridge
from .move_window import count_of


def pan_position(root):
    box = bridge.query("[data-board-pan]", root)
    return None if box is None else (box.scrollLeft, box.scrollTop)


def keep_pan(root, position, label):
    """A redraw keeps where the person panned the board; the first one shows its middle."""
    box = bridge.query("[data-board-pan]", root)
    if box is None:
        return
    if box.scrollWidth > box.clientWidth + 1 or box.scrollHeight > box.clientHeight + 1:
        box.setAttribute("tabindex", "0")  # a keyboard can scroll what a finger pans
        box.setAttribute("role", "region")
        box.setAttribute("aria-label", label)
        box.setAttribute("data-pans", "true")  # the whole-board switch shows
    else:
        for name in ("tabindex", "role", "aria-label", "data-pans"):
            box.removeAttribute(name)
    if position is None:
        box.scrollLeft = (box.scrollWidth - box.clientWidth) / 2
    else:
        box.scrollLeft, box.scrollTop = position


def announce(frame, view, past, before):
    """Says a new move from the move list's newest entry; -> what was told (for the next call)."""
    count = count_of(view)
    key = (frame.game, frame.opened)
    told = (key, count)
    region = bridge.by_id("announce")
    if region is None or past is not None or before is None or before[0] != key or count <= before[1]:
        return told
    entry = bridge.query(f'[data-move-index="{count - 1}"]', frame.root)
    if entry is None:
        return told
    parts = [str(e.textContent) for e in bridge.query_all(".entry-text, .where", entry)]
    region.textContent = access.announcement(frame.texts, view, parts)
    return told


# The fields an arrow key walks over: those the board offers now (legal or chosen).
BOARD_FIELDS = access.FIRST_FIELD


def arrow(root, target, key):
    """Moves the focus to the next offered field in the arrow's direction, by where
    the fields stand on screen (a turned or panned board too). -> True if it acted."""
    if root is None or key not in access.ARROWS:
        return False
    fields = bridge.query_all(BOARD_FIELDS, root)
    if not fields:
        return False
    centres = {}
    by_key = {}
    for element in fields:
        box = element.getBoundingClientRect()
        name = str(element.getAttribute("data-cell"))
        centres[name] = (float(box.left) + float(box.width) / 2, float(box.top) + float(box.height) / 2)
        by_key[name] = element
    here = bridge.data(target, "cell") if target is not None else None
    if here is None or here not in by_key:
        return False  # arrows elsewhere (the page, the hand, the move list) keep their own meaning
    chosen = access.step(centres, here, key)
    if chosen is None:
        return True  # the edge of the board: the focus stays, the page does not scroll
    by_key[chosen].focus()
    return True


def scroll_clear(root, target):
    """Scrolls ``target`` to the top of the screen, clear of the sticky status bar."""
    target.scrollIntoView(True)
    bar = bridge.query("[data-status-bar]", root)
    if bar is not None:
        covered = float(bar.getBoundingClientRect().bottom) - float(target.getBoundingClientRect().top)
        if covered > 0 and bar.getBoundingClientRect().left < target.getBoundingClientRect().right:
            js.window.scrollBy(0, -(covered + 8))


def jump(root, selector):
    """Scrolls to ``selector`` (jump_links) and focuses it."""
    target = bridge.query(selector, root) if selector else None
    if target is None:
        return
    scroll_clear(root, target)
    if target.getAttribute("tabindex") is None:
        target.setAttribute("tabindex", "-1")  # focus follows, so the keyboard goes on from there
    target.focus()


def show_offered_fields(root):
    """After a tile is chosen in the hand (below the board on a phone, already
    redrawn by the frame's own click handler, which runs first): when none of
    the fields it may go to is on screen, the board comes into view."""
    fields = bridge.query_all(BOARD_FIELDS, root)
    pan = bridge.query("[data-board-pan]", root)
    if not fields or pan is None:
        return
    bar = bridge.query("[data-status-bar]", root)
    top = float(bar.getBoundingClientRect().bottom) if bar is not None else 0.0
    bottom = float(js.window.innerHeight)
    for field in fields:
        box = field.getBoundingClientRect()
        if float(box.bottom) > top and float(box.top) < bottom:
            return  # one is in sight already: the page stays where the person put it
    scroll_clear(root, pan)


def install(frame):
    """Arrow keys over the board, the pan box kept on resize, the whole-board switch."""
    def on_key(event):
        target = event.target
        typing = target is not None and str(target.tagName).upper() in ("INPUT", "SELECT", "TEXTAREA")
        if frame.on_screen and not typing and arrow(frame.root, target, str(event.key)):
            event.preventDefault()  # arrows walk the board's fields, they do not scroll the page

    def on_resize(event):
        keep_pan(frame.root, pan_position(frame.root), frame.t("access.board_pan"))

    def on_click(event):
        if bridge.closest(event.target, "[data-action='board-fit']") is not None:
            frame.board_fit = not frame.board_fit
            frame.render()
        button = bridge.closest(event.target, "[data-jump]")
        if button is not None and frame.root is not None:
            jump(frame.root, bridge.data(button, "jump"))
        if bridge.closest(event.target, ".hand [data-piece]") is not None and frame.root is not None:
            show_offered_fields(frame.root)

    bridge.listen(bridge.document, "keydown", on_key)
    bridge.listen(bridge.document, "click", on_click)
    bridge.listen(js.window, "resize", on_resize)  # js.window: pyscript's window proxy refuses it
