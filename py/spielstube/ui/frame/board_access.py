"""The frame's browser side of access.py: the board's pan box kept where the
person left it across redraws, the board brought into view when a game opens,
and the live region that tells screen readers
each new move (index.html's #announce, outside the redrawn frame, so it stays
the same element and is read)."""

import js

from ..common import access, bridge
from ..common.move_window import count_of


# A smooth pan under way (pan_to_fields): where it goes and since when. A redraw in
# that time keeps its goal, not the half-way scroll of the box it replaces; the
# pan's end (scrollend) or that redraw ends it, a second at the most.
_pan_goal = {"at": None, "since": 0.0}
PAN_GOAL_MS = 1000


def _end_pan_goal(event=None):
    _pan_goal["at"] = None


_on_pan_end = []  # its one event proxy, made on the first pan


def pan_position(root):
    box = bridge.query("[data-board-pan]", root)
    if box is None:
        return None
    if _pan_goal["at"] is not None and bridge.now() - _pan_goal["since"] < PAN_GOAL_MS:
        return _pan_goal["at"]
    return box.scrollLeft, box.scrollTop


def keep_pan(root, position, label):
    """A redraw keeps where the person panned the board; the first one shows its middle."""
    box = bridge.query("[data-board-pan]", root)
    if box is None:
        return
    if box.scrollWidth > box.clientWidth + 1 or box.scrollHeight > box.clientHeight + 1:
        box.setAttribute("tabindex", "0")  # a keyboard can scroll what a finger pans
        box.setAttribute("role", "region")
        box.setAttribute("aria-label", label)
        box.setAttribute("data-pans", "true")
    else:
        for name in ("tabindex", "role", "aria-label", "data-pans"):
            box.removeAttribute(name)
    # The zoom switch shows where zooming in makes the fields larger (layout.css).
    board = bridge.query(".board", box)
    zoomed = _px(js.window.getComputedStyle(box).getPropertyValue("--board-zoom-w"))
    if board is not None and zoomed and float(board.getBoundingClientRect().width) < zoomed - 1:
        box.setAttribute("data-can-zoom", "true")
    else:
        box.removeAttribute("data-can-zoom")
    if position is None:
        box.scrollLeft = (box.scrollWidth - box.clientWidth) / 2
    else:
        box.scrollLeft, box.scrollTop = position
    _end_pan_goal()  # the new box stands at the goal already


def _px(value):
    text = str(value).strip()
    try:
        return float(text[:-2]) if text.endswith("px") else 0.0
    except ValueError:
        return 0.0


def bring_into_view():
    """The page at its top (a game opened, started, loaded or ended; back from the rules;
    the phone turned): the board, the status above it and the turn's tray below it are
    laid out to fit the screen from there (static/layout.css)."""
    if float(js.window.scrollY) > 0 or float(js.window.scrollX) > 0:
        js.window.scrollTo(0, 0)


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
    """After a piece is chosen (the frame's own click handler, which runs first,
    has redrawn the board): when none of the fields it may go to is on screen,
    the board comes into view (the hand lies below it on a phone), and when
    they lie off to the side in the pan box, the box pans to them. A field in
    sight already keeps the page and the box where the person put them."""
    fields = bridge.query_all(BOARD_FIELDS, root)
    pan = bridge.query("[data-board-pan]", root)
    if not fields or pan is None:
        return
    bar = bridge.query("[data-status-bar]", root)
    top = float(bar.getBoundingClientRect().bottom) if bar is not None else 0.0
    bottom = float(js.window.innerHeight)
    if not any(float(f.getBoundingClientRect().bottom) > top and float(f.getBoundingClientRect().top) < bottom
               for f in fields):
        scroll_clear(root, pan)
        top = float(bar.getBoundingClientRect().bottom) if bar is not None else 0.0
    pan_to_fields(pan, fields, top)


def _rect(element):
    box = element.getBoundingClientRect()
    return float(box.left), float(box.top), float(box.right), float(box.bottom)


def pan_to_fields(pan, fields, top):
    """Pans the box so one of ``fields`` is in its part of the screen below ``top``
    (access.pan_shift); smoothly unless the person asked for reduced motion."""
    left, box_top, right, box_bottom = _rect(pan)
    visible = (max(left, 0.0), max(box_top, top), min(right, float(js.window.innerWidth)),
               min(box_bottom, float(js.window.innerHeight)))
    shift = access.pan_shift(visible, [_rect(f) for f in fields])
    if shift is None or shift == (0, 0):
        return
    calm = bool(js.window.matchMedia("(prefers-reduced-motion: reduce)").matches)
    goal = (min(max(0.0, float(pan.scrollLeft) + shift[0]), float(pan.scrollWidth - pan.clientWidth)),
            min(max(0.0, float(pan.scrollTop) + shift[1]), float(pan.scrollHeight - pan.clientHeight)))
    _pan_goal["at"], _pan_goal["since"] = (None if calm else goal), bridge.now()
    if not calm:
        if not _on_pan_end:
            _on_pan_end.append(bridge.proxy(_end_pan_goal))
        pan.addEventListener("scrollend", _on_pan_end[0], bridge.js_object('{"once": true}'))
    pan.scrollTo(bridge.js_object('{"left": %d, "top": %d, "behavior": "%s"}'
                                  % (round(goal[0]), round(goal[1]), "auto" if calm else "smooth")))


_window = {"width": 0}  # the window's width at the last resize


def install(frame):
    """Arrow keys over the board, the pan box kept on resize, the zoom switch."""
    _window["width"] = int(js.window.innerWidth)
    def on_key(event):
        target = event.target
        typing = target is not None and str(target.tagName).upper() in ("INPUT", "SELECT", "TEXTAREA")
        if frame.on_screen and not typing and arrow(frame.root, target, str(event.key)):
            event.preventDefault()  # arrows walk the board's fields, they do not scroll the page

    def on_resize(event):
        keep_pan(frame.root, pan_position(frame.root), frame.t("access.board_pan"))
        width = int(js.window.innerWidth)
        if width != _window["width"]:  # the phone turned: the board fits the new shape from the top
            _window["width"] = width
            if frame.on_screen:
                bring_into_view()

    def on_click(event):
        if bridge.closest(event.target, "[data-action='board-zoom']") is not None:
            frame.board_zoom = not frame.board_zoom
            frame.render()
        button = bridge.closest(event.target, "[data-jump]")
        if button is not None and frame.root is not None:
            jump(frame.root, bridge.data(button, "jump"))
        if bridge.closest(event.target, "[data-piece]") is not None and frame.root is not None:
            show_offered_fields(frame.root)

    bridge.listen(bridge.document, "keydown", on_key)
    bridge.listen(bridge.document, "click", on_click)
    bridge.listen(js.window, "resize", on_resize)  # js.window: pyscript's window proxy refuses it
